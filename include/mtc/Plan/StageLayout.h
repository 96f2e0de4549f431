//===- StageLayout.h - Megatron-LM's uneven first and last stage -*- C++ -*-===//
//
// Megatron-LM's --decoder-first-pipeline-num-layers / --decoder-last-
// pipeline-num-layers: the first (last) pipeline stage holds the given number
// of layers and the other stages share the rest equally. With virtual stages
// every stage's layers split equally over its v chunks, and the chunks
// interleave in model order as usual (chunk k*p + r on stage r). Shared by
// the compiler (partition and configuration check) and the planner.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_STAGELAYOUT_H
#define MTC_PLAN_STAGELAYOUT_H

#include "mtc/Plan/Result.h"
#include "mtc/Plan/ScheduleCheck.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mtc {
/// How the caller spells the four sizes in its messages (mtc-compile's flags,
/// a pass's options).
struct StageLayoutNames {
  std::string pp = "pp", vp = "vp";
  std::string first = "decoder-first-pipeline-num-layers";
  std::string last = "decoder-last-pipeline-num-layers";
};

/// Layers per chunk, in model order, for `layers` layers on `pp` stages of
/// `vp` chunks when the first stage holds `firstStageLayers` and the last
/// `lastStageLayers` (0: not given, the stage is one of the middle ones).
/// Refuses what Megatron-LM refuses (a stage's layers not divisible by vp,
/// middle layers not divisible by the middle stages) and what it would build
/// wrongly (pp = 1, no layers left for a middle stage, layers left over with
/// no middle stage), each error naming the numbers and the option to change.
Result<std::vector<int>> firstLastStageLayout(int64_t layers, int64_t pp, int64_t vp,
                                              int64_t firstStageLayers, int64_t lastStageLayers,
                                              const StageLayoutNames &names = {});

/// Step durations to simulate a schedule over chunks of these layer counts:
/// `unit`'s (F = 1, B = 2 by default) for a chunk of the mean count, scaled by
/// each chunk's layers, so an uneven layout's long and short stages show;
/// `unit` itself when the list is empty.
StepTiming layerProportionalTiming(const std::vector<int64_t> &layersPerChunk,
                                   const StepTiming &unit = {});
} // namespace mtc

#endif // MTC_PLAN_STAGELAYOUT_H
