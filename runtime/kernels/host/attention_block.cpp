// One block of context-parallel (ring) attention (kernels.h). The same tile
// scheme and row loops as attention.cpp (a [block, keys] score tile per
// thread, probabilities recomputed in backward from the final lse) with two
// differences: the mask and the dropout counters come from each row's
// whole-sequence position, and the forward merges the block into the rows'
// running result by log-sum-exp, so the blocks may arrive in any order.
// A block's key positions ascend (ContextSplit's chunks do), so the keys a
// row attends to are a prefix of the block's, as in attention.cpp.
//
// Threading: forward over (batch, head, query tile); backward over (batch,
// key/value group), which owns its block's dK and dV rows and its heads' dQ
// columns.
#include "host/attention_rows.h"
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
#include <string>
#include <vector>

namespace mtc::kernels {
namespace {

constexpr int64_t kQueryBlock = 64;
constexpr int64_t kParallelMinFlops = 1 << 18;

int64_t kvHeadsOf(const AttentionShape &a) { return a.kvHeads ? a.kvHeads : a.heads; }

void checkBlock(const char *kernel, const AttentionBlock &blk) {
  const AttentionShape &a = blk.whole;
  detail::requireNonNegative(kernel, "batch", a.batch);
  detail::requirePositive(kernel, "seq", a.seq);
  detail::requireHeadGroups(kernel, a.heads, a.kvHeads, a.headDim);
  detail::requireNonNegative(kernel, "headOffset", a.headOffset);
  if (a.totalHeads && a.headOffset + a.heads > a.totalHeads)
    detail::fail(kernel, "heads exceed totalHeads " + std::to_string(a.totalHeads));
  if (!(a.dropout >= 0.0f && a.dropout < 1.0f))
    detail::fail(kernel, "dropout must be in [0, 1) (got " + std::to_string(a.dropout) + ")");
  detail::requireNonNegative(kernel, "localSeq", blk.localSeq);
  detail::requireNonNegative(kernel, "firstQuery", blk.firstQuery);
  detail::requireNonNegative(kernel, "queries", blk.queries);
  detail::requireNonNegative(kernel, "keys", blk.keys);
  if (blk.firstQuery + blk.queries > blk.localSeq)
    detail::fail(kernel, "query rows [" + std::to_string(blk.firstQuery) + ", " +
                             std::to_string(blk.firstQuery + blk.queries) +
                             ") exceed the " + std::to_string(blk.localSeq) + " local rows");
  if (blk.keys > blk.kvRows)
    detail::fail(kernel, std::to_string(blk.keys) + " keys exceed the block's " +
                             std::to_string(blk.kvRows) + " rows");
  auto inSequence = [&](const int64_t *p, int64_t n, const char *what) {
    for (int64_t i = 0; i < n; ++i)
      if (p[i] < 0 || p[i] >= a.seq)
        detail::fail(kernel, std::string(what) + " position " + std::to_string(p[i]) +
                                 " is outside the sequence of " + std::to_string(a.seq));
  };
  inSequence(blk.positions + blk.firstQuery, blk.queries, "query");
  inSequence(blk.keyPositions, blk.keys, "key");
  for (int64_t j = 1; j < blk.keys; ++j)
    if (blk.keyPositions[j] <= blk.keyPositions[j - 1])
      detail::fail(kernel, "key positions must ascend (key " + std::to_string(j) + " is at " +
                               std::to_string(blk.keyPositions[j]) + " after " +
                               std::to_string(blk.keyPositions[j - 1]) + ")");
}

// Where one (batch, query head)'s operands are.
struct BlockView {
  const float *q, *k, *v; // local row firstQuery's q; the block's row 0 k and v
  int64_t qStride, kvStride, outStride;
  int64_t outOffset, lseOffset; // of local row 0 in out and lse
  int64_t keysOfSample;         // keys at positions >= this are padding
  uint64_t dropoutBase;         // counter of (position 0, key position 0)
};

BlockView blockView(const AttentionBlock &blk, const float *qkv, const float *kv, int64_t b,
                    int64_t h) {
  const AttentionShape &a = blk.whole;
  const int64_t D = a.headDim, g = a.heads / kvHeadsOf(a), group = h / g;
  const int64_t width = math::qkvRowWidth(a.heads, kvHeadsOf(a), D);
  const int64_t kvWidth = kvHeadsOf(a) * 2 * D, total = a.totalHeads ? a.totalHeads : a.heads;
  BlockView v;
  v.qStride = width;
  v.kvStride = kvWidth;
  v.outStride = a.heads * D;
  v.q = qkv + (b * blk.localSeq + blk.firstQuery) * width + math::qkvQueryColumn(h, g, D);
  v.k = kv + b * blk.kvRows * kvWidth + group * 2 * D;
  v.v = v.k + D;
  v.outOffset = b * blk.localSeq * v.outStride + h * D;
  v.lseOffset = (b * a.heads + h) * blk.localSeq;
  v.keysOfSample = a.lengths ? std::clamp<int64_t>(a.lengths[b], 1, a.seq) : a.seq;
  v.dropoutBase = static_cast<uint64_t>((b * total + a.headOffset + h) * a.seq) * a.seq;
  return v;
}

// The keys [0, result) the row at `position` attends to: before the
// padding and, causal, at or before the row's position.
inline int64_t attendedKeys(const AttentionBlock &blk, const BlockView &v, int64_t position) {
  const int64_t last = blk.whole.causal ? std::min(position, v.keysOfSample - 1)
                                        : v.keysOfSample - 1;
  return std::upper_bound(blk.keyPositions, blk.keyPositions + blk.keys, last) -
         blk.keyPositions;
}

// keep[0, valid) = dropout scales of (position, key j), drawn at the whole
// sequence's counters run by run of consecutive key positions; keep[valid,
// keys) = 0.
void dropoutRow(const AttentionBlock &blk, const BlockView &v, int64_t position, int64_t valid,
                float *keep) {
  const AttentionShape &a = blk.whole;
  const uint64_t row = v.dropoutBase + static_cast<uint64_t>(position * a.seq);
  for (int64_t j = 0; j < valid;) {
    int64_t end = j + 1;
    while (end < valid && blk.keyPositions[end] == blk.keyPositions[end - 1] + 1)
      ++end;
    detail::uniformRun(a.seed, a.stream, row + static_cast<uint64_t>(blk.keyPositions[j]),
                       end - j, keep + j);
    j = end;
  }
  detail::keepScales(keep, valid, a.dropout, math::dropoutInvKeep(a.dropout));
  std::fill(keep + valid, keep + blk.keys, 0.0f);
}

// scores[rows, keys] = scale Q K^T for local query rows [i0, i0 + rows) of
// the block's rows.
void scoreTile(const AttentionBlock &blk, const BlockView &v, int64_t i0, int64_t rows,
               float *scores) {
  gemm(false, true, rows, blk.keys, blk.whole.headDim, blk.whole.scale, v.q + i0 * v.qStride,
       v.qStride, v.k, v.kvStride, 0.0f, scores, blk.keys);
}

void forwardTile(const AttentionBlock &blk, const BlockView &v, int64_t i0, int64_t rows,
                 bool first, float *out, float *lse, float *scores, float *keep,
                 float *blockOut) {
  const AttentionShape &a = blk.whole;
  const int64_t K = blk.keys, D = a.headDim;
  scoreTile(blk, v, i0, rows, scores);
  std::vector<float> blockLse(rows);
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t position = blk.positions[blk.firstQuery + i0 + r];
    const int64_t valid = attendedKeys(blk, v, position);
    float *row = scores + r * K;
    blockLse[r] = valid ? math::softmaxLse(detail::rowMaxAndSumExp(row, valid)) : -INFINITY;
    detail::probabilityRow(row, valid, K, blockLse[r]);
    if (a.dropout > 0.0f && valid) {
      dropoutRow(blk, v, position, valid, keep);
      detail::multiplyRow(row, keep, row, valid);
    }
  }
  gemm(false, false, rows, D, K, 1.0f, scores, K, v.v, v.kvStride, 0.0f, blockOut, D);
  for (int64_t r = 0; r < rows; ++r) {
    const int64_t i = blk.firstQuery + i0 + r;
    float *o = out + v.outOffset + i * v.outStride;
    float &l = lse[v.lseOffset + i];
    const float *bo = blockOut + r * D;
    if (first) {
      l = blockLse[r];
      std::copy_n(bo, D, o);
      continue;
    }
    if (blockLse[r] == -INFINITY)
      continue;
    if (l == -INFINITY) {
      l = blockLse[r];
      std::copy_n(bo, D, o);
      continue;
    }
    const float m = std::max(l, blockLse[r]);
    const float merged = m + std::log(std::exp(l - m) + std::exp(blockLse[r] - m));
    const float keepOld = std::exp(l - merged), takeNew = std::exp(blockLse[r] - merged);
    for (int64_t d = 0; d < D; ++d)
      o[d] = keepOld * o[d] + takeNew * bo[d];
    l = merged;
  }
}

void blockForward(const AttentionBlock &blk, const float *qkv, const float *kv, float *out,
                  float *lse, bool first) {
  const char *kernel = first ? "attentionBlockForwardFirst" : "attentionBlockForward";
  checkBlock(kernel, blk);
  const AttentionShape &a = blk.whole;
  if (a.batch == 0 || blk.queries == 0)
    return;
  if (blk.keys == 0) { // nothing to merge; a first block still defines the rows
    if (first)
      for (int64_t b = 0; b < a.batch; ++b)
        for (int64_t h = 0; h < a.heads; ++h) {
          const BlockView v = blockView(blk, qkv, kv, b, h);
          for (int64_t i = blk.firstQuery; i < blk.firstQuery + blk.queries; ++i) {
            std::fill_n(out + v.outOffset + i * v.outStride, a.headDim, 0.0f);
            lse[v.lseOffset + i] = -INFINITY;
          }
        }
    return;
  }
  const int64_t qBlocks = (blk.queries + kQueryBlock - 1) / kQueryBlock;
  const int64_t tiles = a.batch * a.heads * qBlocks;
  const int64_t flops = a.batch * a.heads * blk.queries * blk.keys * a.headDim;
  detail::SingleThreadedBlas blasGuard;
#pragma omp parallel if (tiles > 1 && flops > kParallelMinFlops)
  {
    std::vector<float> scores(kQueryBlock * blk.keys), keep(blk.keys),
        blockOut(kQueryBlock * a.headDim);
#pragma omp for schedule(dynamic, 1)
    for (int64_t t = 0; t < tiles; ++t) {
      const int64_t bh = t / qBlocks, i0 = (t % qBlocks) * kQueryBlock;
      const BlockView v = blockView(blk, qkv, kv, bh / a.heads, bh % a.heads);
      forwardTile(blk, v, i0, std::min(kQueryBlock, blk.queries - i0), first, out, lse,
                  scores.data(), keep.data(), blockOut.data());
    }
  }
}

// One (batch, query head): adds its dQ rows and its dK, dV of the block.
void backwardHead(const AttentionBlock &blk, const BlockView &v, const float *out,
                  const float *lse, const float *dout, float *dq, float *dk, float *dvv,
                  std::vector<float> &probs, std::vector<float> &grads,
                  std::vector<float> &keep) {
  const AttentionShape &a = blk.whole;
  const int64_t K = blk.keys, D = a.headDim;
  const bool useDropout = a.dropout > 0.0f;
  for (int64_t i0 = 0; i0 < blk.queries; i0 += kQueryBlock) {
    const int64_t rows = std::min(kQueryBlock, blk.queries - i0);
    const int64_t local0 = blk.firstQuery + i0;
    const float *dO = dout + v.outOffset + local0 * v.outStride;
    const float *O = out + v.outOffset + local0 * v.outStride;
    float *P = probs.data(), *G = grads.data(), *keepTile = keep.data();
    scoreTile(blk, v, i0, rows, P);
    for (int64_t r = 0; r < rows; ++r) {
      const int64_t position = blk.positions[local0 + r];
      const int64_t valid = attendedKeys(blk, v, position);
      float *row = P + r * K;
      detail::probabilityRow(row, valid, K, lse[v.lseOffset + local0 + r]);
      if (useDropout) {
        dropoutRow(blk, v, position, valid, keepTile + r * K);
        detail::multiplyRow(row, keepTile + r * K, G + r * K, K);
      }
    }
    // dV += P_dropped^T dO.
    gemm(true, false, K, D, rows, 1.0f, useDropout ? G : P, K, dO, v.outStride, 1.0f, dvv,
         v.kvStride);
    // dP = dO V^T, through the dropout mask; dS = P (dP - rowsum(dO O)).
    gemm(false, true, rows, K, D, 1.0f, dO, v.outStride, v.v, v.kvStride, 0.0f, G, K);
    for (int64_t r = 0; r < rows; ++r) {
      // rowsum(dO * O) equals rowsum(P * dP) over the whole sequence.
      const float rowDot = detail::dotRow(dO + r * v.outStride, O + r * v.outStride, D);
      detail::softmaxBackwardRow(P + r * K, G + r * K, useDropout ? keepTile + r * K : nullptr,
                                 K, rowDot);
    }
    // dQ += scale dS K; dK += scale dS^T Q.
    gemm(false, false, rows, D, K, a.scale, P, K, v.k, v.kvStride, 1.0f,
         dq + i0 * v.qStride, v.qStride);
    gemm(true, false, K, D, rows, a.scale, P, K, v.q + i0 * v.qStride, v.qStride, 1.0f, dk,
         v.kvStride);
  }
}

} // namespace

void attentionBlockForward(const AttentionBlock &blk, const float *qkv, const float *kv,
                           float *out, float *lse) {
  blockForward(blk, qkv, kv, out, lse, /*first=*/false);
}

void attentionBlockForwardFirst(const AttentionBlock &blk, const float *qkv, const float *kv,
                                float *out, float *lse) {
  blockForward(blk, qkv, kv, out, lse, /*first=*/true);
}

void attentionBlockBackward(const AttentionBlock &blk, const float *qkv, const float *kv,
                            const float *out, const float *lse, const float *dout, float *dqkv,
                            float *dkv) {
  checkBlock("attentionBlockBackward", blk);
  const AttentionShape &a = blk.whole;
  const int64_t kvHeads = kvHeadsOf(a), r = a.heads / kvHeads, D = a.headDim;
  const int64_t kvWidth = kvHeads * 2 * D, width = math::qkvRowWidth(a.heads, kvHeads, D);
  if (a.batch == 0 || blk.queries == 0 || blk.keys == 0)
    return;
  const int64_t groups = a.batch * kvHeads;
  const int64_t flops = a.batch * a.heads * blk.queries * blk.keys * D;
  detail::SingleThreadedBlas blasGuard;
#pragma omp parallel if (groups > 1 && flops > kParallelMinFlops)
  {
    std::vector<float> probs(kQueryBlock * blk.keys), grads(kQueryBlock * blk.keys),
        keep(kQueryBlock * blk.keys);
#pragma omp for schedule(dynamic, 1)
    for (int64_t bg = 0; bg < groups; ++bg) {
      const int64_t b = bg / kvHeads, g = bg % kvHeads;
      float *dk = dkv + b * blk.kvRows * kvWidth + g * 2 * D; // accumulated
      for (int64_t h = g * r; h < (g + 1) * r; ++h) {
        const BlockView v = blockView(blk, qkv, kv, b, h);
        float *dq = dqkv + (b * blk.localSeq + blk.firstQuery) * width +
                    math::qkvQueryColumn(h, r, D);
        backwardHead(blk, v, out, lse, dout, dq, dk, dk + D, probs, grads, keep);
      }
    }
  }
}

void packKeyValues(const AttentionShape &a, int64_t S, const float *qkv, float *kv) {
  const int64_t kvHeads = kvHeadsOf(a), r = a.heads / kvHeads, D = a.headDim;
  const int64_t width = math::qkvRowWidth(a.heads, kvHeads, D), kvWidth = kvHeads * 2 * D;
  for (int64_t t = 0; t < a.batch * S; ++t)
    for (int64_t g = 0; g < kvHeads; ++g) // k and v are adjacent in a group's columns
      std::copy_n(qkv + t * width + math::qkvKeyColumn(g * r, r, D), 2 * D,
                  kv + t * kvWidth + g * 2 * D);
}

void addKeyValueGrads(const AttentionShape &a, int64_t S, int64_t kvRows, int64_t rows,
                      const float *dkv, float *dqkv) {
  const int64_t kvHeads = kvHeadsOf(a), r = a.heads / kvHeads, D = a.headDim;
  const int64_t width = math::qkvRowWidth(a.heads, kvHeads, D), kvWidth = kvHeads * 2 * D;
  for (int64_t b = 0; b < a.batch; ++b)
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t g = 0; g < kvHeads; ++g) {
        const float *from = dkv + (b * kvRows + i) * kvWidth + g * 2 * D;
        float *to = dqkv + (b * S + i) * width + math::qkvKeyColumn(g * r, r, D);
        for (int64_t d = 0; d < 2 * D; ++d)
          to[d] += from[d];
      }
}

} // namespace mtc::kernels
