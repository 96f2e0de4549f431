//===- ParallelConfig.h - One point of the planner's search space -*- C++ -*-===//
#ifndef MTC_PLAN_PARALLELCONFIG_H
#define MTC_PLAN_PARALLELCONFIG_H

#include "mtc/Plan/Device.h"
#include "mtc/Plan/ModelShape.h"
#include "mtc/Plan/Result.h"
#include "mtc/Plan/Schedule.h"

#include <string>
#include <vector>

namespace mtc {

/// Activation recomputation (Korthikanti et al. 2022): none, selective (only
/// the core attention softmax/dropout/matmuls are recomputed), full (only
/// each layer's input is kept; the whole layer forward runs again).
enum class Recompute { None, Selective, Full };

const char *toString(Recompute r);
/// Accepts "none", "selective", "full".
bool parseRecompute(const std::string &text, Recompute &out);

struct ParallelConfig {
  int tp = 1;          ///< tensor-parallel size t
  int pp = 1;          ///< pipeline stages p
  int vp = 1;          ///< virtual chunks per stage v
  int dp = 1;          ///< data-parallel size d
  /// Context-parallel size c (Megatron-Core's --context-parallel-size): each
  /// sequence split over c ranks (ContextSplit.h), attention as ring
  /// attention, the rank order tp-cp-dp-pp (RankGrid.h).
  int cp = 1;
  /// Expert-parallel size (Megatron's --expert-model-parallel-size): each
  /// rank holds experts/ep of every MoE layer's experts. Folded onto the
  /// data-parallel (and context) ranks, as Megatron-Core folds it
  /// (RankGrid.h): it does not multiply the GPUs.
  int ep = 1;
  int microBatch = 1;  ///< b
  int globalBatch = 1; ///< B = d * b * m
  bool sequenceParallel = false;
  Recompute recompute = Recompute::None;
  bool distributedOptimizer = false;
  /// Layers of each of the pp*vp chunks in model order; empty = even split.
  std::vector<int> layersPerChunk;
  /// Pipeline schedule (PlanSchedules.h); empty = mtc-compile's default.
  std::string schedule;
  /// zb-h1 as mtc-compile orders it by default (--zero-bubble-memory-limit
  /// 1f1b): no stage holds more activation bytes than 1F1B's fullest; false
  /// is the paper's order (`none`). MemoryModel.h's limitZeroBubbleMemory.
  bool zeroBubbleMemoryLimit = true;
  /// Attention as one fused flash kernel (mtc's CUDA kernel for bf16/fp16,
  /// Megatron's --attention-backend flash) instead of Megatron-LM 2021's
  /// score GEMMs + softmax/dropout kernels, whose s^2 scores it never stores.
  bool flashAttention = false;

  int microbatches() const { return globalBatch / (dp * microBatch); }
  int gpus() const { return tp * cp * pp * dp; }
  /// "t=8 p=64 v=1 d=6 b=1 m=512 sp=off rc=full dopt=off" ("t=8 cp=16 p=16
  /// ..." with context parallelism, "... d=8 ep=4 ..." with experts split)
  std::string summary() const;
  /// Options for mtc-compile: "--tp=8 --pp=64 ... --recompute=full ..."
  /// (--context-parallel-size=N when cp > 1, --expert-model-parallel-size=N
  /// when ep > 1)
  std::string compileFlags() const;
  /// The schedule's name, the default filled in.
  std::string scheduleName() const;
  /// Whether zb-h1's order is held to 1F1B's fullest stage (zeroBubbleMemoryLimit).
  bool limitsZeroBubbleMemory() const;
  /// Where the chunks sit: the V of zb-v, else interleaved.
  ChunkPlacement placement() const;
  bool unevenLayout() const { return !layersPerChunk.empty(); }
};

struct ClusterSpec {
  int gpus = 1;
  int gpusPerNode = 8;
  DeviceSpec device;
};

/// Why t cannot split this model on nodes of `gpusPerNode` GPUs ("" when it
/// can): t divides the GPUs per node, the heads, the MLP size and the
/// key/value heads. validateConfig and the search share it.
std::string tensorParallelProblem(const ModelShape &model, int gpusPerNode, int t);

/// Checks a configuration against the model and cluster; the error names the
/// numbers (t divides heads, t <= GPUs per node, t*cp*p*d = GPUs, 2 cp
/// (causal: GPT) or cp (BERT) divides the sequence, the layout
/// (pp*vp chunks of >= 1 layer summing to the layers; pp*vp divides the
/// layers when no layout is given), d*b divides the batch, the schedule
/// takes (p, v, m), a mixture of experts: ep divides the experts and cp*d,
/// t > 1 needs sequence parallelism, ...).
Result<ParallelConfig> validateConfig(const ModelShape &model,
                                      const ClusterSpec &cluster,
                                      const ParallelConfig &config);

/// Layers per chunk of a valid config: its explicit layout or the even split.
std::vector<int> chunkLayerCounts(const ModelShape &model, const ParallelConfig &config);

/// "3,2,2,3"
std::string layoutText(const std::vector<int> &layersPerChunk);

} // namespace mtc

#endif // MTC_PLAN_PARALLELCONFIG_H
