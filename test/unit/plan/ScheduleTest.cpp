#include "mtc/Plan/Schedule.h"
#include "StepText.h"

#include <gtest/gtest.h>


using namespace mtc;

namespace {

std::vector<int> warmups(const PipelineSchedule &s) {
  std::vector<int> w;
  for (const auto &rs : s.ranks)
    w.push_back(rs.warmup);
  return w;
}

// Hand-derived from Narayanan et al. 2021 / Megatron-LM's get_schedule_table:
// micro-batch groups of p, forwards chunk-major within a group, backwards with
// the local chunk order reversed.
TEST(Schedule, Interleaved_p4_v2_m8) {
  auto s = buildSchedule(4, 2, 8);
  ASSERT_TRUE(s.ok()) << s.error();
  // 2(p-r-1) + (v-1)p = 10, 8, 6, 4.
  EXPECT_EQ(warmups(*s), (std::vector<int>{10, 8, 6, 4}));
  EXPECT_EQ(joined(s->ranks[0]),
            "F0.0 F0.1 F0.2 F0.3 F4.0 F4.1 F4.2 F4.3 F0.4 F0.5 "
            "F0.6 B4.0 F0.7 B4.1 F4.4 B4.2 F4.5 B4.3 F4.6 B0.0 F4.7 B0.1 "
            "B0.2 B0.3 B4.4 B4.5 B4.6 B4.7 B0.4 B0.5 B0.6 B0.7");
  EXPECT_EQ(joined(s->ranks[3]),
            "F3.0 F3.1 F3.2 F3.3 "
            "F7.0 B7.0 F7.1 B7.1 F7.2 B7.2 F7.3 B7.3 F3.4 B3.0 F3.5 B3.1 "
            "F3.6 B3.2 F3.7 B3.3 F7.4 B7.4 F7.5 B7.5 F7.6 B7.6 F7.7 B7.7 "
            "B3.4 B3.5 B3.6 B3.7");
  for (const auto &rs : s->ranks)
    EXPECT_EQ(rs.steps.size(), 32u);
}

TEST(Schedule, Interleaved_p2_v2_m4) {
  auto s = buildSchedule(2, 2, 4);
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(warmups(*s), (std::vector<int>{4, 2}));
  EXPECT_EQ(joined(s->ranks[0]),
            "F0.0 F0.1 F2.0 F2.1 F0.2 B2.0 F0.3 B2.1 F2.2 B0.0 F2.3 B0.1 "
            "B2.2 B2.3 B0.2 B0.3");
  EXPECT_EQ(joined(s->ranks[1]),
            "F1.0 F1.1 F3.0 B3.0 F3.1 B3.1 F1.2 B1.0 F1.3 B1.1 F3.2 B3.2 "
            "F3.3 B3.3 B1.2 B1.3");
}

TEST(Schedule, Plain1F1B_p4_m8) {
  auto s = buildSchedule(4, 1, 8);
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(warmups(*s), (std::vector<int>{3, 2, 1, 0}));
  EXPECT_EQ(joined(s->ranks[0]),
            "F0.0 F0.1 F0.2 F0.3 B0.0 F0.4 B0.1 F0.5 B0.2 F0.6 B0.3 F0.7 B0.4 "
            "B0.5 B0.6 B0.7");
  EXPECT_EQ(joined(s->ranks[3]),
            "F3.0 B3.0 F3.1 B3.1 F3.2 B3.2 F3.3 B3.3 F3.4 B3.4 F3.5 B3.5 "
            "F3.6 B3.6 F3.7 B3.7");
  // Warm-up is capped by m.
  auto few = buildSchedule(8, 1, 2);
  ASSERT_TRUE(few.ok());
  EXPECT_EQ(few->ranks[0].warmup, 2);
  EXPECT_EQ(joined(few->ranks[0]), "F0.0 F0.1 B0.0 B0.1");
}

TEST(Schedule, InterleavedAllWarmupWhenMEqualsP) {
  auto s = buildSchedule(4, 2, 4);
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(warmups(*s), (std::vector<int>{8, 8, 8, 8}));
  EXPECT_EQ(joined(s->ranks[2]),
            "F2.0 F2.1 F2.2 F2.3 F6.0 F6.1 F6.2 F6.3 "
            "B6.0 B6.1 B6.2 B6.3 B2.0 B2.1 B2.2 B2.3");
}

TEST(Schedule, WarmupCappedAtTotal) {
  // p=4, v=3, m=8: rank 0 wants 2*3 + 2*4 = 14 <= 24.
  EXPECT_EQ(warmupForwards(4, 3, 8, 0), 14);
  // p=8, v=2, m=16: rank 0 wants 14 + 8 = 22 <= 32.
  EXPECT_EQ(warmupForwards(8, 2, 16, 0), 22);
  EXPECT_EQ(warmupForwards(8, 1, 3, 0), 3);
}

TEST(Schedule, ErrorsNameTheNumbers) {
  auto notMultiple = buildSchedule(4, 2, 6);
  ASSERT_FALSE(notMultiple.ok());
  EXPECT_NE(notMultiple.error().find("microbatches=6"), std::string::npos)
      << notMultiple.error();
  EXPECT_NE(notMultiple.error().find("pp=4"), std::string::npos);

  auto noPipe = buildSchedule(1, 2, 4);
  ASSERT_FALSE(noPipe.ok());
  EXPECT_NE(noPipe.error().find("vp=2"), std::string::npos) << noPipe.error();

  auto zero = buildSchedule(4, 1, 0);
  ASSERT_FALSE(zero.ok());
  EXPECT_NE(zero.error().find("microbatches=0"), std::string::npos);
}

TEST(LayerAssignment, EvenSplit) {
  auto r = assignLayersEvenly(24, 4, 2);
  ASSERT_TRUE(r.ok()) << r.error();
  ASSERT_EQ(r->size(), 8u);
  EXPECT_EQ((*r)[0], (LayerRange{0, 3}));
  EXPECT_EQ((*r)[5], (LayerRange{15, 18}));
  EXPECT_EQ((*r)[7], (LayerRange{21, 24}));

  auto bad = assignLayersEvenly(30, 4, 2);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("30"), std::string::npos) << bad.error();
  EXPECT_NE(bad.error().find("8"), std::string::npos) << bad.error();
}

TEST(LayerAssignment, ExplicitUneven) {
  auto r = assignLayers({3, 4, 4, 3}, 14, 2, 2);
  ASSERT_TRUE(r.ok()) << r.error();
  EXPECT_EQ((*r)[1], (LayerRange{3, 7}));
  EXPECT_EQ((*r)[3], (LayerRange{11, 14}));

  auto wrongSum = assignLayers({3, 4, 4, 3}, 15, 2, 2);
  ASSERT_FALSE(wrongSum.ok());
  EXPECT_NE(wrongSum.error().find("14"), std::string::npos) << wrongSum.error();
  EXPECT_NE(wrongSum.error().find("15"), std::string::npos);

  auto wrongCount = assignLayers({7, 7}, 14, 2, 2);
  ASSERT_FALSE(wrongCount.ok());
  EXPECT_NE(wrongCount.error().find("2 chunks"), std::string::npos)
      << wrongCount.error();

  auto empty = assignLayers({14, 0}, 14, 2, 1);
  ASSERT_FALSE(empty.ok());
  EXPECT_NE(empty.error().find("chunk 1"), std::string::npos) << empty.error();
}
} // namespace

// A micro-batch count that would need gigabytes of step tables (or overflow
// int in microbatches * vp) is an error, not an allocation.
TEST(Schedule, RefusesHugeStepTables) {
  auto s = buildSchedule(64, 2, 1 << 30);
  ASSERT_FALSE(s.ok());
  EXPECT_NE(s.error().find("pp x vp x microbatches x 2 steps (64 x 2 x 1073741824 x 2) exceeds 16777216"),
            std::string::npos)
      << s.error();
  EXPECT_TRUE(buildSchedule(64, 2, 1024).ok());
}

// An explicit layout whose running sum passes the model's layer count is
// refused before the sum could overflow int.
TEST(Schedule, ExplicitLayoutPastTheLayers) {
  auto r = assignLayers({2147483647, 2147483647}, 4, 2, 1);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("chunk 0 has 2147483647 layers"), std::string::npos) << r.error();
}

// The V: rank r holds chunks r and 2p-1-r; interleaved, r, r+p, ...
TEST(ChunkPlacement, StagesOfChunks) {
  EXPECT_EQ(chunksOfStage(0, 4, 2, ChunkPlacement::V), (std::vector<int>{0, 7}));
  EXPECT_EQ(chunksOfStage(3, 4, 2, ChunkPlacement::V), (std::vector<int>{3, 4}));
  EXPECT_EQ(chunksOfStage(1, 4, 2, ChunkPlacement::Interleaved), (std::vector<int>{1, 5}));
  for (int c = 0; c < 8; ++c) {
    EXPECT_EQ(stageOfChunk(c, 4, ChunkPlacement::Interleaved), c % 4);
    EXPECT_EQ(stageOfChunk(c, 4, ChunkPlacement::V), c < 4 ? c : 7 - c);
  }
  EXPECT_STREQ(placementName(ChunkPlacement::V), "v");
}
