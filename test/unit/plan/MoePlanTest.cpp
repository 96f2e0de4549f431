// The planner's mixture of experts (ModelShape::experts, expert parallelism
// ep): parameter counts against the published Mixtral models', active FLOPs,
// the rules of an ep layout, the all-to-all bytes and time, where expert
// memory goes, the config keys and flags, and a search over ep.
#include "mtc/Plan/CostModel.h"
#include "mtc/Plan/Device.h"
#include "mtc/Plan/MemoryModel.h"
#include "mtc/Plan/PlanTool.h"
#include "mtc/Plan/Planner.h"

#include <gtest/gtest.h>

#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace mtc {
namespace {

std::string mixtralJson(int layers, int hidden, int heads, int kv, int ffn, int vocab,
                        int experts, int topk, const std::string &extra = "") {
  return R"({"model_type": "mixtral", "num_hidden_layers": )" + std::to_string(layers) +
         R"(, "hidden_size": )" + std::to_string(hidden) + R"(, "num_attention_heads": )" +
         std::to_string(heads) + R"(, "num_key_value_heads": )" + std::to_string(kv) +
         R"(, "intermediate_size": )" + std::to_string(ffn) + R"(, "vocab_size": )" +
         std::to_string(vocab) + R"(, "num_local_experts": )" + std::to_string(experts) +
         R"(, "num_experts_per_tok": )" + std::to_string(topk) +
         R"(, "max_position_embeddings": 4096, "hidden_act": "silu", "sliding_window": null,
            "router_aux_loss_coef": 0.02, "output_router_logits": false)" +
         extra + "}";
}

ModelShape config(const std::string &json) {
  auto m = parseModelConfig(json, "config.json");
  EXPECT_TRUE(m.ok()) << m.error();
  return m.ok() ? *m : ModelShape{};
}

ModelShape mixtral8x7b() { return config(mixtralJson(32, 4096, 32, 8, 14336, 32000, 8, 2)); }

ClusterSpec h100s(int gpus) {
  ClusterSpec cl;
  cl.gpus = gpus;
  cl.gpusPerNode = 8;
  cl.device = *findDevice("h100-80gb");
  return cl;
}

// HuggingFace's num_parameters() of Mixtral 8x7B, and Mistral AI's published
// 12.9B active; Mixtral 8x22B's published 141B total and 39B active.
TEST(MoePlan, ParameterCountsAreThePublishedModels) {
  const ModelShape m = mixtral8x7b();
  EXPECT_TRUE(m.moe());
  EXPECT_EQ(m.experts, 8);
  EXPECT_EQ(m.topk, 2);
  EXPECT_FALSE(m.tied);
  EXPECT_EQ(m.totalParams(), 46702792704.0);
  EXPECT_NEAR(m.activeParams(), 12.9e9, 0.05e9);
  const ModelShape big = config(mixtralJson(56, 6144, 48, 8, 16384, 32768, 8, 2));
  EXPECT_NEAR(big.totalParams(), 141e9, 0.5e9);
  EXPECT_NEAR(big.activeParams(), 39e9, 0.5e9);
}

// A layer's model FLOPs: attention's 4 s^2 h plus two per weight a token
// passes through (the router and its k experts), norms aside.
TEST(MoePlan, ForwardFlopsAreTheActivePath) {
  ModelShape m = mixtral8x7b();
  m.seq = 2048;
  const double s = m.seq, h = m.hidden;
  EXPECT_DOUBLE_EQ(m.layerForwardFlops() - 4 * s * s * h,
                   2 * s * (m.layerActiveParams() - 2 * h));
  // Top-1 of one expert is the dense LLaMA layer plus the router.
  ModelShape one = m, dense = m;
  one.experts = 1;
  one.topk = 1;
  dense.experts = dense.topk = 0;
  EXPECT_DOUBLE_EQ(one.layerForwardFlops() - dense.layerForwardFlops(), 2 * s * h * 1);
  EXPECT_DOUBLE_EQ(one.layerParams() - dense.layerParams(), h * 1);
}

TEST(MoePlan, LayoutRules) {
  const ModelShape m = mixtral8x7b();
  const ClusterSpec cl = h100s(64);
  ParallelConfig c;
  c.tp = 2;
  c.pp = 4;
  c.dp = 8;
  c.ep = 4;
  c.sequenceParallel = true;
  c.globalBatch = 64;
  ASSERT_TRUE(validateConfig(m, cl, c).ok()) << validateConfig(m, cl, c).error();
  auto refused = [&](ParallelConfig bad, const ModelShape &model, const std::string &says) {
    auto r = validateConfig(model, cl, bad);
    ASSERT_FALSE(r.ok()) << bad.summary();
    EXPECT_NE(r.error().find(says), std::string::npos) << r.error();
  };
  ParallelConfig bad = c;
  bad.sequenceParallel = false;
  refused(bad, m, "needs sequence parallelism");
  bad = c;
  bad.ep = 16;
  refused(bad, m, "ep=16 does not divide the 8 experts");
  bad = c;
  bad.pp = 8;
  bad.dp = 4;
  bad.ep = 8;
  refused(bad, m, "ep=8 does not divide cp*dp = 1*4 = 4");
  // With context parallelism the expert groups fold onto cp x d ranks.
  bad.pp = 4;
  bad.cp = 2;
  EXPECT_TRUE(validateConfig(m, cl, bad).ok()) << validateConfig(m, cl, bad).error();
  ModelShape dense = m;
  dense.experts = dense.topk = 0;
  refused(c, dense, "ep=4 splits experts; the model has none");
}

// The all-to-all's data is the rank's tokens' k rows; the cost model charges
// four of them per layer and micro-batch (six with full recomputation).
TEST(MoePlan, AllToAllBytesAndTime) {
  ModelShape m = mixtral8x7b();
  m.seq = 4096;
  ParallelConfig c;
  c.tp = 2;
  c.cp = 2;
  c.dp = 16;
  c.ep = 8;
  c.microBatch = 2;
  c.sequenceParallel = true;
  c.globalBatch = 64;
  const ExpertTraffic traffic = expertTraffic(m, c);
  const double bytes = 2.0 * 2 * (4096.0 / 2 / 2) * 2 * 4096; // bf16 b (s/(cp t)) k h
  EXPECT_DOUBLE_EQ(traffic.allToAllBytes, bytes);
  EXPECT_DOUBLE_EQ(traffic.leavingBytes, bytes * 7 / 8);
  EXPECT_EQ(traffic.allToAllsForward, 2);
  EXPECT_EQ(traffic.allToAllsBackward, 2);
  ModelShape dense = m;
  dense.experts = dense.topk = 0;
  EXPECT_EQ(expertTraffic(dense, c).allToAllBytes, 0.0);

  // The busiest rank's expert time: m micro-batches x layers x 4 all-to-alls
  // over ep ranks t apart (one node holds 4 of them: two nodes).
  const ClusterSpec cl = h100s(64);
  NetworkModel net(cl.device, cl.gpusPerNode);
  const GroupPlacement group = placeGroup(8, 2, 8);
  EXPECT_EQ(group.perNode, 4);
  EXPECT_EQ(group.nodes, 2);
  const double one = net.allToAll(bytes, group);
  auto pr = evaluatePlan(m, cl, c);
  ASSERT_TRUE(pr.ok()) << pr.error();
  const int micro = c.microbatches();
  EXPECT_NEAR(pr->epCommTime, micro * m.layers * 4 * one, 1e-12 * pr->epCommTime);
  c.recompute = Recompute::Full;
  auto full = evaluatePlan(m, cl, c);
  ASSERT_TRUE(full.ok()) << full.error();
  EXPECT_NEAR(full->epCommTime, micro * m.layers * 6 * one, 1e-12 * full->epCommTime);
  c.recompute = Recompute::None;
  c.ep = 1;
  auto local = evaluatePlan(m, cl, c);
  ASSERT_TRUE(local.ok()) << local.error();
  EXPECT_EQ(local->epCommTime, 0.0);
}

// Each member sends n - 1 shares of bytes/n: over NVLink inside a node, the
// other nodes' shares over its NIC, at once.
TEST(MoePlan, AllToAllNetworkTime) {
  const DeviceSpec dev = *findDevice("h100-80gb");
  NetworkParams p;
  NetworkModel net(dev, 8, p);
  const double S = 64e6;
  const double inNode = 7 * S / 8 / (dev.nvlinkBandwidth * p.nvlinkP2pEfficiency) +
                        p.baseLatency + p.ringNvlinkLatency;
  EXPECT_DOUBLE_EQ(net.allToAll(S, placeGroup(8, 1, 8)), inNode);
  // 16 members, 8 a node: half the data leaves over the NIC share.
  const double network = 8 * S / 16 / (dev.networkBandwidth * p.networkEfficiency);
  const double nvlink = 7 * S / 16 / (dev.nvlinkBandwidth * p.nvlinkP2pEfficiency);
  EXPECT_DOUBLE_EQ(net.allToAll(S, placeGroup(16, 1, 8)),
                   std::max(network, nvlink) + p.baseLatency + p.ringNetworkLatency);
  EXPECT_EQ(net.allToAll(S, placeGroup(1, 1, 8)), 0.0);
}

// Experts split over t x ep; their optimizer state over the d/ep ranks of
// the expert-data group; the MLP's activations are k rows a token.
TEST(MoePlan, ExpertMemory) {
  ModelShape m = mixtral8x7b();
  m.seq = 4096;
  const DeviceSpec dev = *findDevice("h100-80gb");
  ParallelConfig c;
  c.tp = 2;
  c.pp = 4;
  c.dp = 8;
  c.ep = 1;
  c.sequenceParallel = true;
  c.distributedOptimizer = true;
  c.globalBatch = 64;
  const double expertLayer = 8 * 3.0 * 4096 * 14336;
  EXPECT_EQ(m.layerExpertParams(), expertLayer);
  const MemoryBreakdown whole = predictStageMemory(m, c, dev)[1];
  c.ep = 8;
  const MemoryBreakdown split = predictStageMemory(m, c, dev)[1];
  const double layers = 8; // 32 layers over 4 stages
  EXPECT_DOUBLE_EQ(whole.expertParams, layers * expertLayer / 2);
  EXPECT_DOUBLE_EQ(split.expertParams, layers * expertLayer / 16);
  EXPECT_DOUBLE_EQ(whole.params - split.params, layers * expertLayer * (1.0 / 2 - 1.0 / 16));
  // Dense state over d = 8 ranks, expert state over d/ep = 1.
  const double dense = split.params - split.expertParams;
  EXPECT_DOUBLE_EQ(split.optimizer, 12 * (dense / 8 + split.expertParams / 1));
  EXPECT_DOUBLE_EQ(whole.optimizer, 12 * whole.params / 8);

  // One layer's activations (t = 2, sequence parallel, selective
  // recompute): the LLaMA layer's attention part, the router's fp32
  // probabilities, the experts' gathered input rows (whole) and their
  // k-row gate/up/SwiGLU and output rows.
  c.recompute = Recompute::Selective;
  const double s = 4096, b = 1, h = 4096, f = 14336, k = 2, E = 8, t = 2;
  const double sbh = s * b * h;
  const double expected = (8 * sbh + sbh * (4 + 4 * 1024 / h) + 6 * k * s * b * f +
                           4 * s * b * E + 2 * k * sbh) / t +
                          2 * k * sbh;
  EXPECT_DOUBLE_EQ(layerActivationBytes(m, c), expected);
}

TEST(MoePlan, ConfigKeysAndFlags) {
  auto refused = [](const std::string &json, const std::string &says) {
    auto m = parseModelConfig(json, "config.json");
    ASSERT_FALSE(m.ok()) << json;
    EXPECT_NE(m.error().find(says), std::string::npos) << m.error();
  };
  refused(mixtralJson(2, 256, 8, 2, 688, 1000, 8, 9), "top-k must be between 1 and the 8");
  refused(R"({"model_type": "llama", "num_hidden_layers": 2, "hidden_size": 256,
              "num_attention_heads": 8, "intermediate_size": 688, "vocab_size": 1000,
              "max_position_embeddings": 64, "num_local_experts": 8})",
          "\"num_local_experts\" describes a mixture of experts");
  refused(R"({"model_type": "mixtral", "num_hidden_layers": 2, "hidden_size": 256,
              "num_attention_heads": 8, "intermediate_size": 688, "vocab_size": 1000,
              "max_position_embeddings": 64, "num_local_experts": 8})",
          "needs \"num_local_experts\" and \"num_experts_per_tok\"");
  refused(mixtralJson(2, 256, 8, 2, 688, 1000, 8, 2, R"(, "hidden_act": "gelu")"),
          "hidden_act");

  auto words = [](const std::string &s) {
    std::vector<std::string> out;
    std::istringstream is(s);
    for (std::string w; is >> w;)
      out.push_back(w);
    return out;
  };
  const std::string shape = "--num-layers 32 --hidden-size 4096 --num-attention-heads 32 "
                            "--vocab-size 32000 --seq-length 4096 --ffn-hidden-size 14336 "
                            "--untie-embeddings-and-output-weights --gpus 64 --global-batch 64 ";
  const std::string family = "--normalization RMSNorm --swiglu --position-embedding-type rope "
                             "--disable-bias-linear --group-query-attention "
                             "--num-query-groups 8 ";
  auto r = parsePlanArgs(words(shape + family + "--num-experts 8"));
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->model.topk, 2); // Megatron-LM's default
  EXPECT_EQ(r->model.totalParams(), 46702792704.0);
  r = parsePlanArgs(words(shape + family +
                          "--num-experts 8 --moe-router-topk 1 --moe-ffn-hidden-size 7168 "
                          "--evaluate --tp 2 --pp 4 --ep 4 --sequence-parallel"));
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->model.topk, 1);
  EXPECT_EQ(r->model.ffnSize(), 7168);
  EXPECT_EQ(r->evaluateConfig.ep, 4);
  EXPECT_EQ(r->evaluateConfig.dp, 8);
  auto bad = parsePlanArgs(words(shape + "--num-experts 8"));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("SwiGLU experts"), std::string::npos) << bad.error();
  bad = parsePlanArgs(words(shape + family + "--moe-router-topk 2"));
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("the model has none"), std::string::npos) << bad.error();
}

// The search tries every ep dividing the experts and cp x d, every plan it
// returns is valid, and on 64 H100s Mixtral 8x7B's best splits its experts:
// with ep = 1 every GPU holds all 8 experts of its layers.
TEST(MoePlan, SearchOverExpertParallelism) {
  ModelShape m = mixtral8x7b();
  m.seq = 4096;
  const ClusterSpec cl = h100s(64);
  auto searched = searchPlans(m, cl, 256);
  ASSERT_TRUE(searched.ok()) << searched.error();
  ASSERT_FALSE(searched->fitting.empty());
  std::set<int> eps;
  for (const auto *list : {&searched->fitting, &searched->outOfMemory})
    for (const Prediction &p : *list) {
      eps.insert(p.config.ep);
      EXPECT_EQ(m.experts % p.config.ep, 0) << p.config.summary();
      EXPECT_EQ(p.config.cp * p.config.dp % p.config.ep, 0) << p.config.summary();
      EXPECT_TRUE(p.config.tp == 1 || p.config.sequenceParallel) << p.config.summary();
      EXPECT_TRUE(validateConfig(m, cl, p.config).ok()) << p.config.summary();
    }
  EXPECT_EQ(eps, (std::set<int>{1, 2, 4, 8}));
  EXPECT_GT(searched->best().config.ep, 1) << searched->best().config.summary();
  EXPECT_NE(searched->best().config.compileFlags().find("--expert-model-parallel-size="),
            std::string::npos);
}

// A tensor size whose sequence split fails (100 tokens over t = 8) cannot
// carry a mixture of experts at all: the search never proposes it.
TEST(MoePlan, SearchSkipsTensorSizesWithoutSequenceParallelism) {
  ModelShape m = config(mixtralJson(4, 1024, 8, 8, 2048, 1000, 4, 2));
  m.seq = 100;
  ClusterSpec cl = h100s(16);
  SearchOptions options;
  options.maxContextParallel = 1;
  auto searched = searchPlans(m, cl, 16, CostParams{}, options);
  ASSERT_TRUE(searched.ok()) << searched.error();
  ASSERT_FALSE(searched->fitting.empty());
  std::set<int> tps;
  for (const auto *list : {&searched->fitting, &searched->outOfMemory})
    for (const Prediction &p : *list) {
      tps.insert(p.config.tp);
      EXPECT_TRUE(validateConfig(m, cl, p.config).ok()) << p.config.summary();
    }
  EXPECT_EQ(tps.count(8), 0u);
  EXPECT_EQ(tps.count(4), 1u);
}

} // namespace
} // namespace mtc
