// The combine steps of the GPU's row reductions, as MTC_HD functions so the
// CPU unit tests check them against math/*.h: a GPU row is summed by many
// threads, and only the finishing arithmetic (sums -> statistics) is shared.
#pragma once
#include "kernels/math/hd.h"
#include "kernels/math/layer_norm.h"
#include "kernels/math/philox.h"
#include "kernels/math/softmax.h"

#include <cstdint>

namespace mtc::kernels::gpu {

// math::layerNormRowStats' finishing step from its two pass sums (the sum of
// x, then the sum of (x - mean)^2).
MTC_HD inline float layerNormMeanFromSum(float sum, int64_t h) {
  return sum / static_cast<float>(h);
}
MTC_HD inline math::LayerNormStats layerNormStatsFromSums(float mean,
                                                          float sqDev,
                                                          int64_t h,
                                                          float eps) {
  float var = sqDev / static_cast<float>(h);
  return {mean, 1.0f / sqrtf(var + eps)};
}
// math::layerNormBackwardRowMeans' finishing step.
MTC_HD inline math::LayerNormBackwardMeans
layerNormBackwardMeansFromSums(float sumGdy, float sumGdyXhat, int64_t h) {
  float inv = 1.0f / static_cast<float>(h);
  return {sumGdy * inv, sumGdyXhat * inv};
}

// Max-combine for the cross-entropy row max (the shard max all-reduce does
// the same across ranks).
MTC_HD inline float maxCombine(float a, float b) { return a > b ? a : b; }

// Walks consecutive Philox counters and generates each block of four draws
// once (the GPU twin of host/philox_stream.h).
struct UniformCursor {
  uint64_t seed, stream;
  uint64_t block = ~uint64_t(0);
  math::Philox4 bits{};
  MTC_HD UniformCursor(uint64_t seed, uint64_t stream)
      : seed(seed), stream(stream) {}
  MTC_HD float at(uint64_t counter) {
    uint64_t b = counter >> 2;
    if (b != block) {
      bits = math::philoxBlock(seed, stream, b);
      block = b;
    }
    return math::uniformFromBits(bits.v[counter & 3]);
  }
};

// One step of the streaming softmax that flash attention runs per key:
// folds score s into the row state and returns the factor that rescales what
// was accumulated so far and the weight of this key. expFast, as the host's
// attention, so forward and backward see the same probabilities.
struct OnlineSoftmaxStep {
  float rescale, weight;
};
MTC_HD inline OnlineSoftmaxStep onlineSoftmaxStep(math::SoftmaxState &st,
                                                  float s) {
  float newMax = s > st.max ? s : st.max;
  float rescale = st.max == -INFINITY ? 0.0f : math::expFast(st.max - newMax);
  float weight = math::expFast(s - newMax);
  st.sum = st.sum * rescale + weight;
  st.max = newMax;
  return {rescale, weight};
}

} // namespace mtc::kernels::gpu

namespace mtc::kernels::gpu {
// Megatron-LM's clip coefficient: max_norm / (norm + 1e-6) when below 1
// (Optimizer.cpp does the same on the host); clipNorm <= 0 disables.
MTC_HD inline double clipCoefficientFromNorm(double norm, double clipNorm) {
  if (clipNorm <= 0.0)
    return 1.0;
  double c = clipNorm / (norm + 1e-6);
  return c < 1.0 ? c : 1.0;
}
} // namespace mtc::kernels::gpu
