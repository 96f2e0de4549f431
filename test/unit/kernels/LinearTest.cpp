// Linear layers in both weight layouts against a double reference and finite
// differences.
#include "kernels/kernels.h"
#include "TestUtil.h"

namespace mtc::kernels {
namespace {

using test::randomVector;

// W element (i, o) of the logical [In, Out] matrix in either storage.
float weightAt(const std::vector<float> &w, int64_t i, int64_t o, int64_t In,
               int64_t Out, bool transposed) {
  return transposed ? w[o * In + i] : w[i * Out + o];
}

class LinearLayouts : public ::testing::TestWithParam<bool> {};

TEST_P(LinearLayouts, ForwardMatchesDoubleReference) {
  bool transposed = GetParam();
  const int64_t N = 7, In = 13, Out = 5;
  auto x = randomVector(N * In, 40);
  auto w = randomVector(In * Out, 41);
  auto bias = randomVector(Out, 42);
  for (bool withBias : {true, false}) {
    std::vector<float> y(N * Out, 99.0f);
    linearForward(x.data(), w.data(), withBias ? bias.data() : nullptr,
                  y.data(), N, In, Out, transposed);
    std::vector<double> want(N * Out);
    for (int64_t n = 0; n < N; ++n)
      for (int64_t o = 0; o < Out; ++o) {
        double s = withBias ? bias[o] : 0.0;
        for (int64_t i = 0; i < In; ++i)
          s += static_cast<double>(x[n * In + i]) *
               weightAt(w, i, o, In, Out, transposed);
        want[n * Out + o] = s;
      }
    test::expectNear(y, want, 1e-5, 1e-5, "linear");
  }
}

TEST_P(LinearLayouts, BackwardMatchesFiniteDifferencesAndAccumulates) {
  bool transposed = GetParam();
  const int64_t N = 6, In = 5, Out = 4;
  auto x = randomVector(N * In, 50);
  auto w = randomVector(In * Out, 51);
  auto bias = randomVector(Out, 52);
  auto dy = randomVector(N * Out, 53);
  std::vector<float> y(N * Out);
  auto objective = [&] {
    linearForward(x.data(), w.data(), bias.data(), y.data(), N, In, Out,
                  transposed);
    return test::dot(dy, y);
  };
  std::vector<float> dx(N * In, 7.0f);
  linearBackwardInput(dy.data(), w.data(), dx.data(), N, In, Out, transposed);
  test::checkGradient(x, objective, dx, "dx");

  std::vector<float> dw(In * Out, 0.0f), db(Out, 0.0f);
  linearBackwardWeight(x.data(), dy.data(), dw.data(), db.data(), N, In, Out,
                       transposed);
  test::checkGradient(w, objective, dw, "dw");
  test::checkGradient(bias, objective, db, "dbias");

  std::vector<float> dw2(In * Out, 0.5f), db2(Out, 0.5f);
  linearBackwardWeight(x.data(), dy.data(), dw2.data(), db2.data(), N, In, Out,
                       transposed);
  linearBackwardWeight(x.data(), dy.data(), dw2.data(), db2.data(), N, In, Out,
                       transposed);
  for (size_t i = 0; i < dw.size(); ++i)
    EXPECT_NEAR(dw2[i], 0.5f + 2 * dw[i], 1e-5);
  for (size_t i = 0; i < db.size(); ++i)
    EXPECT_NEAR(db2[i], 0.5f + 2 * db[i], 1e-5);
}

INSTANTIATE_TEST_SUITE_P(Layouts, LinearLayouts, ::testing::Bool(),
                         [](const auto &info) {
                           return info.param ? "TransposedWeight" : "InOut";
                         });

TEST(Linear, EmptyDimensionsAreWellDefined) {
  std::vector<float> bias = {1.0f, 2.0f}, y(6, 9.0f);
  // In = 0: y is just the bias.
  linearForward(nullptr, nullptr, bias.data(), y.data(), 3, 0, 2, false);
  for (int n = 0; n < 3; ++n) {
    EXPECT_EQ(y[n * 2], 1.0f);
    EXPECT_EQ(y[n * 2 + 1], 2.0f);
  }
  std::vector<float> dx(6, 9.0f);
  linearBackwardInput(nullptr, nullptr, dx.data(), 3, 2, 0, false);
  for (float v : dx)
    EXPECT_EQ(v, 0.0f);
  EXPECT_THROW(linearForward(nullptr, nullptr, nullptr, nullptr, 1, -2, 1,
                             false),
               std::invalid_argument);
}

} // namespace
} // namespace mtc::kernels
