// Vocabulary-parallel cross-entropy in three pieces (row max, sum of exp and
// target logit, loss) so tensor-parallel ranks all-reduce scalars per row
// (max, then sum) instead of gathering logits.
#include "host/common.h"
#include "kernels/kernels.h"
#include "kernels/math/cross_entropy.h"
#include "kernels/math/fast_exp.h"

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

} // namespace

void crossEntropyRowMax(const float *logits, float *rowMax, int64_t N,
                        int64_t V, int64_t validLocal) {
  checkShape("crossEntropyRowMax", N, V, validLocal);
#pragma omp parallel for schedule(static) if (N * V > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n) {
    const float *row = logits + n * V;
    float m = -INFINITY; // a shard with no valid column leaves -inf
#pragma omp simd reduction(max : m)
    for (int64_t v = 0; v < validLocal; ++v)
      m = std::max(m, row[v]);
    rowMax[n] = m;
  }
}

void crossEntropySumExp(const float *logits, const int32_t *targets,
                        const float *rowMax, float *sumExp, float *targetLogit,
                        int64_t N, int64_t V, int64_t validLocal,
                        int64_t vocabStart) {
  checkShape("crossEntropySumExp", N, V, validLocal);
#pragma omp parallel for schedule(static) if (N * V > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n) {
    const float *row = logits + n * V;
    float m = rowMax[n], sum = 0.0f;
    // expFast and a vector reduction: libm's scalar expf over every logit was
    // the largest cost after the matrix products in a gpt2 step (perf).
#pragma omp simd reduction(+ : sum)
    for (int64_t v = 0; v < validLocal; ++v)
      sum += math::expFast(row[v] - m);
    sumExp[n] = sum;
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
    // math::crossEntropyGrad, vectorized: the softmax with expFast (as in the
    // sum above) and the target's -1 applied after the loop.
    const float m = rowMax[n], scale = gradScale / sumExp[n];
#pragma omp simd
    for (int64_t v = 0; v < validLocal; ++v)
      grad[v] = math::expFast(row[v] - m) * scale;
    if (local >= 0)
      grad[local] -= gradScale;
    std::fill(grad + validLocal, grad + V, 0.0f);
  }
}

} // namespace mtc::kernels
