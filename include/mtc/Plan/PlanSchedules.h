//===- PlanSchedules.h - The pipeline schedules the planner knows -*- C++ -*-===//
//
// One row per schedule mtc-compile can emit: its --schedule name, which
// (p, v, m) it takes, how to build it (lib/Plan/Schedule.h) and whether it
// splits backwards into B and W steps. The planner enumerates the rows and the
// cost model replays the built schedule; a new schedule is one more row.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_PLANSCHEDULES_H
#define MTC_PLAN_PLANSCHEDULES_H

#include "mtc/Plan/Schedule.h"

#include <string>
#include <vector>

namespace mtc {

struct PlannerSchedule {
  const char *name; ///< mtc-compile --schedule value
  /// Whether the schedule exists for these sizes (before buildSchedule's
  /// own checks, e.g. m % p for interleaving).
  bool (*applies)(int pp, int vp, int microbatches);
  Result<PipelineSchedule> (*build)(int pp, int vp, int microbatches);
};

/// All rows, in the order the planner tries them.
const std::vector<PlannerSchedule> &plannerSchedules();

/// The row called `name`, or nullptr.
const PlannerSchedule *findPlannerSchedule(const std::string &name);

/// The schedule mtc-compile picks without --schedule: interleaved when v > 1.
const char *defaultScheduleName(int vp);

/// "1f1b, interleaved"
std::string plannerScheduleNames();

} // namespace mtc

#endif // MTC_PLAN_PLANSCHEDULES_H
