//===- MemoryModel.cpp - Weights, optimizer state and activations ---------===//
#include "mtc/Plan/MemoryModel.h"

#include <algorithm>

namespace mtc {

namespace {

// Full activations of one layer and micro-batch (Korthikanti et al. 2022).
double fullLayerActivations(const ModelShape &m, const ParallelConfig &c,
                            bool keepAttentionScores) {
  double s = m.seq, b = c.microBatch, h = m.hidden, a = m.heads, t = c.tp;
  double f = m.ffnSize();
  double sbh = s * b * h;
  double scores = keepAttentionScores ? 5.0 * a * s * s * b : 0.0;
  if (c.sequenceParallel)
    return (sbh * (18.0 + 4.0 * f / h) + scores) / t;
  return sbh * (10.0 + (8.0 + 4.0 * f / h) / t) + scores / t;
}

} // namespace

double layerActivationBytes(const ModelShape &m, const ParallelConfig &c) {
  double sbh = static_cast<double>(m.seq) * c.microBatch * m.hidden;
  switch (c.recompute) {
  case Recompute::Full:
    return c.sequenceParallel ? 2.0 * sbh / c.tp : 2.0 * sbh;
  case Recompute::Selective:
    return fullLayerActivations(m, c, /*keepAttentionScores=*/false);
  case Recompute::None:
    return fullLayerActivations(m, c, /*keepAttentionScores=*/true);
  }
  return 0;
}

MemoryBreakdown predictMemory(const ModelShape &m, const ParallelConfig &c) {
  const double t = c.tp, p = c.pp, v = c.vp, d = c.dp;
  const double s = m.seq, b = c.microBatch, h = m.hidden;
  const double layersPerStage = static_cast<double>(m.layers) / p;
  const double stageLayerParams = layersPerStage * m.layerParams() / t;
  const double wordEmbedding = static_cast<double>(m.vocab) * h / t;
  const double positionEmbedding = s * h; // replicated across tensor ranks
  const double perLayer = layerActivationBytes(m, c);
  const int m_ = c.microbatches();

  // Micro-batches whose activations the first stage holds at its peak.
  double inFlight = std::min<double>(p, m_);
  double interleave = v > 1 ? 1.0 + (p - 1.0) / (p * v) : 1.0;
  double recomputeWorkingSet =
      c.recompute == Recompute::Full ? fullLayerActivations(m, c, true) : 0.0;
  // Logits (fp16) and the fp32 softmax of the vocab-parallel cross-entropy
  // for one micro-batch live on the last stage.
  double logits = s * b * m.vocab / t * (2.0 + 4.0);
  // Embedding output kept for the first layer (dropout mask + output).
  double embeddingOut = s * b * h * 3.0 / (c.sequenceParallel ? t : 1.0);

  auto stateBytes = [&](MemoryBreakdown &mb) {
    mb.weights = 2.0 * mb.params;
    mb.gradients = 4.0 * mb.params;
    mb.optimizer = (c.distributedOptimizer ? 12.0 / d : 12.0) * mb.params;
    mb.reserved = kMemoryReserveBytes;
  };

  MemoryBreakdown first;
  first.stage = 0;
  first.params = stageLayerParams + wordEmbedding + positionEmbedding;
  if (p == 1 && !m.tied)
    first.params += wordEmbedding;
  stateBytes(first);
  first.activations = perLayer * layersPerStage * inFlight * interleave +
                      embeddingOut * inFlight + recomputeWorkingSet;
  if (p == 1)
    first.activations += logits;

  if (p == 1)
    return first;

  // The last stage holds the output projection (a copy of the word embedding
  // when tied) and keeps fewer micro-batches in flight: with 1F1B only one,
  // with interleaving its warm-up of (v-1)p forwards of other chunks.
  MemoryBreakdown last;
  last.stage = c.pp - 1;
  last.params = stageLayerParams + wordEmbedding;
  stateBytes(last);
  double lastInFlight =
      v > 1 ? std::min<double>((v - 1) * p + 1, m_ * v) / v : 1.0;
  last.activations = perLayer * layersPerStage * lastInFlight + logits +
                     recomputeWorkingSet;
  return last.total() > first.total() ? last : first;
}

} // namespace mtc
