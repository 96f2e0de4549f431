//===- Planner.h - Search over parallel layouts -----------------*- C++ -*-===//
//
// Enumerates every valid (t, cp, p, v, d, ep, micro-batch, sequence parallel,
// recompute, distributed optimizer) for a model, cluster and global batch,
// predicts each with the cost and memory models, and ranks the ones that fit
// by iteration time. Rules: t divides the GPUs per node, the heads and the MLP
// size (tensor groups stay inside a node); cp a power of two up to
// SearchOptions::maxContextParallel dividing the GPUs left by t, with 2 cp
// (causal) or cp (BERT) dividing the sequence and at least
// SearchOptions::minContextTokens tokens per rank; p <= layers (p*v not dividing the
// layers gives an uneven layout, middle chunks taking the extra layers); d*b
// divides the global batch; each schedule of PlanSchedules.h that takes
// (p, v, m); sequence parallelism only with t > 1; the distributed optimizer
// only with d cp > 1; for a mixture of experts every ep dividing the experts
// and cp d, and sequence parallelism whenever t > 1. Then, for the fastest few plans with a pipeline, bounded
// uneven variants (first/last stage layer counts) are tried.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_PLANNER_H
#define MTC_PLAN_PLANNER_H

#include "mtc/Plan/CostModel.h"

#include <string>
#include <vector>

namespace mtc {

struct SearchResult {
  std::vector<Prediction> fitting;     ///< fastest first
  std::vector<Prediction> outOfMemory; ///< fastest first
  long long enumerated = 0;            ///< valid layouts looked at
  size_t simulatedSchedules = 0;       ///< distinct schedules simulated
  double seconds = 0;                  ///< wall time of the search
  const Prediction &best() const { return fitting.front(); }
};

struct SearchOptions {
  /// Also try uneven layouts around the fastest plans (fewer layers on the
  /// last stage, one more or fewer on the first).
  bool unevenLayouts = true;
  /// Every layout with ParallelConfig::flashAttention (--attention-backend flash).
  bool flashAttention = false;
  /// Context-parallel sizes tried: powers of two up to this (Megatron-Core's
  /// long-context runs use up to 16-32).
  int maxContextParallel = 32;
  /// ...that leave each rank at least this many tokens of a sequence. A
  /// bound on the search, not a cost: it keeps sequences of up to 2048
  /// tokens (every run the planner is validated on) searching exactly what
  /// they did without context parallelism; 1 tries every size.
  int minContextTokens = 2048;
};

/// The context-parallel sizes the search tries for `model` (1 first).
std::vector<int> contextParallelSizes(const ModelShape &model, const SearchOptions &options = {});

/// Layers per chunk with `firstStage` / `lastStage` layers on the first /
/// last pipeline stage (-1: no constraint) and the rest spread as evenly as
/// possible, middle chunks first. Empty when impossible (a chunk would get
/// no layer).
std::vector<int> spreadLayout(int layers, int pp, int vp, int firstStage, int lastStage);

/// Most GPUs the model can use: max t * max cp * layers * globalBatch.
long long maxUsableGpus(const ModelShape &model, int gpusPerNode, int globalBatch,
                        const SearchOptions &options = {});

/// Searches; fails with a message saying what is impossible and the nearest
/// possible request when no layout exists or none fits in memory.
Result<SearchResult> searchPlans(const ModelShape &model, const ClusterSpec &cluster,
                                 int globalBatch, const CostParams &params = {},
                                 const SearchOptions &options = {});

/// One line saying why `loser` is slower than `best` (or does not fit).
std::string whyLoses(const Prediction &loser, const Prediction &best,
                     double hbmBytes);

} // namespace mtc

#endif // MTC_PLAN_PLANNER_H
