//===- Schedule.cpp - 1F1B and interleaved 1F1B step lists ----------------===//
#include "mtc/Plan/Schedule.h"
#include "mtc/Plan/CheckedMath.h"
#include "mtc/Plan/ZeroBubbleSchedule.h"

#include <algorithm>

namespace mtc {

const char *kindLetter(StepKind kind) {
  switch (kind) {
  case StepKind::Forward:
    return "F";
  case StepKind::Backward:
    return "B";
  case StepKind::WeightGrad:
    return "W";
  }
  return "?";
}

std::string toString(const Step &step) {
  return std::string(kindLetter(step.kind)) +
         std::to_string(step.chunk) + "." + std::to_string(step.microbatch);
}

double peakHeld(const RankSchedule &rank, bool splitBackward,
                const std::function<double(int chunk)> &weight) {
  const std::function<double(int)> none = [](int) { return 0.0; };
  return splitBackward ? peakHeld(rank, none, weight) : peakHeld(rank, weight, none);
}

double peakHeld(const RankSchedule &rank, const std::function<double(int chunk)> &untilBackward,
                const std::function<double(int chunk)> &untilWeightGrad) {
  double held = 0, most = 0;
  for (const Step &s : rank.steps) {
    if (s.kind == StepKind::Forward)
      most = std::max(most, held += untilBackward(s.chunk) + untilWeightGrad(s.chunk));
    else if (s.kind == StepKind::Backward)
      held -= untilBackward(s.chunk);
    else
      held -= untilWeightGrad(s.chunk);
  }
  return most;
}

int warmupForwards(int pp, int vp, int microbatches, int rank) {
  int total = microbatches * vp;
  if (vp == 1)
    return std::min(pp - rank - 1, microbatches);
  // Megatron: with m == pp every forward runs before the first backward.
  if (microbatches == pp)
    return total;
  return std::min(2 * (pp - rank - 1) + (vp - 1) * pp, total);
}

namespace {
struct ChunkMicrobatch {
  int localChunk;
  int microbatch;
};

// The order in which one rank visits (local chunk, micro-batch) pairs for its
// forwards: Megatron's get_schedule_table with groups of pp micro-batches.
// Backwards walk the same table with local chunks reversed.
std::vector<ChunkMicrobatch> scheduleTable(int pp, int vp, int microbatches) {
  std::vector<ChunkMicrobatch> table;
  table.reserve(static_cast<size_t>(microbatches) * vp);
  for (int first = 0; first < microbatches; first += pp) {
    int last = std::min(first + pp, microbatches);
    for (int chunk = 0; chunk < vp; ++chunk)
      for (int mb = first; mb < last; ++mb)
        table.push_back({chunk, mb});
  }
  return table;
}
} // namespace

Result<PipelineSchedule> buildSchedule(int pp, int vp, int microbatches) {
  auto sizes = [&] {
    return "pp=" + std::to_string(pp) + " vp=" + std::to_string(vp) +
           " microbatches=" + std::to_string(microbatches);
  };
  if (pp < 1 || vp < 1 || microbatches < 1)
    return Error{"schedule: every size must be >= 1, got " + sizes()};
  if (vp > 1 && pp == 1)
    return Error{"schedule: interleaving (vp=" + std::to_string(vp) +
                 ") needs pp > 1, got pp=1"};
  // Every rank lists 2 x vp x microbatches steps: bound the tables' memory
  // (and keep microbatches * vp within int) before building them.
  Result<int64_t> steps = checkedProduct(
      {{"pp", pp}, {"vp", vp}, {"microbatches", microbatches}, {"2 steps", 2}});
  if (!steps || *steps > kMaxScheduleSteps)
    return Error{"schedule: pp x vp x microbatches x 2 steps (" +
                 std::to_string(pp) + " x " + std::to_string(vp) + " x " +
                 std::to_string(microbatches) + " x 2) exceeds " +
                 std::to_string(kMaxScheduleSteps) + " steps"};
  if (vp > 1 && microbatches % pp != 0)
    return Error{"schedule: interleaving needs the micro-batch count to be a "
                 "multiple of pp, got microbatches=" +
                 std::to_string(microbatches) + " pp=" + std::to_string(pp)};

  PipelineSchedule sched;
  sched.pp = pp;
  sched.vp = vp;
  sched.microbatches = microbatches;
  std::vector<ChunkMicrobatch> table = scheduleTable(pp, vp, microbatches);
  int total = microbatches * vp;

  for (int rank = 0; rank < pp; ++rank) {
    RankSchedule rs;
    rs.rank = rank;
    rs.warmup = warmupForwards(pp, vp, microbatches, rank);
    auto forward = [&](int k) {
      const ChunkMicrobatch &e = table[k];
      return Step{StepKind::Forward, e.localChunk * pp + rank, e.microbatch};
    };
    auto backward = [&](int k) {
      const ChunkMicrobatch &e = table[k];
      return Step{StepKind::Backward, (vp - 1 - e.localChunk) * pp + rank,
                  e.microbatch};
    };
    rs.steps.reserve(2 * static_cast<size_t>(total));
    for (int k = 0; k < rs.warmup; ++k)
      rs.steps.push_back(forward(k));
    int steady = total - rs.warmup;
    for (int k = 0; k < steady; ++k) {
      rs.steps.push_back(forward(rs.warmup + k));
      rs.steps.push_back(backward(k));
    }
    for (int k = steady; k < total; ++k)
      rs.steps.push_back(backward(k));
    sched.ranks.push_back(std::move(rs));
  }
  return sched;
}

const char *scheduleKindName(ScheduleKind kind) {
  switch (kind) {
  case ScheduleKind::OneFOneB:
    return "1f1b";
  case ScheduleKind::Interleaved:
    return "interleaved";
  case ScheduleKind::ZeroBubbleH1:
    return "zb-h1";
  case ScheduleKind::ZeroBubbleV:
    return "zb-v";
  }
  return "?";
}

const char *placementName(ChunkPlacement placement) {
  return placement == ChunkPlacement::V ? "v" : "interleaved";
}

Result<PipelineSchedule> buildSchedule(int pp, int vp, int microbatches,
                                       ScheduleKind kind) {
  switch (kind) {
  case ScheduleKind::OneFOneB:
    if (vp != 1)
      return Error{"schedule: 1f1b runs one chunk per stage, got vp=" +
                   std::to_string(vp) + " (use interleaved)"};
    return buildSchedule(pp, vp, microbatches);
  case ScheduleKind::Interleaved:
    if (vp < 2)
      return Error{"schedule: interleaved needs vp >= 2, got vp=" +
                   std::to_string(vp)};
    return buildSchedule(pp, vp, microbatches);
  case ScheduleKind::ZeroBubbleH1:
    return buildZeroBubbleH1(pp, vp, microbatches);
  case ScheduleKind::ZeroBubbleV:
    return buildZeroBubbleV(pp, vp, microbatches);
  }
  return Error{"schedule: unknown kind"};
}

Result<std::vector<LayerRange>> assignLayersEvenly(int layers, int pp, int vp) {
  long long chunks = static_cast<long long>(pp) * vp;
  if (layers < 1 || pp < 1 || vp < 1)
    return Error{"layer assignment: sizes must be >= 1, got layers=" +
                 std::to_string(layers) + " pp=" + std::to_string(pp) +
                 " vp=" + std::to_string(vp)};
  if (layers % chunks != 0)
    return Error{"layer assignment: " + std::to_string(layers) +
                 " layers do not split evenly into pp*vp = " +
                 std::to_string(pp) + "*" + std::to_string(vp) + " = " +
                 std::to_string(chunks) +
                 " chunks; give an explicit per-chunk layout"};
  int per = static_cast<int>(layers / chunks);
  std::vector<LayerRange> ranges;
  for (int c = 0; c < chunks; ++c)
    ranges.push_back({c * per, (c + 1) * per});
  return ranges;
}

Result<std::vector<LayerRange>>
assignLayers(const std::vector<int> &layersPerChunk, int layers, int pp, int vp) {
  long long chunks = static_cast<long long>(pp) * vp;
  if (pp < 1 || vp < 1)
    return Error{"layer assignment: pp and vp must be >= 1, got pp=" +
                 std::to_string(pp) + " vp=" + std::to_string(vp)};
  if (static_cast<long long>(layersPerChunk.size()) != chunks)
    return Error{"layer assignment: layout lists " +
                 std::to_string(layersPerChunk.size()) +
                 " chunks, but pp*vp = " + std::to_string(chunks)};
  std::vector<LayerRange> ranges;
  int next = 0;
  for (size_t c = 0; c < layersPerChunk.size(); ++c) {
    if (layersPerChunk[c] < 1 || layersPerChunk[c] > layers - next)
      return Error{"layer assignment: chunk " + std::to_string(c) + " has " +
                   std::to_string(layersPerChunk[c]) +
                   " layers; every chunk needs at least 1, and the layout "
                   "may not sum past the model's " +
                   std::to_string(layers)};
    ranges.push_back({next, next + layersPerChunk[c]});
    next += layersPerChunk[c];
  }
  if (next != layers)
    return Error{"layer assignment: layout sums to " + std::to_string(next) +
                 " layers, but the model has " + std::to_string(layers)};
  return ranges;
}

} // namespace mtc
