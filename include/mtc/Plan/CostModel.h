//===- CostModel.h - Predicted iteration time of a parallel plan -*- C++ -*-===//
//
// Per micro-batch and transformer layer on one GPU (t-way tensor parallel):
//  - GEMMs (QKV, attention scores, attention x values, projection, fc1, fc2)
//    and their backward halves (input gradient, weight gradient) with their
//    own shapes, timed by the shape- and GPU-dependent ComputeModel.
//  - Memory-bound ops (softmax + dropout on the a s^2 b scores, layer norms,
//    bias-dropout-residual, GeLU) take bytes / sustained HBM bandwidth.
//  - Recompute: full adds one forward, selective adds the attention core.
//  - Tensor-parallel collectives: 2 all-reduces forward and 2 backward of
//    b s h fp16 elements (2 more when fully recomputing); sequence parallelism
//    swaps each for an all-gather + reduce-scatter of the same volume.
//  - Pipeline p2p per step (NetworkModel::p2p, with or without the 2021
//    paper's scatter/gather); Megatron's p2p blocks, so it is part of a step.
//  - Context parallelism (cp, Megatron-Core's ring attention): every
//    token-wise op (GEMMs, norms, MLP, TP collectives, p2p) works on s/cp
//    tokens; the attention core runs cp ring steps, each the rank's s/cp
//    queries against one s/cp-token K/V block, (s/cp) x s in all, a 1/cp
//    share. The ring moves cp - 1 K/V blocks per layer forward and twice
//    that backward (K/V again plus their gradients; contextRingBytes), each
//    posted before the current block is computed: a step exposes
//    max(0, transfer - block compute). Replicated gradients are reduced over
//    the dp x cp ranks, the distributed optimizer shards over them.
// Every chunk gets its own step costs: its layer count (uneven layouts), the
// embedding on chunk 0 and the output layer + cross-entropy on the last
// chunk. The schedule (1F1B, interleaved, ... PlanSchedules.h) is replayed
// with those per-step costs (ScheduleCheck, the replay the runtime's bubble
// report uses); the makespan, each rank's busy time and the bubble come out
// of the replay. After the pipeline: the data-parallel gradient reduction
// (ring or tree, NetworkModel), of which only what runs during the last
// micro-batch's backward is hidden, and only when p = 1 (for p > 1 it runs
// after the pipeline flush); the tied-embedding all-reduce between first and
// last stage; the optimizer step (HBM-bound). The framework (Software.h)
// sets how many transfers a step waits for, the sharded optimizer's
// collectives and what gradient accumulation costs per micro-batch.
//
//  - Mixture of experts (ModelShape::experts, expert parallelism ep): the
//    router on the rank's b s/(cp t) tokens, its E/ep experts' GEMMs on
//    b (s/cp) k ep / E rows each (routing uniform over the experts: skew is
//    not modelled), the MLP's tensor-parallel gather and scatter on k rows a
//    token, and the alltoall dispatcher's four all-to-alls per layer
//    (expertTraffic; six with full recomputation) over the expert group, in
//    the step. Expert gradients are reduced over the expert-data group.
// The iteration time is the busiest rank's compute + TP comm + p2p + exposed
// CP ring + expert all-to-alls + bubble (= the makespan) + exposed DP comm + embedding sync +
// optimizer.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_COSTMODEL_H
#define MTC_PLAN_COSTMODEL_H

#include "mtc/Plan/ComputeModel.h"
#include "mtc/Plan/MemoryModel.h"
#include "mtc/Plan/NetworkModel.h"
#include "mtc/Plan/ParallelConfig.h"

#include <map>
#include <memory>
#include <tuple>
#include <vector>

namespace mtc {

struct CostParams {
  ComputeParams compute;
  NetworkParams network;
  MemoryParams memory;
  /// The 2021 paper's scatter/gather of p2p messages over the tensor ranks'
  /// NICs (Megatron's default; --no-scatter-gather-tensors-in-pipeline).
  bool scatterGather = true;
  AllReduceAlgorithm dpAllReduce = AllReduceAlgorithm::Auto;
  /// Bytes per gradient element in the data-parallel reduction: mtc reduces
  /// its fp32 gradients (4); Megatron-LM 2021 reduced fp16 ones (2) unless
  /// --accumulate-allreduce-grads-in-fp32.
  double gradReduceBytes = 4;
  /// Buckets reduce during the last micro-batch's backward when p = 1 (mtc's
  /// runtime, Megatron's --overlap-grad-reduce); Megatron-LM 2021 reduced
  /// after the backward.
  bool overlapGradReduce = true;
  /// Pipeline transfers a step waits for one after the other (Software.h): 1
  /// when a step's send and receive run together (Megatron-LM batches them),
  /// 2 when they run in turn (DeepSpeed's TrainSchedule, each blocking).
  int p2pTransfersPerStep = 1;
  /// The sharded optimizer (distributedOptimizer) all-reduces whole
  /// gradients before the 16-bit weights are all-gathered (DeepSpeed's
  /// BF16_Optimizer) instead of reduce-scattering them (Megatron's).
  bool shardedOptimizerAllReduces = false;
  /// Bytes per parameter and micro-batch that the software's gradient
  /// accumulation moves beyond Megatron-LM 2021's in-place fp16 add, which
  /// the calibration of gemmFraction on Table 2 absorbed (Software.cpp).
  double extraAccumulationBytes = 0;
  /// The backward's tensor-parallel collectives of the column-parallel
  /// linears (QKV, fc1) run asynchronously under that linear's own GEMMs
  /// (Megatron-LM from 2022, LinearWithGradAccumulationAndAsyncCommunication):
  /// without sequence parallelism the input-gradient all-reduce under the
  /// weight-gradient GEMM; with it the re-all-gather of the saved input shard
  /// under the input-gradient GEMM and the input gradient's reduce-scatter
  /// under the weight-gradient GEMM, leaving only the row-parallel linears'
  /// all-gathers (proj, fc2) in the step. Only what a collective exceeds its
  /// GEMM by is charged.
  bool asyncTensorParallelBackward = false;
  /// Headroom a plan must leave (bytes): --memory-margin.
  double memoryMarginBytes = 2.0 * 1024 * 1024 * 1024;
};

/// The ring attention's K/V traffic of one layer and micro-batch, per GPU.
struct ContextRing {
  /// One K/V block: b (s/cp) x 2 kv/t heads x d, bf16 (2 bytes).
  double blockBytes = 0;
  double forwardBytes = 0;  ///< cp - 1 blocks sent (and as many received)
  double backwardBytes = 0; ///< 2 (cp - 1) blocks: K/V again and their gradients
};

/// Zero when cp = 1. The blocks hold the model's key/value heads.
ContextRing contextRingBytes(const ModelShape &model, const ParallelConfig &config);

/// The expert all-to-alls of one MoE layer and micro-batch, per GPU
/// (Megatron-Core's alltoall token dispatcher).
struct ExpertTraffic {
  /// One all-to-all's data: the rank's b s/(cp t) tokens, k rows of h bf16
  /// values each (2 b s k h / (cp t) bytes).
  double allToAllBytes = 0;
  /// Its (ep - 1)/ep that leaves the rank (uniform routing).
  double leavingBytes = 0;
  int allToAllsForward = 0;  ///< dispatch and combine: 2
  int allToAllsBackward = 0; ///< their mirrors: 2 (and 2 more when fully recomputing)
};

/// Zero for a dense model.
ExpertTraffic expertTraffic(const ModelShape &model, const ParallelConfig &config);

/// Replays of schedules during a search: the last built schedule and the
/// bubbles of replays already done (keyed by schedule and per-step costs in
/// 1/64ths of the mean forward step).
class ReplayCache {
public:
  const PipelineSchedule *schedule(const std::string &name, int pp, int vp, int m);
  /// 1F1B (interleaved for vp > 1) for these sizes: zb-h1's memory limit.
  const PipelineSchedule *oneFOneB(int pp, int vp, int m);
  /// Per rank: makespan - busy, in units of `unit`, or nullptr.
  const std::vector<double> *find(const std::vector<int> &key) const;
  void store(std::vector<int> key, std::vector<double> bubbles);
  size_t size() const { return bubbles_.size(); }

  /// The schedule last built for `key`, kept until another key comes.
  template <typename Key> struct LastBuilt {
    Key key;
    std::unique_ptr<PipelineSchedule> schedule;
  };

private:
  LastBuilt<std::tuple<std::string, int, int, int>> schedule_;
  LastBuilt<std::tuple<int, int, int>> oneFOneB_;
  std::map<std::vector<int>, std::vector<double>> bubbles_;
};

struct Prediction {
  ParallelConfig config;
  double iterationTime = 0;  ///< seconds
  // The busiest rank's iteration, split; the parts sum to iterationTime.
  double computeTime = 0;    ///< compute steps (recompute included)
  double recomputeTime = 0;  ///< the recompute part of computeTime
  double tpCommTime = 0;     ///< tensor-parallel collectives
  double p2pTime = 0;        ///< pipeline sends/receives
  double cpCommTime = 0;     ///< context-parallel ring traffic not hidden
  double epCommTime = 0;     ///< the experts' all-to-alls (expertTraffic)
  double bubbleTime = 0;     ///< idle in the pipelined part (replay)
  double dpExposedTime = 0;  ///< data-parallel reduction not hidden
  double embeddingSyncTime = 0;
  double optimizerTime = 0;
  int criticalRank = 0;      ///< the busiest pipeline rank
  double bubbleFraction = 0; ///< bubbleTime / (makespan - bubbleTime)
  double dpCommTime = 0;     ///< whole data-parallel reduction
  double cpRingTime = 0;     ///< whole ring traffic of the busiest rank
  AllReduceAlgorithm dpAlgorithm = AllReduceAlgorithm::Ring;
  double modelFlops = 0;     ///< per iteration, no recompute
  double hardwareFlops = 0;  ///< per iteration, recompute included
  double paperFlops = 0;     ///< Narayanan et al. eq. (3), per iteration
  double tflopsPerGpu = 0;   ///< hardwareFlops / (time * GPUs) / 1e12
  double paperTflopsPerGpu = 0; ///< paperFlops / (time * GPUs) / 1e12
  double mfu = 0;            ///< modelFlops / (time * GPUs * peak)
  double hfu = 0;            ///< hardwareFlops / (time * GPUs * peak)
  double tokensPerSecond = 0;
  MemoryBreakdown memory;    ///< the heaviest stage
  double memoryMargin = 0;   ///< bytes the plan must leave free
  double hbmBytes = 0;
  bool fits = false;         ///< memory.total() + margin <= HBM
  /// Bytes by which total + margin exceeds HBM (negative: headroom).
  double memoryShortfall() const { return memory.total() + memoryMargin - hbmBytes; }
  double exposedCommTime() const {
    return tpCommTime + p2pTime + cpCommTime + epCommTime + dpExposedTime + embeddingSyncTime;
  }
};

/// Validates the config and predicts time and memory. `cache` may be null.
Result<Prediction> evaluatePlan(const ModelShape &model, const ClusterSpec &cluster,
                                const ParallelConfig &config,
                                const CostParams &params = {},
                                ReplayCache *cache = nullptr);

/// The software the 2021 paper measured: fp16 gradient all-reduce after the
/// backward (Megatron-LM's defaults then).
CostParams megatron2021Params();

/// Model FLOPs of one iteration (3 x forward, no recompute) and the FLOPs the
/// recompute adds.
double modelFlopsPerIteration(const ModelShape &model, int globalBatch);
double recomputeFlopsPerIteration(const ModelShape &model, int globalBatch,
                                  Recompute recompute);

} // namespace mtc

#endif // MTC_PLAN_COSTMODEL_H
