// The GPU backend's memory: one device allocation at start-up, carved into
// named regions by a pure layout function (no CUDA): parameters, gradients,
// AdamW moments (the compiler's memory report), the plan's activation arena
// at the plan's own offsets, the cuBLASLt workspace and kernel scratch.
// Nothing is allocated during a step.
#pragma once
#include "plan.pb.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mtc::runtime::gpu {

constexpr int64_t kArenaAlign = 256; // bytes: cuBLASLt and vector loads

struct ArenaRegion {
  std::string name;
  int64_t offset = 0, bytes = 0;
};

struct ArenaLayout {
  std::vector<ArenaRegion> regions;
  int64_t totalBytes = 0;
  // Throws std::out_of_range naming the region when absent.
  const ArenaRegion &at(const std::string &name) const;
};

// Regions in the given order, each aligned to `align` bytes.
ArenaLayout layoutRegions(const std::vector<std::pair<std::string, int64_t>> &sizes,
                          int64_t align = kArenaAlign);

// Element offsets of each parameter in the flat parameter (and gradient,
// moment) arrays: each starts on `alignFloats` floats, as Executor's layout.
std::vector<int64_t> flatParamOffsets(const pb::Plan &plan, int64_t alignFloats,
                                      int64_t *totalFloats);

// Scratch the kernels need for this plan: layer-norm row statistics, the
// attention backward's row dots, the bias-gradient epilogue vector, the loss
// and norm reductions.
ArenaLayout layoutScratch(const pb::Plan &plan);

constexpr int32_t kAdamChunkFloats = 8192; // elements per AdamW block

// The whole arena of a plan: "params", "grads", "adam_m", "adam_v",
// "activations", "gemm_workspace", "scratch", "adam_chunks".
ArenaLayout layoutDeviceArena(const pb::Plan &plan, int64_t gemmWorkspaceBytes);

} // namespace mtc::runtime::gpu
