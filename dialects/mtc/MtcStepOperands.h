//===- MtcStepOperands.h - what a step rule may ask of the lowering -*- C++ -*-===//
//
// ExecStepOpInterface's rules (MtcSteps.cpp, or an op's ODS) fill a kernel
// op's plan step through this object; the lowering to the execution plan
// (lib/Conversion's StepEmitter) implements it with the planned buffers and
// the plan's parameter ids.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_MTCSTEPOPERANDS_H
#define MTC_MTCSTEPOPERANDS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Value.h"
#include <array>

namespace mtc {
namespace pb {
// The runtime's plan record (runtime/plan/plan.proto, mtc_plan_proto's
// plan.pb.h): only the files that fill steps include it.
class Step;
} // namespace pb

class StepOperands {
public:
  virtual ~StepOperands() = default;
  /// The planned buffer that holds activation `v`.
  virtual int buffer(mlir::Value v) const = 0;
  /// The plan's id of the parameter that `v` reads (an mtc.param_ref).
  virtual int param(mlir::Value v) const = 0;
  /// The plan's id of parameter `sym` (weight-gradient ops name theirs).
  virtual int param(mlir::FlatSymbolRefAttr sym) const = 0;
  /// Cross-entropy's per-row buffers for `logits`: row max, sum of exps,
  /// target logit, and the (sum, count) loss.
  virtual std::array<int, 4> crossEntropyRows(mlir::Value logits) const = 0;
};
} // namespace mtc

#endif // MTC_MTCSTEPOPERANDS_H
