// The tile math of the tensor-core flash attention (flash_attention.cu), as
// MTC_HD code the CPU tests execute lane by lane (test/unit/gpu/
// FlashTileTest.cpp emulates a warp's 32 lanes, ldmatrix and mma.sync over
// the same functions and compares with the host attention kernel).
//
// Fragment layouts are those of the PTX ISA, "Matrix Fragments for
// mma.m16n8k16 with floating point type": lane = 4 * group + quad,
//   A (16 x 16, row major): element e (0..7) at row group + 8 * ((e >> 1) & 1),
//                           column 2 * quad + (e & 1) + 8 * (e >> 2);
//   B (16 x 8, k x n):      element e (0..3) at k = 2 * quad + (e & 1) + 8 * (e >> 1),
//                           n = group;
//   C/D (16 x 8, fp32):     element e (0..3) at row group + 8 * (e >> 1),
//                           column 2 * quad + (e & 1).
// A score accumulator of NT n-tiles covers 16 rows x 8 NT columns; a lane's
// elements 0, 1 are in row group ("half" 0), 2, 3 in row group + 8 (half 1),
// so a row's values live in the 4 lanes of one quad, which reduce by shuffles.
//
// Orientation: the forward and dQ kernels hold scores with queries as rows
// (S = Q K^T); the dK/dV kernel holds them transposed, keys as rows
// (S^T = K Q^T), so that P^T and dS^T are A operands without a transpose.
#pragma once
#include "kernels/cuda/attention_rows.h"
#include "kernels/math/dropout.h"
#include "kernels/math/philox.h"
#include "kernels/math/softmax.h"

#include <cstdint>

namespace mtc::kernels::gpu::flash {

constexpr int kWarpLanes = 32;
constexpr int kWarpRows = 16;                       // rows of one warp's fragments
constexpr int kWarps = 4;                           // warps per block
constexpr int kBlockRows = kWarps * kWarpRows;      // query (or key) rows per block
constexpr int kForwardKeyTile = 64;                 // keys per forward stage
// Columns streamed per backward stage: 64 for head dim 64; 16 for 128, so
// the dK/dV kernel's four accumulators fit in registers.
template <int D> constexpr int backwardTile() { return D <= 64 ? 64 : 16; }
// Shared-memory row stride in bf16 elements: 16 bytes of padding move each
// row by four banks, so the eight rows of an ldmatrix matrix hit distinct banks.
template <int D> constexpr int tileStride() { return D + 8; }

struct FragCoord {
  int row, col;
};

MTC_HD inline FragCoord accCoord(int lane, int e) {
  return {(lane >> 2) + 8 * (e >> 1), 2 * (lane & 3) + (e & 1)};
}
MTC_HD inline FragCoord aCoord(int lane, int e) {
  return {(lane >> 2) + 8 * ((e >> 1) & 1), 2 * (lane & 3) + (e & 1) + 8 * (e >> 2)};
}
MTC_HD inline FragCoord bCoord(int lane, int e) { // row = k, col = n
  return {2 * (lane & 3) + (e & 1) + 8 * (e >> 1), lane >> 2};
}

// A operand element e of k-step kk taken from accumulators (C -> A register
// reuse): the A tile's columns 16 kk .. 16 kk + 15 are n-tiles 2 kk and
// 2 kk + 1 of the accumulator, in the same lane.
MTC_HD inline int accTileOfA(int kk, int e) { return 2 * kk + (e >> 2); }
MTC_HD inline int accElementOfA(int e) { return e & 3; }

// ldmatrix.x4: the (row, column) of the 8-element row segment that `lane`
// addresses, relative to the 16 x 16 block being loaded.
//  - ldmatrixA: an A fragment from a row-major [m][k] tile (registers
//    a0a1, a2a3, a4a5, a6a7); also B fragments of two n-tiles from a [k][n]
//    tile with .trans (registers b0b1, b2b3 of n-tile 0, then of n-tile 1).
//  - ldmatrixB: B fragments of two n-tiles from an [n][k] tile, no .trans
//    (same register order).
MTC_HD inline FragCoord ldmatrixA(int lane) {
  return {(lane & 7) + 8 * ((lane >> 3) & 1), 8 * (lane >> 4)};
}
MTC_HD inline FragCoord ldmatrixBTrans(int lane) { return ldmatrixA(lane); }
MTC_HD inline FragCoord ldmatrixB(int lane) {
  return {(lane & 7) + 8 * (lane >> 4), 8 * ((lane >> 3) & 1)};
}

// Where a warp's score tile sits: its first row and first column in the
// sequence, and whether rows are keys (the dK/dV kernel) or queries.
struct ScoreTile {
  int64_t rowBase, colBase;
  bool keysAreRows;
};
struct ScorePosition {
  int64_t query, key;
};
MTC_HD inline ScorePosition scorePosition(const ScoreTile &t, int lane, int nt, int e) {
  FragCoord c = accCoord(lane, e);
  int64_t r = t.rowBase + c.row, k = t.colBase + 8 * nt + c.col;
  return t.keysAreRows ? ScorePosition{k, r} : ScorePosition{r, k};
}

// Scores -> scaled scores, -inf where masked: causal, padding (a.keys) and
// the ragged end of the sequence on either side (a query past the end sees
// nothing, so padding rows contribute exact zeros to the backward sums).
template <int NT>
MTC_HD inline void scaleAndMask(float (&s)[NT][4], int lane, const ScoreTile &t,
                                const AttentionRowInfo &a) {
MTC_UNROLL
  for (int nt = 0; nt < NT; ++nt)
MTC_UNROLL
    for (int e = 0; e < 4; ++e) {
      ScorePosition p = scorePosition(t, lane, nt, e);
      bool valid = p.query < a.seq && p.key < attentionKeyEnd(a, p.query);
      s[nt][e] = valid ? a.scale * s[nt][e] : -INFINITY;
    }
}

// A lane's maximum of its two rows (queries as rows).
template <int NT>
MTC_HD inline void laneRowMax(const float (&s)[NT][4], float (&m)[2]) {
  m[0] = m[1] = -INFINITY;
MTC_UNROLL
  for (int nt = 0; nt < NT; ++nt)
MTC_UNROLL
    for (int e = 0; e < 4; ++e)
      m[e >> 1] = s[nt][e] > m[e >> 1] ? s[nt][e] : m[e >> 1];
}

// The online-softmax step of a tile, after the quad agreed on the tile's row
// maxima: max, the lane's partial sums and the rescale of what was
// accumulated; scores become probabilities exp(s - max) (0 where masked).
// The lane sums stay partial until the end (the quad adds them once).
struct RowSoftmax {
  float max[2], laneSum[2];
};
MTC_HD inline RowSoftmax rowSoftmaxEmpty() { return {{-INFINITY, -INFINITY}, {0.0f, 0.0f}}; }

template <int NT>
MTC_HD inline void softmaxTile(float (&s)[NT][4], RowSoftmax &st, const float (&tileMax)[2],
                               float (&rescale)[2]) {
  float newMax[2];
MTC_UNROLL
  for (int h = 0; h < 2; ++h) {
    newMax[h] = tileMax[h] > st.max[h] ? tileMax[h] : st.max[h];
    rescale[h] = st.max[h] == -INFINITY ? 0.0f : math::expFast(st.max[h] - newMax[h]);
    st.laneSum[h] *= rescale[h];
    st.max[h] = newMax[h];
  }
MTC_UNROLL
  for (int nt = 0; nt < NT; ++nt)
MTC_UNROLL
    for (int e = 0; e < 4; ++e) {
      float x = s[nt][e];
      float p = x == -INFINITY ? 0.0f : math::expFast(x - newMax[e >> 1]);
      st.laneSum[e >> 1] += p;
      s[nt][e] = p;
    }
}

// acc (16 rows x 8 NT columns) *= the rescale of its row.
template <int NT>
MTC_HD inline void rescaleRows(float (&acc)[NT][4], const float (&rescale)[2]) {
MTC_UNROLL
  for (int nt = 0; nt < NT; ++nt)
MTC_UNROLL
    for (int e = 0; e < 4; ++e)
      acc[nt][e] *= rescale[e >> 1];
}

// The dropout scale of an element: the host's Philox counter
// dropoutBase + query * S + key, so both backends drop the same elements.
MTC_HD inline float dropoutScaleAt(UniformCursor &uniforms, const AttentionRowInfo &a,
                                   ScorePosition q) {
  uint64_t counter = a.dropoutBase + static_cast<uint64_t>(q.query * a.seq + q.key);
  return math::dropoutKeepScale(uniforms.at(counter), a.dropout, a.invKeep);
}

// Forward: probabilities times their dropout scale. A lane's pairs (e, e + 1)
// are consecutive keys: one Philox block serves both unless the pair
// straddles a block.
template <int NT>
MTC_HD inline void dropoutTile(float (&p)[NT][4], int lane, const ScoreTile &t,
                               const AttentionRowInfo &a) {
  UniformCursor uniforms(a.seed, a.stream);
MTC_UNROLL
  for (int nt = 0; nt < NT; ++nt)
MTC_UNROLL
    for (int e = 0; e < 4; ++e)
      p[nt][e] *= dropoutScaleAt(uniforms, a, scorePosition(t, lane, nt, e));
}

// Forward's end, after the quad added its lane sums: lse of a row, and the
// factor its accumulator is multiplied by.
MTC_HD inline float rowLse(float max, float sum) { return math::softmaxLse({max, sum}); }
MTC_HD inline float rowNormalizer(float sum) { return sum > 0.0f ? 1.0f / sum : 0.0f; }

// Backward, from the scaled and masked scores s and dp = dO V^T (both in
// the warp's orientation): P recomputed from the forward's lse, then
// dS = P (dP keep - rowDot) over dp, and P times its dropout scale over s
// (what multiplied V: dV's operand), as the host kernel forms them. lse and
// rowDot are the staged tile's, indexed by query - queryBase.
template <int NT>
MTC_HD inline void backwardScores(float (&s)[NT][4], float (&dp)[NT][4], int lane,
                                  const ScoreTile &t, const float *lse, const float *rowDot,
                                  int64_t queryBase, const AttentionRowInfo &a) {
  UniformCursor uniforms(a.seed, a.stream);
MTC_UNROLL
  for (int nt = 0; nt < NT; ++nt)
MTC_UNROLL
    for (int e = 0; e < 4; ++e) {
      ScorePosition q = scorePosition(t, lane, nt, e);
      float x = s[nt][e];
      float p = x == -INFINITY ? 0.0f : math::softmaxProb(x, lse[q.query - queryBase]);
      float keep = a.dropout > 0.0f ? dropoutScaleAt(uniforms, a, q) : 1.0f;
      dp[nt][e] = math::softmaxBackward(p, dp[nt][e] * keep, rowDot[q.query - queryBase]);
      s[nt][e] = p * keep;
    }
}

} // namespace mtc::kernels::gpu::flash
