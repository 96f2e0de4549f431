#include "pipeline/PipelineRunner.h"
#include "io/DurableFile.h"
#include "pipeline/HalfWidthTransfer.h"
#include "optim/Optimizer.h"
#include "pipeline/PipelineBubble.h"
#include "exec/PlanValidator.h"

#include "comm/Communicator.h"
#include "mtc/Plan/ScheduleCheck.h"
#include "mtc/Plan/ScheduleJson.h"
#include "mtc/Plan/ScheduleSvg.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <fstream>
#include <set>
#include <stdexcept>

#include <nlohmann/json.hpp>

namespace mtc::runtime {

const pb::Plan &stagePlanFor(const pb::Plan &plan, int64_t stage) {
  for (const pb::Plan &s : plan.stage_plans())
    if (s.pipeline_stage() == stage)
      return s;
  throw PlanError("the plan is compiled for pipeline " +
                  std::to_string(plan.parallel().pipeline()) + " but holds no stage plan for stage " +
                  std::to_string(stage) + " (" + std::to_string(plan.stage_plans_size()) +
                  " stage plans): recompile with this mtc-compile");
}

// The second arena of a chunk whose W keeps its own (weight_grad_slots > 0):
// what W reads, held from the forward until W; reused, oldest released first.
// Receives may land in it (a gradient W reads); nothing is sent from it.
// The same for the third (b_to_w_slots > 0, `bToW`): what B defines for W,
// taken at B; no transfer touches it.
struct PipelineRunner::WeightGradArena {
  int chunkIndex = 0;
  bool bToW = false;
  int microbatch = -1; // -1: free
  Backend *backend = nullptr;
  char *bytes = nullptr; // backend memory
  ~WeightGradArena() {
    if (bytes)
      backend->release(bytes);
  }
};

// One arena of one chunk, holding one micro-batch between its forward and its
// backward; reused, oldest released first, once its sends completed.
struct PipelineRunner::Slot {
  int chunkIndex = 0;
  int microbatch = -1; // -1: free
  Backend *backend = nullptr;
  char *arena = nullptr; // backend memory
  int64_t bytes = 0;
  WeightGradArena *weightGrad = nullptr; // the micro-batch's W arena, until B
  char *weightGradBase() const { return weightGrad ? weightGrad->bytes : nullptr; }
  ChunkArenas arenas() const { return {arena, weightGradBase(), nullptr}; }
  std::vector<comm::RequestPtr> sends;
  std::vector<comm::RequestPtr> forwardRecvs, backwardRecvs;
  int unsentGroups = 0; // grouped mode: steps whose sends' group is still to run
  bool forwardPosted = false, backwardPosted = false;

  bool sendsDone() {
    for (auto &r : sends)
      if (r && !r->test())
        return false;
    sends.clear();
    return true;
  }
  ~Slot() {
    // Requests first: completing one may still write into the arena.
    sends.clear();
    forwardRecvs.clear();
    backwardRecvs.clear();
    if (arena)
      backend->release(arena);
  }
};

namespace {
using Clock = std::chrono::steady_clock;

void waitAll(std::vector<comm::RequestPtr> &requests) {
  for (auto &r : requests)
    if (r)
      r->wait();
  requests.clear();
}

// One posted group, held by each slot it sends from or receives into; every
// holder's wait() completes the same group.
class SharedRequest final : public comm::Request {
public:
  explicit SharedRequest(std::shared_ptr<comm::Request> group) : group(std::move(group)) {}
  void wait() override { group->wait(); }
  bool test() override { return group->test(); }

private:
  std::shared_ptr<comm::Request> group;
};

StepKind stepKindOf(const pb::PipelineStep &s) {
  return s.weight_grad() ? StepKind::WeightGrad
         : s.backward()  ? StepKind::Backward
                         : StepKind::Forward;
}
} // namespace

PipelineRunner::PipelineRunner(Executor &executor, Optimizer &optimizer,
                               comm::Communicator &world, const pb::Plan &modelPlan,
                               int64_t tp, int64_t dp, int64_t pp, PipelineOptions options)
    : exec(executor), world(world), plan(executor.plan()), tp(tp), dp(dp), pp(pp),
      options(options) {
  const int rank = world.rank();
  const int64_t tpRank = rank % tp, dpRank = (rank / tp) % dp;
  stage = rank / (tp * dp);
  const std::string &placementText = plan.parallel().pipeline_placement();
  if (placementText != "" && placementText != "v")
    throw PlanError("the plan's pipeline placement '" + placementText +
                    "' is unknown (\"\" or \"v\"): recompile with this mtc-compile");
  placement = placementText == "v" ? ChunkPlacement::V : ChunkPlacement::Interleaved;
  if (plan.chunks_size() == 0 || plan.pipeline_stage() != stage)
    throw PlanError("rank " + std::to_string(rank) + " (pipeline stage " +
                    std::to_string(stage) + ") was given a plan without its stage's chunks");
  for (int i = 0; i < plan.chunks_size(); ++i) {
    const int chunk = plan.chunks(i).chunk();
    if (chunk >= static_cast<int>(chunkIndexOf.size()))
      chunkIndexOf.resize(chunk + 1, -1);
    chunkIndexOf[chunk] = i;
  }
  validateStagePlan();
  // The executor holds the transient arena throughout.
  liveBytes = peakBytes = allocatedBytes = plan.pipeline_transient_arena_bytes();
  for (const pb::PipelineStep &s : plan.schedule()) {
    if (s.chunk() >= static_cast<int>(chunkIndexOf.size()) || chunkIndexOf[s.chunk()] < 0)
      throw PlanError("the schedule of stage " + std::to_string(stage) + " names chunk " +
                      std::to_string(s.chunk()) + ", which this stage does not hold");
    microbatches = std::max(microbatches, s.microbatch() + 1);
    splitBackward |= s.weight_grad();
  }

  // Same tensor and data coordinates, every stage: the pipeline group.
  const int color = static_cast<int>(tpRank + tp * dpRank);
  pipelineGroup = world.split(color, static_cast<int>(stage));
  // First and last stage share the tied embedding; the others get groups of
  // one (split is collective, so every rank takes part).
  // Under the V both ends are on the first stage: no group to form.
  const int64_t headStage = stageOf(static_cast<int>(pp) * plan.chunks_size() - 1);
  const bool ends = headStage != 0 && (stage == 0 || stage == headStage);
  embeddingGroup = world.split(ends ? color : static_cast<int>(tp * dp) + rank,
                               static_cast<int>(stage));
  // Activations and gradients live in backend memory.
  embeddingDevice = exec.backend().deviceGroup(*embeddingGroup, /*overlap=*/false);
  if (options.p2p == PipelineP2p::Staged) {
    p2p = exec.backend().deviceGroup(world, /*overlap=*/false);
  } else {
    planGroups(modelPlan);
    // Its own NCCL stream on the GPU: groups run beside the compute stream,
    // which waits for one only before the step that reads what it received
    // and before it reuses an arena a group sends from.
    pipelineDevice = exec.backend().deviceGroup(*pipelineGroup, /*overlap=*/true);
    // Every rank of the pipeline group at once: the first group a rank runs
    // involves only its neighbours.
    pipelineDevice->preparePointToPoint();
  }

  // The global gradient norm sums every stage's squares; the last stage's
  // copy of a tied parameter is the same gradient as the first stage's after
  // the all-reduce, so only the first stage counts it.
  if (stage != 0)
    for (int32_t id : plan.embedding_group_params())
      optimizer.setCountedInNorm(id, false);
  // Chained after any tensor-parallel reduction: that one sums a stage's
  // tensor ranks, this one the stages.
  comm::Communicator *group = pipelineGroup.get();
  Optimizer::NormReducer inner = optimizer.currentNormReducer();
  optimizer.setNormReducer([group, inner](double local) {
    double sum = inner ? inner(local) : local;
    group->allReduceSum(&sum, 1);
    return sum;
  });
}

PipelineRunner::~PipelineRunner() = default;

namespace {
// The arena of `c` a buffer of its lies in: whether the chunk has one, its
// bytes and its name (for errors). The transient arena is the stage's.
struct ChunkArena {
  bool held;
  int64_t bytes;
  const char *name;
};
ChunkArena arenaOf(const pb::Buffer &b, const pb::PipelineChunk &c) {
  if (b.b_to_w_arena())
    return {c.b_to_w_slots() > 0, c.b_to_w_arena_bytes(), "B-to-W arena"};
  if (b.weight_grad_arena())
    return {c.weight_grad_slots() > 0, c.weight_grad_arena_bytes(), "W arena"};
  return {true, c.arena_bytes(), "arena"};
}
} // namespace

void PipelineRunner::validateStagePlan() const {
  std::vector<std::string> errors;
  const std::string where = "stage " + std::to_string(stage) + " plan: ";
  const int steps = plan.steps_size(), buffers = plan.buffers_size();
  for (const pb::PipelineChunk &c : plan.chunks()) {
    const std::string chunk = where + "chunk " + std::to_string(c.chunk());
    if (c.chunk() < 0 || stageOf(c.chunk()) != stage)
      errors.push_back(chunk + " does not belong to this stage (its placement puts it on stage " +
                       std::to_string(stageOf(c.chunk())) + ")");
    if (!(0 <= c.forward_begin() && c.forward_begin() <= c.forward_end() &&
          c.forward_end() <= c.backward_begin() && c.backward_begin() <= c.backward_end() &&
          c.backward_end() <= steps))
      errors.push_back(chunk + ": step ranges [" + std::to_string(c.forward_begin()) + ", " +
                       std::to_string(c.forward_end()) + ") and [" +
                       std::to_string(c.backward_begin()) + ", " +
                       std::to_string(c.backward_end()) + ") are not ordered inside 0.." +
                       std::to_string(steps));
    if (c.weight_grad_end() > c.weight_grad_begin() &&
        !(c.backward_end() <= c.weight_grad_begin() && c.weight_grad_end() <= steps))
      errors.push_back(chunk + ": weight-gradient steps [" +
                       std::to_string(c.weight_grad_begin()) + ", " +
                       std::to_string(c.weight_grad_end()) + ") do not follow the backward's [" +
                       std::to_string(c.backward_begin()) + ", " +
                       std::to_string(c.backward_end()) + ") inside 0.." + std::to_string(steps));
    if (c.b_to_w_slots() > 0 && c.weight_grad_slots() <= 0)
      errors.push_back(chunk + ": a B-to-W arena without a W arena (W would not find it)");
    auto checkBuffer = [&](int32_t id, const char *role) {
      if (id < 0 || id >= buffers) {
        errors.push_back(chunk + ": " + role + " buffer " + std::to_string(id) +
                         " is not a buffer of the plan");
        return;
      }
      const pb::Buffer &b = plan.buffers(id);
      const ChunkArena arena = arenaOf(b, c);
      if (b.b_to_w_arena()) // taken at B: after inputs and receives land
        errors.push_back(chunk + ": " + role + " buffer '" + b.name() +
                         "' lies in the B-to-W arena, which B takes after it is written");
      else if (!arena.held)
        errors.push_back(chunk + ": " + role + " buffer '" + b.name() + "' lies in a " +
                         arena.name + " the chunk does not have");
      else if (b.transient_arena()) // written or read outside the chunk's steps
        errors.push_back(chunk + ": " + role + " buffer '" + b.name() +
                         "' lies in the transient arena, which the next step reuses");
      else if (b.offset() < 0 || b.offset() + b.bytes() > arena.bytes)
        errors.push_back(chunk + ": " + role + " buffer '" + b.name() + "' lies outside the chunk's " +
                         arena.name + " of " + std::to_string(arena.bytes) + " bytes");
    };
    checkBuffer(c.tokens(), "tokens");
    checkBuffer(c.targets(), "targets");
    if (c.loss() >= 0)
      checkBuffer(c.loss(), "loss");
    for (const auto *list : {&c.recv_forward(), &c.send_forward(), &c.recv_backward(),
                             &c.send_backward()})
      for (const pb::PipelineTransfer &t : *list) {
        checkBuffer(t.buffer(), "transfer");
        if (t.peer_chunk() < 0 || t.tag() < 0)
          errors.push_back(chunk + ": transfer with peer chunk " +
                           std::to_string(t.peer_chunk()) + " and tag " +
                           std::to_string(t.tag()) + " (both must be >= 0)");
      }
  }
  std::map<int, const pb::PipelineChunk *> chunkOf;
  for (const pb::PipelineChunk &c : plan.chunks())
    chunkOf[c.chunk()] = &c;
  for (const pb::Buffer &b : plan.buffers()) {
    if (b.transient_arena() || !chunkOf.count(b.pipeline_chunk()))
      continue;
    const pb::PipelineChunk &c = *chunkOf[b.pipeline_chunk()];
    const ChunkArena arena = arenaOf(b, c);
    if (!arena.held)
      errors.push_back(where + "buffer '" + b.name() + "' lies in a " + arena.name + " chunk " +
                       std::to_string(c.chunk()) + " does not have");
    else if (b.offset() < 0 || b.offset() + b.bytes() > arena.bytes)
      errors.push_back(where + "buffer '" + b.name() + "' lies outside chunk " +
                       std::to_string(c.chunk()) + "'s " + arena.name + " of " +
                       std::to_string(arena.bytes) + " bytes");
  }
  for (int32_t id : plan.embedding_group_params())
    if (id < 0 || id >= plan.params_size())
      errors.push_back(where + "embedding-group param id " + std::to_string(id) +
                       " is not a param of the plan");
  if (errors.empty())
    return;
  std::string message = "invalid pipeline plan (" + std::to_string(errors.size()) + " problem(s))";
  for (size_t i = 0; i < errors.size() && i < 20; ++i)
    message += "\n  " + errors[i];
  throw PlanError(message);
}

void PipelineRunner::planGroups(const pb::Plan &modelPlan) {
  // Every stage's schedule and transfers, as every rank sees them.
  PipelineSchedule schedule;
  schedule.pp = static_cast<int>(pp);
  schedule.vp = plan.chunks_size();
  schedule.placement = placement;
  schedule.microbatches = microbatches;
  schedule.splitBackward = splitBackward;
  std::vector<ChunkTransfers> transfers(static_cast<size_t>(pp) * plan.chunks_size());
  // Per chunk, the tags it receives, to check they pair with the senders'.
  std::vector<ChunkTransfers> received(transfers.size());
  // Transfers between two chunks of one stage (the V's turn) are copies,
  // in no group.
  auto sortedTags = [this](const Transfers &list, int owner, int peer, const std::string &where) {
    std::vector<int> tags;
    for (const pb::PipelineTransfer &t : list) {
      if (t.peer_chunk() != peer)
        throw PlanError(where + " names peer chunk " + std::to_string(t.peer_chunk()) +
                        ", not " + std::to_string(peer));
      if (stageOf(peer) != stageOf(owner))
        tags.push_back(t.tag());
    }
    std::sort(tags.begin(), tags.end());
    return tags;
  };
  for (int64_t st = 0; st < pp; ++st) {
    const pb::Plan &stagePlan = stagePlanFor(modelPlan, st);
    RankSchedule rank;
    rank.rank = static_cast<int>(st);
    for (const pb::PipelineStep &s : stagePlan.schedule())
      rank.steps.push_back({stepKindOf(s), s.chunk(), s.microbatch()});
    schedule.ranks.push_back(std::move(rank));
    for (const pb::PipelineChunk &c : stagePlan.chunks()) {
      const std::string where = "stage " + std::to_string(st) + " chunk " +
                                std::to_string(c.chunk());
      if (c.chunk() < 0 || c.chunk() >= static_cast<int>(transfers.size()) ||
          stageOf(c.chunk()) != st)
        throw PlanError(where + " is not one of the pipeline's " +
                        std::to_string(transfers.size()) + " chunks on this stage");
      ChunkTransfers &sent = transfers[c.chunk()], &got = received[c.chunk()];
      sent.releasedByBackward = c.weight_grad_slots() > 0;
      const int c0 = c.chunk();
      sent.forwardTags = sortedTags(c.send_forward(), c0, c0 + 1, where + "'s forward send");
      sent.backwardTags = sortedTags(c.send_backward(), c0, c0 - 1, where + "'s gradient send");
      got.forwardTags = sortedTags(c.recv_forward(), c0, c0 - 1, where + "'s forward receive");
      got.backwardTags = sortedTags(c.recv_backward(), c0, c0 + 1, where + "'s gradient receive");
    }
  }
  for (size_t c = 0; c < transfers.size(); ++c) {
    const bool forwardPairs = c + 1 < transfers.size()
                                  ? transfers[c].forwardTags == received[c + 1].forwardTags
                                  : transfers[c].forwardTags.empty();
    const bool backwardPairs = c > 0 ? transfers[c].backwardTags == received[c - 1].backwardTags
                                     : transfers[c].backwardTags.empty();
    if (!forwardPairs || !backwardPairs)
      throw PlanError("chunk " + std::to_string(c) + "'s " +
                      (forwardPairs ? "gradient" : "forward") +
                      " sends do not pair with its neighbour's receives (tags differ)");
  }
  Result<PipelineGroups> groups = groupPipelineTransfers(schedule, transfers);
  if (!groups)
    throw PlanError("grouped pipeline transfers: " + groups.error() +
                    " (train --pipeline-p2p=staged sends them over tagged MPI instead)");
  // The construction is proven for every schedule the compiler builds; a
  // plan from elsewhere is checked before it can hang.
  if (std::string problem = verifyGroupedP2p(schedule, transfers, groups.value());
      !problem.empty())
    throw PlanError("grouped pipeline transfers would not complete: " + problem +
                    " (train --pipeline-p2p=staged sends them over tagged MPI instead)");
  myGroups = std::move(groups.value()[stage]);
}

int PipelineRunner::peerRank(int chunk) const {
  const int rank = world.rank();
  const int64_t tpRank = rank % tp, dpRank = (rank / tp) % dp;
  const int64_t peerStage = stageOf(chunk);
  return static_cast<int>(tpRank + tp * (dpRank + dp * peerStage));
}

int PipelineRunner::tagOf(int transferTag, int microbatch) const {
  return transferTag * microbatches + microbatch;
}

int64_t PipelineRunner::predictedActivationBytes() const {
  return plan.pipeline_activation_bytes();
}

// A forward takes the chunk's oldest released arena, waiting for the
// gradient it sent to be received (the bytes may not be overwritten before),
// or a new arena when none is released. So each chunk allocates exactly its
// most micro-batches in flight (the plan's `slots`), and the wait is the one
// the compiler's deadlock check models (forwardWaitsForBackwardSends).
PipelineRunner::Slot *PipelineRunner::slotFor(int chunkIndex, int microbatch) {
  int allocated = 0;
  for (auto &s : slots) {
    if (s->chunkIndex != chunkIndex)
      continue;
    if (s->microbatch == microbatch)
      return s.get();
    ++allocated;
  }
  const pb::PipelineChunk &info = plan.chunks(chunkIndex);
  std::deque<Slot *> &queue = released[chunkIndex];
  Slot *slot = nullptr;
  if (!queue.empty()) {
    slot = queue.front();
    queue.pop_front();
    if (slot->unsentGroups > 0) // verifyGroupedP2p rules this out
      throw std::logic_error("pipeline stage " + std::to_string(stage) + " chunk " +
                             std::to_string(info.chunk()) +
                             ": an arena is reused before its grouped sends ran");
    waitAll(slot->sends);
  } else {
    if (allocated >= info.slots())
      throw PlanError("stage " + std::to_string(stage) + " chunk " +
                      std::to_string(info.chunk()) + ": the schedule holds more than the " +
                      std::to_string(info.slots()) +
                      " micro-batches in flight the plan allows (micro-batch " +
                      std::to_string(microbatch) + ")");
    auto fresh = std::make_unique<Slot>();
    fresh->chunkIndex = chunkIndex;
    fresh->bytes = std::max<int64_t>(info.arena_bytes(), 64);
    fresh->backend = &exec.backend();
    fresh->arena = static_cast<char *>(exec.backend().allocate(
        fresh->bytes, "a pipeline arena of " + std::to_string(fresh->bytes) + " bytes"));
    slot = fresh.get();
    allocatedBytes += info.arena_bytes();
    slots.push_back(std::move(fresh));
  }
  slot->microbatch = microbatch;
  slot->forwardPosted = slot->backwardPosted = false;
  liveBytes += info.arena_bytes();
  if (info.weight_grad_slots() > 0)
    slot->weightGrad = takeWeightGradArena(chunkIndex, microbatch, /*bToW=*/false);
  peakBytes = std::max(peakBytes, liveBytes);
  return slot;
}

// As slotFor, for the chunk's W arena (taken with the micro-batch's arena)
// or its B-to-W arena (taken at B).
PipelineRunner::WeightGradArena *PipelineRunner::takeWeightGradArena(int chunkIndex,
                                                                     int microbatch, bool bToW) {
  const pb::PipelineChunk &info = plan.chunks(chunkIndex);
  const int64_t arenaBytes = bToW ? info.b_to_w_arena_bytes() : info.weight_grad_arena_bytes();
  const int slotCount = bToW ? info.b_to_w_slots() : info.weight_grad_slots();
  std::deque<WeightGradArena *> &queue = releasedWeightGrad[{chunkIndex, bToW}];
  WeightGradArena *arena = nullptr;
  if (!queue.empty()) {
    arena = queue.front();
    queue.pop_front();
  } else {
    int allocated = 0;
    for (auto &a : weightGradArenas)
      allocated += a->chunkIndex == chunkIndex && a->bToW == bToW;
    if (allocated >= slotCount)
      throw PlanError("stage " + std::to_string(stage) + " chunk " + std::to_string(info.chunk()) +
                      ": the schedule holds more than the " + std::to_string(slotCount) +
                      " micro-batches awaiting W the plan allows (micro-batch " +
                      std::to_string(microbatch) + (bToW ? ", B-to-W arena)" : ")"));
    auto fresh = std::make_unique<WeightGradArena>();
    fresh->chunkIndex = chunkIndex;
    fresh->bToW = bToW;
    fresh->backend = &exec.backend();
    const int64_t bytes = std::max<int64_t>(arenaBytes, 64);
    fresh->bytes = static_cast<char *>(exec.backend().allocate(
        bytes, std::string(bToW ? "a pipeline B-to-W arena of " : "a pipeline W arena of ") +
                   std::to_string(bytes) + " bytes"));
    arena = fresh.get();
    allocatedBytes += arenaBytes;
    weightGradArenas.push_back(std::move(fresh));
  }
  arena->microbatch = microbatch;
  liveBytes += arenaBytes;
  peakBytes = std::max(peakBytes, liveBytes);
  return arena;
}

void PipelineRunner::release(Slot *slot) {
  liveBytes -= plan.chunks(slot->chunkIndex).arena_bytes();
  slot->microbatch = -1;
  released[slot->chunkIndex].push_back(slot);
  if (slot->weightGrad) // evaluation: no W follows
    release(slot->weightGrad);
  slot->weightGrad = nullptr;
}

void PipelineRunner::release(WeightGradArena *arena) {
  const pb::PipelineChunk &info = plan.chunks(arena->chunkIndex);
  liveBytes -= arena->bToW ? info.b_to_w_arena_bytes() : info.weight_grad_arena_bytes();
  arena->microbatch = -1;
  releasedWeightGrad[{arena->chunkIndex, arena->bToW}].push_back(arena);
}

void PipelineRunner::postReceives(size_t stepIndex) {
  if (stepIndex >= static_cast<size_t>(plan.schedule_size()))
    return;
  const pb::PipelineStep &s = plan.schedule(static_cast<int>(stepIndex));
  const int ci = chunkIndexOf[s.chunk()];
  const pb::PipelineChunk &info = plan.chunks(ci);
  if (s.weight_grad())
    return; // W receives nothing
  const auto &transfers = s.backward() ? info.recv_backward() : info.recv_forward();
  if (transfers.empty())
    return;
  Slot *slot = slotFor(ci, s.microbatch());
  bool &posted = s.backward() ? slot->backwardPosted : slot->forwardPosted;
  if (posted)
    return;
  posted = true;
  post(transfers, *slot, s.microbatch(), /*receive=*/true,
       s.backward() ? slot->backwardRecvs : slot->forwardRecvs);
}

char *PipelineRunner::baseOf(const pb::Buffer &b, Slot &slot) const {
  char *base = slot.arenas().of(b);
  if (!base) // validateStagePlan rules this out
    throw std::logic_error("stage " + std::to_string(stage) + ": buffer '" + b.name() +
                           "' has no arena");
  return base;
}

bool PipelineRunner::isLocal(const pb::PipelineTransfer &t) const {
  return stageOf(t.peer_chunk()) == stage;
}

// One chunk's transfer to the other chunk on this stage (the V's turn): the
// bytes copied between their arenas for `microbatch`. `intoMe`: `t` is a
// receive of `slot`'s chunk, copied from the sender's arena; else a send,
// copied into the receiver's (which the micro-batch holds, or takes).
void PipelineRunner::copyLocal(const pb::PipelineTransfer &t, Slot &slot, int microbatch,
                               bool intoMe) {
  const int peerIndex = t.peer_chunk() < static_cast<int>(chunkIndexOf.size())
                            ? chunkIndexOf[t.peer_chunk()]
                            : -1;
  if (peerIndex < 0)
    throw PlanError("stage " + std::to_string(stage) + ": a transfer names chunk " +
                    std::to_string(t.peer_chunk()) + ", which this stage does not hold");
  const pb::PipelineChunk &peer = plan.chunks(peerIndex);
  const pb::PipelineChunk &mine = plan.chunks(slot.chunkIndex);
  // The matching end: same tag, in the peer's opposite list.
  const bool gradient = t.peer_chunk() > mine.chunk() ? intoMe : !intoMe;
  const Transfers &list = intoMe ? (gradient ? peer.send_backward() : peer.send_forward())
                                 : (gradient ? peer.recv_backward() : peer.recv_forward());
  const pb::PipelineTransfer *other = nullptr;
  for (const pb::PipelineTransfer &o : list)
    if (o.tag() == t.tag())
      other = &o;
  if (!other)
    throw PlanError("stage " + std::to_string(stage) + ": chunk " + std::to_string(mine.chunk()) +
                    "'s transfer with tag " + std::to_string(t.tag()) + " has no end on chunk " +
                    std::to_string(peer.chunk()));
  Slot *peerSlot = nullptr;
  for (auto &candidate : slots)
    if (candidate->chunkIndex == peerIndex && candidate->microbatch == microbatch)
      peerSlot = candidate.get();
  // Only an evaluation's forward copy may take the receiver's arena: a
  // gradient's receiver has held it since its forward.
  if (!peerSlot && (intoMe || gradient))
    throw std::logic_error("stage " + std::to_string(stage) + ": chunk " +
                           std::to_string(peer.chunk()) + "'s arena of micro-batch " +
                           std::to_string(microbatch) + " is gone before its copy");
  if (!peerSlot)
    peerSlot = slotFor(peerIndex, microbatch);
  const pb::Buffer &to = plan.buffers(intoMe ? t.buffer() : other->buffer());
  const pb::Buffer &from = plan.buffers(intoMe ? other->buffer() : t.buffer());
  if (to.bytes() != from.bytes())
    throw PlanError("stage " + std::to_string(stage) + ": transfer tag " + std::to_string(t.tag()) +
                    " sends " + std::to_string(from.bytes()) + " bytes into " +
                    std::to_string(to.bytes()));
  Slot &dst = intoMe ? slot : *peerSlot, &src = intoMe ? *peerSlot : slot;
  exec.backend().copy(baseOf(to, dst) + to.offset(), baseOf(from, src) + from.offset(), to.bytes());
}

bool PipelineRunner::setTransferType(kernels::StorageType type) {
  // Packing reads the arena on the host; device backends send fp32.
  transferType = exec.backend().hostAddressable() ? type : kernels::StorageType::F32;
  return transferType == type;
}

FloatTransfer PipelineRunner::floatsOf(const pb::PipelineTransfer &t, Slot &slot, bool send,
                                       int peer) const {
  const pb::Buffer &b = plan.buffers(t.buffer());
  // Activations and their gradients travel in the storage type; an int32
  // buffer, should a plan ever send one, as it is. A 16-bit buffer already
  // is in it: its bytes go as they are (rounded up to whole words, which the
  // arena's 64-byte slots hold).
  char *base = baseOf(b, slot);
  if (b.dtype() == pb::BF16 || b.dtype() == pb::F16)
    return {send, reinterpret_cast<float *>(base + b.offset()),
            static_cast<size_t>((b.bytes() + 3) / 4), kernels::StorageType::F32, peer};
  return {send, reinterpret_cast<float *>(base + b.offset()),
          static_cast<size_t>(b.bytes() / 4),
          b.dtype() == pb::F32 ? transferType : kernels::StorageType::F32, peer};
}

void PipelineRunner::post(const Transfers &transfers, Slot &slot, int microbatch,
                          bool receive, std::vector<comm::RequestPtr> &requests) {
  for (const pb::PipelineTransfer &t : transfers) {
    if (isLocal(t))
      continue; // copied (copyLocal)
    const FloatTransfer f = floatsOf(t, slot, !receive, peerRank(t.peer_chunk()));
    const int tag = tagOf(t.tag(), microbatch);
    requests.push_back(receive ? irecvAs(*p2p, f.data, f.count, f.type, f.peer, tag)
                               : isendAs(*p2p, f.data, f.count, f.type, f.peer, tag));
  }
}

// Every chunk's token and target buffers get the micro-batch (the data
// source writes host memory; the arena is backend memory).
void PipelineRunner::fillInputs(const FillFn &fill, int microbatch, Slot &slot,
                                const pb::PipelineChunk &info) {
  fill(microbatch, exec.inputs());
  exec.uploadInputs(slot.arenas(), info.tokens(), info.targets(), info.inputs());
}

void PipelineRunner::progressTransfers() {
  for (auto &slot : slots) {
    slot->sendsDone();
    for (auto *recvs : {&slot->forwardRecvs, &slot->backwardRecvs})
      for (auto &r : *recvs)
        if (r)
          r->test(); // a completed request stays; its wait() returns at once
  }
}

const pb::PipelineTransfer &PipelineRunner::transferFor(const GroupedTransfer &op) const {
  const pb::PipelineChunk &info = plan.chunks(chunkIndexOf[op.chunk]);
  const Transfers &list = op.send ? (op.gradient ? info.send_backward() : info.send_forward())
                                  : (op.gradient ? info.recv_backward() : info.recv_forward());
  for (const pb::PipelineTransfer &t : list)
    if (t.tag() == op.tag)
      return t;
  throw std::logic_error("stage " + std::to_string(stage) + " chunk " +
                         std::to_string(op.chunk) + " has no transfer with tag " +
                         std::to_string(op.tag)); // planGroups read the tags from the plan
}

void PipelineRunner::noteSends(Slot *slot, const pb::PipelineStep &step, const Transfers &sends) {
  if (std::all_of(sends.begin(), sends.end(),
                  [this](const pb::PipelineTransfer &t) { return isLocal(t); }))
    return;
  unsent[{step.chunk(), step.microbatch(), step.backward()}] = slot;
  ++slot->unsentGroups;
}

void PipelineRunner::runGroup(const P2pGroup &group) {
  std::vector<FloatTransfer> ops;
  std::vector<std::pair<Slot *, const GroupedTransfer *>> holders; // per op
  std::set<std::tuple<int, int, bool>> sent; // the steps whose sends this group runs
  for (const GroupedTransfer &op : group.ops) {
    Slot *slot = nullptr;
    if (op.send) {
      auto it = unsent.find({op.chunk, op.microbatch, op.gradient});
      if (it == unsent.end())
        throw std::logic_error("stage " + std::to_string(stage) + ": a group sends for chunk " +
                               std::to_string(op.chunk) + " micro-batch " +
                               std::to_string(op.microbatch) + " before its step ran");
      slot = it->second;
      sent.insert(it->first);
    } else {
      // A reused arena's earlier sends are waited for here, before anything
      // is received into it (the grouping puts them in earlier groups).
      slot = slotFor(chunkIndexOf[op.chunk], op.microbatch);
    }
    holders.push_back({slot, &op});
    ops.push_back(floatsOf(transferFor(op), *slot, op.send, op.peerStage));
  }
  // Posted, not waited for: a receive is waited for by the step that reads
  // it, a send by the reuse of its arena (or the iteration's end), as NCCL
  // runs the groups on its own stream while the compute stream goes on.
  std::shared_ptr<comm::Request> posted =
      startGroupedSendRecvAs(*pipelineDevice, ops, options.groupTimeoutSeconds);
  for (const auto &[slot, op] : holders) {
    auto &requests = op->send ? slot->sends
                     : op->gradient ? slot->backwardRecvs
                                    : slot->forwardRecvs;
    requests.push_back(std::make_unique<SharedRequest>(posted));
  }
  for (const auto &key : sent) {
    auto it = unsent.find(key);
    if (it != unsent.end()) {
      --it->second->unsentGroups;
      unsent.erase(it);
    }
  }
}

LossTerms PipelineRunner::runIteration(const FillFn &fill, float gradScale,
                                       uint64_t dropoutBase) {
  lossSum = {};
  timeline.clear();
  pipelineGroup->barrier(); // a common time origin for the trace
  const auto origin = Clock::now();
  auto seconds = [&origin] {
    return std::chrono::duration<double>(Clock::now() - origin).count();
  };
  const int n = plan.schedule_size();
  const bool grouped = options.p2p == PipelineP2p::Grouped;
  // What is posted before step i: the groups of the ticks up to its start,
  // or (staged) its receives. Both may run again for the same i.
  size_t nextGroup = 0;
  auto transfersBefore = [&](int i) {
    if (!grouped) {
      postReceives(static_cast<size_t>(i));
      return;
    }
    for (; nextGroup < myGroups.size() && myGroups[nextGroup].beforeStep <= i; ++nextGroup)
      runGroup(myGroups[nextGroup]);
  };
  // A step's outputs: left for their group, or (staged) sent at once.
  auto send = [&](Slot *slot, const pb::PipelineStep &s, const Transfers &sends) {
    if (grouped)
      noteSends(slot, s, sends);
    else
      post(sends, *slot, s.microbatch(), /*receive=*/false, slot->sends);
  };
  transfersBefore(0);
  // Between the kernels of a step, test every transfer in flight: MPI moves
  // a message only inside MPI calls on both ends.
  exec.setProgressHook([this] { progressTransfers(); });
  struct ClearHook {
    Executor &e;
    ~ClearHook() { e.setProgressHook(nullptr); }
  } clearHook{exec};
  for (int i = 0; i < n; ++i) {
    const pb::PipelineStep &s = plan.schedule(i);
    const int ci = chunkIndexOf[s.chunk()];
    const pb::PipelineChunk &info = plan.chunks(ci);
    transfersBefore(i);
    const StepKind kind = stepKindOf(s);
    // A chunk whose W keeps its own arena gave the other back after B.
    const bool ownWeightGradArena = info.weight_grad_slots() > 0;
    AwaitingWeightGrad weightGrad;
    Slot *slot = nullptr;
    if (kind == StepKind::WeightGrad && ownWeightGradArena) {
      auto it = awaitingWeightGrad.find({ci, s.microbatch()});
      if (it == awaitingWeightGrad.end()) // the schedule check rules this out
        throw std::logic_error("stage " + std::to_string(stage) + ": W of chunk " +
                               std::to_string(s.chunk()) + " micro-batch " +
                               std::to_string(s.microbatch()) + " before its B");
      weightGrad = it->second;
      awaitingWeightGrad.erase(it);
    } else {
      slot = slotFor(ci, s.microbatch());
    }
    // What B defines for W: taken now, not with the forward's arenas.
    if (kind == StepKind::Backward && info.b_to_w_slots() > 0)
      weightGrad.bToW = takeWeightGradArena(ci, s.microbatch(), /*bToW=*/true);
    char *bToWBase = weightGrad.bToW ? weightGrad.bToW->bytes : nullptr;
    TimedPipelineStep timed{kind, s.chunk(), s.microbatch(), 0, 0};
    const uint64_t key = dropoutBase + static_cast<uint64_t>(s.microbatch());
    if (kind == StepKind::Forward) {
      fillInputs(fill, s.microbatch(), *slot, info);
      waitAll(slot->forwardRecvs);
      // The V's turn: the other chunk's forward output, still in its arena
      // (held until its B, which comes after this chunk's).
      for (const pb::PipelineTransfer &t : info.recv_forward())
        if (isLocal(t))
          copyLocal(t, *slot, s.microbatch(), /*intoMe=*/true);
    } else if (kind == StepKind::Backward) {
      waitAll(slot->backwardRecvs);
    }
    const int begin = kind == StepKind::Forward    ? info.forward_begin()
                      : kind == StepKind::Backward ? info.backward_begin()
                                                   : info.weight_grad_begin();
    const int end = kind == StepKind::Forward    ? info.forward_end()
                    : kind == StepKind::Backward ? info.backward_end()
                                                 : info.weight_grad_end();
    timed.start = seconds();
    const double cpu = processCpuSeconds();
    MicroBatchLoss loss =
        slot ? exec.runRange(begin, end, {slot->arena, slot->weightGradBase(), bToWBase}, key,
                             gradScale)
             : exec.runRange(begin, end, {nullptr, weightGrad.arena->bytes, bToWBase}, key,
                             gradScale);
    timed.cpu = processCpuSeconds() - cpu;
    timed.end = seconds();
    if (kind == StepKind::Forward) {
      // The loss chunk brings the model's loss, every chunk its MoE layers'
      // load-balancing losses (zero terms elsewhere).
      lossSum += loss.terms();
      send(slot, s, info.send_forward());
    } else if (kind == StepKind::Backward) {
      send(slot, s, info.send_backward());
      // The V's turn: the input gradient straight into the other chunk's
      // arena (held since its forward), before this one is given back.
      for (const pb::PipelineTransfer &t : info.send_backward())
        if (isLocal(t))
          copyLocal(t, *slot, s.microbatch(), /*intoMe=*/false);
      // A split backward's arena is released after W, which still reads
      // the linears' saved inputs and output gradients, unless W keeps
      // those in its own arena.
      if (ownWeightGradArena) {
        awaitingWeightGrad[{ci, s.microbatch()}] = {slot->weightGrad, weightGrad.bToW};
        slot->weightGrad = nullptr;
        release(slot);
      } else if (!splitBackward) {
        release(slot);
      }
    } else if (ownWeightGradArena) {
      release(weightGrad.arena);
      if (weightGrad.bToW)
        release(weightGrad.bToW);
    } else {
      release(slot);
    }
    timeline.push_back(timed);
    transfersBefore(i + 1); // early: overlaps the next step's input
    progressTransfers();
  }
  if (grouped && !unsent.empty())
    throw std::logic_error("stage " + std::to_string(stage) + ": " +
                           std::to_string(unsent.size()) + " sends had no group");
  for (auto &slot : slots)
    for (auto *requests : {&slot->sends, &slot->forwardRecvs, &slot->backwardRecvs})
      waitAll(*requests);

  // The tied embedding: the first stage's lookup and the last stage's output
  // layer both produced gradient for the same table.
  if (embeddingGroup->size() > 1)
    for (int32_t id : plan.embedding_group_params())
      embeddingDevice->allReduceSum(exec.grad(id), static_cast<size_t>(exec.paramElements(id)));
  // Only the last stage computed losses; share their mean with the group.
  return shareLosses(lossSum);
}

LossTerms PipelineRunner::shareLosses(const LossTerms &sum) {
  // Each stage's MoE layers add their load-balancing losses.
  double terms[5] = {sum.lm, sum.sop, sum.sopAccuracy, sum.moeAux, sum.moeLayers};
  pipelineGroup->allReduceSum(terms, 5);
  return LossTerms{terms[0], terms[1], terms[2], terms[3], terms[4]}.scaled(1.0 / microbatches);
}

LossTerms PipelineRunner::evaluateIteration(const FillFn &fill, uint64_t dropoutBase) {
  std::vector<int> order(plan.chunks_size());
  for (int i = 0; i < plan.chunks_size(); ++i)
    order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](int a, int b) { return plan.chunks(a).chunk() < plan.chunks(b).chunk(); });
  // One chunk's transfers of one micro-batch, completed before going on.
  // Grouped, each is a group of its own, both ends in tag order: every rank
  // runs its groups in (micro-batch, chunk) order, so the earliest
  // unfinished transfer always finds both ends.
  auto exchange = [&](const Transfers &list, Slot &slot, int mb, bool send) {
    if (options.p2p == PipelineP2p::Staged) {
      std::vector<comm::RequestPtr> requests;
      post(list, slot, mb, /*receive=*/!send, requests);
      waitAll(requests);
      return;
    }
    if (list.empty())
      return;
    std::vector<const pb::PipelineTransfer *> sorted;
    for (const pb::PipelineTransfer &t : list)
      if (!isLocal(t))
        sorted.push_back(&t);
    if (sorted.empty())
      return;
    std::sort(sorted.begin(), sorted.end(),
              [](const pb::PipelineTransfer *a, const pb::PipelineTransfer *b) {
                return a->tag() < b->tag();
              });
    std::vector<FloatTransfer> ops;
    for (const pb::PipelineTransfer *t : sorted)
      ops.push_back(floatsOf(*t, slot, send, stageOf(t->peer_chunk())));
    groupedSendRecvAs(*pipelineDevice, ops, options.groupTimeoutSeconds);
  };
  LossTerms sum;
  for (int mb = 0; mb < microbatches; ++mb) {
    for (int ci : order) {
      const pb::PipelineChunk &info = plan.chunks(ci);
      Slot *slot = slotFor(ci, mb);
      fillInputs(fill, mb, *slot, info);
      exchange(info.recv_forward(), *slot, mb, /*send=*/false);
      // Evaluation runs without dropout, as Executor::forward does.
      MicroBatchLoss loss = exec.runRange(info.forward_begin(), info.forward_end(),
                                          slot->arenas(),
                                          dropoutBase + static_cast<uint64_t>(mb), 0.0f,
                                          /*training=*/false);
      sum += loss.terms(); // the loss chunk's, and any chunk's MoE terms
      exchange(info.send_forward(), *slot, mb, /*send=*/true);
      // The V's turn: into the next chunk's arena now (this one goes back).
      for (const pb::PipelineTransfer &t : info.send_forward())
        if (isLocal(t))
          copyLocal(t, *slot, mb, /*intoMe=*/false);
      release(slot);
    }
  }
  return shareLosses(sum);
}

namespace {

// Writes `trace` (Chrome trace JSON) to PATH; with resumedAt > 0 and PATH
// present, keeps PATH's events and adds these under a new process id.
void saveTrace(const std::string &path, const std::string &trace, int64_t resumedAt) {
  std::ifstream existing(path);
  if (resumedAt <= 0 || !existing) {
    writeFileAtomically(path, trace);
    return;
  }
  using json = nlohmann::ordered_json;
  json earlier = json::parse(existing, nullptr, /*allow_exceptions=*/false);
  if (!earlier.is_object() || !earlier.contains("traceEvents") ||
      !earlier.at("traceEvents").is_array())
    throw std::runtime_error("--pipeline-trace '" + path + "' exists and is not a Chrome "
                             "trace: not replacing it (give another file)");
  int64_t pid = 0;
  for (const json &e : earlier.at("traceEvents"))
    if (e.contains("pid") && e.at("pid").is_number_integer())
      pid = std::max(pid, e.at("pid").get<int64_t>() + 1);
  json ours = json::parse(trace);
  earlier["traceEvents"].push_back({{"name", "process_name"},
                                    {"ph", "M"},
                                    {"pid", pid},
                                    {"args",
                                     {{"name", "run resumed at iteration " +
                                                   std::to_string(resumedAt)}}}});
  for (json &e : ours.at("traceEvents")) {
    e["pid"] = pid;
    earlier["traceEvents"].push_back(std::move(e));
  }
  earlier["otherData"] = ours.at("otherData");
  writeFileAtomically(path, earlier.dump());
}

} // namespace

std::string PipelineRunner::writeTrace(const std::string &path, int64_t resumedAt) {
  // Every stage sends its steps to stage 0 as (kind, chunk, mb, start, end, cpu).
  constexpr size_t kFields = 6;
  std::vector<double> mine;
  for (const TimedPipelineStep &t : timeline)
    mine.insert(mine.end(), {double(static_cast<int>(t.kind)), double(t.chunk),
                             double(t.microbatch),
                             t.start, t.end, t.cpu});
  // The replay's transfer latency: a message the size of the largest
  // activation any stage sends.
  double transferBytes = 0;
  for (const pb::PipelineChunk &c : plan.chunks())
    for (const pb::PipelineTransfer &t : c.send_forward())
      transferBytes = std::max(transferBytes, double(plan.buffers(t.buffer()).bytes()));
  pipelineGroup->allReduceMax(&transferBytes, 1);
  const double p2pLatency = measureP2pLatency(*pipelineGroup, size_t(transferBytes));
  const CorePlacement placement = checkCorePlacement(world);
  // Per stage: peak in use and allocated, measured and predicted.
  // A split schedule also has the stage's bytes under plain 1F1B.
  constexpr int kMemoryFields = 5;
  std::vector<double> memory(kMemoryFields * pp, 0.0);
  double *mineMemory = &memory[kMemoryFields * stage];
  mineMemory[0] = double(peakBytes);
  mineMemory[1] = double(plan.pipeline_activation_bytes());
  mineMemory[2] = double(allocatedBytes);
  mineMemory[3] = double(plan.pipeline_arena_pool_bytes());
  mineMemory[4] = double(plan.pipeline_one_f_one_b_activation_bytes());
  pipelineGroup->allReduceSum(memory.data(), memory.size());
  const int tag = 0x7ace;
  if (pipelineGroup->rank() != 0) {
    double count = double(mine.size());
    pipelineGroup->send(&count, 1, comm::DataType::F64, 0, tag);
    pipelineGroup->send(mine.data(), mine.size(), comm::DataType::F64, 0, tag);
    return "";
  }
  Timeline tl;
  tl.pp = static_cast<int>(pp);
  tl.vp = plan.chunks_size();
  tl.placement = this->placement;
  tl.microbatches = microbatches;
  tl.ranks.resize(pp);
  for (int r = 0; r < pp; ++r) {
    std::vector<double> events = mine;
    if (r != 0) {
      double count = 0;
      pipelineGroup->recv(&count, 1, comm::DataType::F64, r, tag);
      events.resize(static_cast<size_t>(count));
      pipelineGroup->recv(events.data(), events.size(), comm::DataType::F64, r, tag);
    }
    double busy = 0;
    for (size_t e = 0; e + kFields <= events.size(); e += kFields) {
      TimedStep ts;
      ts.step.kind = static_cast<StepKind>(static_cast<int>(events[e] + 0.5));
      ts.step.chunk = static_cast<int>(events[e + 1]);
      ts.step.microbatch = static_cast<int>(events[e + 2]);
      // Milliseconds: the trace writer takes one time unit as 1 ms.
      ts.start = events[e + 3] * 1000.0;
      ts.end = events[e + 4] * 1000.0;
      ts.cost = events[e + 5] * 1000.0;
      busy += ts.end - ts.start;
      tl.makespan = std::max(tl.makespan, ts.end);
      tl.ranks[r].push_back(ts);
    }
    tl.busiest = std::max(tl.busiest, busy);
  }
  if (world.rank() != 0)
    return ""; // other data-parallel / tensor-parallel replicas
  // On the host backend a step's CPU time is its cost; a device's is not.
  const bool cpuCosts = std::string(exec.backend().name()) == "host";
  const BubbleSummary bubble = summarizeBubble(tl, p2pLatency * 1000.0, placement, cpuCosts);
  if (!path.empty()) {
    nlohmann::ordered_json trace = nlohmann::ordered_json::parse(timelineToChromeTrace(tl));
    trace["otherData"]["bubble"] = nlohmann::ordered_json::parse(bubble.json);
    ScheduleSvgOptions svg;
    svg.source = "measured";
    svg.axisLabel = "time (ms, measured wall clock)";
    try {
      saveTrace(path, trace.dump(), resumedAt);
      writeFileAtomically(svgPathForTrace(path), scheduleToSvg(tl, svg));
    } catch (const IoError &e) {
      throw std::runtime_error(std::string("--pipeline-trace: ") + e.what());
    }
  }
  char line[512];
  std::string summary = bubble.lines;
  for (int r = 0; r < pp; ++r) {
    const double *stageMemory = &memory[kMemoryFields * r];
    std::snprintf(line, sizeof line,
                  "\npipeline: stage %d activations: peak %lld B measured, %lld B predicted; "
                  "arenas allocated %lld B measured, %lld B predicted",
                  r, static_cast<long long>(stageMemory[0]),
                  static_cast<long long>(stageMemory[1]),
                  static_cast<long long>(stageMemory[2]),
                  static_cast<long long>(stageMemory[3]));
    summary += line;
    if (stageMemory[4] > 0) {
      std::snprintf(line, sizeof line, "; 1F1B would take %lld B",
                    static_cast<long long>(stageMemory[4]));
      summary += line;
    }
  }
  return summary;
}

} // namespace mtc::runtime
