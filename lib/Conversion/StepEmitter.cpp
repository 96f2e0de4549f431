//===- StepEmitter.cpp - one plan step per kernel op ----------------------===//
//
// Each kernel op fills its own step (ExecStepOpInterface, MtcSteps.cpp); the
// emitter resolves the buffers and parameter ids the op names.
//
//===----------------------------------------------------------------------===//
#include "PlanBuilding.h"

using namespace mlir;
using namespace mtc;

LogicalResult mtc::StepEmitter::emit(Operation *op, pb::Step &step) {
  if (auto kernel = dyn_cast<ExecStepOpInterface>(op))
    return kernel.emitStep(*this, step);
  return op->emitOpError("has no kernel in the execution plan");
}

std::string mtc::stepLocation(Operation *op, StringRef layer) {
  std::string s = layer.empty() ? "" : (layer + "/").str();
  s += op->getName().stripDialect().str();
  for (Value operand : op->getOperands())
    if (auto ref = operand.getDefiningOp<ParamRefOp>()) {
      s += " " + ref.getParam().str();
      break;
    }
  return s;
}
