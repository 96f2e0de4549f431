// Causal flash attention on tensor cores (FlashAttention-2's algorithm):
// mma.sync.m16n8k16 with bf16 operands and fp32 accumulation, operands read
// from shared memory with ldmatrix. The tensors stay fp32 in global memory;
// each stage converts its tiles to bf16 while staging them.
//
// A block is 4 warps; each warp owns 16 rows (queries, or keys for dK/dV).
//  - forward: 64 queries per block, 64-key stages; online softmax per
//    fragment row, out and lse (log-sum-exp) written at the end.
//  - backward: rowDot = rowsum(dO * O) first (attention.cu), then a dK/dV
//    kernel (64 keys per block, streaming the queries of every head of the
//    key's group in ascending order) and a dQ kernel (64 queries per block,
//    streaming keys): each output has one owner, no atomics, deterministic.
//    Probabilities are recomputed from q, k and lse.
// Tiles entirely above the causal diagonal or past a sample's keys are
// skipped. The per-fragment math (mask, online softmax, dropout positions,
// the fragment layouts) is flash_tile.h, which the CPU tests execute.
#include "kernels/cuda/CudaCheck.h"
#include "kernels/cuda/attention_geometry.h"
#include "kernels/cuda/attention_launch.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/cuda/flash_tile.h"

#include <cuda_bf16.h>

namespace mtc::kernels::cuda {
namespace {

using namespace gpu::flash;
using gpu::AttentionRowInfo;
using gpu::HeadGeometry;
using bf16 = __nv_bfloat16;

constexpr int kThreads = kWarps * kWarpLanes;

__device__ inline uint32_t sharedAddress(const void *p) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// Four 8 x 8 b16 matrices; `lane` passes the address of its row segment.
__device__ inline void ldmatrixX4(uint32_t (&r)[4], const bf16 *p) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(sharedAddress(p)));
}
__device__ inline void ldmatrixX4Trans(uint32_t (&r)[4], const bf16 *p) {
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(sharedAddress(p)));
}

// d += a b (16 x 16 times 16 x 8, bf16 in, fp32 accumulate).
__device__ inline void mma(float (&d)[4], const uint32_t (&a)[4], uint32_t b0, uint32_t b1) {
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

// Round to nearest even, as math/precision.h's floatToBf16; lo in the low half.
__device__ inline uint32_t packBf16(float lo, float hi) {
  __nv_bfloat162 v = __floats2bfloat162_rn(lo, hi);
  return *reinterpret_cast<uint32_t *>(&v);
}

// The A operand of k-step kk from fp32 accumulators (register reuse).
template <int NT>
__device__ inline void accumulatorsAsA(uint32_t (&a)[4], const float (&acc)[NT][4], int kk) {
#pragma unroll
  for (int r = 0; r < 4; ++r)
    a[r] = packBf16(acc[accTileOfA(kk, 2 * r)][accElementOfA(2 * r)],
                    acc[accTileOfA(kk, 2 * r)][accElementOfA(2 * r) + 1]);
}

// acc[nt] += A (16 x 16 at `a`, row major [m][k], k from k0) * B^T where B
// rows are n (an [n][k] tile from row 0): S = Q K^T and its relatives.
template <int NT, int LD>
__device__ inline void mmaRowsByRows(float (&acc)[NT][4], const bf16 *a, const bf16 *b, int k0,
                                     int lane) {
  FragCoord ca = ldmatrixA(lane), cb = ldmatrixB(lane);
  uint32_t fa[4];
  ldmatrixX4(fa, a + ca.row * LD + k0 + ca.col);
#pragma unroll
  for (int np = 0; np < NT / 2; ++np) {
    uint32_t fb[4];
    ldmatrixX4(fb, b + (16 * np + cb.row) * LD + k0 + cb.col);
    mma(acc[2 * np], fa, fb[0], fb[1]);
    mma(acc[2 * np + 1], fa, fb[2], fb[3]);
  }
}

// acc[dt] += A (registers, k-step kk) * B, B a row-major [k][n] tile whose
// k rows start at 16 kk: P V, dS K and the backward's transposed products.
template <int DT, int LD>
__device__ inline void mmaRegsByTile(float (&acc)[DT][4], const uint32_t (&fa)[4],
                                     const bf16 *b, int kk, int lane) {
  FragCoord cb = ldmatrixBTrans(lane);
#pragma unroll
  for (int dp = 0; dp < DT / 2; ++dp) {
    uint32_t fb[4];
    ldmatrixX4Trans(fb, b + (16 * kk + cb.row) * LD + 16 * dp + cb.col);
    mma(acc[2 * dp], fa, fb[0], fb[1]);
    mma(acc[2 * dp + 1], fa, fb[2], fb[3]);
  }
}

// The 4 lanes of a quad hold the same two rows.
__device__ inline float quadMax(float x) {
  x = fmaxf(x, __shfl_xor_sync(0xffffffffu, x, 1));
  return fmaxf(x, __shfl_xor_sync(0xffffffffu, x, 2));
}
__device__ inline float quadSum(float x) {
  x += __shfl_xor_sync(0xffffffffu, x, 1);
  return x + __shfl_xor_sync(0xffffffffu, x, 2);
}

// Rows [r0, r0 + n) of a token-strided head slice into a bf16 tile of
// `rows` x DMAX (stride tileStride); rows past n and columns past D are 0.
//
// Where a row is whole float4s (D = DMAX, the stride and `src` 16-byte
// aligned: every head dimension the models use), each thread moves ROUND
// float4 per round, loads first: the one-float form kept too few loads in
// flight, and attention was 45% of a GPT-2 124M step on an H200 (docs/gpu.md).
// ROUND 0 is the one-float form alone: the dK/dV kernel's loop keeps it, as
// with the float4 form beside it ptxas spills that kernel on sm_90.
template <int DMAX, int ROUND = 2>
__device__ inline void stageTile(bf16 *tile, const float *src, int64_t stride, int64_t r0,
                                 int64_t n, int rows, int D) {
  if (ROUND > 0 && D == DMAX && stride % 4 == 0 &&
      reinterpret_cast<uintptr_t>(src) % 16 == 0) {
    constexpr int V = DMAX / 4, kRound = ROUND > 0 ? ROUND : 1; // float4 per row; in flight
    const int total = rows * V;
    for (int base = threadIdx.x; base < total; base += kRound * blockDim.x) {
      float4 x[kRound];
#pragma unroll
      for (int u = 0; u < kRound; ++u) {
        const int e = base + u * blockDim.x, r = e / V, c = 4 * (e % V);
        x[u] = e < total && r < n ? *reinterpret_cast<const float4 *>(src + (r0 + r) * stride + c)
                                  : make_float4(0.f, 0.f, 0.f, 0.f);
      }
#pragma unroll
      for (int u = 0; u < kRound; ++u) {
        const int e = base + u * blockDim.x, r = e / V, c = 4 * (e % V);
        if (e < total)
          *reinterpret_cast<uint2 *>(tile + r * tileStride<DMAX>() + c) =
              make_uint2(packBf16(x[u].x, x[u].y), packBf16(x[u].z, x[u].w));
      }
    }
    return;
  }
  for (int e = threadIdx.x; e < rows * DMAX; e += blockDim.x) {
    int r = e / DMAX, d = e % DMAX;
    float x = r < n && d < D ? src[(r0 + r) * stride + d] : 0.0f;
    tile[r * tileStride<DMAX>() + d] = __float2bfloat16_rn(x);
  }
}
__device__ inline void stageScalars(float *tile, const float *src, int64_t r0, int64_t n,
                                    int rows) {
  for (int r = threadIdx.x; r < rows; r += blockDim.x)
    tile[r] = r < n ? src[r0 + r] : 0.0f;
}

// Writes a warp's 16 x DMAX accumulator times `scale` to rows rowBase.. of a
// token-strided slice (rows below `rows`, columns below D).
template <int DT>
__device__ inline void storeRows(const float (&acc)[DT][4], float *dst, int64_t stride,
                                 int64_t rowBase, int64_t rows, int D, int lane,
                                 const float (&scale)[2]) {
#pragma unroll
  for (int dt = 0; dt < DT; ++dt)
#pragma unroll
    for (int e = 0; e < 4; ++e) {
      FragCoord c = accCoord(lane, e);
      int64_t r = rowBase + c.row;
      int d = 8 * dt + c.col;
      if (r < rows && d < D)
        dst[r * stride + d] = acc[dt][e] * scale[e >> 1];
    }
}

template <int DMAX> constexpr size_t forwardSharedBytes() {
  return sizeof(bf16) * (kBlockRows + 2 * kForwardKeyTile) * tileStride<DMAX>();
}

template <int DMAX>
__global__ void __launch_bounds__(kThreads)
    flashForwardKernel(AttentionShape a, const float *qkv, float *out, float *lse) {
  constexpr int LD = tileStride<DMAX>(), NT = kForwardKeyTile / 8, DT = DMAX / 8;
  extern __shared__ __align__(16) unsigned char smem[];
  bf16 *qs = reinterpret_cast<bf16 *>(smem), *ks = qs + kBlockRows * LD,
       *vs = ks + kForwardKeyTile * LD;
  const int warp = threadIdx.x / kWarpLanes, lane = threadIdx.x % kWarpLanes;
  const int64_t b = blockIdx.y / a.heads, h = blockIdx.y % a.heads;
  const int D = static_cast<int>(a.headDim);
  const HeadGeometry g = gpu::headGeometry(a, b, h);
  const AttentionRowInfo info = gpu::rowInfo(a, b, h);
  const int64_t i0 = int64_t(blockIdx.x) * kBlockRows;
  const int64_t rows = a.seq - i0 < kBlockRows ? a.seq - i0 : kBlockRows;
  const int64_t warpRow = i0 + warp * kWarpRows;
  stageTile<DMAX>(qs, qkv + g.qBase, g.tokenStride, i0, rows, kBlockRows, D);

  float o[DT][4] = {};
  RowSoftmax st = rowSoftmaxEmpty();
  int64_t kvEnd = a.causal ? i0 + rows : a.seq;
  kvEnd = kvEnd < info.keys ? kvEnd : info.keys;
  for (int64_t j0 = 0; j0 < kvEnd; j0 += kForwardKeyTile) {
    int64_t n = kvEnd - j0 < kForwardKeyTile ? kvEnd - j0 : kForwardKeyTile;
    __syncthreads(); // the previous stage is consumed
    stageTile<DMAX>(ks, qkv + g.kBase, g.tokenStride, j0, n, kForwardKeyTile, D);
    stageTile<DMAX>(vs, qkv + g.vBase, g.tokenStride, j0, n, kForwardKeyTile, D);
    __syncthreads();
    if (a.causal && j0 > warpRow + kWarpRows - 1)
      continue; // above this warp's diagonal
    float s[NT][4] = {};
#pragma unroll
    for (int kk = 0; kk < DMAX / 16; ++kk)
      mmaRowsByRows<NT, LD>(s, qs + warp * kWarpRows * LD, ks, 16 * kk, lane);
    const ScoreTile tile{warpRow, j0, false};
    scaleAndMask<NT>(s, lane, tile, info);
    float m[2], rescale[2];
    laneRowMax<NT>(s, m);
    m[0] = quadMax(m[0]), m[1] = quadMax(m[1]);
    softmaxTile<NT>(s, st, m, rescale);
    rescaleRows<DT>(o, rescale);
    if (info.dropout > 0.0f)
      dropoutTile<NT>(s, lane, tile, info);
#pragma unroll
    for (int kk = 0; kk < kForwardKeyTile / 16; ++kk) {
      uint32_t pa[4];
      accumulatorsAsA<NT>(pa, s, kk);
      mmaRegsByTile<DT, LD>(o, pa, vs, kk, lane);
    }
  }
  float sum[2] = {quadSum(st.laneSum[0]), quadSum(st.laneSum[1])};
  float norm[2] = {rowNormalizer(sum[0]), rowNormalizer(sum[1])};
  storeRows<DT>(o, out + g.outBase, g.outStride, warpRow, a.seq, D, lane, norm);
  if ((lane & 3) == 0)
    for (int half = 0; half < 2; ++half) {
      int64_t i = warpRow + (lane >> 2) + 8 * half;
      if (i < a.seq)
        lse[g.lseBase + i] = rowLse(st.max[half], sum[half]);
    }
}

// Both backward kernels' score work for one warp: s = A B^T and
// dp = C D^T (A, C the warp's 16 rows; B, D the stage's rows), then the mask,
// the recomputed probabilities (times their dropout scale) over s and dS
// over dp (flash_tile.h's backwardScores).
template <int NT, int LD, int DMAX>
__device__ inline void scoreGradientTile(float (&s)[NT][4], float (&dp)[NT][4], const bf16 *a,
                                         const bf16 *b, const bf16 *c, const bf16 *d,
                                         int lane, const ScoreTile &tile, const float *lse,
                                         const float *rowDot, int64_t queryBase,
                                         const AttentionRowInfo &info) {
#pragma unroll
  for (int kk = 0; kk < DMAX / 16; ++kk) {
    mmaRowsByRows<NT, LD>(s, a, b, 16 * kk, lane);
    mmaRowsByRows<NT, LD>(dp, c, d, 16 * kk, lane);
  }
  scaleAndMask<NT>(s, lane, tile, info);
  backwardScores<NT>(s, dp, lane, tile, lse, rowDot, queryBase, info);
}

template <int DMAX> constexpr size_t backwardSharedBytes() {
  return sizeof(bf16) * (2 * kBlockRows + 2 * backwardTile<DMAX>()) * tileStride<DMAX>() +
         sizeof(float) * 2 * kBlockRows;
}

// grid: (key blocks, batch * kvHeads). Keys are the warps' rows (S^T = K Q^T),
// so P^T and dS^T are A operands of dV += P^T dO and dK += dS^T Q directly.
template <int DMAX>
__global__ void __launch_bounds__(kThreads)
    flashKeyGradKernel(AttentionShape a, const float *qkv, const float *lse, const float *dout,
                       const float *rowDot, float *dqkv) {
  constexpr int LD = tileStride<DMAX>(), BT = backwardTile<DMAX>(), NT = BT / 8,
                DT = DMAX / 8;
  extern __shared__ __align__(16) unsigned char smem[];
  bf16 *ks = reinterpret_cast<bf16 *>(smem), *vs = ks + kBlockRows * LD, *qs = vs + kBlockRows * LD,
       *dos = qs + BT * LD;
  float *lseTile = reinterpret_cast<float *>(dos + BT * LD), *dotTile = lseTile + BT;
  const int warp = threadIdx.x / kWarpLanes, lane = threadIdx.x % kWarpLanes;
  const int64_t kvHeads = gpu::kvHeadsOf(a), group = a.heads / kvHeads;
  const int64_t b = blockIdx.y / kvHeads, h0 = (blockIdx.y % kvHeads) * group;
  const int D = static_cast<int>(a.headDim);
  const HeadGeometry g = gpu::headGeometry(a, b, h0);
  const int64_t j0 = int64_t(blockIdx.x) * kBlockRows;
  const int64_t keys = a.seq - j0 < kBlockRows ? a.seq - j0 : kBlockRows;
  const int64_t warpKey = j0 + warp * kWarpRows;
  stageTile<DMAX>(ks, qkv + g.kBase, g.tokenStride, j0, keys, kBlockRows, D);
  stageTile<DMAX>(vs, qkv + g.vBase, g.tokenStride, j0, keys, kBlockRows, D);

  float dk[DT][4] = {}, dv[DT][4] = {};
  // Keys past the sample's length are seen by no query: their gradients are 0.
  const bool seen = j0 < gpu::attentionKeys(a.lengths, b, a.seq);
  for (int64_t h = h0; seen && h < h0 + group; ++h) {
    const HeadGeometry hg = gpu::headGeometry(a, b, h);
    const AttentionRowInfo info = gpu::rowInfo(a, b, h);
    for (int64_t q0 = a.causal ? j0 : 0; q0 < a.seq; q0 += BT) {
      int64_t n = a.seq - q0 < BT ? a.seq - q0 : BT;
      __syncthreads();
      stageTile<DMAX, 0>(qs, qkv + hg.qBase, hg.tokenStride, q0, n, BT, D);
      stageTile<DMAX, 0>(dos, dout + hg.outBase, hg.outStride, q0, n, BT, D);
      stageScalars(lseTile, lse + hg.lseBase, q0, n, BT);
      stageScalars(dotTile, rowDot + hg.lseBase, q0, n, BT);
      __syncthreads();
      if (a.causal && q0 + BT - 1 < warpKey)
        continue; // every query of the stage is before this warp's keys
      const ScoreTile tile{warpKey, q0, true};
      float p[NT][4] = {}, ds[NT][4] = {};
      scoreGradientTile<NT, LD, DMAX>(p, ds, ks + warp * kWarpRows * LD, qs,
                                      vs + warp * kWarpRows * LD, dos, lane, tile, lseTile,
                                      dotTile, q0, info);
#pragma unroll
      for (int kk = 0; kk < BT / 16; ++kk) {
        uint32_t fa[4];
        accumulatorsAsA<NT>(fa, p, kk);
        mmaRegsByTile<DT, LD>(dv, fa, dos, kk, lane);
        accumulatorsAsA<NT>(fa, ds, kk);
        mmaRegsByTile<DT, LD>(dk, fa, qs, kk, lane);
      }
    }
  }
  const float one[2] = {1.0f, 1.0f}, scale[2] = {a.scale, a.scale};
  storeRows<DT>(dk, dqkv + g.kBase, g.tokenStride, warpKey, a.seq, D, lane, scale);
  storeRows<DT>(dv, dqkv + g.vBase, g.tokenStride, warpKey, a.seq, D, lane, one);
}

// grid: (query blocks, batch * heads): dQ = scale dS K, keys streamed.
template <int DMAX>
__global__ void __launch_bounds__(kThreads)
    flashQueryGradKernel(AttentionShape a, const float *qkv, const float *lse,
                         const float *dout, const float *rowDot, float *dqkv) {
  constexpr int LD = tileStride<DMAX>(), BT = backwardTile<DMAX>(), NT = BT / 8,
                DT = DMAX / 8;
  extern __shared__ __align__(16) unsigned char smem[];
  bf16 *qs = reinterpret_cast<bf16 *>(smem), *dos = qs + kBlockRows * LD, *ks = dos + kBlockRows * LD,
       *vs = ks + BT * LD;
  float *lseTile = reinterpret_cast<float *>(vs + BT * LD), *dotTile = lseTile + kBlockRows;
  const int warp = threadIdx.x / kWarpLanes, lane = threadIdx.x % kWarpLanes;
  const int64_t b = blockIdx.y / a.heads, h = blockIdx.y % a.heads;
  const int D = static_cast<int>(a.headDim);
  const HeadGeometry g = gpu::headGeometry(a, b, h);
  const AttentionRowInfo info = gpu::rowInfo(a, b, h);
  const int64_t i0 = int64_t(blockIdx.x) * kBlockRows;
  const int64_t rows = a.seq - i0 < kBlockRows ? a.seq - i0 : kBlockRows;
  const int64_t warpRow = i0 + warp * kWarpRows;
  stageTile<DMAX>(qs, qkv + g.qBase, g.tokenStride, i0, rows, kBlockRows, D);
  stageTile<DMAX>(dos, dout + g.outBase, g.outStride, i0, rows, kBlockRows, D);
  stageScalars(lseTile, lse + g.lseBase, i0, rows, kBlockRows);
  stageScalars(dotTile, rowDot + g.lseBase, i0, rows, kBlockRows);

  float dq[DT][4] = {};
  int64_t kvEnd = a.causal ? i0 + rows : a.seq;
  kvEnd = kvEnd < info.keys ? kvEnd : info.keys;
  for (int64_t j0 = 0; j0 < kvEnd; j0 += BT) {
    int64_t n = kvEnd - j0 < BT ? kvEnd - j0 : BT;
    __syncthreads();
    stageTile<DMAX>(ks, qkv + g.kBase, g.tokenStride, j0, n, BT, D);
    stageTile<DMAX>(vs, qkv + g.vBase, g.tokenStride, j0, n, BT, D);
    __syncthreads();
    if (a.causal && j0 > warpRow + kWarpRows - 1)
      continue;
    const ScoreTile tile{warpRow, j0, false};
    float p[NT][4] = {}, ds[NT][4] = {};
    scoreGradientTile<NT, LD, DMAX>(p, ds, qs + warp * kWarpRows * LD, ks,
                                    dos + warp * kWarpRows * LD, vs, lane, tile, lseTile,
                                    dotTile, i0, info);
#pragma unroll
    for (int kk = 0; kk < BT / 16; ++kk) {
      uint32_t fa[4];
      accumulatorsAsA<NT>(fa, ds, kk);
      mmaRegsByTile<DT, LD>(dq, fa, ks, kk, lane);
    }
  }
  const float scale[2] = {a.scale, a.scale};
  storeRows<DT>(dq, dqkv + g.qBase, g.tokenStride, warpRow, a.seq, D, lane, scale);
}

template <int DMAX>
void launchForward(const AttentionShape &a, const float *qkv, float *out, float *lse,
                   cudaStream_t stream) {
  constexpr size_t bytes = forwardSharedBytes<DMAX>();
  allowSharedMemory(flashForwardKernel<DMAX>, bytes);
  dim3 grid((a.seq + kBlockRows - 1) / kBlockRows, a.batch * a.heads);
  flashForwardKernel<DMAX><<<grid, kThreads, bytes, stream>>>(a, qkv, out, lse);
}

template <int DMAX>
void launchBackward(const AttentionShape &a, const float *qkv, const float *lse,
                    const float *dout, const float *rowDot, float *dqkv, cudaStream_t stream) {
  constexpr size_t bytes = backwardSharedBytes<DMAX>();
  dim3 grid((a.seq + kBlockRows - 1) / kBlockRows, a.batch * a.heads);
  dim3 keyGrid(grid.x, a.batch * gpu::kvHeadsOf(a));
  allowSharedMemory(flashKeyGradKernel<DMAX>, bytes);
  flashKeyGradKernel<DMAX><<<keyGrid, kThreads, bytes, stream>>>(a, qkv, lse, dout, rowDot, dqkv);
  allowSharedMemory(flashQueryGradKernel<DMAX>, bytes);
  flashQueryGradKernel<DMAX><<<grid, kThreads, bytes, stream>>>(a, qkv, lse, dout, rowDot, dqkv);
}

} // namespace

void flashAttentionForward(const AttentionShape &a, const float *qkv, float *out, float *lse,
                           cudaStream_t stream) {
  launchByHeadDim("cuda::flashAttentionForward", a, [&](auto dmax) {
    launchForward<decltype(dmax)::value>(a, qkv, out, lse, stream);
  });
}

void flashAttentionBackward(const AttentionShape &a, const float *qkv, const float *out,
                            const float *lse, const float *dout, float *dqkv, float *rowDot,
                            cudaStream_t stream) {
  launchByHeadDim("cuda::flashAttentionBackward", a, [&](auto dmax) {
    attentionRowDot(a, out, dout, rowDot, stream);
    launchBackward<decltype(dmax)::value>(a, qkv, lse, dout, rowDot, dqkv, stream);
  });
}

} // namespace mtc::kernels::cuda
