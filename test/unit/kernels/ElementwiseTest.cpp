// GeLU (tanh approximation and exact) and squared ReLU against the double
// formulas and finite differences; add and scale.
#include "kernels/math/gelu.h"
#include "kernels/kernels.h"
#include "kernels/math/precision.h"
#include "TestUtil.h"

#include <cmath>

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

// The vectorized loops (whichever ISA version the CPU picks, threaded, with a
// tail shorter than a vector) compute exactly the scalar sigmoid form.
TEST(Gelu, VectorLoopsEqualScalarSigmoidFormBitwise) {
  const int64_t n = 100003;
  auto x = randomVector(n, 68, -12.0f, 12.0f);
  auto dy = randomVector(n, 69);
  std::vector<float> y(n), dx(n);
  geluForward(x.data(), y.data(), n, /*exact=*/false);
  geluBackward(x.data(), dy.data(), dx.data(), n, /*exact=*/false);
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(y[i], math::gelu(x[i])) << "x = " << x[i];
    ASSERT_EQ(dx[i], dy[i] * math::geluDerivative(x[i])) << "x = " << x[i];
  }
}

// math::gelu's sigmoid form is the tanh GeLU up to round-off. Against the
// double formula, wherever |result| > 1e-30: within a few ulp
// plus the conditioning of e^-2u (the float u's rounding, relative 2^-24,
// times 2|u|), i.e. 1e-6 for |x| < 4 and ~2e-5 at x = -10 (results ~1e-37),
// where a 1 + tanhf would have cancelled completely (at x = -4.4 it is
// already 1% off). Below 1e-30 (x < -9.9, where expFast saturates) results
// stay finite and below 1e-30 too. The derivative is within 1e-6
// absolute of the double one (its terms are O(1)).
TEST(Gelu, SigmoidFormWithinRoundOffOfDoubleFormula) {
  auto x = randomVector(200000, 70, -12.0f, 12.0f);
  for (float big : {-1e4f, -100.0f, -50.0f, -44.0f, 44.0f, 50.0f, 100.0f, 1e4f, 0.0f, -0.0f})
    x.push_back(big);
  double worstRelative = 0, worstDerivative = 0;
  for (float v : x) {
    const double xd = v, c = std::sqrt(2.0 / M_PI);
    const double u = c * (xd + 0.044715 * xd * xd * xd);
    const double s = 1.0 / (1.0 + std::exp(-2.0 * u)); // 0.5 (1 + tanh u)
    const double want = xd * s;
    const double wantDerivative =
        s + 2.0 * xd * s * (1.0 - s) * c * (1.0 + 3.0 * 0.044715 * xd * xd);
    const float got = math::gelu(v);
    ASSERT_TRUE(std::isfinite(got)) << "x = " << v;
    if (std::abs(want) > 1e-30) {
      double relative = std::abs(got - want) / std::abs(want);
      ASSERT_LE(relative, 2.4e-7 * (4.0 + 2.0 * std::abs(u))) << "x = " << v;
      worstRelative = std::max(worstRelative, relative);
    } else {
      ASSERT_LE(std::abs(double(got)), 1e-30) << "x = " << v; // x e^-88 at most
    }
    double d = std::abs(double(math::geluDerivative(v)) - wantDerivative);
    ASSERT_LE(d, 1e-6) << "x = " << v;
    worstDerivative = std::max(worstDerivative, d);
  }
  std::printf("gelu sigmoid form vs double: %.2g relative, derivative %.2g absolute\n",
              worstRelative, worstDerivative);
}

// The threaded, vectorized rounding gives roundTo's bits, specials
// (NaN, infinities, the largest finite, subnormals, signed zeros) included.
TEST(Elementwise, RoundToStorageEqualsRoundToBitwise) {
  auto x = randomVector(70001, 71, -70000.0f, 70000.0f);
  auto small = randomVector(1000, 72, -1e-6f, 1e-6f);
  x.insert(x.end(), small.begin(), small.end());
  for (float v : {NAN, -NAN, INFINITY, -INFINITY, 3.4028235e38f, -3.4028235e38f, 1e-40f,
                  -1e-45f, 0.0f, -0.0f, 65519.0f, 65520.0f, 1.00390625f, 1.01171875f})
    x.push_back(v);
  for (StorageType type : {StorageType::BF16, StorageType::FP16, StorageType::F32}) {
    std::vector<float> got = x;
    roundToStorage(got.data(), got.size(), type);
    for (size_t i = 0; i < x.size(); ++i) {
      const float want = roundTo(type, x[i]);
      ASSERT_EQ(__builtin_bit_cast(uint32_t, got[i]), __builtin_bit_cast(uint32_t, want))
          << "type " << int(type) << ", x = " << x[i];
    }
  }
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

TEST(SquaredRelu, ForwardAndBackwardMatchTheFormulas) {
  const int64_t n = 100001; // large enough to run threaded
  auto x = randomVector(n, 65, -4.0f, 4.0f);
  auto dy = randomVector(n, 66);
  x[0] = 0.0f, x[1] = -0.0f, x[2] = 1e-20f;
  std::vector<float> y(n), dx(n);
  SquaredReluForward::host({x.data(), y.data(), n});
  SquaredReluBackward::host({x.data(), dy.data(), dx.data(), n});
  for (int64_t i = 0; i < n; ++i) {
    const float r = x[i] > 0.f ? x[i] : 0.f;
    ASSERT_EQ(y[i], r * r) << i;
    ASSERT_EQ(dx[i], 2.f * r * dy[i]) << i;
  }
}

TEST(SquaredRelu, BackwardMatchesFiniteDifferences) {
  auto x = randomVector(2000, 67, -3.0f, 3.0f);
  std::vector<float> ones(x.size(), 1.0f), dx(x.size());
  SquaredReluBackward::host({x.data(), ones.data(), dx.data(), static_cast<int64_t>(x.size())});
  for (size_t i = 0; i < x.size(); ++i) {
    if (std::fabs(x[i]) < 1e-2f)
      continue; // the kink at 0
    const double h = 1e-3, v = x[i];
    auto f = [](double t) { return t > 0 ? t * t : 0.0; };
    EXPECT_NEAR(dx[i], (f(v + h) - f(v - h)) / (2 * h), 1e-3) << x[i];
  }
}

TEST(SquaredRelu, NanStaysNan) {
  // fp16 loss scaling finds overflow by non-finite gradients: a NaN must not
  // come out as 0.
  std::vector<float> x{std::nanf(""), -1.f, INFINITY}, y(3), dy{1.f, 1.f, 1.f}, dx(3);
  SquaredReluForward::host({x.data(), y.data(), 3});
  SquaredReluBackward::host({x.data(), dy.data(), dx.data(), 3});
  EXPECT_TRUE(std::isnan(y[0]));
  EXPECT_TRUE(std::isnan(dx[0]));
  EXPECT_EQ(y[1], 0.f);
  EXPECT_EQ(y[2], INFINITY);
}

} // namespace
} // namespace mtc::kernels
