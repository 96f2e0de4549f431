// The schedule picture's structure (not its pixels): one step rect per
// step, a legend entry per colour used, axis ticks, F / B / W in different
// colours, wrapping and dropped labels at m = 64.
#include "mtc/Plan/ScheduleSvg.h"
#include "SplitSchedule.h"

#include <gtest/gtest.h>

#include <map>
#include <regex>
#include <set>
#include <string>

using namespace mtc;

namespace {

int count(const std::string &text, const std::string &what) {
  int n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++n;
  return n;
}

// fill of every <rect class="step step-K" ...>, per kind letter K.
std::map<std::string, std::set<std::string>> fillsByKind(const std::string &svg) {
  std::map<std::string, std::set<std::string>> fills;
  std::regex rect("<rect class=\"step step-([FBW])\"[^>]*fill=\"(#[0-9a-f]{6})\"");
  for (auto it = std::sregex_iterator(svg.begin(), svg.end(), rect); it != std::sregex_iterator();
       ++it)
    fills[(*it)[1]].insert((*it)[2]);
  return fills;
}

Timeline simulate(const PipelineSchedule &s, const StepTiming &timing = {}) {
  auto tl = checkSchedule(s, timing);
  EXPECT_TRUE(tl.ok()) << tl.error();
  return *tl;
}

PipelineSchedule built(int p, int v, int m) {
  auto s = buildSchedule(p, v, m);
  EXPECT_TRUE(s.ok()) << s.error();
  return *s;
}

TEST(ScheduleSvg, OneRectPerStepLegendAndAxis) {
  Timeline tl = simulate(built(2, 2, 4));
  ScheduleSvgOptions options;
  options.axisLabel = unitStepsAxisLabel(StepTiming{}, false);
  std::string svg = scheduleToSvg(tl, options);
  EXPECT_EQ(count(svg, "<rect class=\"step "), 2 * 2 * 2 * 4);
  EXPECT_EQ(count(svg, "step-cont"), 0);
  // F and B of two chunk slots: four legend entries naming the chunks.
  EXPECT_EQ(count(svg, "<g class=\"legend\">"), 4);
  EXPECT_NE(svg.find("forward (F), chunks 2 to 3"), std::string::npos);
  EXPECT_NE(svg.find("backward (B), chunks 0 to 1"), std::string::npos);
  // 27 unit steps at 24 px: ticks every 5 units, 0 to 25.
  EXPECT_EQ(count(svg, "<line class=\"tick\""), 6);
  EXPECT_NE(svg.find(">0</text>"), std::string::npos);
  EXPECT_NE(svg.find("class=\"tick-label\" x=\"190.0\" y=\"113.0\" text-anchor=\"middle\">5<"),
            std::string::npos)
      << svg;
  EXPECT_NE(svg.find("time (unit steps: F = 1, B = 2)"), std::string::npos);
  EXPECT_NE(svg.find("formula 0.125"), std::string::npos);
  // Each box is labelled with its micro-batch.
  EXPECT_NE(svg.find("text-anchor=\"middle\" fill=\"#000\">3</text>"), std::string::npos);
}

// A hand-made split schedule: W after each B. W is drawn, in the legend, and
// in colours neither F nor B uses.
TEST(ScheduleSvg, WeightGradientsHaveTheirOwnColour) {
  PipelineSchedule s = withWeightGradsAfterBackwards(built(2, 1, 4));
  std::string svg = scheduleToSvg(simulate(s, StepTiming::unitSplit()));
  EXPECT_EQ(count(svg, "<rect class=\"step step-W\""), 2 * 4);
  EXPECT_EQ(count(svg, "<rect class=\"step "), 3 * 2 * 4);
  EXPECT_NE(svg.find("weight gradient (W)"), std::string::npos);
  auto fills = fillsByKind(svg);
  ASSERT_EQ(fills["W"].size(), 1u);
  EXPECT_EQ(fills["F"].count(*fills["W"].begin()), 0u);
  EXPECT_EQ(fills["B"].count(*fills["W"].begin()), 0u);
  EXPECT_NE(*fills["F"].begin(), *fills["B"].begin());
  EXPECT_EQ(count(svg, "<g class=\"legend\">"), 3);
}

// ZB-V: the two legs of the V in two shades, each named in the legend with
// the chunk a rank holds on it; every step drawn.
TEST(ScheduleSvg, DrawsTheV) {
  auto s = buildSchedule(4, 2, 8, ScheduleKind::ZeroBubbleV);
  ASSERT_TRUE(s.ok()) << s.error();
  std::string svg = scheduleToSvg(simulate(*s, StepTiming::unitSplit()));
  EXPECT_EQ(count(svg, "<rect class=\"step "), 3 * 2 * 4 * 8);
  EXPECT_EQ(count(svg, "(rank r holds r, the V's first leg)"), 3);
  EXPECT_EQ(count(svg, "(rank r holds 7 - r, the V's second leg)"), 3);
  auto fills = fillsByKind(svg);
  EXPECT_EQ(fills["F"].size(), 2u); // one shade per leg
}

// m = 64: 3 x 64 + 3 x 3 = 201 unit steps, 4824 px unwrapped; wrapped into
// bands of at most 1200 px, one axis each. A step cut by a band edge keeps
// one "step" rect and continues as "step-cont".
TEST(ScheduleSvg, WrapsLongTimelines) {
  Timeline tl = simulate(built(4, 1, 64));
  std::string svg = scheduleToSvg(tl);
  EXPECT_EQ(count(svg, "<line class=\"axis\""), 5);
  EXPECT_EQ(count(svg, "<rect class=\"step "), 2 * 4 * 64);
  std::regex width("<svg[^>]*width=\"([0-9]+)\"");
  std::smatch match;
  ASSERT_TRUE(std::regex_search(svg, match, width));
  EXPECT_LE(std::stod(match[1]), 1200 + 70 + 30);
  EXPECT_NE(svg.find(">63</text>"), std::string::npos); // two digits fit in 24 px
}

// Measured milliseconds: the axis says so, and a box too narrow for its
// number goes unlabelled.
TEST(ScheduleSvg, MeasuredAxisAndNarrowBoxes) {
  Timeline tl;
  tl.pp = 2;
  tl.microbatches = 12;
  tl.ranks = {{{{StepKind::Forward, 0, 11}, 0.0, 2.0}, {{StepKind::Forward, 0, 10}, 2.0, 4.0},
               {{StepKind::Backward, 0, 11}, 4.0, 4.2}},
              {{{StepKind::Forward, 1, 11}, 2.0, 4.0}, {{StepKind::Backward, 1, 11}, 4.0, 6.0}}};
  ScheduleSvgOptions options;
  options.source = "measured";
  options.axisLabel = "time (ms, measured wall clock)";
  std::string svg = scheduleToSvg(tl, options);
  EXPECT_NE(svg.find("time (ms, measured wall clock)"), std::string::npos);
  EXPECT_NE(svg.find("measured: p = 2 stages, v = 1 chunks per stage, m = 12"), std::string::npos);
  EXPECT_EQ(count(svg, ">11</text>"), 3); // the 2.4 px backward box has none
  EXPECT_EQ(count(svg, ">10</text>"), 1);
}

// A measured trace whose short steps are tiny against its span still draws
// in at most 40 bands (here 30 short steps and one 10 s step).
TEST(ScheduleSvg, BoundedBands) {
  Timeline tl;
  tl.pp = 1;
  tl.microbatches = 31;
  tl.ranks.resize(1);
  for (int i = 0; i < 30; ++i)
    tl.ranks[0].push_back({{StepKind::Forward, 0, i}, 0.001 * i, 0.001 * (i + 1)});
  tl.ranks[0].push_back({{StepKind::Forward, 0, 30}, 0.03, 10000.0});
  std::string svg = scheduleToSvg(tl);
  EXPECT_EQ(count(svg, "<line class=\"axis\""), 40);
  EXPECT_EQ(count(svg, "<rect class=\"step "), 31);
}

} // namespace
