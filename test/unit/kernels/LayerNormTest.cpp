// Layer norm forward against a double reference; both backward kernels
// against finite differences.
#include "kernels/kernels.h"
#include "TestUtil.h"

namespace mtc::kernels {
namespace {

using test::randomVector;

std::vector<double> referenceLayerNorm(const std::vector<float> &x,
                                       const std::vector<float> &g,
                                       const std::vector<float> &b, int64_t N,
                                       int64_t H, double eps) {
  std::vector<double> y(N * H);
  for (int64_t n = 0; n < N; ++n) {
    double mean = 0, var = 0;
    for (int64_t h = 0; h < H; ++h)
      mean += x[n * H + h];
    mean /= H;
    for (int64_t h = 0; h < H; ++h)
      var += (x[n * H + h] - mean) * (x[n * H + h] - mean);
    var /= H;
    for (int64_t h = 0; h < H; ++h)
      y[n * H + h] = (x[n * H + h] - mean) / std::sqrt(var + eps) * g[h] + b[h];
  }
  return y;
}

TEST(LayerNorm, ForwardMatchesDoubleReference) {
  for (auto [N, H] : {std::pair<int64_t, int64_t>{5, 7}, {3, 64}, {2, 1},
                      {1, 130}}) {
    auto x = randomVector(N * H, 10 + H, -2.0f, 3.0f);
    auto g = randomVector(H, 11, 0.5f, 1.5f);
    auto b = randomVector(H, 12);
    std::vector<float> y(N * H);
    layerNormForward(x.data(), g.data(), b.data(), y.data(), N, H, 1e-5f);
    test::expectNear(y, referenceLayerNorm(x, g, b, N, H, 1e-5), 2e-5, 2e-5,
                     "layer norm");
  }
}

TEST(LayerNorm, BackwardMatchesFiniteDifferences) {
  const int64_t N = 4, H = 9;
  const float eps = 1e-5f;
  auto x = randomVector(N * H, 20, -2.0f, 2.0f);
  auto g = randomVector(H, 21, 0.5f, 1.5f);
  auto b = randomVector(H, 22);
  auto dy = randomVector(N * H, 23);
  std::vector<float> y(N * H);
  auto objective = [&] {
    layerNormForward(x.data(), g.data(), b.data(), y.data(), N, H, eps);
    return test::dot(dy, y);
  };
  std::vector<float> dx(N * H, 123.0f); // overwritten, not accumulated
  layerNormBackwardInput(x.data(), g.data(), dy.data(), dx.data(), N, H, eps);
  test::checkGradient(x, objective, dx, "dx", 1e-3);

  std::vector<float> dg(H, 0.0f), db(H, 0.0f);
  layerNormBackwardWeight(x.data(), dy.data(), dg.data(), db.data(), N, H,
                          eps);
  test::checkGradient(g, objective, dg, "dgamma");
  test::checkGradient(b, objective, db, "dbeta");

  // Accumulates: start from 1 and add the same contribution twice.
  std::vector<float> dg2(H, 1.0f), db2(H, 1.0f);
  layerNormBackwardWeight(x.data(), dy.data(), dg2.data(), db2.data(), N, H,
                          eps);
  layerNormBackwardWeight(x.data(), dy.data(), dg2.data(), nullptr, N, H, eps);
  for (int64_t h = 0; h < H; ++h) {
    EXPECT_NEAR(dg2[h], 1.0f + 2 * dg[h], 1e-5);
    EXPECT_NEAR(db2[h], 1.0f + db[h], 1e-6);
  }
}

TEST(LayerNorm, WideRowsUseAllColumnChunks) {
  // H spans several 64-column chunks, N enough rows to run threaded.
  const int64_t N = 300, H = 200;
  auto x = randomVector(N * H, 30);
  auto dy = randomVector(N * H, 31);
  std::vector<float> dg(H, 0.0f), db(H, 0.0f);
  layerNormBackwardWeight(x.data(), dy.data(), dg.data(), db.data(), N, H,
                          1e-5f);
  auto ones = std::vector<float>(H, 1.0f), zeros = std::vector<float>(H, 0.0f);
  auto xhat = referenceLayerNorm(x, ones, zeros, N, H, 1e-5);
  for (int64_t h = 0; h < H; ++h) {
    double wantG = 0, wantB = 0;
    for (int64_t n = 0; n < N; ++n) {
      wantG += dy[n * H + h] * xhat[n * H + h];
      wantB += dy[n * H + h];
    }
    EXPECT_NEAR(dg[h], wantG, 1e-3);
    EXPECT_NEAR(db[h], wantB, 1e-3);
  }
}

TEST(LayerNorm, RejectsEmptyRows) {
  float v = 0;
  EXPECT_THROW(layerNormForward(&v, &v, &v, &v, 1, 0, 1e-5f),
               std::invalid_argument);
}

} // namespace
} // namespace mtc::kernels
