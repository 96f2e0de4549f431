//===- CostModel.cpp - Compute, communication and pipeline time -----------===//
#include "mtc/Plan/CostModel.h"

#include "mtc/Plan/Schedule.h"
#include "mtc/Plan/ScheduleCheck.h"

#include <algorithm>
#include <cmath>

namespace mtc {

double gemmEfficiency(double M, double N, double K, const CostParams &p) {
  auto g = [&](double x) { return x / (x + p.gemmHalfDim); };
  return p.gemmPeakFraction * g(M) * g(N) * g(K);
}

double BubbleCache::bubbleUnits(int pp, int vp, int m, double ratio) {
  int ratioKey = static_cast<int>(std::lround(ratio * 64.0));
  auto key = std::make_tuple(pp, vp, m, ratioKey);
  if (auto it = cache_.find(key); it != cache_.end())
    return it->second;
  double units;
  auto schedule = buildSchedule(pp, vp, m);
  Result<Timeline> tl =
      schedule.ok() ? checkSchedule(*schedule, StepTiming{1.0, ratioKey / 64.0, 0.0})
                    : Result<Timeline>(Error{schedule.error()});
  // Built schedules are deadlock-free (tested); fall back to the closed form
  // only so a caller never sees garbage.
  units = tl.ok() ? tl->makespan - tl->busiest
                  : (pp - 1) * (1.0 + ratioKey / 64.0);
  cache_.emplace(key, units);
  return units;
}

namespace {

struct Link {
  double bandwidth; // bytes/s, after efficiency
  double latency;   // seconds per message/ring step
};

double ringAllReduce(double bytes, int n, Link l) {
  if (n <= 1)
    return 0;
  return 2.0 * (n - 1) / n * bytes / l.bandwidth + 2.0 * (n - 1) * l.latency;
}

double ringAllGather(double bytes, int n, Link l) {
  if (n <= 1)
    return 0;
  return static_cast<double>(n - 1) / n * bytes / l.bandwidth + (n - 1) * l.latency;
}

// Forward/backward time of one transformer layer for one micro-batch on one
// GPU, split into GEMM and memory-bound parts.
struct LayerCost {
  double gemmForward = 0;
  double attentionCoreForward = 0; // score and context GEMMs + softmax/dropout
  double memForward = 0;
  double memBackward = 0;
};

LayerCost layerCost(const ModelShape &m, const ParallelConfig &c,
                    const DeviceSpec &dev, const CostParams &p) {
  const double b = c.microBatch, s = m.seq, h = m.hidden, a = m.heads;
  const double t = c.tp, f = m.ffnSize(), hd = h / a;
  const double tokens = b * s;
  auto gemm = [&](double batch, double M, double N, double K) {
    return batch * 2.0 * M * N * K / (dev.peakFlops * gemmEfficiency(M, N, K, p));
  };
  const double hbm = dev.hbmBandwidth * p.hbmEfficiency;

  LayerCost lc;
  double qkv = gemm(1, tokens, 3 * h / t, h);
  double scores = gemm(b * a / t, s, s, hd);
  double context = gemm(b * a / t, s, hd, s);
  double proj = gemm(1, tokens, h, h / t);
  double fc1 = gemm(1, tokens, f / t, h);
  double fc2 = gemm(1, tokens, h, f / t);
  lc.gemmForward = qkv + scores + context + proj + fc1 + fc2;

  // Scores: fused scale+mask+softmax reads and writes fp16 (4 B), dropout
  // reads, writes and stores a mask (5 B); backward 11 B per score.
  const double scoreElems = b * (a / t) * s * s;
  const double softmaxForward = scoreElems * 9.0 / hbm;
  const double softmaxBackward = scoreElems * 11.0 / hbm;
  lc.attentionCoreForward = scores + context + softmaxForward;
  // Hidden-sized streaming ops: 2 layer norms (8 B/elem), 2 bias-dropout-add
  // (14 B/elem); on shards with sequence parallelism. GeLU + bias on the
  // f-sized activation (4 B/elem). Backward moves about twice the bytes.
  const double hiddenElems = tokens * h / (c.sequenceParallel ? t : 1.0);
  const double ffnElems = tokens * f / t;
  const double streamForward = (hiddenElems * 22.0 + ffnElems * 4.0) / hbm;
  lc.memForward = softmaxForward + streamForward;
  lc.memBackward = softmaxBackward + 2.0 * streamForward;
  return lc;
}

} // namespace

Result<Prediction> evaluatePlan(const ModelShape &model, const ClusterSpec &cluster,
                                const ParallelConfig &config,
                                const CostParams &p, BubbleCache *cache) {
  auto valid = validateConfig(model, cluster, config);
  if (!valid.ok())
    return Error{valid.error()};
  const ParallelConfig &c = config;
  const DeviceSpec &dev = cluster.device;
  const double b = c.microBatch, s = model.seq, h = model.hidden;
  const double V = model.vocab;
  const int t = c.tp, pp = c.pp, vp = c.vp, d = c.dp;
  const int m = c.microbatches();
  const double layersPerChunk = static_cast<double>(model.layers) / (pp * vp);

  const Link nvlink{dev.nvlinkBandwidth * p.nvlinkEfficiency, p.nvlinkLatency};
  const Link network{dev.networkBandwidth * p.networkEfficiency, p.networkLatency};

  // ---- one transformer layer, one micro-batch ----
  LayerCost lc = layerCost(model, c, dev, p);
  double layerF = lc.gemmForward + lc.memForward;
  double layerB = 2.0 * lc.gemmForward + lc.memBackward;
  double recompute = 0;
  if (c.recompute == Recompute::Full)
    recompute = layerF;
  else if (c.recompute == Recompute::Selective)
    recompute = lc.attentionCoreForward;

  const double actBytes = b * s * h * 2.0; // fp16 b*s*h
  const double tpAllReduce = ringAllReduce(actBytes, t, nvlink);
  double tpCommF = 2 * tpAllReduce;
  double tpCommB = 2 * tpAllReduce + (c.recompute == Recompute::Full ? 2 * tpAllReduce : 0);

  // ---- output layer and loss, on the last stage ----
  auto gemm = [&](double M, double N, double K) {
    return 2.0 * M * N * K / (dev.peakFlops * gemmEfficiency(M, N, K, p));
  };
  const double hbm = dev.hbmBandwidth * p.hbmEfficiency;
  double logitsF = gemm(b * s, V / t, h) + b * s * V / t * 12.0 / hbm;
  double logitsB = 2.0 * gemm(b * s, V / t, h) + b * s * V / t * 8.0 / hbm;
  // Vocab-parallel embedding all-reduce (forward) and the gradient all-reduce
  // before the output projection (backward).
  double logitsCommF = tpAllReduce, logitsCommB = tpAllReduce;

  // ---- pipeline p2p per step ----
  double p2p = 0;
  if (pp > 1) {
    bool pipelineInNode = static_cast<long long>(t) * d * pp <= cluster.gpusPerNode;
    if (pipelineInNode)
      p2p = actBytes / nvlink.bandwidth + nvlink.latency;
    else
      p2p = actBytes / t / network.bandwidth + network.latency +
            (c.sequenceParallel ? 0.0 : ringAllGather(actBytes, t, nvlink));
  }

  // Step times of the slowest (last) stage, per chunk; the output layer's
  // work is spread over the stage's v chunks.
  double computeF = layersPerChunk * layerF + logitsF / vp;
  double computeB = layersPerChunk * (layerB + recompute) + logitsB / vp;
  double commF = layersPerChunk * tpCommF + logitsCommF / vp + p2p;
  double commB = layersPerChunk * tpCommB + logitsCommB / vp + p2p;
  double stepF = computeF + commF, stepB = computeB + commB;

  double bubbleUnits;
  if (cache) {
    bubbleUnits = cache->bubbleUnits(pp, vp, m, stepB / stepF);
  } else {
    BubbleCache local;
    bubbleUnits = local.bubbleUnits(pp, vp, m, stepB / stepF);
  }
  double busy = static_cast<double>(m) * vp * (stepF + stepB);
  double pipelineTime = busy + bubbleUnits * stepF;

  // ---- after the pipeline ----
  MemoryBreakdown mem = predictMemory(model, c);
  double paramsPerGpu = mem.params;
  bool dpInNode = static_cast<long long>(t) * d <= cluster.gpusPerNode;
  Link dpLink = dpInNode ? nvlink : network;
  double gradBytes = 4.0 * paramsPerGpu;
  double dpComm;
  if (c.distributedOptimizer)
    dpComm = ringAllGather(gradBytes, d, dpLink) /* reduce-scatter */ +
             ringAllGather(2.0 * paramsPerGpu, d, dpLink);
  else
    dpComm = ringAllReduce(gradBytes, d, dpLink);
  double overlapWindow = p.dpOverlapFraction * vp * computeB;
  double dpReduce = c.distributedOptimizer ? ringAllGather(gradBytes, d, dpLink)
                                           : dpComm;
  double dpExposed = std::max(0.0, dpReduce - overlapWindow) + (dpComm - dpReduce);

  double embeddingSync = 0;
  if (pp > 1 && model.tied)
    embeddingSync = ringAllReduce(4.0 * V * h / t, 2, network);

  double optimizerParams = c.distributedOptimizer ? paramsPerGpu / d : paramsPerGpu;
  double optimizer = optimizerParams * 32.0 / hbm;

  Prediction pr;
  pr.config = c;
  pr.iterationTime = pipelineTime + dpExposed + embeddingSync + optimizer;
  double stepsPerRank = static_cast<double>(m) * vp;
  pr.computeTime = stepsPerRank * (computeF + computeB);
  pr.tpCommTime = stepsPerRank * (commF + commB - 2 * p2p);
  pr.p2pTime = stepsPerRank * 2 * p2p;
  pr.bubbleTime = pipelineTime - busy;
  pr.bubbleFraction = busy > 0 ? pr.bubbleTime / busy : 0;
  pr.dpCommTime = dpComm;
  pr.dpExposedTime = dpExposed;
  pr.embeddingSyncTime = embeddingSync;
  pr.optimizerTime = optimizer;
  pr.paperFlops = model.paperFlopsPerIteration(c.globalBatch);
  pr.tflopsPerGpu = pr.paperFlops / (pr.iterationTime * c.gpus()) / 1e12;
  pr.memory = mem;
  pr.fits = mem.total() <= dev.hbmBytes;
  return pr;
}

} // namespace mtc
