// GeLU (tanh approximation and exact) against the double formulas and finite
// differences; add and scale.
#include "kernels/kernels.h"
#include "TestUtil.h"

namespace mtc::kernels {
namespace {

using test::randomVector;

TEST(Gelu, ForwardMatchesDoubleReference) {
  const int64_t n = 100001; // odd and large enough to run threaded
  auto x = randomVector(n, 60, -8.0f, 8.0f);
  std::vector<float> y(n);
  geluForward(x.data(), y.data(), n, /*exact=*/false);
  std::vector<double> want(n);
  for (int64_t i = 0; i < n; ++i) {
    double v = x[i];
    want[i] = 0.5 * v *
              (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (v + 0.044715 * v * v * v)));
  }
  test::expectNear(y, want, 1e-6, 1e-6, "gelu");
}

TEST(Gelu, ExactMatchesErfAndDiffersFromTanh) {
  const int64_t n = 100001;
  auto x = randomVector(n, 65, -8.0f, 8.0f);
  std::vector<float> y(n), approx(n);
  geluForward(x.data(), y.data(), n, /*exact=*/true);
  geluForward(x.data(), approx.data(), n, /*exact=*/false);
  std::vector<double> want(n);
  double largest = 0;
  for (int64_t i = 0; i < n; ++i) {
    double v = x[i];
    want[i] = 0.5 * v * (1.0 + std::erf(v / std::sqrt(2.0)));
    largest = std::max(largest, std::abs(double(approx[i]) - want[i]));
  }
  test::expectNear(y, want, 1e-6, 1e-6, "exact gelu");
  // The two forms differ by up to ~5e-4: a model built with the wrong one trains
  // with other numbers.
  EXPECT_GT(largest, 1e-4);
}

TEST(Gelu, ExactBackwardMatchesFiniteDifferences) {
  const int64_t n = 50;
  auto x = randomVector(n, 66, -4.0f, 4.0f);
  auto dy = randomVector(n, 67);
  std::vector<float> y(n), dx(n);
  geluBackward(x.data(), dy.data(), dx.data(), n, /*exact=*/true);
  test::checkGradient(
      x,
      [&] {
        geluForward(x.data(), y.data(), n, /*exact=*/true);
        return test::dot(dy, y);
      },
      dx, "exact gelu dx", 1e-3);
}

TEST(Gelu, BackwardMatchesFiniteDifferences) {
  const int64_t n = 50;
  auto x = randomVector(n, 61, -4.0f, 4.0f);
  auto dy = randomVector(n, 62);
  std::vector<float> y(n), dx(n);
  geluBackward(x.data(), dy.data(), dx.data(), n, /*exact=*/false);
  test::checkGradient(
      x,
      [&] {
        geluForward(x.data(), y.data(), n, /*exact=*/false);
        return test::dot(dy, y);
      },
      dx, "gelu dx", 1e-3);
}

TEST(Elementwise, AddAndScale) {
  auto a = randomVector(40000, 63), b = randomVector(40000, 64);
  std::vector<float> out(a.size());
  add(a.data(), b.data(), out.data(), a.size());
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_EQ(out[i], a[i] + b[i]);
  scale(a.data(), -0.25f, out.data(), a.size());
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_EQ(out[i], a[i] * -0.25f);
  // In place.
  scale(out.data(), -4.0f, out.data(), a.size());
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_EQ(out[i], a[i]);
}

} // namespace
} // namespace mtc::kernels
