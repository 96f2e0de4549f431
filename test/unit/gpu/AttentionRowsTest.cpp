// The GPU flash attention's per-row code (attention_rows.h), driven on the
// CPU the way the CUDA kernels drive it (tiles staged into dense arrays,
// thread-per-row loops), against the host kernels: forward, lse and every
// gradient, with causal masks, dropout and a tensor-parallel head offset.
#include "kernels/cuda/attention_geometry.h"
#include "kernels/cuda/attention_rows.h"
#include "kernels/cuda/row_math.h"
#include "kernels/kernels.h"
#include "kernels/math/layer_norm.h"
#include "kernels/math/llama.h"
#include "kernels/math/philox.h"

#include "RandomData.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <vector>

namespace {

using mtc::testing::randn;

using namespace mtc::kernels;
using namespace mtc::kernels::gpu;

constexpr int kDMax = 64; // the instantiation the GPU uses for D <= 64
constexpr int64_t kRowsPerBlock = 64, kTile = 32; // as attention.cu

// Rows [r0, r0 + n) of a strided head slice into a dense [rows][ld] tile.
std::vector<float> stage(const float *src, int64_t stride, int64_t r0, int64_t n, int64_t rows,
                         int64_t ld, int64_t D) {
  std::vector<float> t(rows * ld, 0.f);
  for (int64_t r = 0; r < n; ++r)
    for (int64_t d = 0; d < D; ++d)
      t[r * ld + d] = src[(r0 + r) * stride + d];
  return t;
}

struct Geometry {
  int64_t tokenStride, outStride, qkvBase, outBase, lseBase;
};
Geometry geometry(const AttentionShape &a, int64_t b, int64_t h) {
  return {a.heads * 3 * a.headDim, a.heads * a.headDim, (b * a.seq * a.heads + h) * 3 * a.headDim,
          (b * a.seq * a.heads + h) * a.headDim, (b * a.heads + h) * a.seq};
}

void emulateForward(const AttentionShape &a, const float *qkv, float *out, float *lse) {
  int D = int(a.headDim);
  for (int64_t b = 0; b < a.batch; ++b)
    for (int64_t h = 0; h < a.heads; ++h) {
      Geometry g = geometry(a, b, h);
      AttentionRowInfo info = rowInfo(a, b, h);
      for (int64_t i0 = 0; i0 < a.seq; i0 += kRowsPerBlock) {
        int64_t rows = std::min(kRowsPerBlock, a.seq - i0);
        auto qs = stage(qkv + g.qkvBase, g.tokenStride, i0, rows, kRowsPerBlock, kDMax + 1, D);
        std::vector<AttentionForwardRow<kDMax>> state(rows);
        std::vector<UniformCursor> cursors(rows, UniformCursor(info.seed, info.stream));
        int64_t kvEnd = a.causal ? i0 + rows : a.seq;
        for (int64_t j0 = 0; j0 < kvEnd; j0 += kTile) {
          int64_t n = std::min(kTile, kvEnd - j0);
          auto ks = stage(qkv + g.qkvBase + D, g.tokenStride, j0, n, kTile, kDMax, D);
          auto vs = stage(qkv + g.qkvBase + 2 * D, g.tokenStride, j0, n, kTile, kDMax, D);
          for (int64_t t = 0; t < rows; ++t)
            attentionForwardKeys<kDMax>(state[t], &qs[t * (kDMax + 1)], D, ks.data(), vs.data(),
                                        kDMax, i0 + t, j0, n, info, cursors[t]);
        }
        for (int64_t t = 0; t < rows; ++t)
          lse[g.lseBase + i0 + t] = attentionForwardFinish<kDMax>(
              state[t], out + g.outBase + (i0 + t) * g.outStride, D);
      }
    }
}

void emulateBackward(const AttentionShape &a, const float *qkv, const float *out,
                     const float *lse, const float *dout, float *dqkv) {
  int D = int(a.headDim);
  std::vector<float> rowDot(a.batch * a.heads * a.seq);
  for (int64_t b = 0; b < a.batch; ++b)
    for (int64_t h = 0; h < a.heads; ++h) {
      Geometry g = geometry(a, b, h);
      for (int64_t i = 0; i < a.seq; ++i)
        rowDot[g.lseBase + i] = attentionRowDot<kDMax>(dout + g.outBase + i * g.outStride,
                                                       out + g.outBase + i * g.outStride, D);
    }
  for (int64_t b = 0; b < a.batch; ++b)
    for (int64_t h = 0; h < a.heads; ++h) {
      Geometry g = geometry(a, b, h);
      AttentionRowInfo info = rowInfo(a, b, h);
      // dK, dV: a block of keys, query tiles streamed.
      for (int64_t j0 = 0; j0 < a.seq; j0 += kRowsPerBlock) {
        int64_t keys = std::min(kRowsPerBlock, a.seq - j0);
        auto ks = stage(qkv + g.qkvBase + D, g.tokenStride, j0, keys, kRowsPerBlock, kDMax + 1, D);
        auto vs = stage(qkv + g.qkvBase + 2 * D, g.tokenStride, j0, keys, kRowsPerBlock, kDMax + 1, D);
        std::vector<float> dk(keys * kDMax, 0.f), dv(keys * kDMax, 0.f);
        for (int64_t q0 = a.causal ? j0 : 0; q0 < a.seq; q0 += kTile) {
          int64_t n = std::min(kTile, a.seq - q0);
          auto qt = stage(qkv + g.qkvBase, g.tokenStride, q0, n, kTile, kDMax, D);
          auto dot = stage(dout + g.outBase, g.outStride, q0, n, kTile, kDMax, D);
          for (int64_t t = 0; t < keys; ++t)
            attentionKeyGradRows<kDMax>(&dk[t * kDMax], &dv[t * kDMax], &ks[t * (kDMax + 1)],
                                        &vs[t * (kDMax + 1)], qt.data(), dot.data(), kDMax,
                                        lse + g.lseBase + q0, rowDot.data() + g.lseBase + q0, D,
                                        j0 + t, q0, n, info);
        }
        for (int64_t t = 0; t < keys; ++t)
          for (int d = 0; d < D; ++d) {
            dqkv[g.qkvBase + (j0 + t) * g.tokenStride + D + d] = dk[t * kDMax + d];
            dqkv[g.qkvBase + (j0 + t) * g.tokenStride + 2 * D + d] = dv[t * kDMax + d];
          }
      }
      // dQ: a block of queries, key tiles streamed.
      for (int64_t i0 = 0; i0 < a.seq; i0 += kRowsPerBlock) {
        int64_t rows = std::min(kRowsPerBlock, a.seq - i0);
        auto qs = stage(qkv + g.qkvBase, g.tokenStride, i0, rows, kRowsPerBlock, kDMax + 1, D);
        auto dos = stage(dout + g.outBase, g.outStride, i0, rows, kRowsPerBlock, kDMax + 1, D);
        std::vector<float> dq(rows * kDMax, 0.f);
        std::vector<UniformCursor> cursors(rows, UniformCursor(info.seed, info.stream));
        int64_t kvEnd = a.causal ? i0 + rows : a.seq;
        for (int64_t j0 = 0; j0 < kvEnd; j0 += kTile) {
          int64_t n = std::min(kTile, kvEnd - j0);
          auto ks = stage(qkv + g.qkvBase + D, g.tokenStride, j0, n, kTile, kDMax, D);
          auto vs = stage(qkv + g.qkvBase + 2 * D, g.tokenStride, j0, n, kTile, kDMax, D);
          for (int64_t t = 0; t < rows; ++t)
            attentionQueryGradKeys<kDMax>(&dq[t * kDMax], &qs[t * (kDMax + 1)],
                                          &dos[t * (kDMax + 1)], lse[g.lseBase + i0 + t],
                                          rowDot[g.lseBase + i0 + t], ks.data(), vs.data(),
                                          kDMax, D, i0 + t, attentionKeyEnd(info, i0 + t),
                                          j0, n, info, cursors[t]);
        }
        for (int64_t t = 0; t < rows; ++t)
          for (int d = 0; d < D; ++d)
            dqkv[g.qkvBase + (i0 + t) * g.tokenStride + d] = dq[t * kDMax + d];
      }
    }
}


void expectClose(const std::vector<float> &got, const std::vector<float> &want, float tol,
                 const char *what) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_NEAR(got[i], want[i], tol * (1.f + std::fabs(want[i]))) << what << " element " << i;
}

struct Case {
  int64_t batch, seq, heads, headDim;
  bool causal;
  float dropout;
  int64_t headOffset, totalHeads;
  bool padded = false; // BERT's padding: per-sample key lengths
};

class AttentionRowsTest : public ::testing::TestWithParam<Case> {};

TEST_P(AttentionRowsTest, ForwardAndBackwardMatchHostKernels) {
  Case c = GetParam();
  AttentionShape a{c.batch, c.seq, c.heads, c.headDim, c.causal,
                   1.f / std::sqrt(float(c.headDim)), c.dropout, 99, 7, c.headOffset,
                   c.totalHeads};
  std::vector<int32_t> lengths;
  for (int64_t b = 0; b < c.batch; ++b)
    lengths.push_back(int32_t(b % 2 ? std::max<int64_t>(1, c.seq / 4) : c.seq - c.seq / 3));
  if (c.padded)
    a.lengths = lengths.data();
  size_t qkvN = c.batch * c.seq * c.heads * 3 * c.headDim, outN = qkvN / 3,
         lseN = c.batch * c.heads * c.seq;
  auto qkv = randn(qkvN, 1), dout = randn(outN, 2);
  std::vector<float> out(outN), lse(lseN), gotOut(outN, 9.f), gotLse(lseN, 9.f);
  attentionForward(a, qkv.data(), out.data(), lse.data());
  emulateForward(a, qkv.data(), gotOut.data(), gotLse.data());
  expectClose(gotOut, out, 2e-5f, "out");
  expectClose(gotLse, lse, 2e-5f, "lse");

  std::vector<float> dqkv(qkvN), gotDqkv(qkvN, 9.f);
  attentionBackward(a, qkv.data(), out.data(), lse.data(), dout.data(), dqkv.data());
  emulateBackward(a, qkv.data(), out.data(), lse.data(), dout.data(), gotDqkv.data());
  expectClose(gotDqkv, dqkv, 5e-5f, "dqkv");
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, AttentionRowsTest,
    ::testing::Values(Case{1, 5, 1, 4, true, 0.f, 0, 0},       // one partial tile
                      Case{2, 70, 2, 16, true, 0.f, 0, 0},     // > one block and tile
                      Case{1, 40, 3, 8, false, 0.f, 0, 0},     // bidirectional (BERT)
                      Case{2, 33, 2, 16, true, 0.1f, 0, 0},    // dropout
                      Case{1, 65, 2, 64, true, 0.2f, 1, 4},    // D = DMAX, head split
                      Case{2, 40, 2, 8, false, 0.f, 0, 0, true},    // BERT padding
                      Case{2, 70, 2, 16, false, 0.1f, 0, 0, true},  // padding, dropout
                      Case{2, 33, 1, 8, true, 0.f, 0, 0, true}));   // padding, causal

TEST(RowMath, LayerNormFinishingStepsMatchMath) {
  auto x = randn(37, 3, 2.f), g = randn(37, 4), dy = randn(37, 5);
  math::LayerNormStats want = math::layerNormRowStats(x.data(), 37, 1e-5f);
  float sum = 0.f;
  for (float v : x)
    sum += v;
  float mean = layerNormMeanFromSum(sum, 37), sq = 0.f;
  for (float v : x)
    sq += (v - mean) * (v - mean);
  math::LayerNormStats got = layerNormStatsFromSums(mean, sq, 37, 1e-5f);
  EXPECT_EQ(got.mean, want.mean); // same order of operations: bit-identical
  EXPECT_EQ(got.rstd, want.rstd);
  math::LayerNormBackwardMeans wantM =
      math::layerNormBackwardRowMeans(x.data(), g.data(), dy.data(), 37, want);
  float s1 = 0.f, s2 = 0.f;
  for (int i = 0; i < 37; ++i) {
    s1 += g[i] * dy[i];
    s2 += g[i] * dy[i] * math::layerNormNormalized(x[i], want);
  }
  math::LayerNormBackwardMeans gotM = layerNormBackwardMeansFromSums(s1, s2, 37);
  EXPECT_EQ(gotM.gdy, wantM.gdy);
  EXPECT_EQ(gotM.gdyXhat, wantM.gdyXhat);
}

TEST(RowMath, UniformCursorMatchesPhiloxAtAnyStart) {
  for (uint64_t start : {0ull, 1ull, 3ull, 1022ull}) {
    UniformCursor c(42, 5);
    for (uint64_t i = start; i < start + 19; ++i)
      ASSERT_EQ(c.at(i), math::philoxUniformAt(42, 5, i)) << i;
  }
  // Jumps (the dK kernel's column walk) regenerate the block.
  UniformCursor c(42, 5);
  EXPECT_EQ(c.at(100), math::philoxUniformAt(42, 5, 100));
  EXPECT_EQ(c.at(7), math::philoxUniformAt(42, 5, 7));
}

// attention.cu's decode kernel: per head, a block of new tokens (thread t
// owns position + i0 + t) streams the cached keys and values in tiles.
void emulateDecode(const DecodeShape &d, const float *qkv, const float *keys,
                   const float *values, float *out) {
  const int D = int(d.headDim);
  const int64_t r = d.heads / d.kvHeads, width = math::qkvRowWidth(d.heads, d.kvHeads, D);
  const int64_t kvWidth = d.kvHeads * D;
  AttentionRowInfo info;
  info.seq = d.position + d.tokens, info.causal = true, info.scale = d.scale;
  info.keys = info.seq, info.dropout = 0.f, info.invKeep = 1.f;
  info.seed = 0, info.stream = 0, info.dropoutBase = 0;
  for (int64_t h = 0; h < d.heads; ++h)
    for (int64_t i0 = 0; i0 < d.tokens; i0 += kRowsPerBlock) {
      int64_t rows = std::min(kRowsPerBlock, d.tokens - i0);
      auto qs = stage(qkv + math::qkvQueryColumn(h, r, D), width, i0, rows, kRowsPerBlock,
                      kDMax + 1, D);
      std::vector<AttentionForwardRow<kDMax>> state(rows);
      std::vector<UniformCursor> cursors(rows, UniformCursor(0, 0));
      int64_t kvEnd = d.position + i0 + rows;
      for (int64_t j0 = 0; j0 < kvEnd; j0 += kTile) {
        int64_t n = std::min(kTile, kvEnd - j0);
        auto ks = stage(keys + (h / r) * D, kvWidth, j0, n, kTile, kDMax, D);
        auto vs = stage(values + (h / r) * D, kvWidth, j0, n, kTile, kDMax, D);
        for (int64_t t = 0; t < rows; ++t)
          attentionForwardKeys<kDMax>(state[t], &qs[t * (kDMax + 1)], D, ks.data(), vs.data(),
                                      kDMax, d.position + i0 + t, j0, n, info, cursors[t]);
      }
      for (int64_t t = 0; t < rows; ++t)
        attentionForwardFinish<kDMax>(state[t], out + (i0 + t) * d.heads * D + h * D, D);
    }
}

TEST(AttentionRows, DecodeMatchesTheHostDecode) {
  // Grouped heads, a prompt of 40 after 30 cached tokens (across tiles), then one more.
  const int64_t heads = 4, kvHeads = 2, D = 16, capacity = 80;
  const int64_t width = math::qkvRowWidth(heads, kvHeads, D);
  std::vector<float> keys(capacity * kvHeads * D), values(keys.size());
  auto qkv = randn(71 * width, 3);
  int64_t position = 0;
  for (int64_t n : {30, 40, 1}) {
    DecodeShape d{n, position, capacity, heads, kvHeads, D, 1.f / std::sqrt(float(D))};
    std::vector<float> out(n * heads * D), got(out.size(), 9.f);
    attentionDecode(d, qkv.data() + position * width, keys.data(), values.data(), out.data());
    emulateDecode(d, qkv.data() + position * width, keys.data(), values.data(), got.data());
    expectClose(got, out, 2e-5f, "decode out");
    position += n;
  }
}

TEST(RowMath, OnlineSoftmaxEqualsTwoPassLse) {
  auto s = randn(50, 6, 4.f);
  math::SoftmaxState st = math::softmaxEmpty();
  for (float v : s)
    onlineSoftmaxStep(st, v);
  double m = -INFINITY, sum = 0;
  for (float v : s)
    m = std::max<double>(m, v);
  for (float v : s)
    sum += std::exp(v - m);
  EXPECT_NEAR(math::softmaxLse(st), m + std::log(sum), 1e-5);
}

TEST(RowMath, ClipCoefficientIsMegatrons) {
  EXPECT_EQ(clipCoefficientFromNorm(0.5, 1.0), 1.0);
  EXPECT_NEAR(clipCoefficientFromNorm(4.0, 1.0), 1.0 / (4.0 + 1e-6), 1e-15);
  EXPECT_EQ(clipCoefficientFromNorm(1e9, 0.0), 1.0); // disabled
}

} // namespace
