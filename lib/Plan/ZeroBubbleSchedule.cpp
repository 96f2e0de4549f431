//===- ZeroBubbleSchedule.cpp - ZB-H1 by list scheduling in unit time -----===//
#include "mtc/Plan/ZeroBubbleSchedule.h"
#include "mtc/Plan/CheckedMath.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <string>

namespace mtc {

Result<PipelineSchedule> buildZeroBubbleSchedule(const PipelineSchedule &base) {
  if (base.splitBackward)
    return Error{"zero-bubble schedule: the base schedule is already split"};
  const int pp = base.pp, m = base.microbatches, chunks = base.numChunks();
  if (static_cast<int>(base.ranks.size()) != pp)
    return Error{"zero-bubble schedule: the base lists " + std::to_string(base.ranks.size()) +
                 " ranks for pp=" + std::to_string(pp)};
  // The base's forward and backward orders.
  struct RankPlan {
    std::vector<Step> forwards, backwards;
    size_t nextF = 0, nextB = 0;
    std::deque<Step> pendingW; // B ran, W not yet: oldest first
  };
  std::vector<RankPlan> plans(pp);
  // Every rank may hold as many micro-batches as the base's fullest rank
  // (the first): the paper's memory bound, which lets later ranks defer W.
  int cap = 0;
  for (int r = 0; r < pp; ++r) {
    for (const Step &st : base.ranks[r].steps)
      (st.kind == StepKind::Forward ? plans[r].forwards : plans[r].backwards).push_back(st);
    cap = std::max(cap, maxMicrobatchesHeld(base.ranks[r]));
  }

  PipelineSchedule sched;
  sched.pp = pp;
  sched.vp = base.vp;
  sched.microbatches = m;
  sched.splitBackward = true;
  sched.ranks.resize(pp);
  for (int r = 0; r < pp; ++r) {
    sched.ranks[r].rank = r;
    // The base's count; the unit test checks that the steps agree.
    sched.ranks[r].warmup = base.ranks[r].warmup;
  }
  // Tick at which each (chunk, micro-batch) forward / backward finished
  // (-1: not yet); a step finished at tick t is visible from tick t + 1.
  const size_t n = static_cast<size_t>(chunks) * m;
  std::vector<int> doneF(n, -1), doneB(n, -1);
  auto at = [m](const Step &st) { return static_cast<size_t>(st.chunk) * m + st.microbatch; };
  auto before = [](int doneAt, int tick) { return doneAt >= 0 && doneAt < tick; };
  auto held = [](const RankPlan &p) {
    return static_cast<int>(p.nextF) - static_cast<int>(p.nextB - p.pendingW.size());
  };
  if (3 * n > static_cast<size_t>(kMaxScheduleSteps))
    return Error{"zero-bubble schedule: 3 x pp x vp x microbatches steps exceed " +
                 std::to_string(kMaxScheduleSteps)};
  size_t remaining = 3 * n;
  const long long tickLimit = 3LL * static_cast<long long>(n) + 3LL * pp + 3;
  for (int tick = 0; remaining > 0; ++tick) {
    if (tick > tickLimit)
      return Error{"zero-bubble schedule: no order found for pp=" + std::to_string(pp) +
                   " vp=" + std::to_string(base.vp) + " microbatches=" + std::to_string(m) +
                   " within the base's micro-batches in flight"};
    // Every rank decides on the state at the start of the tick.
    std::vector<Step> chosen(pp);
    std::vector<bool> runs(pp, false);
    for (int r = 0; r < pp; ++r) {
      const RankPlan &me = plans[r];
      if (me.nextB < me.backwards.size()) {
        const Step &b = me.backwards[me.nextB];
        if (before(doneF[at(b)], tick) &&
            (b.chunk == chunks - 1 || before(doneB[at({b.kind, b.chunk + 1, b.microbatch})], tick))) {
          chosen[r] = b;
          runs[r] = true;
          continue;
        }
      }
      if (me.nextF < me.forwards.size() && held(me) < cap) {
        const Step &f = me.forwards[me.nextF];
        if (f.chunk == 0 || before(doneF[at({f.kind, f.chunk - 1, f.microbatch})], tick)) {
          chosen[r] = f;
          runs[r] = true;
          continue;
        }
      }
      if (!me.pendingW.empty()) {
        chosen[r] = me.pendingW.front();
        runs[r] = true;
      }
    }
    for (int r = 0; r < pp; ++r) {
      if (!runs[r])
        continue; // idle: waiting for a neighbour
      RankPlan &me = plans[r];
      const Step &s = chosen[r];
      if (s.kind == StepKind::Forward) {
        doneF[at(s)] = tick;
        ++me.nextF;
      } else if (s.kind == StepKind::Backward) {
        doneB[at(s)] = tick;
        ++me.nextB;
        me.pendingW.push_back({StepKind::WeightGrad, s.chunk, s.microbatch});
      } else {
        me.pendingW.pop_front();
      }
      sched.ranks[r].steps.push_back(s);
      --remaining;
    }
  }
  return sched;
}

// The paper's handcrafted ZB-H1 (Qi et al. 2024, Figure 3 top): rank r runs
// 1F1B's warm-up forwards, then 1F1B's F/B pairs with the W of micro-batch
// k - r after the B of micro-batch k, then the W steps it deferred. Rank r
// thus holds up to pp micro-batches (1F1B's first rank's count), and its
// r deferred W steps fill the drain in which 1F1B leaves it idle.
static PipelineSchedule handcraftedZeroBubbleH1(const PipelineSchedule &base) {
  PipelineSchedule sched;
  sched.pp = base.pp;
  sched.vp = 1;
  sched.microbatches = base.microbatches;
  sched.splitBackward = true;
  const int m = base.microbatches;
  for (int r = 0; r < base.pp; ++r) {
    RankSchedule rank;
    rank.rank = r;
    rank.warmup = base.ranks[r].warmup;
    for (int k = 0; k < rank.warmup; ++k)
      rank.steps.push_back({StepKind::Forward, r, k});
    int nextW = 0;
    for (int k = 0; k < m; ++k) {
      if (rank.warmup + k < m)
        rank.steps.push_back({StepKind::Forward, r, rank.warmup + k});
      rank.steps.push_back({StepKind::Backward, r, k});
      if (k >= r)
        rank.steps.push_back({StepKind::WeightGrad, r, nextW++});
    }
    while (nextW < m)
      rank.steps.push_back({StepKind::WeightGrad, r, nextW++});
    sched.ranks.push_back(std::move(rank));
  }
  return sched;
}

Result<PipelineSchedule> buildZeroBubbleH1(int pp, int vp, int microbatches) {
  Result<PipelineSchedule> base = buildSchedule(pp, vp, microbatches);
  if (!base)
    return base;
  if (vp == 1)
    return handcraftedZeroBubbleH1(*base);
  return buildZeroBubbleSchedule(*base);
}

// ZB-V (Qi et al. 2024, section 6; TorchTitan's ScheduleZBVZeroBubble has
// the same shape): rank r holds the V's first leg, chunk r, and its second,
// chunk 2p-1-r. In four phases, every chunk's micro-batches in order:
//  1. warm-up: 2(p-r)-1 forwards of the first leg, then r pairs (second
//     leg F, first leg F), then p-r rounds of the second leg's F, B and W;
//  2. steady: rounds of (first leg F while any remain, its B and W; second
//     leg F, its B and W) until both legs ran every forward;
//  3. drain: r pairs of B (first leg, second leg), then p-r rounds of the
//     first leg's B and its oldest pending W;
//  4. the pending W steps, second leg's first.
// Every rank thus holds at most 2p chunk micro-batches (p whole micro-
// batches: 1F1B's first rank), and with F = B = W each rank idles only the
// p - 1 steps the V's start-up costs the last one. Unlike a list schedule
// built for equal steps, the phases keep that when B is slower than F: a
// rank then idles (p-1) T_B (unit tests ReachesTheFloorOfItsStartUp,
// StaysNearItWhenBackwardsAreSlower).
Result<PipelineSchedule> buildZeroBubbleV(int pp, int vp, int microbatches) {
  if (pp < 2 || vp != 2 || microbatches < 2 * pp - 1)
    return Error{"schedule: zb-v places two chunks per rank on two or more ranks (vp=2, "
                 "pp>=2) and fills its warm-up with microbatches >= 2pp-1, got pp=" +
                 std::to_string(pp) + " vp=" + std::to_string(vp) +
                 " microbatches=" + std::to_string(microbatches)};
  const int m = microbatches;
  if (6LL * pp * m > kMaxScheduleSteps)
    return Error{"schedule: 3 x pp x vp x microbatches steps exceed " +
                 std::to_string(kMaxScheduleSteps)};
  PipelineSchedule sched;
  sched.pp = pp;
  sched.vp = 2;
  sched.microbatches = m;
  sched.splitBackward = true;
  sched.placement = ChunkPlacement::V;
  for (int r = 0; r < pp; ++r) {
    const int first = r, second = 2 * pp - 1 - r;
    RankSchedule rank;
    rank.rank = r;
    std::vector<Step> &out = rank.steps;
    // Next forward, backward and W of each leg.
    int f[2] = {0, 0}, b[2] = {0, 0}, w[2] = {0, 0};
    const int chunkOf[2] = {first, second};
    auto F = [&](int leg) { out.push_back({StepKind::Forward, chunkOf[leg], f[leg]++}); };
    auto B = [&](int leg) { out.push_back({StepKind::Backward, chunkOf[leg], b[leg]++}); };
    auto W = [&](int leg) { out.push_back({StepKind::WeightGrad, chunkOf[leg], w[leg]++}); };
    for (int i = 0; i < 2 * (pp - r) - 1; ++i)
      F(0);
    for (int i = 0; i < r; ++i) {
      F(1);
      F(0);
    }
    for (int i = 0; i < pp - r; ++i) {
      F(1);
      B(1);
      W(1);
    }
    while (f[1] < f[0] || f[0] < m) {
      if (f[0] < m)
        F(0);
      B(0);
      W(0);
      F(1);
      B(1);
      W(1);
    }
    for (int i = 0; i < r; ++i) {
      B(0);
      B(1);
    }
    for (int i = 0; i < pp - r; ++i) {
      B(0);
      W(0);
    }
    while (w[1] < b[1])
      W(1);
    while (w[0] < b[0])
      W(0);
    for (const Step &st : out) {
      if (st.kind != StepKind::Forward)
        break;
      ++rank.warmup;
    }
    sched.ranks.push_back(std::move(rank));
  }
  return sched;
}

Result<RankSchedule> limitWeightGradDeferral(const RankSchedule &rank, const StepBytes &bytes,
                                             double limit) {
  RankSchedule out = rank;
  out.steps.clear();
  // W steps whose B ran, per chunk in B order, with the B's position: a
  // chunk's W steps keep their order (its parameters accumulate micro-batch
  // by micro-batch), while ZB-V runs one chunk's W steps before the other's
  // older ones, so the queue is per chunk and the oldest front moves first.
  std::map<int, std::deque<std::pair<size_t, Step>>> pending;
  size_t backwards = 0;
  auto oldest = [&]() -> std::deque<std::pair<size_t, Step>> * {
    std::deque<std::pair<size_t, Step>> *first = nullptr;
    for (auto &[chunk, queue] : pending)
      if (!queue.empty() && (!first || queue.front().first < first->front().first))
        first = &queue;
    return first;
  };
  std::set<std::pair<int, int>> moved;
  double held = bytes.base;
  auto taken = [&](int chunk) { return bytes.untilBackward(chunk) + bytes.untilWeightGrad(chunk); };
  auto fromBackward = [&](int chunk) { return bytes.fromBackward ? bytes.fromBackward(chunk) : 0.0; };
  auto runWeightGrad = [&](const Step &w) {
    out.steps.push_back(w);
    held -= bytes.untilWeightGrad(w.chunk) + fromBackward(w.chunk);
  };
  // Runs the oldest pending W steps until `more` bytes fit (or none is left).
  auto makeRoom = [&](double more) {
    while (held + more > limit) {
      auto *queue = oldest();
      if (!queue)
        return;
      const Step w = queue->front().second;
      queue->pop_front();
      moved.insert({w.chunk, w.microbatch});
      runWeightGrad(w);
    }
  };
  for (const Step &s : rank.steps) {
    switch (s.kind) {
    case StepKind::Forward:
      makeRoom(taken(s.chunk));
      out.steps.push_back(s);
      held += taken(s.chunk);
      break;
    case StepKind::Backward:
      makeRoom(fromBackward(s.chunk)); // B takes it before giving its own back
      out.steps.push_back(s);
      held += fromBackward(s.chunk) - bytes.untilBackward(s.chunk);
      pending[s.chunk].push_back({backwards++, {StepKind::WeightGrad, s.chunk, s.microbatch}});
      break;
    case StepKind::WeightGrad: {
      if (moved.erase({s.chunk, s.microbatch}))
        break;
      auto &queue = pending[s.chunk];
      if (queue.empty() || !(queue.front().second == s))
        return Error{"limiting W deferral on rank " + std::to_string(rank.rank) + ": " +
                     toString(s) + " is not its chunk's oldest pending W (a chunk's W steps "
                     "must follow its B steps' order)"};
      queue.pop_front();
      runWeightGrad(s);
      break;
    }
    }
  }
  if (auto *queue = oldest())
    return Error{"limiting W deferral on rank " + std::to_string(rank.rank) + ": " +
                 toString(queue->front().second) + " never runs"};
  return out;
}

double peakHeld(const RankSchedule &rank, const StepBytes &bytes) {
  double held = bytes.base, peak = held;
  for (const Step &s : rank.steps) {
    const double fromBackward = bytes.fromBackward ? bytes.fromBackward(s.chunk) : 0.0;
    switch (s.kind) {
    case StepKind::Forward:
      held += bytes.untilBackward(s.chunk) + bytes.untilWeightGrad(s.chunk);
      break;
    case StepKind::Backward:
      peak = std::max(peak, held + fromBackward);
      held += fromBackward - bytes.untilBackward(s.chunk);
      break;
    case StepKind::WeightGrad:
      held -= bytes.untilWeightGrad(s.chunk) + fromBackward;
      break;
    }
    peak = std::max(peak, held);
  }
  return peak;
}

int maxMicrobatchesHeld(const RankSchedule &rank) {
  bool split = std::any_of(rank.steps.begin(), rank.steps.end(), [](const Step &s) {
    return s.kind == StepKind::WeightGrad;
  });
  return static_cast<int>(peakHeld(rank, split, [](int) { return 1.0; }));
}

} // namespace mtc
