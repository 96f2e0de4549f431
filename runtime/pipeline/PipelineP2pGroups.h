// Which pipeline transfers go together into one NCCL group, and where each
// group runs between a rank's compute steps: a grouping that cannot deadlock,
// computed from the schedule alone so every rank derives the same one.
//
// NCCL send/recv have no tags (the k-th send A->B matches the k-th receive
// on B from A) and a group completes only when all of its operations can.
// The naive grouping (after step i: step i's sends with step i+1's
// receives) deadlocks for every interleaved schedule; this one cannot, by
// construction:
//
//  1. Simulate the whole pipeline in integer time (F = 1, B = 2, or
//     F = B = W = 1 when the backward is split), each rank running its steps
//     in order. Each transfer gets a tick (a time, then an order among ticks
//     of the same time). A forward's input: the latest of its producer's
//     end, the end of the step before its consumer on the receiving rank (so
//     the receive lands exactly where the staged runner posts it, after that
//     step: the compiler's memory plan holds) and, for a forward reusing an
//     arena, just after the tick of every send out of that arena (the bytes
//     are not overwritten before they left). A gradient: the later of its
//     producer's end and the end of its micro-batch's forward on the
//     receiving rank (the arena holds the micro-batch from then on, so an
//     early receive costs no memory and frees the sender's arena sooner). A
//     step starts once the times of its receives and of its arena's sends
//     came.
//  2. Each rank's group at tick T holds its sends and receives of tick T,
//     ordered by the transfers' identity, and runs before the first of its
//     steps that starts at T's time or later.
//
// Why it cannot deadlock: take the groups in tick order. If every group of
// every tick < T completed, each rank reaches its group at T: what precedes
// it are groups of earlier ticks (done) and steps starting before T's time,
// whose receives and arena sends have ticks of times <= their start, so
// ticks < T (done), and a step blocks on nothing else. Both ends of a transfer hold it in their group at
// the same tick, and the k-th send A->B and the k-th receive on B from A are
// the same transfer (both sides sort by (tick, identity)). So every group at
// T finds every peer in the matching group and completes. The simulation in
// step 1 is the only thing that can fail (a cycle of waits): it then names
// the stuck ranks. verifyGroupedP2p re-checks a grouping independently of
// how it was built (and test/unit/runtime/PipelineP2pGroupsTest runs it on
// every schedule the compiler builds).
#pragma once
#include "mtc/Plan/Result.h"
#include "mtc/Plan/Schedule.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mtc::runtime {

// Per chunk: the tags of the transfers its forward sends to chunk c + 1 and
// its backward (B) sends to chunk c - 1; the receiving chunk receives the
// same tags.
struct ChunkTransfers {
  std::vector<int> forwardTags;
  std::vector<int> backwardTags;
  // A split backward whose W keeps what it reads in an arena of its own: the
  // arena the sends leave from is released by B, not by W.
  bool releasedByBackward = false;
};

struct GroupedTransfer {
  bool send = false;
  int peerStage = 0;
  int chunk = 0;     // this rank's chunk: the arena the buffer lives in
  int peerChunk = 0; // the other end's chunk
  int microbatch = 0;
  bool gradient = false; // from a backward to chunk - 1 (else forward to chunk + 1)
  int tag = 0;
  // The transfer's identity, the same on both ends (for the checker and the
  // order inside a group).
  int64_t id = 0;
};

struct P2pGroup {
  // Its tick: simulated time, then order among groups at that time.
  int64_t time = 0;
  int sub = 0;
  // Runs before this index of the rank's steps (== steps: after the last).
  int beforeStep = 0;
  std::vector<GroupedTransfer> ops;
};

// Per pipeline stage, its groups in the order it runs them.
using PipelineGroups = std::vector<std::vector<P2pGroup>>;

// The grouping described above, or an error naming the stuck ranks.
Result<PipelineGroups> groupPipelineTransfers(const PipelineSchedule &schedule,
                                              const std::vector<ChunkTransfers> &transfers);

// After step i: step i's sends with step i+1's receives (and step 0's
// receives before it). Megatron's send_forward_recv_backward pairing on
// 1F1B; it deadlocks on interleaved schedules (what the checker must find).
PipelineGroups naivePipelineGroups(const PipelineSchedule &schedule,
                                   const std::vector<ChunkTransfers> &transfers);

// Checks a grouping against the schedule without trusting how it was made:
// every transfer sent once after its producer and received once before its
// consumer (a forward's input after the consumer's previous step, where the
// memory plan expects it; a gradient after its micro-batch's forward), a forward reusing an arena (oldest released first, as the
// runner takes them) after the groups that sent out of it, and then
// comm::simulateGroupedP2p over the groups with each op's identity, which
// proves NCCL's matching completes and pairs each send with its own
// receive. Steps never block on anything but earlier items of their own
// rank, so the groups' completion is the whole run's. Empty when it holds;
// otherwise what fails.
std::string verifyGroupedP2p(const PipelineSchedule &schedule,
                             const std::vector<ChunkTransfers> &transfers,
                             const PipelineGroups &groups);

// comm::simulateGroupedP2p over the groups alone (each op carrying its
// transfer's identity): empty when NCCL's matching completes them all and
// pairs every send with its own receive, else the stuck ranks.
std::string groupsDeadlock(const PipelineGroups &groups);

} // namespace mtc::runtime
