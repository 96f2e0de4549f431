// Vocabulary-parallel cross-entropy in three pieces (row max, sum of exp and
// target logit, loss) so tensor-parallel ranks all-reduce scalars per row
// (max, then sum) instead of gathering logits.
#include "host/common.h"
#include "kernels/kernels.h"
#include "kernels/math/cross_entropy.h"
#include "kernels/math/fast_exp.h"
#include "kernels/math/lane_sum.h"

#include <algorithm>
#include <cmath>

namespace mtc::kernels {
namespace {

void checkShape(const char *kernel, int64_t N, int64_t V, int64_t validLocal) {
  detail::requireNonNegative(kernel, "N", N);
  detail::requireNonNegative(kernel, "V", V);
  detail::requireNonNegative(kernel, "validLocal", validLocal);
  if (validLocal > V)
    detail::fail(kernel, "validLocal " + std::to_string(validLocal) +
                             " exceeds the row width V " + std::to_string(V));
}

// Row loops cloned per ISA (host/common.h). Sums of exp use expFast (libm's
// scalar expf over every logit was the largest cost after the matrix products
// in a GPT-2 step) in laneSum's order, the same bits on every CPU.
MTC_VECTOR_CLONES
float maxOfRow(const float *row, int64_t n) {
  float m = -INFINITY; // a shard with no valid column leaves -inf
  for (int64_t v = 0; v < n; ++v)
    m = m < row[v] ? row[v] : m; // std::max's order: a NaN column is skipped
  return m;
}

MTC_VECTOR_CLONES
float rowSumExp(const float *row, int64_t n, float m) {
  return math::laneSum(n, [&](int64_t v) { return math::expFast(row[v] - m); });
}

// grad = expFast(row - m) * scale: math::crossEntropyGrad without the
// target's -1, which the caller applies.
MTC_VECTOR_CLONES
void rowScaledExp(const float *row, float *grad, int64_t n, float m, float scale) {
  for (int64_t v = 0; v < n; ++v)
    grad[v] = math::expFast(row[v] - m) * scale;
}

} // namespace

void crossEntropyRowMax(const float *logits, float *rowMax, int64_t N,
                        int64_t V, int64_t validLocal) {
  checkShape("crossEntropyRowMax", N, V, validLocal);
#pragma omp parallel for schedule(static) if (N * V > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n)
    rowMax[n] = maxOfRow(logits + n * V, validLocal);
}

void crossEntropySumExp(const float *logits, const int32_t *targets,
                        const float *rowMax, float *sumExp, float *targetLogit,
                        int64_t N, int64_t V, int64_t validLocal,
                        int64_t vocabStart) {
  checkShape("crossEntropySumExp", N, V, validLocal);
#pragma omp parallel for schedule(static) if (N * V > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n) {
    const float *row = logits + n * V;
    sumExp[n] = rowSumExp(row, validLocal, rowMax[n]);
    int64_t local =
        math::crossEntropyLocalTarget(targets[n], vocabStart, validLocal);
    targetLogit[n] = local >= 0 ? row[local] : 0.0f;
  }
}

double crossEntropyLoss(const int32_t *targets, const float *rowMax,
                        const float *sumExp, const float *targetLogit,
                        int64_t N, int64_t *count) {
  detail::requireNonNegative("crossEntropyLoss", "N", N);
  double total = 0.0;
  int64_t counted = 0;
  for (int64_t n = 0; n < N; ++n) {
    if (targets[n] < 0)
      continue;
    total += math::crossEntropyRowLoss(rowMax[n], sumExp[n], targetLogit[n]);
    ++counted;
  }
  if (count)
    *count = counted;
  return total;
}

void crossEntropyBackward(const float *logits, const int32_t *targets,
                          const float *rowMax, const float *sumExp,
                          float *dlogits, int64_t N, int64_t V,
                          int64_t validLocal, int64_t vocabStart,
                          float gradScale) {
  checkShape("crossEntropyBackward", N, V, validLocal);
#pragma omp parallel for schedule(static) if (N * V > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n) {
    const float *row = logits + n * V;
    float *grad = dlogits + n * V;
    if (targets[n] < 0) {
      std::fill(grad, grad + V, 0.0f);
      continue;
    }
    int64_t local =
        math::crossEntropyLocalTarget(targets[n], vocabStart, validLocal);
    rowScaledExp(row, grad, validLocal, rowMax[n], gradScale / sumExp[n]);
    if (local >= 0)
      grad[local] -= gradScale;
    std::fill(grad + validLocal, grad + V, 0.0f);
  }
}

} // namespace mtc::kernels
