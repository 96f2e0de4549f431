//===- ScheduleJson.h - Schedules and timelines as JSON ---------*- C++ -*-===//
//
// scheduleToJson: {"pp","vp","microbatches","ranks":[{"rank","warmup",
//   "steps":[{"kind":"F"|"B","chunk","microbatch"}, ...]}, ...]}
// timelineToChromeTrace: Chrome trace-event JSON ({"traceEvents":[...]}),
//   loadable in Perfetto (ui.perfetto.dev) and chrome://tracing; one track
//   per pipeline rank, one complete ("X") event per step. Simulated time
//   units are written as milliseconds (1 unit = 1000 us) so F=1, B=2 read
//   naturally. A step with a cost (TimedStep::cost) carries it as
//   args.cost_ms.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_SCHEDULEJSON_H
#define MTC_PLAN_SCHEDULEJSON_H

#include "mtc/Plan/Schedule.h"
#include "mtc/Plan/ScheduleCheck.h"

#include <string>

namespace mtc {

std::string scheduleToJson(const PipelineSchedule &schedule, int indent = 1);
std::string timelineToChromeTrace(const Timeline &timeline);

} // namespace mtc

#endif // MTC_PLAN_SCHEDULEJSON_H
