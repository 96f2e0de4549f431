//===- MtcGradient.h - what a gradient rule may ask of autodiff -*- C++ -*-===//
//
// DifferentiableOpInterface's rules (MtcGradients.cpp) build the backward
// ops through this object; --mtc-autodiff implements it once for the
// top-level function and once per transformer layer.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_MTCGRADIENT_H
#define MTC_MTCGRADIENT_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mtc {
class GradientBuilder {
public:
  virtual ~GradientBuilder() = default;
  /// Inserts at the backward side's current position.
  virtual mlir::OpBuilder &builder() = 0;
  /// The gradient of forward value `v` so far (null: it reaches no loss).
  virtual mlir::Value gradOf(mlir::Value v) = 0;
  /// Adds `grad` to forward value `v`'s gradient.
  virtual void addGrad(mlir::Value v, mlir::Value grad) = 0;
  /// Forward value `v` as the backward side may read it.
  virtual mlir::Value save(mlir::Value v) = 0;
  /// The parameter `operand` of `user` reads (it must be an mtc.param_ref).
  virtual mlir::FailureOr<mlir::FlatSymbolRefAttr> paramOf(mlir::Operation *user,
                                                           mlir::Value operand) = 0;
  /// The parameter `operand` reads, read again on the backward side.
  virtual mlir::Value reread(mlir::Value operand) = 0;
};
} // namespace mtc

#endif // MTC_MTCGRADIENT_H
