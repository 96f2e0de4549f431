//===- DataParallel.cpp - data parallelism and the training precision -----===//
//
// Data parallelism does not change the per-rank program: every data rank runs
// the same steps on its own share of the global batch. What the compiler
// decides is how gradients are synchronized (buckets of `bucket-mb`, each
// all-reduced as soon as its last gradient is final, overlapping the rest of
// the backward) and in which precision parameters and activations are stored.
// Both land in `mtc.training_state` and the plan; the runtime's GradBuckets
// derives each bucket's ready step from the plan's gradient-writing steps.
//
//===----------------------------------------------------------------------===//
#include "TrainingState.h"

#include "mtc/MtcDiagnostics.h"
#include "mtc/Transforms/Passes.h"

namespace mtc {
#define GEN_PASS_DEF_DATAPARALLEL
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;

namespace {
struct DataParallelPass : mtc::impl::DataParallelBase<DataParallelPass> {
  using DataParallelBase::DataParallelBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (precision != "fp32" && precision != "bf16" && precision != "fp16") {
      mtc::emitModuleError(module)
          << "--mtc-data-parallel: precision '" << precision << "' is unknown (fp32, bf16 or fp16)";
      return signalPassFailure();
    }
    // Bytes are int64: 2^43 MiB is 2^63 bytes. NaN fails both comparisons.
    constexpr double kMaxBucketMb = 8.0e12;
    if (!(bucketMb >= 0 && bucketMb <= kMaxBucketMb)) {
      mtc::emitModuleError(module) << "--mtc-data-parallel: bucket-mb must be between 0 and "
                                   << kMaxBucketMb << " (got " << bucketMb << ")";
      return signalPassFailure();
    }
    auto state = mtc::readTrainingState(module);
    if (failed(state))
      return signalPassFailure();
    state->precision = precision;
    state->bucketBytes = static_cast<int64_t>(bucketMb * 1024 * 1024);
    mtc::writeTrainingState(module, *state);
    if (report)
      mtc::printTrainingState(llvm::outs(), *state);
  }
};
} // namespace
