// One block of context-parallel (ring) attention on the GPU (kernels.h's
// AttentionBlock; the host twin is kernels/host/attention_block.cpp). The
// thread mapping is attention.cu's: each thread owns one query row (or, for
// dK/dV, one key row of the block) and streams the other side through
// shared-memory tiles. What differs is that every row carries its position
// in the whole sequence (blk.positions, blk.keyPositions: device memory
// here), so the causal mask, the padding lengths and the dropout counters are
// attentionForward's on the whole sequence, and the forward merges the block
// into the rows' running (out, lse) by log-sum-exp.
//
// Backward: rowDot = rowsum(dO * O) of the block's query rows, then dK/dV
// (one thread block per (key tile, batch, key/value group): a thread owns its
// key's dkv row and sums over the group's query heads in ascending order, then
// the block's query rows in order) and dQ (one thread per (batch, head, query
// row), keys in order). Every output element has one owner: no atomics, the
// same bits on every run. Head dim 128 splits dK/dV into a dK and a dV pass to
// stay in registers, like attention.cu.
#include "kernels/cuda/CudaCheck.h"
#include "kernels/cuda/attention_geometry.h"
#include "kernels/cuda/attention_launch.h"
#include "kernels/cuda/attention_rows.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/math/dropout.h"
#include "kernels/math/llama.h"
#include "kernels/math/softmax.h"

#include <cmath>
#include <stdexcept>
#include <string>

namespace mtc::kernels::cuda {
namespace {

constexpr int kRowsPerBlock = 64; // threads per block = owned rows per block
constexpr int kTile = 32;         // rows of the streamed side per stage

using gpu::AttentionRowInfo;
using gpu::kvHeadsOf;
using gpu::rowInfo;
using gpu::UniformCursor;

// Where (batch b, query head h) of a block lives: local row 0 of sample b in
// qkv (query column of h) and out, the block's row 0 of sample b in kv (the
// key of h's group; its value is D further), lse row of (b, h).
struct BlockGeometry {
  int64_t qStride, kvStride, outStride; // floats between rows
  int64_t qBase, kBase, outBase, lseBase;
};

__device__ inline BlockGeometry blockGeometry(const AttentionBlock &blk, int64_t b, int64_t h) {
  const AttentionShape &a = blk.whole;
  int64_t kvHeads = kvHeadsOf(a), r = a.heads / kvHeads, D = a.headDim;
  BlockGeometry g;
  g.qStride = math::qkvRowWidth(a.heads, kvHeads, D);
  g.kvStride = kvHeads * 2 * D;
  g.outStride = a.heads * D;
  g.qBase = b * blk.localSeq * g.qStride + math::qkvQueryColumn(h, r, D);
  g.kBase = b * blk.kvRows * g.kvStride + (h / r) * 2 * D;
  g.outBase = b * blk.localSeq * g.outStride + h * D;
  g.lseBase = (b * a.heads + h) * blk.localSeq;
  return g;
}

// Whether query position qp attends key position kp (the host's attends()).
__device__ inline bool attends(const AttentionRowInfo &info, int64_t qp, int64_t kp) {
  return kp < info.keys && (!info.causal || kp <= qp);
}

// The dropout scale of (qp, kp) at the whole sequence's counter.
__device__ inline float keepScale(const AttentionRowInfo &info, UniformCursor &uniforms,
                                  int64_t qp, int64_t kp) {
  return math::dropoutKeepScale(
      uniforms.at(info.dropoutBase + static_cast<uint64_t>(qp * info.seq + kp)), info.dropout,
      info.invKeep);
}

// Copies rows [r0, r0 + n) of a strided head slice into a dense shared tile
// of `ld` floats per row; rows past n are zero.
__device__ inline void stageRows(float *tile, int ld, const float *src, int64_t srcStride,
                                 int64_t r0, int64_t n, int rows, int D) {
  for (int e = threadIdx.x; e < rows * D; e += blockDim.x) {
    int r = e / D, d = e % D;
    tile[r * ld + d] = r < n ? src[(r0 + r) * srcStride + d] : 0.0f;
  }
}

// positions[r0, r0 + n) into a shared tile of `rows`; rows past n get a
// position no query attends (-1 as a key, beyond every key as a query:
// callers never read those).
__device__ inline void stagePositions(int64_t *tile, const int64_t *positions, int64_t r0,
                                      int64_t n, int rows) {
  for (int r = threadIdx.x; r < rows; r += blockDim.x)
    tile[r] = r < n ? positions[r0 + r] : -1;
}

// ------------------------------------------------------------------ forward

// grid: (query tiles, batch * heads); thread t owns local query row
// firstQuery + x * 64 + t. Shared: q rows [64][DMAX + 1] (padded: thread t
// reads row t, conflict-free), K and V tiles [kTile][DMAX]; key positions.
template <int DMAX>
__global__ void __launch_bounds__(kRowsPerBlock)
    attentionBlockForwardKernel(AttentionBlock blk, const float *qkv, const float *kv,
                                float *out, float *lse, bool first) {
  extern __shared__ float smem[];
  __shared__ int64_t keyPos[kTile];
  float *qs = smem, *ks = qs + kRowsPerBlock * (DMAX + 1), *vs = ks + kTile * DMAX;
  const AttentionShape &a = blk.whole;
  int64_t bh = blockIdx.y, b = bh / a.heads, h = bh % a.heads;
  int D = static_cast<int>(a.headDim);
  BlockGeometry g = blockGeometry(blk, b, h);
  AttentionRowInfo info = rowInfo(a, b, h);
  int64_t i0 = int64_t(blockIdx.x) * kRowsPerBlock;
  int64_t rows = blk.queries - i0 < kRowsPerBlock ? blk.queries - i0 : kRowsPerBlock;
  int64_t local = blk.firstQuery + i0 + threadIdx.x;
  bool owner = threadIdx.x < rows;
  stageRows(qs, DMAX + 1, qkv + g.qBase, g.qStride, blk.firstQuery + i0, rows, kRowsPerBlock,
            D);
  int64_t qp = owner ? blk.positions[local] : 0;
  gpu::AttentionForwardRow<DMAX> row;
  UniformCursor uniforms(info.seed, info.stream);
  const float *q = qs + threadIdx.x * (DMAX + 1);
  for (int64_t j0 = 0; j0 < blk.keys; j0 += kTile) {
    int64_t n = blk.keys - j0 < kTile ? blk.keys - j0 : kTile;
    __syncthreads(); // the previous tile is consumed
    stageRows(ks, DMAX, kv + g.kBase, g.kvStride, j0, n, kTile, D);
    stageRows(vs, DMAX, kv + g.kBase + D, g.kvStride, j0, n, kTile, D);
    stagePositions(keyPos, blk.keyPositions, j0, n, kTile);
    __syncthreads();
    if (!owner)
      continue;
    for (int t = 0; t < n; ++t) {
      int64_t kp = keyPos[t];
      if (!attends(info, qp, kp))
        continue;
      const float *kj = ks + t * DMAX, *vj = vs + t * DMAX;
      float s = info.scale * gpu::attentionDot<DMAX>(q, kj, D);
      gpu::OnlineSoftmaxStep step = gpu::onlineSoftmaxStep(row.state, s);
      float w = step.weight;
      if (info.dropout > 0.0f)
        w *= keepScale(info, uniforms, qp, kp);
#pragma unroll
      for (int d = 0; d < DMAX; ++d)
        if (d < D)
          row.acc[d] = row.acc[d] * step.rescale + w * vj[d];
    }
  }
  if (!owner)
    return;
  float *o = out + g.outBase + local * g.outStride;
  float *l = lse + g.lseBase + local;
  if (row.state.max == -INFINITY) { // no key of this block: keep the row (first: empty)
    if (first) {
      *l = -INFINITY;
      for (int d = 0; d < D; ++d)
        o[d] = 0.0f;
    }
    return;
  }
  float inv = 1.0f / row.state.sum;
  float blockLse = math::softmaxLse(row.state);
  float old = first ? -INFINITY : *l;
  if (old == -INFINITY) {
    *l = blockLse;
#pragma unroll
    for (int d = 0; d < DMAX; ++d)
      if (d < D)
        o[d] = row.acc[d] * inv;
    return;
  }
  // The host's merge: m + log(e^(l - m) + e^(bl - m)), then both weighted.
  float m = old > blockLse ? old : blockLse;
  float merged = m + logf(expf(old - m) + expf(blockLse - m));
  float keepOld = expf(old - merged), takeNew = expf(blockLse - merged) * inv;
#pragma unroll
  for (int d = 0; d < DMAX; ++d)
    if (d < D)
      o[d] = keepOld * o[d] + takeNew * row.acc[d];
  *l = merged;
}

// ----------------------------------------------------------------- backward

// rowDot[(b * heads + h) * queries + r] = rowsum(dO * O) of local row
// firstQuery + r.
__global__ void attentionBlockRowDotKernel(AttentionBlock blk, const float *out,
                                           const float *dout, float *rowDot) {
  const AttentionShape &a = blk.whole;
  int64_t total = a.batch * a.heads * blk.queries;
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total;
       e += int64_t(gridDim.x) * blockDim.x) {
    int64_t r = e % blk.queries, bh = e / blk.queries, b = bh / a.heads, h = bh % a.heads;
    int64_t base = ((b * blk.localSeq + blk.firstQuery + r) * a.heads + h) * a.headDim;
    float s = 0.0f;
    for (int64_t d = 0; d < a.headDim; ++d)
      s += dout[base + d] * out[base + d];
    rowDot[e] = s;
  }
}

// Shared floats of a key-gradient block: own k (and v) rows [64][DMAX + 1],
// streamed q and dO tiles [kTile][DMAX], lse (and rowDot) [kTile]. A Value
// pass reads no v and no rowDot.
constexpr size_t keyGradSharedFloats(int dmax, gpu::KeyGrads part) {
  size_t perRow = part == gpu::KeyGrads::Value ? 1 : 2;
  return perRow * kRowsPerBlock * (dmax + 1) + 2 * kTile * dmax + perRow * kTile;
}

// grid: (key tiles, batch * kvHeads); thread t owns key row x * 64 + t of
// the block and adds the gradients `Part` names into its dkv row, summed over
// the group's query heads in ascending order, each over the block's query
// rows in order.
template <int DMAX, gpu::KeyGrads Part>
__device__ inline void blockKeyGrads(const AttentionBlock &blk, const float *qkv,
                                     const float *kv, const float *lse, const float *dout,
                                     const float *rowDot, float *dkv) {
  constexpr bool withValues = Part != gpu::KeyGrads::Value; // v rows and rowDot
  extern __shared__ float smem[];
  __shared__ int64_t queryPos[kTile];
  float *ks = smem, *vs = withValues ? ks + kRowsPerBlock * (DMAX + 1) : nullptr;
  float *qt = ks + (withValues ? 2 : 1) * kRowsPerBlock * (DMAX + 1);
  float *dot = qt + kTile * DMAX, *lt = dot + kTile * DMAX;
  float *rt = withValues ? lt + kTile : nullptr;
  const AttentionShape &a = blk.whole;
  int64_t kvHeads = kvHeadsOf(a), group = a.heads / kvHeads;
  int64_t bg = blockIdx.y, b = bg / kvHeads, h0 = (bg % kvHeads) * group;
  int D = static_cast<int>(a.headDim);
  BlockGeometry g = blockGeometry(blk, b, h0);
  int64_t j0 = int64_t(blockIdx.x) * kRowsPerBlock;
  int64_t keys = blk.keys - j0 < kRowsPerBlock ? blk.keys - j0 : kRowsPerBlock;
  int64_t j = j0 + threadIdx.x;
  bool owner = threadIdx.x < keys;
  stageRows(ks, DMAX + 1, kv + g.kBase, g.kvStride, j0, keys, kRowsPerBlock, D);
  if constexpr (withValues)
    stageRows(vs, DMAX + 1, kv + g.kBase + D, g.kvStride, j0, keys, kRowsPerBlock, D);
  int64_t kp = owner ? blk.keyPositions[j] : 0;
  const float *kj = ks + threadIdx.x * (DMAX + 1);
  const float *vj = withValues ? vs + threadIdx.x * (DMAX + 1) : nullptr;
  // A pass's unused accumulator is dead code: ptxas keeps no registers for it.
  float dk[DMAX], dv[DMAX];
#pragma unroll
  for (int d = 0; d < DMAX; ++d)
    dk[d] = 0.0f, dv[d] = 0.0f;
  for (int64_t h = h0; h < h0 + group; ++h) {
    BlockGeometry hg = blockGeometry(blk, b, h);
    AttentionRowInfo info = rowInfo(a, b, h);
    for (int64_t q0 = 0; q0 < blk.queries; q0 += kTile) {
      int64_t n = blk.queries - q0 < kTile ? blk.queries - q0 : kTile;
      int64_t local0 = blk.firstQuery + q0;
      __syncthreads();
      stageRows(qt, DMAX, qkv + hg.qBase, hg.qStride, local0, n, kTile, D);
      stageRows(dot, DMAX, dout + hg.outBase, hg.outStride, local0, n, kTile, D);
      stagePositions(queryPos, blk.positions, local0, n, kTile);
      for (int r = threadIdx.x; r < kTile; r += blockDim.x) {
        lt[r] = r < n ? lse[hg.lseBase + local0 + r] : 0.0f;
        if constexpr (withValues)
          rt[r] = r < n ? rowDot[(b * a.heads + h) * blk.queries + q0 + r] : 0.0f;
      }
      __syncthreads();
      if (!owner)
        continue;
      for (int r = 0; r < n; ++r) {
        int64_t qp = queryPos[r];
        if (!attends(info, qp, kp))
          continue;
        const float *qi = qt + r * DMAX, *dOi = dot + r * DMAX;
        float p = math::softmaxProb(info.scale * gpu::attentionDot<DMAX>(qi, kj, D), lt[r]);
        float keep = 1.0f;
        if (info.dropout > 0.0f) {
          // Counters of a key column are seq apart: a fresh cursor per element.
          UniformCursor uniforms(info.seed, info.stream);
          keep = keepScale(info, uniforms, qp, kp);
        }
        if constexpr (Part == gpu::KeyGrads::Value) {
          float pDropped = p * keep;
#pragma unroll
          for (int d = 0; d < DMAX; ++d)
            if (d < D)
              dv[d] += pDropped * dOi[d];
        } else {
          float dp = gpu::attentionDot<DMAX>(dOi, vj, D);
          float ds = info.scale * math::softmaxBackward(p, dp * keep, rt[r]);
          float pDropped = p * keep;
#pragma unroll
          for (int d = 0; d < DMAX; ++d)
            if (d < D) {
              dk[d] += ds * qi[d];
              if constexpr (Part == gpu::KeyGrads::Both)
                dv[d] += pDropped * dOi[d];
            }
        }
      }
    }
  }
  if (!owner)
    return;
  float *dkOut = dkv + g.kBase + j * g.kvStride, *dvOut = dkOut + D;
#pragma unroll
  for (int d = 0; d < DMAX; ++d)
    if (d < D) {
      if constexpr (Part != gpu::KeyGrads::Value)
        dkOut[d] += dk[d];
      if constexpr (Part != gpu::KeyGrads::Key)
        dvOut[d] += dv[d];
    }
}

// dK and dV in one pass (head dim <= 64).
template <int DMAX>
__global__ void __launch_bounds__(kRowsPerBlock)
    attentionBlockKeyGradKernel(AttentionBlock blk, const float *qkv, const float *kv,
                                const float *lse, const float *dout, const float *rowDot,
                                float *dkv) {
  blockKeyGrads<DMAX, gpu::KeyGrads::Both>(blk, qkv, kv, lse, dout, rowDot, dkv);
}

// Head dim 128: a dK pass and a dV pass, one 128-float accumulator each
// (attention.cu's split; 64-thread blocks afford 255 registers).
template <int DMAX>
__global__ void __maxnreg__(255)
    attentionBlockKeyGradDkKernel(AttentionBlock blk, const float *qkv, const float *kv,
                                  const float *lse, const float *dout, const float *rowDot,
                                  float *dkv) {
  blockKeyGrads<DMAX, gpu::KeyGrads::Key>(blk, qkv, kv, lse, dout, rowDot, dkv);
}

template <int DMAX>
__global__ void __maxnreg__(255)
    attentionBlockKeyGradDvKernel(AttentionBlock blk, const float *qkv, const float *kv,
                                  const float *lse, const float *dout, const float *rowDot,
                                  float *dkv) {
  blockKeyGrads<DMAX, gpu::KeyGrads::Value>(blk, qkv, kv, lse, dout, rowDot, dkv);
}

// grid: (query tiles, batch * heads); thread t owns local query row
// firstQuery + x * 64 + t and adds its dQ over the block's keys (in order)
// into dqkv's query columns.
template <int DMAX>
__global__ void __maxnreg__(255)
    attentionBlockQueryGradKernel(AttentionBlock blk, const float *qkv, const float *kv,
                                  const float *lse, const float *dout, const float *rowDot,
                                  float *dqkv) {
  extern __shared__ float smem[];
  __shared__ int64_t keyPos[kTile];
  float *qs = smem, *dos = qs + kRowsPerBlock * (DMAX + 1);
  float *ks = dos + kRowsPerBlock * (DMAX + 1), *vs = ks + kTile * DMAX;
  const AttentionShape &a = blk.whole;
  int64_t bh = blockIdx.y, b = bh / a.heads, h = bh % a.heads;
  int D = static_cast<int>(a.headDim);
  BlockGeometry g = blockGeometry(blk, b, h);
  AttentionRowInfo info = rowInfo(a, b, h);
  int64_t i0 = int64_t(blockIdx.x) * kRowsPerBlock;
  int64_t rows = blk.queries - i0 < kRowsPerBlock ? blk.queries - i0 : kRowsPerBlock;
  int64_t local = blk.firstQuery + i0 + threadIdx.x;
  bool owner = threadIdx.x < rows;
  stageRows(qs, DMAX + 1, qkv + g.qBase, g.qStride, blk.firstQuery + i0, rows, kRowsPerBlock,
            D);
  stageRows(dos, DMAX + 1, dout + g.outBase, g.outStride, blk.firstQuery + i0, rows,
            kRowsPerBlock, D);
  int64_t qp = owner ? blk.positions[local] : 0;
  float myLse = owner ? lse[g.lseBase + local] : 0.0f;
  float myDot = owner ? rowDot[bh * blk.queries + i0 + threadIdx.x] : 0.0f;
  const float *qi = qs + threadIdx.x * (DMAX + 1), *dOi = dos + threadIdx.x * (DMAX + 1);
  float dq[DMAX];
#pragma unroll
  for (int d = 0; d < DMAX; ++d)
    dq[d] = 0.0f;
  UniformCursor uniforms(info.seed, info.stream);
  for (int64_t j0 = 0; j0 < blk.keys; j0 += kTile) {
    int64_t n = blk.keys - j0 < kTile ? blk.keys - j0 : kTile;
    __syncthreads();
    stageRows(ks, DMAX, kv + g.kBase, g.kvStride, j0, n, kTile, D);
    stageRows(vs, DMAX, kv + g.kBase + D, g.kvStride, j0, n, kTile, D);
    stagePositions(keyPos, blk.keyPositions, j0, n, kTile);
    __syncthreads();
    if (!owner)
      continue;
    for (int t = 0; t < n; ++t) {
      int64_t kp = keyPos[t];
      if (!attends(info, qp, kp))
        continue;
      const float *kj = ks + t * DMAX, *vj = vs + t * DMAX;
      float p = math::softmaxProb(info.scale * gpu::attentionDot<DMAX>(qi, kj, D), myLse);
      float keep = info.dropout > 0.0f ? keepScale(info, uniforms, qp, kp) : 1.0f;
      float dp = gpu::attentionDot<DMAX>(dOi, vj, D);
      float ds = info.scale * math::softmaxBackward(p, dp * keep, myDot);
#pragma unroll
      for (int d = 0; d < DMAX; ++d)
        if (d < D)
          dq[d] += ds * kj[d];
    }
  }
  if (!owner)
    return;
  float *dqOut = dqkv + g.qBase + local * g.qStride;
#pragma unroll
  for (int d = 0; d < DMAX; ++d)
    if (d < D)
      dqOut[d] += dq[d];
}

// ------------------------------------------------------ key/value blocks

// kv[t, g, :] = qkv[t, key and value columns of group g] (2 D floats).
__global__ void packKeyValuesKernel(AttentionShape a, int64_t tokens, const float *qkv,
                                    float *kv) {
  int64_t kvHeads = kvHeadsOf(a), r = a.heads / kvHeads, D = a.headDim;
  int64_t width = math::qkvRowWidth(a.heads, kvHeads, D), total = tokens * kvHeads * 2 * D;
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total;
       e += int64_t(gridDim.x) * blockDim.x) {
    int64_t c = e % (2 * D), g = (e / (2 * D)) % kvHeads, t = e / (2 * D * kvHeads);
    kv[e] = qkv[t * width + math::qkvKeyColumn(g * r, r, D) + c];
  }
}

// dqkv[b, i, key and value columns of group g] += dkv[b, i, g, :], i < rows.
__global__ void addKeyValueGradsKernel(AttentionShape a, int64_t S, int64_t kvRows,
                                       int64_t rows, const float *dkv, float *dqkv) {
  int64_t kvHeads = kvHeadsOf(a), r = a.heads / kvHeads, D = a.headDim;
  int64_t width = math::qkvRowWidth(a.heads, kvHeads, D), kvWidth = kvHeads * 2 * D;
  int64_t total = a.batch * rows * kvWidth;
  for (int64_t e = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; e < total;
       e += int64_t(gridDim.x) * blockDim.x) {
    int64_t c = e % (2 * D), g = (e / (2 * D)) % kvHeads, bi = e / kvWidth;
    int64_t b = bi / rows, i = bi % rows;
    dqkv[(b * S + i) * width + math::qkvKeyColumn(g * r, r, D) + c] +=
        dkv[(b * kvRows + i) * kvWidth + g * 2 * D + c];
  }
}

unsigned gridFor(int64_t elements) {
  int64_t blocks = (elements + 255) / 256;
  return static_cast<unsigned>(blocks < 65535 * 16 ? blocks : 65535 * 16);
}

// ------------------------------------------------------------------ launches

void checkBlock(const char *kernel, const AttentionBlock &blk) {
  checkAttentionShape(kernel, blk.whole);
  auto fail = [&](const std::string &what) {
    throw std::invalid_argument(std::string(kernel) + ": " + what);
  };
  if (blk.whole.seq <= 0)
    fail("seq must be > 0");
  if (blk.localSeq < 0 || blk.firstQuery < 0 || blk.queries < 0 || blk.keys < 0 ||
      blk.kvRows < 0)
    fail("localSeq, firstQuery, queries, kvRows and keys must be >= 0");
  if (blk.firstQuery + blk.queries > blk.localSeq)
    fail("query rows [" + std::to_string(blk.firstQuery) + ", " +
         std::to_string(blk.firstQuery + blk.queries) + ") exceed the " +
         std::to_string(blk.localSeq) + " local rows");
  if (blk.keys > blk.kvRows)
    fail(std::to_string(blk.keys) + " keys exceed the block's " + std::to_string(blk.kvRows) +
         " rows");
  if ((blk.queries > 0 && !blk.positions) || (blk.keys > 0 && !blk.keyPositions))
    fail("positions are null");
}

template <int DMAX>
void launchForward(const AttentionBlock &blk, const float *qkv, const float *kv, float *out,
                   float *lse, bool first, cudaStream_t stream) {
  size_t bytes = sizeof(float) * (kRowsPerBlock * (DMAX + 1) + 2 * kTile * DMAX);
  allowSharedMemory(attentionBlockForwardKernel<DMAX>, bytes);
  dim3 grid(static_cast<unsigned>((blk.queries + kRowsPerBlock - 1) / kRowsPerBlock),
            static_cast<unsigned>(blk.whole.batch * blk.whole.heads));
  attentionBlockForwardKernel<DMAX>
      <<<grid, kRowsPerBlock, bytes, stream>>>(blk, qkv, kv, out, lse, first);
}

template <int DMAX>
void launchBackward(const AttentionBlock &blk, const float *qkv, const float *kv,
                    const float *lse, const float *dout, const float *rowDot, float *dqkv,
                    float *dkv, cudaStream_t stream) {
  const AttentionShape &a = blk.whole;
  dim3 keyGrid(static_cast<unsigned>((blk.keys + kRowsPerBlock - 1) / kRowsPerBlock),
               static_cast<unsigned>(a.batch * kvHeadsOf(a)));
  auto launchKeyGrads = [&](auto kernel, gpu::KeyGrads part) {
    size_t bytes = sizeof(float) * keyGradSharedFloats(DMAX, part);
    allowSharedMemory(kernel, bytes);
    kernel<<<keyGrid, kRowsPerBlock, bytes, stream>>>(blk, qkv, kv, lse, dout, rowDot, dkv);
  };
  if constexpr (DMAX <= 64) {
    launchKeyGrads(attentionBlockKeyGradKernel<DMAX>, gpu::KeyGrads::Both);
  } else {
    launchKeyGrads(attentionBlockKeyGradDkKernel<DMAX>, gpu::KeyGrads::Key);
    launchKeyGrads(attentionBlockKeyGradDvKernel<DMAX>, gpu::KeyGrads::Value);
  }
  size_t queryBytes = sizeof(float) * (2 * kRowsPerBlock * (DMAX + 1) + 2 * kTile * DMAX);
  allowSharedMemory(attentionBlockQueryGradKernel<DMAX>, queryBytes);
  dim3 grid(static_cast<unsigned>((blk.queries + kRowsPerBlock - 1) / kRowsPerBlock),
            static_cast<unsigned>(a.batch * a.heads));
  attentionBlockQueryGradKernel<DMAX>
      <<<grid, kRowsPerBlock, queryBytes, stream>>>(blk, qkv, kv, lse, dout, rowDot, dqkv);
}

} // namespace

void checkAttentionBlockPositions(const char *kernel, const AttentionBlock &blk) {
  checkBlock(kernel, blk);
  auto inSequence = [&](const int64_t *p, int64_t n, const char *what) {
    for (int64_t i = 0; i < n; ++i)
      if (p[i] < 0 || p[i] >= blk.whole.seq)
        throw std::invalid_argument(std::string(kernel) + ": " + what + " position " +
                                    std::to_string(p[i]) + " is outside the sequence of " +
                                    std::to_string(blk.whole.seq));
  };
  inSequence(blk.positions + blk.firstQuery, blk.queries, "query");
  inSequence(blk.keyPositions, blk.keys, "key");
}

void attentionBlockForward(const AttentionBlock &blk, const float *qkv, const float *kv,
                           float *out, float *lse, bool first, cudaStream_t stream) {
  const char *kernel = first ? "cuda::attentionBlockForwardFirst" : "cuda::attentionBlockForward";
  checkBlock(kernel, blk);
  // No rows, or (not first) no keys: nothing changes. A first block without
  // keys still defines its rows (out 0, lse -inf).
  if (blk.whole.batch == 0 || blk.queries == 0 || (!first && blk.keys == 0))
    return;
  if (blk.whole.headDim <= 64)
    launchForward<64>(blk, qkv, kv, out, lse, first, stream);
  else
    launchForward<128>(blk, qkv, kv, out, lse, first, stream);
  checkLaunch(kernel);
}

void attentionBlockBackward(const AttentionBlock &blk, const float *qkv, const float *kv,
                            const float *out, const float *lse, const float *dout,
                            float *dqkv, float *dkv, float *rowDot, cudaStream_t stream) {
  const char *kernel = "cuda::attentionBlockBackward";
  checkBlock(kernel, blk);
  const AttentionShape &a = blk.whole;
  if (a.batch == 0 || blk.queries == 0 || blk.keys == 0)
    return;
  attentionBlockRowDotKernel<<<gridFor(a.batch * a.heads * blk.queries), 256, 0, stream>>>(
      blk, out, dout, rowDot);
  if (a.headDim <= 64)
    launchBackward<64>(blk, qkv, kv, lse, dout, rowDot, dqkv, dkv, stream);
  else
    launchBackward<128>(blk, qkv, kv, lse, dout, rowDot, dqkv, dkv, stream);
  checkLaunch(kernel);
}

void packKeyValues(const AttentionShape &a, int64_t S, const float *qkv, float *kv,
                   cudaStream_t stream) {
  const char *kernel = "cuda::packKeyValues";
  checkAttentionShape(kernel, a);
  if (S < 0)
    throw std::invalid_argument(std::string(kernel) + ": S must be >= 0");
  int64_t elements = a.batch * S * kvHeadsOf(a) * 2 * a.headDim;
  if (elements == 0)
    return;
  packKeyValuesKernel<<<gridFor(elements), 256, 0, stream>>>(a, a.batch * S, qkv, kv);
  checkLaunch(kernel);
}

void addKeyValueGrads(const AttentionShape &a, int64_t S, int64_t kvRows, int64_t rows,
                      const float *dkv, float *dqkv, cudaStream_t stream) {
  const char *kernel = "cuda::addKeyValueGrads";
  checkAttentionShape(kernel, a);
  if (rows < 0 || rows > S || rows > kvRows)
    throw std::invalid_argument(std::string(kernel) + ": rows " + std::to_string(rows) +
                                " must be in [0, min(S " + std::to_string(S) + ", kvRows " +
                                std::to_string(kvRows) + ")]");
  int64_t elements = a.batch * rows * kvHeadsOf(a) * 2 * a.headDim;
  if (elements == 0)
    return;
  addKeyValueGradsKernel<<<gridFor(elements), 256, 0, stream>>>(a, S, kvRows, rows, dkv, dqkv);
  checkLaunch(kernel);
}

} // namespace mtc::kernels::cuda
