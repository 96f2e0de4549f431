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
#include <ostream>
#include <random>
#include <vector>

namespace {

using mtc::testing::randn;

using namespace mtc::kernels;
using namespace mtc::kernels::gpu;

constexpr int kDMax = 64; // the decode emulation's instantiation (D <= 64)
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

template <int DMAX>
void emulateForward(const AttentionShape &a, const float *qkv, float *out, float *lse) {
  int D = int(a.headDim);
  for (int64_t b = 0; b < a.batch; ++b)
    for (int64_t h = 0; h < a.heads; ++h) {
      HeadGeometry g = headGeometry(a, b, h);
      AttentionRowInfo info = rowInfo(a, b, h);
      for (int64_t i0 = 0; i0 < a.seq; i0 += kRowsPerBlock) {
        int64_t rows = std::min(kRowsPerBlock, a.seq - i0);
        auto qs = stage(qkv + g.qBase, g.tokenStride, i0, rows, kRowsPerBlock, DMAX + 1, D);
        std::vector<AttentionForwardRow<DMAX>> state(rows);
        std::vector<UniformCursor> cursors(rows, UniformCursor(info.seed, info.stream));
        int64_t kvEnd = a.causal ? i0 + rows : a.seq;
        for (int64_t j0 = 0; j0 < kvEnd; j0 += kTile) {
          int64_t n = std::min(kTile, kvEnd - j0);
          auto ks = stage(qkv + g.kBase, g.tokenStride, j0, n, kTile, DMAX, D);
          auto vs = stage(qkv + g.vBase, g.tokenStride, j0, n, kTile, DMAX, D);
          for (int64_t t = 0; t < rows; ++t)
            attentionForwardKeys<DMAX>(state[t], &qs[t * (DMAX + 1)], D, ks.data(), vs.data(),
                                       DMAX, i0 + t, j0, n, info, cursors[t]);
        }
        for (int64_t t = 0; t < rows; ++t)
          lse[g.lseBase + i0 + t] = attentionForwardFinish<DMAX>(
              state[t], out + g.outBase + (i0 + t) * g.outStride, D);
      }
    }
}

// attention.cu's key-gradient launch for `Part`: a block of a group's keys
// streams the query tiles of each of the group's heads in ascending order. A
// Value pass gets no v rows and no rowDot (the kernel stages none), and
// writes only dV; a Key pass only dK.
template <int DMAX, KeyGrads Part>
void emulateKeyGrads(const AttentionShape &a, const float *qkv, const float *lse,
                     const float *dout, const float *rowDot, float *dqkv) {
  constexpr bool withValues = Part != KeyGrads::Value;
  int D = int(a.headDim);
  int64_t kvHeads = kvHeadsOf(a), group = a.heads / kvHeads;
  for (int64_t b = 0; b < a.batch; ++b)
    for (int64_t h0 = 0; h0 < a.heads; h0 += group) {
      HeadGeometry g = headGeometry(a, b, h0);
      for (int64_t j0 = 0; j0 < a.seq; j0 += kRowsPerBlock) {
        int64_t keys = std::min(kRowsPerBlock, a.seq - j0);
        auto ks = stage(qkv + g.kBase, g.tokenStride, j0, keys, kRowsPerBlock, DMAX + 1, D);
        auto vs = stage(qkv + g.vBase, g.tokenStride, j0, keys, kRowsPerBlock, DMAX + 1, D);
        std::vector<float> dk(keys * DMAX, 0.f), dv(keys * DMAX, 0.f);
        for (int64_t h = h0; h < h0 + group; ++h) {
          HeadGeometry hg = headGeometry(a, b, h);
          AttentionRowInfo info = rowInfo(a, b, h);
          for (int64_t q0 = a.causal ? j0 : 0; q0 < a.seq; q0 += kTile) {
            int64_t n = std::min(kTile, a.seq - q0);
            auto qt = stage(qkv + hg.qBase, hg.tokenStride, q0, n, kTile, DMAX, D);
            auto dot = stage(dout + hg.outBase, hg.outStride, q0, n, kTile, DMAX, D);
            for (int64_t t = 0; t < keys; ++t)
              attentionKeyGradRows<DMAX, Part>(
                  &dk[t * DMAX], &dv[t * DMAX], &ks[t * (DMAX + 1)],
                  withValues ? &vs[t * (DMAX + 1)] : nullptr, qt.data(), dot.data(), DMAX,
                  lse + hg.lseBase + q0, withValues ? rowDot + hg.lseBase + q0 : nullptr, D,
                  j0 + t, q0, n, info);
          }
        }
        for (int64_t t = 0; t < keys; ++t)
          for (int d = 0; d < D; ++d) {
            if (Part != KeyGrads::Value)
              dqkv[g.kBase + (j0 + t) * g.tokenStride + d] = dk[t * DMAX + d];
            if (Part != KeyGrads::Key)
              dqkv[g.vBase + (j0 + t) * g.tokenStride + d] = dv[t * DMAX + d];
          }
      }
    }
}

// attention.cu's backward at its DMAX: rowDot, the key gradients (one pass,
// or a dK and a dV pass at DMAX 128), then dQ per block of queries.
template <int DMAX>
void emulateBackward(const AttentionShape &a, const float *qkv, const float *out,
                     const float *lse, const float *dout, float *dqkv) {
  int D = int(a.headDim);
  std::vector<float> rowDot(a.batch * a.heads * a.seq);
  for (int64_t b = 0; b < a.batch; ++b)
    for (int64_t h = 0; h < a.heads; ++h) {
      HeadGeometry g = headGeometry(a, b, h);
      for (int64_t i = 0; i < a.seq; ++i)
        rowDot[g.lseBase + i] = attentionRowDot<DMAX>(dout + g.outBase + i * g.outStride,
                                                      out + g.outBase + i * g.outStride, D);
    }
  if constexpr (DMAX <= 64) {
    emulateKeyGrads<DMAX, KeyGrads::Both>(a, qkv, lse, dout, rowDot.data(), dqkv);
  } else {
    emulateKeyGrads<DMAX, KeyGrads::Key>(a, qkv, lse, dout, rowDot.data(), dqkv);
    emulateKeyGrads<DMAX, KeyGrads::Value>(a, qkv, lse, dout, rowDot.data(), dqkv);
  }
  for (int64_t b = 0; b < a.batch; ++b)
    for (int64_t h = 0; h < a.heads; ++h) {
      HeadGeometry g = headGeometry(a, b, h);
      AttentionRowInfo info = rowInfo(a, b, h);
      // dQ: a block of queries, key tiles streamed.
      for (int64_t i0 = 0; i0 < a.seq; i0 += kRowsPerBlock) {
        int64_t rows = std::min(kRowsPerBlock, a.seq - i0);
        auto qs = stage(qkv + g.qBase, g.tokenStride, i0, rows, kRowsPerBlock, DMAX + 1, D);
        auto dos = stage(dout + g.outBase, g.outStride, i0, rows, kRowsPerBlock, DMAX + 1, D);
        std::vector<float> dq(rows * DMAX, 0.f);
        std::vector<UniformCursor> cursors(rows, UniformCursor(info.seed, info.stream));
        int64_t kvEnd = a.causal ? i0 + rows : a.seq;
        for (int64_t j0 = 0; j0 < kvEnd; j0 += kTile) {
          int64_t n = std::min(kTile, kvEnd - j0);
          auto ks = stage(qkv + g.kBase, g.tokenStride, j0, n, kTile, DMAX, D);
          auto vs = stage(qkv + g.vBase, g.tokenStride, j0, n, kTile, DMAX, D);
          for (int64_t t = 0; t < rows; ++t)
            attentionQueryGradKeys<DMAX>(&dq[t * DMAX], &qs[t * (DMAX + 1)],
                                         &dos[t * (DMAX + 1)], lse[g.lseBase + i0 + t],
                                         rowDot[g.lseBase + i0 + t], ks.data(), vs.data(),
                                         DMAX, D, i0 + t, attentionKeyEnd(info, i0 + t),
                                         j0, n, info, cursors[t]);
        }
        for (int64_t t = 0; t < rows; ++t)
          for (int d = 0; d < D; ++d)
            dqkv[g.qBase + (i0 + t) * g.tokenStride + d] = dq[t * DMAX + d];
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
  bool padded = false;  // BERT's padding: per-sample key lengths
  int64_t kvHeads = 0;  // grouped-query attention (0 = heads)
};

// gtest prints a parameter in failures and ctest's test names: the fields,
// not the struct's bytes (whose padding differs between runs).
void PrintTo(const Case &c, std::ostream *os) {
  *os << "B" << c.batch << "_S" << c.seq << "_H" << c.heads << "_KV"
      << (c.kvHeads ? c.kvHeads : c.heads) << "_D" << c.headDim
      << (c.causal ? "_causal" : "") << "_p" << c.dropout << "_off" << c.headOffset << "of"
      << c.totalHeads << (c.padded ? "_padded" : "");
}

class AttentionRowsTest : public ::testing::TestWithParam<Case> {};

// The GPU instantiates DMAX 64 for head dims <= 64 and 128 above
// (attention_launch.h): the emulation runs the same one.
TEST_P(AttentionRowsTest, ForwardAndBackwardMatchHostKernels) {
  Case c = GetParam();
  AttentionShape a{c.batch, c.seq, c.heads, c.headDim, c.causal,
                   1.f / std::sqrt(float(c.headDim)), c.dropout, 99, 7, c.headOffset,
                   c.totalHeads};
  a.kvHeads = c.kvHeads;
  std::vector<int32_t> lengths;
  for (int64_t b = 0; b < c.batch; ++b)
    lengths.push_back(int32_t(b % 2 ? std::max<int64_t>(1, c.seq / 4) : c.seq - c.seq / 3));
  if (c.padded)
    a.lengths = lengths.data();
  size_t qkvN = c.batch * c.seq * math::qkvRowWidth(c.heads, kvHeadsOf(a), c.headDim),
         outN = c.batch * c.seq * c.heads * c.headDim, lseN = c.batch * c.heads * c.seq;
  auto qkv = randn(qkvN, 1), dout = randn(outN, 2);
  std::vector<float> out(outN), lse(lseN), gotOut(outN, 9.f), gotLse(lseN, 9.f);
  attentionForward(a, qkv.data(), out.data(), lse.data());
  if (c.headDim <= 64)
    emulateForward<64>(a, qkv.data(), gotOut.data(), gotLse.data());
  else
    emulateForward<128>(a, qkv.data(), gotOut.data(), gotLse.data());
  expectClose(gotOut, out, 2e-5f, "out");
  expectClose(gotLse, lse, 2e-5f, "lse");

  std::vector<float> dqkv(qkvN), gotDqkv(qkvN, 9.f);
  attentionBackward(a, qkv.data(), out.data(), lse.data(), dout.data(), dqkv.data());
  if (c.headDim <= 64)
    emulateBackward<64>(a, qkv.data(), out.data(), lse.data(), dout.data(), gotDqkv.data());
  else
    emulateBackward<128>(a, qkv.data(), out.data(), lse.data(), dout.data(), gotDqkv.data());
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
                      Case{2, 33, 1, 8, true, 0.f, 0, 0, true},     // padding, causal
                      Case{2, 37, 4, 16, true, 0.1f, 0, 0, false, 2}, // GQA, one key pass
                      // Head dim 128 (LLaMA): the dK and dV passes, odd S over
                      // two key blocks, grouped queries, dropout, a head split.
                      Case{1, 67, 4, 128, true, 0.1f, 4, 8, false, 2},
                      Case{2, 37, 6, 128, false, 0.2f, 0, 0, false, 2},
                      Case{2, 45, 4, 96, false, 0.1f, 0, 0, true, 1})); // D < DMAX 128, MQA, padding

TEST(RowMath, LayerNormFinishingStepsMatchMath) {
  auto x = randn(37, 3, 2.f), g = randn(37, 4), dy = randn(37, 5);
  math::LayerNormStats want = math::layerNormRowStats(x.data(), 37, 1e-5f);
  // The host sums in math::laneSum's order; fed the same sums, the GPU's
  // finishing steps must give the same bits.
  float sum = math::laneSum(37, [&](int64_t i) { return x[i]; });
  float mean = layerNormMeanFromSum(sum, 37);
  float sq = math::laneSum(37, [&](int64_t i) { return (x[i] - mean) * (x[i] - mean); });
  math::LayerNormStats got = layerNormStatsFromSums(mean, sq, 37, 1e-5f);
  EXPECT_EQ(got.mean, want.mean); // same order of operations: bit-identical
  EXPECT_EQ(got.rstd, want.rstd);
  math::LayerNormBackwardMeans wantM =
      math::layerNormBackwardRowMeans(x.data(), g.data(), dy.data(), 37, want);
  float s1 = math::laneSum(37, [&](int64_t i) { return g[i] * dy[i]; });
  float s2 = math::laneSum(
      37, [&](int64_t i) { return g[i] * dy[i] * math::layerNormNormalized(x[i], want); });
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
