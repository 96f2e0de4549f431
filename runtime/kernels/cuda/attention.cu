// Flash-attention-style core attention: each thread owns one query row (or,
// for dK/dV, one key row) and streams the other side through shared-memory
// tiles, so no S x S score matrix exists anywhere. The arithmetic per row is
// attention_rows.h, which the CPU tests run against the host kernel; this
// file only stages tiles and maps threads to rows.
//
// Three launches backward: rowDot = rowsum(dO * O), dK/dV per key block, dQ
// per query block (dQ and dK/dV each own their outputs: no atomics); head dim
// 128 splits dK/dV into a dK and a dV launch to stay in registers. With
// grouped-query attention a dK/dV block streams the queries of every head of
// its group in ascending order (kernels.h), so a group's sum has one owner.
#include "kernels/cuda/CudaCheck.h"
#include "kernels/cuda/attention_geometry.h"
#include "kernels/cuda/attention_launch.h"
#include "kernels/cuda/attention_rows.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/math/dropout.h"
#include "kernels/math/llama.h"

#include <stdexcept>
#include <string>

namespace mtc::kernels::cuda {
namespace {

constexpr int kRowsPerBlock = 64; // threads per block = rows per block
constexpr int kTile = 32;         // rows of the streamed side per stage

using gpu::headGeometry;
using gpu::HeadGeometry;
using gpu::kvHeadsOf;
using gpu::rowInfo;

// Copies rows [r0, r0 + n) of a (token-strided) head slice into a dense
// shared tile of `ld` floats per row; rows past n are zero.
__device__ inline void stageRows(float *tile, int ld, const float *src,
                                 int64_t srcStride, int64_t r0, int64_t n, int rows,
                                 int D) {
  for (int e = threadIdx.x; e < rows * D; e += blockDim.x) {
    int r = e / D, d = e % D;
    tile[r * ld + d] = r < n ? src[(r0 + r) * srcStride + d] : 0.0f;
  }
}

// grid: (query blocks, batch * heads). Shared: q rows [64][DMAX + 1] (padded:
// thread t reads row t, conflict-free), K and V tiles [kTile][DMAX].
template <int DMAX>
__global__ void __launch_bounds__(kRowsPerBlock)
    attentionForwardKernel(AttentionShape a, const float *qkv, float *out, float *lse) {
  extern __shared__ float smem[];
  float *qs = smem, *ks = qs + kRowsPerBlock * (DMAX + 1), *vs = ks + kTile * DMAX;
  int64_t bh = blockIdx.y, b = bh / a.heads, h = bh % a.heads;
  int D = static_cast<int>(a.headDim);
  HeadGeometry g = headGeometry(a, b, h);
  gpu::AttentionRowInfo info = rowInfo(a, b, h);
  int64_t i0 = int64_t(blockIdx.x) * kRowsPerBlock;
  int64_t rows = a.seq - i0 < kRowsPerBlock ? a.seq - i0 : kRowsPerBlock;
  int64_t i = i0 + threadIdx.x;
  stageRows(qs, DMAX + 1, qkv + g.qBase, g.tokenStride, i0, rows, kRowsPerBlock, D);
  gpu::AttentionForwardRow<DMAX> row;
  gpu::UniformCursor uniforms(info.seed, info.stream);
  int64_t kvEnd = a.causal ? i0 + rows : a.seq;
  for (int64_t j0 = 0; j0 < kvEnd; j0 += kTile) {
    int64_t n = kvEnd - j0 < kTile ? kvEnd - j0 : kTile;
    __syncthreads(); // the previous tile is consumed
    stageRows(ks, DMAX, qkv + g.kBase, g.tokenStride, j0, n, kTile, D);
    stageRows(vs, DMAX, qkv + g.vBase, g.tokenStride, j0, n, kTile, D);
    __syncthreads();
    if (threadIdx.x < rows)
      gpu::attentionForwardKeys<DMAX>(row, qs + threadIdx.x * (DMAX + 1), D, ks, vs,
                                      DMAX, i, j0, n, info, uniforms);
  }
  if (threadIdx.x < rows)
    lse[g.lseBase + i] =
        gpu::attentionForwardFinish<DMAX>(row, out + g.outBase + i * g.outStride, D);
}

__global__ void attentionRowDotKernel(AttentionShape a, const float *out,
                                      const float *dout, float *rowDot) {
  int64_t total = a.batch * a.heads * a.seq;
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total;
       e += int64_t(gridDim.x) * blockDim.x) {
    int64_t i = e % a.seq, bh = e / a.seq, b = bh / a.heads, h = bh % a.heads;
    int64_t base = ((b * a.seq + i) * a.heads + h) * a.headDim;
    float s = 0.0f;
    for (int64_t d = 0; d < a.headDim; ++d)
      s += dout[base + d] * out[base + d];
    rowDot[e] = s; // [b, h, i], like lse
  }
}

// Shared floats of a key-gradient block: own k (and v) rows [64][DMAX + 1]
// (padded: thread t reads row t, conflict-free), streamed q and dO tiles
// [kTile][DMAX], lse (and rowDot) [kTile]. A Value pass reads no v and no rowDot.
constexpr size_t keyGradSharedFloats(int dmax, gpu::KeyGrads part) {
  size_t perRow = part == gpu::KeyGrads::Value ? 1 : 2; // k (and v); lse (and rowDot)
  return perRow * kRowsPerBlock * (dmax + 1) + 2 * kTile * dmax + perRow * kTile;
}

// grid: (key blocks, batch * kvHeads); thread t owns key j0 + t of its group
// and sums over the group's query heads in ascending order, accumulating the
// gradients `Part` names (attention_rows.h).
template <int DMAX, gpu::KeyGrads Part>
__device__ inline void keyGradBlock(const AttentionShape &a, const float *qkv,
                                    const float *lse, const float *dout,
                                    const float *rowDot, float *dqkv) {
  constexpr bool withValues = Part != gpu::KeyGrads::Value; // v rows and rowDot
  extern __shared__ float smem[];
  float *ks = smem, *vs = withValues ? ks + kRowsPerBlock * (DMAX + 1) : nullptr;
  float *qt = ks + (withValues ? 2 : 1) * kRowsPerBlock * (DMAX + 1);
  float *dot = qt + kTile * DMAX, *lt = dot + kTile * DMAX;
  float *rt = withValues ? lt + kTile : nullptr;
  int64_t kvHeads = kvHeadsOf(a), group = a.heads / kvHeads;
  int64_t bg = blockIdx.y, b = bg / kvHeads, h0 = (bg % kvHeads) * group;
  int D = static_cast<int>(a.headDim);
  HeadGeometry g = headGeometry(a, b, h0);
  int64_t j0 = int64_t(blockIdx.x) * kRowsPerBlock;
  int64_t keys = a.seq - j0 < kRowsPerBlock ? a.seq - j0 : kRowsPerBlock;
  int64_t j = j0 + threadIdx.x;
  stageRows(ks, DMAX + 1, qkv + g.kBase, g.tokenStride, j0, keys, kRowsPerBlock, D);
  if constexpr (withValues)
    stageRows(vs, DMAX + 1, qkv + g.vBase, g.tokenStride, j0, keys, kRowsPerBlock, D);
  // A pass's unused accumulator is dead code: ptxas keeps no registers for it.
  float dk[DMAX], dv[DMAX];
#pragma unroll
  for (int d = 0; d < DMAX; ++d)
    dk[d] = 0.0f, dv[d] = 0.0f;
  for (int64_t h = h0; h < h0 + group; ++h) {
    HeadGeometry hg = headGeometry(a, b, h);
    gpu::AttentionRowInfo info = rowInfo(a, b, h);
    // Causal: queries before j0 never see these keys.
    for (int64_t q0 = a.causal ? j0 : 0; q0 < a.seq; q0 += kTile) {
      int64_t n = a.seq - q0 < kTile ? a.seq - q0 : kTile;
      __syncthreads();
      stageRows(qt, DMAX, qkv + hg.qBase, hg.tokenStride, q0, n, kTile, D);
      stageRows(dot, DMAX, dout + hg.outBase, hg.outStride, q0, n, kTile, D);
      for (int r = threadIdx.x; r < kTile; r += blockDim.x) {
        lt[r] = r < n ? lse[hg.lseBase + q0 + r] : 0.0f;
        if constexpr (withValues)
          rt[r] = r < n ? rowDot[hg.lseBase + q0 + r] : 0.0f;
      }
      __syncthreads();
      if (threadIdx.x < keys)
        gpu::attentionKeyGradRows<DMAX, Part>(
            dk, dv, ks + threadIdx.x * (DMAX + 1),
            withValues ? vs + threadIdx.x * (DMAX + 1) : nullptr, qt, dot, DMAX, lt, rt, D, j,
            q0, n, info);
    }
  }
  if (threadIdx.x < keys) {
    float *dkOut = dqkv + g.kBase + j * g.tokenStride;
    float *dvOut = dqkv + g.vBase + j * g.tokenStride;
#pragma unroll
    for (int d = 0; d < DMAX; ++d)
      if (d < D) {
        if constexpr (Part != gpu::KeyGrads::Value)
          dkOut[d] = dk[d];
        if constexpr (Part != gpu::KeyGrads::Key)
          dvOut[d] = dv[d];
      }
  }
}

// dK and dV in one pass (head dim <= 64: two 64-float accumulators fit).
template <int DMAX>
__global__ void __launch_bounds__(kRowsPerBlock)
    attentionKeyGradKernel(AttentionShape a, const float *qkv, const float *lse,
                           const float *dout, const float *rowDot, float *dqkv) {
  keyGradBlock<DMAX, gpu::KeyGrads::Both>(a, qkv, lse, dout, rowDot, dqkv);
}

// Head dim 128: dK and dV in two passes, one 128-float accumulator each
// (both at once spill ~350 bytes per thread). Like the query gradient, the dK
// pass needs __maxnreg__: ptxas for sm_90 otherwise stops at 168 registers
// and spills; 64-thread blocks afford the full 255.
template <int DMAX>
__global__ void __maxnreg__(255)
    attentionKeyGradDkKernel(AttentionShape a, const float *qkv, const float *lse,
                             const float *dout, const float *rowDot, float *dqkv) {
  keyGradBlock<DMAX, gpu::KeyGrads::Key>(a, qkv, lse, dout, rowDot, dqkv);
}

template <int DMAX>
__global__ void __maxnreg__(255)
    attentionKeyGradDvKernel(AttentionShape a, const float *qkv, const float *lse,
                             const float *dout, const float *rowDot, float *dqkv) {
  keyGradBlock<DMAX, gpu::KeyGrads::Value>(a, qkv, lse, dout, rowDot, dqkv);
}

// grid: (query blocks, batch * heads); thread t owns query i0 + t. Left to
// itself, ptxas for sm_90 stops at 128 registers and spills once a row may end
// at a padding length: 64-thread blocks afford the full 255.
template <int DMAX>
__global__ void __maxnreg__(255)
    attentionQueryGradKernel(AttentionShape a, const float *qkv, const float *lse,
                             const float *dout, const float *rowDot, float *dqkv) {
  extern __shared__ float smem[];
  float *qs = smem, *dos = qs + kRowsPerBlock * (DMAX + 1);
  float *ks = dos + kRowsPerBlock * (DMAX + 1), *vs = ks + kTile * DMAX;
  int64_t bh = blockIdx.y, b = bh / a.heads, h = bh % a.heads;
  int D = static_cast<int>(a.headDim);
  HeadGeometry g = headGeometry(a, b, h);
  gpu::AttentionRowInfo info = rowInfo(a, b, h);
  int64_t i0 = int64_t(blockIdx.x) * kRowsPerBlock;
  int64_t rows = a.seq - i0 < kRowsPerBlock ? a.seq - i0 : kRowsPerBlock;
  int64_t i = i0 + threadIdx.x;
  stageRows(qs, DMAX + 1, qkv + g.qBase, g.tokenStride, i0, rows, kRowsPerBlock, D);
  stageRows(dos, DMAX + 1, dout + g.outBase, g.outStride, i0, rows, kRowsPerBlock, D);
  float myLse = threadIdx.x < rows ? lse[g.lseBase + i] : 0.0f;
  float myDot = threadIdx.x < rows ? rowDot[g.lseBase + i] : 0.0f;
  float dq[DMAX];
#pragma unroll
  for (int d = 0; d < DMAX; ++d)
    dq[d] = 0.0f;
  gpu::UniformCursor uniforms(info.seed, info.stream);
  // Read once into shared memory: block-uniform, and out of the hot loop's registers.
  __shared__ int64_t sampleKeys;
  if (threadIdx.x == 0)
    sampleKeys = gpu::attentionKeys(a.lengths, b, a.seq);
  __syncthreads();
  const int64_t end = gpu::attentionKeyEnd(a.causal, i, sampleKeys);
  int64_t kvEnd = a.causal ? i0 + rows : a.seq;
  for (int64_t j0 = 0; j0 < kvEnd; j0 += kTile) {
    int64_t n = kvEnd - j0 < kTile ? kvEnd - j0 : kTile;
    __syncthreads();
    stageRows(ks, DMAX, qkv + g.kBase, g.tokenStride, j0, n, kTile, D);
    stageRows(vs, DMAX, qkv + g.vBase, g.tokenStride, j0, n, kTile, D);
    __syncthreads();
    if (threadIdx.x < rows)
      gpu::attentionQueryGradKeys<DMAX>(dq, qs + threadIdx.x * (DMAX + 1),
                                        dos + threadIdx.x * (DMAX + 1), myLse, myDot, ks,
                                        vs, DMAX, D, i, end, j0, n, info, uniforms);
  }
  if (threadIdx.x < rows) {
    float *dqOut = dqkv + g.qBase + i * g.tokenStride;
#pragma unroll
    for (int d = 0; d < DMAX; ++d)
      if (d < D)
        dqOut[d] = dq[d];
  }
}

// Generation: stores the new tokens' keys and values into the cache rows
// position.. (one thread per element of a key or value head).
__global__ void appendKeyValuesKernel(DecodeShape d, const float *qkv, float *keys,
                                      float *values) {
  int64_t r = d.heads / d.kvHeads, width = math::qkvRowWidth(d.heads, d.kvHeads, d.headDim);
  int64_t total = d.tokens * d.kvHeads * d.headDim;
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total;
       e += int64_t(gridDim.x) * blockDim.x) {
    int64_t i = e % d.headDim, g = (e / d.headDim) % d.kvHeads, t = e / (d.headDim * d.kvHeads);
    const float *row = qkv + t * width;
    int64_t at = (d.position + t) * d.kvHeads * d.headDim + g * d.headDim + i;
    keys[at] = row[math::qkvKeyColumn(g * r, r, d.headDim) + i];
    values[at] = row[math::qkvValueColumn(g * r, r, d.headDim) + i];
  }
}

// grid: (query blocks of the new tokens, heads); thread t owns new token
// i0 + t (position d.position + i0 + t) and streams the cached keys and
// values [0, its position] through shared tiles: the forward kernel's rows.
template <int DMAX>
__global__ void __launch_bounds__(kRowsPerBlock)
    attentionDecodeKernel(DecodeShape d, const float *qkv, const float *keys,
                          const float *values, float *out) {
  extern __shared__ float smem[];
  float *qs = smem, *ks = qs + kRowsPerBlock * (DMAX + 1), *vs = ks + kTile * DMAX;
  int64_t h = blockIdx.y, r = d.heads / d.kvHeads;
  int D = static_cast<int>(d.headDim);
  int64_t width = math::qkvRowWidth(d.heads, d.kvHeads, d.headDim);
  int64_t kvWidth = d.kvHeads * d.headDim;
  const float *kBase = keys + (h / r) * d.headDim, *vBase = values + (h / r) * d.headDim;
  gpu::AttentionRowInfo info;
  info.seq = d.position + d.tokens, info.causal = true, info.scale = d.scale;
  info.keys = info.seq, info.dropout = 0.0f, info.invKeep = 1.0f;
  info.seed = 0, info.stream = 0, info.dropoutBase = 0;
  int64_t i0 = int64_t(blockIdx.x) * kRowsPerBlock;
  int64_t rows = d.tokens - i0 < kRowsPerBlock ? d.tokens - i0 : kRowsPerBlock;
  stageRows(qs, DMAX + 1, qkv + math::qkvQueryColumn(h, r, d.headDim), width, i0, rows,
            kRowsPerBlock, D);
  gpu::AttentionForwardRow<DMAX> row;
  gpu::UniformCursor uniforms(0, 0);
  int64_t kvEnd = d.position + i0 + rows;
  for (int64_t j0 = 0; j0 < kvEnd; j0 += kTile) {
    int64_t n = kvEnd - j0 < kTile ? kvEnd - j0 : kTile;
    __syncthreads(); // the previous tile is consumed
    stageRows(ks, DMAX, kBase, kvWidth, j0, n, kTile, D);
    stageRows(vs, DMAX, vBase, kvWidth, j0, n, kTile, D);
    __syncthreads();
    if (threadIdx.x < rows)
      gpu::attentionForwardKeys<DMAX>(row, qs + threadIdx.x * (DMAX + 1), D, ks, vs, DMAX,
                                      d.position + i0 + threadIdx.x, j0, n, info, uniforms);
  }
  if (threadIdx.x < rows)
    gpu::attentionForwardFinish<DMAX>(
        row, out + (i0 + threadIdx.x) * d.heads * d.headDim + h * d.headDim, D);
}

template <int DMAX>
void launchForward(const AttentionShape &a, const float *qkv, float *out, float *lse,
                   cudaStream_t stream) {
  size_t bytes = sizeof(float) * (kRowsPerBlock * (DMAX + 1) + 2 * kTile * DMAX);
  allowSharedMemory(attentionForwardKernel<DMAX>, bytes);
  dim3 grid((a.seq + kRowsPerBlock - 1) / kRowsPerBlock, a.batch * a.heads);
  attentionForwardKernel<DMAX><<<grid, kRowsPerBlock, bytes, stream>>>(a, qkv, out, lse);
}

template <int DMAX>
void launchBackward(const AttentionShape &a, const float *qkv, const float *lse,
                    const float *dout, const float *rowDot, float *dqkv,
                    cudaStream_t stream) {
  dim3 grid((a.seq + kRowsPerBlock - 1) / kRowsPerBlock, a.batch * a.heads);
  dim3 keyGrid(grid.x, a.batch * kvHeadsOf(a));
  auto launchKeyGrads = [&](auto kernel, gpu::KeyGrads part) {
    size_t bytes = sizeof(float) * keyGradSharedFloats(DMAX, part);
    allowSharedMemory(kernel, bytes);
    kernel<<<keyGrid, kRowsPerBlock, bytes, stream>>>(a, qkv, lse, dout, rowDot, dqkv);
  };
  if constexpr (DMAX <= 64) {
    launchKeyGrads(attentionKeyGradKernel<DMAX>, gpu::KeyGrads::Both);
  } else {
    launchKeyGrads(attentionKeyGradDkKernel<DMAX>, gpu::KeyGrads::Key);
    launchKeyGrads(attentionKeyGradDvKernel<DMAX>, gpu::KeyGrads::Value);
  }
  size_t queryBytes = sizeof(float) * (2 * kRowsPerBlock * (DMAX + 1) + 2 * kTile * DMAX);
  allowSharedMemory(attentionQueryGradKernel<DMAX>, queryBytes);
  attentionQueryGradKernel<DMAX>
      <<<grid, kRowsPerBlock, queryBytes, stream>>>(a, qkv, lse, dout, rowDot, dqkv);
}

template <int DMAX>
void launchDecode(const DecodeShape &d, const float *qkv, const float *keys,
                  const float *values, float *out, cudaStream_t stream) {
  size_t bytes = sizeof(float) * (kRowsPerBlock * (DMAX + 1) + 2 * kTile * DMAX);
  allowSharedMemory(attentionDecodeKernel<DMAX>, bytes);
  dim3 grid((d.tokens + kRowsPerBlock - 1) / kRowsPerBlock, d.heads);
  attentionDecodeKernel<DMAX><<<grid, kRowsPerBlock, bytes, stream>>>(d, qkv, keys, values, out);
}

} // namespace

void checkAttentionShape(const char *kernel, const AttentionShape &a) {
  auto fail = [&](const std::string &what) {
    throw std::invalid_argument(std::string(kernel) + ": " + what);
  };
  if (a.batch < 0 || a.seq < 0)
    fail("batch and seq must be >= 0");
  if (a.heads <= 0 || a.headDim <= 0)
    fail("heads and headDim must be > 0");
  if (a.kvHeads < 0)
    fail("kvHeads must be >= 0 (got " + std::to_string(a.kvHeads) + ")");
  if (a.heads % kvHeadsOf(a) != 0)
    fail("heads " + std::to_string(a.heads) + " is not a multiple of kvHeads " +
         std::to_string(a.kvHeads));
  if (a.headDim > 128)
    fail("head dimension " + std::to_string(a.headDim) +
         " exceeds the GPU kernels' limit of 128");
  if (a.totalHeads && a.headOffset + a.heads > a.totalHeads)
    fail("heads [" + std::to_string(a.headOffset) + ", " +
         std::to_string(a.headOffset + a.heads) + ") exceed totalHeads " +
         std::to_string(a.totalHeads));
  if (!(a.dropout >= 0.0f && a.dropout < 1.0f))
    fail("dropout must be in [0, 1) (got " + std::to_string(a.dropout) + ")");
  if (a.batch * a.heads > 65535)
    fail("batch * heads " + std::to_string(a.batch * a.heads) + " exceeds 65535");
}

void attentionRowDot(const AttentionShape &a, const float *out, const float *dout,
                     float *rowDot, cudaStream_t stream) {
  int64_t rowsTotal = a.batch * a.heads * a.seq;
  unsigned blocks = static_cast<unsigned>((rowsTotal + 255) / 256);
  attentionRowDotKernel<<<blocks, 256, 0, stream>>>(a, out, dout, rowDot);
}

void attentionDecode(const DecodeShape &d, const float *qkv, float *keys, float *values,
                     float *out, cudaStream_t stream) {
  const char *k = "cuda::attentionDecode";
  auto fail = [&](const std::string &what) {
    throw std::invalid_argument(std::string(k) + ": " + what);
  };
  if (d.tokens < 0 || d.position < 0 || d.heads <= 0 || d.kvHeads <= 0 || d.headDim <= 0)
    fail("tokens and position must be >= 0, heads, kvHeads and headDim > 0");
  if (d.heads % d.kvHeads != 0)
    fail("heads " + std::to_string(d.heads) + " is not a multiple of kvHeads " +
         std::to_string(d.kvHeads));
  if (d.headDim > 128)
    fail("head dimension " + std::to_string(d.headDim) + " exceeds the GPU kernels' limit of 128");
  if (d.position + d.tokens > d.capacity)
    fail("positions [" + std::to_string(d.position) + ", " +
         std::to_string(d.position + d.tokens) + ") exceed the cache of " +
         std::to_string(d.capacity));
  if (d.tokens == 0)
    return;
  int64_t elements = d.tokens * d.kvHeads * d.headDim;
  appendKeyValuesKernel<<<static_cast<unsigned>((elements + 255) / 256), 256, 0, stream>>>(
      d, qkv, keys, values);
  if (d.headDim <= 64)
    launchDecode<64>(d, qkv, keys, values, out, stream);
  else
    launchDecode<128>(d, qkv, keys, values, out, stream);
  checkLaunch(k);
}

void attentionForward(const AttentionShape &a, const float *qkv, float *out, float *lse,
                      cudaStream_t stream) {
  launchByHeadDim("cuda::attentionForward", a, [&](auto dmax) {
    launchForward<decltype(dmax)::value>(a, qkv, out, lse, stream);
  });
}

void attentionBackward(const AttentionShape &a, const float *qkv, const float *out,
                       const float *lse, const float *dout, float *dqkv, float *rowDot,
                       cudaStream_t stream) {
  launchByHeadDim("cuda::attentionBackward", a, [&](auto dmax) {
    attentionRowDot(a, out, dout, rowDot, stream);
    launchBackward<decltype(dmax)::value>(a, qkv, lse, dout, rowDot, dqkv, stream);
  });
}

} // namespace mtc::kernels::cuda
