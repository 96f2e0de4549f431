//===- MemoryModel.cpp - Weights, optimizer state and activations ---------===//
#include "mtc/Plan/MemoryModel.h"

#include "mtc/Plan/PlanSchedules.h"
#include "mtc/Plan/ZeroBubbleSchedule.h"

#include <algorithm>

namespace mtc {

namespace {

// Tokens of a sequence one rank holds: s / cp.
double localSeq(const ModelShape &m, const ParallelConfig &c) {
  return static_cast<double>(m.seq) / c.cp;
}

// Full activations of one layer and micro-batch (Korthikanti et al. 2022),
// on a context-parallel rank's s/cp tokens: every sbh term over s/cp, the
// scores of its s/cp queries against all s keys (5 a (s/cp) s b): the
// whole formula divided by cp.
double fullLayerActivations(const ModelShape &m, const ParallelConfig &c,
                            bool keepAttentionScores) {
  double s = m.seq, b = c.microBatch, h = m.hidden, a = m.heads, t = c.tp;
  double f = m.ffnSize(), sq = localSeq(m, c);
  double sbh = sq * b * h;
  if (m.llama()) {
    // The same count for LLaMA's layer, which has no dropout: the two
    // RMSNorms' inputs and outputs (the QKV and fc1 inputs) 8 sbh, whole on
    // every tensor rank; Q and the projection's input 4 sbh, K and V
    // 4 sb kvWidth, SwiGLU's gate and up and fc2's input 6 sbf, all sharded;
    // the softmax's output 2 a s^2 b (no dropout mask or output).
    double mlp = 6.0 * sbh * f / h, gathered = 0;
    if (m.moe()) {
      // A mixture of experts (uniform routing, docs/moe.md): the router's
      // fp32 probabilities 4 sbE and the experts' output rows 2 k sbh (the
      // combine's weight gradient reads them) on the rank's own tokens; the
      // gate, up and SwiGLU outputs of k rows a token, 6 k sbf, split by t;
      // the experts' input rows, 2 k sbh, all-gathered over the tensor
      // ranks: whole on each, sequence parallel or not.
      const double k = m.topk;
      mlp = sbh * (6.0 * k * f / h + 4.0 * m.experts / h + 2.0 * k);
      gathered = 2.0 * k * sbh;
    }
    const double sharded = sbh * (4.0 + 4.0 * m.keyValueWidth() / h) + mlp;
    const double llamaScores = keepAttentionScores ? 2.0 * a * sq * s * b : 0.0;
    if (c.sequenceParallel)
      return (sbh * 8.0 + sharded + llamaScores) / t + gathered;
    return sbh * 8.0 + gathered + (sharded + llamaScores) / t;
  }
  double scores = keepAttentionScores ? 5.0 * a * sq * s * b : 0.0;
  if (c.sequenceParallel)
    return (sbh * (18.0 + 4.0 * f / h) + scores) / t;
  return sbh * (10.0 + (8.0 + 4.0 * f / h) / t) + scores / t;
}

// Communicators a rank belongs to (size > 1): tensor, context (its ring),
// data (the dp x cp group replicated gradients are reduced over), pipeline
// (its p2p peers), and the embedding group of the first and last stage.
// With expert parallelism, the expert group and the expert-data group
// (RankGrid.h) too.
int communicators(const ParallelConfig &c, bool embeddingStage, bool tied) {
  return (c.tp > 1) + (c.cp > 1) + (c.dp * c.cp > 1) + (c.pp > 1) +
         (c.pp > 1 && embeddingStage && tied) + (c.ep > 1) +
         (c.ep > 1 && c.dp * c.cp > c.ep);
}

} // namespace

double layerActivationBytes(const ModelShape &m, const ParallelConfig &c) {
  double sbh = localSeq(m, c) * c.microBatch * m.hidden;
  switch (c.recompute) {
  case Recompute::Full:
    return c.sequenceParallel ? 2.0 * sbh / c.tp : 2.0 * sbh;
  case Recompute::Selective:
    return fullLayerActivations(m, c, /*keepAttentionScores=*/false);
  case Recompute::None: // flash attention keeps its log-sum-exp, not the scores
    return fullLayerActivations(m, c, /*keepAttentionScores=*/!c.flashAttention);
  }
  return 0;
}

double layerWeightGradBytes(const ModelShape &m, const ParallelConfig &c) {
  const double s = localSeq(m, c), b = c.microBatch, h = m.hidden, f = m.ffnSize(),
               t = c.tp;
  // Inputs of QKV and fc1 (the layer norms' outputs) and the output
  // gradients of proj and fc2 are whole on every tensor rank unless
  // sequence parallel; proj's and fc2's inputs and QKV's and fc1's output
  // gradients (qkvWidth and fc1Width wide) are shards. Two bytes an element.
  double whole = 2.0 * s * b * (h + h + h + h);
  double shards = 2.0 * s * b * (h + f + m.qkvWidth() + m.fc1Width());
  double gathered = 0;
  if (m.moe()) {
    // The router's input (the second norm's output) and its output
    // gradient (E); k rows a token of the experts' inputs and fc2's output
    // gradients, all-gathered over the tensor ranks; fc2's inputs and fc1's
    // output gradients, split by t.
    const double k = m.topk;
    whole = 2.0 * s * b * (h + h + h);
    shards = 2.0 * s * b * (h + m.qkvWidth() + k * (f + m.fc1Width()) + m.experts);
    gathered = 2.0 * s * b * 2.0 * k * h;
  }
  return (c.sequenceParallel ? whole / t : whole) + shards / t + gathered;
}

double layerExpertParamsPerGpu(const ModelShape &m, const ParallelConfig &c) {
  return m.layerExpertParams() / (static_cast<double>(c.tp) * c.ep);
}

double layerParamsPerGpu(const ModelShape &m, const ParallelConfig &c) {
  return (m.layerParams() - m.layerExpertParams()) / c.tp + layerExpertParamsPerGpu(m, c);
}

ChunkActivations chunkActivationBytes(const ModelShape &m, const ParallelConfig &c,
                                      bool splitBackward) {
  // Activations hold a context-parallel rank's s/cp tokens.
  const double t = c.tp, s = localSeq(m, c), b = c.microBatch, h = m.hidden;
  const int chunks = c.pp * c.vp;
  const std::vector<int> layers = chunkLayerCounts(m, c);
  const double perLayer = layerActivationBytes(m, c);
  ChunkActivations bytes;
  // Bytes per micro-batch each chunk keeps until its backward.
  bytes.held.resize(chunks);
  for (int k = 0; k < chunks; ++k)
    bytes.held[k] = perLayer * layers[k];
  // Embedding output kept for the first layer (dropout mask + output; LLaMA
  // has no embedding dropout, and its first norm counts its input); logits
  // (fp16) and the fp32 softmax of the vocab-parallel cross-entropy.
  if (!m.llama())
    bytes.held.front() += s * b * h * 3.0 / (c.sequenceParallel ? t : 1.0);
  bytes.held.back() += s * b * m.vocab / t * (2.0 + 4.0);
  // What W keeps, for a split backward: the layers' M_W; the output layer's
  // weight gradient reads its input and the logits' gradient.
  if (splitBackward) {
    const double perLayerW = layerWeightGradBytes(m, c);
    for (int k = 0; k < chunks; ++k)
      bytes.weightGrad.push_back(perLayerW * layers[k]);
    bytes.weightGrad.back() += s * b * (h * 2.0 + m.vocab / t * 2.0);
  }
  return bytes;
}

Result<std::optional<PipelineSchedule>>
limitZeroBubbleMemory(const PipelineSchedule &schedule, const ModelShape &m,
                      const ParallelConfig &c, const PipelineSchedule *oneFOneB) {
  if (!schedule.splitBackward || !c.limitsZeroBubbleMemory())
    return std::optional<PipelineSchedule>();
  const ChunkActivations bytes = chunkActivationBytes(m, c, /*splitBackward=*/true);
  // The limit: 1F1B's fullest stage, the base ZB-H1 splits.
  Result<PipelineSchedule> built = PipelineSchedule{};
  if (!oneFOneB) {
    built = buildSchedule(c.pp, c.vp, c.microbatches());
    if (!built)
      return Error{"zb-h1's memory limit: " + built.error()};
    oneFOneB = &*built;
  }
  double limit = 0;
  for (int r = 0; r < c.pp; ++r)
    limit = std::max(limit, peakLiveActivations(*oneFOneB, r, bytes.held));
  StepBytes step;
  step.untilBackward = [&](int k) { return std::max(0.0, bytes.held[k] - bytes.weightGrad[k]); };
  step.untilWeightGrad = [&](int k) { return bytes.weightGrad[k]; };
  std::optional<PipelineSchedule> limited;
  for (int r = 0; r < c.pp; ++r) {
    if (peakLiveActivations(schedule, r, bytes.held, bytes.weightGrad) <= limit)
      continue;
    Result<RankSchedule> order = limitWeightGradDeferral(schedule.ranks[r], step, limit);
    if (!order)
      return Error{"zb-h1's memory limit: " + order.error()};
    if (order->steps == schedule.ranks[r].steps)
      continue;
    if (!limited)
      limited = schedule;
    limited->ranks[r] = std::move(*order);
  }
  return limited;
}

double peakLiveActivations(const PipelineSchedule &schedule, int rank,
                           const std::vector<double> &chunkBytes,
                           const std::vector<double> &weightGradBytes) {
  if (!schedule.splitBackward || weightGradBytes.empty())
    return peakHeld(schedule.ranks[rank], schedule.splitBackward,
                    [&chunkBytes](int chunk) { return chunkBytes[chunk]; });
  // M_B - M_W given back at B, M_W at W (at least M_W from F: the walk
  // takes both parts at the forward).
  return peakHeld(
      schedule.ranks[rank],
      [&](int chunk) { return std::max(0.0, chunkBytes[chunk] - weightGradBytes[chunk]); },
      [&](int chunk) { return weightGradBytes[chunk]; });
}

std::vector<MemoryBreakdown> predictStageMemory(const ModelShape &m,
                                                const ParallelConfig &c,
                                                const DeviceSpec &dev,
                                                const PipelineSchedule *schedule,
                                                const MemoryParams &mp) {
  // The distributed optimizer shards over the dp x cp ranks that hold the
  // same parameters (Megatron's data_parallel_group_with_cp).
  const double t = c.tp, d = static_cast<double>(c.dp) * c.cp;
  const double h = m.hidden;
  const int chunks = c.pp * c.vp;
  const std::vector<int> layers = chunkLayerCounts(m, c);
  const double wordEmbedding = static_cast<double>(m.vocab) * h / t;

  // Without a schedule: the row's, in the order mtc-compile gives it.
  PipelineSchedule built;
  if (!schedule) {
    const PlannerSchedule *row = findPlannerSchedule(c.scheduleName());
    auto r = row ? row->build(c.pp, c.vp, c.microbatches())
                 : buildSchedule(c.pp, c.vp, c.microbatches());
    if (r.ok()) {
      auto limited = limitZeroBubbleMemory(*r, m, c);
      if (limited.ok())
        built = std::move(*limited ? **limited : *r);
    }
    schedule = &built;
  }
  const ChunkActivations bytes = chunkActivationBytes(m, c, schedule->splitBackward);
  const std::vector<double> &chunkBytes = bytes.held, &weightGradBytes = bytes.weightGrad;
  // One layer's full activations while it is recomputed; flash attention
  // never stores the scores, not even then.
  double recomputeWorkingSet = c.recompute == Recompute::Full
                                   ? fullLayerActivations(m, c, !c.flashAttention)
                                   : 0.0;

  std::vector<MemoryBreakdown> stages(c.pp);
  // The output layer's stage: the last (interleaved) or the first (the V).
  const int headStage = stageOfChunk(chunks - 1, c.pp, c.placement());
  for (int r = 0; r < c.pp; ++r) {
    MemoryBreakdown &mb = stages[r];
    mb.stage = r;
    double stageLayers = 0;
    for (int k : chunksOfStage(r, c.pp, c.vp, c.placement()))
      stageLayers += layers[k];
    mb.params = stageLayers * layerParamsPerGpu(m, c);
    mb.expertParams = stageLayers * layerExpertParamsPerGpu(m, c);
    if (r == 0)
      mb.params += wordEmbedding + m.positionParams(); // positions: on every tensor rank
    if (r == headStage && (headStage != 0 || !m.tied))
      mb.params += wordEmbedding;
    mb.weights = 2.0 * mb.params;
    mb.gradients = 4.0 * mb.params;
    // Expert parameters are sharded over the d/ep ranks of their
    // expert-data group, the rest over d.
    mb.optimizer = c.distributedOptimizer
                       ? 12.0 * ((mb.params - mb.expertParams) / d + mb.expertParams * c.ep / d)
                       : 12.0 * mb.params;
    double live = schedule->ranks.size() == static_cast<size_t>(c.pp)
                      ? peakLiveActivations(*schedule, r, chunkBytes, weightGradBytes)
                      : 0.0;
    mb.activations = live + recomputeWorkingSet;
    mb.workspace = dev.cudaContextBytes + dev.cublasWorkspaceBytes;
    int comms = communicators(c, headStage != 0 && (r == 0 || r == headStage), m.tied);
    mb.commBuffers = comms * 2.0 * mp.ncclChannels * mp.ncclBufferBytes;
    mb.fragmentation = mp.fragmentation * mb.activations;
  }
  return stages;
}

MemoryBreakdown predictMemory(const ModelShape &m, const ParallelConfig &c,
                              const DeviceSpec &dev, const PipelineSchedule *schedule,
                              const MemoryParams &mp) {
  std::vector<MemoryBreakdown> stages = predictStageMemory(m, c, dev, schedule, mp);
  return *std::max_element(stages.begin(), stages.end(),
                           [](const MemoryBreakdown &a, const MemoryBreakdown &b) {
                             return a.total() < b.total();
                           });
}

} // namespace mtc
