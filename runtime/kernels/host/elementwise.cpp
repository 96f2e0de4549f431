// Element-wise kernels: GeLU and its backward, the fused bias + GeLU, add,
// scale, rounding to the storage type, the bias add and its gradient; each
// also on 16-bit operands (host/typed_blocks.h).
#include "host/common.h"
#include "host/typed_blocks.h"
#include "kernels/kernels.h"
#include "kernels/math/gelu.h"
#include "kernels/math/precision.h"

#include <algorithm>
#include <vector>

namespace mtc::kernels {
namespace {

// Threads take blocks of detail::kBlock elements (host/common.h). The loops
// take no __restrict: an output may be its input (in place), which the
// vectorizer's run-time overlap check handles.

MTC_VECTOR_CLONES
void geluTanhBlock(const float *x, float *y, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    y[i] = math::gelu(x[i]);
}

MTC_VECTOR_CLONES
void geluTanhBackwardBlock(const float *x, const float *dy,
                           float *dx, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dx[i] = dy[i] * math::geluDerivative(x[i]);
}

// One row of the fused bias + GeLU: the bias add's sum, then the same GeLU.
MTC_VECTOR_CLONES
void biasGeluRow(const float *x, const float *bias, float *pre,
                 float *y, int64_t cols) {
  for (int64_t c = 0; c < cols; ++c) {
    const float p = x[c] + bias[c];
    pre[c] = p;
    y[c] = math::gelu(p);
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

// The exact GeLU and scale loops of the fp32 kernels, per block for the
// typed kernels (not cloned: neither are the fp32 loops).
void geluExactBlock(const float *x, float *y, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    y[i] = math::geluExact(x[i]);
}

void geluExactBackwardBlock(const float *x, const float *dy, float *dx, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dx[i] = dy[i] * math::geluExactDerivative(x[i]);
}

void scaleBlock(const float *x, float alpha, float *out, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    out[i] = x[i] * alpha;
}

// One row of the bias add.
MTC_VECTOR_CLONES
void biasAddRow(const float *x, const float *bias, float *y, int64_t cols) {
  for (int64_t c = 0; c < cols; ++c)
    y[c] = x[c] + bias[c];
}

using detail::forEachBlock;

// The typed element-wise kernels: the fp32 kernels' blocks on the same
// threads, each walked in pieces (host/typed_blocks.h) that run the fp32
// block routine.
template <size_t I, size_t O, class Fn>
void forEachTypedBlock(const In (&ins)[I], const Out (&outs)[O], int64_t n, const Fn &fn) {
  forEachBlock(n, [&](int64_t begin, int64_t len) {
    In bi[I];
    Out bo[O];
    for (size_t k = 0; k < I; ++k)
      bi[k] = ins[k].at(begin);
    for (size_t k = 0; k < O; ++k)
      bo[k] = outs[k].at(begin);
    detail::forEachTypedPiece(bi, bo, len, fn);
  });
}

// Columns of biasGrad a thread sums at a time.
constexpr int64_t kColumnChunk = 64;

// biasGrad's columns [c0, c0 + width): acc (the old dbias values, widened)
// plus every row's columns in order, each row widened as it is reached.
// Cloned as the conversions are (host/typed_blocks.h): widening is most of
// its work.
MTC_CONVERT_CLONES
void biasGradColumns(In dy, int64_t rows, int64_t cols, int64_t c0, int64_t width, float *acc) {
  float buf[kColumnChunk];
  for (int64_t r = 0; r < rows; ++r) {
    if (r + detail::kPrefetchRows < rows)
      detail::prefetch(dy.at((r + detail::kPrefetchRows) * cols + c0), width);
    const float *d = detail::widen(dy.at(r * cols + c0), width, buf);
    for (int64_t j = 0; j < width; ++j)
      acc[j] += d[j];
  }
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

// ---- on 16-bit operands ----

void geluForward(In x, Out y, int64_t n, bool exact) {
  if (detail::allF32(x, y))
    return geluForward(x.f32(), y.f32(), n, exact);
  detail::requireNonNegative("geluForward", "n", n);
  forEachTypedBlock({x}, {y}, n, [&](int64_t, const float *const *in, float *const *out,
                                     int64_t len) {
    if (exact)
      geluExactBlock(in[0], out[0], len);
    else
      geluTanhBlock(in[0], out[0], len);
  });
}

void geluBackward(In x, In dy, Out dx, int64_t n, bool exact) {
  if (detail::allF32(x, dy, dx))
    return geluBackward(x.f32(), dy.f32(), dx.f32(), n, exact);
  detail::requireNonNegative("geluBackward", "n", n);
  forEachTypedBlock({x, dy}, {dx}, n, [&](int64_t, const float *const *in,
                                          float *const *out, int64_t len) {
    if (exact)
      geluExactBackwardBlock(in[0], in[1], out[0], len);
    else
      geluTanhBackwardBlock(in[0], in[1], out[0], len);
  });
}

void add(In a, In b, Out out, int64_t n) {
  if (detail::allF32(a, b, out))
    return add(a.f32(), b.f32(), out.f32(), n);
  detail::requireNonNegative("add", "n", n);
  forEachTypedBlock({a, b}, {out}, n, [&](int64_t, const float *const *in, float *const *o,
                                          int64_t len) { addBlock(in[0], in[1], o[0], len); });
}

void scale(In x, float alpha, Out out, int64_t n) {
  if (detail::allF32(x, out))
    return scale(x.f32(), alpha, out.f32(), n);
  detail::requireNonNegative("scale", "n", n);
  forEachTypedBlock({x}, {out}, n, [&](int64_t, const float *const *in, float *const *o,
                                       int64_t len) { scaleBlock(in[0], alpha, o[0], len); });
}

// With every operand fp32 these are the fp32 kernels (there is no separate
// fp32 entry point).
void biasAdd(In x, In bias, Out y, int64_t rows, int64_t cols) {
  detail::requireNonNegative("biasAdd", "rows", rows);
  detail::requireNonNegative("biasAdd", "cols", cols);
  if (rows == 0 || cols == 0)
    return;
  std::vector<float> biasBuf;
  const float *b = detail::wideVector(bias, cols, biasBuf);
#pragma omp parallel if (rows * cols > detail::kParallelMinWork)
  {
    std::vector<float> xBuf(x.isF32() ? 0 : cols), yBuf(y.isF32() ? 0 : cols);
#pragma omp for schedule(static)
    for (int64_t r = 0; r < rows; ++r) {
      const float *xs = detail::widenBlock(x.at(r * cols), cols, xBuf.data());
      float *ys = detail::outBuffer(y.at(r * cols), yBuf.data());
      biasAddRow(xs, b, ys, cols);
      detail::narrowBlock(ys, y.at(r * cols), cols);
    }
  }
}

// dbias[c] += dy[0, c] + dy[1, c] + ... in row order, threads owning column
// chunks (the order per column does not depend on them).
void biasGrad(In dy, Out dbias, int64_t rows, int64_t cols) {
  detail::requireNonNegative("biasGrad", "rows", rows);
  detail::requireNonNegative("biasGrad", "cols", cols);
  const int64_t chunks = (cols + kColumnChunk - 1) / kColumnChunk;
#pragma omp parallel for schedule(static) if (rows * cols > detail::kParallelMinWork)
  for (int64_t c = 0; c < chunks; ++c) {
    const int64_t c0 = c * kColumnChunk, width = std::min(kColumnChunk, cols - c0);
    float acc[kColumnChunk];
    detail::widenIntoBlock(dbias.at(c0), width, acc);
    biasGradColumns(dy, rows, cols, c0, width, acc);
    detail::narrowBlock(acc, dbias.at(c0), width);
  }
}

} // namespace mtc::kernels
