//===- PlanMemory.cpp - activation buffers, lifetimes, predicted peak -----===//
#include "mtc/Conversion/ExecPlan.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "llvm/Support/Format.h"

namespace mtc {
#define GEN_PASS_DEF_PLANMEMORY
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
struct PlanMemoryPass : mtc::impl::PlanMemoryBase<PlanMemoryPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<MemoryPlan> plan = planMemory(module);
    if (failed(plan))
      return signalPassFailure();
    int64_t params = plan->paramElements;
    Builder b(&getContext());
    auto fn = module.lookupSymbol<func::FuncOp>("train_step");
    fn->setAttr("mtc.memory",
                b.getDictionaryAttr({
                    b.getNamedAttr("activation_peak_bytes",
                                   b.getI64IntegerAttr(plan->activationPeakBytes)),
                    b.getNamedAttr("arena_bytes", b.getI64IntegerAttr(plan->arenaBytes)),
                    b.getNamedAttr("buffers", b.getI64IntegerAttr(plan->buffers.size())),
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
          plan->numSteps, plan->buffers.size(), mib(plan->activationPeakBytes),
          mib(plan->arenaBytes), mib(4 * params), mib(4 * params),
          mib(8 * params));
    }
    markAllAnalysesPreserved();
  }
};
} // namespace
