//===- WeightGradSplit.cpp - B/W split of the backward by use-def ---------===//
#include "WeightGradSplit.h"
#include "mtc/MtcOps.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace mtc {

namespace {
bool inBackwardPass(Block &body, Operation *op) {
  Operation *top = body.findAncestorOpInBlock(*op);
  return top && top->hasAttr("mtc.backward_pass");
}
} // namespace

int labelWeightGradOps(func::FuncOp fn) {
  Block &body = fn.getBody().front();
  llvm::DenseSet<Operation *> onPath;
  SmallVector<Value> work;
  fn.walk([&](PipelineSendOp send) {
    if (send.getGradient() && inBackwardPass(body, send)) {
      onPath.insert(send);
      work.push_back(send.getValue());
    }
  });
  llvm::DenseSet<Value> seen;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      // A layer region's argument is the layer's operand.
      if (auto layer = dyn_cast<LayerOp>(arg.getOwner()->getParentOp()))
        work.push_back(layer.getInputs()[arg.getArgNumber()]);
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (!inBackwardPass(body, def))
      continue; // saved activations and parameters: produced by the forward
    onPath.insert(def);
    if (auto layer = dyn_cast<LayerOp>(def)) {
      auto yield = cast<YieldOp>(layer.getBody().front().getTerminator());
      work.push_back(yield.getValues()[cast<OpResult>(v).getResultNumber()]);
      continue;
    }
    for (Value operand : def->getOperands())
      work.push_back(operand);
  }
  int labelled = 0;
  for (Operation &top : body) {
    if (!top.hasAttr("mtc.backward_pass"))
      continue;
    top.walk([&](Operation *op) {
      // Layers and their terminators are containers, not kernels; a
      // gradient receive is posted before B whatever reads it.
      if (isa<LayerOp, YieldOp, PipelineRecvOp, PipelineSendOp>(op) || onPath.contains(op))
        return;
      op->setAttr(kWeightGradAttr, UnitAttr::get(op->getContext()));
      ++labelled;
    });
  }
  return labelled;
}

} // namespace mtc
