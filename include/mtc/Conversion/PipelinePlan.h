//===- PipelinePlan.h - one runtime plan per pipeline stage -----*- C++ -*-===//
#ifndef MTC_CONVERSION_PIPELINEPLAN_H
#define MTC_CONVERSION_PIPELINEPLAN_H

#include "mtc/Plan/Schedule.h"
#include "mtc/Plan/ScheduleCheck.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"
#include "plan.pb.h"

namespace mtc {
/// The schedule --mtc-pipeline-schedule recorded on the module.
llvm::FailureOr<PipelineSchedule> readPipelineSchedule(mlir::ModuleOp module);

/// The schedule a plan runs, from its stage plans' step lists (a plan
/// without stage plans runs its micro-batches one after another on one
/// stage).
Result<PipelineSchedule> scheduleOfPlan(const pb::Plan &plan);
} // namespace mtc

#endif // MTC_CONVERSION_PIPELINEPLAN_H
