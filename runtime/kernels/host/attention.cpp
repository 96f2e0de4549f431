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
//
// 16-bit operands (the typed kernels at the end): each thread widens what its
// unit of work reads (a forward tile: its query rows and its group's key and
// value rows; a backward group: the group's columns of every token) into
// fp32 images of the packed tensors, runs the fp32 tile code on them, and
// rounds the unit's outputs into the 16-bit tensor. The images keep the
// tensors' row strides: oneDNN picks its GEMM by the leading dimensions (an
// image with dense rows gave other bits), so the products are those of the
// fp32 kernel on widened tensors.
#include "host/attention_rows.h"
#include "host/common.h"
#include "host/philox_stream.h"
#include "host/typed_rows.h"
#include "kernels/gemm.h"
#include "kernels/kernels.h"
#include "kernels/math/dropout.h"
#include "kernels/math/lane_sum.h"
#include "kernels/math/llama.h"
#include "kernels/math/softmax.h"

#include <algorithm>
#include <cmath>
#include <memory>
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

// Strides and offsets of one (batch, query head) inside its sample's rows of
// the packed tensors (SampleStart says where those rows start).
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
  v.qOffset = math::qkvQueryColumn(h, r, D);
  v.kOffset = math::qkvKeyColumn(h, r, D);
  v.vOffset = math::qkvValueColumn(h, r, D);
  v.outOffset = h * D;
  v.lseOffset = h * S;
  v.dropoutBase =
      static_cast<uint64_t>((b * total + a.headOffset + h) * S) * S;
  return v;
}

// Where sample b's rows start: in qkv (and dqkv), in out (and dout), in lse.
struct SampleStart {
  int64_t qkv, out, lse;
};

SampleStart sampleStart(const AttentionShape &a, int64_t b) {
  const int64_t S = a.seq, H = a.heads;
  return {b * S * math::qkvRowWidth(H, kvHeadsOf(a), a.headDim), b * S * H * a.headDim,
          b * H * S};
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

// Keys [0, result) that query rows [firstQuery + i0, firstQuery + i0 + rows)
// attend to, of a sample with `keys` keys.
inline int64_t tileKeys(const AttentionShape &a, int64_t firstQuery, int64_t i0, int64_t rows,
                        int64_t keys) {
  return std::min(a.causal ? firstQuery + i0 + rows : a.seq, keys);
}

// scores[rows, kvLen] = scale * Q[i0 : i0 + rows] K[0 : kvLen]^T (qkv: the
// sample's rows).
void scoreTile(const AttentionShape &a, const float *qkv, const HeadView &v,
               int64_t i0, int64_t rows, int64_t kvLen, float *scores) {
  const float *q = qkv + v.qOffset + i0 * v.tokenStride;
  const float *k = qkv + v.kOffset;
  gemm(false, true, rows, kvLen, a.headDim,
              a.scale, q, v.tokenStride, k, v.tokenStride, 0.0f, scores,
              kvLen);
}

// The row loops between the products: host/attention_rows.h.
using detail::dotRow;
using detail::keepScales;
using detail::multiplyRow;
using detail::probabilityRow;
using detail::rowMaxAndSumExp;
using detail::softmaxBackwardRow;

// keep[j] = mask / (1 - rate) for row i, columns [0, n).
void dropoutRow(const AttentionShape &a, uint64_t dropoutBase, int64_t i, int64_t n,
                float invKeep, float *keep) {
  detail::uniformRun(a.seed, a.stream, dropoutBase + static_cast<uint64_t>(i * a.seq), n,
                     keep);
  keepScales(keep, n, a.dropout, invKeep);
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

// qkv, out, lse: sample b's rows.
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
  int64_t kvLen = tileKeys(a, o.firstQuery, i0, rows, keys);
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
      const SampleStart s = sampleStart(a, b);
      forwardTile(a, packedOperands(a, qkv + s.qkv, out + s.out, lse + s.lse, b, bh % a.heads),
                  sampleKeys(a, b), i0, std::min(kQueryBlock, a.seq - i0), scores.data(),
                  keep.data());
    }
  }
}

namespace {

void checkDecode(const DecodeShape &d) {
  const char *kernel = "attentionDecode";
  detail::requireNonNegative(kernel, "tokens", d.tokens);
  detail::requireNonNegative(kernel, "position", d.position);
  detail::requirePositive(kernel, "kvHeads", d.kvHeads);
  detail::requireHeadGroups(kernel, d.heads, d.kvHeads, d.headDim);
  if (d.position + d.tokens > d.capacity)
    detail::fail(kernel, "positions [" + std::to_string(d.position) + ", " +
                             std::to_string(d.position + d.tokens) + ") exceed the cache of " +
                             std::to_string(d.capacity));
}

// The whole sequence (cache rows [0, position + tokens)) as attentionForward
// sees it: one causal sample, no dropout.
AttentionShape decodeAttention(const DecodeShape &d) {
  AttentionShape a{1, d.position + d.tokens, d.heads, d.headDim, /*causal=*/true, d.scale,
                   /*dropout=*/0.f, 0, 0};
  a.kvHeads = d.kvHeads;
  return a;
}

} // namespace

void attentionDecode(const DecodeShape &d, const float *qkv, float *keys, float *values,
                     float *out) {
  checkDecode(d);
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
  const AttentionShape a = decodeAttention(d);
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
// into its group's, and writes dQ of each block once. qkv, out, lse, dout,
// dqkv: sample b's rows.
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
    int64_t kvLen = tileKeys(a, 0, i0, rows, keys);
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
    for (int64_t bg = 0; bg < groups; ++bg) {
      const SampleStart s = sampleStart(a, bg / kvHeads);
      backwardGroup(a, qkv + s.qkv, out + s.out, lse + s.lse, dout + s.out, dqkv + s.qkv,
                    bg / kvHeads, bg % kvHeads, scratch);
    }
  }
}

// ---- the typed kernels: 16-bit operands widened per unit of work ----

namespace {

// A thread's fp32 images, by what they hold.
enum Image { kQkvImage, kOutImage, kDoutImage, kDqkvImage, kKeysImage, kValuesImage, kImages };

// The calling thread's image `which` of at least n floats: uninitialized
// (only what a unit widens is read), grown when needed and kept across calls
// (only the rows and columns a thread touched take memory).
float *image(Image which, int64_t n) {
  thread_local std::unique_ptr<float[]> buffers[kImages];
  thread_local int64_t sizes[kImages] = {};
  if (sizes[which] < n) {
    buffers[which].reset();
    buffers[which].reset(new float[n]);
    sizes[which] = n;
  }
  return buffers[which].get();
}

} // namespace

void attentionForward(const AttentionShape &a, In qkv, Out out, float *lse) {
  if (qkv.isF32() && out.isF32())
    return attentionForward(a, qkv.f32(), out.f32(), lse);
  checkShape("attentionForward", a);
  if (a.batch == 0 || a.seq == 0)
    return;
  const int64_t S = a.seq, D = a.headDim, r = a.heads / kvHeadsOf(a);
  const int64_t width = math::qkvRowWidth(a.heads, kvHeadsOf(a), D), outWidth = a.heads * D;
  const int64_t qBlocks = (S + kQueryBlock - 1) / kQueryBlock;
  const int64_t tiles = a.batch * a.heads * qBlocks;
  detail::SingleThreadedBlas blasGuard;
#pragma omp parallel if (tiles > 1 && attentionFlops(a) > kParallelMinFlops)
  {
    std::vector<float> scores(kQueryBlock * S), keep(S);
    float *qkvImage = qkv.isF32() ? nullptr : image(kQkvImage, S * width);
    float *outImage = out.isF32() ? nullptr : image(kOutImage, S * outWidth);
    // The sample the qkv image holds and how many key / value rows of each
    // group it holds (tiles of one head and its group's heads follow one
    // another: the rows are widened once per thread).
    int64_t imageSample = -1;
    std::vector<int64_t> kvRows(kvHeadsOf(a));
#pragma omp for schedule(dynamic, 1)
    for (int64_t t = 0; t < tiles; ++t) {
      const int64_t qb = t % qBlocks, bh = t / qBlocks;
      const int64_t b = bh / a.heads, h = bh % a.heads, i0 = qb * kQueryBlock;
      const int64_t rows = std::min(kQueryBlock, S - i0), keys = sampleKeys(a, b);
      const SampleStart start = sampleStart(a, b);
      const HeadView v = headView(a, b, h);
      const float *q = qkv.isF32() ? qkv.f32() + start.qkv : qkvImage;
      if (!qkv.isF32()) {
        const In sample = qkv.at(start.qkv);
        if (imageSample != b) {
          imageSample = b;
          std::fill(kvRows.begin(), kvRows.end(), 0);
        }
        detail::convertRows(sample.at(i0 * width + v.qOffset), width,
                            qkvImage + i0 * width + v.qOffset, width, rows, D);
        const int64_t g = h / r, kvLen = tileKeys(a, 0, i0, rows, keys), done = kvRows[g];
        if (done < kvLen) { // k and v: 2 D adjacent columns
          detail::convertRows(sample.at(done * width + v.kOffset), width,
                              qkvImage + done * width + v.kOffset, width, kvLen - done, 2 * D);
          kvRows[g] = kvLen;
        }
      }
      float *o = out.isF32() ? out.f32() + start.out : outImage;
      forwardTile(a, packedOperands(a, q, o, lse + start.lse, b, h), keys, i0, rows,
                  scores.data(), keep.data());
      if (!out.isF32())
        detail::convertRows(o + v.outOffset + i0 * outWidth, outWidth,
                            out.at(start.out + v.outOffset + i0 * outWidth), outWidth, rows, D);
    }
  }
}

void attentionBackward(const AttentionShape &a, In qkv, In out, const float *lse, In dout,
                       Out dqkv) {
  if (qkv.isF32() && out.isF32() && dout.isF32() && dqkv.isF32())
    return attentionBackward(a, qkv.f32(), out.f32(), lse, dout.f32(), dqkv.f32());
  checkShape("attentionBackward", a);
  if (a.batch == 0 || a.seq == 0)
    return;
  const int64_t S = a.seq, D = a.headDim, kvHeads = kvHeadsOf(a), r = a.heads / kvHeads;
  const int64_t width = math::qkvRowWidth(a.heads, kvHeads, D), outWidth = a.heads * D;
  const int64_t groups = a.batch * kvHeads;
  detail::SingleThreadedBlas blasGuard;
#pragma omp parallel if (groups > 1 && attentionFlops(a) > kParallelMinFlops)
  {
    BackwardScratch scratch(S);
    float *qkvImage = qkv.isF32() ? nullptr : image(kQkvImage, S * width);
    float *outImage = out.isF32() ? nullptr : image(kOutImage, S * outWidth);
    float *doutImage = dout.isF32() ? nullptr : image(kDoutImage, S * outWidth);
    float *dqkvImage = dqkv.isF32() ? nullptr : image(kDqkvImage, S * width);
#pragma omp for schedule(dynamic, 1)
    for (int64_t bg = 0; bg < groups; ++bg) {
      const int64_t b = bg / kvHeads, g = bg % kvHeads;
      const SampleStart start = sampleStart(a, b);
      // The group's columns: [q x r | k | v] of qkv and dqkv, its r heads of
      // out and dout; every token's.
      const int64_t column = math::qkvQueryColumn(g * r, r, D), columns = (r + 2) * D;
      const int64_t outColumn = g * r * D, outColumns = r * D;
      auto widened = [&](In x, int64_t at, float *img, int64_t ld, int64_t c,
                         int64_t n) -> const float * {
        if (x.isF32())
          return x.f32() + at;
        detail::convertRows(x.at(at + c), ld, img + c, ld, S, n);
        return img;
      };
      const float *q = widened(qkv, start.qkv, qkvImage, width, column, columns);
      const float *o = widened(out, start.out, outImage, outWidth, outColumn, outColumns);
      const float *dO = widened(dout, start.out, doutImage, outWidth, outColumn, outColumns);
      float *dq = dqkv.isF32() ? dqkv.f32() + start.qkv : dqkvImage;
      // Writes all of the group's columns: dq per block, dk and dv zeroed first.
      backwardGroup(a, q, o, lse + start.lse, dO, dq, b, g, scratch);
      if (!dqkv.isF32())
        detail::convertRows(dqkvImage + column, width, dqkv.at(start.qkv + column), width, S,
                            columns);
    }
  }
}

void attentionDecode(const DecodeShape &d, In qkv, Out keys, Out values, Out out) {
  if (qkv.isF32() && keys.isF32() && values.isF32() && out.isF32())
    return attentionDecode(d, qkv.f32(), keys.f32(), values.f32(), out.f32());
  checkDecode(d);
  if (d.tokens == 0)
    return;
  const int64_t D = d.headDim, r = d.heads / d.kvHeads;
  const int64_t width = math::qkvRowWidth(d.heads, d.kvHeads, D), kvWidth = d.kvHeads * D;
  const int64_t outWidth = d.heads * D;
  // The new tokens' keys and values into the caches: the fp32 kernel's copy
  // of the widened values, rounded to the cache's type.
  std::vector<float> wide(D);
  for (int64_t t = 0; t < d.tokens; ++t)
    for (int64_t g = 0; g < d.kvHeads; ++g) {
      const In row = qkv.at(t * width);
      const int64_t slot = (d.position + t) * kvWidth + g * D;
      detail::convertRow(row.at(math::qkvKeyColumn(g * r, r, D)), wide.data(), D);
      detail::convertRow(wide.data(), keys.at(slot), D);
      detail::convertRow(row.at(math::qkvValueColumn(g * r, r, D)), wide.data(), D);
      detail::convertRow(wide.data(), values.at(slot), D);
    }
  const AttentionShape a = decodeAttention(d);
  const int64_t qBlocks = (d.tokens + kQueryBlock - 1) / kQueryBlock;
  const int64_t tiles = d.heads * qBlocks;
  detail::SingleThreadedBlas blasGuard;
#pragma omp parallel if (tiles > 1 && d.heads * d.tokens * a.seq * D > kParallelMinFlops)
  {
    std::vector<float> scores(kQueryBlock * a.seq);
    float *qImage = qkv.isF32() ? nullptr : image(kQkvImage, d.tokens * width);
    float *outImage = out.isF32() ? nullptr : image(kOutImage, d.tokens * outWidth);
    float *keysImage = keys.isF32() ? nullptr : image(kKeysImage, a.seq * kvWidth);
    float *valuesImage = values.isF32() ? nullptr : image(kValuesImage, a.seq * kvWidth);
    std::vector<int64_t> kvRows(d.kvHeads); // rows of each group the cache images hold
    // Rows [from, to) of group g's keys or values in fp32: what the fp32
    // kernel reads, the cached rows widened and, from `position` on, the new
    // tokens' widened values it stored.
    auto widenCache = [&](Out cache, float *img, int64_t qkvColumn, int64_t g, int64_t from,
                          int64_t to) {
      if (cache.isF32())
        return;
      const int64_t cached = std::min(to, d.position);
      if (from < cached)
        detail::convertRows(In(cache.at(from * kvWidth + g * D)), kvWidth,
                            img + from * kvWidth + g * D, kvWidth, cached - from, D);
      for (int64_t i = std::max(from, d.position); i < to; ++i)
        detail::convertRow(qkv.at((i - d.position) * width + qkvColumn),
                           img + i * kvWidth + g * D, D);
    };
#pragma omp for schedule(dynamic, 1)
    for (int64_t t = 0; t < tiles; ++t) {
      const int64_t h = t / qBlocks, i0 = (t % qBlocks) * kQueryBlock, g = h / r;
      const int64_t rows = std::min(kQueryBlock, d.tokens - i0);
      const int64_t qColumn = math::qkvQueryColumn(h, r, D);
      const float *q = qkv.isF32() ? qkv.f32() : qImage;
      if (!qkv.isF32())
        detail::convertRows(qkv.at(i0 * width + qColumn), width, qImage + i0 * width + qColumn,
                            width, rows, D);
      const int64_t kvLen = tileKeys(a, d.position, i0, rows, a.seq);
      if (kvRows[g] < kvLen) {
        widenCache(keys, keysImage, math::qkvKeyColumn(h, r, D), g, kvRows[g], kvLen);
        widenCache(values, valuesImage, math::qkvValueColumn(h, r, D), g, kvRows[g], kvLen);
        kvRows[g] = kvLen;
      }
      const float *k = keys.isF32() ? keys.f32() : keysImage;
      const float *vv = values.isF32() ? values.f32() : valuesImage;
      float *o = out.isF32() ? out.f32() : outImage;
      const ForwardOperands ops{q + qColumn, k + g * D, vv + g * D, width, kvWidth,
                                o + h * D,   outWidth, nullptr,    d.position, 0};
      forwardTile(a, ops, a.seq, i0, rows, scores.data(), nullptr);
      if (!out.isF32())
        detail::convertRows(o + h * D + i0 * outWidth, outWidth,
                            out.at(h * D + i0 * outWidth), outWidth, rows, D);
    }
  }
}

} // namespace mtc::kernels
