//===- Schedule.h - Pipeline schedules as explicit data ---------*- C++ -*-===//
//
// A pipeline schedule is, for every pipeline rank, the ordered list of steps
// it runs: forward or backward of one virtual chunk for one micro-batch. The
// same data drives the compiler's schedule pass, the runtime's executor, the
// deadlock checker and the planner's bubble estimate.
//
// Chunks are numbered globally, 0 .. pp*vp-1, in model order: chunk c holds
// layers [c*L/(pp*vp), (c+1)*L/(pp*vp)) and lives on rank c % pp, so rank r
// holds chunks r, r+pp, ..., r+(vp-1)pp (Narayanan et al. 2021).
//
// Plain 1F1B (vp == 1): rank r runs min(pp-r-1, m) warm-up forwards, then
// alternates one forward and one backward, then drains the backwards.
// Interleaved 1F1B (vp > 1) follows Megatron-LM's get_schedule_table:
// micro-batches are taken in groups of pp; within a group the rank runs all
// pp micro-batches of its first chunk, then of its second, ...; backwards visit
// chunks in the reverse order. Warm-up forwards on rank r:
// 2(pp-r-1) + (vp-1)pp, capped at m*vp, and when m == pp everything is warm-up
// (as Megatron does). Interleaving needs m % pp == 0 and pp > 1.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_SCHEDULE_H
#define MTC_PLAN_SCHEDULE_H

#include "mtc/Plan/Result.h"

#include <functional>
#include <string>
#include <vector>

namespace mtc {

/// Backward is the whole backward of a chunk, or only its input-gradient half
/// ("B") when the schedule splits the weight gradients off into WeightGrad
/// steps ("W"), as the zero-bubble schedules do (Qi et al., ICLR 2024).
enum class StepKind { Forward, Backward, WeightGrad };

/// "F", "B" or "W".
const char *kindLetter(StepKind kind);

struct Step {
  StepKind kind = StepKind::Forward;
  int chunk = 0;      ///< global virtual-stage index, 0 .. pp*vp-1
  int microbatch = 0; ///< 0 .. m-1
  bool operator==(const Step &o) const {
    return kind == o.kind && chunk == o.chunk && microbatch == o.microbatch;
  }
};

/// "F0.3" = forward of chunk 0, micro-batch 3; "B2.1" and "W2.1" likewise.
std::string toString(const Step &step);

struct RankSchedule {
  int rank = 0;   ///< pipeline stage
  int warmup = 0; ///< forwards before the first backward (the warm-up phase)
  std::vector<Step> steps;
};

/// Which rank holds which chunk. Interleaved: chunk c on rank c % pp
/// (Narayanan et al. 2021), so rank r holds r, r+pp, ... V (ZB-V, Qi et al.):
/// vp == 2, chunk c on rank c for c < pp and on rank 2pp-1-c after, so rank r
/// holds chunks r and 2pp-1-r: the model goes down the ranks and back up,
/// and the first rank holds both the first and the last chunk.
enum class ChunkPlacement { Interleaved, V };

/// The rank holding `chunk` under `placement`.
inline int stageOfChunk(int chunk, int pp, ChunkPlacement placement) {
  if (placement == ChunkPlacement::V)
    return chunk < pp ? chunk : 2 * pp - 1 - chunk;
  return chunk % pp;
}

/// The chunks rank `stage` holds, in model order.
inline std::vector<int> chunksOfStage(int stage, int pp, int vp, ChunkPlacement placement) {
  std::vector<int> chunks;
  for (int c = 0; c < pp * vp; ++c)
    if (stageOfChunk(c, pp, placement) == stage)
      chunks.push_back(c);
  return chunks;
}

/// "interleaved" or "v": the name `mtc.pipeline`'s placement and the plan use.
const char *placementName(ChunkPlacement placement);

struct PipelineSchedule {
  int pp = 1;           ///< pipeline stages
  int vp = 1;           ///< virtual chunks per stage
  int microbatches = 1; ///< m
  /// True when every backward is split: each (chunk, micro-batch) then has a
  /// WeightGrad step on its rank, after its Backward.
  bool splitBackward = false;
  ChunkPlacement placement = ChunkPlacement::Interleaved;
  std::vector<RankSchedule> ranks; ///< one per stage, index = stage
  int numChunks() const { return pp * vp; }
  int stageOfChunk(int chunk) const { return mtc::stageOfChunk(chunk, pp, placement); }
};

/// Warm-up forward count of `rank`; arguments are assumed valid (see
/// buildSchedule for the checks).
int warmupForwards(int pp, int vp, int microbatches, int rank);

/// The most `rank` holds at once when each forward of chunk c takes
/// weight(c) (bytes of its arena, or 1 to count micro-batches) until the step
/// that releases it: its W when `splitBackward` (W still reads the linears'
/// saved inputs), else its backward. The memory walk of the compiler's stage
/// plans, the planner's memory model and the zero-bubble scheduler.
double peakHeld(const RankSchedule &rank, bool splitBackward,
                const std::function<double(int chunk)> &weight);

/// The same walk when a forward of chunk c takes two parts: untilBackward(c),
/// given back by its backward (B), and untilWeightGrad(c), given back by its
/// W (0 for a chunk whose backward is whole): a split chunk whose W keeps
/// only what it reads in an arena of its own.
double peakHeld(const RankSchedule &rank, const std::function<double(int chunk)> &untilBackward,
                const std::function<double(int chunk)> &untilWeightGrad);

/// Builds plain 1F1B (vp == 1) or interleaved 1F1B (vp > 1). Errors name the
/// numbers: sizes < 1, vp > 1 with pp == 1, m not a multiple of pp for vp > 1.
Result<PipelineSchedule> buildSchedule(int pp, int vp, int microbatches);

/// The schedules a pipeline can run. The zero-bubble ones split every
/// backward into B (input gradient) and W (weight gradient) steps (see
/// ZeroBubbleSchedule.h); ZeroBubbleV places its two chunks per rank in a V.
enum class ScheduleKind { OneFOneB, Interleaved, ZeroBubbleH1, ZeroBubbleV };

/// "1f1b", "interleaved", "zb-h1" or "zb-v": the names of --schedule and kind=.
const char *scheduleKindName(ScheduleKind kind);

/// Builds the schedule of `kind`. OneFOneB needs vp == 1, Interleaved vp > 1
/// (both as above); ZeroBubbleH1 splits the backwards of 1F1B (vp == 1, any
/// m >= 1) or of interleaved 1F1B (vp > 1, with its rules); ZeroBubbleV
/// needs vp == 2 and pp >= 2 (any m >= 1) and the V placement.
Result<PipelineSchedule> buildSchedule(int pp, int vp, int microbatches,
                                       ScheduleKind kind);

/// The most steps (pp x vp x microbatches x 2) a built schedule may hold:
/// 16M steps, some 200 MB of tables, far past any real training job.
constexpr int64_t kMaxScheduleSteps = int64_t(1) << 24;

/// Half-open range of transformer layers held by one chunk.
struct LayerRange {
  int begin = 0;
  int end = 0;
  int size() const { return end - begin; }
  bool operator==(const LayerRange &o) const {
    return begin == o.begin && end == o.end;
  }
};

/// Even split: chunk c gets [c*L/(pp*vp), (c+1)*L/(pp*vp)). Error unless
/// pp*vp divides L.
Result<std::vector<LayerRange>> assignLayersEvenly(int layers, int pp, int vp);

/// Explicit uneven split: layersPerChunk[c] layers for chunk c, in model
/// order. Error unless there are pp*vp entries, each >= 1, summing to L.
Result<std::vector<LayerRange>>
assignLayers(const std::vector<int> &layersPerChunk, int layers, int pp, int vp);

} // namespace mtc

#endif // MTC_PLAN_SCHEDULE_H
