//===- ScheduleCheck.h - Deadlock check and timeline simulation -*- C++ -*-===//
//
// Simulates every pipeline rank running its steps in order and reports either
// a deadlock (which ranks are stuck, on which step, waiting for whom) or the
// simulated timeline.
//
// Communication model (what the runtime does when it posts point-to-point
// traffic for a schedule):
//  - Each forward of chunk c < C-1 sends its output activations for that
//    micro-batch to the rank holding chunk c+1; each backward of chunk c > 0
//    sends the input gradients to the rank holding chunk c-1.
//  - Sends are buffered/asynchronous (isend, completed later): a send never
//    blocks the sender, whatever the receiver is doing.
//  - Receives block: a step starts only once the message it consumes has
//    arrived (forward of c > 0 needs chunk c-1's activations; backward of
//    c < C-1 needs chunk c+1's gradients). A backward also needs the same
//    rank's forward of the same chunk and micro-batch to have run earlier;
//    a weight-gradient step (W) needs the same rank's backward (B) of the
//    same chunk and micro-batch, and sends nothing.
//  - A message sent at time t arrives at t + p2pLatency (0 within a rank).
//  - With StepTiming::forwardWaitsForBackwardSends (the runtime's arena
//    reuse): every chunk keeps its released arenas in a queue, oldest first
//    (released by the backward, or by W when the backward is split, unless
//    W keeps what it reads in an arena of its own). A
//    forward takes the oldest one, or a new arena when none is released, and
//    may start only once the gradient sent from the arena it takes was
//    received: once the rank of chunk c-1 finished the step before the
//    backward that receives it (the runtime posts the receive then, and a
//    send completes only when its receive is posted). A gradient for a
//    chunk on the same rank (ZB-V's turn) is copied at once: no wait.
// Under this model the only way to hang is a cycle of blocking receives,
// e.g. rank 0 waiting for a gradient that rank 1 can only produce after a
// forward whose input rank 0 sends later. The checker also rejects steps that
// are missing, duplicated or placed on the wrong rank.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_SCHEDULECHECK_H
#define MTC_PLAN_SCHEDULECHECK_H

#include "mtc/Plan/Result.h"
#include "mtc/Plan/Schedule.h"

#include <functional>
#include <string>
#include <vector>

namespace mtc {

/// Duration of one step of one chunk, and the point-to-point latency. The
/// defaults are the unit times used for bubble studies: F=1, B=2 (whole
/// backward), or F=B=W=1 for a split backward (unitSplit()).
struct StepTiming {
  double forward = 1.0;
  double backward = 2.0;   ///< a Backward step as scheduled (B alone when split)
  double p2pLatency = 0.0;
  double weightGrad = 1.0; ///< a WeightGrad step
  /// When set, the duration of each step (per rank, chunk, kind and
  /// micro-batch), replacing the three uniform durations above: a replay of a
  /// schedule with measured or modelled costs.
  std::function<double(int rank, const Step &step)> cost;
  /// The arena-reuse wait described in the file comment.
  bool forwardWaitsForBackwardSends = false;
  /// With that wait and a split backward: the chunks whose arena (the one
  /// their gradient is sent from) is released by B, their W keeping what it
  /// reads in an arena of its own (the compiler's stage plans decide per
  /// chunk); the others' is released by W. Unset: every chunk's by W.
  std::function<bool(int chunk)> arenaReleasedByBackward;

  static StepTiming unitSplit() {
    StepTiming t;
    t.backward = 1.0;
    return t;
  }
  double durationOf(int rank, const Step &step) const {
    if (cost)
      return cost(rank, step);
    switch (step.kind) {
    case StepKind::Forward:
      return forward;
    case StepKind::Backward:
      return backward;
    case StepKind::WeightGrad:
      return weightGrad;
    }
    return 0.0;
  }
};

struct TimedStep {
  Step step;
  double start = 0;
  double end = 0;
  /// What the step cost, when that differs from end - start: a measured
  /// step's CPU time (its wall time also counts waiting for a core). < 0: unset.
  double cost = -1;
};

struct Timeline {
  int pp = 1, vp = 1, microbatches = 1;
  ChunkPlacement placement = ChunkPlacement::Interleaved;
  std::vector<std::vector<TimedStep>> ranks; ///< per stage, in execution order
  double makespan = 0;  ///< time when the last step of any rank ends
  double busiest = 0;   ///< compute time of the busiest rank
  std::vector<double> busy; ///< compute time of each rank
  /// Idle share relative to the ideal: (makespan - busiest) / busiest. For
  /// uniform stages this is the paper's (p-1)/(v*m).
  double bubbleFraction() const {
    return busiest > 0 ? (makespan - busiest) / busiest : 0.0;
  }
};

/// Where one rank is stuck when the simulation can make no more progress.
struct StuckRank {
  int rank = 0;
  int stepIndex = 0; ///< index into that rank's step list
  Step step;
  int waitingOnRank = -1; ///< rank that should produce the missing input
  std::string waitingFor; ///< e.g. "activations of F2.3 from rank 2"
};

struct CheckReport {
  bool ok = false;
  std::string error;              ///< whole diagnosis when !ok
  std::vector<StuckRank> stuck;   ///< filled on deadlock
  Timeline timeline;              ///< filled when ok
};

/// Full report, for tools that want the structured deadlock information.
CheckReport simulateSchedule(const PipelineSchedule &schedule,
                             const StepTiming &timing = {});

/// Convenience: the timeline, or an error naming the stuck ranks and steps.
Result<Timeline> checkSchedule(const PipelineSchedule &schedule,
                               const StepTiming &timing = {});

} // namespace mtc

#endif // MTC_PLAN_SCHEDULECHECK_H
