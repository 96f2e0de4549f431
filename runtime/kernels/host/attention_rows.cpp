#include "host/attention_rows.h"

#include "host/common.h"
#include "kernels/math/dropout.h"
#include "kernels/math/lane_sum.h"

#include <cmath>

namespace mtc::kernels::detail {

MTC_VECTOR_CLONES
void keepScales(float *keep, int64_t n, float rate, float invKeep) {
  for (int64_t j = 0; j < n; ++j)
    keep[j] = math::dropoutKeepScale(keep[j], rate, invKeep);
}

MTC_VECTOR_CLONES
math::SoftmaxState rowMaxAndSumExp(const float *row, int64_t n) {
  float m = -INFINITY;
  for (int64_t j = 0; j < n; ++j)
    m = m > row[j] ? m : row[j];
  return {m, math::laneSum(n, [&](int64_t j) { return math::expFast(row[j] - m); })};
}

MTC_VECTOR_CLONES
void probabilityRow(float *row, int64_t valid, int64_t n, float lse) {
  for (int64_t j = 0; j < valid; ++j)
    row[j] = math::softmaxProb(row[j], lse);
  for (int64_t j = valid; j < n; ++j)
    row[j] = 0.0f;
}

MTC_VECTOR_CLONES
void multiplyRow(const float *a, const float *b, float *out, int64_t n) {
  for (int64_t j = 0; j < n; ++j)
    out[j] = a[j] * b[j];
}

MTC_VECTOR_CLONES
float dotRow(const float *a, const float *b, int64_t n) {
  return math::laneSum(n, [&](int64_t j) { return a[j] * b[j]; });
}

MTC_VECTOR_CLONES
void softmaxBackwardRow(float *p, const float *g, const float *keep, int64_t n, float rowDot) {
  if (keep) {
    for (int64_t j = 0; j < n; ++j)
      p[j] = math::softmaxBackward(p[j], g[j] * keep[j], rowDot);
  } else {
    for (int64_t j = 0; j < n; ++j)
      p[j] = math::softmaxBackward(p[j], g[j], rowDot);
  }
}

} // namespace mtc::kernels::detail
