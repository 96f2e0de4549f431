//===- AutoPlan.h - mtc-compile --plan=auto's layout choice -----*- C++ -*-===//
//
// --plan=auto asks the planner (the one mtc-plan runs) for the fastest layout
// of the model that fits the GPUs, and compiles that instead of the layout
// flags. Kept apart from the driver so the choice can be tested without
// writing or building anything.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_COMPILER_AUTOPLAN_H
#define MTC_COMPILER_AUTOPLAN_H

#include "mtc/Compiler/CompilePipeline.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mtc {
/// What --plan=auto plans for (mtc-compile's --gpus, --gpus-per-node, --gpu).
struct AutoPlanRequest {
  int gpus = 0;
  int gpusPerNode = 0; ///< 0: the device's system's node size
  std::string device = "a100-80gb"; ///< a preset of mtc/Plan/Device.h
};

/// The planner's fastest layout that fits, as options to compile.
struct AutoPlanChoice {
  /// The options given, with t, p, v, d, the micro-batch, recomputation,
  /// sequence parallelism, the distributed optimizer, the schedule and the
  /// layers per chunk replaced by the layout's.
  CompileOptions options;
  std::string summary;       ///< the layout, as "t=2 p=1 v=1 d=2 b=8 ..."
  double iterationTime = 0;  ///< predicted seconds per iteration
};

/// Chooses the layout of `module`'s model (its #mtc.model) for `request` and
/// options.globalBatch (options.seq, when set, replaces the model's). The
/// error names mtc-compile's flag at fault, or says why no layout fits.
llvm::Expected<AutoPlanChoice> chooseAutoPlan(mlir::ModuleOp module,
                                              const CompileOptions &options,
                                              const AutoPlanRequest &request);
} // namespace mtc

#endif // MTC_COMPILER_AUTOPLAN_H
