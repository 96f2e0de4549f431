//===- SequenceParallel.cpp - g -> reduce-scatter, f -> all-gather --------===//
//
// Korthikanti et al. 2022. After --mtc-tensor-parallel every value between a
// g and the next f is replicated on all t ranks. Replacing each g by a
// reduce-scatter along the sequence and each f by an all-gather moves the same
// bytes (an all-reduce is a reduce-scatter plus an all-gather) but leaves
// layer norms, biases, dropout and residuals working on [b, s/t, h] shards.
// Their parameters stay replicated, but each rank's gradient now covers only
// its shard of the sequence: they are marked `tensor_grad_reduce`.
//
//===----------------------------------------------------------------------===//
#include "ReinferTypes.h"
#include "TensorParallelRules.h"
#include "mtc/MtcDiagnostics.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSet.h"

namespace mtc {
#define GEN_PASS_DEF_SEQUENCEPARALLEL
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
void propagateShards(Block &block, DenseSet<Value> &sharded, llvm::StringSet<> &partial,
                     SmallVectorImpl<FirstTokenOp> &firstTokens) {
  for (Operation &op : block) {
    if (auto layer = dyn_cast<LayerOp>(op)) {
      Block &body = layer.getBody().front();
      for (auto [arg, input] : llvm::zip(body.getArguments(), layer.getInputs()))
        if (sharded.contains(input))
          sharded.insert(arg);
      propagateShards(body, sharded, partial, firstTokens);
      for (auto [result, yielded] :
           llvm::zip(layer.getResults(), body.getTerminator()->getOperands()))
        if (sharded.contains(yielded))
          sharded.insert(result);
      continue;
    }
    if (isa<TpGatherOp>(op))
      continue;
    bool onShard = isa<TpScatterOp>(op) || llvm::any_of(op.getOperands(), [&](Value v) {
                     return sharded.contains(v);
                   });
    if (!onShard)
      continue;
    for (Value operand : op.getOperands())
      if (auto ref = operand.getDefiningOp<ParamRefOp>())
        partial.insert(ref.getParam());
    if (auto first = dyn_cast<FirstTokenOp>(op)) {
      firstTokens.push_back(first);
      continue;
    }
    for (Value result : op.getResults())
      sharded.insert(result);
  }
}

struct SequenceParallelPass : mtc::impl::SequenceParallelBase<SequenceParallelPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto forward = module.lookupSymbol<func::FuncOp>("forward");
    // t is what the parameters were split by; mtc.parallel, when the layout
    // has been checked, must agree.
    int64_t t = tensorSplitSize(module);
    ParallelAttr parallel = getParallelAttr(module);
    if (!forward || t < 2) {
      emitModuleError(module) << "--mtc-sequence-parallel needs a @forward function "
                                 "split by --mtc-tensor-parallel (size > 1) first";
      return signalPassFailure();
    }
    if (parallel && parallel.getTp() != t) {
      emitModuleError(module, kParallelAttrName)
          << "tp = " << parallel.getTp() << " contradicts the parameters, which are split " << t
          << " ways; record the split with --mtc-verify-config=tp=" << t;
      return signalPassFailure();
    }
    ModelAttr model = getModelAttr(module);
    if (model && failed(checkSequenceParallelSplit(module, model, t)))
      return signalPassFailure();

    SmallVector<Operation *> collectives;
    forward.walk([&](Operation *op) {
      if (isa<TpCopyOp, TpReduceOp>(op))
        collectives.push_back(op);
    });
    for (Operation *op : collectives) {
      OpBuilder b(op);
      Value in = op->getOperand(0);
      auto size = b.getI64IntegerAttr(t);
      // Result types are placeholders until the re-inference below.
      Value replacement =
          isa<TpReduceOp>(op)
              ? TpScatterOp::create(b, op->getLoc(), in.getType(), in, size).getResult()
              : TpGatherOp::create(b, op->getLoc(), in.getType(), in, size).getResult();
      op->getResult(0).replaceAllUsesWith(replacement);
      op->erase();
    }
    if (failed(reinferTypes(forward.getBody().front(), "--mtc-sequence-parallel")))
      return signalPassFailure();
    if (parallel && !parallel.getSequenceParallel())
      module->setAttr(kParallelAttrName,
                      ParallelAttr::get(&getContext(), parallel.getTp(), parallel.getPp(),
                                        parallel.getVp(), parallel.getDp(),
                                        parallel.getMicroBatch(), parallel.getGlobalBatch(), 1,
                                        parallel.getCp(), parallel.getEp()));

    // Which values are sequence shards: what a reduce-scatter makes and all
    // that is computed from it, up to an all-gather or BERT's [CLS] pick.
    // Replicated parameters read there get partial gradients.
    llvm::StringSet<> partial;
    DenseSet<Value> sharded;
    SmallVector<FirstTokenOp> firstTokens;
    propagateShards(forward.getBody().front(), sharded, partial, firstTokens);
    for (ParamOp p : module.getOps<ParamOp>())
      if (partial.contains(p.getSymName()) && !p.getSplitDimAttr())
        p.setTensorGradReduce(true);

    // [CLS] lives on the first shard: that rank picks it, the others give
    // zeros, and an all-reduce hands it to all (its gradient, the identity,
    // reaches position 0 on the first rank only).
    for (FirstTokenOp first : firstTokens) {
      first.setSequenceShard(true);
      OpBuilder b(first);
      b.setInsertionPointAfter(first);
      auto reduce = TpReduceOp::create(b, first.getLoc(), first.getResult());
      first.getResult().replaceAllUsesExcept(reduce.getResult(), reduce);
    }
  }
};
} // namespace
