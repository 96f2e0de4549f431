//===- CompilePipeline.h - model .mlir -> the runtime's plan -----*- C++ -*-===//
//
// The compiler's pass pipeline as a library, in the manner of CIRCT's
// firtool: one options struct holds everything mtc-compile's flags decide,
// one function turns it into passes. mtc-compile runs it and writes the plan
// it lowers to; mtc-opt registers it as --mtc-compile-pipeline="...", so the
// same passes in the same order can be run, inspected and lit-tested one
// pass at a time (docs/compiler.md).
//
//===----------------------------------------------------------------------===//
#ifndef MTC_COMPILER_COMPILEPIPELINE_H
#define MTC_COMPILER_COMPILEPIPELINE_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/LLVM.h"
#include "mtc/Support/LrSchedule.h"
#include "plan.pb.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mtc {
/// What to build from a model: shapes, parallel layout, pipeline schedule,
/// memory and precision trade-offs, and AdamW's settings. Defaults are
/// mtc-compile's (and Megatron-LM's GPT settings for the optimizer).
struct CompileOptions {
  int64_t microBatch = 0;  ///< 0: the model's
  int64_t seq = 0;         ///< 0: the model's
  int64_t globalBatch = 0; ///< 0: micro-batch x dp

  int64_t tp = 1, pp = 1, vp = 1, dp = 1;
  int64_t cp = 1; ///< context parallelism: each sequence split over cp ranks
  int64_t ep = 1; ///< expert parallelism: each MoE layer's experts over ep data ranks
  bool sequenceParallel = false;
  std::string schedule;                ///< 1f1b or interleaved; "": interleaved when vp > 1
  /// zb-h1: "1f1b" (no stage above 1F1B's fullest) or "none".
  std::string zeroBubbleMemoryLimit = "1f1b";
  std::vector<int64_t> layersPerChunk; ///< explicit uneven pipeline layout, or empty
  std::string pipelineBalance = "even"; ///< or "cost"
  /// Megatron-LM's uneven first/last pipeline stage; 0: not given.
  int64_t firstStageLayers = 0, lastStageLayers = 0;

  std::string recompute = "none"; ///< none, full or selective
  bool distributedOptimizer = false;
  std::string precision = "fp32"; ///< fp32, bf16 or fp16
  double dpBucketMb = 4.0;

  double lr = 1.5e-4, minLr = 1e-5;
  int64_t warmupSteps = 0, decaySteps = 0; ///< decaySteps 0: the run's iterations
  std::string decayStyle = "cosine";       ///< one of kDecayStyles
  int64_t wsdDecaySteps = 0;               ///< WSD: iterations of the final decay
  std::string wsdDecayStyle = "exponential"; ///< one of kWsdDecayStyles
  double beta1 = 0.9, beta2 = 0.95, adamEps = 1e-8, weightDecay = 0.01, clipGrad = 1.0;
};

/// The first option whose value is out of range, as "--name must be ...";
/// the passes check what depends on the model (divisibility, batch sizes).
std::optional<std::string> checkCompileOptions(const CompileOptions &options);

/// Adds the passes that take a model (@forward) to a planned training step:
/// shape, tensor parallelism, configuration check, context parallelism,
/// sequence parallelism,
/// autodiff, recomputation, optimizer, data parallelism, distributed
/// optimizer, pipeline partition and schedule, memory plan. A
/// --mtc-lower-to-exec after them writes the plan.
void buildCompilePipeline(mlir::OpPassManager &pm, const CompileOptions &options);

/// Runs buildCompilePipeline on `module` and lowers it: the plan mtc-compile
/// writes. Errors are reported through the context's diagnostics.
llvm::FailureOr<pb::Plan> compileToPlan(mlir::ModuleOp module, const CompileOptions &options);

/// Registers --mtc-compile-pipeline="tp=2 pp=2 ... output=plan.txt" with
/// mtc-opt: buildCompilePipeline followed by --mtc-lower-to-exec.
void registerCompilePipeline();
} // namespace mtc

#endif // MTC_COMPILER_COMPILEPIPELINE_H
