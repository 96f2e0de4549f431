// The packed QKV permutation between mtc's per-head order and GPT-2's [q|k|v]
// order, and that safetensors export/import apply it to c_attn params.
#include "TinyPlan.h"

#include "checkpoint/Checkpoint.h"
#include "interop/WeightFiles.h"
#include "exec/Executor.h"
#include "io/Safetensors.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <numeric>

namespace mtc::runtime {
namespace {

namespace fs = std::filesystem;

// Encodes (part, head, d) as part * 100 + head * 10 + d: q = 0xx, k = 1xx, v = 2xx.
constexpr float code(int part, int head, int d) { return part * 100 + head * 10 + d; }

TEST(QkvLayout, MegatronToGpt2MovesEachHeadsQkvIntoItsThird) {
  const int heads = 2, headDim = 3, rows = 2;
  std::vector<float> megatron, gpt2;
  for (int r = 0; r < rows; ++r) {
    for (int head = 0; head < heads; ++head)
      for (int part = 0; part < 3; ++part)
        for (int d = 0; d < headDim; ++d)
          megatron.push_back(1000 * r + code(part, head, d));
    for (int part = 0; part < 3; ++part)
      for (int head = 0; head < heads; ++head)
        for (int d = 0; d < headDim; ++d)
          gpt2.push_back(1000 * r + code(part, head, d));
  }
  std::vector<float> out(megatron.size()), back(megatron.size());
  qkvMegatronToGpt2(megatron.data(), out.data(), rows, heads, headDim);
  EXPECT_EQ(out, gpt2);
  qkvGpt2ToMegatron(out.data(), back.data(), rows, heads, headDim);
  EXPECT_EQ(back, megatron);
}

// The tiny plan plus an (unused by any step) c_attn bias of 2 heads.
pb::Plan planWithQkvBias(int64_t hidden) {
  pb::Plan plan = testing::makeTinyPlan();
  plan.mutable_model()->set_heads(2);
  plan.mutable_model()->set_layers(1);
  testing::appendParam(plan, "h.0.attn.c_attn.bias", {3 * hidden});
  return plan;
}

TEST(QkvLayout, ExportWritesGpt2OrderAndImportRestoresMtcOrder) {
  const int64_t hidden = testing::TinyDims{}.hidden, headDim = hidden / 2;
  fs::path dir = fs::temp_directory_path() / "mtc_qkv_layout_test";
  fs::create_directories(dir);
  std::string file = (dir / "qkv.safetensors").string();

  Executor source(planWithQkvBias(hidden), {});
  const int id = source.findParam("h.0.attn.c_attn.bias");
  ASSERT_GE(id, 0);
  float *bias = source.param(id);
  for (int head = 0; head < 2; ++head)
    for (int part = 0; part < 3; ++part)
      for (int d = 0; d < headDim; ++d)
        bias[(head * 3 + part) * headDim + d] = code(part, head, d);
  exportSafetensors(file, source);

  SafetensorsFile parsed(file);
  std::vector<float> stored = parsed.read("transformer.h.0.attn.c_attn.bias");
  for (int part = 0; part < 3; ++part)
    for (int head = 0; head < 2; ++head)
      for (int d = 0; d < headDim; ++d)
        ASSERT_EQ(stored[(part * 2 + head) * headDim + d], code(part, head, d))
            << "part " << part << " head " << head << " d " << d;
  EXPECT_EQ(parsed.metadata().at("mtc_names"), "GPT2LMHeadModel");
  // Other params travel unchanged (wte: the vocabulary's rows).
  std::vector<float> wte = parsed.read("transformer.wte.weight");
  EXPECT_TRUE(std::equal(wte.begin(), wte.end(), source.param(testing::kWte)));

  ExecutorOptions other;
  other.seed = 99;
  Executor target(planWithQkvBias(hidden), other);
  EXPECT_EQ(importSafetensors(file, target), 5);
  for (int64_t i = 0; i < 3 * hidden; ++i)
    ASSERT_EQ(target.param(id)[i], bias[i]) << i;
  fs::remove_all(dir);
}

TEST(QkvLayout, GradientDumpUsesTheExportLayout) {
  const int64_t hidden = testing::TinyDims{}.hidden, headDim = hidden / 2;
  fs::path dir = fs::temp_directory_path() / "mtc_qkv_grad_test";
  fs::create_directories(dir);
  std::string file = (dir / "grads.safetensors").string();
  Executor e(planWithQkvBias(hidden), {});
  const int id = e.findParam("h.0.attn.c_attn.bias");
  for (int64_t i = 0; i < 3 * hidden; ++i)
    e.grad(id)[i] = static_cast<float>(i);
  exportGradients(file, e);
  std::vector<float> stored = SafetensorsFile(file).read("transformer.h.0.attn.c_attn.bias");
  // GPT-2's k of head 1 starts at (1 * 2 + 1) * headDim; mtc keeps it at (1 * 3 + 1) * headDim.
  EXPECT_EQ(stored[3 * headDim], static_cast<float>(4 * headDim));
  fs::remove_all(dir);
}

} // namespace
} // namespace mtc::runtime
