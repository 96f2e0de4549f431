//===- Bubble.cpp - Bubble ratios, the closed forms, and the replay -------===//
#include "mtc/Plan/Bubble.h"

#include <algorithm>
#include <limits>
#include <map>
#include <tuple>

namespace mtc {

BubbleReport bubbleOf(const Timeline &timeline) {
  BubbleReport report;
  double first = std::numeric_limits<double>::infinity(), last = 0;
  for (const auto &rank : timeline.ranks)
    for (const TimedStep &t : rank) {
      first = std::min(first, t.start);
      last = std::max(last, t.end);
    }
  report.span = last > first ? last - first : 0.0;
  for (const auto &rank : timeline.ranks) {
    RankBubble b;
    for (const TimedStep &t : rank)
      b.busy += t.end - t.start;
    double idle = report.span - b.busy;
    b.ratio = b.busy > 0 ? idle / b.busy : 0.0;
    b.fraction = report.span > 0 ? idle / report.span : 0.0;
    if (b.busy >= report.pipeline.busy)
      report.pipeline = b;
    report.ranks.push_back(b);
  }
  return report;
}

std::optional<double> formulaBubbleRatio(int pp, int vp, int microbatches,
                                         bool splitBackward) {
  if (pp < 1 || vp < 1 || microbatches < 1)
    return std::nullopt;
  if (!splitBackward)
    return double(pp - 1) / (double(vp) * microbatches);
  // ZB-H1 (Qi et al. 2024): the idle time shrinks from (p-1)(T_F+T_B+T_W)
  // to (p-1)(T_F+T_B-T_W), over an ideal m(T_F+T_B+T_W): (p-1)/(3vm) with
  // equal step times, for m >= p (with fewer micro-batches the warm-up
  // cannot be filled and no closed form is claimed). ZB-V (vp = 2) takes the
  // same form, (p-1)/(6m): a rank's 6m chunk steps against the last rank's
  // start, p - 1 chunk steps late (ZeroBubbleV.ReachesTheFloorOfItsStartUp).
  if (microbatches < pp)
    return std::nullopt;
  return double(pp - 1) / (3.0 * vp * microbatches);
}

PipelineSchedule scheduleOfTimeline(const Timeline &timeline) {
  PipelineSchedule s;
  s.pp = timeline.pp;
  s.vp = timeline.vp;
  s.placement = timeline.placement;
  s.microbatches = timeline.microbatches;
  for (size_t r = 0; r < timeline.ranks.size(); ++r) {
    RankSchedule rs;
    rs.rank = static_cast<int>(r);
    for (const TimedStep &t : timeline.ranks[r]) {
      rs.steps.push_back(t.step);
      s.splitBackward |= t.step.kind == StepKind::WeightGrad;
    }
    s.ranks.push_back(std::move(rs));
  }
  return s;
}

Result<Timeline> replayTimeline(const Timeline &measured, double p2pLatency) {
  // Cost of each (rank, kind, chunk, micro-batch) as measured.
  std::map<std::tuple<int, int, int, int>, double> costs;
  for (size_t r = 0; r < measured.ranks.size(); ++r)
    for (const TimedStep &t : measured.ranks[r])
      costs[{static_cast<int>(r), static_cast<int>(t.step.kind), t.step.chunk,
             t.step.microbatch}] = t.cost >= 0 ? t.cost : t.end - t.start;
  StepTiming timing;
  timing.p2pLatency = p2pLatency;
  timing.cost = [&costs](int rank, const Step &st) {
    return costs.at({rank, static_cast<int>(st.kind), st.chunk, st.microbatch});
  };
  auto replayed = checkSchedule(scheduleOfTimeline(measured), timing);
  if (!replayed)
    return Error{"replaying the measured pipeline order: " + replayed.error()};
  Timeline tl = std::move(replayed.value());
  // Keep the costs on the steps, so the replay can be written and re-read.
  for (auto &rank : tl.ranks)
    for (TimedStep &t : rank)
      t.cost = t.end - t.start;
  return tl;
}

} // namespace mtc
