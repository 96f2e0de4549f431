//===- ScheduleSvg.cpp - a pipeline timeline as an SVG figure -------------===//
#include "mtc/Plan/ScheduleSvg.h"
#include "mtc/Plan/Bubble.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

namespace mtc {

namespace {

// One hue per step kind, so F, B and W never look alike; shades tell a
// rank's chunk slots apart (slot = chunk / p), cycling after four.
constexpr int kShades = 4;
const char *const kFill[3][kShades] = {
    {"#c6dbef", "#6baed6", "#3182bd", "#08519c"},  // forward: blues
    {"#fdd0a2", "#fd8d3c", "#d94801", "#8c2d04"},  // backward: oranges
    {"#c7e9c0", "#74c476", "#238b45", "#00441b"}}; // weight gradient: greens
const char *const kKindName[3] = {"forward", "backward", "weight gradient"};

const char *fillOf(StepKind kind, int slot) {
  return kFill[static_cast<int>(kind)][slot % kShades];
}
const char *textColourOf(int slot) { return slot % kShades >= 2 ? "#fff" : "#000"; }

// 1, 2 or 5 times a power of ten, at least `x`.
double niceStep(double x) {
  double p = std::pow(10.0, std::floor(std::log10(x)));
  for (double f : {1.0, 2.0, 5.0, 10.0})
    if (f * p >= x * (1 - 1e-9))
      return f * p;
  return 10 * p;
}

std::string format(const char *fmt, double a) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, a);
  return buf;
}

} // namespace

std::string unitStepsAxisLabel(const StepTiming &timing, bool splitBackward) {
  std::string label = "time (unit steps: F = " + format("%g", timing.forward) +
                      ", B = " + format("%g", timing.backward);
  if (splitBackward)
    label += ", W = " + format("%g", timing.weightGrad);
  return label + ")";
}

std::string scheduleToSvg(const Timeline &timeline, const ScheduleSvgOptions &options) {
  const int pp = timeline.pp;
  double first = timeline.makespan, last = 0;
  std::vector<double> durations;
  std::set<std::pair<int, int>> used; // (kind, slot) drawn, for the legend
  for (const auto &rank : timeline.ranks)
    for (const TimedStep &t : rank) {
      first = std::min(first, t.start);
      last = std::max(last, t.end);
      durations.push_back(t.end - t.start);
      used.insert({static_cast<int>(t.step.kind), t.step.chunk / std::max(pp, 1)});
    }
  if (durations.empty())
    first = last = 0;
  // A short step (the first quartile: a forward, typically) is 24 px wide:
  // unit steps at 24 px per unit, a measured trace at what its milliseconds
  // need.
  std::nth_element(durations.begin(), durations.begin() + durations.size() / 4,
                   durations.end());
  const double shortStep = durations.empty() ? 1.0 : durations[durations.size() / 4];
  const double span = std::max(last - first, 1e-9);
  // px per time unit; at most kMaxBands bands, however short the short steps
  // of a measured trace are against its span (such boxes lose their labels).
  constexpr double kMaxBands = 40;
  const double scale = std::min(24.0 / (shortStep > 0 ? shortStep : 1.0),
                                kMaxBands * options.maxBandWidth / span);
  const double origin = first; // time at x = left
  const int bands =
      std::max(1, static_cast<int>(std::ceil(span * scale / options.maxBandWidth - 1e-9)));
  const double window = span / bands; // time per band
  const double row = 26, left = 70, bandGap = 46, titleHeight = 44;
  const double bandHeight = pp * row + bandGap;
  const double plotWidth = window * scale;
  const double legendTop = titleHeight + bands * bandHeight;
  const double width = std::max(left + plotWidth + 30, 640.0);
  const double height = legendTop + 20 * (used.size() + 1) + 10;
  const double tick = niceStep(70.0 / scale); // ticks at least 70 px apart

  std::ostringstream os;
  char buf[768];
  std::snprintf(buf, sizeof buf,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
                "font-family=\"sans-serif\" font-size=\"11\">\n"
                "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n",
                width, height);
  os << buf;
  BubbleReport bubble = bubbleOf(timeline);
  bool split = false;
  for (const auto &[kind, slot] : used)
    split |= kind == static_cast<int>(StepKind::WeightGrad);
  std::optional<double> formula =
      formulaBubbleRatio(pp, timeline.vp, timeline.microbatches, split);
  std::snprintf(buf, sizeof buf,
                "<text class=\"title\" x=\"%.0f\" y=\"16\">%s: p = %d stages, v = %d chunks per "
                "stage, m = %d micro-batches</text>\n<text class=\"title\" x=\"%.0f\" y=\"32\">bubble "
                "(idle / compute, busiest rank) %.3f, formula %s; idle share of the span "
                "%.3f</text>\n",
                left, options.source.c_str(), pp, timeline.vp, timeline.microbatches, left,
                bubble.pipeline.ratio,
                formula ? format("%.3f", *formula).c_str() : "none (no closed form)",
                bubble.pipeline.fraction);
  os << buf;

  for (int band = 0; band < bands; ++band) {
    const double t0 = origin + band * window, t1 = t0 + window;
    const double top = titleHeight + band * bandHeight;
    for (int r = 0; r < pp; ++r) {
      const double y = top + r * row;
      std::snprintf(buf, sizeof buf, "<text x=\"8\" y=\"%.1f\">rank %d</text>\n",
                    y + row * 0.65, r);
      os << buf;
      for (const TimedStep &t : timeline.ranks[r]) {
        if (t.end <= t0 || t.start >= t1)
          continue;
        // A step cut by the band's edges is drawn in each band it covers;
        // only the band where it starts holds its "step" rect.
        const bool starts = t.start >= t0 || band == 0;
        const double a = std::max(t.start, t0), b = std::min(t.end, t1);
        const double x = left + (a - t0) * scale, w = std::max((b - a) * scale, 0.5);
        const int slot = t.step.chunk / std::max(pp, 1);
        const char *kind = kindLetter(t.step.kind);
        const std::string name = toString(t.step);
        std::snprintf(buf, sizeof buf,
                      "<rect class=\"%s step-%s\" data-step=\"%s\" x=\"%.1f\" y=\"%.1f\" "
                      "width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"#333\" "
                      "stroke-width=\"0.5\"><title>%s%s: %s, chunk %d, micro-batch %d, "
                      "%.4g to %.4g</title></rect>\n",
                      starts ? "step" : "step-cont", kind, name.c_str(), x, y + 2, w,
                      row - 4, fillOf(t.step.kind, slot), kKindName[static_cast<int>(t.step.kind)],
                      starts ? "" : " (continued)", name.c_str(), t.step.chunk,
                      t.step.microbatch, t.start, t.end);
        os << buf;
        // About 7 px per digit: narrower boxes go unlabelled.
        const std::string label = std::to_string(t.step.microbatch);
        if (w >= 7.0 * label.size() + 3) {
          std::snprintf(buf, sizeof buf,
                        "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"%s\">%s"
                        "</text>\n",
                        x + w / 2, y + row * 0.65, textColourOf(slot), label.c_str());
          os << buf;
        }
      }
    }
    // The time axis under the band's rows.
    const double axisY = top + pp * row + 2;
    std::snprintf(buf, sizeof buf,
                  "<line class=\"axis\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                  "stroke=\"#000\"/>\n",
                  left, axisY, left + plotWidth, axisY);
    os << buf;
    for (double v = std::max(0.0, std::ceil((t0 - origin) / tick - 1e-9) * tick);
         v <= t1 - origin + 1e-9 * tick; v += tick) {
      const double x = left + (v + origin - t0) * scale;
      std::snprintf(buf, sizeof buf,
                    "<line class=\"tick\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
                    "stroke=\"#000\"/><text class=\"tick-label\" x=\"%.1f\" y=\"%.1f\" "
                    "text-anchor=\"middle\">%g</text>\n",
                    x, axisY, x, axisY + 4, x, axisY + 15, v);
      os << buf;
    }
    std::snprintf(buf, sizeof buf,
                  "<text class=\"axis-label\" x=\"%.1f\" y=\"%.1f\">%s</text>\n", left,
                  axisY + 29, options.axisLabel.c_str());
    os << buf;
  }

  double y = legendTop;
  // Which chunks a colour stands for: rank r holds slot*pp + r, or in the V
  // its first leg r (slot 0) and its second 2pp-1-r (slot 1).
  auto chunksOfSlot = [&](int slot) -> std::string {
    if (timeline.vp <= 1)
      return "";
    const std::string first = std::to_string(slot * pp), last = std::to_string(slot * pp + pp - 1);
    if (timeline.placement == ChunkPlacement::V)
      return ", chunks " + first + " to " + last + " (rank r holds " +
             (slot == 0 ? std::string("r, the V's first leg)")
                        : std::to_string(2 * pp - 1) + " - r, the V's second leg)");
    return ", chunks " + first + " to " + last + " (rank r holds " + first + " + r)";
  };
  for (const auto &[kind, slot] : used) {
    const std::string chunks = chunksOfSlot(slot);
    std::snprintf(buf, sizeof buf,
                  "<g class=\"legend\"><rect x=\"%.0f\" y=\"%.0f\" width=\"16\" "
                  "height=\"12\" fill=\"%s\" stroke=\"#333\" stroke-width=\"0.5\"/>"
                  "<text x=\"%.0f\" y=\"%.0f\">%s (%s)%s</text></g>\n",
                  left, y, fillOf(static_cast<StepKind>(kind), slot), left + 22, y + 10,
                  kKindName[kind], kindLetter(static_cast<StepKind>(kind)), chunks.c_str());
    os << buf;
    y += 20;
  }
  std::snprintf(buf, sizeof buf,
                "<text x=\"%.0f\" y=\"%.0f\">numbers: micro-batch (where they fit); "
                "gaps: the bubble</text>\n</svg>\n",
                left, y + 10);
  os << buf;
  return os.str();
}

} // namespace mtc
