// The host kernels' vector loops (AVX-512 / AVX2 / baseline clones, sums in
// math::laneSum's order) against scalar references compiled here at the
// x86-64 baseline: bit for bit, so a run gives the same numbers on every CPU
// and the CI machine checks the code a Zen 4 or Xeon runs.
#include "kernels/host/philox_stream.h"
#include "kernels/kernels.h"
#include "kernels/math/cross_entropy.h"
#include "kernels/math/fast_exp.h"
#include "kernels/math/lane_sum.h"
#include "kernels/math/layer_norm.h"
#include "kernels/math/philox.h"
#include "TestUtil.h"

namespace mtc::kernels {
namespace {

using test::randomVector;

TEST(VectorClones, LaneSumIsTheDocumentedOrder) {
  // 37 elements: two full rounds of 16 lanes and a tail of 5.
  auto x = randomVector(37, 1);
  float acc[16] = {};
  for (int j = 0; j < 37; ++j)
    acc[j % 16] += x[j];
  for (int w = 8; w > 0; w /= 2)
    for (int l = 0; l < w; ++l)
      acc[l] += acc[l + w];
  EXPECT_EQ(math::laneSum(37, [&](int64_t j) { return x[j]; }), acc[0]);
  EXPECT_EQ(math::laneSum(0, [&](int64_t j) { return x[j]; }), 0.0f);
}

TEST(VectorClones, UniformRunGivesPhiloxDrawsAtAnyOffset) {
  // Starts inside and on a block, lengths across the 1 Ki-float pieces.
  for (uint64_t first : {0ull, 1ull, 3ull, 4ull, 1021ull, (1ull << 33) - 2})
    for (int64_t n : {0, 1, 5, 1024, 1027, 5000}) {
      std::vector<float> got(n + 1, -1.0f);
      detail::uniformRun(42, 9, first, n, got.data());
      for (int64_t i = 0; i < n; ++i)
        ASSERT_EQ(got[i], math::philoxUniformAt(42, 9, first + i))
            << "first " << first << " n " << n << " i " << i;
      EXPECT_EQ(got[n], -1.0f) << "wrote past n";
    }
}

TEST(VectorClones, LayerNormMatchesScalarMath) {
  for (int64_t H : {7, 64, 768, 1000}) {
    const int64_t N = 5;
    auto x = randomVector(N * H, 2, -3.f, 3.f), g = randomVector(H, 3),
         b = randomVector(H, 4), dy = randomVector(N * H, 5);
    std::vector<float> y(N * H), dx(N * H);
    layerNormForward(x.data(), g.data(), b.data(), y.data(), N, H, 1e-5f);
    layerNormBackwardInput(x.data(), g.data(), dy.data(), dx.data(), N, H, 1e-5f);
    for (int64_t n = 0; n < N; ++n) {
      const float *xr = x.data() + n * H, *dyr = dy.data() + n * H;
      math::LayerNormStats s = math::layerNormRowStats(xr, H, 1e-5f);
      math::LayerNormBackwardMeans m = math::layerNormBackwardRowMeans(xr, g.data(), dyr, H, s);
      for (int64_t h = 0; h < H; ++h) {
        ASSERT_EQ(y[n * H + h], math::layerNormForwardElement(xr[h], s, g[h], b[h]))
            << "H " << H << " row " << n << " column " << h;
        ASSERT_EQ(dx[n * H + h], math::layerNormBackwardElement(xr[h], g[h], dyr[h], s, m))
            << "H " << H << " row " << n << " column " << h;
      }
    }
  }
}

TEST(VectorClones, CrossEntropySumsMatchScalarMath) {
  const int64_t N = 3, V = 1003, valid = 1000;
  auto logits = randomVector(N * V, 6, -8.f, 8.f);
  std::vector<int32_t> targets = {5, -1, 999};
  std::vector<float> rowMax(N), sumExp(N), target(N), dlogits(N * V);
  crossEntropyRowMax(logits.data(), rowMax.data(), N, V, valid);
  crossEntropySumExp(logits.data(), targets.data(), rowMax.data(), sumExp.data(), target.data(),
                     N, V, valid, 0);
  crossEntropyBackward(logits.data(), targets.data(), rowMax.data(), sumExp.data(),
                       dlogits.data(), N, V, valid, 0, 0.5f);
  for (int64_t n = 0; n < N; ++n) {
    const float *row = logits.data() + n * V;
    float m = *std::max_element(row, row + valid);
    ASSERT_EQ(rowMax[n], m);
    float sum = math::laneSum(valid, [&](int64_t v) { return math::expFast(row[v] - m); });
    ASSERT_EQ(sumExp[n], sum) << "row " << n;
    if (targets[n] < 0)
      continue;
    for (int64_t v = 0; v < valid; ++v) {
      float want = math::expFast(row[v] - m) * (0.5f / sum);
      if (v == targets[n])
        want -= 0.5f;
      ASSERT_EQ(dlogits[n * V + v], want) << "row " << n << " column " << v;
    }
  }
}

TEST(VectorClones, SumSquaresDoesNotDependOnThreads) {
  auto x = randomVector((1 << 18) + 13, 7);
  setNumThreads(1);
  double one = sumSquares(x.data(), static_cast<int64_t>(x.size()));
  setNumThreads(2);
  double two = sumSquares(x.data(), static_cast<int64_t>(x.size()));
  setNumThreads(0);
  EXPECT_EQ(one, two);
  EXPECT_NEAR(one, test::dot(x, x), 1e-9 * one);
}

} // namespace
} // namespace mtc::kernels
