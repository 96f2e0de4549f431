// Data-parallel gradient buckets for the GPU backend (pure; CPU-tested).
// A bucket is a contiguous range of parameter ids, so its gradients are one
// contiguous span of the flat gradient array and one NCCL all-reduce. Buckets
// are formed from the last parameter backwards (backward produces the last
// layers' gradients first) and each becomes ready at the last plan step that
// writes any of its gradients: the executor launches its all-reduce on the
// communication stream right after that step, overlapping the rest of
// backward.
#pragma once
#include "plan.pb.h"

#include <cstdint>
#include <vector>

namespace mtc::runtime::gpu {

struct GradBucket {
  int firstParam = 0, endParam = 0; // ids [first, end)
  int64_t offset = 0, count = 0;    // floats in the flat gradient array
  int readyStep = -1;               // the last step writing one of its grads
};

// The last step that writes each parameter's gradient (-1: none).
std::vector<int> gradReadySteps(const pb::Plan &plan);

// Buckets of at least bucketFloats floats (the first one formed may be
// smaller), from flat offsets / sizes as laid out in the arena.
std::vector<GradBucket> assignGradBuckets(const std::vector<int64_t> &paramOffsets,
                                          const std::vector<int64_t> &paramSizes,
                                          const std::vector<int> &readySteps,
                                          int64_t bucketFloats);

} // namespace mtc::runtime::gpu
