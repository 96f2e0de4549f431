#include "mtc/Plan/ScheduleCheck.h"
#include "mtc/Plan/ScheduleJson.h"
#include "SplitSchedule.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace mtc;

namespace {

TEST(ScheduleCheck, BuiltSchedulesAreDeadlockFree) {
  for (auto [p, v, m] : std::vector<std::tuple<int, int, int>>{
           {1, 1, 1}, {1, 1, 5}, {4, 1, 8}, {4, 1, 2}, {2, 2, 4}, {4, 2, 8},
           {4, 2, 4}, {8, 3, 16}, {3, 4, 9}, {16, 2, 64}}) {
    auto s = buildSchedule(p, v, m);
    ASSERT_TRUE(s.ok()) << s.error();
    auto tl = checkSchedule(*s);
    ASSERT_TRUE(tl.ok()) << "p=" << p << " v=" << v << " m=" << m << ": "
                         << tl.error();
    EXPECT_DOUBLE_EQ(tl->busiest, 3.0 * v * m);
  }
}

// With uniform chunks (F=1, B=2) the simulated idle share is the paper's
// (p-1)/(v*m).
TEST(ScheduleCheck, BubbleMatchesPaper) {
  for (auto [p, v, m] : std::vector<std::tuple<int, int, int>>{
           {4, 1, 8}, {2, 2, 4}, {4, 2, 8}, {8, 1, 32}, {8, 4, 32}, {4, 3, 12}}) {
    auto s = buildSchedule(p, v, m);
    ASSERT_TRUE(s.ok());
    auto tl = checkSchedule(*s);
    ASSERT_TRUE(tl.ok()) << tl.error();
    double paper = static_cast<double>(p - 1) / (v * m);
    EXPECT_NEAR(tl->bubbleFraction(), paper, 1e-9)
        << "p=" << p << " v=" << v << " m=" << m;
  }
}

TEST(ScheduleCheck, PlainOneFOneBTimeline) {
  auto s = buildSchedule(4, 1, 8);
  auto tl = checkSchedule(*s);
  ASSERT_TRUE(tl.ok());
  // (m + p - 1) * (F + B)
  EXPECT_DOUBLE_EQ(tl->makespan, 33.0);
  // Rank 3's first forward starts after three hops.
  EXPECT_DOUBLE_EQ(tl->ranks[3][0].start, 3.0);
}

TEST(ScheduleCheck, P2pLatencyLengthensTheFill) {
  auto s = buildSchedule(4, 1, 8);
  auto tl = checkSchedule(*s, StepTiming{1.0, 2.0, 0.5});
  ASSERT_TRUE(tl.ok());
  EXPECT_DOUBLE_EQ(tl->ranks[3][0].start, 4.5);
  EXPECT_GT(tl->makespan, 33.0);
}

TEST(ScheduleCheck, DeadlockNamesRanksAndSteps) {
  // Rank 0 waits for a gradient of micro-batch 0 that rank 1 only produces
  // after running micro-batch 1's forward first, whose input rank 0 sends
  // only after that backward.
  PipelineSchedule s;
  s.pp = 2;
  s.vp = 1;
  s.microbatches = 2;
  using K = StepKind;
  s.ranks = {{0, 1, {{K::Forward, 0, 0}, {K::Backward, 0, 0},
                     {K::Forward, 0, 1}, {K::Backward, 0, 1}}},
             {1, 0, {{K::Forward, 1, 1}, {K::Backward, 1, 1},
                     {K::Forward, 1, 0}, {K::Backward, 1, 0}}}};
  CheckReport report = simulateSchedule(s);
  ASSERT_FALSE(report.ok);
  ASSERT_EQ(report.stuck.size(), 2u);
  EXPECT_EQ(report.stuck[0].rank, 0);
  EXPECT_EQ(report.stuck[0].stepIndex, 1);
  EXPECT_EQ(report.stuck[0].waitingOnRank, 1);
  EXPECT_EQ(report.stuck[1].rank, 1);
  EXPECT_EQ(report.stuck[1].stepIndex, 0);
  EXPECT_EQ(report.stuck[1].waitingOnRank, 0);
  auto r = checkSchedule(s);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("deadlock"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("rank 0 stuck at step 1 (B0.0)"), std::string::npos)
      << r.error();
  EXPECT_NE(r.error().find("rank 1 stuck at step 0 (F1.1)"), std::string::npos)
      << r.error();
}

TEST(ScheduleCheck, MalformedSchedules) {
  auto s = buildSchedule(2, 1, 2);
  ASSERT_TRUE(s.ok());
  PipelineSchedule dup = *s;
  dup.ranks[1].steps[2] = dup.ranks[1].steps[0];
  auto r = checkSchedule(dup);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("twice"), std::string::npos) << r.error();

  PipelineSchedule wrongRank = *s;
  wrongRank.ranks[0].steps[0].chunk = 1;
  r = checkSchedule(wrongRank);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("belongs to rank 1"), std::string::npos) << r.error();

  PipelineSchedule missing = *s;
  missing.ranks[0].steps.pop_back();
  r = checkSchedule(missing);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("missing"), std::string::npos) << r.error();

  // Backward before its own forward on the same rank hangs on itself.
  PipelineSchedule selfWait = *s;
  std::swap(selfWait.ranks[1].steps[0], selfWait.ranks[1].steps[1]);
  CheckReport rep = simulateSchedule(selfWait);
  ASSERT_FALSE(rep.ok);
  ASSERT_FALSE(rep.stuck.empty());
  EXPECT_NE(rep.error.find("its own forward"), std::string::npos) << rep.error;
}

// A split backward (withWeightGradsAfterBackwards): 1F1B order with each W
// right after its B. The gradient leaves a rank after B, not after B+W, so the
// drain is (p-1) x B instead of (p-1) x (B+W); a W before its own B hangs on
// itself.
TEST(ScheduleCheck, WeightGradSteps) {
  auto s = buildSchedule(4, 1, 8);
  ASSERT_TRUE(s.ok());
  PipelineSchedule split = withWeightGradsAfterBackwards(*s);
  auto tl = checkSchedule(split, StepTiming::unitSplit());
  ASSERT_TRUE(tl.ok()) << tl.error();
  // m (F + B + W) + (p-1) F + (p-1) B = 24 + 3 + 3, not 1F1B's 33.
  EXPECT_DOUBLE_EQ(tl->makespan, 30.0);
  ASSERT_EQ(tl->busy.size(), 4u);
  EXPECT_DOUBLE_EQ(tl->busy[2], 24.0);

  // W steps in a schedule that does not split its backwards, or missing
  // from one that does, are malformed.
  PipelineSchedule unsplit = split;
  unsplit.splitBackward = false;
  auto r = checkSchedule(unsplit);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("not split"), std::string::npos) << r.error();
  PipelineSchedule noW = *s;
  noW.splitBackward = true;
  r = checkSchedule(noW);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("W0.0 is missing"), std::string::npos) << r.error();

  PipelineSchedule early = split;
  auto &steps = early.ranks[3].steps; // F3.0 B3.0 W3.0 ...
  std::swap(steps[1], steps[2]);
  CheckReport rep = simulateSchedule(early);
  ASSERT_FALSE(rep.ok);
  EXPECT_NE(rep.error.find("its own backward B3.0"), std::string::npos) << rep.error;
}

// Replaying with per-step costs: a slow last stage stretches every rank.
TEST(ScheduleCheck, PerStepCosts) {
  auto s = buildSchedule(2, 1, 4);
  ASSERT_TRUE(s.ok());
  StepTiming timing;
  timing.cost = [](int rank, const Step &st) {
    double f = rank == 1 ? 2.0 : 1.0;
    return st.kind == StepKind::Forward ? f : 2 * f;
  };
  auto tl = checkSchedule(*s, timing);
  ASSERT_TRUE(tl.ok()) << tl.error();
  // Rank 1 is busy 4 x 6 = 24 after rank 0's first forward (1).
  EXPECT_DOUBLE_EQ(tl->busy[1], 24.0);
  EXPECT_DOUBLE_EQ(tl->busy[0], 12.0);
  // The last backward of rank 0 follows rank 1's last (ends at 25).
  EXPECT_DOUBLE_EQ(tl->makespan, 27.0);
}

TEST(ScheduleJson, ScheduleAndTraceParse) {
  auto s = buildSchedule(2, 2, 4);
  ASSERT_TRUE(s.ok());
  auto j = nlohmann::json::parse(scheduleToJson(*s));
  EXPECT_EQ(j["pp"], 2);
  EXPECT_EQ(j["ranks"][0]["warmup"], 4);
  EXPECT_EQ(j["ranks"][0]["steps"][5]["kind"], "B");
  EXPECT_EQ(j["ranks"][0]["steps"][5]["chunk"], 2);
  EXPECT_EQ(j["ranks"][1]["steps"].size(), 16u);

  auto tl = checkSchedule(*s);
  ASSERT_TRUE(tl.ok());
  auto t = nlohmann::json::parse(timelineToChromeTrace(*tl));
  ASSERT_TRUE(t["traceEvents"].is_array());
  int complete = 0;
  for (const auto &e : t["traceEvents"])
    if (e["ph"] == "X") {
      ++complete;
      EXPECT_GE(e["dur"].get<double>(), 1000.0);
    }
  EXPECT_EQ(complete, 32);
}
} // namespace

namespace {

// The runtime reuses a released arena once its gradient send completed; the
// built schedules must not hang under that wait (checked conservatively).
TEST(ScheduleCheck, BuiltSchedulesSurviveTheArenaReuseWait) {
  StepTiming model;
  model.forwardWaitsForBackwardSends = true;
  for (auto [p, v, m] : std::vector<std::tuple<int, int, int>>{
           {2, 1, 4}, {4, 1, 8}, {4, 1, 2}, {2, 2, 4}, {4, 2, 8}, {4, 2, 4},
           {8, 3, 16}, {3, 4, 9}, {16, 2, 64}}) {
    auto s = buildSchedule(p, v, m);
    ASSERT_TRUE(s.ok()) << s.error();
    auto tl = checkSchedule(*s, model);
    EXPECT_TRUE(tl.ok()) << "p=" << p << " v=" << v << " m=" << m << ": " << tl.error();
  }
  for (auto [p, m] : std::vector<std::pair<int, int>>{{2, 4}, {4, 8}, {4, 2}, {8, 32}}) {
    auto s = buildSchedule(p, 1, m, ScheduleKind::ZeroBubbleH1);
    ASSERT_TRUE(s.ok()) << s.error();
    StepTiming split = StepTiming::unitSplit();
    split.forwardWaitsForBackwardSends = true;
    auto tl = checkSchedule(*s, split);
    EXPECT_TRUE(tl.ok()) << "zb-h1 p=" << p << " m=" << m << ": " << tl.error();
  }
  // A chunk whose W keeps its own arena releases the one it sends from at
  // B: earlier, so more forwards reuse an arena and wait for its send.
  for (auto [p, v, m] : std::vector<std::tuple<int, int, int>>{
           {2, 1, 4}, {4, 1, 8}, {4, 1, 2}, {8, 1, 32}, {2, 2, 4}, {4, 2, 8}, {3, 4, 9}}) {
    auto s = buildSchedule(p, v, m, ScheduleKind::ZeroBubbleH1);
    ASSERT_TRUE(s.ok()) << s.error();
    for (int odd : {0, 1, 2}) { // every chunk, the odd ones, the even ones
      StepTiming split = StepTiming::unitSplit();
      split.forwardWaitsForBackwardSends = true;
      split.arenaReleasedByBackward = [odd](int c) { return odd == 0 || c % 2 == odd % 2; };
      auto tl = checkSchedule(*s, split);
      EXPECT_TRUE(tl.ok()) << "zb-h1 p=" << p << " v=" << v << " m=" << m << " odd=" << odd
                           << ": " << tl.error();
    }
  }
}

// Released by B, an arena is reused by the next forward of its chunk, which
// then waits for the gradient its B sent: the hand-made order of
// ArenaReuseWaitFindsTheHang, split, hangs only under that release.
TEST(ScheduleCheck, ArenaReleasedByBackwardIsModelled) {
  PipelineSchedule s;
  s.pp = 2;
  s.microbatches = 2;
  s.splitBackward = true;
  s.ranks = {{0, 2, {{StepKind::Forward, 0, 0}, {StepKind::Forward, 0, 1},
                     {StepKind::Backward, 0, 1}, {StepKind::WeightGrad, 0, 1},
                     {StepKind::Backward, 0, 0}, {StepKind::WeightGrad, 0, 0}}},
             {1, 0, {{StepKind::Forward, 1, 0}, {StepKind::Backward, 1, 0},
                     {StepKind::Forward, 1, 1}, {StepKind::Backward, 1, 1},
                     {StepKind::WeightGrad, 1, 0}, {StepKind::WeightGrad, 1, 1}}}};
  StepTiming model = StepTiming::unitSplit();
  model.forwardWaitsForBackwardSends = true;
  ASSERT_TRUE(checkSchedule(s, model).ok()); // released by W: F1.1 takes a new arena
  model.arenaReleasedByBackward = [](int) { return true; };
  auto tl = checkSchedule(s, model);
  ASSERT_FALSE(tl.ok());
  EXPECT_NE(tl.error().find("rank 1 stuck at step 2 (F1.1) waiting for a free arena"),
            std::string::npos)
      << tl.error();
}

// Rank 0 runs B0.1 before B0.0, so it posts the receive for B1.0's gradient
// only after B1.1 arrived; rank 1's F1.1 (reusing B1.0's arena) waits for
// that receive, and B1.1 comes after F1.1: fine with buffered sends, a hang
// under the arena-reuse wait.
TEST(ScheduleCheck, ArenaReuseWaitFindsTheHang) {
  PipelineSchedule s;
  s.pp = 2;
  s.microbatches = 2;
  s.ranks = {{0, 2, {{StepKind::Forward, 0, 0}, {StepKind::Forward, 0, 1},
                     {StepKind::Backward, 0, 1}, {StepKind::Backward, 0, 0}}},
             {1, 0, {{StepKind::Forward, 1, 0}, {StepKind::Backward, 1, 0},
                     {StepKind::Forward, 1, 1}, {StepKind::Backward, 1, 1}}}};
  ASSERT_TRUE(checkSchedule(s).ok());
  StepTiming model;
  model.forwardWaitsForBackwardSends = true;
  auto tl = checkSchedule(s, model);
  ASSERT_FALSE(tl.ok());
  EXPECT_NE(tl.error().find("rank 1 stuck at step 2 (F1.1) waiting for a free arena (its gradient send of B1.0"),
            std::string::npos)
      << tl.error();
}

} // namespace
