// The index maps of the vectorised element-wise kernels (vector_slots.h) and
// the two-stage weight-gradient reduction (column_partials.h), run on the CPU
// exactly as the CUDA kernels run them: every element visited once, float4
// accesses only at 16-byte boundaries, Philox blocks vectorised only when
// aligned, and the two-stage layer-norm / RMSNorm weight gradients equal to
// the host kernels'.
#include "kernels/cuda/column_partials.h"
#include "kernels/cuda/vector_slots.h"
#include "kernels/kernels.h"
#include "kernels/math/layer_norm.h"
#include "kernels/math/llama.h"

#include "RandomData.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace {

using namespace mtc::kernels;
using namespace mtc::kernels::gpu;
using mtc::testing::randn;

TEST(VectorSlots, MisalignmentOfPointers) {
  alignas(16) float buf[16] = {};
  for (int k = 0; k < 8; ++k)
    EXPECT_EQ(floatMisalignment(buf + k), k % 4) << k;
  EXPECT_EQ(floatMisalignment(reinterpret_cast<char *>(buf) + 2), -1);
  EXPECT_EQ(sharedMisalignment(buf + 1, buf + 5, buf + 9), 1);
  EXPECT_EQ(sharedMisalignment(buf + 1, buf + 2), -1);
  EXPECT_EQ(sharedMisalignment(buf + 3, nullptr, buf + 7), 3); // null: not accessed
  EXPECT_EQ(sharedMisalignment(nullptr), 0);
}

// Every element of [0, n) in exactly one slot; float4 slots start on a
// 16-byte boundary; a shared misalignment vectorises all but < 4 + 3 elements.
TEST(VectorSlots, SpanVisitsEveryElementOnceAndAligned) {
  for (int64_t m = -1; m < 4; ++m)
    for (int64_t n = 0; n < 45; ++n) {
      VecSpan s = vecSpan(n, m);
      std::vector<int> seen(n, 0);
      for (int64_t slot = 0; slot < s.slots(); ++slot) {
        int64_t i = s.first(slot), w = s.isVector(slot) ? kVecWidth : 1;
        if (s.isVector(slot)) {
          EXPECT_EQ((m + i) % kVecWidth, 0) << "n " << n << " m " << m << " slot " << slot;
        }
        for (int64_t k = 0; k < w; ++k) {
          ASSERT_LT(i + k, n) << "n " << n << " m " << m << " slot " << slot;
          ++seen[i + k];
        }
      }
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(seen[i], 1) << "n " << n << " m " << m << " element " << i;
      if (m < 0)
        EXPECT_EQ(s.vecs, 0);
      else
        EXPECT_LT(s.head + s.tail, 2 * kVecWidth - 1);
    }
}

// Dropout's whole Philox blocks (counters 4b .. 4b + 3 in [offset, offset +
// n)) are float4 accesses only when their first element is aligned.
TEST(VectorSlots, PhiloxBlocksVectoriseOnlyWhenAligned) {
  const int64_t n = 29;
  for (int64_t m = -1; m < 4; ++m)
    for (uint64_t offset = 0; offset < 9; ++offset) {
      bool allAligned = m >= 0;
      for (uint64_t b = offset / 4; b * 4 < offset + n; ++b)
        if (b * 4 >= offset && b * 4 + 4 <= offset + n)
          allAligned = allAligned && (m + int64_t(b * 4 - offset)) % kVecWidth == 0;
      EXPECT_EQ(philoxBlocksAligned(m, offset), allAligned) << "m " << m << " offset " << offset;
    }
}

TEST(ColumnPartials, ChunksCoverEveryRowOnce) {
  for (int64_t rows : {0, 1, 31, 32, 33, 1000, 2048, 2049, 8192, 100003}) {
    ColumnPartials p = columnPartials(rows);
    EXPECT_LE(p.chunks, kMaxRowChunks) << rows;
    if (rows == 0) {
      EXPECT_EQ(p.chunks, 0);
      continue;
    }
    EXPECT_GE(p.rowsPerChunk, kMinRowsPerChunk);
    int64_t next = 0;
    for (int64_t c = 0; c < p.chunks; ++c) {
      EXPECT_EQ(p.begin(c), next) << rows << " chunk " << c;
      EXPECT_GT(p.end(c, rows), p.begin(c)) << rows << " chunk " << c << " is empty";
      next = p.end(c, rows);
    }
    EXPECT_EQ(next, rows);
  }
  // Enough blocks to fill a GPU for GPT-2's 8 x 1024 tokens: 24 x 64.
  EXPECT_EQ(columnPartials(8192).chunks, 64);
  EXPECT_EQ(ColumnPartials::index(2, 5, 768), 2 * 768 + 5);
}

// Stage 1 (sumChunkColumn into the chunk-major scratch) and stage 2
// (sumColumnPartials), as the kernels run them.
template <class Term>
std::vector<float> twoStageColumnSums(int64_t N, int64_t H, Term term) {
  ColumnPartials p = columnPartials(N);
  std::vector<float> partials(p.chunks * H, NAN);
  for (int64_t c = 0; c < p.chunks; ++c)
    for (int64_t h = 0; h < H; ++h)
      partials[ColumnPartials::index(c, h, H)] =
          sumChunkColumn(p, c, N, [&](int64_t n) { return term(n, h); });
  std::vector<float> out(H);
  for (int64_t h = 0; h < H; ++h)
    out[h] = sumColumnPartials(partials.data(), p.chunks, h, H);
  return out;
}

void expectNear(const std::vector<float> &got, const std::vector<float> &want, float tol,
                const char *what) {
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_NEAR(got[i], want[i], tol * (1.f + std::fabs(want[i]))) << what << " [" << i << "]";
}

TEST(ColumnPartials, TwoStageLayerNormWeightGradMatchesHost) {
  for (auto [N, H] : {std::pair<int64_t, int64_t>{1, 1}, {37, 96}, {2049, 33}}) {
    auto x = randn(N * H, 1, 2.f), dy = randn(N * H, 2);
    std::vector<float> dg(H, 0.f), db(H, 0.f);
    layerNormBackwardWeight(x.data(), dy.data(), dg.data(), db.data(), N, H, 1e-5f);
    std::vector<math::LayerNormStats> stats(N);
    for (int64_t n = 0; n < N; ++n)
      stats[n] = math::layerNormRowStats(x.data() + n * H, H, 1e-5f);
    auto g = twoStageColumnSums(N, H, [&](int64_t n, int64_t h) {
      return dy[n * H + h] * math::layerNormNormalized(x[n * H + h], stats[n]);
    });
    auto b = twoStageColumnSums(N, H, [&](int64_t n, int64_t h) { return dy[n * H + h]; });
    expectNear(g, dg, 1e-4f, "dgamma");
    expectNear(b, db, 1e-4f, "dbeta");
  }
}

TEST(ColumnPartials, TwoStageRmsNormWeightGradMatchesHost) {
  const int64_t N = 3001, H = 67;
  auto x = randn(N * H, 3), dy = randn(N * H, 4);
  std::vector<float> dg(H, 0.f), rstd(N);
  rmsNormBackwardWeight(x.data(), dy.data(), dg.data(), N, H, 1e-6f);
  for (int64_t n = 0; n < N; ++n)
    rstd[n] = math::rmsNormRowRstd(x.data() + n * H, H, 1e-6f);
  auto g = twoStageColumnSums(N, H, [&](int64_t n, int64_t h) {
    return math::rmsNormWeightGradTerm(x[n * H + h], dy[n * H + h], rstd[n]);
  });
  expectNear(g, dg, 1e-4f, "dgamma");
}

} // namespace
