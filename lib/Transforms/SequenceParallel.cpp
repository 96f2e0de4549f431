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
struct SequenceParallelPass : mtc::impl::SequenceParallelBase<SequenceParallelPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto forward = module.lookupSymbol<func::FuncOp>("forward");
    auto sizeAttr = module->getAttrOfType<IntegerAttr>("mtc.tp_size");
    if (!forward || !sizeAttr) {
      emitError(module.getLoc(), "--mtc-sequence-parallel needs a @forward function "
                                 "split by --mtc-tensor-parallel (size > 1) first");
      return signalPassFailure();
    }
    int64_t t = sizeAttr.getInt();
    ModelAttr model = getModelAttr(module);
    if (model && model.getSeq() % t != 0) {
      emitError(module.getLoc()) << "sequence length (" << model.getSeq()
                                 << ") is not divisible by the tensor-parallel size ("
                                 << t << ") for sequence parallelism";
      return signalPassFailure();
    }

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

    // Replicated parameters read on sequence shards: gradients are partial.
    llvm::StringSet<> partial;
    auto mark = [&](Value v) {
      if (auto ref = v.getDefiningOp<ParamRefOp>())
        partial.insert(ref.getParam());
    };
    forward.walk([&](Operation *op) {
      if (auto ln = dyn_cast<LayerNormOp>(op)) {
        mark(ln.getWeight());
        mark(ln.getBias());
      } else if (auto bias = dyn_cast<BiasAddOp>(op)) {
        mark(bias.getBias());
      }
    });
    for (ParamOp p : module.getOps<ParamOp>())
      if (partial.contains(p.getSymName()))
        p.setTensorGradReduce(true);
  }
};
} // namespace
