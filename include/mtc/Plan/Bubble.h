//===- Bubble.h - The pipeline bubble, as the papers define it --*- C++ -*-===//
//
// The bubble of a rank is the time it spends in no compute step during the
// pipelined part of an iteration: the span from the first step's start to
// the last step's end on any rank, minus the rank's own compute time. Two
// normalisations are in use and both are reported:
//  - ratio: idle / busy, the bubble over the ideal time. Narayanan et al.
//    2021 (section 2.2) call it the "bubble time fraction" t_pb / t_id; for
//    1F1B it is (p-1)/m, for interleaved 1F1B (p-1)/(v*m).
//  - fraction: idle / span, the share of the iteration lost. Qi et al. 2024
//    (zero bubble) report this "bubble rate", (cost - m(T_F+T_B+T_W)) / cost.
// The pipeline's bubble is the busiest rank's (the one that bounds the step).
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_BUBBLE_H
#define MTC_PLAN_BUBBLE_H

#include "mtc/Plan/Result.h"
#include "mtc/Plan/ScheduleCheck.h"

#include <optional>
#include <vector>

namespace mtc {

struct RankBubble {
  double busy = 0;     ///< compute time of the rank's steps
  double ratio = 0;    ///< idle / busy
  double fraction = 0; ///< idle / span
};

struct BubbleReport {
  double span = 0;            ///< first step's start to last step's end, all ranks
  std::vector<RankBubble> ranks;
  RankBubble pipeline;        ///< the busiest rank's numbers
};

/// The bubble of every rank of a timeline (measured or simulated).
BubbleReport bubbleOf(const Timeline &timeline);

/// The papers' closed form of the bubble ratio for uniform stages: (p-1)/(v*m)
/// for 1F1B and interleaved 1F1B; 2(p-1)/(3m) for ZB-H1 as mtc builds it
/// (split backward, v = 1, 1F1B's micro-batches in flight: an idle
/// (p-1)(T_F+T_B) per rank, see ZeroBubbleSchedule.h) with T_F = T_B = T_W. None where no closed form is known (a split backward
/// with v > 1).
std::optional<double> formulaBubbleRatio(int pp, int vp, int microbatches,
                                         bool splitBackward);

/// A ratio as a fraction of the span: r / (1 + r).
inline double fractionOfRatio(double ratio) { return ratio / (1.0 + ratio); }

/// Each rank's steps of `timeline` in the order they ran, as a schedule
/// (splitBackward when any step is a weight-gradient step).
PipelineSchedule scheduleOfTimeline(const Timeline &timeline);

/// Replays the order `measured` ran in with each step's cost (TimedStep::cost,
/// its duration where unset) and `p2pLatency` per transfer between ranks:
/// the timeline the schedule gives when ranks never wait for a core. Errors
/// when the order could not have run (the checker's diagnosis).
Result<Timeline> replayTimeline(const Timeline &measured, double p2pLatency);

} // namespace mtc

#endif // MTC_PLAN_BUBBLE_H
