// The shared per-element math: Philox known answers, online softmax, GeLU.
#include "kernels/math/fast_exp.h"
#include "kernels/math/gelu.h"
#include "kernels/math/philox.h"
#include "kernels/math/softmax.h"
#include "TestUtil.h"

namespace mtc::kernels::math {
namespace {

// Known-answer vectors of Random123's philox4x32_10 (kat_vectors).
TEST(Philox, MatchesRandom123KnownAnswers) {
  Philox4 zero = philox4x32_10({{0, 0, 0, 0}}, 0, 0);
  EXPECT_EQ(zero.v[0], 0x6627e8d5u);
  EXPECT_EQ(zero.v[1], 0xe169c58du);
  EXPECT_EQ(zero.v[2], 0xbc57ac4cu);
  EXPECT_EQ(zero.v[3], 0x9b00dbd8u);
  Philox4 ones = philox4x32_10(
      {{0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu}}, 0xffffffffu,
      0xffffffffu);
  EXPECT_EQ(ones.v[0], 0x408f276du);
  EXPECT_EQ(ones.v[1], 0x41c83b0eu);
  EXPECT_EQ(ones.v[2], 0xa20bc7c6u);
  EXPECT_EQ(ones.v[3], 0x6d5451fdu);
  Philox4 pi = philox4x32_10(
      {{0x243f6a88u, 0x85a308d3u, 0x13198a2eu, 0x03707344u}}, 0xa4093822u,
      0x299f31d0u);
  EXPECT_EQ(pi.v[0], 0xd16cfe09u);
  EXPECT_EQ(pi.v[1], 0x94fdccebu);
  EXPECT_EQ(pi.v[2], 0x5001e420u);
  EXPECT_EQ(pi.v[3], 0x24126ea1u);
}

TEST(Philox, UniformRangeAndLanes) {
  EXPECT_EQ(uniformFromBits(0u), 0.0f);
  EXPECT_LT(uniformFromBits(0xffffffffu), 1.0f);
  EXPECT_GT(uniformOpenZeroFromBits(0u), 0.0f);
  EXPECT_EQ(uniformOpenZeroFromBits(0xffffffffu), 1.0f);
  // Element 6 is lane 2 of block 1.
  Philox4 block = philoxBlock(7, 9, 1);
  EXPECT_EQ(philoxUniformAt(7, 9, 6), uniformFromBits(block.v[2]));
  EXPECT_NE(philoxUniformAt(7, 9, 6), philoxUniformAt(7, 10, 6));
  EXPECT_NE(philoxUniformAt(7, 9, 6), philoxUniformAt(8, 9, 6));
}

TEST(Softmax, OnlineUpdateAndCombineMatchDirect) {
  std::vector<float> x = test::randomVector(37, 3, -5.0f, 5.0f);
  double m = -1e30, sum = 0.0;
  for (float v : x)
    m = std::max(m, static_cast<double>(v));
  for (float v : x)
    sum += std::exp(v - m);
  double lse = m + std::log(sum);

  SoftmaxState whole = softmaxEmpty();
  for (float v : x)
    whole = softmaxUpdate(whole, v);
  EXPECT_NEAR(softmaxLse(whole), lse, 1e-5);

  SoftmaxState left = softmaxEmpty(), right = softmaxEmpty();
  for (size_t i = 0; i < x.size(); ++i)
    (i < 11 ? left : right) = softmaxUpdate(i < 11 ? left : right, x[i]);
  EXPECT_NEAR(softmaxLse(softmaxCombine(left, right)), lse, 1e-5);
  EXPECT_NEAR(softmaxLse(softmaxCombine(softmaxEmpty(), whole)), lse, 1e-5);
  EXPECT_NEAR(softmaxLse(softmaxUpdate(whole, -INFINITY)), lse, 1e-5);
}

TEST(FastExp, WithinFourUlpOfDoubleExp) {
  for (double x = -87.0; x <= 88.0; x += 0.0137) {
    double want = std::exp(static_cast<double>(static_cast<float>(x)));
    float got = expFast(static_cast<float>(x));
    ASSERT_NEAR(got, want, 4 * 6e-8 * want) << x;
  }
  EXPECT_EQ(expFast(0.0f), 1.0f);
  EXPECT_GT(expFast(-INFINITY), 0.0f); // saturates at ~2^-125, never NaN
  EXPECT_LT(expFast(-INFINITY), 1e-37f);
  EXPECT_TRUE(std::isfinite(expFast(1000.0f)));
}

TEST(Gelu, MatchesDoubleFormulaAndDerivative) {
  for (double x = -6.0; x <= 6.0; x += 0.37) {
    double k = std::sqrt(2.0 / M_PI);
    double inner = k * (x + 0.044715 * x * x * x);
    double want = 0.5 * x * (1.0 + std::tanh(inner));
    EXPECT_NEAR(gelu(static_cast<float>(x)), want, 1e-6 * (1 + std::fabs(want)));
    double h = 1e-5;
    auto g = [&](double t) {
      return 0.5 * t * (1.0 + std::tanh(k * (t + 0.044715 * t * t * t)));
    };
    double deriv = (g(x + h) - g(x - h)) / (2 * h);
    EXPECT_NEAR(geluDerivative(static_cast<float>(x)), deriv, 1e-5);
  }
}

} // namespace
} // namespace mtc::kernels::math
