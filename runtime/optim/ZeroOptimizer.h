// The distributed optimizer (ZeRO stage 1; Megatron-LM's
// --use-distributed-optimizer): the flat gradient array is reduce-scattered
// over the data-parallel group, each data rank runs AdamW on its contiguous
// shard of the parameters with its shard of the optimizer state, and the
// updated parameters are all-gathered back. Losses match the replicated
// optimizer; optimizer state per rank shrinks by the data-parallel size.
#pragma once

#include "optim/Optimizer.h"

#include "comm/Communicator.h"

#include <cstdint>
#include <vector>

namespace mtc::runtime {

class Executor;

/// A contiguous shard of the flat parameter array.
struct FlatShard {
  int64_t begin = 0, end = 0; // [begin, end) within the unpadded flat array
  int64_t padded = 0;         // shard length every rank uses (ceil(N / d))
};

/// Rank `rank` of `size`'s shard of `elements` flat values.
FlatShard flatShard(int64_t elements, int rank, int size);

class ZeroOptimizer {
public:
  /// `replicated` provides the configuration, the norm reducer over the
  /// model-parallel group and the per-param norm counting; its own moments
  /// are used only as staging when checkpoints gather the state.
  ZeroOptimizer(Executor &exec, Optimizer &replicated, comm::Communicator &dataGroup);

  /// Reduce-scatters the accumulated gradients (averaging over the group),
  /// clips by the global norm, updates this rank's shard and all-gathers the
  /// parameters; zeroes the gradients.
  StepReport step(int64_t iteration);
  /// 16-bit gradients (Precision.h): the reduce-scattered shard is rounded to
  /// `type`, as a 16-bit reduce-scatter delivers it.
  void setGradientStorage(kernels::StorageType type) { gradStorage = type; }

  const FlatShard &shard() const { return mine; }
  /// Optimizer-state bytes this rank holds (two fp32 moments of its shard).
  int64_t stateBytes() const { return (m.size() + v.size()) * 4; }

  /// Checkpoints: the full moments into `replicated`'s arrays (collective),
  /// and back from them into this rank's shard.
  void gatherState();
  void scatterState();

private:
  Executor &exec;
  Optimizer &replicated;
  comm::Communicator &group;
  FlatShard mine;
  DeviceArray m, v;             // this shard's moments
  DeviceArray gradShard;        // reduce-scattered gradients
  DeviceArray staging;          // padded flat buffer for the collectives
  kernels::StorageType gradStorage = kernels::StorageType::F32;
};

} // namespace mtc::runtime
