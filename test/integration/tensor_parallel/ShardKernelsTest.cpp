// The rank-dependent pieces of the tensor- and context-parallel runtime, on
// one process: a sequence shard's (or a context rank's) dropout and position
// rows are those of the full tensor.
#include "backends/host/HostBackend.h"
#include "exec/ContextParallel.h"
#include "exec/TensorParallel.h"
#include "kernels/kernels.h"

#include <gtest/gtest.h>

#include <vector>

using namespace mtc;
using namespace mtc::runtime;

namespace {
std::vector<float> ramp(int64_t n) {
  std::vector<float> v(n);
  for (int64_t i = 0; i < n; ++i)
    v[i] = 1.0f + 0.01f * static_cast<float>(i);
  return v;
}
} // namespace

TEST(TensorParallelShards, DropoutOnSequenceShardsEqualsTheFullMask) {
  const int64_t b = 3, s = 8, h = 5, t = 4, sl = s / t;
  std::vector<float> x = ramp(b * s * h), full(b * s * h);
  kernels::dropout(x.data(), full.data(), b * s * h, 0.3f, 42, 7, 0);
  int dropped = 0;
  for (float v : full)
    dropped += v == 0.f;
  ASSERT_GT(dropped, 0); // the mask is not trivial
  for (int r = 0; r < t; ++r) {
    // This rank's shard [b, s/t, h] of x, and its dropout.
    std::vector<float> shardIn(b * sl * h), shardOut(b * sl * h);
    for (int64_t bi = 0; bi < b; ++bi)
      for (int64_t i = 0; i < sl * h; ++i)
        shardIn[bi * sl * h + i] = x[bi * s * h + r * sl * h + i];
    dropoutOnRows(hostBackend(), shardIn.data(), shardOut.data(), b, sl, r * sl, h,
                  ContextShard::unsplit(s), 0.3f, 42, 7);
    for (int64_t bi = 0; bi < b; ++bi)
      for (int64_t i = 0; i < sl * h; ++i)
        ASSERT_EQ(shardOut[bi * sl * h + i], full[bi * s * h + r * sl * h + i])
            << "rank " << r << " sample " << bi << " element " << i;
  }
}

TEST(TensorParallelShards, PositionRowsFollowTheShardOffset) {
  const int64_t b = 2, sl = 3, h = 2, positions = 8, offset = 3;
  std::vector<float> x(b * sl * h, 0.f), y(b * sl * h), table = ramp(positions * h);
  addPositionRows(hostBackend(), x.data(), table.data(), y.data(), b, sl, h, offset,
                  ContextShard::unsplit(positions));
  for (int64_t bi = 0; bi < b; ++bi)
    for (int64_t p = 0; p < sl; ++p)
      for (int64_t j = 0; j < h; ++j)
        EXPECT_EQ(y[(bi * sl + p) * h + j], table[(offset + p) * h + j]);

  std::vector<float> dy(b * sl * h, 1.f), dtable(positions * h, 0.f);
  accumulatePositionRows(hostBackend(), dy.data(), dtable.data(), b, sl, h, offset,
                         ContextShard::unsplit(positions));
  for (int64_t p = 0; p < positions; ++p) {
    float expected = p >= offset && p < offset + sl ? static_cast<float>(b) : 0.f;
    EXPECT_EQ(dtable[p * h], expected) << "position " << p;
  }
}

TEST(TensorParallelShards, BiasIsAddedOncePerRow) {
  std::vector<float> x = ramp(6), y(6), bias = {10.f, 20.f, 30.f}, dbias(3, 1.f);
  hostBackend().biasAdd(x.data(), bias.data(), y.data(), 2, 3);
  EXPECT_FLOAT_EQ(y[4], x[4] + 20.f);
  hostBackend().biasGrad(x.data(), dbias.data(), 2, 3);
  EXPECT_FLOAT_EQ(dbias[2], 1.f + x[2] + x[5]);
}

// A context rank holds chunks r and 2c - 1 - r of each causal sequence; with
// sequence parallelism on top, tensor rank k holds rows [k L/t, (k+1) L/t) of
// those. Dropout and position rows follow the whole-sequence positions.
TEST(ContextParallelShards, DropoutAndPositionRowsFollowThePositions) {
  const int64_t b = 2, s = 16, h = 3, c = 2, L = s / c;
  std::vector<float> x = ramp(b * s * h), full(b * s * h), table = ramp(s * h);
  kernels::dropout(x.data(), full.data(), b * s * h, 0.4f, 9, 2, 0);
  for (int t : {1, 2})
    for (int rank = 0; rank < c; ++rank) {
      const ContextShard ctx = ContextShard::create(s, c, rank, /*causal=*/true);
      const std::vector<int64_t> &p = ctx.positionsOf(rank);
      EXPECT_EQ(p.front(), rank * 4);
      EXPECT_EQ(p.back(), (2 * c - rank) * 4 - 1);
      const int64_t rows = L / t;
      for (int k = 0; k < t; ++k) {
        std::vector<float> in(b * rows * h), out(b * rows * h), zeros(b * rows * h, 0.f),
            pos(b * rows * h);
        for (int64_t bi = 0; bi < b; ++bi)
          for (int64_t i = 0; i < rows; ++i)
            for (int64_t j = 0; j < h; ++j)
              in[(bi * rows + i) * h + j] = x[(bi * s + p[k * rows + i]) * h + j];
        dropoutOnRows(hostBackend(), in.data(), out.data(), b, rows, k * rows, h, ctx, 0.4f, 9,
                      2);
        addPositionRows(hostBackend(), zeros.data(), table.data(), pos.data(), b, rows, h,
                        k * rows, ctx);
        for (int64_t bi = 0; bi < b; ++bi)
          for (int64_t i = 0; i < rows; ++i)
            for (int64_t j = 0; j < h; ++j) {
              const int64_t whole = p[k * rows + i];
              ASSERT_EQ(out[(bi * rows + i) * h + j], full[(bi * s + whole) * h + j])
                  << "t " << t << " context rank " << rank << " row " << i;
              ASSERT_EQ(pos[(bi * rows + i) * h + j], table[whole * h + j]);
            }
      }
    }
  EXPECT_THROW(ContextShard::create(12, 4, 0, true), std::invalid_argument);
}

TEST(ContextParallelShards, LocalRowsGatherThePositionsOfEachSequence) {
  const ContextShard ctx = ContextShard::create(8, 2, 1, /*causal=*/true);
  std::vector<int32_t> whole(16);
  for (int i = 0; i < 16; ++i)
    whole[i] = 100 + i;
  EXPECT_EQ(localRows(ctx, whole, 2),
            (std::vector<int32_t>{102, 103, 104, 105, 110, 111, 112, 113}));
  EXPECT_THROW(localRows(ctx, std::vector<int32_t>(15), 2), std::invalid_argument);
}
