// AdamW and the squared norm used by global gradient clipping.
#include "host/common.h"
#include "kernels/kernels.h"
#include "kernels/math/adamw.h"
#include "kernels/math/lane_sum.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace mtc::kernels {
namespace {

// One thread's block of the update, vectorized (sqrtps and divps round as
// sqrtf and / do, so every version gives the scalar loop's bits).
MTC_VECTOR_CLONES
void adamwBlock(const math::AdamWCoefficients &c, float *__restrict param,
                const float *__restrict grad, float *__restrict m, float *__restrict v,
                int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    math::adamwElement(c, param[i], grad[i], m[i], v[i]);
}

// The squares of one block summed in double in 8 lanes (math::laneSum's
// order): vectorized, and the same bits on every ISA.
MTC_VECTOR_CLONES
double sumSquaresBlock(const float *x, int64_t n) {
  return math::laneSum<double, 8>(n, [&](int64_t i) { return static_cast<double>(x[i]) * x[i]; });
}

} // namespace

double sumSquares(const float *x, int64_t n) {
  detail::requireNonNegative("sumSquares", "n", n);
  // Fixed blocks whose sums are added in block order: the result does not
  // depend on the thread count (an OpenMP reduction's would). The partials
  // buffer is reused from call to call.
  constexpr int64_t kBlock = 1 << 16;
  const int64_t blocks = (n + kBlock - 1) / kBlock;
  thread_local std::vector<double> partial;
  if (partial.size() < static_cast<size_t>(blocks))
    partial.resize(blocks);
  double *sums = partial.data();
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t b = 0; b < blocks; ++b)
    sums[b] = sumSquaresBlock(x + b * kBlock, std::min(kBlock, n - b * kBlock));
  double total = 0.0;
  for (int64_t b = 0; b < blocks; ++b)
    total += sums[b];
  return total;
}

bool hasNonFinite(const float *x, int64_t n) {
  // A sum is inf/NaN when any term is; one branch-free pass (x - x is 0 for
  // finite x and NaN for inf or NaN).
  float acc = 0.0f;
  for (int64_t i = 0; i < n; ++i)
    acc += x[i] - x[i];
  return acc != 0.0f;
}

void adamw(const AdamWStep &s, float *param, const float *grad, float *m,
           float *v, int64_t n) {
  detail::requireNonNegative("adamw", "n", n);
  if (s.step < 1)
    detail::fail("adamw", "step is 1-based and must be >= 1 (got " +
                              std::to_string(s.step) + ")");
  math::AdamWCoefficients c;
  c.lr = s.lr;
  c.beta1 = s.beta1;
  c.beta2 = s.beta2;
  c.eps = s.eps;
  c.weightDecay = s.weightDecay;
  c.gradScale = s.gradScale;
  // In double: beta2^step for large steps underflows its precision in float.
  c.biasCorrection1 =
      static_cast<float>(1.0 - std::pow(static_cast<double>(s.beta1), s.step));
  c.biasCorrection2 =
      static_cast<float>(1.0 - std::pow(static_cast<double>(s.beta2), s.step));
  const int64_t kBlock = 1 << 14;
  const int64_t blocks = (n + kBlock - 1) / kBlock;
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t b = 0; b < blocks; ++b) {
    const int64_t i = b * kBlock, len = std::min(kBlock, n - i);
    adamwBlock(c, param + i, grad + i, m + i, v + i, len);
  }
}

} // namespace mtc::kernels
