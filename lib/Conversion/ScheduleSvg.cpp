//===- ScheduleSvg.cpp - a pipeline timeline as an SVG figure -------------===//
//
// Rows are pipeline ranks, time runs left to right; like Figure 4 of
// Narayanan et al. 2021, each box is one (chunk, micro-batch) step labelled
// with its micro-batch number, forward boxes light and backward boxes dark,
// and chunks of the same rank told apart by hue. Gaps are the bubble.
//
//===----------------------------------------------------------------------===//
#include "mtc/Conversion/PipelinePlan.h"

#include <cstdio>
#include <sstream>

using namespace mtc;

std::string mtc::scheduleToSvg(const Timeline &timeline) {
  const double unit = 24;             // pixels per time unit (F = 1)
  const double row = 30, top = 30, left = 70;
  const double width = left + timeline.makespan * unit + 20;
  const double height = top + timeline.pp * row + 40;
  // Hues per chunk slot on a rank (chunk / pp): forward light, backward dark.
  const char *forwardFill[] = {"#9ecae1", "#a1d99b", "#fdae6b", "#bcbddc"};
  const char *backwardFill[] = {"#3182bd", "#31a354", "#e6550d", "#756bb1"};
  std::ostringstream os;
  char buf[512];
  std::snprintf(buf, sizeof buf,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" "
                "height=\"%.0f\" font-family=\"sans-serif\" font-size=\"11\">\n",
                width, height);
  os << buf;
  std::snprintf(buf, sizeof buf,
                "<text x=\"%.0f\" y=\"18\">pipeline %d stages x %d chunks, %d "
                "micro-batches: bubble %.3f (predicted (p-1)/(v*m) = %.3f)</text>\n",
                left, timeline.pp, timeline.vp, timeline.microbatches,
                timeline.bubbleFraction(),
                double(timeline.pp - 1) / (timeline.vp * timeline.microbatches));
  os << buf;
  for (int r = 0; r < timeline.pp; ++r) {
    double y = top + r * row;
    std::snprintf(buf, sizeof buf,
                  "<text x=\"8\" y=\"%.0f\">rank %d</text>\n", y + row * 0.6, r);
    os << buf;
    for (const TimedStep &t : timeline.ranks[r]) {
      bool forward = t.step.kind == StepKind::Forward;
      int slot = (t.step.chunk / timeline.pp) % 4;
      double x = left + t.start * unit, w = (t.end - t.start) * unit;
      std::snprintf(buf, sizeof buf,
                    "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" "
                    "fill=\"%s\" stroke=\"#333\" stroke-width=\"0.5\"><title>%s "
                    "(chunk %d, micro-batch %d)</title></rect>\n"
                    "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"%s\">%d</text>\n",
                    x, y + 2, w, row - 4,
                    forward ? forwardFill[slot] : backwardFill[slot],
                    forward ? "forward" : "backward", t.step.chunk,
                    t.step.microbatch, x + w / 2, y + row * 0.6,
                    forward ? "#000" : "#fff", t.step.microbatch);
      os << buf;
    }
  }
  std::snprintf(buf, sizeof buf,
                "<text x=\"%.0f\" y=\"%.0f\">time (forward = 1 unit, backward = 2)"
                "</text>\n</svg>\n",
                left, top + timeline.pp * row + 24);
  os << buf;
  return os.str();
}
