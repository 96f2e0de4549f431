// Element-wise kernels: GeLU and its backward, the fused bias + GeLU, add,
// scale, rounding to the storage type.
#include "host/common.h"
#include "host/gelu_sigmoid.h"
#include "kernels/kernels.h"
#include "kernels/math/precision.h"

#include <algorithm>

namespace mtc::kernels {
namespace {

// Threads take contiguous blocks of this many elements (a multiple of every
// vector width) and run one vectorized loop over each. The loops take no
// __restrict: an output may be its input (in place), which the vectorizer's
// run-time overlap check handles.
constexpr int64_t kBlock = 1 << 14;

MTC_VECTOR_CLONES
void geluTanhBlock(const float *x, float *y, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    y[i] = detail::geluSigmoidForm(x[i]);
}

MTC_VECTOR_CLONES
void geluTanhBackwardBlock(const float *x, const float *dy,
                           float *dx, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dx[i] = dy[i] * detail::geluDerivativeSigmoidForm(x[i]);
}

// One row of the fused bias + GeLU: the bias add's sum, then the same GeLU.
MTC_VECTOR_CLONES
void biasGeluRow(const float *x, const float *bias, float *pre,
                 float *y, int64_t cols) {
  for (int64_t c = 0; c < cols; ++c) {
    const float p = x[c] + bias[c];
    pre[c] = p;
    y[c] = detail::geluSigmoidForm(p);
  }
}

MTC_VECTOR_CLONES
void roundToBf16Block(float *x, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    x[i] = bf16ToFloat(floatToBf16(x[i]));
}

MTC_VECTOR_CLONES
void addBlock(const float *a, const float *b, float *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    out[i] = a[i] + b[i];
}

MTC_VECTOR_CLONES
void squaredReluBlock(const float *x, float *y, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    y[i] = SquaredReluForward::at(x[i]);
}

MTC_VECTOR_CLONES
void squaredReluBackwardBlock(const float *x, const float *dy, float *dx, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dx[i] = SquaredReluBackward::at(x[i], dy[i]);
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

void SquaredReluForward::host(const SquaredReluForward &k) {
  detail::requireNonNegative("squaredReluForward", "n", k.n);
  forEachBlock(k.n, [&](int64_t i, int64_t len) { squaredReluBlock(k.x + i, k.y + i, len); });
}

void SquaredReluBackward::host(const SquaredReluBackward &k) {
  detail::requireNonNegative("squaredReluBackward", "n", k.n);
  forEachBlock(k.n, [&](int64_t i, int64_t len) {
    squaredReluBackwardBlock(k.x + i, k.dy + i, k.dx + i, len);
  });
}

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

void biasGeluForward(const float *x, const float *bias, float *pre, float *y, int64_t rows,
                     int64_t cols) {
  detail::requireNonNegative("biasGeluForward", "rows", rows);
  detail::requireNonNegative("biasGeluForward", "cols", cols);
#pragma omp parallel for schedule(static) if (rows * cols > detail::kParallelMinWork)
  for (int64_t r = 0; r < rows; ++r)
    biasGeluRow(x + r * cols, bias, pre + r * cols, y + r * cols, cols);
}

void add(const float *a, const float *b, float *out, int64_t n) {
  detail::requireNonNegative("add", "n", n);
  forEachBlock(n, [&](int64_t i, int64_t len) { addBlock(a + i, b + i, out + i, len); });
}

void roundToStorage(float *x, int64_t n, StorageType type) {
  detail::requireNonNegative("roundToStorage", "n", n);
  if (type == StorageType::BF16) {
    forEachBlock(n, [&](int64_t i, int64_t len) { roundToBf16Block(x + i, len); });
    return;
  }
  if (type == StorageType::FP16) {
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
    for (int64_t i = 0; i < n; ++i)
      x[i] = roundTo(type, x[i]);
  }
}

void scale(const float *x, float alpha, float *out, int64_t n) {
  detail::requireNonNegative("scale", "n", n);
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t i = 0; i < n; ++i)
    out[i] = x[i] * alpha;
}

} // namespace mtc::kernels
