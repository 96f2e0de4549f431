// Runs one pipeline rank's schedule: the stage plan's (forward | backward,
// chunk, micro-batch) steps in the compiled order, one activation arena per
// (chunk, micro-batch) in flight, released when that micro-batch's backward
// ran and reused, oldest first, once the gradient it sent left. Transfers to
// the neighbouring stages travel one of two ways (train --pipeline-p2p):
//  - grouped (default): NCCL point-to-point semantics, no tags, a group
//    completing only when all of its sends and receives can, in the grouping
//    of pipeline/PipelineP2pGroups.h, which every rank derives from the whole
//    plan and which cannot deadlock (NCCL on its own stream on a GPU;
//    MPI_Issend/MPI_Irecv on one tag on the host). Groups are posted without
//    waiting: a step waits for the groups it receives from, an arena's reuse
//    for the groups it sent from;
//  - staged: tagged MPI, receives posted early (MPI_Irecv after the step
//    before the one that needs the data), sends right after the step that
//    produced it (MPI_Isend), device buffers staged through host memory.
#pragma once
#include "comm/Communicator.h"
#include "exec/Executor.h"
#include "pipeline/HalfWidthTransfer.h"
#include "pipeline/PipelineP2pGroups.h"
#include "kernels/math/precision.h"
#include "mtc/Plan/Schedule.h"

#include <cstdint>
#include <deque>
#include <map>
#include <functional>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

namespace mtc::comm {
class Communicator;
}

namespace mtc::runtime {

class Optimizer;

// The stage plan this rank runs out of a top-level plan (throws PlanError
// when the plan has none for `stage`).
const pb::Plan &stagePlanFor(const pb::Plan &plan, int64_t stage);

// One step as it ran: seconds since the iteration's start on this rank.
struct TimedPipelineStep {
  StepKind kind = StepKind::Forward;
  int chunk = 0;
  int microbatch = 0;
  double start = 0, end = 0;
  double cpu = 0; // CPU seconds the step used (processCpuSeconds), the replay's cost
};

// How transfers travel (train --pipeline-p2p): see the top of this file.
enum class PipelineP2p { Grouped, Staged };

struct PipelineOptions {
  PipelineP2p p2p = PipelineP2p::Grouped;
  // A grouped exchange that waits longer is an error, not a hang (on MPI;
  // NCCL's stream cannot be watched this way). Peers reach a group within a
  // few steps, so this only fires on a grouping bug.
  double groupTimeoutSeconds = 1800;
};

class PipelineRunner {
public:
  // `world` holds every rank; the rank's pipeline neighbours and the first /
  // last stage are found from the grid sizes (tp-dp-pp order). `modelPlan`
  // is the top-level plan with every stage's plan (the grouped transfers'
  // order is derived from all of them). Installs the optimizer's
  // gradient-norm reduction over the pipeline group. Collective over
  // `world`.
  PipelineRunner(Executor &executor, Optimizer &optimizer, comm::Communicator &world,
                 const pb::Plan &modelPlan, int64_t tp, int64_t dp, int64_t pp,
                 PipelineOptions options = {});
  ~PipelineRunner();

  // Writes a micro-batch's tokens and targets into host memory.
  using FillFn = std::function<void(int64_t microbatch, MicroBatchInputs &inputs)>;
  // One iteration: every step of the schedule, then the tied-embedding
  // gradient all-reduce over the first and last stage. Returns the mean
  // micro-batch loss, known on every rank of the pipeline group.
  LossTerms runIteration(const FillFn &fill, float gradScale, uint64_t dropoutBase);

  // Forward only, for evaluation: the iteration's micro-batches through every
  // chunk in (micro-batch, chunk) order, which cannot deadlock since each
  // transfer goes to a later (micro-batch, chunk) of its receiver. Returns the
  // mean micro-batch loss, known on every rank of the pipeline group.
  LossTerms evaluateIteration(const FillFn &fill, uint64_t dropoutBase);
  // Sums the last stage's losses over the pipeline group; the per-micro-batch mean.
  LossTerms shareLosses(const LossTerms &sum);

  // Sends activations and their gradients in the 16-bit storage type of a
  // bf16/fp16 run (pipeline/HalfWidthTransfer.h). False when the backend keeps
  // fp32 transfers (its memory is not host-addressable).
  bool setTransferType(kernels::StorageType type);

  const std::vector<TimedPipelineStep> &lastTimeline() const { return timeline; }
  // Largest sum of arenas in use (chunk arenas x micro-batches in flight).
  int64_t peakActivationBytes() const { return peakBytes; }
  // Sum of the chunk arenas allocated so far (kept for reuse, never freed early).
  int64_t allocatedActivationBytes() const { return allocatedBytes; }
  int64_t predictedActivationBytes() const;

  // Collects every stage's last timeline on stage 0 of the pipeline group and,
  // there, writes it as Chrome-trace JSON to `path` (with the bubble report in
  // otherData, and the timeline drawn as svgPathForTrace(path)) and returns
  // the report: the bubble by formula, replayed and measured
  // (PipelineBubble.h), memory next to the prediction; other ranks return "".
  // The files are written atomically (a
  // failed write throws naming it). A run resumed at `resumedAt` > 0 adds its
  // timeline to an existing trace as another process ("run resumed at
  // iteration N") instead of replacing the earlier run's.
  std::string writeTrace(const std::string &path, int64_t resumedAt = 0);

private:
  struct Slot;
  struct WeightGradArena;
  // Chunk ranges, transfer buffers and tags: errors name the chunk (PlanError).
  void validateStagePlan() const;
  Slot *slotFor(int chunkIndex, int microbatch);
  void postReceives(size_t stepIndex);
  using Transfers = google::protobuf::RepeatedPtrField<pb::PipelineTransfer>;
  // Posts a nonblocking receive (or send) for each transfer of a micro-batch.
  void post(const Transfers &transfers, Slot &slot, int microbatch, bool receive,
            std::vector<comm::RequestPtr> &requests);
  WeightGradArena *takeWeightGradArena(int chunkIndex, int microbatch, bool bToW);
  void release(Slot *slot);
  void release(WeightGradArena *arena);
  // Tests every send and posted receive of every slot (MPI progress).
  void progressTransfers();
  void fillInputs(const FillFn &fill, int microbatch, Slot &slot, const pb::PipelineChunk &info);
  int peerRank(int chunk) const;
  int tagOf(int transferTag, int microbatch) const;
  // Grouped mode: the grouping of every stage's transfers, checked
  // (PlanError when the plans' transfers do not pair up or no grouping
  // exists).
  void planGroups(const pb::Plan &modelPlan);
  // Posts one group: receives land in their micro-batch's arena (taking it),
  // sends leave from the arena their step ran in; each arena holds the
  // group's request until its step (receives) or its reuse (sends) waits.
  void runGroup(const P2pGroup &group);
  const pb::PipelineTransfer &transferFor(const GroupedTransfer &op) const;
  void noteSends(Slot *slot, const pb::PipelineStep &step, const Transfers &sends);
  // Where a buffer of `slot`'s micro-batch lives: its arena or its W arena
  // (transfers never touch the B-to-W arena).
  char *baseOf(const pb::Buffer &b, Slot &slot) const;
  // The chunk on this stage the transfer goes to or comes from (ZB-V).
  bool isLocal(const pb::PipelineTransfer &t) const;
  void copyLocal(const pb::PipelineTransfer &t, Slot &slot, int microbatch, bool intoMe);
  int stageOf(int chunk) const { return stageOfChunk(chunk, static_cast<int>(pp), placement); }
  // A transfer's buffer in `slot`'s arena, as it travels.
  FloatTransfer floatsOf(const pb::PipelineTransfer &t, Slot &slot, bool send, int peer) const;

  Executor &exec;
  comm::Communicator &world;
  const pb::Plan &plan;
  int64_t tp, dp, pp, stage;
  int microbatches = 1;
  bool splitBackward = false; // the schedule has W steps (zb-h1, zb-v)
  ChunkPlacement placement = ChunkPlacement::Interleaved; // the plan's parallel.pipeline_placement
  std::unique_ptr<comm::Communicator> pipelineGroup, embeddingGroup;
  // Backend::deviceGroup views: staged transfers over `world`, the tied
  // embedding's gradient over embeddingGroup.
  std::unique_ptr<comm::Communicator> p2p, embeddingDevice;
  PipelineOptions options;
  // Grouped mode: transfers over the pipeline group (peers are stages).
  std::unique_ptr<comm::Communicator> pipelineDevice;
  std::vector<P2pGroup> myGroups;
  // Sends a step produced whose group has not run yet, by (chunk,
  // micro-batch, gradient): the arena they leave from.
  std::map<std::tuple<int, int, bool>, Slot *> unsent;
  // W arenas (before the slots: a slot's pending receive may land in one,
  // and the slots' requests are completed first when the runner goes).
  std::vector<std::unique_ptr<WeightGradArena>> weightGradArenas;
  // (chunk index, B-to-W) -> arenas whose micro-batch finished, oldest first.
  std::map<std::pair<int, bool>, std::deque<WeightGradArena *>> releasedWeightGrad;
  // A micro-batch between its B and W: its W arena and B-to-W arena (or none).
  struct AwaitingWeightGrad {
    WeightGradArena *arena = nullptr, *bToW = nullptr;
  };
  // (chunk index, micro-batch) between its B and W -> its arenas.
  std::map<std::pair<int, int>, AwaitingWeightGrad> awaitingWeightGrad;
  std::vector<std::unique_ptr<Slot>> slots;
  // Per chunk index: arenas whose micro-batch finished, oldest first.
  std::map<int, std::deque<Slot *>> released;
  std::vector<int> chunkIndexOf; // global chunk -> index into plan.chunks()
  int64_t liveBytes = 0, peakBytes = 0, allocatedBytes = 0;
  LossTerms lossSum;
  std::vector<TimedPipelineStep> timeline;
  kernels::StorageType transferType = kernels::StorageType::F32;
};

} // namespace mtc::runtime
