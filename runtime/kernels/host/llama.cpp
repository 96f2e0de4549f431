// The LLaMA family's kernels: RMSNorm, rotary position embeddings on packed
// QKV, SwiGLU. The arithmetic is math/llama.h (shared with the GPU); these
// loops only walk rows and threads.
#include "host/common.h"
#include "host/typed_blocks.h"
#include "kernels/kernels.h"
#include "kernels/math/llama.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace mtc::kernels {
namespace {

void checkRmsNorm(const char *kernel, int64_t N, int64_t H, float eps) {
  detail::requireNonNegative(kernel, "N", N);
  detail::requirePositive(kernel, "H", H);
  if (!(eps >= 0.0f))
    detail::fail(kernel, "eps must be >= 0 (got " + std::to_string(eps) + ")");
}

// One row each, shared by the fp32 kernels and those on 16-bit operands.
void rmsForwardRow(const float *xr, const float *gamma, float *yr, int64_t H, float eps) {
  float rstd = math::rmsNormRowRstd(xr, H, eps);
  for (int64_t h = 0; h < H; ++h)
    yr[h] = math::rmsNormForwardElement(xr[h], rstd, gamma[h]);
}

void rmsBackwardInputRow(const float *xr, const float *gamma, const float *dyr, float *dxr,
                         int64_t H, float eps) {
  float rstd = math::rmsNormRowRstd(xr, H, eps);
  float mean = math::rmsNormRowBackwardMean(xr, gamma, dyr, H, rstd);
  for (int64_t h = 0; h < H; ++h)
    dxr[h] = math::rmsNormBackwardElement(xr[h], gamma[h], dyr[h], rstd, mean);
}

// Columns of the weight gradient a thread sums at a time.
constexpr int64_t kColumnChunk = 64;

// Elements of a SwiGLU block on 16-bit operands (threads take whole blocks).
constexpr int64_t kBlock = 1 << 14;

// rmsNormBackwardWeight's column sums on 16-bit operands: each row's columns
// [h0, h0 + w) widened as the rows are walked, the same terms added into
// acc (zeroed by the caller). Cloned as the conversions are
// (host/typed_blocks.h): the widening is most of its work.
MTC_CONVERT_CLONES
void rmsWeightColumnsTyped(In x, In dy, const float *rstd, int64_t N, int64_t H, int64_t h0,
                           int64_t w, float *acc) {
  float xBuf[kColumnChunk], dyBuf[kColumnChunk];
  for (int64_t n = 0; n < N; ++n) {
    if (n + detail::kPrefetchRows < N) {
      detail::prefetch(x.at((n + detail::kPrefetchRows) * H + h0), w);
      detail::prefetch(dy.at((n + detail::kPrefetchRows) * H + h0), w);
    }
    const float *xr = detail::widen(x.at(n * H + h0), w, xBuf);
    const float *dyr = detail::widen(dy.at(n * H + h0), w, dyBuf);
    for (int64_t h = 0; h < w; ++h)
      acc[h] += math::rmsNormWeightGradTerm(xr[h], dyr[h], rstd[n]);
  }
}

// One packed QKV row of rotary: q and k slots turned by the angles of the
// row's position, v slots copied (in == out is allowed).
void rotaryRow(const float *x, float *y, const math::RotaryAngle *a, int64_t slots,
               int64_t group, int64_t headDim) {
  const int64_t half = headDim / 2;
  for (int64_t slot = 0; slot < slots; ++slot) {
    const float *in = x + slot * headDim;
    float *out = y + slot * headDim;
    if (!math::qkvSlotIsRotated(slot, group)) {
      if (in != out)
        std::copy(in, in + headDim, out);
      continue;
    }
    for (int64_t i = 0; i < half; ++i) {
      float lo = in[i], hi = in[i + half];
      math::rotaryPair(lo, hi, a[i]);
      out[i] = lo, out[i + half] = hi;
    }
  }
}

// rotary's checks and its table of angles: every head and sample at
// position p turns by the same angles (row p of the table).
std::vector<math::RotaryAngle> rotaryAngles(const RotaryShape &r) {
  const char *kernel = "rotary";
  detail::requireNonNegative(kernel, "batch", r.batch);
  detail::requireNonNegative(kernel, "seq", r.seq);
  detail::requireHeadGroups(kernel, r.heads, r.kvHeads, r.headDim);
  if (r.headDim % 2 != 0)
    detail::fail(kernel, "headDim must be even (got " + std::to_string(r.headDim) + ")");
  if (!(r.theta > 0.0) || !std::isfinite(r.theta))
    detail::fail(kernel, "theta must be a positive number (got " + std::to_string(r.theta) + ")");
  detail::requireNonNegative(kernel, "position", r.position);
  int64_t half = r.headDim / 2;
  std::vector<math::RotaryAngle> angles(r.seq * half);
  for (int64_t p = 0; p < r.seq; ++p)
    for (int64_t i = 0; i < half; ++i)
      angles[p * half + i] =
          math::rotaryAngle(r.position + p, i, r.headDim, r.theta, r.inverse);
  return angles;
}

void swigluBlock(const float *gate, const float *up, float *y, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    y[i] = math::swiglu(gate[i], up[i]);
}

void swigluBackwardBlock(const float *gate, const float *up, const float *dy, float *dgate,
                         float *dup, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    math::SwigluGrad g = math::swigluGrad(gate[i], up[i], dy[i]);
    dgate[i] = g.dgate, dup[i] = g.dup;
  }
}

} // namespace

void rmsNormForward(const float *x, const float *gamma, float *y, int64_t N, int64_t H,
                    float eps) {
  checkRmsNorm("rmsNormForward", N, H, eps);
#pragma omp parallel for schedule(static) if (N * H > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n)
    rmsForwardRow(x + n * H, gamma, y + n * H, H, eps);
}

void rmsNormBackwardInput(const float *x, const float *gamma, const float *dy, float *dx,
                          int64_t N, int64_t H, float eps) {
  checkRmsNorm("rmsNormBackwardInput", N, H, eps);
#pragma omp parallel for schedule(static) if (N * H > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n)
    rmsBackwardInputRow(x + n * H, gamma, dy + n * H, dx + n * H, H, eps);
}

// As layerNormBackwardWeight: row statistics first, then threads own column
// chunks and sum over rows in order, so the result does not depend on the
// thread count.
void rmsNormBackwardWeight(const float *x, const float *dy, float *dgamma, int64_t N,
                           int64_t H, float eps) {
  checkRmsNorm("rmsNormBackwardWeight", N, H, eps);
  std::vector<float> rstd(N);
  bool parallel = N * H > detail::kParallelMinWork;
#pragma omp parallel if (parallel)
  {
#pragma omp for schedule(static)
    for (int64_t n = 0; n < N; ++n)
      rstd[n] = math::rmsNormRowRstd(x + n * H, H, eps);
    int64_t chunks = (H + kColumnChunk - 1) / kColumnChunk;
#pragma omp for schedule(static)
    for (int64_t c = 0; c < chunks; ++c) {
      int64_t h0 = c * kColumnChunk, h1 = std::min(H, h0 + kColumnChunk);
      float acc[kColumnChunk] = {};
      for (int64_t n = 0; n < N; ++n) {
        const float *xr = x + n * H, *dyr = dy + n * H;
        for (int64_t h = h0; h < h1; ++h)
          acc[h - h0] += math::rmsNormWeightGradTerm(xr[h], dyr[h], rstd[n]);
      }
      for (int64_t h = h0; h < h1; ++h)
        dgamma[h] += acc[h - h0];
    }
  }
}

void rotary(const RotaryShape &r, const float *x, float *y) {
  std::vector<math::RotaryAngle> angles = rotaryAngles(r);
  int64_t kvHeads = r.kvHeads ? r.kvHeads : r.heads;
  int64_t half = r.headDim / 2, group = r.heads / kvHeads;
  int64_t slots = r.heads + 2 * kvHeads;
  int64_t width = math::qkvRowWidth(r.heads, kvHeads, r.headDim);
  int64_t rows = r.batch * r.seq;
#pragma omp parallel for schedule(static) if (rows * width > detail::kParallelMinWork)
  for (int64_t row = 0; row < rows; ++row)
    rotaryRow(x + row * width, y + row * width, angles.data() + (row % r.seq) * half, slots,
              group, r.headDim);
}

void swigluForward(const float *gate, const float *up, float *y, int64_t n) {
  detail::requireNonNegative("swigluForward", "n", n);
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t i = 0; i < n; ++i)
    y[i] = math::swiglu(gate[i], up[i]);
}

void swigluBackward(const float *gate, const float *up, const float *dy, float *dgate,
                    float *dup, int64_t n) {
  detail::requireNonNegative("swigluBackward", "n", n);
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t i = 0; i < n; ++i) {
    math::SwigluGrad g = math::swigluGrad(gate[i], up[i], dy[i]);
    dgate[i] = g.dgate, dup[i] = g.dup;
  }
}

// ---- on 16-bit operands: the same rows (blocks for SwiGLU) on the same
// threads, each widened into a per-thread buffer and its outputs rounded ----

void rmsNormForward(In x, In gamma, Out y, int64_t N, int64_t H, float eps) {
  if (detail::allF32(x, gamma, y))
    return rmsNormForward(x.f32(), gamma.f32(), y.f32(), N, H, eps);
  checkRmsNorm("rmsNormForward", N, H, eps);
  std::vector<float> gammaBuf;
  const float *g = detail::wideVector(gamma, H, gammaBuf);
  detail::forEachTypedRow({x}, y, N, H, [&](const float *const *in, float *out) {
    rmsForwardRow(in[0], g, out, H, eps);
  });
}

void rmsNormBackwardInput(In x, In gamma, In dy, Out dx, int64_t N, int64_t H, float eps) {
  if (detail::allF32(x, gamma, dy, dx))
    return rmsNormBackwardInput(x.f32(), gamma.f32(), dy.f32(), dx.f32(), N, H, eps);
  checkRmsNorm("rmsNormBackwardInput", N, H, eps);
  std::vector<float> gammaBuf;
  const float *g = detail::wideVector(gamma, H, gammaBuf);
  detail::forEachTypedRow({x, dy}, dx, N, H, [&](const float *const *in, float *out) {
    rmsBackwardInputRow(in[0], g, in[1], out, H, eps);
  });
}

void rmsNormBackwardWeight(In x, In dy, Out dgamma, int64_t N, int64_t H, float eps) {
  if (detail::allF32(x, dy, dgamma))
    return rmsNormBackwardWeight(x.f32(), dy.f32(), dgamma.f32(), N, H, eps);
  checkRmsNorm("rmsNormBackwardWeight", N, H, eps);
  std::vector<float> rstd(N);
  bool parallel = N * H > detail::kParallelMinWork;
#pragma omp parallel if (parallel)
  {
    std::vector<float> xBuf(H);
#pragma omp for schedule(static)
    for (int64_t n = 0; n < N; ++n)
      rstd[n] = math::rmsNormRowRstd(detail::widenBlock(x.at(n * H), H, xBuf.data()), H, eps);
    int64_t chunks = (H + kColumnChunk - 1) / kColumnChunk;
#pragma omp for schedule(static)
    for (int64_t c = 0; c < chunks; ++c) {
      int64_t h0 = c * kColumnChunk, w = std::min(H, h0 + kColumnChunk) - h0;
      float acc[kColumnChunk] = {};
      rmsWeightColumnsTyped(x, dy, rstd.data(), N, H, h0, w, acc);
      detail::accumulateBlock(acc, dgamma.at(h0), w);
    }
  }
}

void rotary(const RotaryShape &r, In x, Out y) {
  if (detail::allF32(x, y))
    return rotary(r, x.f32(), y.f32());
  std::vector<math::RotaryAngle> angles = rotaryAngles(r);
  int64_t kvHeads = r.kvHeads ? r.kvHeads : r.heads;
  int64_t half = r.headDim / 2, group = r.heads / kvHeads;
  int64_t slots = r.heads + 2 * kvHeads;
  int64_t width = math::qkvRowWidth(r.heads, kvHeads, r.headDim);
  int64_t rows = r.batch * r.seq;
#pragma omp parallel if (rows * width > detail::kParallelMinWork)
  {
    std::vector<float> xBuf(width), yBuf(width);
#pragma omp for schedule(static)
    for (int64_t row = 0; row < rows; ++row) {
      const float *xr = detail::widenBlock(x.at(row * width), width, xBuf.data());
      float *yr = detail::outBuffer(y.at(row * width), yBuf.data());
      rotaryRow(xr, yr, angles.data() + (row % r.seq) * half, slots, group, r.headDim);
      detail::narrowBlock(yr, y.at(row * width), width);
    }
  }
}

void swigluForward(In gate, In up, Out y, int64_t n) {
  if (detail::allF32(gate, up, y))
    return swigluForward(gate.f32(), up.f32(), y.f32(), n);
  detail::requireNonNegative("swigluForward", "n", n);
  const int64_t blocks = (n + kBlock - 1) / kBlock;
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t b = 0; b < blocks; ++b) {
    const int64_t begin = b * kBlock;
    detail::forEachTypedPiece({gate.at(begin), up.at(begin)}, {y.at(begin)},
                              std::min(kBlock, n - begin),
                              [](int64_t, const float *const *in, float *const *out,
                                 int64_t len) { swigluBlock(in[0], in[1], out[0], len); });
  }
}

void swigluBackward(In gate, In up, In dy, Out dgate, Out dup, int64_t n) {
  if (detail::allF32(gate, up, dy, dgate, dup))
    return swigluBackward(gate.f32(), up.f32(), dy.f32(), dgate.f32(), dup.f32(), n);
  detail::requireNonNegative("swigluBackward", "n", n);
  const int64_t blocks = (n + kBlock - 1) / kBlock;
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t b = 0; b < blocks; ++b) {
    const int64_t begin = b * kBlock;
    detail::forEachTypedPiece(
        {gate.at(begin), up.at(begin), dy.at(begin)}, {dgate.at(begin), dup.at(begin)},
        std::min(kBlock, n - begin),
        [](int64_t, const float *const *in, float *const *out, int64_t len) {
          swigluBackwardBlock(in[0], in[1], in[2], out[0], out[1], len);
        });
  }
}

} // namespace mtc::kernels
