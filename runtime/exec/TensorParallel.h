// Tensor and sequence parallelism on the executor's side: the collectives of
// the plan's tensor steps over the tensor group, the kernels that need to
// know which shard this rank holds (bias and position adds, dropout on a
// sequence shard), and the gradient bookkeeping before the optimizer.
//
// One program serves every rank of a tensor group, so every rank-dependent
// offset (a parameter slice, a vocabulary shard, a head range, a sequence
// shard) is computed here from the rank's place in its group.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mtc::comm {
class Communicator;
}

namespace mtc::runtime {
class Backend;
class DeviceArray;
class Executor;

// This rank's place in its tensor group; {0, 1} without tensor parallelism.
struct TensorShard {
  int rank = 0;
  int size = 1;
  // First id of this rank's vocabulary shard, `local` wide.
  int64_t vocabStart(int64_t local) const { return rank * local; }
};

// [batch, seqLocal, hidden] shards of the group -> [batch, seqLocal * t, hidden],
// sequence chunks ordered by tensor rank. `scratch` (backend memory) grows
// to what batch > 1 needs.
void allGatherSequence(Backend &dev, comm::Communicator &group, const float *x, float *y,
                       int64_t batch, int64_t seqLocal, int64_t hidden, DeviceArray &scratch);
// [batch, seqLocal * t, hidden] summed over the group; this rank keeps its chunk.
void reduceScatterSequence(Backend &dev, comm::Communicator &group, const float *x, float *y,
                           int64_t batch, int64_t seqLocal, int64_t hidden,
                           DeviceArray &scratch);

// Position rows and dropout of sequence shards: exec/ContextParallel.h.

// Tensor-group traffic, counted by CountingCommunicator. `payload` is the
// full tensor each collective produces (all-reduce: the buffer; all-gather:
// the gathered output; reduce-scatter: the summed input); `wire` is what a
// ring algorithm sends per rank: 2(t-1)/t of it for an all-reduce and
// (t-1)/t for the other two, so sequence parallelism's all-gather +
// reduce-scatter pair costs exactly the all-reduce it replaces.
struct TensorTraffic {
  int64_t allReduces = 0, allGathers = 0, reduceScatters = 0;
  double payloadBytes = 0, wireBytes = 0;
};

// Forwards everything to `inner`, counting the collectives' bytes (replica
// checks' broadcasts are not counted: they are a debugging aid).
std::unique_ptr<comm::Communicator> countingCommunicator(
    std::unique_ptr<comm::Communicator> inner, TensorTraffic *traffic);

// Throws unless buf[n] is bit-identical on every rank of the group (tensor
// rank 0's copy is broadcast and compared); `what` names it in the message.
// `buf` is backend memory.
void requireReplicated(Backend &dev, comm::Communicator &group, const float *buf, int64_t n,
                       const std::string &what);
// Checks every replicated (not split) param; returns how many were compared.
int requireReplicatedParams(Executor &exec, comm::Communicator &group);

// Before the optimizer: sums the gradients of params marked tensor_grad_reduce
// over the tensor group.
void reduceTensorGradients(Executor &exec, comm::Communicator &group);

} // namespace mtc::runtime
