//===- ZeroBubbleSchedule.cpp - ZB-H1 by list scheduling in unit time -----===//
#include "mtc/Plan/ZeroBubbleSchedule.h"
#include "mtc/Plan/CheckedMath.h"

#include <algorithm>
#include <string>

namespace mtc {

namespace {
// Per rank: how far each kind got, and at which tick each step finished
// (-1: not yet), so a neighbour can tell whether a message has arrived.
struct RankProgress {
  int nextF = 0, nextB = 0, nextW = 0;
  std::vector<int> doneF, doneB;
};
} // namespace

Result<PipelineSchedule>
buildZeroBubbleSchedule(int pp, int microbatches,
                        const std::vector<int> &maxInFlight) {
  if (pp < 1 || microbatches < 1)
    return Error{"zero-bubble schedule: pp and microbatches must be >= 1, got "
                 "pp=" + std::to_string(pp) +
                 " microbatches=" + std::to_string(microbatches)};
  if (static_cast<int>(maxInFlight.size()) != pp)
    return Error{"zero-bubble schedule: " +
                 std::to_string(maxInFlight.size()) +
                 " in-flight limits for pp=" + std::to_string(pp) + " ranks"};
  for (int r = 0; r < pp; ++r)
    if (maxInFlight[r] < 1)
      return Error{"zero-bubble schedule: rank " + std::to_string(r) +
                   " may hold " + std::to_string(maxInFlight[r]) +
                   " micro-batches; it needs at least 1"};
  Result<int64_t> steps = checkedProduct(
      {{"pp", pp}, {"microbatches", microbatches}, {"3 steps", 3}});
  if (!steps || *steps > kMaxScheduleSteps)
    return Error{"zero-bubble schedule: pp x microbatches x 3 steps (" +
                 std::to_string(pp) + " x " + std::to_string(microbatches) +
                 " x 3) exceeds " + std::to_string(kMaxScheduleSteps) +
                 " steps"};

  PipelineSchedule sched;
  sched.pp = pp;
  sched.vp = 1;
  sched.microbatches = microbatches;
  sched.splitBackward = true;
  sched.ranks.resize(pp);
  std::vector<RankProgress> prog(pp);
  for (int r = 0; r < pp; ++r) {
    sched.ranks[r].rank = r;
    // 1F1B's count; the unit test checks that the steps agree.
    sched.ranks[r].warmup = warmupForwards(pp, 1, microbatches, r);
    prog[r].doneF.assign(microbatches, -1);
    prog[r].doneB.assign(microbatches, -1);
  }
  // A step finished at tick t is visible to every rank from tick t + 1.
  auto before = [](int doneAt, int tick) { return doneAt >= 0 && doneAt < tick; };
  const int m = microbatches;
  int finished = 0;
  for (int tick = 0; finished < pp; ++tick) {
    // Every rank decides on the state at the start of the tick.
    std::vector<Step> chosen(pp);
    std::vector<bool> runs(pp, false);
    for (int r = 0; r < pp; ++r) {
      const RankProgress &me = prog[r];
      const int b = me.nextB, f = me.nextF;
      if (b < m && before(me.doneF[b], tick) &&
          (r == pp - 1 || before(prog[r + 1].doneB[b], tick))) {
        chosen[r] = {StepKind::Backward, r, b};
      } else if (f < m && f - me.nextW < maxInFlight[r] &&
                 (r == 0 || before(prog[r - 1].doneF[f], tick))) {
        chosen[r] = {StepKind::Forward, r, f};
      } else if (me.nextW < me.nextB) {
        chosen[r] = {StepKind::WeightGrad, r, me.nextW};
      } else {
        continue; // idle: waiting for a neighbour
      }
      runs[r] = true;
    }
    for (int r = 0; r < pp; ++r) {
      if (!runs[r])
        continue;
      RankProgress &me = prog[r];
      RankSchedule &rs = sched.ranks[r];
      const Step &s = chosen[r];
      if (s.kind == StepKind::Forward)
        me.doneF[me.nextF++] = tick;
      else if (s.kind == StepKind::Backward)
        me.doneB[me.nextB++] = tick;
      else if (++me.nextW == m)
        ++finished;
      rs.steps.push_back(s);
    }
    // Every micro-batch's chain is at most 3 x pp x m ticks long; past that
    // the rules above would be wrong, not slow.
    if (tick > 3 * pp * m + 3 * pp)
      return Error{"zero-bubble schedule: internal error, no progress for "
                   "pp=" + std::to_string(pp) + " microbatches=" +
                   std::to_string(m)};
  }
  return sched;
}

Result<PipelineSchedule> buildZeroBubbleH1(int pp, int microbatches) {
  std::vector<int> limits;
  for (int r = 0; r < std::max(pp, 0); ++r)
    limits.push_back(pp - r);
  return buildZeroBubbleSchedule(pp, microbatches, limits);
}

int maxMicrobatchesHeld(const RankSchedule &rank) {
  bool split = std::any_of(rank.steps.begin(), rank.steps.end(), [](const Step &s) {
    return s.kind == StepKind::WeightGrad;
  });
  const StepKind releases = split ? StepKind::WeightGrad : StepKind::Backward;
  int held = 0, most = 0;
  for (const Step &s : rank.steps) {
    if (s.kind == StepKind::Forward)
      most = std::max(most, ++held);
    else if (s.kind == releases)
      --held;
  }
  return most;
}

} // namespace mtc
