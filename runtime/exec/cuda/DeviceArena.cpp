#include "exec/cuda/DeviceArena.h"
#include "exec/cuda/AdamChunks.h"
#include "kernels/cuda/device_types.h"

#include <algorithm>
#include <stdexcept>

namespace mtc::runtime::gpu {
namespace {

int64_t roundUp(int64_t x, int64_t a) { return (x + a - 1) / a * a; }

int64_t numElements(const google::protobuf::RepeatedField<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

} // namespace

const ArenaRegion &ArenaLayout::at(const std::string &name) const {
  for (const ArenaRegion &r : regions)
    if (r.name == name)
      return r;
  throw std::out_of_range("device arena has no region '" + name + "'");
}

ArenaLayout layoutRegions(const std::vector<std::pair<std::string, int64_t>> &sizes,
                          int64_t align) {
  if (align <= 0 || (align & (align - 1)))
    throw std::invalid_argument("layoutRegions: alignment must be a power of two (got " +
                                std::to_string(align) + ")");
  ArenaLayout layout;
  int64_t offset = 0;
  for (const auto &[name, bytes] : sizes) {
    if (bytes < 0)
      throw std::invalid_argument("layoutRegions: region '" + name + "' has " +
                                  std::to_string(bytes) + " bytes");
    layout.regions.push_back({name, offset, bytes});
    offset = roundUp(offset + bytes, align);
  }
  layout.totalBytes = offset;
  return layout;
}

std::vector<int64_t> flatParamOffsets(const pb::Plan &plan, int64_t alignFloats,
                                      int64_t *totalFloats) {
  std::vector<int64_t> offsets(plan.params_size());
  int64_t total = 0;
  for (int id = 0; id < plan.params_size(); ++id) {
    offsets[id] = total;
    total += roundUp(numElements(plan.params(id).shape()), alignFloats);
  }
  if (totalFloats)
    *totalFloats = total;
  return offsets;
}

ArenaLayout layoutScratch(const pb::Plan &plan) {
  int64_t rows = plan.model().micro_batch() * plan.model().seq();
  int64_t attentionRows = 0, maxOut = 0;
  for (const pb::Step &s : plan.steps()) {
    if (s.has_attention_backward())
      attentionRows = std::max(attentionRows, rows * s.attention_backward().heads());
    if (s.has_linear_backward_weight()) {
      const pb::Param &w = plan.params(s.linear_backward_weight().w_grad());
      for (int64_t d : w.shape())
        maxOut = std::max(maxOut, d);
    }
  }
  return layoutRegions({
      {"layer_norm_stats", 2 * rows * int64_t(sizeof(float))},
      {"attention_row_dot", attentionRows * int64_t(sizeof(float))},
      {"bias_grad", maxOut * int64_t(sizeof(float))},
      {"loss", 2 * int64_t(sizeof(double))},
      {"norm_sum", int64_t(sizeof(double))},
      {"norm_partials", kernels::cuda::kNormPartialsBytes},
      {"non_finite", int64_t(sizeof(int))},
      {"grad_scale", int64_t(sizeof(float))},
  });
}

ArenaLayout layoutDeviceArena(const pb::Plan &plan, int64_t gemmWorkspaceBytes) {
  int64_t floats = 0;
  std::vector<int64_t> offsets = flatParamOffsets(plan, 16, &floats);
  int64_t chunks = static_cast<int64_t>(buildAdamChunks(plan, offsets, kAdamChunkFloats).size());
  int64_t flatBytes = floats * int64_t(sizeof(float));
  return layoutRegions({
      {"params", flatBytes},
      {"grads", flatBytes},
      {"adam_m", flatBytes},
      {"adam_v", flatBytes},
      {"activations", std::max<int64_t>(plan.memory().arena_bytes(), 1)},
      {"gemm_workspace", gemmWorkspaceBytes},
      {"scratch", layoutScratch(plan).totalBytes},
      {"adam_chunks", chunks * int64_t(sizeof(kernels::cuda::AdamChunk))},
  });
}

} // namespace mtc::runtime::gpu
