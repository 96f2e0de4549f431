//===- ExpertParallel.cpp - experts spread over ep ranks, all-to-all -----===//
//
// Megatron-Core's expert parallelism with the alltoall token dispatcher: the
// ep ranks of an expert group (RankGrid) each hold E/ep experts and route
// their own tokens; after the permutation, the rows travel to the ranks of
// their experts and back. Only the expert weights and the rows between the
// two exchanges change shape, so the pass slices the weights, inserts the
// exchanges and re-derives the types in between.
//
//===----------------------------------------------------------------------===//
#include "ReinferTypes.h"
#include "mtc/MtcDiagnostics.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

namespace mtc {
#define GEN_PASS_DEF_EXPERTPARALLEL
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
struct ExpertParallelPass : mtc::impl::ExpertParallelBase<ExpertParallelPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    ParallelAttr parallel = getParallelAttr(module);
    auto forward = module.lookupSymbol<func::FuncOp>("forward");
    if (!parallel || !forward || forward.isExternal()) {
      emitModuleError(module) << "--mtc-expert-parallel needs 'mtc.parallel' (run "
                                 "--mtc-verify-config=ep=N first) and a @forward function with "
                                 "a body";
      return signalPassFailure();
    }
    const int64_t ep = parallel.getEp();
    if (ep == 1)
      return;
    if (parallel.getTp() > 1 || parallel.getCp() > 1) {
      emitModuleError(module, kParallelAttrName)
          << "expert parallelism with tensor or context parallelism is not built yet "
             "(docs/moe.md): use tp = cp = 1 with ep = "
          << ep;
      return signalPassFailure();
    }
    SmallVector<MoeDispatchOp> dispatches;
    forward.walk([&](MoeDispatchOp d) { dispatches.push_back(d); });
    if (dispatches.empty()) {
      emitModuleError(module) << "--mtc-expert-parallel: ep " << ep
                              << " needs mixture-of-experts layers; this model has none";
      return signalPassFailure();
    }

    // The expert weights: this rank's E/ep experts of each.
    llvm::StringSet<> experts;
    forward.walk([&](GroupedLinearOp g) {
      if (auto ref = g.getWeight().getDefiningOp<ParamRefOp>())
        experts.insert(ref.getParam());
    });
    llvm::StringMap<RankedTensorType> local;
    for (ParamOp p : module.getOps<ParamOp>()) {
      if (!experts.contains(p.getSymName()))
        continue;
      if (p.getSplitDim() || p.getFullShape()) {
        p.emitOpError("is already split; run --mtc-expert-parallel once, on the model "
                      "mtc-import wrote");
        return signalPassFailure();
      }
      RankedTensorType type = p.getTensorType();
      SmallVector<int64_t> shape(type.getShape());
      if (shape[0] % ep != 0) {
        p.emitOpError("holds ") << shape[0] << " experts, which ep " << ep << " does not divide";
        return signalPassFailure();
      }
      shape[0] /= ep;
      p.setFullShapeAttr(DenseI64ArrayAttr::get(p.getContext(), type.getShape()));
      p.setSplitDimAttr(IntegerAttr::get(IntegerType::get(p.getContext(), 64), 0));
      p.setExpertSplit(true);
      local[p.getSymName()] = RankedTensorType::get(shape, type.getElementType());
      p.setType(local[p.getSymName()]);
    }
    module.walk([&](ParamRefOp ref) {
      auto it = local.find(ref.getParam());
      if (it != local.end())
        ref.getResult().setType(it->second);
    });

    // Each layer: counts, then rows to the experts' ranks after the
    // permutation; the grouped GEMMs on them with the local counts; the
    // outputs back before the combine.
    for (MoeDispatchOp dispatch : dispatches) {
      OpBuilder b(dispatch->getContext());
      b.setInsertionPointAfter(dispatch);
      auto counts = EpCountsOp::create(b, dispatch.getLoc(), dispatch.getKept(),
                                       b.getI64IntegerAttr(ep));
      for (Operation *user : llvm::to_vector(dispatch.getEntryOf().getUsers())) {
        if (auto permute = dyn_cast<MoePermuteOp>(user)) {
          b.setInsertionPointAfter(permute);
          auto sent = EpDispatchOp::create(b, permute.getLoc(), permute.getResult(),
                                           counts.getAllKept(), b.getI64IntegerAttr(ep));
          permute.getResult().replaceAllUsesExcept(sent.getResult(), sent);
        } else if (auto combine = dyn_cast<MoeCombineOp>(user)) {
          b.setInsertionPoint(combine);
          auto back = EpCombineOp::create(b, combine.getLoc(), combine.getInput(),
                                          counts.getAllKept(), b.getI64IntegerAttr(ep));
          combine.getInputMutable().assign(back.getResult());
        }
      }
      for (Operation *user : llvm::to_vector(dispatch.getKept().getUsers()))
        if (auto grouped = dyn_cast<GroupedLinearOp>(user))
          grouped.getKeptMutable().assign(counts.getLocalKept());
    }
    // The types between the exchanges: ep times the rows, E/ep experts.
    forward.walk([&](LayerOp layer) {
      if (failed(reinferTypes(layer.getBody().front(), "--mtc-expert-parallel")))
        signalPassFailure();
    });
  }
};
} // namespace
