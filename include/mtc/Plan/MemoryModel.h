//===- MemoryModel.h - Predicted bytes per GPU ------------------*- C++ -*-===//
//
// Mixed-precision training state per parameter: fp16/bf16 weight (2 bytes),
// fp32 gradient (4), fp32 master weight + Adam moments (12) = 18 bytes; the
// distributed optimizer shards the 12 over the d x cp ranks holding the same
// parameters: 6 + 12/(d cp). Parameters per stage
// follow the layout: the stage's chunks' layers, the word and position
// embeddings on stage 0, the output layer (a copy of the word embedding when
// tied) on stage p-1.
//
// Activations follow Korthikanti et al. 2022 (bytes per layer per micro-batch,
// f = MLP size, 34 = 18 + 4f/h for f = 4h):
//   no parallelism        sbh(18 + 4f/h) + 5as^2b
//   tensor parallel       sbh(10 + (8 + 4f/h)/t) + 5as^2b/t
//   + sequence parallel   (sbh(18 + 4f/h) + 5as^2b)/t
//   selective recompute   drops the 5as^2b term
//   full recompute        2sbh (2sbh/t with sequence parallelism) kept per
//                         layer, plus one layer's full activations while it
//                         is recomputed
//   context parallel (cp) each rank keeps its s/cp tokens: s -> s/cp in
//                         every sbh term, the scores 5a(s/cp)sb (its s/cp
//                         queries against all s keys): every line above
//                         divided by cp, and so are the embedding output,
//                         the logits and M_W. Parameters are replicated over
//                         cp; the ring's K/V blocks in flight (2 blocks of
//                         b (s/cp) 2 kv/t d bf16 forward, 4 backward) are
//                         transient and not counted.
// A mixture of experts (docs/moe.md): expert weights are split over t x ep,
// and the distributed optimizer shards their 12 bytes over the d cp / ep
// ranks of their expert-data group; the MLP's activations become the
// router's fp32 probabilities 4 sbE, the experts' input rows 2 k sbh
// (all-gathered: whole on each tensor rank), their gate, up and SwiGLU
// outputs 6 k sbf / t and their output rows 2 k sbh / t, with routing
// uniform over the experts (what the load-balancing loss drives it to).
// A chunk's activations for one micro-batch are its layers' (plus the
// embedding output on chunk 0, the fp16 logits and fp32 softmax of the
// vocab-parallel cross-entropy on the last chunk). They are live from the
// chunk's forward to its backward (to its W step when the schedule splits
// backwards); the stage's peak is found by walking its steps in the
// schedule, so uneven layouts, interleaving and any schedule come out of the
// same rule (1F1B: the first stage holds min(p, m) micro-batches).
//
// Overhead, modelled per GPU: the CUDA context, the cuBLAS workspace, NCCL's
// buffers (per communicator: 2 ring peers x nChannels x NCCL_BUFFSIZE) and
// allocator fragmentation (a share of the activation bytes the caching
// allocator churns every iteration). A plan fits when the total plus the
// user's margin (--memory-margin) is at most the HBM capacity.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_MEMORYMODEL_H
#define MTC_PLAN_MEMORYMODEL_H

#include "mtc/Plan/ParallelConfig.h"
#include "mtc/Plan/Schedule.h"

#include <optional>

namespace mtc {

struct MemoryParams {
  /// NCCL_BUFFSIZE default (NCCL environment-variable documentation).
  double ncclBufferBytes = 4.0 * 1024 * 1024;
  /// NCCL channels per communicator (a priori: NCCL opens 16-32 on NVSwitch
  /// systems; 16 assumed).
  int ncclChannels = 16;
  /// Fragmentation of the caching allocator as a share of activation bytes
  /// (a priori assumption, 10%; not measured here: no GPU).
  double fragmentation = 0.10;
};

struct MemoryBreakdown {
  int stage = 0;            ///< pipeline stage the figures describe
  double params = 0;        ///< parameters held by one GPU of that stage
  /// The experts' share of `params` (mixture of experts): reduced and sharded
  /// over the expert-data-parallel group, the rest over the data-parallel one.
  double expertParams = 0;
  double weights = 0;       ///< bytes
  double gradients = 0;     ///< bytes
  double optimizer = 0;     ///< bytes
  double activations = 0;   ///< bytes at the stage's peak
  double workspace = 0;     ///< CUDA context + cuBLAS workspace
  double commBuffers = 0;   ///< NCCL buffers of the rank's communicators
  double fragmentation = 0; ///< allocator slack
  double overhead() const { return workspace + commBuffers + fragmentation; }
  double total() const {
    return weights + gradients + optimizer + activations + overhead();
  }
};

/// Every stage's memory. `config` must be valid; `schedule` the one it runs
/// (built from the config when null).
std::vector<MemoryBreakdown> predictStageMemory(const ModelShape &model,
                                                const ParallelConfig &config,
                                                const DeviceSpec &device,
                                                const PipelineSchedule *schedule = nullptr,
                                                const MemoryParams &params = {});

/// The stage with the largest total.
MemoryBreakdown predictMemory(const ModelShape &model, const ParallelConfig &config,
                              const DeviceSpec &device,
                              const PipelineSchedule *schedule = nullptr,
                              const MemoryParams &params = {});

/// Activation bytes of one transformer layer for one micro-batch as kept
/// until its backward (the per-layer formulas above, without the recompute
/// working set).
double layerActivationBytes(const ModelShape &model, const ParallelConfig &config);

/// What a split backward's W steps read of one layer and micro-batch, kept
/// from B to W: the inputs of the four linears and their output gradients,
/// Qi et al.'s M_W (32 sbh bytes in 16 bits with f = 4h; tensor-parallel
/// shards divided by t, and all of it with sequence parallelism).
double layerWeightGradBytes(const ModelShape &model, const ParallelConfig &config);

/// Parameters of one layer held by one GPU: the dense ones over t, the
/// experts over t x ep.
double layerParamsPerGpu(const ModelShape &model, const ParallelConfig &config);
/// The experts' share of it (0 for a dense model).
double layerExpertParamsPerGpu(const ModelShape &model, const ParallelConfig &config);

/// One micro-batch's activation bytes per chunk: `held` from its forward to
/// its backward (the parts W reads until W, with a split backward) and, with
/// a split backward, `weightGrad`: what W keeps after B (Qi et al.'s M_W; the
/// output layer's also reads its input and the logits' gradient).
struct ChunkActivations {
  std::vector<double> held, weightGrad;
};
ChunkActivations chunkActivationBytes(const ModelShape &model, const ParallelConfig &config,
                                      bool splitBackward);

/// ZB-H1 as mtc-compile orders it by default (--zero-bubble-memory-limit
/// 1f1b, docs/pipeline.md): on each rank whose peak exceeds the fullest
/// stage of 1F1B (interleaved 1F1B for v > 1) over the same chunks, W steps
/// move earlier (limitWeightGradDeferral) until it fits. In this model W
/// keeps at most what B held, so only a stage whose chunks hold more than the
/// fullest stage's (the output layer's logits, an uneven layout) binds.
/// Returns the reordered schedule, or nothing where no rank's order changes
/// or `config.limitsZeroBubbleMemory()` is false. `oneFOneB`: that 1F1B
/// schedule if the caller has it (else it is built).
Result<std::optional<PipelineSchedule>>
limitZeroBubbleMemory(const PipelineSchedule &schedule, const ModelShape &model,
                      const ParallelConfig &config, const PipelineSchedule *oneFOneB = nullptr);

/// Peak over the steps of `rank` of the activation bytes alive, given each
/// chunk's bytes per micro-batch: `chunkBytes` from F to B and, for a split
/// backward, `weightGradBytes` (empty: none) from B to W, as Qi et al.
/// count (a micro-batch holds M_B until B, then M_W until W).
double peakLiveActivations(const PipelineSchedule &schedule, int rank,
                           const std::vector<double> &chunkBytes,
                           const std::vector<double> &weightGradBytes = {});

} // namespace mtc

#endif // MTC_PLAN_MEMORYMODEL_H
