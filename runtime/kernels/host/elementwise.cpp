// Element-wise kernels: GeLU and its backward, add, scale.
#include "host/common.h"
#include "kernels/kernels.h"
#include "kernels/math/gelu.h"

namespace mtc::kernels {

void geluForward(const float *x, float *y, int64_t n, bool exact) {
  detail::requireNonNegative("geluForward", "n", n);
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t i = 0; i < n; ++i)
    y[i] = math::gelu(x[i], exact);
}

void geluBackward(const float *x, const float *dy, float *dx, int64_t n, bool exact) {
  detail::requireNonNegative("geluBackward", "n", n);
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t i = 0; i < n; ++i)
    dx[i] = dy[i] * math::geluDerivative(x[i], exact);
}

void add(const float *a, const float *b, float *out, int64_t n) {
  detail::requireNonNegative("add", "n", n);
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t i = 0; i < n; ++i)
    out[i] = a[i] + b[i];
}

void scale(const float *x, float alpha, float *out, int64_t n) {
  detail::requireNonNegative("scale", "n", n);
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t i = 0; i < n; ++i)
    out[i] = x[i] * alpha;
}

} // namespace mtc::kernels
