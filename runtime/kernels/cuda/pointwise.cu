// The GPU's non-GEMM, non-attention kernels: embedding, layer norm, the
// element-wise family and its fused forms, cross-entropy, AdamW, the
// gradient-norm check, fill32 and bf16/fp16 storage rounding. Each thread
// runs math/*.h or row_math.h; this file only maps rows and elements to
// threads and combines partial sums.
#include "kernels/cuda/CudaCheck.h"
#include "kernels/cuda/DeviceKernels.h"
#include "kernels/cuda/column_partials.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/cuda/launch_checks.h"
#include "kernels/cuda/row_math.h"
#include "kernels/cuda/vector_slots.h"
#include "kernels/math/adamw.h"
#include "kernels/math/cross_entropy.h"
#include "kernels/math/dropout.h"
#include "kernels/math/gelu.h"
#include "kernels/math/layer_norm.h"
#include "kernels/math/precision.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace mtc::kernels::cuda {
namespace {

constexpr int kThreads = 256;
constexpr int kWarp = 32;

__device__ inline float warpSum(float v) {
  for (int o = kWarp / 2; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}
__device__ inline float warpMax(float v) {
  for (int o = kWarp / 2; o > 0; o /= 2)
    v = gpu::maxCombine(v, __shfl_xor_sync(0xffffffffu, v, o));
  return v;
}
__device__ inline double warpSumD(double v) {
  for (int o = kWarp / 2; o > 0; o /= 2)
    v += __shfl_xor_sync(0xffffffffu, v, o);
  return v;
}

// Block-wide sum (blockDim.x a multiple of 32, <= 1024); every thread gets it.
__device__ float blockSum(float v) {
  __shared__ float partial[kWarp];
  __shared__ float total;
  int lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
  v = warpSum(v);
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    float w = lane < static_cast<int>(blockDim.x / kWarp) ? partial[lane] : 0.0f;
    w = warpSum(w);
    if (lane == 0)
      total = w;
  }
  __syncthreads();
  float r = total;
  __syncthreads(); // partial/total are reused by the next call
  return r;
}
__device__ float blockMax(float v) {
  __shared__ float partial[kWarp];
  __shared__ float total;
  int lane = threadIdx.x % kWarp, warp = threadIdx.x / kWarp;
  v = warpMax(v);
  if (lane == 0)
    partial[warp] = v;
  __syncthreads();
  if (warp == 0) {
    float w = lane < static_cast<int>(blockDim.x / kWarp) ? partial[lane] : -INFINITY;
    w = warpMax(w);
    if (lane == 0)
      total = w;
  }
  __syncthreads();
  float r = total;
  __syncthreads();
  return r;
}

// ---------------------------------------------------------------- embedding
__global__ void embeddingForwardKernel(const int32_t *tokens, const float *wte,
                                       const float *wpe, float *out, int64_t N,
                                       int64_t S, int64_t H, int64_t vocabStart,
                                       int64_t vocabLocal) {
  for (int64_t n = blockIdx.x; n < N; n += gridDim.x) {
    int64_t row = static_cast<int64_t>(tokens[n]) - vocabStart;
    bool mine = row >= 0 && row < vocabLocal;
    const float *pos = wpe ? wpe + (n % S) * H : nullptr;
    for (int64_t h = threadIdx.x; h < H; h += blockDim.x) {
      float v = mine ? wte[row * H + h] : 0.0f;
      out[n * H + h] = pos ? v + pos[h] : v;
    }
  }
}

__global__ void embeddingBackwardWteKernel(const int32_t *tokens, const float *dout,
                                           float *dwte, int64_t N, int64_t H,
                                           int64_t vocabStart, int64_t vocabLocal) {
  for (int64_t n = blockIdx.x; n < N; n += gridDim.x) {
    int64_t row = static_cast<int64_t>(tokens[n]) - vocabStart;
    if (row < 0 || row >= vocabLocal)
      continue;
    for (int64_t h = threadIdx.x; h < H; h += blockDim.x)
      atomicAdd(&dwte[row * H + h], dout[n * H + h]);
  }
}

// One thread per (position, column): sums the batch in order.
__global__ void embeddingBackwardWpeKernel(const float *dout, float *dwpe,
                                           int64_t N, int64_t S, int64_t H) {
  int64_t total = S * H;
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total;
       e += int64_t(gridDim.x) * blockDim.x) {
    int64_t s = e / H, h = e % H;
    float acc = 0.0f;
    for (int64_t n = s; n < N; n += S)
      acc += dout[n * H + h];
    dwpe[e] += acc;
  }
}

#define MTC_GRID_STRIDE(i, n)                                                  \
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < (n);    \
       i += int64_t(gridDim.x) * blockDim.x)

// --------------------------------------------------------------- layer norm
// One warp per row; the two-pass statistics of math::layerNormRowStats.
__device__ math::LayerNormStats warpRowStats(const float *x, int64_t H, float eps) {
  int lane = threadIdx.x % kWarp;
  float sum = 0.0f;
  for (int64_t h = lane; h < H; h += kWarp)
    sum += x[h];
  float mean = gpu::layerNormMeanFromSum(warpSum(sum), H);
  float sq = 0.0f;
  for (int64_t h = lane; h < H; h += kWarp) {
    float d = x[h] - mean;
    sq += d * d;
  }
  return gpu::layerNormStatsFromSums(mean, warpSum(sq), H, eps);
}

__global__ void layerNormForwardKernel(const float *x, const float *gamma,
                                       const float *beta, float *y, int64_t N,
                                       int64_t H, float eps) {
  int64_t warps = int64_t(gridDim.x) * (blockDim.x / kWarp);
  for (int64_t n = blockIdx.x * int64_t(blockDim.x / kWarp) + threadIdx.x / kWarp;
       n < N; n += warps) {
    const float *xr = x + n * H;
    math::LayerNormStats s = warpRowStats(xr, H, eps);
    for (int64_t h = threadIdx.x % kWarp; h < H; h += kWarp)
      y[n * H + h] = math::layerNormForwardElement(xr[h], s, gamma[h], beta[h]);
  }
}

__global__ void addLayerNormForwardKernel(const float *a, const float *b, float *out,
                                          const float *gamma, const float *beta, float *y,
                                          int64_t N, int64_t H, float eps) {
  int64_t warps = int64_t(gridDim.x) * (blockDim.x / kWarp);
  for (int64_t n = blockIdx.x * int64_t(blockDim.x / kWarp) + threadIdx.x / kWarp;
       n < N; n += warps) {
    float *xr = out + n * H;
    for (int64_t h = threadIdx.x % kWarp; h < H; h += kWarp)
      xr[h] = a[n * H + h] + b[n * H + h];
    __syncwarp(); // the row's sums, written by every lane, are read by all
    math::LayerNormStats s = warpRowStats(xr, H, eps);
    for (int64_t h = threadIdx.x % kWarp; h < H; h += kWarp)
      y[n * H + h] = math::layerNormForwardElement(xr[h], s, gamma[h], beta[h]);
  }
}

__global__ void layerNormBackwardInputKernel(const float *x, const float *gamma,
                                             const float *dy, float *dx, int64_t N,
                                             int64_t H, float eps) {
  int64_t warps = int64_t(gridDim.x) * (blockDim.x / kWarp);
  for (int64_t n = blockIdx.x * int64_t(blockDim.x / kWarp) + threadIdx.x / kWarp;
       n < N; n += warps) {
    const float *xr = x + n * H, *dyr = dy + n * H;
    math::LayerNormStats s = warpRowStats(xr, H, eps);
    float sumGdy = 0.0f, sumGdyXhat = 0.0f;
    for (int64_t h = threadIdx.x % kWarp; h < H; h += kWarp) {
      float gdy = gamma[h] * dyr[h];
      sumGdy += gdy;
      sumGdyXhat += gdy * math::layerNormNormalized(xr[h], s);
    }
    math::LayerNormBackwardMeans m =
        gpu::layerNormBackwardMeansFromSums(warpSum(sumGdy), warpSum(sumGdyXhat), H);
    for (int64_t h = threadIdx.x % kWarp; h < H; h += kWarp)
      dx[n * H + h] = math::layerNormBackwardElement(xr[h], gamma[h], dyr[h], s, m);
  }
}

// Row statistics once per row, then one thread per column sums over rows in
// order (deterministic; the host kernel's order too).
__global__ void layerNormStatsKernel(const float *x, math::LayerNormStats *stats,
                                     int64_t N, int64_t H, float eps) {
  int64_t warps = int64_t(gridDim.x) * (blockDim.x / kWarp);
  for (int64_t n = blockIdx.x * int64_t(blockDim.x / kWarp) + threadIdx.x / kWarp;
       n < N; n += warps) {
    math::LayerNormStats s = warpRowStats(x + n * H, H, eps);
    if (threadIdx.x % kWarp == 0)
      stats[n] = s;
  }
}

// Stage 1 of the two-stage column sum (column_partials.h): block
// (blockIdx.x, chunk) covers kColumnsPerBlock columns, warp g the chunk's rows
// g, g + 8, ...; the warps' sums are added in warp order.
static_assert(kThreads == kWarp * gpu::kRowGroupsPerBlock, "one warp per row group");
static_assert(gpu::kColumnsPerBlock == kWarp, "one lane per column");

__global__ void __launch_bounds__(kThreads)
    layerNormWeightPartialKernel(const float *x, const float *dy,
                                 const math::LayerNormStats *stats, float *partialG,
                                 float *partialB, int64_t N, int64_t H,
                                 gpu::ColumnPartials p) {
  __shared__ float groupG[gpu::kRowGroupsPerBlock][kWarp];
  __shared__ float groupB[gpu::kRowGroupsPerBlock][kWarp];
  int lane = threadIdx.x % kWarp, group = threadIdx.x / kWarp;
  int64_t h = blockIdx.x * gpu::kColumnsPerBlock + lane, chunk = blockIdx.y;
  float g = 0.0f, b = 0.0f;
  if (h < H)
    for (int64_t n = p.begin(chunk) + group; n < p.end(chunk, N);
         n += gpu::kRowGroupsPerBlock) {
      float d = dy[n * H + h];
      g += d * math::layerNormNormalized(x[n * H + h], stats[n]);
      b += d;
    }
  groupG[group][lane] = g;
  groupB[group][lane] = b;
  __syncthreads();
  if (group == 0 && h < H) {
    float tg = 0.0f, tb = 0.0f;
    for (int k = 0; k < gpu::kRowGroupsPerBlock; ++k)
      tg += groupG[k][lane], tb += groupB[k][lane];
    partialG[gpu::ColumnPartials::index(chunk, h, H)] = tg;
    partialB[gpu::ColumnPartials::index(chunk, h, H)] = tb;
  }
}

// Stage 2: one thread per column adds its partials in chunk order.
__global__ void columnPartialsKernel(const float *partials, int64_t chunks, float *out,
                                     int64_t H) {
  MTC_GRID_STRIDE(h, H) out[h] += gpu::sumColumnPartials(partials, chunks, h, H);
}

// ------------------------------------------------------------- element-wise
// W consecutive floats through one 128-bit access (W = 4, the address
// 16-byte aligned: vector_slots.h decides) or one scalar (W = 1).
template <int W> __device__ inline void loadW(const float *p, float (&v)[W]) {
  if constexpr (W == 4) {
    float4 t = *reinterpret_cast<const float4 *>(p);
    v[0] = t.x, v[1] = t.y, v[2] = t.z, v[3] = t.w;
  } else {
    v[0] = *p;
  }
}
template <int W> __device__ inline void storeW(float *p, const float (&v)[W]) {
  if constexpr (W == 4)
    *reinterpret_cast<float4 *>(p) = make_float4(v[0], v[1], v[2], v[3]);
  else
    *p = v[0];
}

// One grid-stride pass over a VecSpan's slots: op.template run<4>(i) for a
// float4 slot starting at element i, op.template run<1>(i) for a scalar one.
template <class Op> __global__ void __launch_bounds__(kThreads)
    vectorizedKernel(gpu::VecSpan span, Op op) {
  MTC_GRID_STRIDE(slot, span.slots()) {
    int64_t i = span.first(slot);
    if (span.isVector(slot))
      op.template run<4>(i);
    else
      op.template run<1>(i);
  }
}

template <class Op> void launchVectorized(int64_t n, int64_t misalignment, const Op &op,
                                          cudaStream_t stream) {
  gpu::VecSpan span = gpu::vecSpan(n, misalignment);
  vectorizedKernel<<<gridFor(span.slots()), kThreads, 0, stream>>>(span, op);
}

struct AddOp {
  const float *a, *b;
  float *out;
  template <int W> __device__ void run(int64_t i) const {
    float va[W], vb[W];
    loadW<W>(a + i, va), loadW<W>(b + i, vb);
#pragma unroll
    for (int k = 0; k < W; ++k)
      va[k] += vb[k];
    storeW<W>(out + i, va);
  }
};

// pre = x + bias (kept for backward; may be null), y = gelu(pre). The bias
// is read per element (it is small and stays in cache); its column wraps.
struct BiasGeluOp {
  const float *x, *bias;
  float *pre, *y;
  int64_t cols;
  template <int W> __device__ void run(int64_t i) const {
    float v[W];
    loadW<W>(x + i, v);
    int64_t c = i % cols;
#pragma unroll
    for (int k = 0; k < W; ++k) {
      v[k] += __ldg(bias + c);
      c = c + 1 == cols ? 0 : c + 1;
    }
    if (pre)
      storeW<W>(pre + i, v);
#pragma unroll
    for (int k = 0; k < W; ++k)
      v[k] = math::gelu(v[k]);
    storeW<W>(y + i, v);
  }
};

__global__ void fill32Kernel(uint32_t *dst, uint32_t word, int64_t n) {
  MTC_GRID_STRIDE(i, n) dst[i] = word;
}
__global__ void roundToStorageKernel(float *x, int64_t n, StorageType type) {
  MTC_GRID_STRIDE(i, n) x[i] = roundTo(type, x[i]);
}
__global__ void convertKernel(const void *src, StorageType from, void *dst, StorageType to,
                              int64_t n) {
  MTC_GRID_STRIDE(i, n) {
    const float v = from == StorageType::F32    ? static_cast<const float *>(src)[i]
                    : from == StorageType::BF16 ? bf16ToFloat(static_cast<const uint16_t *>(src)[i])
                                                : fp16ToFloat(static_cast<const uint16_t *>(src)[i]);
    if (to == StorageType::F32)
      static_cast<float *>(dst)[i] = v;
    else
      static_cast<uint16_t *>(dst)[i] = to == StorageType::BF16 ? floatToBf16(v) : floatToFp16(v);
  }
}
// Four elements per thread, with 16-byte fp32 and 8-byte 16-bit accesses: the
// staging of 16-bit operands converts every step's activations, and the
// one-element form reached 1.7 TB/s on an H200 (25% of a GPT-2 124M step;
// docs/gpu.md). Each element converts as in convertKernel, bit for bit.
template <StorageType From>
__device__ inline void loadFour(const void *src, int64_t q, float (&v)[4]) {
  if constexpr (From == StorageType::F32) {
    float4 x = static_cast<const float4 *>(src)[q];
    v[0] = x.x, v[1] = x.y, v[2] = x.z, v[3] = x.w;
  } else {
    uint2 x = static_cast<const uint2 *>(src)[q];
    const uint16_t h[4] = {uint16_t(x.x & 0xffffu), uint16_t(x.x >> 16),
                           uint16_t(x.y & 0xffffu), uint16_t(x.y >> 16)};
    for (int k = 0; k < 4; ++k)
      v[k] = From == StorageType::BF16 ? bf16ToFloat(h[k]) : fp16ToFloat(h[k]);
  }
}
template <StorageType To>
__device__ inline void storeFour(void *dst, int64_t q, const float (&v)[4]) {
  if constexpr (To == StorageType::F32) {
    static_cast<float4 *>(dst)[q] = make_float4(v[0], v[1], v[2], v[3]);
  } else {
    uint16_t h[4];
    for (int k = 0; k < 4; ++k)
      h[k] = To == StorageType::BF16 ? floatToBf16(v[k]) : floatToFp16(v[k]);
    static_cast<uint2 *>(dst)[q] = make_uint2(h[0] | uint32_t(h[1]) << 16,
                                              h[2] | uint32_t(h[3]) << 16);
  }
}
template <StorageType From, StorageType To>
__global__ void convertFourKernel(const void *src, void *dst, int64_t quads) {
  MTC_GRID_STRIDE(q, quads) {
    float v[4];
    loadFour<From>(src, q, v);
    storeFour<To>(dst, q, v);
  }
}
template <StorageType From>
bool launchConvertFour(const void *src, void *dst, StorageType to, int64_t quads,
                       cudaStream_t stream) {
  const unsigned grid = gridFor(quads);
  switch (to) {
  case StorageType::F32:
    convertFourKernel<From, StorageType::F32><<<grid, kThreads, 0, stream>>>(src, dst, quads);
    return true;
  case StorageType::BF16:
    convertFourKernel<From, StorageType::BF16><<<grid, kThreads, 0, stream>>>(src, dst, quads);
    return true;
  case StorageType::FP16:
    convertFourKernel<From, StorageType::FP16><<<grid, kThreads, 0, stream>>>(src, dst, quads);
    return true;
  }
  return false;
}
__global__ void geluKernel(const float *x, float *y, int64_t n, bool exact) {
  MTC_GRID_STRIDE(i, n) y[i] = math::gelu(x[i], exact);
}
__global__ void geluBackwardKernel(const float *x, const float *dy, float *dx, int64_t n,
                                   bool exact) {
  MTC_GRID_STRIDE(i, n) dx[i] = dy[i] * math::geluDerivative(x[i], exact);
}
__global__ void squaredReluKernel(SquaredReluForward k) {
  MTC_GRID_STRIDE(i, k.n) k.y[i] = SquaredReluForward::at(k.x[i]);
}
__global__ void squaredReluBackwardKernel(SquaredReluBackward k) {
  MTC_GRID_STRIDE(i, k.n) k.dx[i] = SquaredReluBackward::at(k.x[i], k.dy[i]);
}

// Kernels steps launch by name (DeviceKernels.h).
void squaredReluForward(const SquaredReluForward &k, cudaStream_t stream) {
  requireNonNegative("cuda::squaredReluForward", "n", k.n);
  if (k.n == 0)
    return;
  squaredReluKernel<<<gridFor(k.n), kThreads, 0, stream>>>(k);
  checkLaunch("cuda::squaredReluForward");
}
void squaredReluBackward(const SquaredReluBackward &k, cudaStream_t stream) {
  requireNonNegative("cuda::squaredReluBackward", "n", k.n);
  if (k.n == 0)
    return;
  squaredReluBackwardKernel<<<gridFor(k.n), kThreads, 0, stream>>>(k);
  checkLaunch("cuda::squaredReluBackward");
}
const DeviceKernelRegistration squaredReluRegistered[] = {
    registerDeviceKernel<SquaredReluForward, squaredReluForward>(),
    registerDeviceKernel<SquaredReluBackward, squaredReluBackward>(),
};

__global__ void scaleKernel(const float *x, float alpha, float *out, int64_t n) {
  MTC_GRID_STRIDE(i, n) out[i] = alpha * x[i];
}
__global__ void biasAddKernel(const float *x, const float *bias, float *y,
                              int64_t rows, int64_t cols) {
  MTC_GRID_STRIDE(i, rows * cols) y[i] = x[i] + bias[i % cols];
}
__global__ void biasGradKernel(const float *dy, float *dbias, int64_t rows, int64_t cols) {
  MTC_GRID_STRIDE(c, cols) {
    float acc = 0.0f;
    for (int64_t r = 0; r < rows; ++r)
      acc += dy[r * cols + c];
    dbias[c] += acc;
  }
}
// One thread per block of four Philox draws (the draws of counters
// offset .. offset + n, element i at counter offset + i), as forEachUniform.
// A block whose four elements are all in range is one float4 access per
// tensor when `vectorBlocks` (vector_slots.h: philoxBlocksAligned); blocks at
// either end, or misaligned tensors, go element by element.
// bias / residual may be null: plain dropout is the same kernel.
__global__ void __launch_bounds__(kThreads)
    dropoutKernel(const float *x, const float *bias, const float *residual, float *y,
                  int64_t n, int64_t cols, float rate, float invKeep, uint64_t seed,
                  uint64_t stream, uint64_t offset, bool vectorBlocks) {
  uint64_t firstBlock = offset >> 2, lastBlock = (offset + n + 3) >> 2;
  for (uint64_t b = firstBlock + blockIdx.x * uint64_t(blockDim.x) + threadIdx.x;
       b < lastBlock; b += uint64_t(gridDim.x) * blockDim.x) {
    math::Philox4 r = math::philoxBlock(seed, stream, b);
    bool whole = b * 4 >= offset && b * 4 + 4 <= offset + n;
    if (vectorBlocks && whole) {
      int64_t i = static_cast<int64_t>(b * 4 - offset);
      float v[4], res[4];
      loadW<4>(x + i, v);
      if (residual)
        loadW<4>(residual + i, res);
      int64_t c = bias ? i % cols : 0;
#pragma unroll
      for (int lane = 0; lane < 4; ++lane) {
        if (bias) {
          v[lane] += __ldg(bias + c);
          c = c + 1 == cols ? 0 : c + 1;
        }
        v[lane] *= math::dropoutKeepScale(math::uniformFromBits(r.v[lane]), rate, invKeep);
        if (residual)
          v[lane] += res[lane];
      }
      storeW<4>(y + i, v);
      continue;
    }
#pragma unroll
    for (int lane = 0; lane < 4; ++lane) {
      uint64_t counter = b * 4 + lane;
      if (counter < offset || counter >= offset + n)
        continue;
      int64_t i = static_cast<int64_t>(counter - offset);
      float v = x[i];
      if (bias)
        v += bias[i % cols];
      v *= math::dropoutKeepScale(math::uniformFromBits(r.v[lane]), rate, invKeep);
      y[i] = residual ? residual[i] + v : v;
    }
  }
}

// ------------------------------------------------------------ cross-entropy
// One block per row; a row of an odd vocabulary starts anywhere, so each row
// gets its own VecSpan (scalar head to the first 16-byte boundary, float4
// body, scalar tail). f(v, value) sees each of the row's first `count`
// values once; with `out`, its result is stored at out[v] (out's row must
// share row's misalignment to be vectorised, else both go scalar).
template <class F>
__device__ inline void mapRow(const float *row, float *out, int64_t count, F f) {
  gpu::VecSpan span = gpu::vecSpan(count, gpu::sharedMisalignment(row, out));
  for (int64_t slot = threadIdx.x; slot < span.slots(); slot += blockDim.x) {
    int64_t v = span.first(slot);
    if (span.isVector(slot)) {
      float t[4];
      loadW<4>(row + v, t);
#pragma unroll
      for (int k = 0; k < 4; ++k)
        t[k] = f(v + k, t[k]);
      if (out)
        storeW<4>(out + v, t);
    } else {
      float r = f(v, row[v]);
      if (out)
        out[v] = r;
    }
  }
}

__global__ void __launch_bounds__(kThreads)
    crossEntropyRowMaxKernel(const float *logits, float *rowMax, int64_t N, int64_t V,
                             int64_t validLocal) {
  for (int64_t n = blockIdx.x; n < N; n += gridDim.x) {
    float m = -INFINITY;
    mapRow(logits + n * V, nullptr, validLocal, [&](int64_t, float value) {
      return m = gpu::maxCombine(m, value);
    });
    m = blockMax(m);
    if (threadIdx.x == 0)
      rowMax[n] = m;
  }
}

__global__ void __launch_bounds__(kThreads)
    crossEntropySumExpKernel(const float *logits, const int32_t *targets,
                             const float *rowMax, float *sumExp, float *targetLogit,
                             int64_t N, int64_t V, int64_t validLocal, int64_t vocabStart) {
  for (int64_t n = blockIdx.x; n < N; n += gridDim.x) {
    float m = rowMax[n], sum = 0.0f;
    mapRow(logits + n * V, nullptr, validLocal, [&](int64_t, float value) {
      return sum += expf(value - m);
    });
    sum = blockSum(sum);
    if (threadIdx.x == 0) {
      sumExp[n] = sum;
      int64_t local = math::crossEntropyLocalTarget(targets[n], vocabStart, validLocal);
      targetLogit[n] = local >= 0 ? logits[n * V + local] : 0.0f;
    }
  }
}

// One block; each thread sums a strided set of rows in double, then a fixed
// tree combines them: the same total every run.
__global__ void crossEntropyLossKernel(const int32_t *targets, const float *rowMax,
                                       const float *sumExp, const float *targetLogit,
                                       int64_t N, double *lossOut, float *lossF32) {
  __shared__ double sums[kThreads];
  __shared__ double counts[kThreads];
  double total = 0.0, counted = 0.0;
  for (int64_t n = threadIdx.x; n < N; n += blockDim.x) {
    if (targets[n] < 0)
      continue;
    total += math::crossEntropyRowLoss(rowMax[n], sumExp[n], targetLogit[n]);
    counted += 1.0;
  }
  sums[threadIdx.x] = total;
  counts[threadIdx.x] = counted;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s /= 2) {
    if (threadIdx.x < s) {
      sums[threadIdx.x] += sums[threadIdx.x + s];
      counts[threadIdx.x] += counts[threadIdx.x + s];
    }
    __syncthreads();
  }
  if (threadIdx.x == 0) {
    lossOut[0] = sums[0];
    lossOut[1] = counts[0];
    if (lossF32) {
      lossF32[0] = static_cast<float>(sums[0]);
      lossF32[1] = static_cast<float>(counts[0]);
    }
  }
}

// Writes every column of the row (padding columns past validLocal get 0);
// logits and dlogits rows share a VecSpan when their misalignment agrees.
__global__ void __launch_bounds__(kThreads)
    crossEntropyBackwardKernel(const float *logits, const int32_t *targets,
                               const float *rowMax, const float *sumExp, float *dlogits,
                               int64_t N, int64_t V, int64_t validLocal, int64_t vocabStart,
                               const float *lossF32, float gradScale) {
  float count = lossF32[1];
  float scale = count > 0.0f ? gradScale / count : 0.0f;
  for (int64_t n = blockIdx.x; n < N; n += gridDim.x) {
    int32_t t = targets[n];
    int64_t local = math::crossEntropyLocalTarget(t, vocabStart, validLocal);
    float m = rowMax[n], se = sumExp[n];
    mapRow(logits + n * V, dlogits + n * V, V, [&](int64_t v, float logit) {
      return t >= 0 && v < validLocal
                 ? math::crossEntropyGrad(logit, m, se, v == local, scale)
                 : 0.0f;
    });
  }
}

// ---------------------------------------------------------------- optimizer
__global__ void adamwKernel(math::AdamWCoefficients c, const AdamChunk *chunks,
                            float *param, const float *grad, float *m, float *v,
                            const float *gradScaleOnDevice) {
  AdamChunk chunk = chunks[blockIdx.x];
  math::AdamWCoefficients cc = c;
  if (gradScaleOnDevice)
    cc.gradScale = *gradScaleOnDevice;
  if (isnan(cc.gradScale))
    return; // clipCoefficient's "skip this step" (a NaN/Inf gradient)
  if (!chunk.decay)
    cc.weightDecay = 0.0f;
  for (int32_t t = threadIdx.x; t < chunk.count; t += blockDim.x) {
    int64_t i = chunk.offset + t;
    math::adamwElement(cc, param[i], grad[i], m[i], v[i]);
  }
}

__global__ void adamwTensorKernel(math::AdamWCoefficients c, float *param,
                                  const float *grad, float *m, float *v, int64_t n) {
  MTC_GRID_STRIDE(i, n) math::adamwElement(c, param[i], grad[i], m[i], v[i]);
}

// The host kernel's coefficients: bias corrections in double, since
// beta2^step loses precision in float.
math::AdamWCoefficients adamwCoefficients(const AdamWStep &s) {
  math::AdamWCoefficients c;
  c.lr = s.lr, c.beta1 = s.beta1, c.beta2 = s.beta2, c.eps = s.eps;
  c.weightDecay = s.weightDecay, c.gradScale = s.gradScale;
  c.biasCorrection1 = static_cast<float>(1.0 - std::pow(double(s.beta1), s.step));
  c.biasCorrection2 = static_cast<float>(1.0 - std::pow(double(s.beta2), s.step));
  return c;
}

__global__ void sumSquaresPartialKernel(const float *x, int64_t n, double *partials,
                                        int *nonFinite) {
  __shared__ double warpSums[kThreads / kWarp];
  double acc = 0.0;
  bool bad = false;
  MTC_GRID_STRIDE(i, n) {
    float v = x[i];
    bad |= !isfinite(v);
    acc += static_cast<double>(v) * v;
  }
  if (__syncthreads_or(bad) && threadIdx.x == 0)
    *nonFinite = 1;
  acc = warpSumD(acc);
  if (threadIdx.x % kWarp == 0)
    warpSums[threadIdx.x / kWarp] = acc;
  __syncthreads();
  if (threadIdx.x == 0) {
    double t = 0.0;
    for (int w = 0; w < kThreads / kWarp; ++w)
      t += warpSums[w];
    partials[blockIdx.x] = t;
  }
}

__global__ void sumPartialsKernel(const double *partials, int count, double *out) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    double t = 0.0;
    for (int i = 0; i < count; ++i)
      t += partials[i];
    *out += t;
  }
}

__global__ void clipCoefficientKernel(const double *sumSquares, const int *nonFinite,
                                      float clipNorm, float extraScale, float *out) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    double c = gpu::clipCoefficientFromNorm(sqrt(*sumSquares), clipNorm);
    *out = *nonFinite ? NAN : static_cast<float>(c) * extraScale;
  }
}

} // namespace

// ------------------------------------------------------------ host wrappers
void embeddingForward(const int32_t *tokens, const float *wte, const float *wpe,
                      float *out, int64_t N, int64_t S, int64_t H,
                      int64_t vocabStart, int64_t vocabLocal, cudaStream_t stream) {
  const char *k = "cuda::embeddingForward";
  requireNonNegative(k, "N", N), requirePositive(k, "S", S), requirePositive(k, "H", H);
  if (N == 0)
    return;
  embeddingForwardKernel<<<gridFor(N, 1), kThreads, 0, stream>>>(
      tokens, wte, wpe, out, N, S, H, vocabStart, vocabLocal);
  checkLaunch(k);
}

void embeddingBackward(const int32_t *tokens, const float *dout, float *dwte,
                       float *dwpe, int64_t N, int64_t S, int64_t H,
                       int64_t vocabStart, int64_t vocabLocal, cudaStream_t stream) {
  const char *k = "cuda::embeddingBackward";
  requireNonNegative(k, "N", N), requirePositive(k, "S", S), requirePositive(k, "H", H);
  if (N == 0)
    return;
  if (dwte)
    embeddingBackwardWteKernel<<<gridFor(N, 1), kThreads, 0, stream>>>(
        tokens, dout, dwte, N, H, vocabStart, vocabLocal);
  if (dwpe)
    embeddingBackwardWpeKernel<<<gridFor(S * H), kThreads, 0, stream>>>(dout, dwpe, N, S, H);
  checkLaunch(k);
}

void layerNormForward(const float *x, const float *gamma, const float *beta, float *y,
                      int64_t N, int64_t H, float eps, cudaStream_t stream) {
  const char *k = "cuda::layerNormForward";
  requireNonNegative(k, "N", N), requirePositive(k, "H", H);
  if (N == 0)
    return;
  layerNormForwardKernel<<<gridFor(N, kThreads / kWarp), kThreads, 0, stream>>>(
      x, gamma, beta, y, N, H, eps);
  checkLaunch(k);
}

void addLayerNormForward(const float *a, const float *b, float *out, const float *gamma,
                         const float *beta, float *y, int64_t N, int64_t H, float eps,
                         cudaStream_t stream) {
  const char *k = "cuda::addLayerNormForward";
  requireNonNegative(k, "N", N), requirePositive(k, "H", H);
  if (N == 0)
    return;
  addLayerNormForwardKernel<<<gridFor(N, kThreads / kWarp), kThreads, 0, stream>>>(
      a, b, out, gamma, beta, y, N, H, eps);
  checkLaunch(k);
}

void layerNormBackwardInput(const float *x, const float *gamma, const float *dy,
                            float *dx, int64_t N, int64_t H, float eps,
                            cudaStream_t stream) {
  const char *k = "cuda::layerNormBackwardInput";
  requireNonNegative(k, "N", N), requirePositive(k, "H", H);
  if (N == 0)
    return;
  layerNormBackwardInputKernel<<<gridFor(N, kThreads / kWarp), kThreads, 0, stream>>>(
      x, gamma, dy, dx, N, H, eps);
  checkLaunch(k);
}

void fill32(uint32_t *dst, uint32_t word, int64_t words, cudaStream_t stream) {
  requireNonNegative("cuda::fill32", "words", words);
  if (words == 0)
    return;
  fill32Kernel<<<gridFor(words), kThreads, 0, stream>>>(dst, word, words);
  checkLaunch("cuda::fill32");
}

void roundToStorage(float *x, int64_t n, StorageType type, cudaStream_t stream) {
  requireNonNegative("cuda::roundToStorage", "n", n);
  if (n == 0 || type == StorageType::F32)
    return;
  roundToStorageKernel<<<gridFor(n), kThreads, 0, stream>>>(x, n, type);
  checkLaunch("cuda::roundToStorage");
}

void convert(In src, Out dst, int64_t n, cudaStream_t stream) {
  requireNonNegative("cuda::convert", "n", n);
  if (n == 0 || (src.data == dst.data && src.type == dst.type))
    return;
  if (src.type == dst.type) {
    checkCuda(cudaMemcpyAsync(dst.data, src.data, n * storageBytes(src.type),
                              cudaMemcpyDeviceToDevice, stream),
              "cuda::convert");
    return;
  }
  // Groups of four where both sides start aligned to a group; the last n % 4
  // elements, or all of them where a side is not aligned, one by one.
  auto aligned = [](const void *p, StorageType t) {
    return reinterpret_cast<uintptr_t>(p) % (4 * storageBytes(t)) == 0;
  };
  int64_t quads = aligned(src.data, src.type) && aligned(dst.data, dst.type) ? n / 4 : 0;
  if (quads > 0) {
    const void *s = src.data;
    void *d = dst.data;
    bool launched = src.type == StorageType::F32
                        ? launchConvertFour<StorageType::F32>(s, d, dst.type, quads, stream)
                    : src.type == StorageType::BF16
                        ? launchConvertFour<StorageType::BF16>(s, d, dst.type, quads, stream)
                        : launchConvertFour<StorageType::FP16>(s, d, dst.type, quads, stream);
    require(launched, "cuda::convert", "unknown storage type");
  }
  if (int64_t done = 4 * quads; done < n)
    convertKernel<<<gridFor(n - done), kThreads, 0, stream>>>(
        static_cast<const char *>(src.data) + done * storageBytes(src.type), src.type,
        static_cast<char *>(dst.data) + done * storageBytes(dst.type), dst.type, n - done);
  checkLaunch("cuda::convert");
}

void geluForward(const float *x, float *y, int64_t n, bool exact, cudaStream_t stream) {
  requireNonNegative("cuda::geluForward", "n", n);
  if (n == 0)
    return;
  geluKernel<<<gridFor(n), kThreads, 0, stream>>>(x, y, n, exact);
  checkLaunch("cuda::geluForward");
}
void geluBackward(const float *x, const float *dy, float *dx, int64_t n, bool exact,
                  cudaStream_t stream) {
  requireNonNegative("cuda::geluBackward", "n", n);
  if (n == 0)
    return;
  geluBackwardKernel<<<gridFor(n), kThreads, 0, stream>>>(x, dy, dx, n, exact);
  checkLaunch("cuda::geluBackward");
}
void add(const float *a, const float *b, float *out, int64_t n, cudaStream_t stream) {
  requireNonNegative("cuda::add", "n", n);
  if (n == 0)
    return;
  launchVectorized(n, gpu::sharedMisalignment(a, b, out), AddOp{a, b, out}, stream);
  checkLaunch("cuda::add");
}
void scale(const float *x, float alpha, float *out, int64_t n, cudaStream_t stream) {
  requireNonNegative("cuda::scale", "n", n);
  if (n == 0)
    return;
  scaleKernel<<<gridFor(n), kThreads, 0, stream>>>(x, alpha, out, n);
  checkLaunch("cuda::scale");
}

void dropout(const float *x, float *y, int64_t n, float rate, uint64_t seed,
             uint64_t stream, uint64_t offset, cudaStream_t cudaStream) {
  const char *k = "cuda::dropout";
  requireNonNegative(k, "n", n);
  require(rate >= 0.0f && rate <= 1.0f, k,
          "rate must be in [0, 1] (got " + std::to_string(rate) + ")");
  if (n == 0)
    return;
  int64_t blocks = ((offset + n + 3) >> 2) - (offset >> 2);
  bool vectorBlocks = gpu::philoxBlocksAligned(gpu::sharedMisalignment(x, y), offset);
  dropoutKernel<<<gridFor(blocks), kThreads, 0, cudaStream>>>(
      x, nullptr, nullptr, y, n, 1, rate, math::dropoutInvKeep(rate), seed, stream, offset,
      vectorBlocks);
  checkLaunch(k);
}

void biasAdd(const float *x, const float *bias, float *y, int64_t rows, int64_t cols,
             cudaStream_t stream) {
  requireNonNegative("cuda::biasAdd", "rows", rows);
  requirePositive("cuda::biasAdd", "cols", cols);
  if (rows == 0)
    return;
  biasAddKernel<<<gridFor(rows * cols), kThreads, 0, stream>>>(x, bias, y, rows, cols);
  checkLaunch("cuda::biasAdd");
}

void biasGradAccumulate(const float *dy, float *dbias, int64_t rows, int64_t cols,
                        cudaStream_t stream) {
  requireNonNegative("cuda::biasGradAccumulate", "rows", rows);
  requirePositive("cuda::biasGradAccumulate", "cols", cols);
  biasGradKernel<<<gridFor(cols), kThreads, 0, stream>>>(dy, dbias, rows, cols);
  checkLaunch("cuda::biasGradAccumulate");
}

void biasGelu(const float *x, const float *bias, float *pre, float *y, int64_t rows,
              int64_t cols, cudaStream_t stream) {
  requireNonNegative("cuda::biasGelu", "rows", rows);
  requirePositive("cuda::biasGelu", "cols", cols);
  if (rows == 0)
    return;
  launchVectorized(rows * cols, gpu::sharedMisalignment(x, pre, y),
                   BiasGeluOp{x, bias, pre, y, cols}, stream);
  checkLaunch("cuda::biasGelu");
}

void biasDropoutResidual(const float *x, const float *bias, const float *residual,
                         float *out, int64_t rows, int64_t cols, float rate,
                         uint64_t seed, uint64_t stream, cudaStream_t cudaStream) {
  const char *k = "cuda::biasDropoutResidual";
  requireNonNegative(k, "rows", rows), requirePositive(k, "cols", cols);
  require(rate >= 0.0f && rate <= 1.0f, k,
          "rate must be in [0, 1] (got " + std::to_string(rate) + ")");
  int64_t n = rows * cols;
  if (n == 0)
    return;
  bool vectorBlocks =
      gpu::philoxBlocksAligned(gpu::sharedMisalignment(x, residual, out), 0);
  dropoutKernel<<<gridFor((n + 3) / 4), kThreads, 0, cudaStream>>>(
      x, bias, residual, out, n, cols, rate, math::dropoutInvKeep(rate), seed, stream, 0,
      vectorBlocks);
  checkLaunch(k);
}

void crossEntropyRowMax(const float *logits, float *rowMax, int64_t N, int64_t V,
                        int64_t validLocal, cudaStream_t stream) {
  const char *k = "cuda::crossEntropyRowMax";
  requireNonNegative(k, "N", N), requireNonNegative(k, "V", V);
  require(validLocal >= 0 && validLocal <= V, k,
          "validLocal " + std::to_string(validLocal) + " must be in [0, V = " +
              std::to_string(V) + "]");
  if (N == 0)
    return;
  crossEntropyRowMaxKernel<<<gridFor(N, 1), kThreads, 0, stream>>>(logits, rowMax, N, V,
                                                                   validLocal);
  checkLaunch(k);
}

void crossEntropySumExp(const float *logits, const int32_t *targets,
                        const float *rowMax, float *sumExp, float *targetLogit,
                        int64_t N, int64_t V, int64_t validLocal, int64_t vocabStart,
                        cudaStream_t stream) {
  const char *k = "cuda::crossEntropySumExp";
  requireNonNegative(k, "N", N);
  require(validLocal >= 0 && validLocal <= V, k,
          "validLocal " + std::to_string(validLocal) + " must be in [0, V = " +
              std::to_string(V) + "]");
  if (N == 0)
    return;
  crossEntropySumExpKernel<<<gridFor(N, 1), kThreads, 0, stream>>>(
      logits, targets, rowMax, sumExp, targetLogit, N, V, validLocal, vocabStart);
  checkLaunch(k);
}

void crossEntropyLoss(const int32_t *targets, const float *rowMax, const float *sumExp,
                      const float *targetLogit, int64_t N, double *lossOut,
                      float *lossF32, cudaStream_t stream) {
  requireNonNegative("cuda::crossEntropyLoss", "N", N);
  crossEntropyLossKernel<<<1, kThreads, 0, stream>>>(targets, rowMax, sumExp, targetLogit,
                                                     N, lossOut, lossF32);
  checkLaunch("cuda::crossEntropyLoss");
}

void crossEntropyBackward(const float *logits, const int32_t *targets,
                          const float *rowMax, const float *sumExp, float *dlogits,
                          int64_t N, int64_t V, int64_t validLocal, int64_t vocabStart,
                          const float *lossF32, float gradScale, cudaStream_t stream) {
  const char *k = "cuda::crossEntropyBackward";
  requireNonNegative(k, "N", N);
  require(validLocal >= 0 && validLocal <= V, k,
          "validLocal " + std::to_string(validLocal) + " must be in [0, V = " +
              std::to_string(V) + "]");
  if (N == 0)
    return;
  crossEntropyBackwardKernel<<<gridFor(N, 1), kThreads, 0, stream>>>(
      logits, targets, rowMax, sumExp, dlogits, N, V, validLocal, vocabStart, lossF32,
      gradScale);
  checkLaunch(k);
}

void adamwChunks(const AdamWStep &s, const AdamChunk *chunks, int64_t numChunks,
                 float *param, const float *grad, float *m, float *v,
                 const float *gradScaleOnDevice, cudaStream_t stream) {
  const char *k = "cuda::adamwChunks";
  requireNonNegative(k, "numChunks", numChunks);
  require(s.step >= 1, k, "step is 1-based and must be >= 1 (got " +
                              std::to_string(s.step) + ")");
  require(numChunks <= 0x7fffffff, k, "too many chunks");
  if (numChunks == 0)
    return;
  adamwKernel<<<static_cast<unsigned>(numChunks), kThreads, 0, stream>>>(
      adamwCoefficients(s), chunks, param, grad, m, v, gradScaleOnDevice);
  checkLaunch(k);
}

void adamw(const AdamWStep &s, float *param, const float *grad, float *m, float *v,
           int64_t n, cudaStream_t stream) {
  const char *k = "cuda::adamw";
  requireNonNegative(k, "n", n);
  require(s.step >= 1, k, "step is 1-based and must be >= 1 (got " +
                              std::to_string(s.step) + ")");
  if (n == 0)
    return;
  adamwTensorKernel<<<gridFor(n), kThreads, 0, stream>>>(adamwCoefficients(s), param, grad,
                                                         m, v, n);
  checkLaunch(k);
}

void sumSquaresAndCheck(const float *x, int64_t n, double *out, int *nonFinite,
                        double *partials, cudaStream_t stream) {
  requireNonNegative("cuda::sumSquaresAndCheck", "n", n);
  if (n == 0)
    return;
  unsigned blocks = gridFor(n);
  if (blocks > static_cast<unsigned>(kNormPartials))
    blocks = kNormPartials;
  sumSquaresPartialKernel<<<blocks, kThreads, 0, stream>>>(x, n, partials, nonFinite);
  sumPartialsKernel<<<1, 32, 0, stream>>>(partials, static_cast<int>(blocks), out);
  checkLaunch("cuda::sumSquaresAndCheck");
}

void clipCoefficient(const double *sumSquares, const int *nonFinite, float clipNorm,
                     float extraScale, float *gradScaleOut, cudaStream_t stream) {
  clipCoefficientKernel<<<1, 32, 0, stream>>>(sumSquares, nonFinite, clipNorm,
                                               extraScale, gradScaleOut);
  checkLaunch("cuda::clipCoefficient");
}

void layerNormBackwardWeight(const float *x, const float *dy, float *dgamma,
                             float *dbeta, int64_t N, int64_t H, float eps,
                             float *scratch, cudaStream_t stream) {
  const char *k = "cuda::layerNormBackwardWeight";
  requireNonNegative(k, "N", N), requirePositive(k, "H", H);
  if (N == 0 || (!dgamma && !dbeta))
    return;
  gpu::ColumnPartials p = gpu::columnPartials(N);
  auto *stats = reinterpret_cast<math::LayerNormStats *>(scratch);
  float *partialG = scratch + 2 * N, *partialB = partialG + p.chunks * H;
  layerNormStatsKernel<<<gridFor(N, kThreads / kWarp), kThreads, 0, stream>>>(x, stats, N,
                                                                             H, eps);
  dim3 grid(static_cast<unsigned>((H + gpu::kColumnsPerBlock - 1) / gpu::kColumnsPerBlock),
            static_cast<unsigned>(p.chunks));
  layerNormWeightPartialKernel<<<grid, kThreads, 0, stream>>>(x, dy, stats, partialG,
                                                              partialB, N, H, p);
  checkLaunch(k);
  if (dgamma)
    accumulateColumnPartials(partialG, p.chunks, dgamma, H, stream);
  if (dbeta)
    accumulateColumnPartials(partialB, p.chunks, dbeta, H, stream);
}

void accumulateColumnPartials(const float *partials, int64_t chunks, float *out, int64_t H,
                              cudaStream_t stream) {
  const char *k = "cuda::accumulateColumnPartials";
  requireNonNegative(k, "chunks", chunks), requirePositive(k, "H", H);
  columnPartialsKernel<<<gridFor(H), kThreads, 0, stream>>>(partials, chunks, out, H);
  checkLaunch(k);
}

} // namespace mtc::kernels::cuda
