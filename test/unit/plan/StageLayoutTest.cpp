// Megatron-LM's --decoder-first/last-pipeline-num-layers: which layers each
// chunk holds, and the layouts refused with the reason.
#include "mtc/Plan/StageLayout.h"

#include <gtest/gtest.h>

using namespace mtc;

namespace {
std::string errorOf(int64_t layers, int64_t pp, int64_t vp, int64_t first, int64_t last) {
  Result<std::vector<int>> r = firstLastStageLayout(layers, pp, vp, first, last);
  return r ? "(accepted)" : r.error();
}

TEST(StageLayout, MiddleStagesShareTheRest) {
  // 10 layers, 4 stages, first 1, last 3: the 6 others, 3 per middle stage.
  auto r = firstLastStageLayout(10, 4, 1, 1, 3);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(*r, (std::vector<int>{1, 3, 3, 3}));
  // Only the last stage given: the first is a middle stage like the others.
  auto last = firstLastStageLayout(7, 3, 1, 0, 1);
  ASSERT_TRUE(last.ok()) << last.error();
  EXPECT_EQ(*last, (std::vector<int>{3, 3, 1}));
  auto first = firstLastStageLayout(5, 2, 1, 3, 0);
  ASSERT_TRUE(first.ok()) << first.error();
  EXPECT_EQ(*first, (std::vector<int>{3, 2}));
}

TEST(StageLayout, VirtualChunksSplitEachStage) {
  // 16 layers, p=3, v=2, first 4 and last 4: stage layers 4, 8, 4; chunks in
  // model order are (virtual stage 0 of ranks 0, 1, 2), then virtual stage 1.
  auto r = firstLastStageLayout(16, 3, 2, 4, 4);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ(*r, (std::vector<int>{2, 4, 2, 2, 4, 2}));
}

TEST(StageLayout, RefusesWhatMegatronRefuses) {
  EXPECT_EQ(errorOf(16, 3, 2, 3, 4),
            "decoder-first-pipeline-num-layers (3) must be divisible by vp (2): each of the "
            "stage's 2 chunks holds the same number of layers, as in Megatron-LM");
  EXPECT_EQ(errorOf(10, 4, 1, 1, 2),
            "the 7 layers left by decoder-first-pipeline-num-layers (1) + "
            "decoder-last-pipeline-num-layers (2) are not divisible by the 2 middle stages; "
            "change the first/last stage's layers or pp, or give every chunk's layers "
            "(layers-per-chunk)");
  EXPECT_EQ(errorOf(13, 3, 2, 4, 4),
            "each middle stage's 5 layers (the 5 left by decoder-first-pipeline-num-layers (4) + "
            "decoder-last-pipeline-num-layers (4) over 1 stages) must be divisible by vp (2)");
}

TEST(StageLayout, RefusesWhatMegatronWouldBuildWithoutSomeLayers) {
  EXPECT_EQ(errorOf(8, 1, 1, 2, 0),
            "decoder-first-pipeline-num-layers / decoder-last-pipeline-num-layers need pp > 1: "
            "with one stage every layer is on it");
  EXPECT_EQ(errorOf(8, 2, 1, 3, 4),
            "decoder-first-pipeline-num-layers (3) + decoder-last-pipeline-num-layers (4) must "
            "sum to the model's 8 layers: pp = 2 has no middle stage to hold the other 1");
  EXPECT_EQ(errorOf(8, 3, 1, 4, 4),
            "with decoder-first-pipeline-num-layers (4) + decoder-last-pipeline-num-layers (4), 0 "
            "of the 8 layers remain for the other 1 stage(s), which need at least 1 (one per "
            "chunk)");
  EXPECT_EQ(errorOf(8, 2, 1, 9, 0),
            "decoder-first-pipeline-num-layers (9) exceed the model's 8 layers");
  EXPECT_EQ(errorOf(8, 2, 1, -1, 0),
            "decoder-first-pipeline-num-layers and decoder-last-pipeline-num-layers must be >= 1 "
            "when given, got -1 and 0");
  EXPECT_EQ(errorOf(4, 8, 1, 1, 0),
            "pp (8) and vp (1) must be >= 1, with pp x vp at most the 4 layers");
}

TEST(StageLayout, StepsLastInProportionToTheirChunksLayers) {
  // 6 and 2 layers, a mean of 4: F = 1 and B = 2 scaled by 1.5 and 0.5.
  StepTiming timing = layerProportionalTiming({6, 2});
  EXPECT_DOUBLE_EQ(timing.durationOf(0, {StepKind::Forward, 0, 3}), 1.5);
  EXPECT_DOUBLE_EQ(timing.durationOf(0, {StepKind::Backward, 0, 3}), 3.0);
  EXPECT_DOUBLE_EQ(timing.durationOf(1, {StepKind::Forward, 1, 0}), 0.5);
  EXPECT_DOUBLE_EQ(timing.durationOf(1, {StepKind::Backward, 1, 0}), 1.0);
  // No layout: the uniform timing.
  StepTiming uniform = layerProportionalTiming({});
  EXPECT_FALSE(uniform.cost);
  EXPECT_DOUBLE_EQ(uniform.durationOf(0, {StepKind::Backward, 0, 0}), 2.0);
}
} // namespace
