//===- PlanMemory.cpp - activation buffers, lifetimes, predicted peak -----===//
#include "PlanBuilding.h"
#include "mtc/Plan/CheckedMath.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "llvm/Support/Format.h"

namespace mtc {
#define GEN_PASS_DEF_PLANMEMORY
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
/// Parameter elements of the module. Every mtc.param's bytes fit in int64
/// (its verifier checks them); their sum and the 16 bytes of training state
/// per element must too.
FailureOr<int64_t> paramElements(ModuleOp module) {
  int64_t elements = 0;
  for (ParamOp p : module.getOps<ParamOp>()) {
    Result<int64_t> sum = checkedSum(elements, p.getNumElements(), "parameter elements");
    Result<int64_t> state =
        sum ? checkedProduct({{"parameter elements", *sum}, {"16 bytes", 16}}) : sum;
    if (!state)
      return p.emitOpError() << state.error();
    elements = *sum;
  }
  return elements;
}

struct PlanMemoryPass : mtc::impl::PlanMemoryBase<PlanMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Kept for the lowering: the plan it writes uses these very buffers.
    const TrainStepMemory &memory = getAnalysis<TrainStepMemory>();
    if (!memory.ok)
      return signalPassFailure();
    FailureOr<int64_t> elements = paramElements(module);
    if (failed(elements))
      return signalPassFailure();
    const MemoryPlan &plan = memory.plan;
    int64_t params = *elements;
    Builder b(&getContext());
    memory.fn->setAttr("mtc.memory",
                       b.getDictionaryAttr({
                           b.getNamedAttr("activation_peak_bytes",
                                          b.getI64IntegerAttr(plan.activationPeakBytes)),
                           b.getNamedAttr("arena_bytes", b.getI64IntegerAttr(plan.arenaBytes)),
                           b.getNamedAttr("buffers", b.getI64IntegerAttr(plan.buffers.size())),
                           b.getNamedAttr("param_bytes", b.getI64IntegerAttr(4 * params)),
                           b.getNamedAttr("grad_bytes", b.getI64IntegerAttr(4 * params)),
                           b.getNamedAttr("optimizer_bytes", b.getI64IntegerAttr(8 * params)),
                       }));
    if (report) {
      auto mib = [](int64_t bytes) { return bytes / 1048576.0; };
      llvm::outs() << llvm::format(
          "memory plan: %d steps, %zu buffers\n"
          "  activations: peak %.2f MiB live, arena %.2f MiB\n"
          "  parameters %.2f MiB, gradients %.2f MiB, AdamW state %.2f MiB\n",
          plan.numSteps, plan.buffers.size(), mib(plan.activationPeakBytes),
          mib(plan.arenaBytes), mib(4 * params), mib(4 * params), mib(8 * params));
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
