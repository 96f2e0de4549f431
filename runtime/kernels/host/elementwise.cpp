// Element-wise kernels: GeLU and its backward, add, scale.
#include "host/common.h"
#include "host/gelu_sigmoid.h"
#include "kernels/kernels.h"

#include <algorithm>

namespace mtc::kernels {
namespace {

// Threads take contiguous blocks of this many elements (a multiple of every
// vector width) and run one vectorized loop over each.
constexpr int64_t kBlock = 1 << 14;

MTC_VECTOR_CLONES
void geluTanhBlock(const float *__restrict x, float *__restrict y, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    y[i] = detail::geluSigmoidForm(x[i]);
}

MTC_VECTOR_CLONES
void geluTanhBackwardBlock(const float *__restrict x, const float *__restrict dy,
                           float *__restrict dx, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dx[i] = dy[i] * detail::geluDerivativeSigmoidForm(x[i]);
}

MTC_VECTOR_CLONES
void addBlock(const float *a, const float *b, float *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    out[i] = a[i] + b[i];
}

// fn(begin, length) over [0, n) in kBlock pieces, on the kernels' threads
// when n is large enough to pay for the fork.
template <class Fn>
void forEachBlock(int64_t n, Fn &&fn) {
  const int64_t blocks = (n + kBlock - 1) / kBlock;
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t b = 0; b < blocks; ++b)
    fn(b * kBlock, std::min(kBlock, n - b * kBlock));
}

} // namespace

void geluForward(const float *x, float *y, int64_t n, bool exact) {
  detail::requireNonNegative("geluForward", "n", n);
  if (!exact) {
    forEachBlock(n, [&](int64_t i, int64_t len) { geluTanhBlock(x + i, y + i, len); });
    return;
  }
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t i = 0; i < n; ++i)
    y[i] = math::geluExact(x[i]);
}

void geluBackward(const float *x, const float *dy, float *dx, int64_t n, bool exact) {
  detail::requireNonNegative("geluBackward", "n", n);
  if (!exact) {
    forEachBlock(n, [&](int64_t i, int64_t len) {
      geluTanhBackwardBlock(x + i, dy + i, dx + i, len);
    });
    return;
  }
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t i = 0; i < n; ++i)
    dx[i] = dy[i] * math::geluExactDerivative(x[i]);
}

void add(const float *a, const float *b, float *out, int64_t n) {
  detail::requireNonNegative("add", "n", n);
  // out may alias a or b (accumulating a gradient in place): no __restrict.
  forEachBlock(n, [&](int64_t i, int64_t len) { addBlock(a + i, b + i, out + i, len); });
}

void scale(const float *x, float alpha, float *out, int64_t n) {
  detail::requireNonNegative("scale", "n", n);
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t i = 0; i < n; ++i)
    out[i] = x[i] * alpha;
}

} // namespace mtc::kernels
