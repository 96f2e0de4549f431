#include "mtc/Plan/Bubble.h"
#include "mtc/Plan/ScheduleCheck.h"
#include "mtc/Plan/ZeroBubbleSchedule.h"
#include "StepText.h"

#include <gtest/gtest.h>

#include <tuple>

using namespace mtc;

namespace {

const std::vector<std::pair<int, int>> kSizes = {
    {1, 1}, {1, 4}, {2, 1}, {2, 2}, {2, 4}, {2, 8}, {3, 5}, {4, 2},
    {4, 4}, {4, 8}, {4, 16}, {8, 3}, {8, 8}, {8, 32}, {16, 64}};

TEST(ZeroBubbleSchedule, DeadlockFreeForManySizes) {
  for (auto [p, m] : kSizes) {
    auto s = buildSchedule(p, 1, m, ScheduleKind::ZeroBubbleH1);
    ASSERT_TRUE(s.ok()) << s.error();
    EXPECT_TRUE(s->splitBackward);
    for (const RankSchedule &rs : s->ranks)
      ASSERT_EQ(rs.steps.size(), size_t(3 * m)) << "p=" << p << " m=" << m;
    auto tl = checkSchedule(*s, StepTiming::unitSplit());
    ASSERT_TRUE(tl.ok()) << "p=" << p << " m=" << m << ": " << tl.error();
    // Any costs: the order is static, so slow W or slow B must not hang it.
    ASSERT_TRUE(checkSchedule(*s, StepTiming{1.0, 3.0, 0.5, 7.0}).ok());
  }
}

int forwardsBeforeFirstBackward(const RankSchedule &rs) {
  int n = 0;
  while (n < int(rs.steps.size()) && rs.steps[n].kind == StepKind::Forward)
    ++n;
  return n;
}

TEST(ZeroBubbleSchedule, SameWarmupAsOneFOneB) {
  for (auto [p, m] : kSizes) {
    auto zb = buildSchedule(p, 1, m, ScheduleKind::ZeroBubbleH1);
    auto ref = buildSchedule(p, 1, m, ScheduleKind::OneFOneB);
    ASSERT_TRUE(zb.ok() && ref.ok());
    for (int r = 0; r < p; ++r) {
      EXPECT_EQ(zb->ranks[r].warmup, ref->ranks[r].warmup);
      EXPECT_EQ(forwardsBeforeFirstBackward(zb->ranks[r]),
                forwardsBeforeFirstBackward(ref->ranks[r]))
          << "p=" << p << " m=" << m << " rank " << r;
    }
  }
}

// Arenas are held from F to W. As in the paper, no rank holds more
// micro-batches than 1F1B's fullest rank (the first, min(p, m)); every rank
// holds exactly that many (later ranks defer their W steps).
TEST(ZeroBubbleSchedule, HoldsNoMoreMicrobatchesThanOneFOneBsFirstRank) {
  for (auto [p, m] : kSizes) {
    auto zb = buildSchedule(p, 1, m, ScheduleKind::ZeroBubbleH1);
    auto ref = buildSchedule(p, 1, m, ScheduleKind::OneFOneB);
    ASSERT_TRUE(zb.ok() && ref.ok());
    EXPECT_EQ(maxMicrobatchesHeld(ref->ranks[0]), std::min(p, m));
    for (int r = 0; r < p; ++r)
      EXPECT_EQ(maxMicrobatchesHeld(zb->ranks[r]), std::min(p, m))
          << "p=" << p << " m=" << m << " rank " << r;
  }
}

// Qi et al.'s memory argument, with a micro-batch's activation split into
// `a`, dead after B, and `w`, what W reads: rank r holds 1F1B's p - r
// micro-batches whole and the W part of r more, (p - r)a + p w, which never
// exceeds 1F1B's first rank, p(a + w); rank 0 takes exactly that. Weighed by
// peakHeld's two-part walk, the memory plan's.
TEST(ZeroBubbleSchedule, HoldsOneFOneBsWholeMicrobatchesAndOnlyWsPartOfTheRest) {
  const double a = 3, w = 1;
  const std::function<double(int)> untilB = [a](int) { return a; };
  const std::function<double(int)> untilW = [w](int) { return w; };
  const std::function<double(int)> none = [](int) { return 0.0; };
  for (auto [p, m] : kSizes) {
    if (m < p)
      continue;
    auto zb = buildSchedule(p, 1, m, ScheduleKind::ZeroBubbleH1);
    auto ref = buildSchedule(p, 1, m, ScheduleKind::OneFOneB);
    ASSERT_TRUE(zb.ok() && ref.ok());
    const double first = peakHeld(ref->ranks[0], false, [&](int) { return a + w; });
    for (int r = 0; r < p; ++r) {
      const double held = peakHeld(zb->ranks[r], untilB, untilW);
      EXPECT_EQ(held, (p - r) * a + p * w) << "p=" << p << " m=" << m << " rank " << r;
      EXPECT_LE(held, first);
      EXPECT_EQ(peakHeld(ref->ranks[r], untilB, none), (p - r) * a);
    }
    EXPECT_EQ(peakHeld(zb->ranks[0], untilB, untilW), first);
  }
}

// The paper's ZB-H1 for p=2, m=3: 1F1B's warm-up and F/B pairs, rank r's W
// of micro-batch k - r after its B of micro-batch k. In unit time:
//   tick 0 1 2 3 4 5 6 7 8 9
//   r0   F F . B W F B W B W
//   r1   . F B F B W F B W W
// 10 ticks for 9 steps each: one idle unit, (p-1)(F+B-W); 1F1B takes 12.
TEST(ZeroBubbleSchedule, HandDerivedOrder_p2_m3) {
  auto s = buildSchedule(2, 1, 3, ScheduleKind::ZeroBubbleH1);
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(joined(s->ranks[0]), "F0.0 F0.1 B0.0 W0.0 F0.2 B0.1 W0.1 B0.2 W0.2");
  EXPECT_EQ(joined(s->ranks[1]), "F1.0 B1.0 F1.1 B1.1 W1.0 F1.2 B1.2 W1.1 W1.2");
  EXPECT_EQ(s->ranks[0].warmup, 1);
  EXPECT_EQ(s->ranks[1].warmup, 0);
  auto tl = checkSchedule(*s, StepTiming::unitSplit());
  ASSERT_TRUE(tl.ok());
  EXPECT_DOUBLE_EQ(tl->makespan, 10.0);
}

// Replay in unit time (F = B = W = 1): each rank idles (p-1)(F+B-W) = p-1, a
// third of 1F1B's (p-1)(F+B+W) = 3(p-1) (the paper's claim, for m >= p).
TEST(ZeroBubbleSchedule, BubbleIsAThirdOfOneFOneBs) {
  for (auto [p, m] : std::vector<std::pair<int, int>>{
           {2, 2}, {2, 4}, {2, 8}, {4, 4}, {4, 8}, {4, 16}, {8, 8}, {8, 32}}) {
    auto zb = buildSchedule(p, 1, m, ScheduleKind::ZeroBubbleH1);
    ASSERT_TRUE(zb.ok());
    auto tl = checkSchedule(*zb, StepTiming::unitSplit());
    ASSERT_TRUE(tl.ok());
    EXPECT_DOUBLE_EQ(tl->busiest, 3.0 * m);
    EXPECT_DOUBLE_EQ(tl->makespan - tl->busiest, 1.0 * (p - 1)) << "p=" << p << " m=" << m;
    // 1F1B with the whole backward as one step of B + W = 2.
    auto ref = checkSchedule(*buildSchedule(p, 1, m), StepTiming{});
    ASSERT_TRUE(ref.ok());
    EXPECT_DOUBLE_EQ(ref->makespan - ref->busiest, 3.0 * (p - 1));
  }
}

// The formula the pipeline report prints for a split backward is this
// schedule's replayed bubble.
TEST(ZeroBubbleSchedule, ReportFormulaIsTheReplayedBubble) {
  for (auto [p, m] : std::vector<std::pair<int, int>>{{2, 4}, {4, 8}, {8, 32}}) {
    auto zb = buildSchedule(p, 1, m, ScheduleKind::ZeroBubbleH1);
    auto tl = checkSchedule(*zb, StepTiming::unitSplit());
    ASSERT_TRUE(tl.ok());
    EXPECT_NEAR(bubbleOf(*tl).pipeline.ratio, *formulaBubbleRatio(p, 1, m, true), 1e-12)
        << "p=" << p << " m=" << m;
  }
}

// With vp > 1 the base is interleaved 1F1B: its forward and backward orders,
// no more micro-batches held than its fullest rank, no hang under any costs,
// and the paper's third of the base's bubble in unit time where m > p.
TEST(ZeroBubbleSchedule, InterleavedBase) {
  for (auto [p, v, m] : std::vector<std::tuple<int, int, int>>{
           {2, 2, 4}, {2, 2, 8}, {4, 2, 8}, {4, 2, 4}, {4, 3, 12}, {8, 2, 16}}) {
    auto zb = buildSchedule(p, v, m, ScheduleKind::ZeroBubbleH1);
    auto ref = buildSchedule(p, v, m, ScheduleKind::Interleaved);
    ASSERT_TRUE(zb.ok()) << zb.error();
    ASSERT_TRUE(ref.ok());
    StepTiming split = StepTiming::unitSplit();
    split.forwardWaitsForBackwardSends = true;
    auto tl = checkSchedule(*zb, split);
    ASSERT_TRUE(tl.ok()) << "p=" << p << " v=" << v << " m=" << m << ": " << tl.error();
    ASSERT_TRUE(checkSchedule(*zb, StepTiming{1.0, 3.0, 0.5, 7.0}).ok());
    auto refTl = checkSchedule(*ref, StepTiming{});
    if (m > p) {
      EXPECT_NEAR(bubbleOf(*tl).pipeline.ratio, *formulaBubbleRatio(p, v, m, true), 1e-12)
          << "p=" << p << " v=" << v << " m=" << m;
    }
    EXPECT_LE(tl->makespan - tl->busiest, 2.0 / 3.0 * (refTl->makespan - refTl->busiest) + 1e-9)
        << "p=" << p << " v=" << v << " m=" << m;
    int fullest = 0;
    for (const RankSchedule &rs : ref->ranks)
      fullest = std::max(fullest, maxMicrobatchesHeld(rs));
    for (int r = 0; r < p; ++r) {
      EXPECT_LE(maxMicrobatchesHeld(zb->ranks[r]), fullest);
      auto order = [&](const RankSchedule &rs, StepKind kind) {
        std::vector<Step> out;
        for (const Step &st : rs.steps)
          if (st.kind == kind)
            out.push_back(st);
        return out;
      };
      EXPECT_EQ(order(zb->ranks[r], StepKind::Forward), order(ref->ranks[r], StepKind::Forward));
      EXPECT_EQ(order(zb->ranks[r], StepKind::Backward), order(ref->ranks[r], StepKind::Backward));
    }
  }
}

TEST(ZeroBubbleSchedule, RefusesWhatItCannotBuild) {
  auto odd = buildSchedule(4, 2, 6, ScheduleKind::ZeroBubbleH1);
  ASSERT_FALSE(odd.ok());
  EXPECT_NE(odd.error().find("multiple of pp"), std::string::npos) << odd.error();
  EXPECT_FALSE(buildSchedule(4, 1, 0, ScheduleKind::ZeroBubbleH1).ok());
  auto split = buildSchedule(2, 1, 4, ScheduleKind::ZeroBubbleH1);
  ASSERT_TRUE(split.ok());
  EXPECT_FALSE(buildZeroBubbleSchedule(*split).ok());
  EXPECT_FALSE(buildSchedule(64, 1, 1 << 20, ScheduleKind::ZeroBubbleH1).ok());
  // The kinds keep their vp rules.
  EXPECT_FALSE(buildSchedule(4, 2, 8, ScheduleKind::OneFOneB).ok());
  EXPECT_FALSE(buildSchedule(4, 1, 8, ScheduleKind::Interleaved).ok());
  EXPECT_TRUE(buildSchedule(4, 2, 8, ScheduleKind::Interleaved).ok());
}

} // namespace

namespace {

// ZB-V: two chunks per rank in the V, every step on the rank its placement
// names (the checker refuses others), no hang under any step costs or the
// runtime's arena reuse (arenas released by B or by W), and at most 2p chunk
// micro-batches held (p whole micro-batches: 1F1B's first rank's memory).
const std::vector<std::pair<int, int>> kVSizes = {
    {2, 3}, {2, 4}, {2, 8}, {3, 5}, {3, 6}, {4, 7}, {4, 8}, {4, 16}, {8, 15}, {8, 16}, {8, 32},
    {16, 64}};

TEST(ZeroBubbleV, DeadlockFreeInTheVWithinOneFOneBsMemory) {
  for (auto [p, m] : kVSizes) {
    auto s = buildSchedule(p, 2, m, ScheduleKind::ZeroBubbleV);
    ASSERT_TRUE(s.ok()) << s.error();
    EXPECT_EQ(s->placement, ChunkPlacement::V);
    EXPECT_TRUE(s->splitBackward);
    for (int r = 0; r < p; ++r) {
      EXPECT_EQ(s->stageOfChunk(r), r);
      EXPECT_EQ(s->stageOfChunk(2 * p - 1 - r), r);
      ASSERT_EQ(s->ranks[r].steps.size(), size_t(6 * m));
      EXPECT_LE(maxMicrobatchesHeld(s->ranks[r]), 2 * p) << "p=" << p << " m=" << m;
    }
    auto tl = checkSchedule(*s, StepTiming::unitSplit());
    ASSERT_TRUE(tl.ok()) << "p=" << p << " m=" << m << ": " << tl.error();
    ASSERT_TRUE(checkSchedule(*s, StepTiming{1.0, 3.0, 0.5, 7.0}).ok());
    for (bool byBackward : {false, true}) {
      StepTiming reuse = StepTiming::unitSplit();
      reuse.forwardWaitsForBackwardSends = true;
      if (byBackward)
        reuse.arenaReleasedByBackward = [](int) { return true; };
      auto t = checkSchedule(*s, reuse);
      EXPECT_TRUE(t.ok()) << "p=" << p << " m=" << m << ": " << t.error();
    }
  }
}

// With F = B = W = 1 (a chunk's steps), a rank works 6m units and the last
// starts its first forward p - 1 units late: no order ends before 6m + p - 1,
// a bubble of (p-1)/(6m), half ZB-H1's (p-1)/(3m) and a sixth of 1F1B's.
TEST(ZeroBubbleV, ReachesTheFloorOfItsStartUp) {
  for (auto [p, m] : kVSizes) {
    auto s = buildSchedule(p, 2, m, ScheduleKind::ZeroBubbleV);
    ASSERT_TRUE(s.ok()) << s.error();
    auto tl = checkSchedule(*s, StepTiming::unitSplit());
    ASSERT_TRUE(tl.ok()) << tl.error();
    EXPECT_EQ(tl->makespan, 6.0 * m + p - 1) << "p=" << p << " m=" << m;
    EXPECT_NEAR(tl->bubbleFraction(), (p - 1) / (6.0 * m), 1e-12);
  }
}

// Real backwards are slower than forwards and W faster: with B = 1.3 F and
// W = 0.7 F every rank idles (p-1) T_B, still under ZB-H1's bubble with the
// same costs per layer (a ZB-H1 step holds two chunks' layers).
TEST(ZeroBubbleV, StaysNearItWhenBackwardsAreSlower) {
  for (auto [p, m] : std::vector<std::pair<int, int>>{{2, 4}, {4, 8}, {4, 16}, {8, 16}, {8, 48}}) {
    auto v = buildSchedule(p, 2, m, ScheduleKind::ZeroBubbleV);
    auto h1 = buildSchedule(p, 1, m, ScheduleKind::ZeroBubbleH1);
    ASSERT_TRUE(v.ok() && h1.ok());
    auto tv = checkSchedule(*v, StepTiming{1.0, 1.3, 0.0, 0.7});
    auto th = checkSchedule(*h1, StepTiming{2.0, 2.6, 0.0, 1.4});
    ASSERT_TRUE(tv.ok() && th.ok());
    for (int r = 0; r < p; ++r)
      EXPECT_NEAR(tv->makespan - tv->busy[r], (p - 1) * 1.3, 1e-9) << "p=" << p << " m=" << m;
    EXPECT_LT(tv->bubbleFraction(), th->bubbleFraction()) << "p=" << p << " m=" << m;
  }
}

TEST(ZeroBubbleV, RefusesWhatIsNotAV) {
  for (auto [p, v, m] : std::vector<std::tuple<int, int, int>>{{1, 2, 4}, {2, 1, 4}, {4, 3, 8}, {4, 2, 6}}) {
    auto s = buildSchedule(p, v, m, ScheduleKind::ZeroBubbleV);
    ASSERT_FALSE(s.ok());
    EXPECT_NE(s.error().find("zb-v places two chunks per rank"), std::string::npos) << s.error();
  }
}

// What W keeps (3) outweighs what B frees (1), as in mtc's arenas: the
// paper's order then holds more than 1F1B's fullest rank on later ranks.
StepBytes heavyWeightGrad() {
  StepBytes bytes;
  bytes.untilBackward = [](int) { return 1.0; };
  bytes.untilWeightGrad = [](int) { return 3.0; };
  return bytes;
}

// The non-W steps of a rank, and its W steps, each in order.
std::pair<std::string, std::string> splitByKind(const RankSchedule &rs) {
  std::string other, weightGrad;
  for (const Step &s : rs.steps)
    (s.kind == StepKind::WeightGrad ? weightGrad : other) += toString(s) + " ";
  return {other, weightGrad};
}

TEST(LimitWeightGradDeferral, LeavesAnOrderThatFits) {
  auto zb = buildSchedule(4, 1, 8, ScheduleKind::ZeroBubbleH1);
  ASSERT_TRUE(zb.ok());
  for (const RankSchedule &rs : zb->ranks) {
    auto limited = limitWeightGradDeferral(rs, heavyWeightGrad(), 1e9);
    ASSERT_TRUE(limited.ok()) << limited.error();
    EXPECT_EQ(joined(*limited), joined(rs));
  }
}

// p=2 m=3, rank 1 ("F1.0 B1.0 F1.1 B1.1 W1.0 F1.2 B1.2 W1.1 W1.2"): with 4
// taken per F, 1 given back per B and a limit of 5, W1.0 must run before
// F1.1 (4 + 3 + 4 > 5), and so on: 1F1B's order with B and W apart.
TEST(LimitWeightGradDeferral, HandDerived_p2_m3) {
  auto zb = buildSchedule(2, 1, 3, ScheduleKind::ZeroBubbleH1);
  ASSERT_TRUE(zb.ok());
  auto limited = limitWeightGradDeferral(zb->ranks[1], heavyWeightGrad(), 5.0);
  ASSERT_TRUE(limited.ok()) << limited.error();
  EXPECT_EQ(joined(*limited), "F1.0 B1.0 W1.0 F1.1 B1.1 W1.1 F1.2 B1.2 W1.2");
  // A limit of 7 keeps one W pending (4 + 3 = 7 fits, 4 + 3 + 3 would not).
  auto seven = limitWeightGradDeferral(zb->ranks[1], heavyWeightGrad(), 7.0);
  ASSERT_TRUE(seven.ok()) << seven.error();
  EXPECT_EQ(joined(*seven), "F1.0 B1.0 F1.1 B1.1 W1.0 F1.2 B1.2 W1.1 W1.2");
}

// The same rank with what B defines for W taken at B (2 per micro-batch):
// F 4, B +2 -1, F 4, B +2 -1, W -5, F 4, B +2 -1, W -5, W -5. The peak, 11,
// is at the second and third B, before B gives its own back.
TEST(PeakHeld, WhatBTakesCountsFromItsBUntilItsW) {
  auto zb = buildSchedule(2, 1, 3, ScheduleKind::ZeroBubbleH1);
  ASSERT_TRUE(zb.ok());
  StepBytes bytes = heavyWeightGrad();
  EXPECT_EQ(peakHeld(zb->ranks[1], bytes), 7.0); // without: peakHeld's two parts
  EXPECT_EQ(peakHeld(zb->ranks[1], bytes.untilBackward, bytes.untilWeightGrad), 7.0);
  bytes.fromBackward = [](int) { return 2.0; };
  EXPECT_EQ(peakHeld(zb->ranks[1], bytes), 11.0);
  bytes.base = 0.5;
  EXPECT_EQ(peakHeld(zb->ranks[1], bytes), 11.5);
  // The limit counts it too: at 8, each W runs before the next F (5 + 4
  // held would exceed it; without the 2, 3 + 4 would fit).
  bytes.base = 0;
  auto limited = limitWeightGradDeferral(zb->ranks[1], bytes, 8.0);
  ASSERT_TRUE(limited.ok()) << limited.error();
  EXPECT_EQ(joined(*limited), "F1.0 B1.0 W1.0 F1.1 B1.1 W1.1 F1.2 B1.2 W1.2");
}

TEST(LimitWeightGradDeferral, NoRankAboveTheLimitStillDeadlockFreeAndBetweenTheTwo) {
  const StepBytes bytes = heavyWeightGrad();
  int limitedRanks = 0;
  for (int v : {1, 2})
    for (auto [p, m] : kSizes) {
      if (p < 2 || m < p || (v > 1 && m % p != 0))
        continue;
      auto zb = buildSchedule(p, v, m, ScheduleKind::ZeroBubbleH1);
      auto ref = buildSchedule(p, v, m);
      ASSERT_TRUE(zb.ok() && ref.ok()) << "p=" << p << " v=" << v << " m=" << m;
      // 1F1B's fullest rank, its whole arena (3.5) smaller than B's and W's
      // parts together.
      double limit = 0;
      for (const RankSchedule &rs : ref->ranks)
        limit = std::max(limit, peakHeld(rs, false, [](int) { return 3.5; }));
      PipelineSchedule limited = *zb;
      for (RankSchedule &rs : limited.ranks) {
        auto order = limitWeightGradDeferral(rs, bytes, limit);
        ASSERT_TRUE(order.ok()) << order.error();
        const std::string where = "p=" + std::to_string(p) + " v=" + std::to_string(v) +
                                  " m=" + std::to_string(m) + " rank " + std::to_string(rs.rank);
        // Above the limit only where the F and B order alone is (the first
        // rank's warm-up forwards, with nothing to move before them).
        auto tightest = limitWeightGradDeferral(rs, bytes, 0.0);
        ASSERT_TRUE(tightest.ok()) << tightest.error();
        EXPECT_LE(peakHeld(*order, bytes.untilBackward, bytes.untilWeightGrad),
                  std::max(limit,
                           peakHeld(*tightest, bytes.untilBackward, bytes.untilWeightGrad)))
            << where;
        // F and B keep their order, W theirs (each parameter accumulates its
        // micro-batches in the same order), and nothing is lost.
        EXPECT_EQ(splitByKind(*order), splitByKind(rs)) << where;
        limitedRanks += joined(*order) != joined(rs);
        rs = *order;
      }
      for (StepTiming timing : {StepTiming::unitSplit(), StepTiming{1.0, 3.0, 0.5, 7.0}}) {
        auto tl = checkSchedule(limited, timing);
        ASSERT_TRUE(tl.ok()) << "p=" << p << " v=" << v << " m=" << m << ": " << tl.error();
      }
      // Between the paper's order and the split 1F1B it started from.
      auto tl = checkSchedule(limited, StepTiming::unitSplit());
      auto paper = checkSchedule(*zb, StepTiming::unitSplit());
      auto unsplit = checkSchedule(*ref, StepTiming{});
      ASSERT_TRUE(paper.ok() && unsplit.ok());
      EXPECT_GE(tl->makespan, paper->makespan) << "p=" << p << " v=" << v << " m=" << m;
      EXPECT_LE(tl->makespan, unsplit->makespan) << "p=" << p << " v=" << v << " m=" << m;
    }
  EXPECT_GT(limitedRanks, 20); // the limit binds, or the test proves nothing
}

TEST(LimitWeightGradDeferral, AWOutOfItsBsOrderIsAnError) {
  RankSchedule rs;
  rs.rank = 1;
  rs.steps = {{StepKind::Forward, 1, 0},    {StepKind::Forward, 1, 1},
              {StepKind::Backward, 1, 0},   {StepKind::Backward, 1, 1},
              {StepKind::WeightGrad, 1, 1}, {StepKind::WeightGrad, 1, 0}};
  auto limited = limitWeightGradDeferral(rs, heavyWeightGrad(), 100.0);
  ASSERT_FALSE(limited.ok());
  EXPECT_NE(limited.error().find("W1.1 is not its chunk's oldest pending W"), std::string::npos)
      << limited.error();
}

// ZB-V runs its second chunk's W steps before the first's older ones: the
// limiter takes such an order (each chunk's W steps in its B steps' order),
// and moves W steps only in the cool-down, where B steps may wait for room.
// No W is pending at any forward (each W follows its B before the next F),
// so ZB-V's peak is that of its F and B order alone, its warm-up's 2p
// forwards, and W deferral has nothing to give back there.
TEST(LimitWeightGradDeferral, ZeroBubbleVHasNoWPendingAtAForward) {
  const StepBytes bytes = heavyWeightGrad();
  for (auto [p, m] : kSizes) {
    if (p < 2 || m < 2 * p - 1)
      continue;
    auto zb = buildSchedule(p, 2, m, ScheduleKind::ZeroBubbleV);
    ASSERT_TRUE(zb.ok()) << "p=" << p << " m=" << m << ": " << zb.error();
    for (const RankSchedule &rs : zb->ranks) {
      const std::string where =
          "p=" + std::to_string(p) + " m=" + std::to_string(m) + " rank " + std::to_string(rs.rank);
      int pending = 0;
      for (const Step &s : rs.steps) {
        if (s.kind == StepKind::Forward)
          EXPECT_EQ(pending, 0) << where << " at " << toString(s);
        pending += s.kind == StepKind::Backward ? 1 : s.kind == StepKind::WeightGrad ? -1 : 0;
      }
      auto unchanged = limitWeightGradDeferral(rs, bytes, 1e9);
      ASSERT_TRUE(unchanged.ok()) << where << ": " << unchanged.error();
      EXPECT_EQ(joined(*unchanged), joined(rs)) << where;
      // The tightest limit: every W right after its B, each chunk's in order.
      auto tightest = limitWeightGradDeferral(rs, bytes, 0.0);
      ASSERT_TRUE(tightest.ok()) << where << ": " << tightest.error();
      for (size_t i = 0; i < tightest->steps.size(); ++i)
        if (tightest->steps[i].kind == StepKind::Backward) {
          ASSERT_LT(i + 1, tightest->steps.size()) << where;
          const Step &next = tightest->steps[i + 1];
          EXPECT_TRUE(next.kind == StepKind::WeightGrad && next.chunk == tightest->steps[i].chunk &&
                      next.microbatch == tightest->steps[i].microbatch)
              << where << " after " << toString(tightest->steps[i]);
        }
    }
  }
}

} // namespace
