// Context parallelism in the planner: validity, memory, the ring's traffic,
// the search, mtc-plan's flag and report, and Llama 3 405B's 8K and 128K
// runs (Dubey et al. 2024, Table 4).
#include "mtc/Plan/CostModel.h"
#include "mtc/Plan/PaperTable.h"
#include "mtc/Plan/PlanTool.h"
#include "mtc/Plan/Planner.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

using namespace mtc;

namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

ClusterSpec cluster(const char *gpu, int gpus) {
  ClusterSpec cl;
  cl.gpus = gpus;
  cl.gpusPerNode = 8;
  cl.device = *findDevice(gpu);
  return cl;
}

// cp enters the world size, the sequence split (2 cp chunks for causal
// attention, cp for BERT's) and sequence parallelism's shard; errors name
// the numbers. summary() and compileFlags() carry it when > 1.
TEST(ContextParallel, ValidateNamesTheNumbers) {
  ModelShape gpt{4, 1024, 16, 0, 1000, 2048, true};
  ParallelConfig c;
  c.tp = 2;
  c.cp = 4;
  c.dp = 2;
  c.globalBatch = 8;
  EXPECT_EQ(c.gpus(), 16);
  ASSERT_TRUE(validateConfig(gpt, cluster("a100-80gb", 16), c).ok());
  EXPECT_NE(c.summary().find("t=2 cp=4 p=1"), std::string::npos) << c.summary();
  EXPECT_NE(c.compileFlags().find("--dp=2 --context-parallel-size=4 "), std::string::npos)
      << c.compileFlags();

  auto world = validateConfig(gpt, cluster("a100-80gb", 32), c);
  ASSERT_FALSE(world.ok());
  EXPECT_NE(world.error().find("tp*cp*pp*dp = 2*4*1*2 = 16 != 32 GPUs"), std::string::npos)
      << world.error();

  ModelShape odd = gpt;
  odd.seq = 1000; // 2 cp = 16 does not divide 1000, cp = 8 does
  c.cp = 8;
  c.dp = 1;
  auto causal = validateConfig(odd, cluster("a100-80gb", 16), c);
  ASSERT_FALSE(causal.ok());
  EXPECT_NE(causal.error().find("2*cp = 2*8 = 16"), std::string::npos) << causal.error();
  EXPECT_NE(causal.error().find("1000"), std::string::npos) << causal.error();
  odd.arch = "bert"; // bidirectional: cp chunks
  EXPECT_TRUE(validateConfig(odd, cluster("a100-80gb", 16), c).ok());
  c.cp = 16;
  auto bert = validateConfig(odd, cluster("a100-80gb", 32), c);
  ASSERT_FALSE(bert.ok());
  EXPECT_NE(bert.error().find("cp = 16 to divide the sequence length 1000"), std::string::npos)
      << bert.error();

  c.cp = 0;
  auto zero = validateConfig(gpt, cluster("a100-80gb", 16), c);
  ASSERT_FALSE(zero.ok());
  EXPECT_NE(zero.error().find("cp=0"), std::string::npos) << zero.error();

  // Sequence parallelism shards a rank's s/cp tokens: 48 / 4 = 12 over t = 8.
  ModelShape shortSeq = gpt;
  shortSeq.seq = 48;
  c.tp = 8;
  c.cp = 4;
  c.sequenceParallel = true;
  auto sp = validateConfig(shortSeq, cluster("a100-80gb", 32), c);
  ASSERT_FALSE(sp.ok());
  EXPECT_NE(sp.error().find("tp=8 to divide the 12 tokens"), std::string::npos) << sp.error();

  c = ParallelConfig{};
  EXPECT_EQ(c.summary().find("cp="), std::string::npos);
  EXPECT_EQ(c.compileFlags().find("context-parallel"), std::string::npos);
}

// Every per-layer activation term is over a rank's s/cp tokens (the scores:
// its s/cp queries against all s keys), so each formula of MemoryModel.h is
// divided by cp; parameters are replicated; the distributed optimizer shards
// over d x cp.
TEST(ContextParallel, MemoryFallsByCp) {
  ModelShape m{24, 2304, 24, 0, 51200, 8192, true};
  const double s = 8192, h = 2304, a = 24, sbh = s * h;
  for (Recompute rc : {Recompute::None, Recompute::Selective, Recompute::Full})
    for (bool sp : {false, true}) {
      ParallelConfig c;
      c.tp = sp ? 8 : 2;
      c.sequenceParallel = sp;
      c.recompute = rc;
      const double whole = layerActivationBytes(m, c);
      const double wholeW = layerWeightGradBytes(m, c);
      c.cp = 4;
      EXPECT_NEAR(layerActivationBytes(m, c), whole / 4, 1e-9 * whole)
          << toString(rc) << " sp " << sp;
      EXPECT_NEAR(layerWeightGradBytes(m, c), wholeW / 4, 1e-9 * wholeW);
    }
  // The formula itself, t = 2, cp = 4, no recompute:
  // (s/cp) b h (10 + (8 + 4f/h)/t) + 5 a (s/cp) s b / t.
  ParallelConfig c;
  c.tp = 2;
  c.cp = 4;
  EXPECT_NEAR(layerActivationBytes(m, c),
              sbh / 4 * (10 + 24.0 / 2) + 5 * a * (s / 4) * s / 2, 1);

  // Whole stages: 8 GPUs at cp = 1 against 32 at cp = 4, d = 2 each.
  c = ParallelConfig{};
  c.tp = 4;
  c.dp = 2;
  c.globalBatch = 8;
  c.distributedOptimizer = true;
  c.recompute = Recompute::Selective;
  const DeviceSpec &dev = *findDevice("a100-80gb");
  MemoryBreakdown one = predictMemory(m, c, dev);
  c.cp = 4;
  MemoryBreakdown four = predictMemory(m, c, dev);
  EXPECT_NEAR(four.activations, one.activations / 4, 1e-9 * one.activations);
  EXPECT_EQ(four.params, one.params);
  EXPECT_EQ(four.weights, one.weights);
  EXPECT_EQ(four.gradients, one.gradients);
  EXPECT_NEAR(one.optimizer / one.params, 12.0 / 2, 1e-12);
  EXPECT_NEAR(four.optimizer / four.params, 12.0 / (2 * 4), 1e-12);
}

// One K/V block is b (s/cp) x 2 kv/t heads x d in bf16; a layer's
// forward sends cp - 1 of them, its backward twice that.
TEST(ContextParallel, RingBytesFormula) {
  ModelShape m{32, 4096, 32, 0, 32000, 32768, true}; // d = 128
  ParallelConfig c;
  c.microBatch = 2;
  c.tp = 4;
  EXPECT_EQ(contextRingBytes(m, c).blockBytes, 0); // cp = 1: no ring
  c.cp = 8;
  ContextRing mha = contextRingBytes(m, c);
  const double block = 2.0 * 2 * (32768 / 8) * 2 * (32 / 4) * 128;
  EXPECT_DOUBLE_EQ(mha.blockBytes, block);
  EXPECT_DOUBLE_EQ(mha.forwardBytes, 7 * block);
  EXPECT_DOUBLE_EQ(mha.backwardBytes, 14 * block);
  // Grouped-query attention: 8 key/value heads over t = 4, 2 each.
  ModelShape gqa = m;
  gqa.arch = "llama";
  gqa.kvHeads = 8;
  EXPECT_DOUBLE_EQ(contextRingBytes(gqa, c).blockBytes, block / 4);
}

// A ring step: NVLink inside a node, the sender's NIC share across nodes.
TEST(ContextParallel, RingStepOnTheNetwork) {
  NetworkModel net(*findDevice("h100-80gb"), 8);
  EXPECT_NEAR(net.ringStep(100e6, placeGroup(4, 2, 8)), 100e6 / (450e9 * 0.8) + 3.4e-6, 1e-12);
  GroupPlacement across = placeGroup(16, 8, 8); // t = 8: one member per node
  EXPECT_EQ(across.nodes, 16);
  EXPECT_NEAR(net.ringStep(100e6, across), 100e6 / (50e9 * 0.8) + 9.6e-6, 1e-12);
  EXPECT_EQ(net.ringStep(100e6, placeGroup(1, 8, 8)), 0);
}

// cp = 2 with micro-batch 2 runs the GEMMs of d = 2 with micro-batch 1 (the
// same b s/cp tokens) and, under causal flash attention, the same attention
// FLOPs (2 ring steps of half an (s/2)^2 block for twice the samples); its
// gradients reduce over the same d x cp = 2 ranks. It adds the ring: all of
// its traffic is counted, and what a block's computation hides is not
// charged.
TEST(ContextParallel, TokenWorkSplitsAndTheRingIsCharged) {
  ModelShape m{8, 4096, 32, 0, 32000, 16384, true};
  ClusterSpec cl = cluster("h100-80gb", 4);
  ParallelConfig dp;
  dp.tp = 2;
  dp.dp = 2;
  dp.globalBatch = 4;
  dp.flashAttention = true;
  ParallelConfig cp = dp;
  cp.dp = 1;
  cp.cp = 2;
  cp.microBatch = 2;
  auto byData = evaluatePlan(m, cl, dp), byContext = evaluatePlan(m, cl, cp);
  ASSERT_TRUE(byData.ok() && byContext.ok()) << byContext.error();
  EXPECT_EQ(byContext->config.microbatches(), byData->config.microbatches());
  EXPECT_NEAR(byContext->computeTime, byData->computeTime, 1e-9 * byData->computeTime);
  EXPECT_NEAR(byContext->dpCommTime, byData->dpCommTime, 1e-12);
  EXPECT_EQ(byData->cpRingTime, 0);

  // The ring, t = 2, cp = 2: one node, NVLink. Per layer and micro-batch one
  // block forward, two backward; each block's attention (8192^2 / 2 scores
  // per head) hides it.
  NetworkModel net(cl.device, 8);
  const ContextRing ring = contextRingBytes(m, cp);
  const GroupPlacement g = placeGroup(2, 2, 8);
  const double perLayer = net.ringStep(ring.blockBytes, g) + net.ringStep(2 * ring.blockBytes, g);
  EXPECT_NEAR(byContext->cpRingTime, 8 * 2 * perLayer, 1e-12);
  EXPECT_EQ(byContext->cpCommTime, 0);
  EXPECT_NEAR(byContext->iterationTime, byData->iterationTime, 1e-9 * byData->iterationTime);

  // Short blocks across nodes expose the transfer: seq 2048 over cp = 16
  // ranks 8 apart (t = 8), 128 tokens a block. Exposed per step: transfer -
  // the block's flash attention (compute- or HBM-bound, at least a kernel).
  ModelShape shortSeq{2, 4096, 32, 0, 32000, 2048, true};
  ParallelConfig wide;
  wide.tp = 8;
  wide.cp = 16;
  wide.globalBatch = 1;
  wide.flashAttention = true;
  ClusterSpec big = cluster("h100-80gb", 128);
  auto exposed = evaluatePlan(shortSeq, big, wide);
  ASSERT_TRUE(exposed.ok()) << exposed.error();
  const DeviceSpec &dev = big.device;
  const double sq = 128, hd = 128, heads = 32.0 / 8;
  auto flash = [&](double flops, double bytes, int kernels) {
    return std::max(flops / (dev.peakFlops * dev.flashFraction),
                    streamSeconds(bytes, dev, {}, kernels));
  };
  const double blockF = flash(2 * heads * sq * sq * hd, 8 * heads * sq * hd, 1);
  const double blockB = flash(7 * heads * sq * sq * hd, 26 * heads * sq * hd, 3);
  const ContextRing wideRing = contextRingBytes(shortSeq, wide);
  const GroupPlacement across = placeGroup(16, 8, 8);
  const double stepF = net.ringStep(wideRing.blockBytes, across);
  const double stepB = net.ringStep(2 * wideRing.blockBytes, across);
  ASSERT_GT(stepF, blockF);
  EXPECT_NEAR(exposed->cpCommTime,
              2 * 15 * (std::max(0.0, stepF - blockF) + std::max(0.0, stepB - blockB)), 1e-12);
  EXPECT_NEAR(exposed->cpRingTime, 2 * 15 * (stepF + stepB), 1e-12);
  EXPECT_NEAR(exposed->exposedCommTime(),
              exposed->tpCommTime + exposed->p2pTime + exposed->cpCommTime +
                  exposed->dpExposedTime + exposed->embeddingSyncTime,
              1e-15);
  EXPECT_NEAR(exposed->iterationTime,
              exposed->computeTime + exposed->tpCommTime + exposed->p2pTime +
                  exposed->cpCommTime + exposed->bubbleTime + exposed->dpExposedTime +
                  exposed->embeddingSyncTime + exposed->optimizerTime,
              1e-9 * exposed->iterationTime);
}

// The sizes the search tries: powers of two up to 32 that split the
// sequence (2 cp chunks when causal) and leave >= 2048 tokens a rank.
TEST(ContextParallel, SearchSizes) {
  ModelShape m{4, 1024, 16, 0, 1000, 2048, true};
  EXPECT_EQ(contextParallelSizes(m), std::vector<int>{1});
  m.seq = 131072;
  EXPECT_EQ(contextParallelSizes(m), (std::vector<int>{1, 2, 4, 8, 16, 32}));
  m.seq = 6144; // 2 cp | 6144 for cp <= 1024; 6144 / 4 < 2048
  EXPECT_EQ(contextParallelSizes(m), (std::vector<int>{1, 2}));
  SearchOptions all;
  all.minContextTokens = 1;
  all.maxContextParallel = 8;
  m.seq = 24; // 2 cp | 24: cp = 2, 4
  EXPECT_EQ(contextParallelSizes(m, all), (std::vector<int>{1, 2, 4}));
  m.arch = "bert"; // cp | 24: also 8
  EXPECT_EQ(contextParallelSizes(m, all), (std::vector<int>{1, 2, 4, 8}));
}

// A 512K-token sequence with a 256K vocabulary on 32 H100s: the last
// stage's logits and fp32 softmax alone are s V / t x 6 B = 100 GB at t = 8,
// so no layout without context parallelism fits; the search splits the
// sequence.
TEST(ContextParallel, SearchChoosesCpWhenNothingElseFits) {
  ModelShape m{24, 2048, 16, 0, 256000, 524288, true};
  ClusterSpec cl = cluster("h100-80gb", 32);
  SearchOptions options;
  options.flashAttention = true;
  options.maxContextParallel = 1;
  auto without = searchPlans(m, cl, 32, {}, options);
  ASSERT_FALSE(without.ok());
  EXPECT_NE(without.error().find("fits in 80.0 GiB"), std::string::npos) << without.error();
  options.maxContextParallel = 32;
  auto with = searchPlans(m, cl, 32, {}, options);
  ASSERT_TRUE(with.ok()) << with.error();
  const Prediction &best = with->best();
  std::printf("512K tokens on 32 H100s: %s, %.1f GiB, %.0f s per iteration\n",
              best.config.summary().c_str(), best.memory.total() / kGiB, best.iterationTime);
  EXPECT_GT(best.config.cp, 1);
  EXPECT_TRUE(best.fits);
  EXPECT_EQ(best.config.gpus(), 32);
  for (const Prediction &p : with->fitting)
    EXPECT_GT(p.config.cp, 1) << p.config.summary();
}

// Llama 3 405B (Dubey et al. 2024, Table 4) on H100s: 8K tokens at t8 cp1
// p16 d128 ran at 400 TFLOP/s per GPU, 128K tokens at t8 cp16 p16 d8 at 380
// (0.95 of it). The paper does not print v or the schedule, and says only
// that 8K ran without activation checkpointing (section 3.3.2). Each row is
// predicted twice, as the fastest plan of the published (t, cp, p, d) over v
// in {1, 2, 4} (the 7,8,...,8,7 layout spread over the chunks): (a) without
// recomputation, as the paper ran 8K (and assumed for 128K), whatever the
// planner's memory model says (it puts both at 96 GiB: it is pessimistic
// for Meta's stack here); (b) the fastest that fits the planner's memory
// model over none / selective / full recomputation (full, at both lengths).
//
// The attention kernel decides the 128K row: causal attention is 57% of its
// model FLOPs. The h100-80gb preset's flashFraction (0.20) is mtc's own
// kernel (docs/gpu.md: mma.sync without cp.async or wgmma); Meta's run used
// another. It is given FlashAttention-2's published H100 utilisation, 35%
// (Shah et al. 2024, FlashAttention-3, abstract: "FlashAttention-2 achieving
// only 35% utilization on H100"), a figure from the kernel's authors, not
// fitted here. The band for that prediction, [0.80, 1.00): the published
// 0.95 with room for the model's 5-7% per-run error on each row (docs/
// planner.md) and the unprinted knobs; below 1 is the trend itself. mtc's
// kernel is only checked to keep the trend (its ratio is printed).
//
// Throughput is model FLOPs per GPU (the paper's TFLOPs/GPU is its BF16 MFU
// x peak), counting attention as 4 s^2 h per layer and sample, unhalved for
// the causal mask, as modelFlopsPerIteration does.
Prediction fastest(const LongContextRow &row, const ClusterSpec &cl, bool mustFit) {
  CostParams params;
  Prediction best;
  for (int v : {1, 2, 4})
    for (Recompute rc : {Recompute::None, Recompute::Selective, Recompute::Full}) {
      if (!mustFit && rc != Recompute::None)
        continue;
      ParallelConfig c = row.config;
      c.vp = v;
      c.layersPerChunk = spreadLayout(row.model.layers, c.pp, v, 7, 7);
      c.recompute = rc;
      auto pr = evaluatePlan(row.model, cl, c, params);
      if (pr.ok() && (pr->fits || !mustFit) &&
          (best.iterationTime == 0 || pr->iterationTime < best.iterationTime))
        best = *pr;
    }
  return best;
}

Prediction fastestFitting(const LongContextRow &row, const ClusterSpec &cl) {
  return fastest(row, cl, true);
}

double modelTflops(const Prediction &p, const DeviceSpec &dev) {
  return p.mfu * dev.peakFlops / 1e12;
}

TEST(ContextParallel, Llama3LongContextTrend) {
  const auto &rows = llama3Table4();
  ASSERT_EQ(rows.size(), 3u);
  const LongContextRow &short16k = rows[1], &long16k = rows[2];
  ASSERT_EQ(long16k.config.gpus(), 16384);
  ASSERT_EQ(long16k.config.microbatches(), 16);
  EXPECT_EQ(long16k.model.totalParams(), 405853388800.0); // the LLaMA layer's count
  ASSERT_EQ(short16k.config.microbatches(), 16);

  ClusterSpec preset = cluster("h100-80gb", 16384);
  ClusterSpec fa2 = preset;
  fa2.device.flashFraction = 0.35;
  for (const ClusterSpec *cl : {&fa2, &preset})
    for (bool mustFit : {false, true}) {
      std::printf("flash attention at %.0f%% of peak, %s:\n", cl->device.flashFraction * 100,
                  mustFit ? "the fastest that fits" : "no recomputation");
      double tflops[3];
      for (int i = 0; i < 3; ++i) {
        ClusterSpec c = *cl;
        c.gpus = rows[i].gpus;
        Prediction p = fastest(rows[i], c, mustFit);
        ASSERT_GT(p.iterationTime, 0) << rows[i].label << ": nothing fits";
        tflops[i] = modelTflops(p, c.device);
        std::printf("  %-28s published %3.0f TFLOP/s, predicted %5.1f (%s; %.2f s, %.1f GiB, "
                    "ring %.3f s, %.3f s exposed)\n",
                    rows[i].label.c_str(), rows[i].publishedTflopsPerGpu, tflops[i],
                    p.config.summary().substr(0, p.config.summary().find(" layers=")).c_str(),
                    p.iterationTime, p.memory.total() / kGiB, p.cpRingTime, p.cpCommTime);
      }
      const double ratio = tflops[2] / tflops[1];
      std::printf("  128K / 8K: published %.3f, predicted %.3f\n", 380.0 / 400, ratio);
      EXPECT_LT(ratio, 1.0);
      if (cl == &fa2) {
        EXPECT_GE(ratio, 0.80);
      }
    }

  // Memory: the 128K row's 16 micro-batches of one sequence per pipeline
  // (its d = 8) fit with cp = 16 and in no setting without it (1024 GPUs).
  Prediction withCp = fastestFitting(long16k, preset);
  EXPECT_TRUE(withCp.fits);
  LongContextRow noCp = long16k;
  noCp.config.cp = 1;
  noCp.gpus = 1024;
  ClusterSpec small = cluster("h100-80gb", 1024);
  double leanest = 1e30;
  for (int v : {1, 2, 4})
    for (Recompute rc : {Recompute::None, Recompute::Selective, Recompute::Full}) {
      ParallelConfig c = noCp.config;
      c.vp = v;
      c.layersPerChunk = spreadLayout(126, 16, v, 7, 7);
      c.recompute = rc;
      auto pr = evaluatePlan(noCp.model, small, c, CostParams{});
      ASSERT_TRUE(pr.ok()) << pr.error();
      EXPECT_FALSE(pr->fits) << c.summary();
      leanest = std::min(leanest, pr->memory.total());
    }
  std::printf("128K tokens, t8 p16 d8: cp=16 %.1f GiB per GPU, cp=1 at least %.1f GiB\n",
              withCp.memory.total() / kGiB, leanest / kGiB);
  EXPECT_GT(leanest, preset.device.hbmBytes);
  EXPECT_LT(withCp.memory.total() + withCp.memoryMargin, preset.device.hbmBytes);

  // On the same 16384 GPUs without cp, d = 128 leaves one 128K sequence per
  // pipeline: m = 1, and the 16-stage pipeline idles (p-1)/m.
  LongContextRow allData = long16k;
  allData.config.cp = 1;
  allData.config.dp = 128;
  Prediction oneMicrobatch = fastestFitting(allData, preset);
  ASSERT_GT(oneMicrobatch.iterationTime, 0);
  std::printf("128K tokens on 16384 GPUs without cp (d=128, m=1): %.1f s per iteration, %.1f "
              "GiB, against %.1f s with cp=16\n",
              oneMicrobatch.iterationTime, oneMicrobatch.memory.total() / kGiB,
              withCp.iterationTime);
  EXPECT_GT(oneMicrobatch.iterationTime, 5 * withCp.iterationTime);
}

std::vector<std::string> split(const std::string &s) {
  std::istringstream is(s);
  std::vector<std::string> out;
  for (std::string w; is >> w;)
    out.push_back(w);
  return out;
}

int run(const std::string &args, std::string &out, std::string &err) {
  auto req = parsePlanArgs(split(args));
  if (!req.ok()) {
    err = req.error();
    return 2;
  }
  std::ostringstream o, e;
  int rc = runPlanTool(*req, o, e);
  out = o.str();
  err = e.str();
  return rc;
}

// mtc-plan --evaluate takes --context-parallel-size (--cp); --dp defaults to
// what t*cp*p leaves; the report shows cp in the table, the ring in the
// breakdown and the flag for mtc-compile.
TEST(ContextParallel, PlanToolFlagAndReport) {
  const std::string model = "--num-layers 8 --hidden-size 2048 --num-attention-heads 16 "
                            "--vocab-size 32000 --seq-length 32768 --gpu h100-80gb "
                            "--attention-backend flash ";
  std::string out, err;
  ASSERT_EQ(run(model + "--gpus 16 --global-batch 8 --evaluate --tp 2 --context-parallel-size 4 "
                        "--recompute selective",
                out, err),
            0)
      << err << out;
  EXPECT_NE(out.find("  #   t  cp   p   v    d"), std::string::npos) << out;
  EXPECT_NE(out.find("  1   2   4   1   1    2    1     4 "), std::string::npos) << out;
  EXPECT_NE(out.find(" + CP ring "), std::string::npos) << out;
  EXPECT_NE(out.find("--dp=2 --context-parallel-size=4 "), std::string::npos) << out;
  ASSERT_EQ(run(model + "--gpus 16 --global-batch 8 --evaluate --tp 2 --cp 4 --json", out, err), 0)
      << err;
  auto j = nlohmann::json::parse(out);
  EXPECT_EQ(j["cp"], 4);
  EXPECT_EQ(j["dp"], 2);
  EXPECT_GT(j["breakdown_s"]["cp_comm_total"].get<double>(), 0);
  EXPECT_EQ(run(model + "--gpus 12 --global-batch 8 --evaluate --tp 2 --cp 4", out, err), 2);
  EXPECT_NE(err.find("not a multiple of tp*cp*pp = 8"), std::string::npos) << err;
  EXPECT_EQ(run(model + "--gpus 16 --global-batch 8 --evaluate --tp 2 --cp 3 --dp 2", out, err), 1);
  EXPECT_NE(err.find("tp*cp*pp*dp = 2*3*1*2 = 12 != 16 GPUs"), std::string::npos) << err;
}

} // namespace
