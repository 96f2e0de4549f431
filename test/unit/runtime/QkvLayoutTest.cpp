// The packed QKV permutation between mtc's per-head order and GPT-2's [q|k|v]
// order, and that safetensors export/import apply it to c_attn params only.
#include "TinyPlan.h"

#include "exec/Checkpoint.h"
#include "exec/Executor.h"
#include "exec/Safetensors.h"

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

TEST(QkvLayout, OnlyCAttnParamsArePacked) {
  EXPECT_TRUE(isPackedQkvName("h.0.attn.c_attn.weight"));
  EXPECT_TRUE(isPackedQkvName("h.11.attn.c_attn.bias"));
  EXPECT_FALSE(isPackedQkvName("h.0.attn.c_proj.weight"));
  EXPECT_FALSE(isPackedQkvName("h.0.mlp.c_fc.weight"));
  EXPECT_FALSE(isPackedQkvName("c_attn.weight.exp_avg"));
}

// The tiny plan plus an (unused by any step) c_attn bias of 2 heads.
pb::Plan planWithQkvBias(int64_t hidden) {
  pb::Plan plan = testing::makeTinyPlan();
  plan.mutable_model()->set_heads(2);
  pb::Param *p = plan.add_params();
  p->set_id(plan.params_size() - 1);
  p->set_name("h.0.attn.c_attn.bias");
  p->add_shape(3 * hidden);
  p->add_full_shape(3 * hidden);
  p->add_slice_offset(0);
  p->set_init(pb::NORMAL);
  p->set_std(1.f);
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
  std::vector<float> stored = parsed.read("h.0.attn.c_attn.bias");
  for (int part = 0; part < 3; ++part)
    for (int head = 0; head < 2; ++head)
      for (int d = 0; d < headDim; ++d)
        ASSERT_EQ(stored[(part * 2 + head) * headDim + d], code(part, head, d))
            << "part " << part << " head " << head << " d " << d;
  EXPECT_EQ(parsed.metadata().at("mtc_qkv_layout"), "gpt2");
  // Other params travel unchanged.
  std::vector<float> wte = parsed.read("wte");
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
  std::vector<float> stored = SafetensorsFile(file).read("h.0.attn.c_attn.bias");
  // GPT-2's k of head 1 starts at (1 * 2 + 1) * headDim; mtc keeps it at (1 * 3 + 1) * headDim.
  EXPECT_EQ(stored[3 * headDim], static_cast<float>(4 * headDim));
  fs::remove_all(dir);
}

} // namespace
} // namespace mtc::runtime
