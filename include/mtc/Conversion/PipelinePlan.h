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

/// For a module that went through --mtc-pipeline-partition and
/// --mtc-pipeline-schedule, appends one stage plan per pipeline stage to
/// `plan.stage_plans`. `plan` is the single-rank plan of the same model (model,
/// optimizer and parameter records are copied from it).
llvm::LogicalResult addStagePlans(mlir::ModuleOp partitioned, pb::Plan &plan);

struct PipelineOptions {
  int64_t stages = 1, chunks = 1;
  std::string kind;                    ///< "" picks 1f1b (chunks 1) or interleaved
  std::vector<int64_t> layersPerChunk; ///< explicit layout, or empty
  std::string balance = "even";        ///< or "cost"
};

/// mtc-compile's pipeline step: partitions and schedules `module` (after
/// --mtc-autodiff) for `plan`'s micro-batch count (global batch / (micro-batch
/// x data)) and appends the stage plans to `plan`.
llvm::LogicalResult pipelineModule(mlir::ModuleOp module,
                                   const PipelineOptions &options,
                                   pb::Plan &plan);

/// The schedule drawn like the paper's figures: one row per rank, forward
/// steps light, backward dark, each labelled with its micro-batch, coloured by
/// chunk; unit times F=1, B=2 from the deadlock checker's simulation.
std::string scheduleToSvg(const Timeline &timeline);
} // namespace mtc

#endif // MTC_CONVERSION_PIPELINEPLAN_H
