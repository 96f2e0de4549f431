// oneDNN's bf16 x bf16 -> fp32 GEMM (kernels/gemm.h) against a double
// reference on the bf16-rounded inputs. The products of two bf16 values are
// exact in fp32 (8 + 8 significand bits), so the only error left is fp32
// accumulation order: |got - want| <= gamma(K) * |alpha| * sum_k |a_ik b_kj|
// with gamma(K) = K * 2^-24 / (1 - K * 2^-24), plus one rounding of the sum
// with beta * C.
#include "TestUtil.h"
#include "kernels/gemm.h"
#include "kernels/kernels.h"
#include "kernels/math/precision.h"

#include <tuple>

namespace mtc::kernels {
namespace {

float bf16(float x) { return roundTo(StorageType::BF16, x); }

// A stored [rows, cols] with leading dimension ld (>= cols), padding NaN so a
// read outside the matrix shows.
std::vector<float> stored(int64_t rows, int64_t cols, int64_t ld, uint32_t seed) {
  std::vector<float> v = test::randomVector(rows * ld, seed, -2.0f, 2.0f);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = cols; c < ld; ++c)
      v[r * ld + c] = NAN;
  return v;
}

struct Case {
  bool transA, transB;
  int64_t M, N, K;
  float alpha, beta;
  bool parallel = false; // parallelGemm in bf16 (operands rounded once, blocks per thread)
};

class GemmBf16 : public ::testing::TestWithParam<Case> {
protected:
  void SetUp() override {
    if (!bf16GemmSupported())
      GTEST_SKIP() << "no bf16 matmul on this CPU (no AVX512-BF16 / AMX, nor AVX-512 to emulate it)";
  }
};

TEST_P(GemmBf16, MatchesFp32OnRoundedInputsUpToAccumulationOrder) {
  const Case c = GetParam();
  // Leading dimensions wider than the rows, as attention's packed QKV has.
  const int64_t aRows = c.transA ? c.K : c.M, aCols = c.transA ? c.M : c.K;
  const int64_t bRows = c.transB ? c.N : c.K, bCols = c.transB ? c.K : c.N;
  const int64_t lda = aCols + 3, ldb = bCols + 5, ldc = c.N + 2;
  std::vector<float> A = stored(aRows, aCols, lda, 1), B = stored(bRows, bCols, ldb, 2);
  std::vector<float> C = stored(c.M, c.N, ldc, 3), C0 = C;
  if (c.parallel) {
    ASSERT_EQ(setGemmPrecision(GemmPrecision::Bf16), GemmPrecision::Bf16);
    parallelGemm(c.transA, c.transB, c.M, c.N, c.K, c.alpha, A.data(), lda, B.data(), ldb,
                 c.beta, C.data(), ldc);
    setGemmPrecision(GemmPrecision::Fp32);
  } else {
    gemmBf16(c.transA, c.transB, c.M, c.N, c.K, c.alpha, A.data(), lda, B.data(), ldb, c.beta,
             C.data(), ldc);
  }

  auto a = [&](int64_t m, int64_t k) { return bf16(c.transA ? A[k * lda + m] : A[m * lda + k]); };
  auto b = [&](int64_t k, int64_t n) { return bf16(c.transB ? B[n * ldb + k] : B[k * ldb + n]); };
  const double gamma = c.K * 0x1p-24 / (1 - c.K * 0x1p-24);
  double worstVsFp32 = 0.0;
  for (int64_t m = 0; m < c.M; ++m) {
    for (int64_t n = 0; n < c.N; ++n) {
      double sum = 0.0, magnitude = 0.0, unrounded = 0.0;
      for (int64_t k = 0; k < c.K; ++k) {
        sum += static_cast<double>(a(m, k)) * b(k, n);
        magnitude += std::fabs(static_cast<double>(a(m, k)) * b(k, n));
        unrounded += static_cast<double>(c.transA ? A[k * lda + m] : A[m * lda + k]) *
                     (c.transB ? B[n * ldb + k] : B[k * ldb + n]);
      }
      const double prior = c.beta == 0.0f ? 0.0 : c.beta * C0[m * ldc + n];
      const double want = c.alpha * sum + prior;
      const double bound = gamma * std::fabs(c.alpha) * magnitude +
                           0x1p-23 * (std::fabs(want) + std::fabs(prior)) + 1e-30;
      ASSERT_LE(std::fabs(C[m * ldc + n] - want), bound)
          << "C[" << m << ", " << n << "] = " << C[m * ldc + n] << ", want " << want;
      worstVsFp32 = std::max(worstVsFp32, std::fabs(C[m * ldc + n] - (c.alpha * unrounded + prior)));
    }
    for (int64_t n = c.N; n < ldc; ++n) // the padding between rows is not written
      ASSERT_TRUE(std::isnan(C[m * ldc + n]));
  }
  // The inputs were rounded: the result is not fp32's on the unrounded inputs.
  if (c.K >= 8) {
    EXPECT_GT(worstVsFp32, 1e-4);
  }
}

std::vector<Case> cases() {
  std::vector<Case> out;
  const std::tuple<int64_t, int64_t, int64_t> shapes[] = {
      {1, 1, 1}, {7, 13, 5}, {33, 17, 65}, {3, 129, 31}, {64, 48, 257}, {130, 1, 19}};
  for (bool ta : {false, true})
    for (bool tb : {false, true})
      for (auto [M, N, K] : shapes)
        for (auto [alpha, beta] : {std::pair{1.0f, 0.0f}, std::pair{0.125f, 1.0f}})
          out.push_back({ta, tb, M, N, K, alpha, beta});
  // Large enough for the kernels' threads to split the rows (M >= N) or the
  // columns.
  for (bool ta : {false, true})
    for (bool tb : {false, true})
      for (auto [M, N, K] : {std::tuple<int64_t, int64_t, int64_t>{301, 203, 150}, {40, 703, 301}})
        out.push_back({ta, tb, M, N, K, 1.0f, 1.0f, true});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Shapes, GemmBf16, ::testing::ValuesIn(cases()),
                         [](const ::testing::TestParamInfo<Case> &i) {
                           const Case &c = i.param;
                           return std::string(c.transA ? "T" : "N") + (c.transB ? "T" : "N") +
                                  "_" + std::to_string(c.M) + "x" + std::to_string(c.N) + "x" +
                                  std::to_string(c.K) + (c.beta != 0.0f ? "_acc" : "") +
                                  (c.parallel ? "_parallel" : "");
                         });

TEST_F(GemmBf16, RepeatedShapesGiveIdenticalResults) {
  std::vector<float> A = test::randomVector(40 * 24, 4), B = test::randomVector(24 * 56, 5);
  std::vector<float> C1(40 * 56), C2(40 * 56, 7.0f);
  gemmBf16(false, false, 40, 56, 24, 1.0f, A.data(), 24, B.data(), 56, 0.0f, C1.data(), 56);
  gemmBf16(false, false, 40, 56, 24, 1.0f, A.data(), 24, B.data(), 56, 0.0f, C2.data(), 56);
  EXPECT_EQ(C1, C2);
}

TEST_F(GemmBf16, EmptyReductionScalesC) {
  std::vector<float> C = {1.0f, NAN, 3.0f};
  gemmBf16(false, false, 1, 3, 0, 1.0f, nullptr, 1, nullptr, 3, 0.0f, C.data(), 3);
  EXPECT_EQ(C, (std::vector<float>{0.0f, 0.0f, 0.0f}));
}

// The selection reaches the linear kernels: in bf16 linearForward is the
// bf16 GEMM plus the bias, in fp32 it is not.
TEST_F(GemmBf16, LinearForwardFollowsTheSelectedPrecision) {
  const int64_t N = 37, In = 70, Out = 29;
  std::vector<float> x = test::randomVector(N * In, 6), w = test::randomVector(In * Out, 7),
                     bias = test::randomVector(Out, 8);
  std::vector<float> y(N * Out), viaGemm(N * Out);
  for (int64_t n = 0; n < N; ++n)
    std::copy(bias.begin(), bias.end(), viaGemm.begin() + n * Out);
  gemmBf16(false, false, N, Out, In, 1.0f, x.data(), In, w.data(), Out, 1.0f, viaGemm.data(),
           Out);

  ASSERT_EQ(setGemmPrecision(GemmPrecision::Bf16), GemmPrecision::Bf16);
  linearForward(x.data(), w.data(), bias.data(), y.data(), N, In, Out, false);
  setGemmPrecision(GemmPrecision::Fp32);
  EXPECT_EQ(y, viaGemm);

  linearForward(x.data(), w.data(), bias.data(), y.data(), N, In, Out, false);
  EXPECT_NE(y, viaGemm);
}

} // namespace
} // namespace mtc::kernels
