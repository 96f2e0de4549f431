#include "mtc/Plan/Bubble.h"
#include "SplitSchedule.h"

#include <gtest/gtest.h>

#include <cmath>
#include <tuple>
#include <vector>

using namespace mtc;

namespace {

std::vector<std::tuple<int, int, int>> layouts() {
  std::vector<std::tuple<int, int, int>> all;
  for (int p : {2, 4})
    for (int v : {1, 2})
      for (int m : {4, 8, 16})
        all.push_back({p, v, m});
  return all;
}

Timeline simulate(int p, int v, int m, const StepTiming &timing = {}) {
  auto s = buildSchedule(p, v, m);
  EXPECT_TRUE(s.ok()) << s.error();
  auto tl = checkSchedule(*s, timing);
  EXPECT_TRUE(tl.ok()) << tl.error();
  return *tl;
}

TEST(Bubble, FormulaIsThePapers) {
  EXPECT_DOUBLE_EQ(*formulaBubbleRatio(4, 1, 8, false), 3.0 / 8);
  EXPECT_DOUBLE_EQ(*formulaBubbleRatio(4, 2, 8, false), 3.0 / 16);
  EXPECT_DOUBLE_EQ(*formulaBubbleRatio(4, 1, 8, true), 6.0 / 24); // ZB-H1, 1F1B's memory
  EXPECT_FALSE(formulaBubbleRatio(4, 2, 8, true).has_value());
  EXPECT_FALSE(formulaBubbleRatio(0, 1, 8, false).has_value());
  EXPECT_DOUBLE_EQ(fractionOfRatio(0.25), 0.2);
}

// Unit costs: every rank's ratio and share are the closed form's, since
// every rank is equally busy.
TEST(Bubble, UniformStagesGiveTheFormulaOnEveryRank) {
  for (auto [p, v, m] : layouts()) {
    BubbleReport b = bubbleOf(simulate(p, v, m));
    double formula = *formulaBubbleRatio(p, v, m, false);
    ASSERT_EQ(b.ranks.size(), size_t(p));
    EXPECT_NEAR(b.span, 3.0 * v * m + 3.0 * (p - 1), 1e-9);
    for (const RankBubble &r : b.ranks) {
      EXPECT_NEAR(r.busy, 3.0 * v * m, 1e-9);
      EXPECT_NEAR(r.ratio, formula, 1e-9) << "p=" << p << " v=" << v << " m=" << m;
      EXPECT_NEAR(r.fraction, fractionOfRatio(formula), 1e-9);
    }
    EXPECT_NEAR(b.pipeline.ratio, formula, 1e-9);
  }
}

// The span starts at the first step, not at zero, and the pipeline's bubble
// is the busiest rank's.
TEST(Bubble, SpanAndBusiestRank) {
  Timeline tl;
  tl.pp = 2;
  tl.ranks = {{{{StepKind::Forward, 0, 0}, 10, 12}, {{StepKind::Backward, 0, 0}, 16, 20}},
              {{{StepKind::Forward, 1, 0}, 12, 13}, {{StepKind::Backward, 1, 0}, 13, 16}}};
  BubbleReport b = bubbleOf(tl);
  EXPECT_DOUBLE_EQ(b.span, 10);
  EXPECT_DOUBLE_EQ(b.ranks[0].busy, 6);
  EXPECT_DOUBLE_EQ(b.ranks[0].ratio, 4.0 / 6);
  EXPECT_DOUBLE_EQ(b.ranks[1].fraction, 0.6);
  EXPECT_DOUBLE_EQ(b.pipeline.ratio, 4.0 / 6);
}

// A measured timeline distorted by waiting for cores (every step's wall time
// stretched, rank 1's late) replays, from its costs, to the schedule's own
// timeline: same order on every rank, the formula's bubble.
TEST(Bubble, ReplayWithUniformCostsGivesTheFormula) {
  for (auto [p, v, m] : layouts()) {
    Timeline measured = simulate(p, v, m);
    for (size_t r = 0; r < measured.ranks.size(); ++r)
      for (TimedStep &t : measured.ranks[r]) {
        t.cost = t.end - t.start;
        t.start = t.start * 1.7 + 0.3 * r;
        t.end = t.end * 1.7 + 0.9 * r;
      }
    auto replayed = replayTimeline(measured, 0.0);
    ASSERT_TRUE(replayed.ok()) << replayed.error();
    for (size_t r = 0; r < measured.ranks.size(); ++r) {
      ASSERT_EQ(replayed->ranks[r].size(), measured.ranks[r].size());
      for (size_t i = 0; i < measured.ranks[r].size(); ++i)
        EXPECT_EQ(replayed->ranks[r][i].step, measured.ranks[r][i].step);
    }
    EXPECT_NEAR(bubbleOf(*replayed).pipeline.ratio, *formulaBubbleRatio(p, v, m, false), 1e-9)
        << "p=" << p << " v=" << v << " m=" << m;
    EXPECT_GT(std::abs(bubbleOf(measured).pipeline.ratio - *formulaBubbleRatio(p, v, m, false)),
              1e-3)
        << "the distortion should change the wall-clock bubble";
  }
}

// Without costs the replay uses the wall durations; the p2p latency delays
// every transfer, as the checker's simulation with that latency does.
TEST(Bubble, ReplayCountsTheLatency) {
  Timeline measured = simulate(4, 1, 8);
  auto replayed = replayTimeline(measured, 0.5);
  ASSERT_TRUE(replayed.ok()) << replayed.error();
  StepTiming slow;
  slow.p2pLatency = 0.5;
  Timeline expected = simulate(4, 1, 8, slow);
  EXPECT_DOUBLE_EQ(bubbleOf(*replayed).span, bubbleOf(expected).span);
  EXPECT_GT(bubbleOf(*replayed).span, 3.0 * 8 + 3.0 * 3 + 2 * 3 * 0.5);
}

TEST(Bubble, ReplayRefusesAnOrderThatCannotRun) {
  Timeline measured = simulate(2, 1, 4);
  // Rank 1 runs a backward before its forward.
  std::swap(measured.ranks[1][0], measured.ranks[1][1]);
  auto replayed = replayTimeline(measured, 0.0);
  ASSERT_FALSE(replayed.ok());
  EXPECT_NE(replayed.error().find("deadlock"), std::string::npos) << replayed.error();
}

TEST(Bubble, SplitScheduleReplays) {
  auto s = buildSchedule(2, 1, 4);
  ASSERT_TRUE(s.ok());
  auto tl = checkSchedule(withWeightGradsAfterBackwards(*s), StepTiming::unitSplit());
  ASSERT_TRUE(tl.ok()) << tl.error();
  PipelineSchedule back = scheduleOfTimeline(*tl);
  EXPECT_TRUE(back.splitBackward);
  auto replayed = replayTimeline(*tl, 0.0);
  ASSERT_TRUE(replayed.ok()) << replayed.error();
  EXPECT_NEAR(bubbleOf(*replayed).pipeline.ratio, bubbleOf(*tl).pipeline.ratio, 1e-12);
}

} // namespace
