// The tensor-core flash attention's tile math (kernels/cuda/flash_tile.h),
// executed on the CPU the way flash_attention.cu executes it: a warp is its
// 32 lanes' fragments, ldmatrix.x4 and mma.sync.m16n8k16 are emulated from
// the PTX ISA's definitions, quad shuffles are loops over a quad's lanes, and
// the three kernels' loops (forward, dK/dV, dQ) are replayed tile by tile.
// Forward output, lse and dQ/dK/dV are compared with the host attention
// kernels, once with exact operands (the tile logic alone: fp32 accuracy) and
// once with bf16 operands as the GPU rounds them (a tolerance from bf16's
// unit roundoff).
#include "kernels/cuda/attention_geometry.h"
#include "kernels/cuda/flash_tile.h"
#include "kernels/kernels.h"
#include "kernels/math/precision.h"

#include "FlashTolerance.h"
#include "RandomData.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <vector>

namespace {

using namespace mtc::kernels;
using namespace mtc::kernels::gpu;
using namespace mtc::kernels::gpu::flash;

// ---- fragment layouts against values read off the PTX ISA's figures ----

TEST(FlashFragments, LayoutsAreThePtxIsas) {
  // C/D: lane 5 (group 1, quad 1) element 3 is row 9, column 3.
  EXPECT_EQ(accCoord(5, 3).row, 9);
  EXPECT_EQ(accCoord(5, 3).col, 3);
  EXPECT_EQ(accCoord(31, 0).row, 7);
  EXPECT_EQ(accCoord(31, 0).col, 6);
  // A: lane 30 (group 7, quad 2) a6 is row 15, column 12; a1 row 7, column 5.
  EXPECT_EQ(aCoord(30, 6).row, 15);
  EXPECT_EQ(aCoord(30, 6).col, 12);
  EXPECT_EQ(aCoord(30, 1).row, 7);
  EXPECT_EQ(aCoord(30, 1).col, 5);
  EXPECT_EQ(aCoord(0, 2).row, 8);
  EXPECT_EQ(aCoord(0, 4).col, 8);
  // B: lane 13 (group 3, quad 1) b3 is k = 11, n = 3.
  EXPECT_EQ(bCoord(13, 3).row, 11);
  EXPECT_EQ(bCoord(13, 3).col, 3);
  // Each layout covers its matrix exactly once.
  std::vector<int> a(256), b(128), c(128);
  for (int lane = 0; lane < kWarpLanes; ++lane) {
    for (int e = 0; e < 8; ++e)
      ++a[aCoord(lane, e).row * 16 + aCoord(lane, e).col];
    for (int e = 0; e < 4; ++e) {
      ++b[bCoord(lane, e).row * 8 + bCoord(lane, e).col];
      ++c[accCoord(lane, e).row * 8 + accCoord(lane, e).col];
    }
  }
  for (int n : a)
    EXPECT_EQ(n, 1);
  for (int n : b)
    EXPECT_EQ(n, 1);
  for (int n : c)
    EXPECT_EQ(n, 1);
}

// ---- the emulated warp ----

// A shared-memory tile of b16 values, held as float (already rounded when
// the operands are bf16).
struct Tile {
  int ld;
  std::vector<float> v;
  Tile(int rows, int cols) : ld(cols), v(size_t(rows) * cols, 0.0f) {}
  float at(int r, int c) const { return v[size_t(r) * ld + c]; }
};

enum class Operands { Bf16, Exact };
float operand(Operands o, float x) { return o == Operands::Bf16 ? bf16ToFloat(floatToBf16(x)) : x; }

// flash_attention.cu's stageTile: rows [r0, r0 + n), zero past n and past D.
Tile stageTile(const float *src, int64_t stride, int64_t r0, int64_t n, int rows, int dmax, int D,
               Operands o) {
  Tile t(rows, dmax);
  for (int r = 0; r < n; ++r)
    for (int d = 0; d < D; ++d)
      t.v[size_t(r) * dmax + d] = operand(o, src[(r0 + r) * stride + d]);
  return t;
}
std::vector<float> stageScalars(const float *src, int64_t r0, int64_t n, int rows) {
  std::vector<float> t(rows, 0.0f);
  for (int r = 0; r < n; ++r)
    t[r] = src[r0 + r];
  return t;
}

// Per lane: 4 registers of 2 b16 halves, register m's halves at 2m, 2m + 1.
using Fragment = std::array<std::array<float, 8>, kWarpLanes>;

// ldmatrix.x4 as the PTX ISA defines it: lanes 8m .. 8m + 7 address the rows
// of matrix m; without .trans lane t receives row t / 4, columns 2 (t % 4)
// and 2 (t % 4) + 1 of each matrix; with .trans, rows 2 (t % 4) and
// 2 (t % 4) + 1 of column t / 4. `address` is flash_tile.h's (what a lane
// passes), so this checks it.
Fragment ldmatrixX4(const Tile &t, int row0, int col0, FragCoord (*address)(int), bool trans) {
  Fragment out{};
  for (int lane = 0; lane < kWarpLanes; ++lane)
    for (int m = 0; m < 4; ++m)
      for (int h = 0; h < 2; ++h) {
        int source = trans ? 8 * m + 2 * (lane % 4) + h : 8 * m + lane / 4;
        int column = trans ? lane / 4 : 2 * (lane % 4) + h;
        FragCoord a = address(source);
        out[lane][2 * m + h] = t.at(row0 + a.row, col0 + a.col + column);
      }
  return out;
}

template <int NT> struct WarpAcc {
  float lane[kWarpLanes][NT][4] = {};
};

// d[nt] += A B with B the n-tile `half` of a two-n-tile fragment.
template <int NT>
void mmaSync(WarpAcc<NT> &d, int nt, const Fragment &a, const Fragment &b, int half) {
  float A[16][16], B[16][8];
  for (int lane = 0; lane < kWarpLanes; ++lane) {
    for (int e = 0; e < 8; ++e)
      A[aCoord(lane, e).row][aCoord(lane, e).col] = a[lane][e];
    for (int e = 0; e < 4; ++e)
      B[bCoord(lane, e).row][bCoord(lane, e).col] = b[lane][4 * half + e];
  }
  for (int lane = 0; lane < kWarpLanes; ++lane)
    for (int e = 0; e < 4; ++e) {
      FragCoord c = accCoord(lane, e);
      float s = d.lane[lane][nt][e];
      for (int k = 0; k < 16; ++k)
        s += A[c.row][k] * B[k][c.col];
      d.lane[lane][nt][e] = s;
    }
}

TEST(FlashFragments, LdmatrixAddressesLoadTheMmaLayouts) {
  Tile t(32, 40);
  for (size_t i = 0; i < t.v.size(); ++i)
    t.v[i] = float(i);
  Fragment a = ldmatrixX4(t, 16, 8, ldmatrixA, false);
  Fragment b = ldmatrixX4(t, 16, 8, ldmatrixB, false);
  Fragment bt = ldmatrixX4(t, 16, 8, ldmatrixBTrans, true);
  for (int lane = 0; lane < kWarpLanes; ++lane) {
    for (int e = 0; e < 8; ++e) // A from [m][k]
      EXPECT_EQ(a[lane][e], t.at(16 + aCoord(lane, e).row, 8 + aCoord(lane, e).col));
    for (int half = 0; half < 2; ++half)
      for (int e = 0; e < 4; ++e) {
        FragCoord c = bCoord(lane, e); // k, n
        EXPECT_EQ(b[lane][4 * half + e], t.at(16 + 8 * half + c.col, 8 + c.row)) << "[n][k]";
        EXPECT_EQ(bt[lane][4 * half + e], t.at(16 + c.row, 8 + 8 * half + c.col)) << "[k][n]";
      }
  }
}

// flash_attention.cu's helpers, on the emulated warp.
template <int NT>
void mmaRowsByRows(WarpAcc<NT> &acc, const Tile &a, int aRow0, const Tile &b, int k0) {
  Fragment fa = ldmatrixX4(a, aRow0, k0, ldmatrixA, false);
  for (int np = 0; np < NT / 2; ++np) {
    Fragment fb = ldmatrixX4(b, 16 * np, k0, ldmatrixB, false);
    mmaSync(acc, 2 * np, fa, fb, 0);
    mmaSync(acc, 2 * np + 1, fa, fb, 1);
  }
}
template <int DT>
void mmaRegsByTile(WarpAcc<DT> &acc, const Fragment &fa, const Tile &b, int kk) {
  for (int dp = 0; dp < DT / 2; ++dp) {
    Fragment fb = ldmatrixX4(b, 16 * kk, 16 * dp, ldmatrixBTrans, true);
    mmaSync(acc, 2 * dp, fa, fb, 0);
    mmaSync(acc, 2 * dp + 1, fa, fb, 1);
  }
}
template <int NT>
Fragment accumulatorsAsA(const WarpAcc<NT> &acc, int kk, Operands o) {
  Fragment a{};
  for (int lane = 0; lane < kWarpLanes; ++lane)
    for (int e = 0; e < 8; ++e)
      a[lane][e] = operand(o, acc.lane[lane][accTileOfA(kk, e)][accElementOfA(e)]);
  return a;
}
// The shuffles over a quad: every lane gets its quad's max / sum.
void quadReduce(float (&x)[kWarpLanes][2], bool max) {
  for (int q = 0; q < kWarpLanes; q += 4)
    for (int h = 0; h < 2; ++h) {
      float r = x[q][h];
      for (int l = 1; l < 4; ++l)
        r = max ? std::max(r, x[q + l][h]) : r + x[q + l][h];
      for (int l = 0; l < 4; ++l)
        x[q + l][h] = r;
    }
}
template <int DT>
void storeRows(const WarpAcc<DT> &acc, float *dst, int64_t stride, int64_t rowBase, int64_t rows,
               int D, const float (&scale)[kWarpLanes][2]) {
  for (int lane = 0; lane < kWarpLanes; ++lane)
    for (int dt = 0; dt < DT; ++dt)
      for (int e = 0; e < 4; ++e) {
        FragCoord c = accCoord(lane, e);
        int64_t r = rowBase + c.row;
        int d = 8 * dt + c.col;
        if (r < rows && d < D)
          dst[r * stride + d] = acc.lane[lane][dt][e] * scale[lane][e >> 1];
      }
}

// ---- the three kernels, replayed ----

// flash_attention.cu's scoreGradientTile: s = A B^T, dp = C D^T for the
// warp's rows [row0, row0 + 16) of A and C, then mask and backwardScores.
template <int DMAX, int NT>
void scoreGradientTile(WarpAcc<NT> &s, WarpAcc<NT> &dp, const Tile &a, const Tile &b,
                       const Tile &c, const Tile &d, int row0, const ScoreTile &tile,
                       const float *lse, const float *rowDot, int64_t queryBase,
                       const AttentionRowInfo &info) {
  for (int kk = 0; kk < DMAX / 16; ++kk) {
    mmaRowsByRows(s, a, row0, b, 16 * kk);
    mmaRowsByRows(dp, c, row0, d, 16 * kk);
  }
  for (int lane = 0; lane < kWarpLanes; ++lane) {
    scaleAndMask<NT>(s.lane[lane], lane, tile, info);
    backwardScores<NT>(s.lane[lane], dp.lane[lane], lane, tile, lse, rowDot, queryBase, info);
  }
}

template <int DMAX>
void emulateForward(const AttentionShape &a, const float *qkv, float *out, float *lse,
                    Operands o) {
  constexpr int NT = kForwardKeyTile / 8, DT = DMAX / 8;
  const int D = int(a.headDim);
  for (int64_t b = 0; b < a.batch; ++b)
    for (int64_t h = 0; h < a.heads; ++h)
      for (int64_t i0 = 0; i0 < a.seq; i0 += kBlockRows) {
        HeadGeometry g = headGeometry(a, b, h);
        AttentionRowInfo info = rowInfo(a, b, h);
        int64_t rows = std::min<int64_t>(kBlockRows, a.seq - i0);
        Tile qs = stageTile(qkv + g.qBase, g.tokenStride, i0, rows, kBlockRows, DMAX, D, o);
        std::vector<WarpAcc<DT>> acc(kWarps);
        std::vector<std::array<RowSoftmax, kWarpLanes>> st(kWarps);
        for (auto &w : st)
          w.fill(rowSoftmaxEmpty());
        int64_t kvEnd = std::min(a.causal ? i0 + rows : a.seq, info.keys);
        for (int64_t j0 = 0; j0 < kvEnd; j0 += kForwardKeyTile) {
          int64_t n = std::min<int64_t>(kForwardKeyTile, kvEnd - j0);
          Tile ks = stageTile(qkv + g.kBase, g.tokenStride, j0, n, kForwardKeyTile, DMAX, D, o);
          Tile vs = stageTile(qkv + g.vBase, g.tokenStride, j0, n, kForwardKeyTile, DMAX, D, o);
          for (int warp = 0; warp < kWarps; ++warp) {
            int64_t warpRow = i0 + warp * kWarpRows;
            if (a.causal && j0 > warpRow + kWarpRows - 1)
              continue;
            WarpAcc<NT> s;
            for (int kk = 0; kk < DMAX / 16; ++kk)
              mmaRowsByRows(s, qs, warp * kWarpRows, ks, 16 * kk);
            const ScoreTile tile{warpRow, j0, false};
            float m[kWarpLanes][2];
            for (int lane = 0; lane < kWarpLanes; ++lane) {
              scaleAndMask<NT>(s.lane[lane], lane, tile, info);
              laneRowMax<NT>(s.lane[lane], m[lane]);
            }
            quadReduce(m, true);
            for (int lane = 0; lane < kWarpLanes; ++lane) {
              float rescale[2];
              softmaxTile<NT>(s.lane[lane], st[warp][lane], m[lane], rescale);
              rescaleRows<DT>(acc[warp].lane[lane], rescale);
              if (info.dropout > 0.0f)
                dropoutTile<NT>(s.lane[lane], lane, tile, info);
            }
            for (int kk = 0; kk < kForwardKeyTile / 16; ++kk)
              mmaRegsByTile(acc[warp], accumulatorsAsA(s, kk, o), vs, kk);
          }
        }
        for (int warp = 0; warp < kWarps; ++warp) {
          int64_t warpRow = i0 + warp * kWarpRows;
          float sum[kWarpLanes][2], norm[kWarpLanes][2];
          for (int lane = 0; lane < kWarpLanes; ++lane)
            for (int half = 0; half < 2; ++half)
              sum[lane][half] = st[warp][lane].laneSum[half];
          quadReduce(sum, false);
          for (int lane = 0; lane < kWarpLanes; ++lane)
            for (int half = 0; half < 2; ++half) {
              norm[lane][half] = rowNormalizer(sum[lane][half]);
              int64_t i = warpRow + (lane >> 2) + 8 * half;
              if ((lane & 3) == 0 && i < a.seq)
                lse[g.lseBase + i] = rowLse(st[warp][lane].max[half], sum[lane][half]);
            }
          storeRows(acc[warp], out + g.outBase, g.outStride, warpRow, a.seq, D, norm);
        }
      }
}

template <int DMAX>
void emulateKeyGrad(const AttentionShape &a, const float *qkv, const float *lse, const float *dout,
                    const float *rowDot, float *dqkv, Operands o) {
  constexpr int BT = backwardTile<DMAX>(), NT = BT / 8, DT = DMAX / 8;
  const int D = int(a.headDim);
  const int64_t kvHeads = kvHeadsOf(a), group = a.heads / kvHeads;
  for (int64_t b = 0; b < a.batch; ++b)
    for (int64_t kv = 0; kv < kvHeads; ++kv)
      for (int64_t j0 = 0; j0 < a.seq; j0 += kBlockRows) {
        int64_t h0 = kv * group;
        HeadGeometry g = headGeometry(a, b, h0);
        int64_t keys = std::min<int64_t>(kBlockRows, a.seq - j0);
        Tile ks = stageTile(qkv + g.kBase, g.tokenStride, j0, keys, kBlockRows, DMAX, D, o);
        Tile vs = stageTile(qkv + g.vBase, g.tokenStride, j0, keys, kBlockRows, DMAX, D, o);
        std::vector<WarpAcc<DT>> dk(kWarps), dv(kWarps);
        bool seen = j0 < attentionKeys(a.lengths, b, a.seq);
        for (int64_t h = h0; seen && h < h0 + group; ++h) {
          HeadGeometry hg = headGeometry(a, b, h);
          AttentionRowInfo info = rowInfo(a, b, h);
          for (int64_t q0 = a.causal ? j0 : 0; q0 < a.seq; q0 += BT) {
            int64_t n = std::min<int64_t>(BT, a.seq - q0);
            Tile qs = stageTile(qkv + hg.qBase, hg.tokenStride, q0, n, BT, DMAX, D, o);
            Tile dos = stageTile(dout + hg.outBase, hg.outStride, q0, n, BT, DMAX, D, o);
            std::vector<float> lseTile = stageScalars(lse + hg.lseBase, q0, n, BT);
            std::vector<float> dotTile = stageScalars(rowDot + hg.lseBase, q0, n, BT);
            for (int warp = 0; warp < kWarps; ++warp) {
              int64_t warpKey = j0 + warp * kWarpRows;
              if (a.causal && q0 + BT - 1 < warpKey)
                continue;
              const ScoreTile tile{warpKey, q0, true};
              WarpAcc<NT> p, ds;
              scoreGradientTile<DMAX>(p, ds, ks, qs, vs, dos, warp * kWarpRows, tile,
                                      lseTile.data(), dotTile.data(), q0, info);
              for (int kk = 0; kk < BT / 16; ++kk) {
                mmaRegsByTile(dv[warp], accumulatorsAsA(p, kk, o), dos, kk);
                mmaRegsByTile(dk[warp], accumulatorsAsA(ds, kk, o), qs, kk);
              }
            }
          }
        }
        float one[kWarpLanes][2], scale[kWarpLanes][2];
        for (int lane = 0; lane < kWarpLanes; ++lane)
          one[lane][0] = one[lane][1] = 1.0f, scale[lane][0] = scale[lane][1] = a.scale;
        for (int warp = 0; warp < kWarps; ++warp) {
          int64_t warpKey = j0 + warp * kWarpRows;
          storeRows(dk[warp], dqkv + g.kBase, g.tokenStride, warpKey, a.seq, D, scale);
          storeRows(dv[warp], dqkv + g.vBase, g.tokenStride, warpKey, a.seq, D, one);
        }
      }
}

template <int DMAX>
void emulateQueryGrad(const AttentionShape &a, const float *qkv, const float *lse,
                      const float *dout, const float *rowDot, float *dqkv, Operands o) {
  constexpr int BT = backwardTile<DMAX>(), NT = BT / 8, DT = DMAX / 8;
  const int D = int(a.headDim);
  for (int64_t b = 0; b < a.batch; ++b)
    for (int64_t h = 0; h < a.heads; ++h)
      for (int64_t i0 = 0; i0 < a.seq; i0 += kBlockRows) {
        HeadGeometry g = headGeometry(a, b, h);
        AttentionRowInfo info = rowInfo(a, b, h);
        int64_t rows = std::min<int64_t>(kBlockRows, a.seq - i0);
        Tile qs = stageTile(qkv + g.qBase, g.tokenStride, i0, rows, kBlockRows, DMAX, D, o);
        Tile dos = stageTile(dout + g.outBase, g.outStride, i0, rows, kBlockRows, DMAX, D, o);
        std::vector<float> lseTile = stageScalars(lse + g.lseBase, i0, rows, kBlockRows);
        std::vector<float> dotTile = stageScalars(rowDot + g.lseBase, i0, rows, kBlockRows);
        std::vector<WarpAcc<DT>> dq(kWarps);
        int64_t kvEnd = std::min(a.causal ? i0 + rows : a.seq, info.keys);
        for (int64_t j0 = 0; j0 < kvEnd; j0 += BT) {
          int64_t n = std::min<int64_t>(BT, kvEnd - j0);
          Tile ks = stageTile(qkv + g.kBase, g.tokenStride, j0, n, BT, DMAX, D, o);
          Tile vs = stageTile(qkv + g.vBase, g.tokenStride, j0, n, BT, DMAX, D, o);
          for (int warp = 0; warp < kWarps; ++warp) {
            int64_t warpRow = i0 + warp * kWarpRows;
            if (a.causal && j0 > warpRow + kWarpRows - 1)
              continue;
            const ScoreTile tile{warpRow, j0, false};
            WarpAcc<NT> p, ds;
            scoreGradientTile<DMAX>(p, ds, qs, ks, dos, vs, warp * kWarpRows, tile,
                                    lseTile.data(), dotTile.data(), i0, info);
            for (int kk = 0; kk < BT / 16; ++kk)
              mmaRegsByTile(dq[warp], accumulatorsAsA(ds, kk, o), ks, kk);
          }
        }
        float scale[kWarpLanes][2];
        for (int lane = 0; lane < kWarpLanes; ++lane)
          scale[lane][0] = scale[lane][1] = a.scale;
        for (int warp = 0; warp < kWarps; ++warp)
          storeRows(dq[warp], dqkv + g.qBase, g.tokenStride, i0 + warp * kWarpRows, a.seq, D,
                    scale);
      }
}

// attentionRowDotKernel's sum: rowDot[b, h, i] = dO . O.
std::vector<float> rowDots(const AttentionShape &a, const float *out, const float *dout) {
  std::vector<float> r(a.batch * a.heads * a.seq);
  for (int64_t b = 0; b < a.batch; ++b)
    for (int64_t h = 0; h < a.heads; ++h)
      for (int64_t i = 0; i < a.seq; ++i) {
        int64_t base = ((b * a.seq + i) * a.heads + h) * a.headDim;
        float s = 0.0f;
        for (int64_t d = 0; d < a.headDim; ++d)
          s += dout[base + d] * out[base + d];
        r[(b * a.heads + h) * a.seq + i] = s;
      }
  return r;
}

// ---- against the host kernels ----

struct Case {
  const char *name;
  int64_t batch, seq, heads, kvHeads, headDim;
  bool causal;
  float dropout;
  int64_t headOffset, totalHeads;
  std::vector<int32_t> lengths; // empty: no padding
};

void PrintTo(const Case &c, std::ostream *os) { *os << c.name; }

std::string caseName(const ::testing::TestParamInfo<std::tuple<Case, Operands>> &p) {
  return std::string(std::get<0>(p.param).name) +
         (std::get<1>(p.param) == Operands::Bf16 ? "_bf16" : "_exact");
}

class FlashTileTest : public ::testing::TestWithParam<std::tuple<Case, Operands>> {};

template <int DMAX> void runCase(const Case &c, Operands o) {
  AttentionShape a{c.batch, c.seq, c.heads, c.headDim, c.causal,
                   1.0f / std::sqrt(float(c.headDim)), c.dropout, 1234, 7};
  a.kvHeads = c.kvHeads;
  a.headOffset = c.headOffset;
  a.totalHeads = c.totalHeads;
  a.lengths = c.lengths.empty() ? nullptr : c.lengths.data();
  const int64_t width = math::qkvRowWidth(c.heads, kvHeadsOf(a), c.headDim);
  auto qkv = mtc::testing::randn(c.batch * c.seq * width, 11, 1.5f);
  auto dout = mtc::testing::randn(c.batch * c.seq * c.heads * c.headDim, 12);
  const bool bf16 = o == Operands::Bf16;
  if (bf16) {
    mtc::testing::roundToBf16(qkv);
    mtc::testing::roundToBf16(dout);
  }
  const size_t outSize = dout.size(), lseSize = c.batch * c.heads * c.seq;

  std::vector<float> out(outSize), lse(lseSize), dqkv(qkv.size(), 0.0f);
  attentionForward(a, qkv.data(), out.data(), lse.data());
  attentionBackward(a, qkv.data(), out.data(), lse.data(), dout.data(), dqkv.data());

  std::vector<float> fOut(outSize, NAN), fLse(lseSize, NAN), fDqkv(qkv.size(), NAN);
  emulateForward<DMAX>(a, qkv.data(), fOut.data(), fLse.data(), o);
  // Backward from the host's out and lse, so its comparison is its own.
  std::vector<float> dots = rowDots(a, out.data(), dout.data());
  emulateKeyGrad<DMAX>(a, qkv.data(), lse.data(), dout.data(), dots.data(), fDqkv.data(), o);
  emulateQueryGrad<DMAX>(a, qkv.data(), lse.data(), dout.data(), dots.data(), fDqkv.data(), o);

  mtc::testing::expectFlashClose(fOut, out, bf16, "out");
  // lse: exp(lse) is a sum of exps of exact scores in both modes (bf16
  // operands are exact bf16 values, rounded identically on both sides).
  for (size_t i = 0; i < lseSize; ++i)
    ASSERT_NEAR(fLse[i], lse[i], 1e-4f * (1.0f + std::fabs(lse[i]))) << "lse " << i;
  mtc::testing::expectFlashClose(fDqkv, dqkv, bf16, "dqkv (dQ, dK, dV)");
}

TEST_P(FlashTileTest, ForwardAndBackwardMatchHostKernels) {
  const Case &c = std::get<0>(GetParam());
  if (c.headDim <= 64)
    runCase<64>(c, std::get<1>(GetParam()));
  else
    runCase<128>(c, std::get<1>(GetParam()));
}

const Case kCases[] = {
    {"CausalRagged", 2, 37, 2, 0, 64, true, 0.0f, 0, 0, {}},
    {"GqaDropoutTensorParallel", 1, 130, 2, 1, 64, true, 0.1f, 1, 4, {}},
    {"HeadDim128Dropout", 1, 77, 2, 0, 128, true, 0.2f, 0, 0, {}},
    {"HeadDim128GqaLong", 1, 200, 4, 2, 128, true, 0.0f, 0, 0, {}},
    {"HeadDim32Padded", 1, 64, 1, 0, 32, true, 0.0f, 0, 0, {}},
    {"BertPaddingNonCausal", 2, 50, 2, 0, 64, false, 0.1f, 0, 0, {50, 23}},
    {"SingleToken", 2, 1, 2, 0, 64, true, 0.1f, 0, 0, {}},
    {"GqaPaddingCausalDropout", 2, 45, 4, 2, 64, true, 0.1f, 4, 8, {45, 17}},
};

INSTANTIATE_TEST_SUITE_P(Shapes, FlashTileTest,
                         ::testing::Combine(::testing::ValuesIn(kCases),
                                            ::testing::Values(Operands::Exact, Operands::Bf16)),
                         caseName);

} // namespace
