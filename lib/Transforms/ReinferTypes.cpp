//===- ReinferTypes.cpp - re-derive result types after a rewrite ----------===//
#include "ReinferTypes.h"

using namespace mlir;

LogicalResult mtc::reinferTypes(mlir::Block &block, llvm::StringRef pass) {
  for (Operation &op : block) {
    if (auto layer = dyn_cast<LayerOp>(op)) {
      Block &body = layer.getBody().front();
      for (auto [arg, input] : llvm::zip(body.getArguments(), layer.getInputs()))
        arg.setType(input.getType());
      if (failed(reinferTypes(body, pass)))
        return failure();
      auto yield = cast<YieldOp>(body.getTerminator());
      for (auto [result, value] : llvm::zip(layer.getResults(), yield.getValues()))
        result.setType(value.getType());
      continue;
    }
    if (auto infer = dyn_cast<InferTypeOpInterface>(op)) {
      SmallVector<Type> types;
      if (failed(infer.inferReturnTypes(op.getContext(), op.getLoc(), op.getOperands(),
                                        op.getRawDictionaryAttrs(),
                                        op.getPropertiesStorage(), op.getRegions(),
                                        types)))
        return failure();
      for (auto [result, type] : llvm::zip(op.getResults(), types))
        result.setType(type);
      continue;
    }
    if (op.hasTrait<OpTrait::SameOperandsAndResultType>()) {
      for (OpResult result : op.getResults())
        result.setType(op.getOperand(0).getType());
      continue;
    }
    if (op.getNumResults() == 0 || isa<ParamRefOp>(op))
      continue;
    return op.emitOpError("has no shape rule; ")
           << pass << " runs on forward models, before --mtc-autodiff";
  }
  return success();
}
