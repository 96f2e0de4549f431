// The pipeline bubble of a measured iteration, three ways (docs/pipeline.md,
// "The bubble"): the formula, the measured wall-clock timeline, and a replay
// of the order each rank ran with each step's measured CPU time. Wall-clock
// idle time is the bubble only when every rank owns a core: on shared cores a
// rank that waits lends its core to another, whose steps then take longer.
// The CPU time a step consumed does not count the time it waited for a core,
// so the replay gives the bubble the schedule has on one core per rank.
#pragma once
#include "comm/Communicator.h"
#include "mtc/Plan/ScheduleCheck.h"

#include <string>

namespace mtc::runtime {

// CPU seconds this process has used, over all its threads (the kernels'
// OpenMP and BLAS workers included).
double processCpuSeconds();

// Whether each rank ran on a core of its own: bound to one CPU, no other rank
// bound to the same CPU of the same host. Collective over `world`.
struct CorePlacement {
  bool pinned = false;
  std::string description; // e.g. "4 ranks on 2 cores" (meaningful on rank 0)
};
CorePlacement checkCorePlacement(comm::Communicator &world);

// Half the median round trip of a `bytes` message between ranks 0 and 1 of
// `group` (their pipeline stages 0 and 1), in seconds, on every rank of the
// group. Collective over `group`; 0 for a group of one.
double measureP2pLatency(comm::Communicator &group, size_t bytes);

// The measured timeline's bubble report: the trace's otherData["bubble"]
// (JSON) and the lines `train` prints. `measured` is in milliseconds with each
// step's CPU time as TimedStep::cost. `cpuCosts` false (a device backend: a
// step's CPU time is not its kernels' time) leaves the replay out, saying so.
// Throws std::runtime_error when the measured order cannot be replayed (a
// runner bug: it ran that order).
struct BubbleSummary {
  std::string json;  // object for otherData["bubble"]
  std::string lines; // "pipeline: ..." lines, no trailing newline
};
BubbleSummary summarizeBubble(const Timeline &measured, double p2pLatencyMs,
                              const CorePlacement &placement, bool cpuCosts);

// Where the measured SVG goes for a --pipeline-trace FILE: FILE without its
// ".json", plus ".svg".
std::string svgPathForTrace(const std::string &tracePath);

} // namespace mtc::runtime
