//===- ScheduleJson.cpp - JSON and Chrome-trace writers -------------------===//
#include "mtc/Plan/ScheduleJson.h"

#include <nlohmann/json.hpp>

namespace mtc {

std::string scheduleToJson(const PipelineSchedule &s, int indent) {
  nlohmann::ordered_json root;
  root["pp"] = s.pp;
  root["vp"] = s.vp;
  root["placement"] = placementName(s.placement);
  root["microbatches"] = s.microbatches;
  root["split_backward"] = s.splitBackward;
  nlohmann::ordered_json ranks = nlohmann::ordered_json::array();
  for (const RankSchedule &rs : s.ranks) {
    nlohmann::ordered_json r;
    r["rank"] = rs.rank;
    r["warmup"] = rs.warmup;
    nlohmann::ordered_json steps = nlohmann::ordered_json::array();
    for (const Step &st : rs.steps)
      steps.push_back({{"kind", kindLetter(st.kind)},
                       {"chunk", st.chunk},
                       {"microbatch", st.microbatch}});
    r["steps"] = std::move(steps);
    ranks.push_back(std::move(r));
  }
  root["ranks"] = std::move(ranks);
  return root.dump(indent);
}

std::string timelineToChromeTrace(const Timeline &tl) {
  constexpr double kMicrosPerUnit = 1000.0;
  nlohmann::ordered_json events = nlohmann::ordered_json::array();
  for (size_t r = 0; r < tl.ranks.size(); ++r) {
    events.push_back({{"name", "thread_name"},
                      {"ph", "M"},
                      {"pid", 0},
                      {"tid", r},
                      {"args", {{"name", "pipeline rank " + std::to_string(r)}}}});
    for (const TimedStep &ts : tl.ranks[r]) {
      nlohmann::ordered_json args = {{"chunk", ts.step.chunk},
                                     {"microbatch", ts.step.microbatch}};
      if (ts.cost >= 0)
        args["cost_ms"] = ts.cost;
      events.push_back({{"name", toString(ts.step)},
                        {"cat", kindLetter(ts.step.kind)},
                        {"ph", "X"},
                        {"pid", 0},
                        {"tid", r},
                        {"ts", ts.start * kMicrosPerUnit},
                        {"dur", (ts.end - ts.start) * kMicrosPerUnit},
                        {"args", std::move(args)}});
    }
  }
  nlohmann::ordered_json root;
  root["traceEvents"] = std::move(events);
  root["displayTimeUnit"] = "ms";
  root["otherData"] = {{"pp", tl.pp},
                       {"vp", tl.vp},
                       {"placement", placementName(tl.placement)},
                       {"microbatches", tl.microbatches},
                       {"makespan", tl.makespan},
                       {"bubbleFraction", tl.bubbleFraction()}};
  return root.dump();
}

} // namespace mtc
