// Core attention on Megatron's packed QKV [B, S, heads, 3, hd] (or, grouped-query,
// [B, S, kvHeads, r + 2, hd]: math/llama.h), flash-attention style on the CPU: work is split per (batch, head) and per block of query
// rows, so only a [block, S] score tile per thread is ever materialized. The
// forward keeps lse = log-sum-exp of each score row; backward recomputes the
// probabilities from q, k and lse instead of storing them.
//
// Threading: OpenMP across tiles, OpenBLAS pinned to one thread meanwhile
// (SingleThreadedBlas). Measured on the 2-core dev box (B=1 S=1024 heads=12
// hd=64, medians, runs interleaved): forward 33 ms vs 52 ms and backward 55 ms
// vs 66 ms for the alternative of sequential tiles with 2-thread sgemm, since
// the softmax / dropout work between the products then also runs in parallel.
// Backward parallelizes over (batch, key/value head) only: dK and dV sum over
// query blocks and over the group's query heads.
#include "host/common.h"
#include "host/philox_stream.h"
#include "kernels/gemm.h"
#include "kernels/kernels.h"
#include "kernels/math/dropout.h"
#include "kernels/math/lane_sum.h"
#include "kernels/math/llama.h"
#include "kernels/math/softmax.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace mtc::kernels {
namespace {

constexpr int64_t kQueryBlock = 64;

// Tiny problems (unit tests, S of a few tokens) finish faster than an OpenMP
// fork-join; below this many multiply-adds per call they run on one thread.
constexpr int64_t kParallelMinFlops = 1 << 18;

int64_t attentionFlops(const AttentionShape &a) {
  return a.batch * a.heads * a.seq * a.seq * a.headDim;
}

int64_t kvHeadsOf(const AttentionShape &a) { return a.kvHeads ? a.kvHeads : a.heads; }

// Strides and base pointers of one (batch, query head) inside the packed tensors.
struct HeadView {
  int64_t tokenStride; // floats between consecutive tokens' q (or k, v)
  int64_t outStride;   // floats between consecutive tokens' out rows
  int64_t qOffset;     // where token 0's q of this head starts
  int64_t kOffset;     // where token 0's k (of this head's group) starts
  int64_t vOffset;     // where token 0's v (of this head's group) starts
  int64_t outOffset;   // where token 0's out row of this head starts
  int64_t lseOffset;   // where row 0's lse starts
  uint64_t dropoutBase; // dropout counter of (row 0, column 0)
};

HeadView headView(const AttentionShape &a, int64_t b, int64_t h) {
  int64_t S = a.seq, H = a.heads, D = a.headDim;
  int64_t total = a.totalHeads ? a.totalHeads : H;
  int64_t r = H / kvHeadsOf(a);
  HeadView v;
  v.tokenStride = math::qkvRowWidth(H, kvHeadsOf(a), D);
  v.outStride = H * D;
  v.qOffset = b * S * v.tokenStride + math::qkvQueryColumn(h, r, D);
  v.kOffset = b * S * v.tokenStride + math::qkvKeyColumn(h, r, D);
  v.vOffset = b * S * v.tokenStride + math::qkvValueColumn(h, r, D);
  v.outOffset = (b * S * H + h) * D;
  v.lseOffset = (b * H + h) * S;
  v.dropoutBase =
      static_cast<uint64_t>((b * total + a.headOffset + h) * S) * S;
  return v;
}

void checkShape(const char *kernel, const AttentionShape &a) {
  detail::requireNonNegative(kernel, "batch", a.batch);
  detail::requireNonNegative(kernel, "seq", a.seq);
  detail::requireHeadGroups(kernel, a.heads, a.kvHeads, a.headDim);
  detail::requireNonNegative(kernel, "headOffset", a.headOffset);
  detail::requireNonNegative(kernel, "totalHeads", a.totalHeads);
  if (a.totalHeads && a.headOffset + a.heads > a.totalHeads)
    detail::fail(kernel, "heads [" + std::to_string(a.headOffset) + ", " +
                             std::to_string(a.headOffset + a.heads) +
                             ") exceed totalHeads " +
                             std::to_string(a.totalHeads));
  if (!(a.dropout >= 0.0f && a.dropout < 1.0f))
    detail::fail(kernel, "dropout must be in [0, 1) (got " +
                             std::to_string(a.dropout) + ")");
}

// Keys of sample b that are not padding (kernels.h: clamped to [1, seq]).
inline int64_t sampleKeys(const AttentionShape &a, int64_t b) {
  if (!a.lengths)
    return a.seq;
  return std::clamp<int64_t>(a.lengths[b], 1, a.seq);
}

// Columns of query row i that are attended to, of a sample with `keys` keys.
inline int64_t validColumns(const AttentionShape &a, int64_t i, int64_t keys) {
  return std::min(a.causal ? i + 1 : a.seq, keys);
}

// scores[rows, kvLen] = scale * Q[i0 : i0 + rows] K[0 : kvLen]^T.
void scoreTile(const AttentionShape &a, const float *qkv, const HeadView &v,
               int64_t i0, int64_t rows, int64_t kvLen, float *scores) {
  const float *q = qkv + v.qOffset + i0 * v.tokenStride;
  const float *k = qkv + v.kOffset;
  gemm(false, true, rows, kvLen, a.headDim,
              a.scale, q, v.tokenStride, k, v.tokenStride, 0.0f, scores,
              kvLen);
}

// The row loops between the products, cloned per ISA (host/common.h); sums
// in laneSum's order, so every CPU gives the same bits.

// keep[j] = mask / (1 - rate) from the uniform draws in keep, in place.
MTC_VECTOR_CLONES
void keepScales(float *keep, int64_t n, float rate, float invKeep) {
  for (int64_t j = 0; j < n; ++j)
    keep[j] = math::dropoutKeepScale(keep[j], rate, invKeep);
}

// keep[j] = mask / (1 - rate) for row i, columns [0, n).
void dropoutRow(const AttentionShape &a, uint64_t dropoutBase, int64_t i, int64_t n,
                float invKeep, float *keep) {
  detail::uniformRun(a.seed, a.stream, dropoutBase + static_cast<uint64_t>(i * a.seq), n,
                     keep);
  keepScales(keep, n, a.dropout, invKeep);
}

// Max and sum of expFast(x - max) of a row.
MTC_VECTOR_CLONES
math::SoftmaxState rowMaxAndSumExp(const float *row, int64_t n) {
  float m = -INFINITY;
  for (int64_t j = 0; j < n; ++j)
    m = m > row[j] ? m : row[j];
  return {m, math::laneSum(n, [&](int64_t j) { return math::expFast(row[j] - m); })};
}

// row[0, valid) = probabilities from the scores and the row's lse; the
// masked rest [valid, n) = 0.
MTC_VECTOR_CLONES
void probabilityRow(float *row, int64_t valid, int64_t n, float lse) {
  for (int64_t j = 0; j < valid; ++j)
    row[j] = math::softmaxProb(row[j], lse);
  for (int64_t j = valid; j < n; ++j)
    row[j] = 0.0f;
}

MTC_VECTOR_CLONES
void multiplyRow(const float *a, const float *b, float *out, int64_t n) {
  for (int64_t j = 0; j < n; ++j)
    out[j] = a[j] * b[j];
}

MTC_VECTOR_CLONES
float dotRow(const float *a, const float *b, int64_t n) {
  return math::laneSum(n, [&](int64_t j) { return a[j] * b[j]; });
}

// p[j] = dS from the probabilities p, dP = g (times keep when dropout ran).
MTC_VECTOR_CLONES
void softmaxBackwardRow(float *p, const float *g, const float *keep, int64_t n, float rowDot) {
  if (keep) {
    for (int64_t j = 0; j < n; ++j)
      p[j] = math::softmaxBackward(p[j], g[j] * keep[j], rowDot);
  } else {
    for (int64_t j = 0; j < n; ++j)
      p[j] = math::softmaxBackward(p[j], g[j], rowDot);
  }
}

// Where one (batch, query head)'s forward operands are: its query rows, its
// group's key and value rows (in the packed QKV tensor, or in a key/value
// cache), its out rows and its lse.
struct ForwardOperands {
  const float *q, *k, *v;
  int64_t qStride, kvStride; // floats between consecutive tokens
  float *out;
  int64_t outStride;
  float *lse;             // null: not kept (generation)
  int64_t firstQuery;     // position of query row 0 (the causal mask)
  uint64_t dropoutBase;   // dropout counter of (position 0, key 0)
};

ForwardOperands packedOperands(const AttentionShape &a, const float *qkv, float *out,
                               float *lse, int64_t b, int64_t h) {
  HeadView v = headView(a, b, h);
  return {qkv + v.qOffset, qkv + v.kOffset,  qkv + v.vOffset, v.tokenStride, v.tokenStride,
          out + v.outOffset, v.outStride,    lse + v.lseOffset, 0,           v.dropoutBase};
}

// Query rows [i0, i0 + rows) of one head against keys [0, keys) of a
// sequence of a.seq positions; scores holds kQueryBlock x a.seq floats, keep
// a.seq.
void forwardTile(const AttentionShape &a, const ForwardOperands &o, int64_t keys, int64_t i0,
                 int64_t rows, float *scores, float *keep) {
  int64_t kvLen = std::min(a.causal ? o.firstQuery + i0 + rows : a.seq, keys);
  gemm(false, true, rows, kvLen, a.headDim, a.scale,
              o.q + i0 * o.qStride, o.qStride, o.k, o.kvStride, 0.0f, scores, kvLen);
  float invKeep = math::dropoutInvKeep(a.dropout);
  for (int64_t r = 0; r < rows; ++r) {
    int64_t i = o.firstQuery + i0 + r, valid = validColumns(a, i, keys);
    float *row = scores + r * kvLen;
    float rowLse = math::softmaxLse(rowMaxAndSumExp(row, valid));
    if (o.lse)
      o.lse[i0 + r] = rowLse;
    probabilityRow(row, valid, kvLen, rowLse);
    if (a.dropout > 0.0f) {
      dropoutRow(a, o.dropoutBase, i, valid, invKeep, keep);
      multiplyRow(row, keep, row, valid);
    }
  }
  gemm(false, false, rows, a.headDim, kvLen, 1.0f, scores,
              kvLen, o.v, o.kvStride, 0.0f, o.out + i0 * o.outStride, o.outStride);
}

} // namespace

void attentionForward(const AttentionShape &a, const float *qkv, float *out,
                      float *lse) {
  checkShape("attentionForward", a);
  if (a.batch == 0 || a.seq == 0)
    return;
  int64_t qBlocks = (a.seq + kQueryBlock - 1) / kQueryBlock;
  int64_t tiles = a.batch * a.heads * qBlocks;
  detail::SingleThreadedBlas blasGuard;
  // Causal tiles differ in cost (late query blocks see more keys): dynamic.
#pragma omp parallel if (tiles > 1 && attentionFlops(a) > kParallelMinFlops)
  {
    std::vector<float> scores(kQueryBlock * a.seq), keep(a.seq);
#pragma omp for schedule(dynamic, 1)
    for (int64_t t = 0; t < tiles; ++t) {
      int64_t qb = t % qBlocks, bh = t / qBlocks;
      const int64_t b = bh / a.heads, i0 = qb * kQueryBlock;
      forwardTile(a, packedOperands(a, qkv, out, lse, b, bh % a.heads), sampleKeys(a, b), i0,
                  std::min(kQueryBlock, a.seq - i0), scores.data(), keep.data());
    }
  }
}

void attentionDecode(const DecodeShape &d, const float *qkv, float *keys, float *values,
                     float *out) {
  const char *kernel = "attentionDecode";
  detail::requireNonNegative(kernel, "tokens", d.tokens);
  detail::requireNonNegative(kernel, "position", d.position);
  detail::requirePositive(kernel, "kvHeads", d.kvHeads);
  detail::requireHeadGroups(kernel, d.heads, d.kvHeads, d.headDim);
  if (d.position + d.tokens > d.capacity)
    detail::fail(kernel, "positions [" + std::to_string(d.position) + ", " +
                             std::to_string(d.position + d.tokens) + ") exceed the cache of " +
                             std::to_string(d.capacity));
  if (d.tokens == 0)
    return;
  const int64_t D = d.headDim, r = d.heads / d.kvHeads;
  const int64_t width = math::qkvRowWidth(d.heads, d.kvHeads, D), kvWidth = d.kvHeads * D;
  for (int64_t t = 0; t < d.tokens; ++t)
    for (int64_t g = 0; g < d.kvHeads; ++g) {
      const float *row = qkv + t * width;
      std::copy_n(row + math::qkvKeyColumn(g * r, r, D), D,
                  keys + (d.position + t) * kvWidth + g * D);
      std::copy_n(row + math::qkvValueColumn(g * r, r, D), D,
                  values + (d.position + t) * kvWidth + g * D);
    }
  AttentionShape a{1, d.position + d.tokens, d.heads, D, /*causal=*/true, d.scale,
                   /*dropout=*/0.f, 0, 0};
  a.kvHeads = d.kvHeads;
  const int64_t qBlocks = (d.tokens + kQueryBlock - 1) / kQueryBlock;
  const int64_t tiles = d.heads * qBlocks;
  detail::SingleThreadedBlas blasGuard;
#pragma omp parallel if (tiles > 1 && d.heads * d.tokens * a.seq * D > kParallelMinFlops)
  {
    std::vector<float> scores(kQueryBlock * a.seq); // no dropout: no keep row
#pragma omp for schedule(dynamic, 1)
    for (int64_t t = 0; t < tiles; ++t) {
      const int64_t h = t / qBlocks, i0 = (t % qBlocks) * kQueryBlock;
      const ForwardOperands o{qkv + math::qkvQueryColumn(h, r, D),
                              keys + (h / r) * D,
                              values + (h / r) * D,
                              width,
                              kvWidth,
                              out + h * D,
                              d.heads * D,
                              nullptr,
                              d.position,
                              0};
      forwardTile(a, o, a.seq, i0, std::min(kQueryBlock, d.tokens - i0), scores.data(),
                  nullptr);
    }
  }
}

namespace {

struct BackwardScratch {
  std::vector<float> probs, grads, keep;
  explicit BackwardScratch(int64_t seq)
      : probs(kQueryBlock * seq), grads(kQueryBlock * seq),
        keep(kQueryBlock * seq) {}
};

// One (batch, query head): adds its dK and dV (summed over all query blocks)
// into its group's, and writes dQ of each block once.
void backwardHead(const AttentionShape &a, const float *qkv, const float *out,
                  const float *lse, const float *dout, float *dqkv, int64_t b,
                  int64_t h, BackwardScratch &s) {
  HeadView v = headView(a, b, h);
  int64_t S = a.seq, D = a.headDim;
  const float *k = qkv + v.kOffset, *vv = qkv + v.vOffset;
  float *dk = dqkv + v.kOffset, *dv = dqkv + v.vOffset;
  bool useDropout = a.dropout > 0.0f;
  float invKeep = math::dropoutInvKeep(a.dropout);
  int64_t keys = sampleKeys(a, b);
  for (int64_t i0 = 0; i0 < S; i0 += kQueryBlock) {
    int64_t rows = std::min(kQueryBlock, S - i0);
    int64_t kvLen = std::min(a.causal ? i0 + rows : S, keys);
    const float *q = qkv + v.qOffset + i0 * v.tokenStride;
    const float *dO = dout + v.outOffset + i0 * v.outStride;
    const float *O = out + v.outOffset + i0 * v.outStride;
    float *dq = dqkv + v.qOffset + i0 * v.tokenStride;
    float *P = s.probs.data(), *G = s.grads.data(), *keep = s.keep.data();

    // P = softmax probabilities (before dropout), recomputed from lse.
    scoreTile(a, qkv, v, i0, rows, kvLen, P);
    for (int64_t r = 0; r < rows; ++r) {
      int64_t i = i0 + r, valid = validColumns(a, i, keys);
      float rowLse = lse[v.lseOffset + i];
      float *row = P + r * kvLen;
      probabilityRow(row, valid, kvLen, rowLse);
      if (useDropout) {
        float *keepRow = keep + r * kvLen;
        dropoutRow(a, v.dropoutBase, i, valid, invKeep, keepRow);
        std::fill(keepRow + valid, keepRow + kvLen, 0.0f);
        // G holds the dropped probabilities that multiplied V.
        multiplyRow(row, keepRow, G + r * kvLen, kvLen);
      }
    }
    // dV += P_dropped^T dO.
    gemm(true, false, kvLen, D, rows, 1.0f,
                useDropout ? G : P, kvLen, dO, v.outStride, 1.0f, dv,
                v.tokenStride);
    // dP = (dO V^T) through the dropout mask.
    gemm(false, true, rows, kvLen, D, 1.0f,
                dO, v.outStride, vv, v.tokenStride, 0.0f, G, kvLen);
    for (int64_t r = 0; r < rows; ++r) {
      // rowsum(dO * O) equals rowsum(P * dP), dropout included.
      float rowDot = dotRow(dO + r * v.outStride, O + r * v.outStride, D);
      softmaxBackwardRow(P + r * kvLen, G + r * kvLen, useDropout ? keep + r * kvLen : nullptr,
                         kvLen, rowDot);
    }
    // P now holds dS. dQ = scale dS K; dK += scale dS^T Q.
    gemm(false, false, rows, D, kvLen,
                a.scale, P, kvLen, k, v.tokenStride, 0.0f, dq, v.tokenStride);
    gemm(true, false, kvLen, D, rows,
                a.scale, P, kvLen, q, v.tokenStride, 1.0f, dk, v.tokenStride);
  }
}

// One (batch, key/value head): its dK and dV are the sums over the group's
// query heads, so the whole group stays with one thread and adds them in
// ascending head order.
void backwardGroup(const AttentionShape &a, const float *qkv, const float *out,
                   const float *lse, const float *dout, float *dqkv, int64_t b,
                   int64_t g, BackwardScratch &s) {
  int64_t r = a.heads / kvHeadsOf(a);
  HeadView v = headView(a, b, g * r);
  float *dk = dqkv + v.kOffset, *dv = dqkv + v.vOffset;
  for (int64_t j = 0; j < a.seq; ++j) {
    std::fill(dk + j * v.tokenStride, dk + j * v.tokenStride + a.headDim, 0.0f);
    std::fill(dv + j * v.tokenStride, dv + j * v.tokenStride + a.headDim, 0.0f);
  }
  for (int64_t h = g * r; h < (g + 1) * r; ++h)
    backwardHead(a, qkv, out, lse, dout, dqkv, b, h, s);
}

} // namespace

void attentionBackward(const AttentionShape &a, const float *qkv,
                       const float *out, const float *lse, const float *dout,
                       float *dqkv) {
  checkShape("attentionBackward", a);
  if (a.batch == 0 || a.seq == 0)
    return;
  int64_t kvHeads = kvHeadsOf(a), groups = a.batch * kvHeads;
  detail::SingleThreadedBlas blasGuard;
#pragma omp parallel if (groups > 1 && attentionFlops(a) > kParallelMinFlops)
  {
    BackwardScratch scratch(a.seq);
#pragma omp for schedule(dynamic, 1)
    for (int64_t bg = 0; bg < groups; ++bg)
      backwardGroup(a, qkv, out, lse, dout, dqkv, bg / kvHeads, bg % kvHeads,
                    scratch);
  }
}

} // namespace mtc::kernels
