//===- Optimizer.cpp - attach AdamW and its schedule ----------------------===//
#include "mtc/Transforms/Passes.h"

#include "mlir/IR/Builders.h"

namespace mtc {
#define GEN_PASS_DEF_OPTIMIZER
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
struct OptimizerPass : mtc::impl::OptimizerBase<OptimizerPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (AdamWOp old : llvm::make_early_inc_range(module.getOps<AdamWOp>()))
      old.erase();
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    auto f = [&](double v) { return b.getF64FloatAttr(v); };
    auto op = AdamWOp::create(b, module.getLoc(), f(lr), f(minLr),
                              b.getI64IntegerAttr(warmupSteps),
                              b.getI64IntegerAttr(decaySteps), f(beta1),
                              f(beta2), f(eps), f(weightDecay), f(clipGrad),
                              b.getStringAttr(decayStyle), b.getI64IntegerAttr(wsdDecaySteps),
                              b.getStringAttr(wsdDecayStyle));
    if (failed(op.verify()))
      return signalPassFailure();
  }
};
} // namespace
