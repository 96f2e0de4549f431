// Layer-norm row arithmetic. A row's statistics are recomputed in backward
// rather than stored, so forward and backward call the same function.
#pragma once
#include "kernels/math/hd.h"
#include "kernels/math/lane_sum.h"
#include <cmath>
#include <cstdint>

namespace mtc::kernels::math {

struct LayerNormStats {
  float mean, rstd;
};

// Two passes (mean, then squared deviations) to avoid the cancellation of
// E[x^2] - E[x]^2 in float; sums in laneSum's order.
MTC_HD inline LayerNormStats layerNormRowStats(const float *x, int64_t h,
                                               float eps) {
  float sum = laneSum(h, [&](int64_t i) { return x[i]; });
  float mean = sum / static_cast<float>(h);
  float sq = laneSum(h, [&](int64_t i) {
    float d = x[i] - mean;
    return d * d;
  });
  float var = sq / static_cast<float>(h);
  return {mean, 1.0f / sqrtf(var + eps)};
}

MTC_HD inline float layerNormNormalized(float x, LayerNormStats s) {
  return (x - s.mean) * s.rstd;
}

MTC_HD inline float layerNormForwardElement(float x, LayerNormStats s,
                                            float gamma, float beta) {
  return layerNormNormalized(x, s) * gamma + beta;
}

// The two row means the input gradient needs: mean(g*dy) and mean(g*dy*xhat).
struct LayerNormBackwardMeans {
  float gdy, gdyXhat;
};

MTC_HD inline LayerNormBackwardMeans
layerNormBackwardRowMeans(const float *x, const float *gamma, const float *dy,
                          int64_t h, LayerNormStats s) {
  float sumGdy, sumGdyXhat;
  laneSum2(
      h,
      [&](int64_t i, float &gdy, float &gdyXhat) {
        gdy = gamma[i] * dy[i];
        gdyXhat = gdy * layerNormNormalized(x[i], s);
      },
      sumGdy, sumGdyXhat);
  float inv = 1.0f / static_cast<float>(h);
  return {sumGdy * inv, sumGdyXhat * inv};
}

// dx = rstd * (g*dy - mean(g*dy) - xhat * mean(g*dy*xhat)).
MTC_HD inline float layerNormBackwardElement(float x, float gamma, float dy,
                                             LayerNormStats s,
                                             LayerNormBackwardMeans m) {
  float xhat = layerNormNormalized(x, s);
  return s.rstd * (gamma * dy - m.gdy - xhat * m.gdyXhat);
}

} // namespace mtc::kernels::math
