// The chunk table of the fused AdamW launch (pure; CPU-tested): every
// parameter split into chunks of at most chunkFloats elements, each with its
// parameter's weight-decay flag, so one kernel updates all parameters.
#pragma once
#include "kernels/cuda/device_types.h"
#include "plan.pb.h"

#include <vector>

namespace mtc::runtime::gpu {

std::vector<kernels::cuda::AdamChunk> buildAdamChunks(const pb::Plan &plan,
                                                      const std::vector<int64_t> &offsets,
                                                      int32_t chunkFloats);

} // namespace mtc::runtime::gpu
