//===- SetShape.cpp - re-shape a model to a micro-batch and sequence ------===//
#include "ReinferTypes.h"
#include "mtc/MtcDiagnostics.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mtc {
#define GEN_PASS_DEF_SETSHAPE
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
struct SetShapePass : mtc::impl::SetShapeBase<SetShapePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    ModelAttr model = getModelAttr(module);
    auto forward = module.lookupSymbol<func::FuncOp>("forward");
    if (!model || !forward || forward.isExternal()) {
      emitModuleError(module) << "--mtc-set-shape needs an 'mtc.model' attribute and a "
                                 "@forward function with a body";
      return signalPassFailure();
    }
    int64_t b = microBatch ? microBatch : model.getMicroBatch();
    int64_t s = seq ? seq : model.getSeq();
    if (b < 1 || s < 1 || b > kMaxSize || s > kMaxSize) {
      emitModuleError(module) << "micro-batch (" << b << ") and sequence length (" << s
                              << ") must be between 1 and " << kMaxSize;
      return signalPassFailure();
    }
    if (s > model.getPositions()) {
      emitModuleError(module, kModelAttrName)
          << "seq " << s << " exceeds the model's " << model.getPositions()
          << " positions; use seq <= " << model.getPositions()
          << ", or re-import with --max-position-embeddings " << s;
      return signalPassFailure();
    }
    // The new shape's sizes (logits, activations) must fit in int64.
    ModelAttr reshaped = model.withShape([&] { return emitModuleError(module); }, s, b);
    if (!reshaped)
      return signalPassFailure();
    Block &entry = forward.getBody().front();
    for (BlockArgument arg : entry.getArguments()) {
      auto type = llvm::dyn_cast<RankedTensorType>(arg.getType());
      SmallVector<int64_t> shape = inputShape(inputRole(forward, arg.getArgNumber()), b, s);
      if (!type || shape.empty()) {
        forward.emitError("@forward argument ")
            << arg.getArgNumber() << " is not a micro-batch input (mtc.input)";
        return signalPassFailure();
      }
      arg.setType(RankedTensorType::get(shape, type.getElementType()));
    }
    if (failed(reinferTypes(entry, "--mtc-set-shape")))
      return signalPassFailure();
    forward.setFunctionType(FunctionType::get(
        &getContext(), entry.getArgumentTypes(),
        entry.getTerminator()->getOperandTypes()));
    module->setAttr(kModelAttrName, reshaped);
  }
};
} // namespace
