// The LLaMA family's GPU kernels: RMSNorm (one warp per row, as layer norm),
// rotary position embeddings on packed QKV (one thread per rotated pair) and
// SwiGLU. Each thread runs math/llama.h, as the host kernels do; this file
// only maps rows, pairs and elements to threads.
#include "kernels/cuda/CudaCheck.h"
#include "kernels/cuda/column_partials.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/cuda/launch_checks.h"
#include "kernels/math/llama.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace mtc::kernels::cuda {
namespace {

constexpr int kThreads = 256;
constexpr int kWarp = 32;
constexpr int kWarpsPerBlock = kThreads / kWarp;

void checkRmsNorm(const char *kernel, int64_t N, int64_t H, float eps) {
  require(N >= 0, kernel, "N must be >= 0 (got " + std::to_string(N) + ")");
  require(H > 0, kernel, "H must be > 0 (got " + std::to_string(H) + ")");
  require(eps >= 0.0f, kernel, "eps must be >= 0 (got " + std::to_string(eps) + ")");
}

__device__ inline double warpSumD(double v) {
  for (int o = kWarp / 2; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

#define MTC_WARP_PER_ROW(n, N)                                                        \
  for (int64_t n = blockIdx.x * int64_t(kWarpsPerBlock) + threadIdx.x / kWarp; n < (N); \
       n += int64_t(gridDim.x) * kWarpsPerBlock)
#define MTC_GRID_STRIDE(i, n)                                                  \
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < (n);    \
       i += int64_t(gridDim.x) * blockDim.x)

// math::rmsNormRowRstd with the row's double sum split over the warp's lanes.
__device__ float warpRowRstd(const float *x, int64_t H, float eps) {
  double sum = 0.0;
  for (int64_t h = threadIdx.x % kWarp; h < H; h += kWarp)
    sum += static_cast<double>(x[h]) * x[h];
  return math::rmsNormRstdFromSum(warpSumD(sum), H, eps);
}

__global__ void __launch_bounds__(kThreads)
    rmsNormForwardKernel(const float *x, const float *gamma, float *y, int64_t N, int64_t H,
                         float eps) {
  MTC_WARP_PER_ROW(n, N) {
    const float *xr = x + n * H;
    float rstd = warpRowRstd(xr, H, eps);
    for (int64_t h = threadIdx.x % kWarp; h < H; h += kWarp)
      y[n * H + h] = math::rmsNormForwardElement(xr[h], rstd, gamma[h]);
  }
}

__global__ void __launch_bounds__(kThreads)
    rmsNormBackwardInputKernel(const float *x, const float *gamma, const float *dy, float *dx,
                               int64_t N, int64_t H, float eps) {
  MTC_WARP_PER_ROW(n, N) {
    const float *xr = x + n * H, *dyr = dy + n * H;
    float rstd = warpRowRstd(xr, H, eps);
    double sum = 0.0;
    for (int64_t h = threadIdx.x % kWarp; h < H; h += kWarp)
      sum += math::rmsNormBackwardTerm(xr[h], gamma[h], dyr[h], rstd);
    float mean = math::rmsNormBackwardMeanFromSum(warpSumD(sum), H);
    for (int64_t h = threadIdx.x % kWarp; h < H; h += kWarp)
      dx[n * H + h] = math::rmsNormBackwardElement(xr[h], gamma[h], dyr[h], rstd, mean);
  }
}

__global__ void __launch_bounds__(kThreads)
    rmsNormRstdKernel(const float *x, float *rstd, int64_t N, int64_t H, float eps) {
  MTC_WARP_PER_ROW(n, N) {
    float r = warpRowRstd(x + n * H, H, eps);
    if (threadIdx.x % kWarp == 0)
      rstd[n] = r;
  }
}

// Stage 1 of the two-stage column sum (column_partials.h), as layer norm's.
static_assert(kWarpsPerBlock == gpu::kRowGroupsPerBlock, "one warp per row group");
static_assert(gpu::kColumnsPerBlock == kWarp, "one lane per column");

__global__ void __launch_bounds__(kThreads)
    rmsNormWeightPartialKernel(const float *x, const float *dy, const float *rstd,
                               float *partial, int64_t N, int64_t H, gpu::ColumnPartials p) {
  __shared__ float groupSum[kWarpsPerBlock][kWarp];
  int lane = threadIdx.x % kWarp, group = threadIdx.x / kWarp;
  int64_t h = blockIdx.x * gpu::kColumnsPerBlock + lane, chunk = blockIdx.y;
  float acc = 0.0f;
  if (h < H)
    for (int64_t n = p.begin(chunk) + group; n < p.end(chunk, N); n += kWarpsPerBlock)
      acc += math::rmsNormWeightGradTerm(x[n * H + h], dy[n * H + h], rstd[n]);
  groupSum[group][lane] = acc;
  __syncthreads();
  if (group == 0 && h < H) {
    float total = 0.0f;
    for (int k = 0; k < kWarpsPerBlock; ++k)
      total += groupSum[k][lane];
    partial[gpu::ColumnPartials::index(chunk, h, H)] = total;
  }
}

// One thread per (token, head slot, pair): it reads and writes both elements
// of its pair, so x == y is safe. Value slots are copied.
__global__ void rotaryKernel(RotaryShape r, int64_t kvHeads, const float *x, float *y) {
  int64_t half = r.headDim / 2, slots = r.heads + 2 * kvHeads;
  int64_t group = r.heads / kvHeads;
  int64_t total = r.batch * r.seq * slots * half;
  MTC_GRID_STRIDE(e, total) {
    int64_t i = e % half, slot = (e / half) % slots, row = e / (half * slots);
    int64_t lo = row * slots * r.headDim + slot * r.headDim + i, hi = lo + half;
    float a = x[lo], b = x[hi];
    if (math::qkvSlotIsRotated(slot, group))
      math::rotaryPair(a, b, math::rotaryAngle(r.position + row % r.seq, i, r.headDim, r.theta,
                                                  r.inverse));
    y[lo] = a, y[hi] = b;
  }
}

__global__ void swigluKernel(const float *gate, const float *up, float *y, int64_t n) {
  MTC_GRID_STRIDE(i, n) y[i] = math::swiglu(gate[i], up[i]);
}

__global__ void swigluBackwardKernel(const float *gate, const float *up, const float *dy,
                                     float *dgate, float *dup, int64_t n) {
  MTC_GRID_STRIDE(i, n) {
    math::SwigluGrad g = math::swigluGrad(gate[i], up[i], dy[i]);
    dgate[i] = g.dgate, dup[i] = g.dup;
  }
}

} // namespace

void rmsNormForward(const float *x, const float *gamma, float *y, int64_t N, int64_t H,
                    float eps, cudaStream_t stream) {
  const char *k = "cuda::rmsNormForward";
  checkRmsNorm(k, N, H, eps);
  if (N == 0)
    return;
  rmsNormForwardKernel<<<gridFor(N, kWarpsPerBlock), kThreads, 0, stream>>>(x, gamma, y, N, H,
                                                                            eps);
  checkLaunch(k);
}

void rmsNormBackwardInput(const float *x, const float *gamma, const float *dy, float *dx,
                          int64_t N, int64_t H, float eps, cudaStream_t stream) {
  const char *k = "cuda::rmsNormBackwardInput";
  checkRmsNorm(k, N, H, eps);
  if (N == 0)
    return;
  rmsNormBackwardInputKernel<<<gridFor(N, kWarpsPerBlock), kThreads, 0, stream>>>(
      x, gamma, dy, dx, N, H, eps);
  checkLaunch(k);
}

void rmsNormBackwardWeight(const float *x, const float *dy, float *dgamma, int64_t N,
                           int64_t H, float eps, float *scratch, cudaStream_t stream) {
  const char *k = "cuda::rmsNormBackwardWeight";
  checkRmsNorm(k, N, H, eps);
  if (N == 0)
    return;
  gpu::ColumnPartials p = gpu::columnPartials(N);
  float *rstd = scratch, *partial = scratch + N;
  rmsNormRstdKernel<<<gridFor(N, kWarpsPerBlock), kThreads, 0, stream>>>(x, rstd, N, H, eps);
  dim3 grid(static_cast<unsigned>((H + gpu::kColumnsPerBlock - 1) / gpu::kColumnsPerBlock),
            static_cast<unsigned>(p.chunks));
  rmsNormWeightPartialKernel<<<grid, kThreads, 0, stream>>>(x, dy, rstd, partial, N, H, p);
  checkLaunch(k);
  accumulateColumnPartials(partial, p.chunks, dgamma, H, stream);
}

void rotary(const RotaryShape &r, const float *x, float *y, cudaStream_t stream) {
  const char *k = "cuda::rotary";
  require(r.batch >= 0 && r.seq >= 0 && r.position >= 0, k,
          "batch, seq and position must be >= 0");
  require(r.heads > 0 && r.kvHeads >= 0, k, "heads must be > 0 and kvHeads >= 0");
  int64_t kvHeads = r.kvHeads ? r.kvHeads : r.heads;
  require(r.heads % kvHeads == 0, k,
          "heads " + std::to_string(r.heads) + " is not a multiple of kvHeads " +
              std::to_string(kvHeads));
  require(r.headDim > 0 && r.headDim % 2 == 0, k,
          "headDim must be even and > 0 (got " + std::to_string(r.headDim) + ")");
  require(r.theta > 0.0 && std::isfinite(r.theta), k,
          "theta must be a positive number (got " + std::to_string(r.theta) + ")");
  int64_t pairs = r.batch * r.seq * (r.heads + 2 * kvHeads) * (r.headDim / 2);
  if (pairs == 0)
    return;
  rotaryKernel<<<gridFor(pairs), kThreads, 0, stream>>>(r, kvHeads, x, y);
  checkLaunch(k);
}

void swigluForward(const float *gate, const float *up, float *y, int64_t n,
                   cudaStream_t stream) {
  require(n >= 0, "cuda::swigluForward", "n must be >= 0");
  if (n == 0)
    return;
  swigluKernel<<<gridFor(n), kThreads, 0, stream>>>(gate, up, y, n);
  checkLaunch("cuda::swigluForward");
}

void swigluBackward(const float *gate, const float *up, const float *dy, float *dgate,
                    float *dup, int64_t n, cudaStream_t stream) {
  require(n >= 0, "cuda::swigluBackward", "n must be >= 0");
  if (n == 0)
    return;
  swigluBackwardKernel<<<gridFor(n), kThreads, 0, stream>>>(gate, up, dy, dgate, dup, n);
  checkLaunch("cuda::swigluBackward");
}

} // namespace mtc::kernels::cuda
