// The bubble report train prints and stores in the trace, from a timeline
// with known numbers (no MPI, no timing).
#include "pipeline/PipelineBubble.h"

#include "mtc/Plan/Schedule.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

using namespace mtc;
using namespace mtc::runtime;

namespace {

// Plain 1F1B, p=2, m=4, as if measured on shared cores: every step's wall
// time twice its CPU time (F = 1 ms, B = 2 ms of CPU).
Timeline stretchedOneFOneB() {
  auto s = buildSchedule(2, 1, 4);
  EXPECT_TRUE(s.ok()) << s.error();
  auto tl = checkSchedule(*s);
  EXPECT_TRUE(tl.ok()) << tl.error();
  Timeline measured = *tl;
  for (auto &rank : measured.ranks)
    for (TimedStep &t : rank) {
      t.cost = t.end - t.start;
      t.start *= 2;
      t.end = t.start + 2 * t.cost;
    }
  return measured;
}

TEST(PipelineBubble, ReportsFormulaReplayAndMeasured) {
  CorePlacement shared{false, "4 ranks on 2 cores: oversubscribed"};
  BubbleSummary b = summarizeBubble(stretchedOneFOneB(), 0.0, shared, /*cpuCosts=*/true);
  EXPECT_NE(b.lines.find("pipeline: formula bubble 0.2500 (share 0.2000): (p-1)/(v*m)"),
            std::string::npos)
      << b.lines;
  // The replay undoes the stretch: the schedule's own bubble.
  EXPECT_NE(b.lines.find("pipeline: replayed bubble 0.2500 (share 0.2000), span 15.00 ms"),
            std::string::npos)
      << b.lines;
  EXPECT_NE(b.lines.find("which did not hold (4 ranks on 2 cores: oversubscribed); the steps "
                         "had 0.50 of a core"),
            std::string::npos)
      << b.lines;
  EXPECT_NE(b.lines.find("pipeline: rank 1: compute 24.00 ms wall, 12.00 ms CPU"),
            std::string::npos)
      << b.lines;
  auto j = nlohmann::json::parse(b.json);
  EXPECT_DOUBLE_EQ(j["formula"].get<double>(), 0.25);
  EXPECT_NEAR(j["replayed"]["ratio"].get<double>(), 0.25, 1e-12);
  EXPECT_NEAR(j["replayed"]["span_ms"].get<double>(), 15.0, 1e-12);
  EXPECT_NEAR(j["measured"]["span_ms"].get<double>(), 30.0, 1e-12);
  EXPECT_EQ(j["one_core_per_rank"].get<bool>(), false);
  EXPECT_NEAR(j["cpu_ms"][0].get<double>(), 12.0, 1e-12);
}

// On a device backend the CPU time is not the steps' cost: no replay, and
// the report says why instead of printing a number.
TEST(PipelineBubble, NoReplayWithoutCpuCosts) {
  BubbleSummary b =
      summarizeBubble(stretchedOneFOneB(), 0.0, {true, "2 ranks"}, /*cpuCosts=*/false);
  EXPECT_NE(b.lines.find("replayed bubble: not computed"), std::string::npos) << b.lines;
  // CPU is named once, in the reason: no CPU times, no CPU share.
  EXPECT_EQ(b.lines.find("CPU"), b.lines.find("CPU clock")) << b.lines;
  EXPECT_EQ(b.lines.rfind("CPU"), b.lines.find("CPU clock")) << b.lines;
  auto j = nlohmann::json::parse(b.json);
  EXPECT_TRUE(j["replayed"].is_null());
  EXPECT_TRUE(j["cpu_ms"].is_null());
  EXPECT_NEAR(j["measured"]["ratio"].get<double>(), 0.25, 1e-12);
}

TEST(PipelineBubble, SvgNextToTheTrace) {
  EXPECT_EQ(svgPathForTrace("out/measured.trace.json"), "out/measured.trace.svg");
  EXPECT_EQ(svgPathForTrace("trace"), "trace.svg");
  EXPECT_EQ(svgPathForTrace(".json"), ".json.svg");
}

} // namespace
