// Vocabulary-parallel cross-entropy in three pieces (row max, sum of exp and
// target logit, loss) so tensor-parallel ranks all-reduce scalars per row
// (max, then sum) instead of gathering logits.
//
// 16-bit logits (and dlogits): the thread that owns a row widens it into an
// fp32 row of its own and runs the fp32 row loops on it (the bits of the fp32
// kernels on widened logits); a 16-bit dlogits row is computed in fp32 and
// rounded once. Nothing [N, V] is ever widened: GPT-2's 50257-wide logits of
// 8192 tokens would take 1.6 GB in fp32.
#include "host/common.h"
#include "host/typed_rows.h"
#include "kernels/kernels.h"
#include "kernels/math/cross_entropy.h"
#include "kernels/math/fast_exp.h"
#include "kernels/math/lane_sum.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

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

namespace {

// Row n's first `cols` logits in fp32: the row itself, or widened into `wide`.
const float *wideRow(In logits, int64_t n, int64_t V, int64_t cols, std::vector<float> &wide) {
  if (logits.isF32())
    return logits.f32() + n * V;
  detail::convertRow(logits.at(n * V), wide.data(), cols);
  return wide.data();
}

} // namespace

void crossEntropyRowMax(In logits, float *rowMax, int64_t N, int64_t V, int64_t validLocal) {
  if (logits.isF32())
    return crossEntropyRowMax(logits.f32(), rowMax, N, V, validLocal);
  checkShape("crossEntropyRowMax", N, V, validLocal);
#pragma omp parallel if (N * V > detail::kParallelMinWork)
  {
    std::vector<float> wide(validLocal);
#pragma omp for schedule(static)
    for (int64_t n = 0; n < N; ++n)
      rowMax[n] = maxOfRow(wideRow(logits, n, V, validLocal, wide), validLocal);
  }
}

void crossEntropySumExp(In logits, const int32_t *targets, const float *rowMax, float *sumExp,
                        float *targetLogit, int64_t N, int64_t V, int64_t validLocal,
                        int64_t vocabStart) {
  if (logits.isF32())
    return crossEntropySumExp(logits.f32(), targets, rowMax, sumExp, targetLogit, N, V,
                              validLocal, vocabStart);
  checkShape("crossEntropySumExp", N, V, validLocal);
#pragma omp parallel if (N * V > detail::kParallelMinWork)
  {
    std::vector<float> wide(validLocal);
#pragma omp for schedule(static)
    for (int64_t n = 0; n < N; ++n) {
      const float *row = wideRow(logits, n, V, validLocal, wide);
      sumExp[n] = rowSumExp(row, validLocal, rowMax[n]);
      int64_t local = math::crossEntropyLocalTarget(targets[n], vocabStart, validLocal);
      targetLogit[n] = local >= 0 ? row[local] : 0.0f;
    }
  }
}

void crossEntropyBackward(In logits, const int32_t *targets, const float *rowMax,
                          const float *sumExp, Out dlogits, int64_t N, int64_t V,
                          int64_t validLocal, int64_t vocabStart, float gradScale) {
  if (logits.isF32() && dlogits.isF32())
    return crossEntropyBackward(logits.f32(), targets, rowMax, sumExp, dlogits.f32(), N, V,
                                validLocal, vocabStart, gradScale);
  checkShape("crossEntropyBackward", N, V, validLocal);
  const int64_t bytes = storageBytes(dlogits.type);
#pragma omp parallel if (N * V > detail::kParallelMinWork)
  {
    std::vector<float> wide(logits.isF32() ? 0 : validLocal),
        wideGrad(dlogits.isF32() ? 0 : validLocal);
#pragma omp for schedule(static)
    for (int64_t n = 0; n < N; ++n) {
      Out out = dlogits.at(n * V);
      if (targets[n] < 0) { // +0 has all bits clear in every type
        std::memset(out.data, 0, V * bytes);
        continue;
      }
      const float *row = wideRow(logits, n, V, validLocal, wide);
      float *grad = dlogits.isF32() ? out.f32() : wideGrad.data();
      int64_t local = math::crossEntropyLocalTarget(targets[n], vocabStart, validLocal);
      rowScaledExp(row, grad, validLocal, rowMax[n], gradScale / sumExp[n]);
      if (local >= 0)
        grad[local] -= gradScale;
      if (!dlogits.isF32())
        detail::convertRow(grad, out, validLocal);
      std::memset(out.at(validLocal).data, 0, (V - validLocal) * bytes);
    }
  }
}

} // namespace mtc::kernels
