// AdamW against a hand-computed two-step example; the squared norm.
#include "kernels/kernels.h"
#include "kernels/math/adamw.h"
#include "TestUtil.h"

#include <cmath>

namespace mtc::kernels {
namespace {

// p0 = 1, lr 0.1, betas (0.9, 0.999), eps 1e-8, weight decay 0.01.
// Step 1, g = 0.5:  m = 0.05, v = 0.00025, m^ = 0.5, v^ = 0.25,
//   p = 1 - 0.1 * (0.5 / (0.5 + 1e-8) + 0.01 * 1) = 0.899000002.
// Step 2, g = -0.25: m = 0.045 - 0.025 = 0.02, v = 0.00024975 + 0.0000625 =
//   0.00031225, m^ = 0.02 / 0.19 = 0.1052632, v^ = 0.00031225 / 0.001999 =
//   0.1562031, sqrt = 0.3952254,
//   p = 0.899000002 - 0.1 * (0.2663327 + 0.00899000002) = 0.8714673.
TEST(AdamW, TwoStepsMatchHandComputation) {
  AdamWStep s{0.1f, 0.9f, 0.999f, 1e-8f, 0.01f, 1, 1.0f};
  float p = 1.0f, m = 0.0f, v = 0.0f;
  float g = 0.5f;
  adamw(s, &p, &g, &m, &v, 1);
  EXPECT_NEAR(m, 0.05f, 1e-7);
  // 1 - beta2 = 0.001 is off by ~1e-5 relative in float, and v with it.
  EXPECT_NEAR(v, 0.00025f, 0.00025 * 1e-4);
  EXPECT_NEAR(p, 0.899000002f, 1e-6);
  s.step = 2;
  g = -0.25f;
  adamw(s, &p, &g, &m, &v, 1);
  EXPECT_NEAR(m, 0.02f, 1e-7);
  EXPECT_NEAR(v, 0.00031225f, 0.00031225 * 1e-4);
  EXPECT_NEAR(p, 0.8714673f, 1e-6);
}

TEST(AdamW, GradScaleMultipliesFirstAndVectorsUpdateElementwise) {
  const int64_t n = 50000;
  auto p = test::randomVector(n, 120), g = test::randomVector(n, 121);
  std::vector<float> p2 = p, g2(n), m(n, 0.0f), v(n, 0.0f), m2(n, 0.0f),
                     v2(n, 0.0f);
  for (int64_t i = 0; i < n; ++i)
    g2[i] = g[i] * 0.25f;
  AdamWStep s{1e-3f, 0.9f, 0.95f, 1e-8f, 0.1f, 1, 0.25f};
  adamw(s, p.data(), g.data(), m.data(), v.data(), n);
  s.gradScale = 1.0f;
  adamw(s, p2.data(), g2.data(), m2.data(), v2.data(), n);
  EXPECT_EQ(p, p2);
  EXPECT_EQ(m, m2);
  s.step = 0;
  EXPECT_THROW(adamw(s, p.data(), g.data(), m.data(), v.data(), n),
               std::invalid_argument);
}

// The vectorized, threaded update gives the scalar element update's bits
// (a length with a tail that no vector width divides).
TEST(AdamW, VectorLoopEqualsScalarElementBitwise) {
  const int64_t n = 70001;
  auto p = test::randomVector(n, 123), g = test::randomVector(n, 124);
  auto m = test::randomVector(n, 125), v = test::randomVector(n, 126, 0.0f, 2.0f);
  std::vector<float> p2 = p, m2 = m, v2 = v;
  AdamWStep s{3e-4f, 0.9f, 0.95f, 1e-8f, 0.1f, 7, 0.5f};
  adamw(s, p.data(), g.data(), m.data(), v.data(), n);
  math::AdamWCoefficients c{s.lr, s.beta1, s.beta2, s.eps, s.weightDecay, s.gradScale,
                            static_cast<float>(1.0 - std::pow(double(s.beta1), 7)),
                            static_cast<float>(1.0 - std::pow(double(s.beta2), 7))};
  for (int64_t i = 0; i < n; ++i)
    math::adamwElement(c, p2[i], g[i], m2[i], v2[i]);
  EXPECT_EQ(p, p2);
  EXPECT_EQ(m, m2);
  EXPECT_EQ(v, v2);
}

TEST(SumSquares, MatchesDouble) {
  auto x = test::randomVector(100003, 122);
  double want = 0;
  for (float v : x)
    want += static_cast<double>(v) * v;
  EXPECT_NEAR(sumSquares(x.data(), x.size()), want, 1e-9 * want);
  EXPECT_EQ(sumSquares(x.data(), 0), 0.0);
}

} // namespace
} // namespace mtc::kernels
