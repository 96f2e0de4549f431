// Vocabulary-parallel cross-entropy in three pieces (row max, sum of exp and
// target logit, loss) so tensor-parallel ranks all-reduce scalars per row
// (max, then sum) instead of gathering logits.
//
// 16-bit logits (and dlogits), row by row on the thread that owns the row:
// bf16 rows through the row loops reading bf16, fp16 rows widened into an
// fp32 row of the thread's first; a 16-bit dlogits row is computed in fp32
// and rounded once. The bits of the fp32 kernels on widened logits; nothing
// [N, V] is ever widened (GPT-2's 50257-wide logits of 8192 tokens would take
// 1.6 GB in fp32).
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

// bf16 logits: the row loops above reading bf16 (widening is exact, so the
// same values in the same order: the same bits), in one pass.
const uint16_t *bf16Row(In logits, int64_t n, int64_t V) {
  return static_cast<const uint16_t *>(logits.data) + n * V;
}

// maxOfRow's result in 16 lanes (its one comparison chain took 1.5x the
// fp32 row's time when it widened too). maxOfRow gives the row's first
// element equal to the maximum (NaN skipped; -inf when none): every such
// element has the maximum's bits unless the maximum is zero, where the first
// zero's sign decides.
MTC_VECTOR_CLONES
float maxOfBf16Row(const uint16_t *row, int64_t n) {
  constexpr int kLanes = 16;
  float lanes[kLanes];
  for (int l = 0; l < kLanes; ++l)
    lanes[l] = -INFINITY;
  const int64_t full = n / kLanes * kLanes;
  for (int64_t j = 0; j < full; j += kLanes)
    for (int l = 0; l < kLanes; ++l) {
      const float x = bf16ToFloat(row[j + l]);
      lanes[l] = lanes[l] < x ? x : lanes[l];
    }
  for (int64_t j = full; j < n; ++j) {
    const float x = bf16ToFloat(row[j]);
    lanes[j - full] = lanes[j - full] < x ? x : lanes[j - full];
  }
  float m = -INFINITY;
  for (int l = 0; l < kLanes; ++l)
    m = m < lanes[l] ? lanes[l] : m;
  if (m == 0.0f)
    for (int64_t v = 0; v < n; ++v)
      if (bf16ToFloat(row[v]) == 0.0f)
        return bf16ToFloat(row[v]);
  return m;
}

MTC_VECTOR_CLONES
float bf16RowSumExp(const uint16_t *row, int64_t n, float m) {
  return math::laneSum(n, [&](int64_t v) { return math::expFast(bf16ToFloat(row[v]) - m); });
}

MTC_VECTOR_CLONES
void bf16RowScaledExp(const uint16_t *row, float *grad, int64_t n, float m, float scale) {
  for (int64_t v = 0; v < n; ++v)
    grad[v] = math::expFast(bf16ToFloat(row[v]) - m) * scale;
}

// The same, rounded to bf16.
MTC_VECTOR_CLONES
void bf16RowScaledExpToBf16(const uint16_t *row, uint16_t *grad, int64_t n, float m,
                            float scale) {
  for (int64_t v = 0; v < n; ++v)
    grad[v] = floatToBf16(math::expFast(bf16ToFloat(row[v]) - m) * scale);
}

// Other 16-bit logits: row n's first `cols` logits widened into `wide`.
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
  const bool bf16 = logits.type == StorageType::BF16;
#pragma omp parallel if (N * V > detail::kParallelMinWork)
  {
    std::vector<float> wide(bf16 ? 0 : validLocal);
#pragma omp for schedule(static)
    for (int64_t n = 0; n < N; ++n)
      rowMax[n] = bf16 ? maxOfBf16Row(bf16Row(logits, n, V), validLocal)
                       : maxOfRow(wideRow(logits, n, V, validLocal, wide), validLocal);
  }
}

void crossEntropySumExp(In logits, const int32_t *targets, const float *rowMax, float *sumExp,
                        float *targetLogit, int64_t N, int64_t V, int64_t validLocal,
                        int64_t vocabStart) {
  if (logits.isF32())
    return crossEntropySumExp(logits.f32(), targets, rowMax, sumExp, targetLogit, N, V,
                              validLocal, vocabStart);
  checkShape("crossEntropySumExp", N, V, validLocal);
  const bool bf16 = logits.type == StorageType::BF16;
#pragma omp parallel if (N * V > detail::kParallelMinWork)
  {
    std::vector<float> wide(bf16 ? 0 : validLocal);
#pragma omp for schedule(static)
    for (int64_t n = 0; n < N; ++n) {
      int64_t local = math::crossEntropyLocalTarget(targets[n], vocabStart, validLocal);
      if (bf16) {
        const uint16_t *row = bf16Row(logits, n, V);
        sumExp[n] = bf16RowSumExp(row, validLocal, rowMax[n]);
        targetLogit[n] = local >= 0 ? bf16ToFloat(row[local]) : 0.0f;
      } else {
        const float *row = wideRow(logits, n, V, validLocal, wide);
        sumExp[n] = rowSumExp(row, validLocal, rowMax[n]);
        targetLogit[n] = local >= 0 ? row[local] : 0.0f;
      }
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
  // bf16 logits into fp32 or bf16 dlogits in one pass; the rest through
  // fp32 rows.
  const bool bf16 = logits.type == StorageType::BF16 && dlogits.type != StorageType::FP16;
#pragma omp parallel if (N * V > detail::kParallelMinWork)
  {
    std::vector<float> wide(logits.isF32() || bf16 ? 0 : validLocal),
        wideGrad(dlogits.isF32() || bf16 ? 0 : validLocal);
#pragma omp for schedule(static)
    for (int64_t n = 0; n < N; ++n) {
      Out out = dlogits.at(n * V);
      if (targets[n] < 0) { // +0 has all bits clear in every type
        std::memset(out.data, 0, V * bytes);
        continue;
      }
      int64_t local = math::crossEntropyLocalTarget(targets[n], vocabStart, validLocal);
      const float m = rowMax[n], scale = gradScale / sumExp[n];
      if (bf16 && !dlogits.isF32()) {
        const uint16_t *row = bf16Row(logits, n, V);
        auto *grad = static_cast<uint16_t *>(out.data);
        bf16RowScaledExpToBf16(row, grad, validLocal, m, scale);
        if (local >= 0) // the fp32 row's value, its target's 1 taken off, rounded once
          grad[local] =
              floatToBf16(math::expFast(bf16ToFloat(row[local]) - m) * scale - gradScale);
      } else {
        float *grad = dlogits.isF32() ? out.f32() : wideGrad.data();
        if (bf16)
          bf16RowScaledExp(bf16Row(logits, n, V), grad, validLocal, m, scale);
        else
          rowScaledExp(wideRow(logits, n, V, validLocal, wide), grad, validLocal, m, scale);
        if (local >= 0)
          grad[local] -= gradScale;
        if (!dlogits.isF32())
          detail::convertRow(grad, out, validLocal);
      }
      std::memset(out.at(validLocal).data, 0, (V - validLocal) * bytes);
    }
  }
}

} // namespace mtc::kernels
