#include "mtc/Plan/PlanTool.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>

using namespace mtc;

namespace {

std::vector<std::string> split(const std::string &s) {
  std::istringstream is(s);
  std::vector<std::string> out;
  for (std::string w; is >> w;)
    out.push_back(w);
  return out;
}

const char *kModelFlags = "--num-layers 24 --hidden-size 2304 --num-attention-heads 24 "
                          "--vocab-size 51200 --seq-length 2048 ";

TEST(ModelConfig, HuggingFaceAndMegatronKeys) {
  auto hf = parseModelConfig(
      R"({"n_layer": 12, "n_embd": 768, "n_head": 12, "vocab_size": 50257, "n_positions": 1024})",
      "gpt2.json");
  ASSERT_TRUE(hf.ok()) << hf.error();
  EXPECT_EQ(hf->layers, 12);
  EXPECT_EQ(hf->ffnSize(), 3072);
  EXPECT_EQ(hf->seq, 1024);
  auto mg = parseModelConfig(
      R"({"num_layers": 4, "hidden_size": 256, "num_attention_heads": 8,
          "padded_vocab_size": 1024, "seq_length": 128, "ffn_hidden_size": 700,
          "tie_word_embeddings": false})",
      "m.json");
  ASSERT_TRUE(mg.ok()) << mg.error();
  EXPECT_EQ(mg->ffnSize(), 700);
  EXPECT_FALSE(mg->tied);

  auto missing = parseModelConfig(R"({"n_layer": 12, "n_embd": 768})", "x.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_NE(missing.error().find("x.json"), std::string::npos);
  EXPECT_NE(missing.error().find("n_head"), std::string::npos) << missing.error();
  auto bad = parseModelConfig(R"({"n_layer": -1})", "y.json");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("n_layer"), std::string::npos) << bad.error();
  EXPECT_FALSE(parseModelConfig("{not json", "z.json").ok());
  auto heads = parseModelConfig(
      R"({"n_layer": 2, "n_embd": 100, "n_head": 3, "vocab_size": 10, "n_positions": 8})",
      "h.json");
  ASSERT_FALSE(heads.ok());
  EXPECT_NE(heads.error().find("heads 3"), std::string::npos) << heads.error();
  EXPECT_FALSE(loadModelConfig("/nonexistent/model.json").ok());
}

TEST(PlanArgs, ParsesAndRejects) {
  auto r = parsePlanArgs(split(std::string(kModelFlags) + "--gpus 32 --global-batch 512 --seq 1024"));
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->model.seq, 1024);
  EXPECT_EQ(r->gpus, 32);
  auto e = parsePlanArgs(split(std::string(kModelFlags) +
                               "--gpus=32 --global-batch=512 --evaluate --tp=2 "
                               "--pp=2 --micro-batch=4 --recompute=full"));
  ASSERT_TRUE(e.ok()) << e.error();
  EXPECT_EQ(e->evaluateConfig.dp, 8);
  EXPECT_EQ(e->evaluateConfig.recompute, Recompute::Full);

  // zb-h1's order: mtc-compile's default limit, or the paper's with none.
  const std::string zb = std::string(kModelFlags) +
                         "--gpus 8 --global-batch 16 --evaluate --pp 4 --micro-batch 1 ";
  auto limited = parsePlanArgs(split(zb + "--schedule zb-h1"));
  ASSERT_TRUE(limited.ok()) << limited.error();
  EXPECT_TRUE(limited->evaluateConfig.zeroBubbleMemoryLimit);
  auto paper = parsePlanArgs(split(zb + "--schedule zb-h1 --zero-bubble-memory-limit none"));
  ASSERT_TRUE(paper.ok()) << paper.error();
  EXPECT_FALSE(paper->evaluateConfig.zeroBubbleMemoryLimit);
  auto notZb = parsePlanArgs(split(zb + "--zero-bubble-memory-limit none"));
  ASSERT_FALSE(notZb.ok());
  EXPECT_NE(notZb.error().find("--schedule zb-h1"), std::string::npos) << notZb.error();
  auto badLimit = parsePlanArgs(split(zb + "--schedule zb-h1 --zero-bubble-memory-limit 2gb"));
  ASSERT_FALSE(badLimit.ok());
  EXPECT_NE(badLimit.error().find("2gb"), std::string::npos) << badLimit.error();

  auto noModel = parsePlanArgs(split("--gpus 8 --global-batch 8"));
  ASSERT_FALSE(noModel.ok());
  EXPECT_NE(noModel.error().find("--num-layers"), std::string::npos);
  auto badInt = parsePlanArgs(split(std::string(kModelFlags) + "--gpus x --global-batch 8"));
  ASSERT_FALSE(badInt.ok());
  EXPECT_NE(badInt.error().find("--gpus"), std::string::npos) << badInt.error();
  auto unknown = parsePlanArgs(split("--frobnicate"));
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().find("--frobnicate"), std::string::npos);
  auto badRc = parsePlanArgs(split(std::string(kModelFlags) + "--gpus 8 --global-batch 8 --recompute most"));
  ASSERT_FALSE(badRc.ok());
  EXPECT_NE(badRc.error().find("most"), std::string::npos);
  auto mlir = parsePlanArgs(split("model.mlir --gpus 8 --global-batch 8"));
  ASSERT_FALSE(mlir.ok());
  EXPECT_NE(mlir.error().find("model.mlir"), std::string::npos);
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

TEST(PlanTool, SearchPrintsTableFlagsAndReasons) {
  std::string out, err;
  ASSERT_EQ(run(std::string(kModelFlags) + "--gpus 32 --global-batch 512", out, err), 0) << err;
  EXPECT_NE(out.find("TFLOP/s"), std::string::npos) << out;
  EXPECT_NE(out.find("--tp="), std::string::npos) << out;
  EXPECT_NE(out.find("--micro-batch="), std::string::npos) << out;
  EXPECT_NE(out.find("why the others lose"), std::string::npos) << out;
}

TEST(PlanTool, JsonIsMachineReadable) {
  std::string out, err;
  ASSERT_EQ(run(std::string(kModelFlags) + "--gpus 32 --global-batch 512 --json --top 3", out, err), 0) << err;
  auto j = nlohmann::json::parse(out);
  ASSERT_EQ(j["plans"].size(), 3u);
  EXPECT_EQ(j["cluster"]["gpus"], 32);
  int t = j["plans"][0]["tp"], p = j["plans"][0]["pp"], d = j["plans"][0]["dp"];
  EXPECT_EQ(t * p * d, 32);
  EXPECT_GE(j["plans"][0]["tflops_per_gpu"].get<double>(),
            j["plans"][1]["tflops_per_gpu"].get<double>());
  EXPECT_FALSE(j["why_others_lose"].empty());
  EXPECT_TRUE(j["why_others_lose"][0].contains("reason"));
}

TEST(PlanTool, EvaluateAndBadInput) {
  std::string out, err;
  EXPECT_EQ(run(std::string(kModelFlags) +
                    "--gpus 32 --global-batch 512 --evaluate --tp 1 --pp 1 --dp 32 "
                    "--micro-batch 16 --recompute full",
                out, err),
            0)
      << err;
  EXPECT_NE(out.find("--tp=1 --pp=1 --vp=1 --dp=32 --micro-batch=16"), std::string::npos) << out;
  EXPECT_NE(out.find("memory per GPU"), std::string::npos);

  EXPECT_EQ(run(std::string(kModelFlags) + "--gpus 32 --global-batch 512 --gpu tpu-v9", out, err), 1);
  EXPECT_NE(err.find("unknown device 'tpu-v9'"), std::string::npos) << err;
  EXPECT_NE(err.find("a100-80gb"), std::string::npos) << err;

  EXPECT_EQ(run(std::string(kModelFlags) + "--gpus 1000000 --global-batch 512", out, err), 1);
  EXPECT_NE(err.find("more than this model can use"), std::string::npos) << err;

  EXPECT_EQ(run(std::string(kModelFlags) +
                    "--gpus 32 --global-batch 512 --evaluate --tp 16 --pp 1 --dp 2",
                out, err),
            1);
  EXPECT_NE(err.find("tp=16 exceeds the 8 GPUs per node"), std::string::npos) << err;
}

// Issue 17/19: --evaluate takes uneven layouts (explicit, or Megatron's
// first/last stage flags), other GPU systems, the memory margin and the
// network options, and prints the breakdowns.
TEST(PlanTool, EvaluateUnevenLayoutsAndBreakdowns) {
  std::string out, err;
  const std::string base = std::string(kModelFlags) +
                           "--gpus 32 --global-batch 512 --evaluate --tp 2 --pp 4 "
                           "--micro-batch 4 --recompute selective ";
  ASSERT_EQ(run(base + "--layers-per-chunk 7,7,6,4", out, err), 0) << err;
  EXPECT_NE(out.find("--layers-per-chunk=7,7,6,4"), std::string::npos) << out;
  EXPECT_NE(out.find("layers per chunk: 7,7,6,4"), std::string::npos) << out;
  for (const char *part : {"MFU", "HFU", "tokens/s", "compute", "bubble", "TP comm", "PP comm",
                           "DP comm", "optimizer", "weights", "gradients", "optimizer state",
                           "activations", "NCCL buffers", "fragmentation", "margin"})
    EXPECT_NE(out.find(part), std::string::npos) << part << " missing in\n" << out;

  // Megatron's flags: 7 on the first, 5 on the last, 6 on the middle two.
  ASSERT_EQ(run(base + "--decoder-first-pipeline-num-layers 7 "
                       "--decoder-last-pipeline-num-layers 5 --json",
                out, err),
            0)
      << err;
  auto j = nlohmann::json::parse(out);
  EXPECT_EQ(j["layers_per_chunk"], nlohmann::json({7, 6, 6, 5}));
  double sum = 0;
  for (const char *k : {"compute", "bubble", "tp_comm", "pp_comm", "dp_comm_exposed",
                        "embedding_sync", "optimizer"})
    sum += j["breakdown_s"][k].get<double>();
  EXPECT_NEAR(sum, j["iteration_time_s"].get<double>(), 1e-9);

  // Layouts that cannot be: named.
  EXPECT_EQ(run(base + "--layers-per-chunk 7,7,6", out, err), 1);
  EXPECT_NE(err.find("3 chunks, but pp*vp = 4"), std::string::npos) << err;
  EXPECT_EQ(run(base + "--decoder-first-pipeline-num-layers 7 "
                       "--decoder-last-pipeline-num-layers 4",
                out, err),
            2);
  EXPECT_NE(err.find("13 layers left"), std::string::npos) << err;
  EXPECT_EQ(run(base + "--layers-per-chunk 6,6,6,6 --decoder-first-pipeline-num-layers 6", out,
                err),
            2);
  EXPECT_NE(err.find("not both"), std::string::npos) << err;
  // 25 layers do not divide 4 stages: refused without a layout, accepted with.
  const std::string odd = "--num-layers 25 --hidden-size 2304 --num-attention-heads 24 "
                          "--vocab-size 51200 --seq-length 2048 --gpus 32 --global-batch 512 "
                          "--evaluate --tp 2 --pp 4 --micro-batch 4 ";
  EXPECT_EQ(run(odd, out, err), 1);
  EXPECT_NE(err.find("25 layers do not split evenly"), std::string::npos) << err;
  EXPECT_EQ(run(odd + "--layers-per-chunk 7,7,6,5", out, err), 0) << err;

  // Every system evaluates; the margin rejects with the shortfall.
  for (const char *gpu :
       {"v100-32gb", "v100-dgx2", "a100-80gb", "a100-80gb-opa", "h100-80gb", "h200"}) {
    EXPECT_EQ(run(base + "--gpu " + gpu, out, err), 0) << gpu << ": " << err;
    EXPECT_NE(out.find(gpu), std::string::npos) << out;
  }
  EXPECT_EQ(run(base + "--memory-margin 75", out, err), 1);
  EXPECT_NE(err.find("GiB margin"), std::string::npos) << err;
  EXPECT_NE(err.find("GiB over"), std::string::npos) << err;
  EXPECT_NE(out.find("does NOT fit"), std::string::npos) << out;
}

// Issue 38: the framework and the NICs are flags. --software picks a profile
// (--megatron-2021 is one of them and conflicts with another); the NIC flags
// describe the same node as a preset: an a100-80gb with 4 x 100 Gb/s NICs
// predicts what the a100-80gb-opa preset does, and the report says so.
TEST(PlanTool, SoftwareAndNicFlags) {
  const std::string base = std::string(kModelFlags) +
                           "--gpus 64 --global-batch 256 --evaluate --tp 4 --pp 2 "
                           "--micro-batch 2 --recompute full --distributed-optimizer ";
  auto r = parsePlanArgs(split(base + "--software deepspeed-bf16"));
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(r->software, Software::DeepSpeedBf16);
  EXPECT_EQ(r->params.p2pTransfersPerStep, 2);
  EXPECT_TRUE(r->params.shardedOptimizerAllReduces);
  auto paper = parsePlanArgs(split(base + "--megatron-2021"));
  ASSERT_TRUE(paper.ok()) << paper.error();
  EXPECT_EQ(paper->software, Software::Megatron2021);
  EXPECT_EQ(paper->params.gradReduceBytes, 2);
  EXPECT_TRUE(parsePlanArgs(split(base + "--megatron-2021 --software megatron-2021")).ok());
  auto both = parsePlanArgs(split(base + "--megatron-2021 --software deepspeed-fp16"));
  ASSERT_FALSE(both.ok());
  EXPECT_NE(both.error().find("give one of --megatron-2021 and --software deepspeed-fp16"),
            std::string::npos)
      << both.error();
  auto unknown = parsePlanArgs(split(base + "--software colossal"));
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(unknown.error().find("colossal"), std::string::npos) << unknown.error();
  EXPECT_FALSE(parsePlanArgs(split(base + "--nics-per-node 0")).ok());

  std::string preset, described, err;
  ASSERT_EQ(run(base + "--software deepspeed-bf16 --gpu a100-80gb-opa --json", preset, err), 0)
      << err;
  ASSERT_EQ(run(base + "--software deepspeed-bf16 --nics-per-node 4 --nic-gbps 100 --json",
                described, err),
            0)
      << err;
  auto a = nlohmann::json::parse(preset), b = nlohmann::json::parse(described);
  EXPECT_NEAR(a["iteration_time_s"].get<double>(), b["iteration_time_s"].get<double>(), 1e-12);
  std::string dgx;
  ASSERT_EQ(run(base + "--software deepspeed-bf16 --json", dgx, err), 0) << err;
  EXPECT_GT(a["breakdown_s"]["dp_comm_total"].get<double>(),
            3.9 * nlohmann::json::parse(dgx)["breakdown_s"]["dp_comm_total"].get<double>());

  std::string out;
  ASSERT_EQ(run(base + "--software deepspeed-bf16 --nics-per-node 4 --nic-gbps 100", out, err),
            0)
      << err;
  EXPECT_NE(out.find("on 64 x a100-80gb (8 per node, 4 x 100 Gb/s NICs), global batch 256, "
                     "software deepspeed-bf16"),
            std::string::npos)
      << out;
}

// The search proposes uneven layouts when the layers do not divide the
// stages (25 layers on 7 GPUs), and when they do but the last stage's output
// layer (vocabulary 51200) makes a lighter last stage faster (5 GPUs).
TEST(PlanTool, SearchProposesUnevenLayouts) {
  const std::string model = "--num-layers 25 --hidden-size 2304 --num-attention-heads 24 "
                            "--vocab-size 51200 --seq-length 2048 --global-batch 64 --json "
                            "--top 1 ";
  for (int gpus : {7, 5}) {
    std::string out, err;
    ASSERT_EQ(run(model + "--gpus " + std::to_string(gpus), out, err), 0) << err;
    auto j = nlohmann::json::parse(out);
    ASSERT_EQ(j["plans"].size(), 1u);
    const auto &best = j["plans"][0];
    EXPECT_EQ(best["pp"], gpus);
    std::vector<int> layout = best["layers_per_chunk"];
    ASSERT_EQ(layout.size(), static_cast<size_t>(gpus)) << out;
    int sum = 0;
    for (int n : layout)
      sum += n;
    EXPECT_EQ(sum, 25);
    EXPECT_LT(layout.back(), layout.front()) << out;
    EXPECT_NE(best["compile_flags"].get<std::string>().find("--layers-per-chunk="),
              std::string::npos);
  }
}
} // namespace
