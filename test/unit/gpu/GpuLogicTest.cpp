// The GPU backend's host-side decisions on hand-made plans: the device arena,
// step fusions, data-parallel buckets and the AdamW chunk table.
#include "exec/cuda/AdamChunks.h"
#include "exec/cuda/DeviceArena.h"
#include "exec/cuda/GradBuckets.h"
#include "exec/cuda/StepFusion.h"

#include <gtest/gtest.h>

namespace {

using namespace mtc::runtime::gpu;
namespace pb = mtc::pb;

pb::Param *addParam(pb::Plan &plan, const std::string &name, std::vector<int64_t> shape,
                    bool decay) {
  pb::Param *p = plan.add_params();
  p->set_id(plan.params_size() - 1);
  p->set_name(name);
  for (int64_t d : shape) {
    p->add_shape(d);
    p->add_full_shape(d);
  }
  p->set_weight_decay(decay);
  return p;
}

int32_t addBuffer(pb::Plan &plan, int64_t elements) {
  pb::Buffer *b = plan.add_buffers();
  b->set_id(plan.buffers_size() - 1);
  b->add_shape(elements);
  b->set_bytes(elements * 4);
  return b->id();
}

// x -> bias_add -> p -> dropout -> d -> add(d, r) -> out ; then gelu of a bias_add.
pb::Plan fusionPlan() {
  pb::Plan plan;
  plan.mutable_model()->set_micro_batch(2);
  plan.mutable_model()->set_seq(4);
  addParam(plan, "b", {3}, false);
  int32_t x = addBuffer(plan, 24), p = addBuffer(plan, 24), d = addBuffer(plan, 24),
          r = addBuffer(plan, 24), out = addBuffer(plan, 24), p2 = addBuffer(plan, 24),
          y = addBuffer(plan, 24);
  plan.set_loss(addBuffer(plan, 2));
  plan.set_logits(addBuffer(plan, 1));
  plan.set_tokens(addBuffer(plan, 8));
  plan.set_targets(addBuffer(plan, 8));
  auto *s0 = plan.add_steps()->mutable_bias_add();
  s0->set_x(x), s0->set_bias_param(0), s0->set_y(p);
  auto *s1 = plan.add_steps()->mutable_dropout();
  s1->set_x(p), s1->set_y(d), s1->set_rate(0.1f), s1->set_stream(3);
  auto *s2 = plan.add_steps()->mutable_add();
  s2->set_a(r), s2->set_b(d), s2->set_out(out);
  auto *s3 = plan.add_steps()->mutable_bias_add();
  s3->set_x(out), s3->set_bias_param(0), s3->set_y(p2);
  auto *s4 = plan.add_steps()->mutable_gelu();
  s4->set_x(p2), s4->set_y(y);
  auto *s5 = plan.add_steps()->mutable_gelu_backward(); // reads p2: must stay written
  s5->set_x(p2), s5->set_dy(y), s5->set_dx(x);
  return plan;
}

TEST(StepFusion, FusesBiasDropoutResidualAndBiasGelu) {
  pb::Plan plan = fusionPlan();
  std::vector<StepFusion> f = planStepFusions(plan);
  ASSERT_EQ(f.size(), 6u);
  EXPECT_EQ(f[0].kind, FusionKind::BiasDropoutResidual);
  EXPECT_EQ(f[0].length, 3);
  EXPECT_EQ(f[0].residual, 3); // r
  EXPECT_EQ(f[1].length, 0);
  EXPECT_EQ(f[2].length, 0);
  EXPECT_EQ(f[3].kind, FusionKind::BiasGelu);
  EXPECT_EQ(f[4].length, 0);
  EXPECT_EQ(f[5].kind, FusionKind::None);
  EXPECT_EQ(f[5].length, 1);
}

TEST(StepFusion, KeepsStepsWhoseIntermediateIsReadElsewhere) {
  pb::Plan plan = fusionPlan();
  // A later step reads the dropout output d: it must be materialized.
  auto *extra = plan.add_steps()->mutable_gelu();
  extra->set_x(2), extra->set_y(6);
  std::vector<StepFusion> f = planStepFusions(plan);
  EXPECT_NE(f[0].kind, FusionKind::BiasDropoutResidual);
  EXPECT_EQ(f[1].length, 1); // the dropout runs on its own
}

TEST(DeviceArena, RegionsAreAlignedDisjointAndSizedByThePlan) {
  pb::Plan plan = fusionPlan();
  addParam(plan, "w", {5, 7}, true);
  plan.mutable_memory()->set_arena_bytes(1000);
  ArenaLayout layout = layoutDeviceArena(plan, 4096);
  int64_t floats = 0;
  std::vector<int64_t> offsets = flatParamOffsets(plan, 16, &floats);
  EXPECT_EQ(offsets[1], 16); // "b" (3 floats) padded to 16
  EXPECT_EQ(floats, 16 + 48);
  EXPECT_EQ(layout.at("params").bytes, floats * 4);
  EXPECT_EQ(layout.at("activations").bytes, 1000);
  EXPECT_EQ(layout.at("gemm_workspace").bytes, 4096);
  int64_t end = 0;
  for (const ArenaRegion &r : layout.regions) {
    EXPECT_EQ(r.offset % kArenaAlign, 0) << r.name;
    EXPECT_GE(r.offset, end) << r.name;
    end = r.offset + r.bytes;
  }
  EXPECT_LE(end, layout.totalBytes);
  EXPECT_THROW(layout.at("nope"), std::out_of_range);
}

TEST(DeviceArena, ScratchHoldsLayerNormStatsAndLoss) {
  pb::Plan plan = fusionPlan();
  ArenaLayout s = layoutScratch(plan);
  EXPECT_EQ(s.at("layer_norm_stats").bytes, 2 * 8 * 4); // 2 floats per row, 8 rows
  EXPECT_EQ(s.at("loss").bytes, 16);
  EXPECT_THROW(layoutRegions({{"x", -1}}), std::invalid_argument);
  EXPECT_THROW(layoutRegions({{"x", 1}}, 3), std::invalid_argument);
}

TEST(GradBuckets, ContiguousRangesFromTheEndWithReadySteps) {
  // 4 params of 10 floats at offsets 0, 16, 32, 48; ready at steps 9, 7, 5, 3.
  std::vector<int64_t> offsets = {0, 16, 32, 48}, sizes = {10, 10, 10, 10};
  std::vector<GradBucket> b = assignGradBuckets(offsets, sizes, {9, 7, 5, 3}, 20);
  ASSERT_EQ(b.size(), 2u);
  EXPECT_EQ(b[0].firstParam, 2);
  EXPECT_EQ(b[0].endParam, 4);
  EXPECT_EQ(b[0].offset, 32);
  EXPECT_EQ(b[0].count, 26); // 32 .. 58
  EXPECT_EQ(b[0].readyStep, 5);
  EXPECT_EQ(b[1].firstParam, 0);
  EXPECT_EQ(b[1].count, 26);
  EXPECT_EQ(b[1].readyStep, 9);
  EXPECT_THROW(assignGradBuckets(offsets, sizes, {1}, 20), std::invalid_argument);
  EXPECT_THROW(assignGradBuckets(offsets, sizes, {1, 2, 3, 4}, 0), std::invalid_argument);
}

TEST(GradBuckets, ReadyStepIsTheLastGradientWrite) {
  pb::Plan plan = fusionPlan();
  auto *b1 = plan.add_steps()->mutable_bias_add_backward();
  b1->set_dy(0), b1->set_bias_grad(0);
  auto *b2 = plan.add_steps()->mutable_bias_add_backward();
  b2->set_dy(1), b2->set_bias_grad(0);
  std::vector<int> ready = gradReadySteps(plan);
  ASSERT_EQ(ready.size(), 1u);
  EXPECT_EQ(ready[0], 7);
}

TEST(AdamChunks, CoverEveryParameterOnceWithItsDecayFlag) {
  pb::Plan plan;
  addParam(plan, "a", {10}, true);
  addParam(plan, "b", {3}, false);
  std::vector<mtc::kernels::cuda::AdamChunk> c = buildAdamChunks(plan, {0, 16}, 4);
  ASSERT_EQ(c.size(), 4u); // 4 + 4 + 2, then 3
  EXPECT_EQ(c[0].offset, 0);
  EXPECT_EQ(c[2].offset, 8);
  EXPECT_EQ(c[2].count, 2);
  EXPECT_EQ(c[2].decay, 1);
  EXPECT_EQ(c[3].offset, 16);
  EXPECT_EQ(c[3].count, 3);
  EXPECT_EQ(c[3].decay, 0);
  EXPECT_THROW(buildAdamChunks(plan, {0}, 4), std::invalid_argument);
}

} // namespace
