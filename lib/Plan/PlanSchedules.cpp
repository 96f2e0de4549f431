//===- PlanSchedules.cpp - The pipeline schedules the planner knows -------===//
#include "mtc/Plan/PlanSchedules.h"

namespace mtc {

const std::vector<PlannerSchedule> &plannerSchedules() {
  static const std::vector<PlannerSchedule> rows = {
      {"1f1b", [](int, int vp, int) { return vp == 1; },
       [](int pp, int vp, int m) { return buildSchedule(pp, vp, m); }},
      {"interleaved", [](int pp, int vp, int m) { return vp > 1 && pp > 1 && m % pp == 0; },
       [](int pp, int vp, int m) { return buildSchedule(pp, vp, m); }},
      {"zb-h1", [](int pp, int vp, int m) { return pp > 1 && (vp == 1 || m % pp == 0); },
       [](int pp, int vp, int m) { return buildSchedule(pp, vp, m, ScheduleKind::ZeroBubbleH1); }},
      {"zb-v", [](int pp, int vp, int m) { return pp > 1 && vp == 2 && m % pp == 0 && m >= 2 * pp - 1; },
       [](int pp, int vp, int m) { return buildSchedule(pp, vp, m, ScheduleKind::ZeroBubbleV); }},
  };
  return rows;
}

const PlannerSchedule *findPlannerSchedule(const std::string &name) {
  for (const PlannerSchedule &s : plannerSchedules())
    if (name == s.name)
      return &s;
  return nullptr;
}

const char *defaultScheduleName(int vp) { return vp > 1 ? "interleaved" : "1f1b"; }

std::string plannerScheduleNames() {
  std::string names;
  for (const PlannerSchedule &s : plannerSchedules())
    names += (names.empty() ? "" : ", ") + std::string(s.name);
  return names;
}

} // namespace mtc
