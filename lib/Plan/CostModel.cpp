//===- CostModel.cpp - Compute, communication and pipeline time -----------===//
#include "mtc/Plan/CostModel.h"

#include "mtc/Plan/PlanSchedules.h"
#include "mtc/Plan/ScheduleCheck.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <optional>

namespace mtc {

namespace {
// `last`'s schedule when built for `key`, else build()'s, kept for the next
// call; null when it fails.
template <typename Key, typename Build>
const PipelineSchedule *reuseOrBuild(ReplayCache::LastBuilt<Key> &last, const Key &key,
                                     Build build) {
  if (last.schedule && last.key == key)
    return last.schedule.get();
  Result<PipelineSchedule> built = build();
  if (!built.ok())
    return nullptr;
  last.schedule = std::make_unique<PipelineSchedule>(std::move(built).value());
  last.key = key;
  return last.schedule.get();
}
} // namespace

const PipelineSchedule *ReplayCache::schedule(const std::string &name, int pp, int vp,
                                              int m) {
  return reuseOrBuild(schedule_, std::make_tuple(name, pp, vp, m),
                      [&]() -> Result<PipelineSchedule> {
                        const PlannerSchedule *row = findPlannerSchedule(name);
                        if (!row)
                          return Error{"no schedule " + name};
                        return row->build(pp, vp, m);
                      });
}

const PipelineSchedule *ReplayCache::oneFOneB(int pp, int vp, int m) {
  return reuseOrBuild(oneFOneB_, std::make_tuple(pp, vp, m),
                      [&] { return buildSchedule(pp, vp, m); });
}

const std::vector<double> *ReplayCache::find(const std::vector<int> &key) const {
  auto it = bubbles_.find(key);
  return it == bubbles_.end() ? nullptr : &it->second;
}

void ReplayCache::store(std::vector<int> key, std::vector<double> bubbles) {
  bubbles_.emplace(std::move(key), std::move(bubbles));
}

namespace {

// Seconds of one step, split by what they are spent on. `cp` is the ring
// attention's exposed K/V traffic (part of the step), `cpRing` all of it
// (hidden or not; not part of the step's total); `ep` the experts'
// all-to-alls.
struct StepCost {
  double compute = 0, recompute = 0, tp = 0, p2p = 0, cp = 0, cpRing = 0, ep = 0;
  double total() const { return compute + recompute + tp + p2p + cp + ep; }
  StepCost &operator+=(const StepCost &o) {
    compute += o.compute;
    recompute += o.recompute;
    tp += o.tp;
    p2p += o.p2p;
    cp += o.cp;
    cpRing += o.cpRing;
    ep += o.ep;
    return *this;
  }
  StepCost scaled(double k) const {
    return {compute * k, recompute * k, tp * k, p2p * k, cp * k, cpRing * k, ep * k};
  }
};

// One transformer layer and micro-batch on one GPU: forward, input-gradient
// (B) and weight-gradient (W) halves of the backward.
struct LayerCost {
  StepCost forward, inputGrad, weightGrad;
};

LayerCost layerCost(const ModelShape &m, const ParallelConfig &c, const DeviceSpec &dev,
                    const CostParams &p, const NetworkModel &net) {
  const double b = c.microBatch, s = m.seq, h = m.hidden, a = m.heads;
  const double t = c.tp, f = m.ffnSize(), hd = h / a;
  // Context parallelism: a rank holds sq = s/cp tokens of each sequence;
  // every token-wise op (the linears, norms, the MLP, the TP collectives)
  // works on them. Attention runs as a ring of cp steps, step j putting the
  // rank's sq queries against the key/value block of rank (r - j) mod cp.
  const int cp = c.cp;
  const double sq = s / cp;
  const double tokens = b * sq;
  auto gemm = [&](double batch, double M, double N, double K) {
    return gemmSeconds(batch, M, N, K, dev, p.compute);
  };
  auto stream = [&](double bytes, int kernels) {
    return streamSeconds(bytes, dev, p.compute, kernels);
  };
  // A linear X(M x K) W(K x N): forward (M, N, K), input gradient (M, K, N),
  // weight gradient (K, N, M), `count` of them. QKV (grouped-query: h + 2 kv
  // widths), the output projection, fc1 (SwiGLU's gate and up in one) and
  // fc2.
  struct Linear {
    double M, N, K, count = 1;
  };
  std::vector<Linear> linears = {{tokens, m.qkvWidth() / t, h}, {tokens, h, h / t}};
  const ExpertTraffic moeTraffic = expertTraffic(m, c);
  // A mixture of experts routes the rank's own b s/(cp t) tokens (sequence
  // parallel).
  const double routed = tokens / t;
  if (m.moe()) {
    // The router, then each of the rank's E/ep experts on its rows: with
    // uniform routing b (s/cp) k ep / E of them, gathered over the tensor
    // ranks.
    const double localExperts = m.experts / c.ep;
    const double rows = tokens * m.topk * c.ep / m.experts;
    linears.push_back({routed, static_cast<double>(m.experts), h});
    linears.push_back({rows, m.fc1Width() / t, h, localExperts});
    linears.push_back({rows, h, f / t, localExperts});
  } else {
    linears.push_back({tokens, m.fc1Width() / t, h});
    linears.push_back({tokens, h, f / t});
  }
  double linF = 0, linDgrad = 0, linWgrad = 0;
  for (const Linear &l : linears) {
    linF += l.count * gemm(1, l.M, l.N, l.K);
    linDgrad += l.count * gemm(1, l.M, l.K, l.N);
    linWgrad += l.count * gemm(1, l.K, l.N, l.M);
  }
  const double heads = b * a / t;
  // One ring step's attention (all of it when cp = 1): the rank's sq queries
  // against one sq-token key/value block. Summed over the cp steps a rank
  // does (s/cp) x s of the scores, a 1/cp share of the whole.
  double stepCoreF, stepCoreB, stepSoftmaxF = 0, stepSoftmaxB = 0;
  if (c.flashAttention) {
    // mtc's causal flash attention: forward 2 s^2 d flops per (sample, head)
    // (half of 4), backward 7 s^2 d (S and dP are recomputed in both the dK/dV
    // and the dQ pass); Q, K, V, O in bf16 read once forward (8 s d bytes),
    // 26 s d bytes backward (rowsum(dO O), dK/dV, dQ: 13 tensors). Kernels: 1
    // forward, 3 backward. Under the load-balanced causal split every ring
    // step computes half of its sq x sq block pair (ContextSplit.h), so a
    // step is the same kernel on sq tokens: 2 sq^2 d, 8 sq d bytes.
    auto flash = [&](double flops, double bytes, int kernels) {
      return std::max(flops / (dev.peakFlops * dev.flashFraction),
                      streamSeconds(bytes, dev, p.compute, kernels));
    };
    stepCoreF = flash(2.0 * heads * sq * sq * hd, 8.0 * heads * sq * hd, 1);
    stepCoreB = flash(7.0 * heads * sq * sq * hd, 26.0 * heads * sq * hd, 3);
  } else {
    // Attention core: scores Q K^T and context P V, batched over b a / t; both
    // backward GEMMs of each are input gradients. The unfused kernels compute
    // the masked scores too: a step is a whole sq x sq block.
    stepCoreF = gemm(heads, sq, sq, hd) + gemm(heads, sq, hd, sq);
    stepCoreB = gemm(heads, sq, hd, sq) + gemm(heads, hd, sq, sq) + // d scores
                gemm(heads, sq, sq, hd) + gemm(heads, sq, hd, sq);  // d context
    // Scores: fused scale+mask+softmax reads and writes fp16 (4 B), dropout
    // reads, writes and stores a mask (5 B); backward 11 B per score.
    // LLaMA has no attention dropout: the softmax alone, 4 B forward and
    // 6 B backward (reads its output and gradient, writes the scores').
    const double scoreElems = heads * sq * sq;
    const int kernels = m.llama() ? 1 : 2; // scale-mask-softmax (and dropout), each way
    stepSoftmaxF = stream(scoreElems * (m.llama() ? 4.0 : 9.0), kernels);
    stepSoftmaxB = stream(scoreElems * (m.llama() ? 6.0 : 11.0), kernels);
  }
  const double coreF = cp * stepCoreF, coreB = cp * stepCoreB;
  const double softmaxF = cp * stepSoftmaxF, softmaxB = cp * stepSoftmaxB;

  // The ring's K/V traffic (cp > 1): forward, cp - 1 exchanges of the rank's
  // K/V block, each posted before the current block is computed, so it runs
  // under that block's attention; backward, cp - 1 exchanges of the K/V
  // block and its K/V gradient (two blocks) under the block's backward. Per
  // step the exposed time is max(0, transfer of the step's blocks - compute
  // of one block): only what the transfer exceeds the block computation by
  // stalls the ring. The group is the cp ranks t apart (tp-cp-dp-pp order):
  // NVLink while t*cp fits a node, the NICs otherwise.
  double ringF = 0, ringB = 0, ringExposedF = 0, ringExposedB = 0;
  if (cp > 1) {
    const ContextRing ring = contextRingBytes(m, c);
    const GroupPlacement cpGroup = placeGroup(cp, c.tp, net.gpusPerNode());
    const double stepF = net.ringStep(ring.blockBytes, cpGroup);
    const double stepB = net.ringStep(2.0 * ring.blockBytes, cpGroup);
    ringF = (cp - 1) * stepF;
    ringB = (cp - 1) * stepB;
    ringExposedF = (cp - 1) * std::max(0.0, stepF - (stepCoreF + stepSoftmaxF));
    ringExposedB = (cp - 1) * std::max(0.0, stepB - (stepCoreB + stepSoftmaxB));
  }
  // Hidden-sized streaming ops: 2 layer norms (8 B/elem), 2 bias-dropout-add
  // (14 B/elem), on sequence shards with SP; bias + GeLU on the f-sized
  // activation (4 B/elem): five kernels. LLaMA: 2 RMSNorms (8 B/elem) and 2
  // residual adds (12 B/elem); rotary on Q and K (4 B/elem of h + kv width);
  // SwiGLU reads gate and up and writes f (6 B per f element): six kernels.
  // Backward moves about twice the bytes.
  // A mixture of experts runs SwiGLU on k rows a token, and adds the
  // router's softmax and top-k (E fp32 values a token), the permutation and
  // the combine (each reads and writes k rows of h): three more kernels.
  const double hiddenElems = tokens * h / (c.sequenceParallel ? t : 1.0);
  const double mlpRows = m.moe() ? tokens * m.topk : tokens;
  double streamBytes =
      m.llama() ? hiddenElems * 20.0 + tokens * (h + m.keyValueWidth()) / t * 4.0 +
                      mlpRows * f / t * 6.0
                : hiddenElems * 22.0 + tokens * f / t * 4.0;
  int streamKernels = m.llama() ? 6 : 5;
  if (m.moe()) {
    streamBytes += routed * m.experts * 8.0 + 2.0 * routed * m.topk * h * 4.0;
    streamKernels += 3;
  }
  const double streamF = stream(streamBytes, streamKernels),
               streamB = stream(2.0 * streamBytes, streamKernels);

  // Two tensor-parallel all-reduces (or AG + RS pairs) each way: the
  // attention's and the MLP's. A mixture of experts gathers and scatters k
  // rows a token (`mlpCollective`).
  GroupPlacement tensorGroup{c.tp, 1, c.tp};
  double collective = net.allReduce(tokens * h * 2.0, tensorGroup, AllReduceAlgorithm::Ring);
  double mlpCollective =
      m.moe() ? net.allReduce(mlpRows * h * 2.0, tensorGroup, AllReduceAlgorithm::Ring)
              : collective;
  // The experts' all-to-alls over the expert group (ep ranks t apart,
  // RankGrid.h): dispatch and combine forward, their mirrors backward.
  // Megatron-Core's alltoall dispatcher waits for them in the step.
  const double allToAll =
      net.allToAll(moeTraffic.allToAllBytes, placeGroup(c.ep, c.tp, net.gpusPerNode()));

  // Backward: two all-reduce-sized collectives (the column-parallel linears'
  // input-gradient all-reduces, or with SP the row-parallel all-gathers and
  // column-parallel reduce-scatters), in the step; or, with
  // asyncTensorParallelBackward, Megatron-LM 2022's: each column-parallel
  // linear (linears[0], QKV; linears[2], fc1) hides its collectives under its
  // own GEMMs and only the excess shows.
  // The experts' gathers and scatters are not overlapped (Megatron-Core's
  // dispatcher runs them in the step).
  double backwardCollectives = collective + mlpCollective;
  if (p.asyncTensorParallelBackward) {
    const double gather = net.allGather(tokens * h * 2.0, tensorGroup);
    backwardCollectives = m.moe() ? mlpCollective : 0.0;
    for (int i : m.moe() ? std::vector<int>{0} : std::vector<int>{0, 2}) {
      const Linear &l = linears[i];
      const double dgrad = gemm(1, l.M, l.K, l.N), wgrad = gemm(1, l.K, l.N, l.M);
      if (c.sequenceParallel)
        // all-gather of the saved input shard under dgrad, reduce-scatter of
        // the input gradient (the all-gather's volume) under wgrad
        backwardCollectives += std::max(0.0, gather - dgrad) + std::max(0.0, gather - wgrad);
      else
        backwardCollectives += std::max(0.0, collective - wgrad);
    }
    // Row-parallel linears (proj, fc2) with SP: their output gradient is
    // all-gathered before their backward GEMMs, synchronously.
    if (c.sequenceParallel)
      backwardCollectives += (m.moe() ? 1 : 2) * gather;
  }

  LayerCost lc;
  lc.forward.compute = linF + coreF + softmaxF + streamF;
  lc.forward.tp = collective + mlpCollective;
  lc.forward.ep = moeTraffic.allToAllsForward * allToAll;
  lc.inputGrad.ep = moeTraffic.allToAllsBackward * allToAll;
  lc.forward.cp = ringExposedF;
  lc.forward.cpRing = ringF;
  lc.inputGrad.compute = linDgrad + coreB + softmaxB + streamB;
  lc.inputGrad.tp = backwardCollectives;
  lc.inputGrad.cp = ringExposedB;
  lc.inputGrad.cpRing = ringB;
  lc.weightGrad.compute = linWgrad;
  // Both recomputations run the attention forward again, and with it the
  // ring's forward exchanges.
  if (c.recompute == Recompute::Full) {
    lc.inputGrad.recompute = lc.forward.compute;
    lc.inputGrad.tp += lc.forward.tp;
    lc.inputGrad.ep += lc.forward.ep;
  } else if (c.recompute == Recompute::Selective) {
    lc.inputGrad.recompute = coreF + softmaxF;
  }
  if (c.recompute != Recompute::None) {
    lc.inputGrad.cp += ringExposedF;
    lc.inputGrad.cpRing += ringF;
  }
  return lc;
}

// Parameters of chunk k held by one GPU: its layers' share of the tensor
// group, the embeddings on chunk 0, the output layer on the last chunk (the
// MemoryModel's per-stage count, split by chunk).
double chunkParams(const ModelShape &m, const ParallelConfig &c, int k, int layers) {
  const int chunks = c.pp * c.vp;
  const double t = c.tp, vocabShard = static_cast<double>(m.vocab) * m.hidden / t;
  double params = layers * layerParamsPerGpu(m, c);
  if (k == 0)
    params += vocabShard + m.positionParams();
  if (k == chunks - 1 && (c.pp > 1 || !m.tied))
    params += vocabShard;
  return params;
}

} // namespace

ExpertTraffic expertTraffic(const ModelShape &m, const ParallelConfig &c) {
  ExpertTraffic traffic;
  if (!m.moe())
    return traffic;
  // A rank routes its b s/(cp t) tokens (sequence parallel) and sends k rows
  // of each, h bf16 values.
  traffic.allToAllBytes = 2.0 /*bf16*/ * c.microBatch * m.seq / c.cp / c.tp * m.topk * m.hidden;
  traffic.leavingBytes = traffic.allToAllBytes * (c.ep - 1) / c.ep;
  traffic.allToAllsForward = 2;
  traffic.allToAllsBackward = 2;
  return traffic;
}

ContextRing contextRingBytes(const ModelShape &m, const ParallelConfig &c) {
  ContextRing ring;
  if (c.cp <= 1)
    return ring;
  // A tensor rank holds kv/t key/value heads (t divides kv: validateConfig).
  ring.blockBytes = 2.0 /*bf16*/ * c.microBatch * (static_cast<double>(m.seq) / c.cp) * 2.0 *
                    m.keyValueWidth() / c.tp;
  ring.forwardBytes = (c.cp - 1) * ring.blockBytes;
  ring.backwardBytes = 2.0 * ring.forwardBytes;
  return ring;
}

CostParams megatron2021Params() {
  CostParams p;
  p.gradReduceBytes = 2;
  p.overlapGradReduce = false;
  return p;
}

double modelFlopsPerIteration(const ModelShape &m, int globalBatch) {
  double logits = 2.0 * m.seq * m.hidden * static_cast<double>(m.vocab);
  return 3.0 * globalBatch * (m.layers * m.layerForwardFlops() + logits);
}

double recomputeFlopsPerIteration(const ModelShape &m, int globalBatch, Recompute r) {
  double s = m.seq, h = m.hidden;
  switch (r) {
  case Recompute::Full:
    return static_cast<double>(globalBatch) * m.layers * m.layerForwardFlops();
  case Recompute::Selective:
    return static_cast<double>(globalBatch) * m.layers * 4.0 * s * s * h;
  case Recompute::None:
    return 0;
  }
  return 0;
}

Result<Prediction> evaluatePlan(const ModelShape &model, const ClusterSpec &cluster,
                                const ParallelConfig &config, const CostParams &p,
                                ReplayCache *cache) {
  auto valid = validateConfig(model, cluster, config);
  if (!valid.ok())
    return Error{valid.error()};
  const ParallelConfig &c = config;
  const DeviceSpec &dev = cluster.device;
  const double b = c.microBatch, s = model.seq, h = model.hidden, V = model.vocab;
  const int t = c.tp, pp = c.pp, vp = c.vp, d = c.dp, cp = c.cp, chunks = pp * vp;
  const int m = c.microbatches();
  const int G = cluster.gpusPerNode;
  NetworkModel net(dev, G, p.network);

  ReplayCache local;
  if (!cache)
    cache = &local;
  const PipelineSchedule *schedule = cache->schedule(c.scheduleName(), pp, vp, m);
  if (!schedule)
    return Error{"config: cannot build the " + c.scheduleName() + " schedule for pp=" +
                 std::to_string(pp) + " vp=" + std::to_string(vp) +
                 " m=" + std::to_string(m)};
  // zb-h1 in the order mtc-compile runs it: W steps earlier on a stage the
  // paper's order would take over 1F1B's fullest. Replay and memory see it.
  std::optional<PipelineSchedule> limited;
  if (c.limitsZeroBubbleMemory()) {
    auto order = limitZeroBubbleMemory(*schedule, model, c, cache->oneFOneB(pp, vp, m));
    if (!order)
      return Error{"config: " + order.error()};
    limited = std::move(*order);
  }
  const bool reordered = limited.has_value();
  if (reordered)
    schedule = &*limited;

  // ---- per-chunk step costs ----
  LayerCost lc = layerCost(model, c, dev, p, net);
  auto stream = [&](double bytes) { return streamSeconds(bytes, dev, p.compute); };
  auto gemm = [&](double M, double N, double K) {
    return gemmSeconds(1, M, N, K, dev, p.compute);
  };
  // A micro-batch's tokens on one rank: its s/cp share of each sequence.
  const double tokens = b * s / cp, actBytes = tokens * h * 2.0;
  GroupPlacement tensorGroup{t, 1, t};
  const double tpAllReduce = net.allReduce(actBytes, tensorGroup, AllReduceAlgorithm::Ring);
  // Placement in tp-cp-dp-pp order: the pipeline group has stride t*cp*d.
  GroupPlacement pipeGroup = placeGroup(pp, t * cp * d, G);
  const bool pipeCrossesNodes = pipeGroup.nodes > 1;
  double p2p = pp > 1 ? net.p2p(actBytes, pipeCrossesNodes, t, p.scatterGather,
                                c.sequenceParallel)
                      : 0.0;

  std::vector<int> layers = chunkLayerCounts(model, c);
  std::vector<StepCost> F(chunks), B(chunks), W(chunks);
  for (int k = 0; k < chunks; ++k) {
    F[k] = lc.forward.scaled(layers[k]);
    B[k] = lc.inputGrad.scaled(layers[k]);
    W[k] = lc.weightGrad.scaled(layers[k]);
  }
  // Embedding: vocab-parallel lookup, its all-reduce, dropout; backward
  // accumulates into the embedding gradient.
  const double embBytes = tokens * h * 8.0 / (c.sequenceParallel ? t : 1.0);
  F.front().compute += stream(embBytes);
  F.front().tp += tpAllReduce;
  B.front().compute += stream(embBytes);
  // Output layer (logits GEMM over V/t) and vocab-parallel cross-entropy.
  F.back().compute += gemm(tokens, V / t, h) + stream(tokens * V / t * 12.0);
  B.back().compute += gemm(tokens, h, V / t) + stream(tokens * V / t * 8.0);
  W.back().compute += gemm(h, V / t, tokens);
  B.back().tp += tpAllReduce;
  for (int k = 0; k < chunks && pp > 1; ++k) {
    // A neighbour on the same rank (the V's turn) hands its output over by a
    // copy: that step receives nothing.
    auto sameStage = [&](int other) {
      return other >= 0 && other < chunks &&
             stageOfChunk(other, pp, c.placement()) == stageOfChunk(k, pp, c.placement());
    };
    const bool localInput = sameStage(k - 1);
    const bool localGradient = sameStage(k + 1);
    if (!localInput)
      F[k].p2p += p2p * p.p2pTransfersPerStep;
    if (!localGradient)
      B[k].p2p += p2p * p.p2pTransfersPerStep;
  }
  // Gradient accumulation beyond the calibration software's: a pass over
  // the chunk's parameters after each micro-batch's weight gradients.
  if (p.extraAccumulationBytes > 0)
    for (int k = 0; k < chunks; ++k)
      W[k].compute += stream(chunkParams(model, c, k, layers[k]) * p.extraAccumulationBytes);
  // Without a split, a backward step is B and W together.
  if (!schedule->splitBackward)
    for (int k = 0; k < chunks; ++k) {
      B[k] += W[k];
      W[k] = StepCost{};
    }

  // ---- busy time per rank (exact) and the replayed bubble ----
  std::vector<StepCost> busy(pp);
  for (int k = 0; k < chunks; ++k) {
    StepCost perMicrobatch = F[k];
    perMicrobatch += B[k];
    perMicrobatch += W[k];
    busy[stageOfChunk(k, pp, c.placement())] += perMicrobatch.scaled(m);
  }
  // Replay in units of the mean forward step, rounded to 1/64: replays with
  // the same proportions share one simulation.
  double unit = 0;
  for (int k = 0; k < chunks; ++k)
    unit += F[k].total() / chunks;
  const int scheduleIndex =
      static_cast<int>(findPlannerSchedule(c.scheduleName()) - plannerSchedules().data());
  std::vector<int> key = {pp, vp, m, scheduleIndex, 0};
  if (reordered) { // the order depends on the model's bytes: key it by its steps
    // FNV-1a over every rank's steps, 31 bits: two orders would have to
    // collide with the same sizes and step costs to share a replay.
    uint32_t hash = 2166136261u;
    for (const RankSchedule &rs : schedule->ranks)
      for (const Step &st : rs.steps)
        for (int v : {static_cast<int>(st.kind), st.chunk, st.microbatch, rs.rank})
          hash = (hash ^ static_cast<uint32_t>(v)) * 16777619u;
    key[4] = static_cast<int>(hash & 0x7fffffff) | 1;
  }
  auto quantise = [&](double seconds) {
    return static_cast<int>(std::lround(seconds / unit * 64.0));
  };
  for (int k = 0; k < chunks; ++k) {
    key.push_back(quantise(F[k].total()));
    key.push_back(quantise(B[k].total()));
    key.push_back(quantise(W[k].total()));
  }
  const std::vector<double> *bubbles = cache->find(key);
  if (!bubbles) {
    const size_t costAt = 5;
    StepTiming timing;
    timing.cost = [&](int, const Step &step) {
      int slot = step.kind == StepKind::Forward ? 0 : step.kind == StepKind::Backward ? 1 : 2;
      return key[costAt + 3 * step.chunk + slot] / 64.0;
    };
    auto replay = checkSchedule(*schedule, timing);
    if (!replay.ok())
      return Error{"schedule replay: " + replay.error()};
    std::vector<double> idle(pp);
    for (int r = 0; r < pp; ++r)
      idle[r] = replay->makespan - replay->busy[r];
    cache->store(key, std::move(idle));
    bubbles = cache->find(key);
  }
  int critical = 0;
  for (int r = 1; r < pp; ++r)
    if (busy[r].total() > busy[critical].total())
      critical = r;
  const StepCost &crit = busy[critical];
  double bubble = std::max(0.0, (*bubbles)[critical] * unit);

  // ---- after the pipeline ----
  MemoryBreakdown mem = predictMemory(model, c, dev, schedule, p.memory);
  double paramsPerGpu = mem.params;
  // Replicated parameters' gradients are reduced over the d x cp ranks that
  // hold them (Megatron's data_parallel_group_with_cp): stride t in
  // tp-cp-dp-pp order. The distributed optimizer shards over them too.
  // Expert parameters are reduced, and sharded, over their expert-data
  // group instead: the d cp / ep ranks t ep apart (RankGrid.h), after the
  // dense ones.
  const int replicas = d * cp, expertReplicas = replicas / c.ep;
  const double denseParams = paramsPerGpu - mem.expertParams;
  // Adds the reduce and gather times of `params` replicated over `group`;
  // returns the reduction's algorithm.
  double dpReduce = 0, dpGather = 0;
  auto reduceOver = [&](double params, GroupPlacement group) {
    const double gradBytes = p.gradReduceBytes * params;
    AllReduceAlgorithm a = p.dpAllReduce == AllReduceAlgorithm::Auto
                               ? net.chooseAllReduce(gradBytes, group)
                               : p.dpAllReduce;
    if (c.distributedOptimizer && p.shardedOptimizerAllReduces) {
      // Whole gradients all-reduced, then each rank's updated 16-bit shard
      // all-gathered (DeepSpeed's BF16_Optimizer).
      dpReduce += net.allReduce(gradBytes, group, a);
      dpGather += net.allGather(2.0 * params, group);
    } else if (c.distributedOptimizer) {
      a = AllReduceAlgorithm::Ring; // reduce-scatter + all-gather are rings
      dpReduce += net.allGather(gradBytes, group);
      dpGather += net.allGather(2.0 * params, group);
    } else {
      dpReduce += net.allReduce(gradBytes, group, a);
    }
    return a;
  };
  const AllReduceAlgorithm algorithm = reduceOver(denseParams, placeGroup(replicas, t, G));
  if (mem.expertParams > 0)
    reduceOver(mem.expertParams, placeGroup(expertReplicas, t * c.ep, G));
  // Buckets reduce while the last micro-batch's backward still runs only
  // without a pipeline; with p > 1 the reduction starts after the flush.
  double overlapWindow = 0;
  if (pp == 1 && p.overlapGradReduce)
    for (int k = 0; k < chunks; ++k)
      overlapWindow += B[k].compute + B[k].recompute + W[k].compute;
  double dpExposed = std::max(0.0, dpReduce - overlapWindow) + dpGather;

  double embeddingSync = 0;
  // Under the V the embedding and the output layer share the first stage.
  if (pp > 1 && model.tied && c.placement() != ChunkPlacement::V) {
    GroupPlacement embeddingGroup{2, pipeCrossesNodes ? 2 : 1, pipeCrossesNodes ? 1 : 2};
    embeddingSync = net.allReduce(4.0 * V * h / t, embeddingGroup, AllReduceAlgorithm::Ring);
  }
  double optimizerParams = c.distributedOptimizer
                               ? denseParams / replicas + mem.expertParams / expertReplicas
                               : paramsPerGpu;
  double optimizer = stream(optimizerParams * 32.0);

  Prediction pr;
  pr.config = c;
  pr.criticalRank = critical;
  pr.computeTime = crit.compute + crit.recompute;
  pr.recomputeTime = crit.recompute;
  pr.tpCommTime = crit.tp;
  pr.p2pTime = crit.p2p;
  pr.cpCommTime = crit.cp;
  pr.cpRingTime = crit.cpRing;
  pr.epCommTime = crit.ep;
  pr.bubbleTime = bubble;
  pr.dpCommTime = dpReduce + dpGather;
  pr.dpAlgorithm = algorithm;
  pr.dpExposedTime = dpExposed;
  pr.embeddingSyncTime = embeddingSync;
  pr.optimizerTime = optimizer;
  pr.iterationTime = pr.computeTime + pr.tpCommTime + pr.p2pTime + pr.cpCommTime +
                     pr.epCommTime + pr.bubbleTime + pr.dpExposedTime + pr.embeddingSyncTime +
                     pr.optimizerTime;
  pr.bubbleFraction = crit.total() > 0 ? bubble / crit.total() : 0;
  const double gpuSeconds = pr.iterationTime * c.gpus();
  pr.modelFlops = modelFlopsPerIteration(model, c.globalBatch);
  pr.hardwareFlops =
      pr.modelFlops + recomputeFlopsPerIteration(model, c.globalBatch, c.recompute);
  pr.paperFlops = model.paperFlopsPerIteration(c.globalBatch);
  pr.tflopsPerGpu = pr.hardwareFlops / gpuSeconds / 1e12;
  pr.paperTflopsPerGpu = pr.paperFlops / gpuSeconds / 1e12;
  pr.mfu = pr.modelFlops / (gpuSeconds * dev.peakFlops);
  pr.hfu = pr.hardwareFlops / (gpuSeconds * dev.peakFlops);
  pr.tokensPerSecond = static_cast<double>(c.globalBatch) * s / pr.iterationTime;
  pr.memory = mem;
  pr.memoryMargin = p.memoryMarginBytes;
  pr.hbmBytes = dev.hbmBytes;
  pr.fits = pr.memoryShortfall() <= 0;
  return pr;
}

} // namespace mtc
