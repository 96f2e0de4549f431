// The planner's LLaMA-family layer (ModelShape arch "llama"): parameter counts
// against the published models', the GEMM widths and FLOPs, the activation
// count, the tensor-parallel rule of grouped-query attention, the config
// keys it reads or refuses, and a search.
#include "mtc/Plan/CostModel.h"
#include "mtc/Plan/Device.h"
#include "mtc/Plan/MemoryModel.h"
#include "mtc/Plan/PlanTool.h"
#include "mtc/Plan/Planner.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

namespace mtc {
namespace {

ModelShape config(const std::string &json) {
  auto m = parseModelConfig(json, "config.json");
  EXPECT_TRUE(m.ok()) << m.error();
  return m.ok() ? *m : ModelShape{};
}

std::string llamaJson(int layers, int hidden, int heads, int kv, int ffn, int vocab,
                      const std::string &type = "llama", const std::string &extra = "") {
  return R"({"model_type": ")" + type + R"(", "num_hidden_layers": )" + std::to_string(layers) +
         R"(, "hidden_size": )" + std::to_string(hidden) + R"(, "num_attention_heads": )" +
         std::to_string(heads) + R"(, "num_key_value_heads": )" + std::to_string(kv) +
         R"(, "intermediate_size": )" + std::to_string(ffn) + R"(, "vocab_size": )" +
         std::to_string(vocab) + R"(, "max_position_embeddings": 4096, "hidden_act": "silu")" +
         extra + "}";
}

// The counts HuggingFace prints for these checkpoints (num_parameters()).
TEST(LlamaPlan, ParameterCountsAreThePublishedModels) {
  EXPECT_EQ(config(llamaJson(22, 2048, 32, 4, 5632, 32000)).totalParams(), 1100048384.0)
      << "TinyLlama 1.1B";
  EXPECT_EQ(config(llamaJson(32, 4096, 32, 32, 11008, 32000)).totalParams(), 6738415616.0)
      << "Llama 2 7B";
  EXPECT_EQ(config(llamaJson(32, 4096, 32, 8, 14336, 128256)).totalParams(), 8030261248.0)
      << "Llama 3 8B";
  EXPECT_EQ(config(llamaJson(32, 4096, 32, 8, 14336, 32000, "mistral")).totalParams(),
            7241732096.0)
      << "Mistral 7B";
}

TEST(LlamaPlan, GemmWidthsAndFlops) {
  ModelShape m = config(llamaJson(2, 256, 8, 2, 688, 1000));
  EXPECT_TRUE(m.llama());
  EXPECT_FALSE(m.tied); // HF's LlamaConfig default
  EXPECT_EQ(m.seq, 4096);
  m.seq = 128;
  EXPECT_EQ(m.qkvWidth(), 256 + 2 * 2 * 32);
  EXPECT_EQ(m.fc1Width(), 2 * 688);
  const double s = 128, h = 256, f = 688;
  // QKV, projection, gate and up, down; attention's two s x s products.
  const double gemms = 2 * s * (h * (h + 128) + h * h + 2 * h * f + f * h);
  EXPECT_DOUBLE_EQ(m.layerForwardFlops(), gemms + 4 * s * s * h);
  // Three passes of everything (no recomputation), logits included.
  EXPECT_DOUBLE_EQ(modelFlopsPerIteration(m, 4),
                   3.0 * 4 * (2 * m.layerForwardFlops() + 2 * s * h * 1000));
  EXPECT_DOUBLE_EQ(m.paperFlopsPerIteration(4),
                   4.0 * (4 * 2 * m.layerForwardFlops() + 6 * s * h * 1000));
  // GPT's layer is unchanged: eq. (3) of Narayanan et al.
  ModelShape gpt{24, 2304, 24, 0, 51200, 2048, true};
  EXPECT_DOUBLE_EQ(gpt.layerForwardFlops(),
                   2.0 * 2048 * (4.0 * 2304 * 2304 + 2.0 * 2304 * 4 * 2304) +
                       4.0 * 2048 * 2048 * 2304);
}

// Korthikanti et al.'s count for the LLaMA layer (no dropout): 8 sbh whole
// on every tensor rank, Q and the projection's input (4 sbh), K and V
// (4 sb kvWidth), gate, up and fc2's input (6 sbf) sharded; the softmax's
// output (2 a s^2 b) unless recomputed or never stored (flash).
TEST(LlamaPlan, ActivationsOfTheLayer) {
  ModelShape m = config(llamaJson(4, 512, 8, 2, 1408, 1000));
  m.seq = 256;
  ParallelConfig c;
  c.tp = 2;
  c.microBatch = 3;
  const double s = 256, b = 3, h = 512, a = 8, t = 2, kvw = 2 * 64, f = 1408;
  const double whole = 8 * s * b * h;
  const double sharded = 4 * s * b * h + 4 * s * b * kvw + 6 * s * b * f;
  const double scores = 2 * a * s * s * b;
  EXPECT_DOUBLE_EQ(layerActivationBytes(m, c), whole + (sharded + scores) / t);
  c.recompute = Recompute::Selective;
  EXPECT_DOUBLE_EQ(layerActivationBytes(m, c), whole + sharded / t);
  c.sequenceParallel = true;
  EXPECT_DOUBLE_EQ(layerActivationBytes(m, c), (whole + sharded) / t);
  c.recompute = Recompute::None;
  c.flashAttention = true;
  EXPECT_DOUBLE_EQ(layerActivationBytes(m, c), (whole + sharded) / t);
  c.recompute = Recompute::Full;
  EXPECT_DOUBLE_EQ(layerActivationBytes(m, c), 2 * s * b * h / t);
}

TEST(LlamaPlan, TensorRanksHoldWholeKeyValueGroups) {
  const ModelShape m = config(llamaJson(8, 1024, 16, 4, 2816, 1000));
  ClusterSpec cl;
  cl.gpus = 8;
  cl.gpusPerNode = 8;
  cl.device = *findDevice("h100-80gb");
  ParallelConfig c;
  c.tp = 8;
  c.globalBatch = 8;
  auto refused = validateConfig(m, cl, c);
  ASSERT_FALSE(refused.ok());
  EXPECT_NE(refused.error().find("does not divide the 4 key/value heads"), std::string::npos)
      << refused.error();
  c.tp = 4;
  c.dp = 2;
  EXPECT_TRUE(validateConfig(m, cl, c).ok());
  // The search never proposes t = 8.
  auto searched = searchPlans(m, cl, 8);
  ASSERT_TRUE(searched.ok()) << searched.error();
  ASSERT_FALSE(searched->fitting.empty());
  for (const Prediction &p : searched->fitting)
    EXPECT_LE(p.config.tp, 4) << p.config.summary();
}

TEST(LlamaPlan, ConfigKeysItCannotCostAreRefused) {
  auto refused = [](const std::string &json, const std::string &says) {
    auto m = parseModelConfig(json, "config.json");
    ASSERT_FALSE(m.ok()) << json;
    EXPECT_NE(m.error().find(says), std::string::npos) << m.error();
  };
  refused(llamaJson(2, 256, 8, 2, 688, 1000, "llama", R"(, "hidden_act": "gelu")"),
          "hidden_act");
  refused(llamaJson(2, 256, 8, 2, 688, 1000, "llama", R"(, "attention_bias": true)"),
          "attention_bias");
  refused(llamaJson(2, 256, 8, 2, 688, 1000, "llama", R"(, "attention_dropout": 0.1)"),
          "attention_dropout");
  refused(llamaJson(2, 256, 8, 2, 688, 1000, "llama", R"(, "head_dim": 64)"), "head_dim");
  refused(llamaJson(2, 256, 8, 3, 688, 1000), "key/value heads 3");
  refused(R"({"model_type": "gpt2", "n_layer": 2, "n_embd": 64, "n_head": 4, "vocab_size": 10,
              "n_positions": 8, "num_key_value_heads": 2})",
          "LLaMA-family key");
  refused(R"({"model_type": "mixtral", "n_layer": 2, "n_embd": 64, "n_head": 4,
              "vocab_size": 10, "n_positions": 8})",
          "a mixtral config needs \"num_local_experts\"");

  // Mistral's sliding window: costed up to the window, as mtc-import builds it.
  ModelShape mistral =
      config(llamaJson(2, 256, 8, 2, 688, 1000, "mistral", R"(, "sliding_window": 1024)"));
  EXPECT_EQ(mistral.seq, 1024);
  mistral.seq = 2048; // --seq-length past the window
  auto valid = validateModel(mistral);
  ASSERT_FALSE(valid.ok());
  EXPECT_NE(valid.error().find("sliding window of 1024"), std::string::npos) << valid.error();
}

std::vector<std::string> words(const std::string &s) {
  std::vector<std::string> out;
  std::istringstream is(s);
  for (std::string w; is >> w;)
    out.push_back(w);
  return out;
}

// Megatron-LM's flags: the four together make the family (mtc-import's rule).
TEST(LlamaPlan, MegatronFlagsDescribeTheModel) {
  const std::string shape = "--num-layers 32 --hidden-size 4096 --num-attention-heads 32 "
                            "--ffn-hidden-size 14336 --vocab-size 128256 --seq-length 8192 "
                            "--untie-embeddings-and-output-weights --gpus 8 --global-batch 8 ";
  const std::string family = "--normalization RMSNorm --swiglu --position-embedding-type rope "
                             "--disable-bias-linear ";
  auto r = parsePlanArgs(words(shape + family + "--group-query-attention --num-query-groups 8"));
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_TRUE(r->model.llama());
  EXPECT_EQ(r->model.keyValueHeads(), 8);
  EXPECT_EQ(r->model.totalParams(), 8030261248.0); // Llama 3 8B
  auto refused = [&](const std::string &flags, const std::string &says) {
    auto bad = parsePlanArgs(words(shape + flags));
    ASSERT_FALSE(bad.ok()) << flags;
    EXPECT_NE(bad.error().find(says), std::string::npos) << bad.error();
  };
  refused("--swiglu", "build a LLaMA-family model together");
  refused(family + "--group-query-attention", "needs --num-query-groups");
  refused("--group-query-attention --num-query-groups 8", "for LLaMA-family models");
  // The last --normalization wins: three of the four.
  refused(family + "--normalization LayerNorm", "build a LLaMA-family model together");
}

} // namespace
} // namespace mtc
