// The rank-dependent pieces of the tensor-parallel runtime, on one process:
// a sequence shard's dropout and position rows are those of the full tensor.
#include "backends/host/HostBackend.h"
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
    dropoutSequenceShard(hostBackend(), shardIn.data(), shardOut.data(), b, sl, h, TensorShard{r, t}, 0.3f,
                         42, 7);
    for (int64_t bi = 0; bi < b; ++bi)
      for (int64_t i = 0; i < sl * h; ++i)
        ASSERT_EQ(shardOut[bi * sl * h + i], full[bi * s * h + r * sl * h + i])
            << "rank " << r << " sample " << bi << " element " << i;
  }
}

TEST(TensorParallelShards, PositionRowsFollowTheShardOffset) {
  const int64_t b = 2, sl = 3, h = 2, positions = 8, offset = 3;
  std::vector<float> x(b * sl * h, 0.f), y(b * sl * h), table = ramp(positions * h);
  addPositionRows(hostBackend(), x.data(), table.data(), y.data(), b, sl, h, offset);
  for (int64_t bi = 0; bi < b; ++bi)
    for (int64_t p = 0; p < sl; ++p)
      for (int64_t j = 0; j < h; ++j)
        EXPECT_EQ(y[(bi * sl + p) * h + j], table[(offset + p) * h + j]);

  std::vector<float> dy(b * sl * h, 1.f), dtable(positions * h, 0.f);
  accumulatePositionRows(hostBackend(), dy.data(), dtable.data(), b, sl, h, offset);
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
