//===- ContextParallel.cpp - every sequence split over cp ranks -----------===//
//
// Megatron-LM's context parallelism as a rewrite of the forward model: the
// micro-batch inputs shrink to each rank's seq / cp tokens, every shape
// follows, and attention becomes attention over the whole sequence with
// key/value blocks passed around the ring (`context_parallel`). Nothing else
// in the model needs to know: norms, linears and the MLP work token by
// token, and the runtime places what depends on positions (ContextSplit's
// layout; BERT's [CLS] pick is context rank 0's, shared with the others).
// The checks here are the layout's: one split for all layers, a sequence it
// divides.
//
//===----------------------------------------------------------------------===//
#include "ReinferTypes.h"
#include "mtc/MtcDiagnostics.h"
#include "mtc/Plan/ContextSplit.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace mtc {
#define GEN_PASS_DEF_CONTEXTPARALLEL
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
struct ContextParallelPass : mtc::impl::ContextParallelBase<ContextParallelPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    ModelAttr model = getModelAttr(module);
    ParallelAttr parallel = getParallelAttr(module);
    auto forward = module.lookupSymbol<func::FuncOp>("forward");
    if (!model || !parallel || !forward || forward.isExternal()) {
      emitModuleError(module) << "--mtc-context-parallel needs 'mtc.model', 'mtc.parallel' "
                                 "(run --mtc-verify-config=cp=N first) and a @forward function "
                                 "with a body";
      return signalPassFailure();
    }
    const int64_t cp = parallel.getCp();
    if (cp == 1)
      return;
    // docs/moe.md, "Still to build": routing a sequence split over cp ranks.
    if (WalkResult found = forward.walk([&](MoeRouteOp route) {
          route.emitOpError("is in a mixture-of-experts layer, which context parallelism "
                            "does not split yet: use --context-parallel-size 1");
          return WalkResult::interrupt();
        });
        found.wasInterrupted())
      return signalPassFailure();

    SmallVector<AttentionOp> attentions;
    bool ok = true;
    forward.walk([&](AttentionOp attention) { attentions.push_back(attention); });
    if (attentions.empty()) {
      emitModuleError(module) << "--mtc-context-parallel splits attention's sequence, and "
                                 "@forward has no mtc.attention";
      return signalPassFailure();
    }
    const bool causal = attentions.front().getCausal();
    for (AttentionOp attention : attentions) {
      if (attention.getContextParallel() != 1) {
        attention.emitError() << "is already split over " << attention.getContextParallel()
                              << " context ranks";
        ok = false;
      } else if (attention.getCausal() != causal) {
        attention.emitError() << "is " << (attention.getCausal() ? "causal" : "bidirectional")
                              << " and the first attention is not: context parallelism lays "
                                 "out each sequence one way for every layer";
        ok = false;
      }
    }
    if (!ok)
      return signalPassFailure();
    Result<ContextSplit> split = ContextSplit::create(model.getSeq(), static_cast<int>(cp), causal);
    if (!split) {
      emitModuleError(module, kModelAttrName)
          << split.error() << "; choose a seq that " << (causal ? 2 * cp : cp) << " divides";
      return signalPassFailure();
    }

    // Each rank's seq / cp tokens of every sample; the shapes follow.
    Block &entry = forward.getBody().front();
    for (BlockArgument arg : entry.getArguments()) {
      auto type = llvm::dyn_cast<RankedTensorType>(arg.getType());
      SmallVector<int64_t> shape = inputShape(inputRole(forward, arg.getArgNumber()),
                                              model.getMicroBatch(), split->localSeq());
      if (!type || shape.empty()) {
        forward.emitError("@forward argument ")
            << arg.getArgNumber() << " is not a micro-batch input (mtc.input)";
        return signalPassFailure();
      }
      if (type.getShape() != ArrayRef<int64_t>(inputShape(inputRole(forward, arg.getArgNumber()),
                                                          model.getMicroBatch(),
                                                          model.getSeq()))) {
        forward.emitError("@forward argument ")
            << arg.getArgNumber() << " is not shaped for the model's micro-batch "
            << model.getMicroBatch() << " and seq " << model.getSeq()
            << " (run --mtc-set-shape first)";
        return signalPassFailure();
      }
      arg.setType(RankedTensorType::get(shape, type.getElementType()));
    }
    Builder b(&getContext());
    for (AttentionOp attention : attentions)
      attention.setContextParallelAttr(b.getI64IntegerAttr(cp));
    if (failed(reinferTypes(entry, "--mtc-context-parallel")))
      return signalPassFailure();
    forward.setFunctionType(FunctionType::get(&getContext(), entry.getArgumentTypes(),
                                              entry.getTerminator()->getOperandTypes()));
  }
};
} // namespace
