// The fused element-wise kernels (the host side of exec/StepFusion.h) give
// bitwise what the steps they replace give.
#include "kernels/kernels.h"
#include "TestUtil.h"

namespace mtc::kernels {
namespace {

using test::randomVector;

std::vector<float> plusBias(const std::vector<float> &x, const std::vector<float> &bias) {
  std::vector<float> p(x.size());
  for (size_t i = 0; i < x.size(); ++i)
    p[i] = x[i] + bias[i % bias.size()];
  return p;
}

TEST(Fused, BiasGeluEqualsBiasAddThenGelu) {
  const int64_t rows = 61, cols = 771; // threaded; a row is no multiple of a vector
  auto x = randomVector(rows * cols, 130, -5.0f, 5.0f), bias = randomVector(cols, 131);
  std::vector<float> pre(x.size()), y(x.size()), want(x.size());
  biasGeluForward(x.data(), bias.data(), pre.data(), y.data(), rows, cols);
  auto p = plusBias(x, bias);
  geluForward(p.data(), want.data(), rows * cols, /*exact=*/false);
  EXPECT_EQ(pre, p);
  EXPECT_EQ(y, want);
}

// rows x cols with the dropout chunks (4096) not aligned to rows: the column
// of a chunk's first element comes from its offset.
void checkBiasDropoutResidual(int64_t rows, int64_t cols, bool withBias, float rate) {
  SCOPED_TRACE(testing::Message() << rows << " x " << cols << (withBias ? " bias" : "")
                                  << " rate " << rate);
  const int64_t n = rows * cols;
  auto x = randomVector(n, 132), residual = randomVector(n, 133);
  auto bias = withBias ? randomVector(cols, 134) : std::vector<float>(cols, 0.0f);
  std::vector<float> out(n), dropped(n), want(n);
  biasDropoutResidual(x.data(), withBias ? bias.data() : nullptr, residual.data(), out.data(),
                      rows, cols, rate, 99, 7);
  auto p = withBias ? plusBias(x, bias) : x;
  dropout(p.data(), dropped.data(), n, rate, 99, 7, 0);
  add(residual.data(), dropped.data(), want.data(), n);
  EXPECT_EQ(out, want);
  if (rate > 0.0f && rate < 1.0f) { // some dropped, some kept
    int64_t zeros = 0;
    for (float d : dropped)
      zeros += d == 0.0f;
    EXPECT_GT(zeros, 0);
    EXPECT_LT(zeros, n);
  }
}

TEST(Fused, BiasDropoutResidualEqualsTheThreeSteps) {
  checkBiasDropoutResidual(500, 100, true, 0.1f);
  checkBiasDropoutResidual(3, 7, true, 0.5f); // one thread, one chunk
  checkBiasDropoutResidual(40000, 1, false, 0.1f); // DropoutResidual: no bias
  checkBiasDropoutResidual(500, 100, true, 0.0f); // evaluation
  checkBiasDropoutResidual(500, 100, true, 1.0f);
}

TEST(Fused, AddLayerNormEqualsAddThenLayerNorm) {
  for (auto [rows, cols] : {std::pair<int64_t, int64_t>{61, 771}, {1, 1}, {3, 5}}) {
    SCOPED_TRACE(testing::Message() << rows << " x " << cols);
    const int64_t n = rows * cols;
    auto a = randomVector(n, 135), b = randomVector(n, 136);
    auto gamma = randomVector(cols, 137), beta = randomVector(cols, 138);
    std::vector<float> out(n), y(n), sum(n), want(n);
    addLayerNormForward(a.data(), b.data(), out.data(), gamma.data(), beta.data(), y.data(),
                        rows, cols, 1e-5f);
    add(a.data(), b.data(), sum.data(), n);
    layerNormForward(sum.data(), gamma.data(), beta.data(), want.data(), rows, cols, 1e-5f);
    EXPECT_EQ(out, sum);
    EXPECT_EQ(y, want);
  }
  // The sum may be written over one addend and the output over the other (the
  // arena reuses dying buffers in place): rows are read before they are written.
  auto a = randomVector(12, 139), b = randomVector(12, 140), g = randomVector(4, 141);
  std::vector<float> sumOverA = a, yOverB = b, sum(12), want(12);
  addLayerNormForward(sumOverA.data(), yOverB.data(), sumOverA.data(), g.data(), g.data(),
                      yOverB.data(), 3, 4, 1e-5f);
  add(a.data(), b.data(), sum.data(), 12);
  layerNormForward(sum.data(), g.data(), g.data(), want.data(), 3, 4, 1e-5f);
  EXPECT_EQ(sumOverA, sum);
  EXPECT_EQ(yOverB, want);
}

TEST(Fused, BadArgumentsAreRefused) {
  float x = 1, r = 1, out = 0, b = 0, pre = 0, y = 0;
  EXPECT_THROW(biasDropoutResidual(&x, &b, &r, &out, 1, 1, 1.5f, 1, 1), std::invalid_argument);
  EXPECT_THROW(biasDropoutResidual(&x, &b, &r, &out, 1, 0, 0.1f, 1, 1), std::invalid_argument);
  EXPECT_THROW(biasGeluForward(&x, &b, &pre, &y, -1, 1), std::invalid_argument);
  EXPECT_THROW(addLayerNormForward(&x, &r, &out, &b, &b, &y, 1, 0, 1e-5f), std::invalid_argument);
}

} // namespace
} // namespace mtc::kernels
