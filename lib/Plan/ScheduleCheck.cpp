//===- ScheduleCheck.cpp - Blocking-receive simulation of a schedule ------===//
#include "mtc/Plan/ScheduleCheck.h"

#include <algorithm>
#include <deque>
#include <sstream>

namespace mtc {

namespace {

constexpr double kNotYet = -1.0;

// Checks that every (kind, chunk, micro-batch) appears exactly once, on the
// rank that holds the chunk, with WeightGrad steps exactly when the schedule
// splits its backwards. Returns an empty string when the schedule is well
// formed.
std::string checkWellFormed(const PipelineSchedule &s) {
  int chunks = s.numChunks();
  if (static_cast<int>(s.ranks.size()) != s.pp)
    return "schedule lists " + std::to_string(s.ranks.size()) +
           " ranks, but pp=" + std::to_string(s.pp);
  const int kinds = s.splitBackward ? 3 : 2;
  std::vector<int> seen(kinds * static_cast<size_t>(chunks) * s.microbatches, 0);
  for (int r = 0; r < s.pp; ++r) {
    const auto &steps = s.ranks[r].steps;
    for (size_t i = 0; i < steps.size(); ++i) {
      const Step &st = steps[i];
      // Built only on an error: the planner checks thousands of schedules.
      auto where = [&] {
        return "rank " + std::to_string(r) + " step " + std::to_string(i) + " (" +
               toString(st) + ")";
      };
      if (st.kind == StepKind::WeightGrad && !s.splitBackward)
        return where() + ": weight-gradient step in a schedule whose backwards "
                       "are not split";
      if (st.chunk < 0 || st.chunk >= chunks)
        return where() + ": chunk outside 0.." + std::to_string(chunks - 1);
      if (st.microbatch < 0 || st.microbatch >= s.microbatches)
        return where() + ": micro-batch outside 0.." +
               std::to_string(s.microbatches - 1);
      if (s.stageOfChunk(st.chunk) != r)
        return where() + ": chunk " + std::to_string(st.chunk) +
               " belongs to rank " + std::to_string(s.stageOfChunk(st.chunk));
      size_t key = (static_cast<size_t>(st.kind) * chunks + st.chunk) *
                       s.microbatches + st.microbatch;
      if (seen[key]++)
        return where() + ": step appears twice";
    }
  }
  for (size_t key = 0; key < seen.size(); ++key)
    if (!seen[key]) {
      int mb = static_cast<int>(key % s.microbatches);
      int chunk = static_cast<int>((key / s.microbatches) % chunks);
      auto kind = static_cast<StepKind>(key / (static_cast<size_t>(s.microbatches) * chunks));
      Step st{kind, chunk, mb};
      return "step " + toString(st) + " is missing from rank " +
             std::to_string(s.stageOfChunk(chunk));
    }
  return "";
}

} // namespace

CheckReport simulateSchedule(const PipelineSchedule &s,
                             const StepTiming &timing) {
  CheckReport report;
  if (s.pp < 1 || s.vp < 1 || s.microbatches < 1) {
    report.error = "schedule check: sizes must be >= 1";
    return report;
  }
  if (std::string bad = checkWellFormed(s); !bad.empty()) {
    report.error = "schedule check: " + bad;
    return report;
  }

  const int chunks = s.numChunks();
  const int m = s.microbatches;
  // End time of each forward/backward step, indexed [chunk * m + mb].
  std::vector<double> forwardEnd(static_cast<size_t>(chunks) * m, kNotYet);
  std::vector<double> backwardEnd(static_cast<size_t>(chunks) * m, kNotYet);
  auto idx = [m](int chunk, int mb) { return static_cast<size_t>(chunk) * m + mb; };
  // For the arena-reuse wait: where each backward sits in its rank's list,
  // the end of every step run so far, and per chunk the micro-batches whose
  // arenas were released and not yet taken again, oldest first.
  std::vector<int> backwardIndex(static_cast<size_t>(chunks) * m, 0);
  std::vector<std::vector<double>> stepEnd(s.pp);
  std::vector<std::deque<int>> released(chunks);
  for (int r = 0; r < s.pp; ++r) {
    const auto &steps = s.ranks[r].steps;
    stepEnd[r].assign(steps.size(), kNotYet);
    for (size_t i = 0; i < steps.size(); ++i)
      if (steps[i].kind == StepKind::Backward)
        backwardIndex[idx(steps[i].chunk, steps[i].microbatch)] = static_cast<int>(i);
  }
  auto releasing = [&](int chunk) {
    if (!s.splitBackward ||
        (timing.arenaReleasedByBackward && timing.arenaReleasedByBackward(chunk)))
      return StepKind::Backward;
    return StepKind::WeightGrad;
  };
  // When the forward `st` may take its arena (0 when it needs no wait), or
  // kNotYet: the oldest released arena of its chunk is reusable once the
  // rank of chunk - 1 finished the step before the backward that receives
  // the gradient sent from that arena.
  auto arenaFreeAt = [&](const Step &st) -> double {
    // A gradient to a chunk on the same rank (the V's turn) is copied when
    // its B ends: nothing to wait for.
    if (!timing.forwardWaitsForBackwardSends || st.chunk == 0 ||
        released[st.chunk].empty() || s.stageOfChunk(st.chunk - 1) == s.stageOfChunk(st.chunk))
      return 0.0;
    int before = backwardIndex[idx(st.chunk - 1, released[st.chunk].front())] - 1;
    return before < 0 ? 0.0 : stepEnd[s.stageOfChunk(st.chunk - 1)][before];
  };

  Timeline &tl = report.timeline;
  tl.pp = s.pp;
  tl.vp = s.vp;
  tl.placement = s.placement;
  tl.microbatches = m;
  tl.ranks.assign(s.pp, {});
  std::vector<size_t> next(s.pp, 0);
  std::vector<double> clock(s.pp, 0.0), busy(s.pp, 0.0);

  // Arrival time of a message produced by `producerChunk`'s step that ended
  // at `end`, seen by `consumerRank`.
  auto arrival = [&](double end, int producerChunk, int consumerRank) {
    return end + (s.stageOfChunk(producerChunk) == consumerRank ? 0.0
                                                                : timing.p2pLatency);
  };

  // Earliest start of step `st` on `rank`, or kNotYet if an input is missing.
  auto readyAt = [&](int rank, const Step &st) -> double {
    double t = clock[rank];
    if (st.kind == StepKind::Forward) {
      if (st.chunk > 0) {
        double e = forwardEnd[idx(st.chunk - 1, st.microbatch)];
        if (e == kNotYet)
          return kNotYet;
        t = std::max(t, arrival(e, st.chunk - 1, rank));
      }
      double freeAt = arenaFreeAt(st);
      return freeAt == kNotYet ? kNotYet : std::max(t, freeAt);
    }
    if (st.kind == StepKind::WeightGrad)
      return backwardEnd[idx(st.chunk, st.microbatch)] == kNotYet ? kNotYet : t;
    if (forwardEnd[idx(st.chunk, st.microbatch)] == kNotYet)
      return kNotYet;
    if (st.chunk + 1 < chunks) {
      double e = backwardEnd[idx(st.chunk + 1, st.microbatch)];
      if (e == kNotYet)
        return kNotYet;
      t = std::max(t, arrival(e, st.chunk + 1, rank));
    }
    return t;
  };

  size_t remaining = 0;
  for (const auto &rs : s.ranks)
    remaining += rs.steps.size();
  bool progress = true;
  while (remaining > 0 && progress) {
    progress = false;
    for (int r = 0; r < s.pp; ++r) {
      const auto &steps = s.ranks[r].steps;
      while (next[r] < steps.size()) {
        const Step &st = steps[next[r]];
        double start = readyAt(r, st);
        if (start == kNotYet)
          break;
        double dur = timing.durationOf(r, st);
        double end = start + dur;
        // Nothing waits for a weight-gradient step.
        if (st.kind != StepKind::WeightGrad)
          (st.kind == StepKind::Forward ? forwardEnd
                                        : backwardEnd)[idx(st.chunk, st.microbatch)] = end;
        tl.ranks[r].push_back({st, start, end});
        stepEnd[r][next[r]] = end;
        if (st.kind == StepKind::Forward && !released[st.chunk].empty())
          released[st.chunk].pop_front();
        if (st.kind == releasing(st.chunk))
          released[st.chunk].push_back(st.microbatch);
        clock[r] = end;
        busy[r] += dur;
        ++next[r];
        --remaining;
        progress = true;
      }
    }
  }

  if (remaining == 0) {
    report.ok = true;
    tl.makespan = *std::max_element(clock.begin(), clock.end());
    tl.busiest = *std::max_element(busy.begin(), busy.end());
    tl.busy = busy;
    return report;
  }

  // Deadlock: describe what each unfinished rank is blocked on.
  std::ostringstream os;
  os << "schedule check: deadlock (pp=" << s.pp << " vp=" << s.vp
     << " microbatches=" << m << "):";
  for (int r = 0; r < s.pp; ++r) {
    const auto &steps = s.ranks[r].steps;
    if (next[r] >= steps.size())
      continue;
    StuckRank sr;
    sr.rank = r;
    sr.stepIndex = static_cast<int>(next[r]);
    sr.step = steps[next[r]];
    const Step &st = sr.step;
    if (st.kind == StepKind::WeightGrad) {
      sr.waitingOnRank = r;
      sr.waitingFor = "its own backward B" + std::to_string(st.chunk) + "." +
                      std::to_string(st.microbatch);
    } else if (st.kind == StepKind::Forward &&
               forwardEnd[idx(st.chunk - 1, st.microbatch)] != kNotYet) {
      sr.waitingOnRank = s.stageOfChunk(st.chunk - 1);
      sr.waitingFor = "a free arena (its gradient send of B" + std::to_string(st.chunk) +
                      "." + std::to_string(released[st.chunk].front()) +
                      " is not yet received)";
    } else if (st.kind == StepKind::Forward) {
      sr.waitingOnRank = s.stageOfChunk(st.chunk - 1);
      sr.waitingFor = "activations of F" + std::to_string(st.chunk - 1) + "." +
                      std::to_string(st.microbatch);
    } else if (forwardEnd[idx(st.chunk, st.microbatch)] == kNotYet) {
      sr.waitingOnRank = r;
      sr.waitingFor = "its own forward F" + std::to_string(st.chunk) + "." +
                      std::to_string(st.microbatch);
    } else {
      sr.waitingOnRank = s.stageOfChunk(st.chunk + 1);
      sr.waitingFor = "gradients of B" + std::to_string(st.chunk + 1) + "." +
                      std::to_string(st.microbatch);
    }
    os << " rank " << r << " stuck at step " << sr.stepIndex << " ("
       << toString(st) << ") waiting for " << sr.waitingFor << " from rank "
       << sr.waitingOnRank << ";";
    report.stuck.push_back(sr);
  }
  report.error = os.str();
  report.error.pop_back(); // trailing ';'
  return report;
}

Result<Timeline> checkSchedule(const PipelineSchedule &schedule,
                               const StepTiming &timing) {
  CheckReport report = simulateSchedule(schedule, timing);
  if (!report.ok)
    return Error{report.error};
  return std::move(report.timeline);
}

} // namespace mtc
