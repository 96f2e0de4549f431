//===- DistributedOptimizer.cpp - ZeRO-1 and the training-state memory ----===//
//
// --mtc-distributed-optimizer shards the fp32 master weights and the AdamW
// moments over the data-parallel group (Megatron-LM's distributed optimizer,
// ZeRO stage 1). The pass records the choice and the bytes of training state
// per parameter element on the module (`mtc.training_state`); the runtime's
// ZeroOptimizer does the reduce-scatter, shard update and all-gather.
//
// Bytes per parameter element (Megatron-LM's table): low-precision compute
// copy 2 + fp32 gradient 4 + fp32 master 4 + moments 8 = 18, or with the
// distributed optimizer 2 + 4 + 12/d. In fp32 the parameters are the master
// weights: 4 + 4 + 8 = 16, or 8 + 8/d.
//
//===----------------------------------------------------------------------===//
#include "TrainingState.h"
#include "mtc/Plan/CheckedMath.h"

#include "mtc/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mtc {
#define GEN_PASS_DEF_DISTRIBUTEDOPTIMIZER
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;

namespace mtc {

FailureOr<TrainingState> readTrainingState(ModuleOp module) {
  TrainingState state;
  if (auto par = module->getAttrOfType<ParallelAttr>("mtc.parallel"))
    state.dataParallel = std::max<int64_t>(1, par.getDp());
  // 16 bytes of training state per element must fit in int64 (each
  // mtc.param's bytes do: its verifier checks them).
  for (ParamOp p : module.getOps<ParamOp>()) {
    Result<int64_t> sum = addParamElements(state.elements, p.getNumElements());
    if (!sum) {
      p.emitOpError() << sum.error();
      return failure();
    }
    state.elements = *sum;
  }
  auto dict = module->getAttrOfType<DictionaryAttr>("mtc.training_state");
  if (!dict)
    return state;
  if (auto p = dict.getAs<StringAttr>("precision"))
    state.precision = p.getValue().str();
  if (auto z = dict.getAs<BoolAttr>("distributed_optimizer"))
    state.distributedOptimizer = z.getValue();
  if (auto b = dict.getAs<IntegerAttr>("bucket_bytes"))
    state.bucketBytes = b.getInt();
  return state;
}

void writeTrainingState(ModuleOp module, const TrainingState &state) {
  Builder b(module.getContext());
  TrainingStateBytes bytes = state.bytes();
  SmallVector<NamedAttribute> attrs = {
      b.getNamedAttr("precision", b.getStringAttr(state.precision)),
      b.getNamedAttr("distributed_optimizer", b.getBoolAttr(state.distributedOptimizer)),
      b.getNamedAttr("data_parallel", b.getI64IntegerAttr(state.dataParallel)),
      b.getNamedAttr("bucket_bytes", b.getI64IntegerAttr(state.bucketBytes)),
      b.getNamedAttr("param_bytes", b.getI64IntegerAttr(bytes.params)),
      b.getNamedAttr("grad_bytes", b.getI64IntegerAttr(bytes.grads)),
      b.getNamedAttr("master_bytes", b.getI64IntegerAttr(bytes.master)),
      b.getNamedAttr("optimizer_bytes", b.getI64IntegerAttr(bytes.optimizer)),
      b.getNamedAttr("bytes_per_param", b.getF64FloatAttr(bytes.perParam))};
  module->setAttr("mtc.training_state", b.getDictionaryAttr(attrs));
}

void printTrainingState(llvm::raw_ostream &os, const TrainingState &state) {
  TrainingStateBytes bytes = state.bytes();
  os << "training state: " << state.precision << " parameters, fp32 gradients, "
     << (state.distributedOptimizer ? "distributed optimizer over " : "replicated optimizer, ")
     << (state.distributedOptimizer ? std::to_string(state.dataParallel) + " data ranks"
                                    : "data-parallel " + std::to_string(state.dataParallel))
     << "\n";
  os << "  bytes per parameter: " << llvm::format("%.4g", bytes.perParam) << " (params "
     << bytes.paramBytesPerElement() << " + grads 4 + master "
     << llvm::format("%.4g", bytes.masterPerElement) << " + optimizer "
     << llvm::format("%.4g", bytes.optimizerPerElement) << ")\n";
  os << "  per rank: params " << bytes.params << " B, grads " << bytes.grads << " B, master "
     << bytes.master << " B, optimizer " << bytes.optimizer << " B\n";
}

} // namespace mtc

namespace {
struct DistributedOptimizerPass
    : mtc::impl::DistributedOptimizerBase<DistributedOptimizerPass> {
  using DistributedOptimizerBase::DistributedOptimizerBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto state = mtc::readTrainingState(module);
    if (failed(state))
      return signalPassFailure();
    state->distributedOptimizer = true;
    mtc::writeTrainingState(module, *state);
    if (report)
      mtc::printTrainingState(llvm::outs(), *state);
  }
};
} // namespace
