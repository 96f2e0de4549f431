//===- ScheduleSvg.h - A pipeline timeline as an SVG figure -----*- C++ -*-===//
//
// Rows are pipeline ranks, time runs left to right, as in Figure 4 of
// Narayanan et al. 2021 and the figures of Qi et al. 2024. Each step is one
// box labelled with its micro-batch where the label fits: forward blue,
// backward orange, weight gradient (split schedules) green, one shade per
// chunk slot of the rank. Gaps are the bubble. A legend names every colour
// used; the time axis is in the timeline's unit (simulated unit steps, or
// milliseconds for a measured trace). Long timelines wrap into several bands
// of rows instead of growing without bound, so m = 64 stays readable.
//
// Structure (what tests and tools may rely on): each step is a <rect
// class="step step-F|step-B|step-W" data-step="F0.3">; a step cut by a band
// boundary continues as <rect class="step-cont ...">; legend entries are
// <g class="legend">; axis ticks are <line class="tick"> with <text
// class="tick-label">.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_SCHEDULESVG_H
#define MTC_PLAN_SCHEDULESVG_H

#include "mtc/Plan/ScheduleCheck.h"

#include <string>

namespace mtc {

struct ScheduleSvgOptions {
  /// The time axis' caption, e.g. "time (unit steps: F = 1, B = 2)" or
  /// "time (ms, measured)".
  std::string axisLabel = "time (unit steps)";
  /// A first title line naming where the timeline comes from.
  std::string source = "simulated";
  /// Widest band of rows in pixels before the timeline wraps.
  double maxBandWidth = 1200;
};

std::string scheduleToSvg(const Timeline &timeline,
                          const ScheduleSvgOptions &options = {});

/// The axis caption for a timeline simulated with the checker's unit times.
std::string unitStepsAxisLabel(const StepTiming &timing, bool splitBackward);

} // namespace mtc

#endif // MTC_PLAN_SCHEDULESVG_H
