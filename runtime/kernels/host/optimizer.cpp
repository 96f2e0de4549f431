// AdamW and the squared norm used by global gradient clipping.
#include "host/common.h"
#include "kernels/kernels.h"
#include "kernels/math/adamw.h"

#include <algorithm>
#include <cmath>

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

} // namespace

double sumSquares(const float *x, int64_t n) {
  detail::requireNonNegative("sumSquares", "n", n);
  double total = 0.0;
#pragma omp parallel for schedule(static) reduction(+ : total) if (n > detail::kParallelMinWork)
  for (int64_t i = 0; i < n; ++i)
    total += static_cast<double>(x[i]) * x[i];
  return total;
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
