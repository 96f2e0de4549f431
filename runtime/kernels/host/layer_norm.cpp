// Layer norm over the last dimension; statistics recomputed in backward.
#include "host/common.h"
#include "kernels/kernels.h"
#include "kernels/math/layer_norm.h"

#include <algorithm>
#include <vector>

namespace mtc::kernels {
namespace {

using math::LayerNormStats;

void checkShape(const char *kernel, int64_t N, int64_t H, float eps) {
  detail::requireNonNegative(kernel, "N", N);
  detail::requirePositive(kernel, "H", H);
  if (!(eps >= 0.0f))
    detail::fail(kernel, "eps must be >= 0 (got " + std::to_string(eps) + ")");
}

} // namespace

void layerNormForward(const float *x, const float *gamma, const float *beta,
                      float *y, int64_t N, int64_t H, float eps) {
  checkShape("layerNormForward", N, H, eps);
#pragma omp parallel for schedule(static) if (N * H > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n) {
    const float *xr = x + n * H;
    float *yr = y + n * H;
    LayerNormStats s = math::layerNormRowStats(xr, H, eps);
    for (int64_t h = 0; h < H; ++h)
      yr[h] = math::layerNormForwardElement(xr[h], s, gamma[h], beta[h]);
  }
}

void addLayerNormForward(const float *a, const float *b, float *out, const float *gamma,
                         const float *beta, float *y, int64_t N, int64_t H, float eps) {
  checkShape("addLayerNormForward", N, H, eps);
#pragma omp parallel for schedule(static) if (N * H > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n) {
    const float *ar = a + n * H, *br = b + n * H;
    float *xr = out + n * H, *yr = y + n * H;
    for (int64_t h = 0; h < H; ++h)
      xr[h] = ar[h] + br[h];
    LayerNormStats s = math::layerNormRowStats(xr, H, eps);
    for (int64_t h = 0; h < H; ++h)
      yr[h] = math::layerNormForwardElement(xr[h], s, gamma[h], beta[h]);
  }
}

void layerNormBackwardInput(const float *x, const float *gamma,
                            const float *dy, float *dx, int64_t N, int64_t H,
                            float eps) {
  checkShape("layerNormBackwardInput", N, H, eps);
#pragma omp parallel for schedule(static) if (N * H > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n) {
    const float *xr = x + n * H, *dyr = dy + n * H;
    float *dxr = dx + n * H;
    LayerNormStats s = math::layerNormRowStats(xr, H, eps);
    math::LayerNormBackwardMeans m =
        math::layerNormBackwardRowMeans(xr, gamma, dyr, H, s);
    for (int64_t h = 0; h < H; ++h)
      dxr[h] = math::layerNormBackwardElement(xr[h], gamma[h], dyr[h], s, m);
  }
}

void layerNormBackwardWeight(const float *x, const float *dy, float *dgamma,
                             float *dbeta, int64_t N, int64_t H, float eps) {
  checkShape("layerNormBackwardWeight", N, H, eps);
  if (!dgamma && !dbeta)
    return;
  std::vector<LayerNormStats> stats(N);
  bool parallel = N * H > detail::kParallelMinWork;
#pragma omp parallel if (parallel)
  {
#pragma omp for schedule(static)
    for (int64_t n = 0; n < N; ++n)
      stats[n] = math::layerNormRowStats(x + n * H, H, eps);
    // Threads own column ranges, so the sums over rows need no reduction
    // buffers and run in a fixed order.
    const int64_t kColumnChunk = 64;
    int64_t chunks = (H + kColumnChunk - 1) / kColumnChunk;
#pragma omp for schedule(static)
    for (int64_t c = 0; c < chunks; ++c) {
      int64_t h0 = c * kColumnChunk, h1 = std::min(H, h0 + kColumnChunk);
      float accGamma[kColumnChunk] = {}, accBeta[kColumnChunk] = {};
      for (int64_t n = 0; n < N; ++n) {
        const float *xr = x + n * H, *dyr = dy + n * H;
        for (int64_t h = h0; h < h1; ++h) {
          accGamma[h - h0] +=
              dyr[h] * math::layerNormNormalized(xr[h], stats[n]);
          accBeta[h - h0] += dyr[h];
        }
      }
      for (int64_t h = h0; h < h1; ++h) {
        if (dgamma)
          dgamma[h] += accGamma[h - h0];
        if (dbeta)
          dbeta[h] += accBeta[h - h0];
      }
    }
  }
}

} // namespace mtc::kernels
