//===- CostModel.h - Predicted iteration time of a parallel plan -*- C++ -*-===//
//
// Per micro-batch and transformer layer on one GPU (t-way tensor parallel):
//  - GEMMs (QKV, attention scores, attention x values, projection, fc1, fc2)
//    take 2MNK / (peak * eff(M,N,K)); eff = gemmPeakFraction * g(M) g(N) g(K)
//    with g(x) = x / (x + gemmHalfDim): a GEMM that is small in any dimension
//    cannot fill the tensor cores. Backward = 2x forward (dgrad + wgrad).
//  - Memory-bound ops (softmax + dropout on the a s^2 b scores, layer norms,
//    bias-dropout-residual, GeLU) take bytes / (HBM bandwidth * hbmEfficiency).
//  - Recompute: full adds one forward, selective adds the attention core.
//  - Tensor-parallel collectives: 2 all-reduces forward and 2 backward of
//    b s h fp16 elements (2 more when fully recomputing); sequence parallelism
//    swaps each for an all-gather + reduce-scatter of the same volume. Ring
//    alpha-beta model on NVLink: 2(t-1)/t * bytes / bw + 2(t-1) alpha.
//  - Pipeline p2p: one b s h fp16 message per step, scattered over the t
//    tensor ranks across InfiniBand then all-gathered on NVLink (Megatron's
//    scatter/gather optimisation); in-node when the pipeline fits in a node.
// Each pipeline step therefore costs compute + TP comm + p2p (Megatron's p2p
// blocks the step). The slowest stage (the last: it also runs the logits
// layer and the cross-entropy) sets the step time. The schedule is then
// simulated (ScheduleCheck) with those step times to get the makespan and the
// bubble. After the pipeline: the data-parallel gradient all-reduce (or
// reduce-scatter + all-gather with the distributed optimizer), minus what
// overlaps with the last micro-batch's backward; the tied-embedding gradient
// all-reduce between first and last stage; the optimizer step (HBM-bound).
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_COSTMODEL_H
#define MTC_PLAN_COSTMODEL_H

#include "mtc/Plan/MemoryModel.h"
#include "mtc/Plan/ParallelConfig.h"

#include <map>
#include <tuple>

namespace mtc {

/// Efficiency constants, calibrated once against Narayanan et al. 2021,
/// Table 1 (docs/planner.md explains the fit). They are global, not per row.
struct CostParams {
  double gemmPeakFraction = 0.77; ///< best-case share of peak for a huge GEMM
  double gemmHalfDim = 112;       ///< dimension at which g(x) = 1/2
  double hbmEfficiency = 0.75;    ///< share of HBM bandwidth streaming ops get
  double nvlinkEfficiency = 0.75; ///< NCCL bus bandwidth / link bandwidth
  double networkEfficiency = 0.80;
  double nvlinkLatency = 10e-6;   ///< seconds per ring step
  double networkLatency = 20e-6;
  /// Share of the last micro-batch's backward that can hide DP reduction.
  double dpOverlapFraction = 0.8;
};

/// Makespan cache for simulated schedules, keyed by (p, v, m, B/F ratio in
/// 1/64ths); the simulation runs with F = 1 and scales linearly.
class BubbleCache {
public:
  /// Idle time of the busiest rank (makespan - its busy time) in units of
  /// one forward step, for backward steps `backwardRatio` times as long.
  double bubbleUnits(int pp, int vp, int microbatches, double backwardRatio);
  size_t size() const { return cache_.size(); }

private:
  std::map<std::tuple<int, int, int, int>, double> cache_;
};

struct Prediction {
  ParallelConfig config;
  double iterationTime = 0;  ///< seconds
  double computeTime = 0;    ///< pure compute on the slowest rank
  double tpCommTime = 0;     ///< tensor-parallel collectives (exposed)
  double p2pTime = 0;        ///< pipeline sends/receives (exposed)
  double bubbleTime = 0;     ///< pipeline fill and drain
  double bubbleFraction = 0; ///< bubbleTime / (busy time of the slowest rank)
  double dpCommTime = 0;     ///< whole data-parallel reduction
  double dpExposedTime = 0;  ///< what overlap does not hide
  double embeddingSyncTime = 0;
  double optimizerTime = 0;
  double paperFlops = 0;     ///< paper formula, per iteration
  double tflopsPerGpu = 0;   ///< paperFlops / (time * GPUs) / 1e12
  MemoryBreakdown memory;
  bool fits = false;         ///< memory.total() <= device HBM
  double exposedCommTime() const {
    return tpCommTime + p2pTime + dpExposedTime + embeddingSyncTime;
  }
};

/// Validates the config and predicts time and memory. `cache` may be null.
Result<Prediction> evaluatePlan(const ModelShape &model, const ClusterSpec &cluster,
                                const ParallelConfig &config,
                                const CostParams &params = {},
                                BubbleCache *cache = nullptr);

/// GEMM efficiency used by the model (exposed for tests and docs).
double gemmEfficiency(double M, double N, double K, const CostParams &params);

} // namespace mtc

#endif // MTC_PLAN_COSTMODEL_H
