// The grouping of pipeline transfers into NCCL groups (pipeline/PipelineP2pGroups.h):
// proven deadlock-free, by the NCCL simulator, on every schedule the
// compiler builds; the naive grouping caught where it hangs.
#include "pipeline/PipelineP2pGroups.h"

#include "mtc/Plan/Schedule.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

namespace {

using namespace mtc;
using namespace mtc::runtime;

// One transfer per cut in each direction (what every compiled model sends:
// the hidden state forward, its gradient back), or `perCut` of them. A cut
// inside one rank (the V's turn) is a copy, in no group, as the runner
// leaves it.
std::vector<ChunkTransfers> transfersFor(const PipelineSchedule &s, int perCut = 1) {
  std::vector<ChunkTransfers> t(s.numChunks());
  for (int c = 0; c < s.numChunks(); ++c)
    for (int k = 0; k < perCut; ++k) {
      if (c + 1 < s.numChunks() && s.stageOfChunk(c + 1) != s.stageOfChunk(c))
        t[c].forwardTags.push_back(2 * c * perCut + k);
      if (c > 0 && s.stageOfChunk(c - 1) != s.stageOfChunk(c))
        t[c].backwardTags.push_back((2 * c + 1) * perCut + k);
    }
  return t;
}

struct Built {
  std::string name;
  PipelineSchedule schedule;
};

// Every schedule mtc-compile can build for p = 2..8, v = 1..4, m = 1..32:
// 1F1B (v = 1), interleaved 1F1B (v > 1, m a multiple of p), ZB-H1 on
// either. The layout (layers per chunk, even or not) does not enter the
// schedule tables or the grouping, so these cover every layout.
std::vector<Built> everyBuiltSchedule() {
  std::vector<Built> all;
  for (int p = 2; p <= 8; ++p)
    for (int v = 1; v <= 4; ++v)
      for (int m = 1; m <= 32; ++m)
        for (ScheduleKind kind : {ScheduleKind::OneFOneB, ScheduleKind::Interleaved,
                                  ScheduleKind::ZeroBubbleH1, ScheduleKind::ZeroBubbleV}) {
          if ((kind == ScheduleKind::OneFOneB) != (v == 1) && kind != ScheduleKind::ZeroBubbleH1 &&
              kind != ScheduleKind::ZeroBubbleV)
            continue;
          Result<PipelineSchedule> s = buildSchedule(p, v, m, kind);
          if (!s)
            continue; // e.g. interleaving with m not a multiple of p: refused
          all.push_back({std::string(scheduleKindName(kind)) + " p" + std::to_string(p) + " v" +
                             std::to_string(v) + " m" + std::to_string(m),
                         std::move(s).value()});
        }
  return all;
}

TEST(PipelineP2pGroups, EveryBuiltScheduleGroupsWithoutDeadlock) {
  const std::vector<Built> all = everyBuiltSchedule();
  std::map<std::string, int> perKind;
  for (const Built &b : all) {
    const std::vector<ChunkTransfers> t = transfersFor(b.schedule);
    Result<PipelineGroups> groups = groupPipelineTransfers(b.schedule, t);
    ASSERT_TRUE(groups.ok()) << b.name << ": " << groups.error();
    const std::string problem = verifyGroupedP2p(b.schedule, t, groups.value());
    ASSERT_EQ(problem, "") << b.name;
    ++perKind[b.name.substr(0, b.name.find(' ')) +
              (b.schedule.vp > 1 ? " interleaved base" : "")];
  }
  // 1F1B and ZB-H1 take any m: 7 x 32 each; interleaving needs m % p == 0:
  // 16 + 10 + 8 + 6 + 5 + 4 + 4 = 53 (m, p) pairs for each v in 2..4.
  EXPECT_EQ(perKind["1f1b"], 224);
  EXPECT_EQ(perKind["zb-h1"], 224);
  EXPECT_EQ(perKind["interleaved interleaved base"], 159);
  EXPECT_EQ(perKind["zb-h1 interleaved base"], 159);
  // ZB-V: v = 2, m >= 2p - 1: 30 + 28 + 26 + 24 + 22 + 20 + 18.
  EXPECT_EQ(perKind["zb-v interleaved base"], 168);
  EXPECT_EQ(all.size(), 934u);
}

// Chunks whose W keeps its own arena release the one they send from at B:
// every ZB-H1 schedule still groups and verifies, with every chunk so and
// with every other one (the compiler decides per chunk).
TEST(PipelineP2pGroups, ArenasReleasedByBackwardGroupWithoutDeadlock) {
  int checked = 0;
  for (const Built &b : everyBuiltSchedule()) {
    if (!b.schedule.splitBackward)
      continue;
    for (int pattern : {0, 1, 2}) {
      std::vector<ChunkTransfers> t = transfersFor(b.schedule);
      for (int c = 0; c < b.schedule.numChunks(); ++c)
        t[c].releasedByBackward = pattern == 0 || c % 2 == pattern % 2;
      Result<PipelineGroups> groups = groupPipelineTransfers(b.schedule, t);
      ASSERT_TRUE(groups.ok()) << b.name << " pattern " << pattern << ": " << groups.error();
      ASSERT_EQ(verifyGroupedP2p(b.schedule, t, groups.value()), "")
          << b.name << " pattern " << pattern;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 3 * (224 + 159 + 168));
}

TEST(PipelineP2pGroups, SeveralTransfersPerCutKeepTheirPairing) {
  // BERT-like plans could send more than one buffer per cut: within a group
  // both ends order a pair's transfers by identity.
  for (const Built &b : everyBuiltSchedule()) {
    if (b.schedule.pp > 4 || b.schedule.microbatches > 8)
      continue;
    const std::vector<ChunkTransfers> t = transfersFor(b.schedule, 3);
    Result<PipelineGroups> groups = groupPipelineTransfers(b.schedule, t);
    ASSERT_TRUE(groups.ok()) << b.name << ": " << groups.error();
    ASSERT_EQ(verifyGroupedP2p(b.schedule, t, groups.value()), "") << b.name;
  }
}

// The naive grouping (step i's sends with step i+1's receives) is what the
// checker must reject: it deadlocks on every interleaved schedule with a
// steady state (m > p; with m == p everything is warm-up and cool-down).
TEST(PipelineP2pGroups, NaiveGroupingDeadlocksOnEveryInterleavedSchedule) {
  int deadlocks = 0, allWarmup = 0;
  for (const Built &b : everyBuiltSchedule()) {
    if (b.schedule.vp == 1 || b.schedule.splitBackward)
      continue;
    const std::vector<ChunkTransfers> t = transfersFor(b.schedule);
    const PipelineGroups naive = naivePipelineGroups(b.schedule, t);
    const std::string problem = groupsDeadlock(naive);
    if (b.schedule.microbatches == b.schedule.pp) {
      EXPECT_EQ(problem, "") << b.name;
      ++allWarmup;
      continue;
    }
    EXPECT_NE(problem.find("waits in group"), std::string::npos) << b.name << ": " << problem;
    EXPECT_NE(verifyGroupedP2p(b.schedule, t, naive), "") << b.name;
    ++deadlocks;
  }
  EXPECT_EQ(deadlocks, 138);
  EXPECT_EQ(allWarmup, 21);
}

TEST(PipelineP2pGroups, NaiveGroupingCompletesOnPlainOneFOneBButOverwritesArenas) {
  // What docs/gpu.md found for the first prototype: no deadlock without
  // interleaving. With the runner's arenas it is still wrong once a stage
  // reuses one: the gradient leaving an arena and the next forward's input
  // arriving into it share a group.
  for (int p : {2, 4, 8})
    for (int m : {1, 4, 9, 32}) {
      PipelineSchedule s = buildSchedule(p, 1, m).value();
      const std::vector<ChunkTransfers> t = transfersFor(s);
      const PipelineGroups naive = naivePipelineGroups(s, t);
      EXPECT_EQ(groupsDeadlock(naive), "") << "p" << p << " m" << m;
      if (m > p)
        EXPECT_NE(verifyGroupedP2p(s, t, naive).find("reuses the arena"), std::string::npos)
            << "p" << p << " m" << m;
    }
}

TEST(PipelineP2pGroups, HandDerivedOneFOneB_p2_m2) {
  // Rank 0: F0.0 F0.1 B0.0 B0.1; rank 1: F1.0 B1.0 F1.1 B1.1. In integer time
  // (F = 1, B = 2): rank 0 runs F0.0 [0,1), F0.1 [1,2); rank 1 F1.0 [1,2),
  // B1.0 [2,4). Rank 1 holds one arena: F1.1 takes B1.0's, so F0.1's
  // output is received at time 4 after B1.0's gradient left, in a group of
  // its own (tick 4.1 after 4.0); F1.1 [4,5), B1.1 [5,7). Rank 0 gets B1.0's
  // gradient at 4 and sends F0.1's output right after, before B0.0 [4,6):
  //   rank 0: F0.0 [1.0 send] F0.1 [4.0 recv] [4.1 send] B0.0 [7.0 recv] B0.1
  //   rank 1: [1.0 recv] F1.0 B1.0 [4.0 send] [4.1 recv] F1.1 B1.1 [7.0 send]
  PipelineSchedule s = buildSchedule(2, 1, 2).value();
  const std::vector<ChunkTransfers> t = transfersFor(s);
  PipelineGroups g = groupPipelineTransfers(s, t).value();
  auto shape = [](const std::vector<P2pGroup> &groups) {
    std::string out;
    for (const P2pGroup &group : groups) {
      out += "[" + std::to_string(group.time) + "." + std::to_string(group.sub) + " @" +
             std::to_string(group.beforeStep);
      for (const GroupedTransfer &op : group.ops)
        out += std::string(op.send ? " send" : " recv") + (op.gradient ? "G" : "A") +
               std::to_string(op.microbatch);
      out += "]";
    }
    return out;
  };
  EXPECT_EQ(shape(g[0]), "[1.0 @1 sendA0][4.0 @2 recvG0][4.1 @2 sendA1][7.0 @3 recvG1]");
  EXPECT_EQ(shape(g[1]), "[1.0 @0 recvA0][4.0 @2 sendG0][4.1 @2 recvA1][7.0 @4 sendG1]");
  EXPECT_EQ(verifyGroupedP2p(s, t, g), "");
}

TEST(PipelineP2pGroups, TheCheckerFindsMisplacedTransfers) {
  PipelineSchedule s = buildSchedule(2, 2, 4).value();
  const std::vector<ChunkTransfers> t = transfersFor(s);
  const PipelineGroups good = groupPipelineTransfers(s, t).value();
  ASSERT_EQ(verifyGroupedP2p(s, t, good), "");

  // A send before the step that produces it.
  PipelineGroups early = good;
  early[0][0].beforeStep = 0;
  EXPECT_NE(verifyGroupedP2p(s, t, early).find("sent before it ran"), std::string::npos);

  // A forward's input received earlier than after the consumer's previous
  // step: the memory plan does not hold an arena for it there.
  PipelineGroups soon = good;
  bool moved = false;
  for (std::vector<P2pGroup> &rank : soon)
    for (size_t i = 1; i < rank.size() && !moved; ++i) {
      P2pGroup &g = rank[i];
      const bool forwardReceivesOnly =
          std::none_of(g.ops.begin(), g.ops.end(),
                       [](const GroupedTransfer &op) { return op.send || op.gradient; });
      if (forwardReceivesOnly && g.beforeStep > rank[i - 1].beforeStep) {
        g.beforeStep -= 1;
        moved = true;
      }
    }
  ASSERT_TRUE(moved);
  EXPECT_NE(verifyGroupedP2p(s, t, soon).find("not between step"), std::string::npos)
      << verifyGroupedP2p(s, t, soon);

  // Gradients are received as soon as they are produced, before the step
  // that precedes their backward where the schedule allows (the sender's
  // arena is free again sooner: a send completes once its receive is posted).
  bool gradientEarly = false;
  for (const std::vector<P2pGroup> &rank : good)
    for (const P2pGroup &g : rank)
      for (const GroupedTransfer &op : g.ops)
        if (!op.send && op.gradient) {
          const std::vector<Step> &steps = s.ranks[&rank - good.data()].steps;
          int consumer = 0;
          while (!(steps[consumer].kind == StepKind::Backward &&
                   steps[consumer].chunk == op.chunk &&
                   steps[consumer].microbatch == op.microbatch))
            ++consumer;
          gradientEarly |= g.beforeStep < consumer;
        }
  EXPECT_TRUE(gradientEarly);

  // A missing transfer.
  PipelineGroups missing = good;
  missing[1].back().ops.pop_back();
  EXPECT_NE(verifyGroupedP2p(s, t, missing), "");
}

TEST(PipelineP2pGroups, TheCheckerFindsSwappedPairs) {
  // Two transfers of one pair in one group, listed in opposite orders on
  // the two ends: NCCL would complete but deliver each to the other's buffer.
  PipelineSchedule s = buildSchedule(2, 1, 4).value();
  const std::vector<ChunkTransfers> t = transfersFor(s, 2);
  PipelineGroups g = groupPipelineTransfers(s, t).value();
  bool swapped = false;
  for (P2pGroup &group : g[0])
    for (size_t i = 0; i + 1 < group.ops.size() && !swapped; ++i)
      if (group.ops[i].send && group.ops[i + 1].send) {
        std::swap(group.ops[i], group.ops[i + 1]);
        swapped = true;
      }
  ASSERT_TRUE(swapped);
  EXPECT_NE(verifyGroupedP2p(s, t, g).find("but its match"), std::string::npos)
      << verifyGroupedP2p(s, t, g);
}

TEST(PipelineP2pGroups, TheCheckerFindsAnArenaReusedBeforeItsSendLeft) {
  // 1F1B p=2 m=4: stage 1 holds one micro-batch, so F1.1 takes the arena
  // B1.0 released; move the group sending B1.0's gradient out of it to the
  // end, after that forward.
  PipelineSchedule s = buildSchedule(2, 1, 4).value();
  const std::vector<ChunkTransfers> t = transfersFor(s);
  PipelineGroups g = groupPipelineTransfers(s, t).value();
  // Stage 1's first gradient send (B1.0's) goes to the end.
  for (size_t i = 0; i < g[1].size(); ++i) {
    auto &ops = g[1][i].ops;
    auto it = std::find_if(ops.begin(), ops.end(),
                           [](const GroupedTransfer &op) { return op.send && op.gradient; });
    if (it == ops.end())
      continue;
    P2pGroup late{1 << 20, 0, static_cast<int>(s.ranks[1].steps.size()), {*it}};
    ops.erase(it);
    g[1].push_back(late);
    break;
  }
  const std::string problem = verifyGroupedP2p(s, t, g);
  EXPECT_NE(problem.find("reuses the arena of micro-batch 0"), std::string::npos) << problem;
}

TEST(PipelineP2pGroups, RefusesWhatItCannotGroup) {
  PipelineSchedule s = buildSchedule(2, 1, 2).value();
  EXPECT_FALSE(groupPipelineTransfers(s, {}).ok());
  // A backward before its own forward.
  PipelineSchedule backwards = s;
  std::swap(backwards.ranks[1].steps[0], backwards.ranks[1].steps[1]);
  Result<PipelineGroups> r = groupPipelineTransfers(backwards, transfersFor(backwards));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("before its forward"), std::string::npos) << r.error();
  // Waits in a cycle: rank 0's B0.0 needs B1.0, which rank 1 runs after
  // F1.1, whose input rank 0 sends only after B0.0.
  PipelineSchedule cycle = s;
  auto step = [](StepKind k, int c, int mb) { return Step{k, c, mb}; };
  cycle.ranks[0].steps = {step(StepKind::Forward, 0, 0), step(StepKind::Backward, 0, 0),
                          step(StepKind::Forward, 0, 1), step(StepKind::Backward, 0, 1)};
  cycle.ranks[1].steps = {step(StepKind::Forward, 1, 1), step(StepKind::Backward, 1, 1),
                          step(StepKind::Forward, 1, 0), step(StepKind::Backward, 1, 0)};
  r = groupPipelineTransfers(cycle, transfersFor(cycle));
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("form a cycle: rank 0 at step 1 (B0.0)"), std::string::npos)
      << r.error();
}

} // namespace
