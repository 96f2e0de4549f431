// Data parallelism: gradients all-reduced in buckets that start as soon as
// their gradients are final, overlapping the rest of the backward pass
// (PyTorch DDP's and Megatron-LM's gradient buckets).
//
// Buckets are contiguous ranges of the executor's flat gradient array, filled
// from its end (the last layers' parameters, whose gradients the backward
// finishes first) until each holds at least `bucketBytes`. A bucket is ready
// after the last plan step that accumulates into any of its parameters; on
// the last micro-batch of an iteration the executor reports every finished
// step, ready buckets start a nonblocking all-reduce (MPI_Iallreduce), and
// pending ones are tested so MPI progresses them between kernels.
#pragma once

#include "comm/Communicator.h"
#include "plan.pb.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mtc::runtime {

class Executor;

struct GradBucket {
  int64_t begin = 0, end = 0; // element range in Executor::flatGrads()
  int readyAfterStep = -1;    // last step writing one of its gradients (-1: none)
  std::vector<int> params;
};

/// For each plan step, the params whose gradients it accumulates (fields
/// named `*_grad` in the step's kernel message, unless its `has_*` is false).
std::vector<std::vector<int>> gradientWriters(const pb::Plan &plan);

/// Splits the params (given their flat offsets and sizes) into buckets.
std::vector<GradBucket> makeGradBuckets(const pb::Plan &plan,
                                        const std::vector<int64_t> &offsets,
                                        const std::vector<int64_t> &sizes,
                                        int64_t bucketBytes);

/// Per-iteration timings of the data-parallel reduction.
struct GradSyncTimes {
  double exposedSeconds = 0; // waiting for buckets after the backward
  int64_t buckets = 0, overlapped = 0; // started before the backward ended
};

class GradBuckets {
public:
  GradBuckets(Executor &exec, comm::Communicator &group, int64_t bucketBytes);

  /// Call before the iteration's last forwardBackward: arms the step observer.
  void beginLastMicroBatch();
  /// The executor's step observer.
  void afterStep(int step);
  /// Starts what has not started, waits for everything and averages.
  GradSyncTimes finish();

  const std::vector<GradBucket> &buckets() const { return all; }
  std::string describe() const;

private:
  void launch(size_t bucket);

  Executor &exec;
  comm::Communicator &group;
  std::vector<GradBucket> all;
  std::vector<comm::RequestPtr> pending;
  std::vector<bool> started;
  std::vector<std::vector<size_t>> readyAt; // step -> buckets ready after it
  bool armed = false;
  int64_t overlapped = 0;
};

} // namespace mtc::runtime
