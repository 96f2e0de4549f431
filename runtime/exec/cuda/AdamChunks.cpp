#include "exec/cuda/AdamChunks.h"

#include <stdexcept>
#include <string>

namespace mtc::runtime::gpu {

std::vector<kernels::cuda::AdamChunk> buildAdamChunks(const pb::Plan &plan,
                                                      const std::vector<int64_t> &offsets,
                                                      int32_t chunkFloats) {
  if (chunkFloats <= 0)
    throw std::invalid_argument("buildAdamChunks: chunk size must be > 0 (got " +
                                std::to_string(chunkFloats) + ")");
  if (static_cast<int>(offsets.size()) != plan.params_size())
    throw std::invalid_argument("buildAdamChunks: " + std::to_string(offsets.size()) +
                                " offsets for " + std::to_string(plan.params_size()) +
                                " params");
  std::vector<kernels::cuda::AdamChunk> chunks;
  for (int id = 0; id < plan.params_size(); ++id) {
    const pb::Param &p = plan.params(id);
    int64_t n = 1;
    for (int64_t d : p.shape())
      n *= d;
    for (int64_t done = 0; done < n; done += chunkFloats) {
      int64_t count = n - done < chunkFloats ? n - done : chunkFloats;
      chunks.push_back({offsets[id] + done, static_cast<int32_t>(count),
                        p.weight_decay() ? 1 : 0});
    }
  }
  return chunks;
}

} // namespace mtc::runtime::gpu
