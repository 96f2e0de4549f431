// The ordering rules for NCCL point-to-point, as pure functions the CPU tests
// check. NCCL matches the k-th send from A to B with the k-th receive on B
// from A, and a grouped set of operations (ncclGroupStart/End) completes only
// when all of its operations can, so a schedule hangs when a rank's group
// waits on a peer that is itself blocked in an earlier group. Grouping by
// schedule slot (Megatron's send_forward_recv_backward pairs) is not enough:
// it hangs on interleaved schedules. The pipeline's grouping, and why it
// cannot hang, is pipeline/PipelineP2pGroups.h. simulateGroupedP2p proves a
// concrete set of per-rank groups completes, the way ScheduleCheck does for
// MPI.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace mtc::comm {

enum class P2pKind { Send, Recv };

struct P2pOp {
  P2pKind kind;
  int peer;
  int64_t bytes;
  int slot; // schedule slot (the groups' order); ops of one slot share a group
  // What the op carries (a pipeline transfer's identity), or -1. When both
  // ends of a matched pair have one, they must be equal: NCCL would pair the
  // k-th send with the k-th receive whatever they carry, so a grouping that
  // reorders a pair's transfers completes but delivers the wrong data.
  int64_t id = -1;
};

// One rank's ops (in its schedule order) -> its groups: consecutive ops of the
// same slot form one group. Throws std::invalid_argument if slots go backwards.
std::vector<std::vector<P2pOp>> groupBySlot(const std::vector<P2pOp> &ops);

struct P2pSimulation {
  bool completes = false;
  // When not: "rank 1 waits in group 0 (send to 0, recv from 0); rank 0 ..."
  std::string deadlock;
};

// groups[r] = rank r's groups in order. Each rank runs one group at a time; a
// group finishes when each op's matching op (the k-th send A->B with the k-th
// recv B<-A) is in a group its peer is currently running or already ran.
// Unmatched ops (a send with no receive) and matched ops with different ids
// are reported as errors.
P2pSimulation simulateGroupedP2p(const std::vector<std::vector<std::vector<P2pOp>>> &groups);

} // namespace mtc::comm
