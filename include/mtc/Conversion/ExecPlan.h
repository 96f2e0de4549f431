//===- ExecPlan.h - from @train_step to the runtime's Plan --------*- C++ -*-===//
#ifndef MTC_CONVERSION_EXECPLAN_H
#define MTC_CONVERSION_EXECPLAN_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "plan.pb.h"

namespace mtc {
/// One activation buffer of the memory plan.
struct PlannedBuffer {
  std::string name;
  bool isInt = false;
  llvm::SmallVector<int64_t> shape;
  int64_t bytes = 0;
  int64_t offset = 0;
  int firstStep = 0, lastStep = 0;
};

/// @train_step's kernels in execution order with their buffers packed.
struct MemoryPlan {
  llvm::SmallVector<PlannedBuffer> buffers;
  int numSteps = 0;
  int64_t activationPeakBytes = 0;
  int64_t arenaBytes = 0;
  int64_t paramElements = 0;
};

/// Orders the kernels of @train_step (layer regions inlined), computes every
/// activation's lifetime and packs the buffers into one arena.
llvm::FailureOr<MemoryPlan> planMemory(mlir::ModuleOp module);

/// Translates the whole training step into the runtime's Plan.
llvm::FailureOr<pb::Plan> buildExecPlan(mlir::ModuleOp module);
} // namespace mtc

#endif // MTC_CONVERSION_EXECPLAN_H
