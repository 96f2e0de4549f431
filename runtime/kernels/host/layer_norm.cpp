// Layer norm over the last dimension; statistics recomputed in backward.
#include "host/common.h"
#include "host/typed_blocks.h"
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

// One row each; cloned per ISA (host/common.h) so the lane sums of the row
// statistics (math/lane_sum.h) and the element loops run in vector registers.
MTC_VECTOR_CLONES
void forwardRow(const float *x, const float *gamma, const float *beta, float *y, int64_t H,
                float eps) {
  LayerNormStats s = math::layerNormRowStats(x, H, eps);
  for (int64_t h = 0; h < H; ++h)
    y[h] = math::layerNormForwardElement(x[h], s, gamma[h], beta[h]);
}

MTC_VECTOR_CLONES
void addForwardRow(const float *a, const float *b, float *out, const float *gamma,
                   const float *beta, float *y, int64_t H, float eps) {
  for (int64_t h = 0; h < H; ++h)
    out[h] = a[h] + b[h];
  LayerNormStats s = math::layerNormRowStats(out, H, eps);
  for (int64_t h = 0; h < H; ++h)
    y[h] = math::layerNormForwardElement(out[h], s, gamma[h], beta[h]);
}

MTC_VECTOR_CLONES
void backwardInputRow(const float *x, const float *gamma, const float *dy, float *dx,
                      int64_t H, float eps) {
  LayerNormStats s = math::layerNormRowStats(x, H, eps);
  math::LayerNormBackwardMeans m = math::layerNormBackwardRowMeans(x, gamma, dy, H, s);
  for (int64_t h = 0; h < H; ++h)
    dx[h] = math::layerNormBackwardElement(x[h], gamma[h], dy[h], s, m);
}

MTC_VECTOR_CLONES
LayerNormStats statsRow(const float *x, int64_t H, float eps) {
  return math::layerNormRowStats(x, H, eps);
}

// Columns [h0, h1) (at most kColumnChunk) of the weight gradients, summed
// over rows in order: the columns are the vector lanes.
constexpr int64_t kColumnChunk = 64;

MTC_VECTOR_CLONES
void weightColumns(const float *x, const float *dy, const LayerNormStats *stats, int64_t N,
                   int64_t H, int64_t h0, int64_t h1, float *dgamma, float *dbeta) {
  float accGamma[kColumnChunk] = {}, accBeta[kColumnChunk] = {};
  for (int64_t n = 0; n < N; ++n) {
    const float *xr = x + n * H, *dyr = dy + n * H;
    for (int64_t h = h0; h < h1; ++h) {
      accGamma[h - h0] += dyr[h] * math::layerNormNormalized(xr[h], stats[n]);
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

// weightColumns on 16-bit operands: each row's columns [h0, h1) widened as
// the rows are walked, the same sums into acc (zeroed by the caller). Cloned
// as the conversions are (host/typed_blocks.h): the widening is most of its
// work.
MTC_CONVERT_CLONES
void weightColumnsTyped(In x, In dy, const LayerNormStats *stats, int64_t N, int64_t H,
                        int64_t h0, int64_t h1, float *accGamma, float *accBeta) {
  float xBuf[kColumnChunk], dyBuf[kColumnChunk];
  const int64_t w = h1 - h0;
  for (int64_t n = 0; n < N; ++n) {
    if (n + detail::kPrefetchRows < N) {
      detail::prefetch(x.at((n + detail::kPrefetchRows) * H + h0), w);
      detail::prefetch(dy.at((n + detail::kPrefetchRows) * H + h0), w);
    }
    const float *xr = detail::widen(x.at(n * H + h0), w, xBuf);
    const float *dyr = detail::widen(dy.at(n * H + h0), w, dyBuf);
    for (int64_t h = 0; h < w; ++h) {
      accGamma[h] += dyr[h] * math::layerNormNormalized(xr[h], stats[n]);
      accBeta[h] += dyr[h];
    }
  }
}

} // namespace

void layerNormForward(const float *x, const float *gamma, const float *beta,
                      float *y, int64_t N, int64_t H, float eps) {
  checkShape("layerNormForward", N, H, eps);
#pragma omp parallel for schedule(static) if (N * H > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n)
    forwardRow(x + n * H, gamma, beta, y + n * H, H, eps);
}

void addLayerNormForward(const float *a, const float *b, float *out, const float *gamma,
                         const float *beta, float *y, int64_t N, int64_t H, float eps) {
  checkShape("addLayerNormForward", N, H, eps);
#pragma omp parallel for schedule(static) if (N * H > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n)
    addForwardRow(a + n * H, b + n * H, out + n * H, gamma, beta, y + n * H, H, eps);
}

void layerNormBackwardInput(const float *x, const float *gamma,
                            const float *dy, float *dx, int64_t N, int64_t H,
                            float eps) {
  checkShape("layerNormBackwardInput", N, H, eps);
#pragma omp parallel for schedule(static) if (N * H > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n)
    backwardInputRow(x + n * H, gamma, dy + n * H, dx + n * H, H, eps);
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
      stats[n] = statsRow(x + n * H, H, eps);
    // Threads own column ranges, so the sums over rows need no reduction
    // buffers and run in a fixed order.
    int64_t chunks = (H + kColumnChunk - 1) / kColumnChunk;
#pragma omp for schedule(static)
    for (int64_t c = 0; c < chunks; ++c) {
      int64_t h0 = c * kColumnChunk;
      weightColumns(x, dy, stats.data(), N, H, h0, std::min(H, h0 + kColumnChunk), dgamma,
                    dbeta);
    }
  }
}

// ---- on 16-bit operands: the same rows on the same threads, each row
// widened into a per-thread buffer and its output rounded ----

void layerNormForward(In x, In gamma, In beta, Out y, int64_t N, int64_t H, float eps) {
  if (detail::allF32(x, gamma, beta, y))
    return layerNormForward(x.f32(), gamma.f32(), beta.f32(), y.f32(), N, H, eps);
  checkShape("layerNormForward", N, H, eps);
  std::vector<float> gammaBuf, betaBuf;
  const float *g = detail::wideVector(gamma, H, gammaBuf);
  const float *b = detail::wideVector(beta, H, betaBuf);
  detail::forEachTypedRow({x}, y, N, H, [&](const float *const *in, float *out) {
    forwardRow(in[0], g, b, out, H, eps);
  });
}

void layerNormBackwardInput(In x, In gamma, In dy, Out dx, int64_t N, int64_t H, float eps) {
  if (detail::allF32(x, gamma, dy, dx))
    return layerNormBackwardInput(x.f32(), gamma.f32(), dy.f32(), dx.f32(), N, H, eps);
  checkShape("layerNormBackwardInput", N, H, eps);
  std::vector<float> gammaBuf;
  const float *g = detail::wideVector(gamma, H, gammaBuf);
  detail::forEachTypedRow({x, dy}, dx, N, H, [&](const float *const *in, float *out) {
    backwardInputRow(in[0], g, in[1], out, H, eps);
  });
}

void layerNormBackwardWeight(In x, In dy, Out dgamma, Out dbeta, int64_t N, int64_t H,
                             float eps) {
  if (detail::allF32(x, dy, dgamma, dbeta))
    return layerNormBackwardWeight(x.f32(), dy.f32(), dgamma.f32(), dbeta.f32(), N, H, eps);
  checkShape("layerNormBackwardWeight", N, H, eps);
  if (!dgamma && !dbeta)
    return;
  std::vector<LayerNormStats> stats(N);
  bool parallel = N * H > detail::kParallelMinWork;
#pragma omp parallel if (parallel)
  {
    std::vector<float> xBuf(H);
#pragma omp for schedule(static)
    for (int64_t n = 0; n < N; ++n)
      stats[n] = statsRow(detail::widenBlock(x.at(n * H), H, xBuf.data()), H, eps);
    int64_t chunks = (H + kColumnChunk - 1) / kColumnChunk;
#pragma omp for schedule(static)
    for (int64_t c = 0; c < chunks; ++c) {
      int64_t h0 = c * kColumnChunk, h1 = std::min(H, h0 + kColumnChunk);
      float accGamma[kColumnChunk] = {}, accBeta[kColumnChunk] = {};
      weightColumnsTyped(x, dy, stats.data(), N, H, h0, h1, accGamma, accBeta);
      if (dgamma)
        detail::accumulateBlock(accGamma, dgamma.at(h0), h1 - h0);
      if (dbeta)
        detail::accumulateBlock(accBeta, dbeta.at(h0), h1 - h0);
    }
  }
}

} // namespace mtc::kernels
