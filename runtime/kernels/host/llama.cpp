// The LLaMA family's kernels: RMSNorm, rotary position embeddings on packed
// QKV, SwiGLU. The arithmetic is math/llama.h (shared with the GPU); these
// loops only walk rows and threads.
#include "host/common.h"
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

} // namespace

void rmsNormForward(const float *x, const float *gamma, float *y, int64_t N, int64_t H,
                    float eps) {
  checkRmsNorm("rmsNormForward", N, H, eps);
#pragma omp parallel for schedule(static) if (N * H > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n) {
    const float *xr = x + n * H;
    float *yr = y + n * H;
    float rstd = math::rmsNormRowRstd(xr, H, eps);
    for (int64_t h = 0; h < H; ++h)
      yr[h] = math::rmsNormForwardElement(xr[h], rstd, gamma[h]);
  }
}

void rmsNormBackwardInput(const float *x, const float *gamma, const float *dy, float *dx,
                          int64_t N, int64_t H, float eps) {
  checkRmsNorm("rmsNormBackwardInput", N, H, eps);
#pragma omp parallel for schedule(static) if (N * H > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n) {
    const float *xr = x + n * H, *dyr = dy + n * H;
    float *dxr = dx + n * H;
    float rstd = math::rmsNormRowRstd(xr, H, eps);
    float mean = math::rmsNormRowBackwardMean(xr, gamma, dyr, H, rstd);
    for (int64_t h = 0; h < H; ++h)
      dxr[h] = math::rmsNormBackwardElement(xr[h], gamma[h], dyr[h], rstd, mean);
  }
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
    const int64_t kColumnChunk = 64;
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
  const char *kernel = "rotary";
  detail::requireNonNegative(kernel, "batch", r.batch);
  detail::requireNonNegative(kernel, "seq", r.seq);
  detail::requireHeadGroups(kernel, r.heads, r.kvHeads, r.headDim);
  int64_t kvHeads = r.kvHeads ? r.kvHeads : r.heads;
  if (r.headDim % 2 != 0)
    detail::fail(kernel, "headDim must be even (got " + std::to_string(r.headDim) + ")");
  if (!(r.theta > 0.0) || !std::isfinite(r.theta))
    detail::fail(kernel, "theta must be a positive number (got " + std::to_string(r.theta) + ")");
  int64_t half = r.headDim / 2, group = r.heads / kvHeads;
  int64_t slots = r.heads + 2 * kvHeads;
  int64_t width = math::qkvRowWidth(r.heads, kvHeads, r.headDim);
  detail::requireNonNegative(kernel, "position", r.position);
  // One table of angles per call: every head and sample at position p turns
  // by the same angles.
  std::vector<math::RotaryAngle> angles(r.seq * half);
  for (int64_t p = 0; p < r.seq; ++p)
    for (int64_t i = 0; i < half; ++i)
      angles[p * half + i] =
          math::rotaryAngle(r.position + p, i, r.headDim, r.theta, r.inverse);
  int64_t rows = r.batch * r.seq;
#pragma omp parallel for schedule(static) if (rows * width > detail::kParallelMinWork)
  for (int64_t row = 0; row < rows; ++row) {
    const math::RotaryAngle *a = angles.data() + (row % r.seq) * half;
    for (int64_t slot = 0; slot < slots; ++slot) {
      const float *in = x + row * width + slot * r.headDim;
      float *out = y + row * width + slot * r.headDim;
      if (!math::qkvSlotIsRotated(slot, group)) {
        if (in != out)
          std::copy(in, in + r.headDim, out);
        continue;
      }
      for (int64_t i = 0; i < half; ++i) {
        float lo = in[i], hi = in[i + half];
        math::rotaryPair(lo, hi, a[i]);
        out[i] = lo, out[i + half] = hi;
      }
    }
  }
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

} // namespace mtc::kernels
