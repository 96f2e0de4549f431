// AdamW and the squared norm used by global gradient clipping.
#include "host/common.h"
#include "kernels/kernels.h"
#include "kernels/math/adamw.h"

#include <cmath>

namespace mtc::kernels {

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
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t i = 0; i < n; ++i)
    math::adamwElement(c, param[i], grad[i], m[i], v[i]);
}

} // namespace mtc::kernels
