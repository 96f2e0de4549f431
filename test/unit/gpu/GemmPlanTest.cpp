// Every cuBLASLt descriptor the GPU backend builds, run through a reference
// column-major GEMM with cuBLASLt's semantics (op, leading dimensions, beta,
// the Bias / BGradA / BGradB epilogues) and compared with the host kernels.
// This is what proves the row-major <-> column-major mapping without a GPU.
#include "kernels/cuda/GemmPlan.h"
#include "kernels/kernels.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace {

using namespace mtc::kernels;
using namespace mtc::kernels::gpu;

// C = alpha op(A) op(B) + beta C; column-major; epilogue as cuBLASLt.
void referenceGemm(const ColumnMajorGemm &g, const float *A, const float *B, float *C,
                   float *vec) {
  auto a = [&](int64_t i, int64_t l) {
    return g.opA == GemmOp::N ? A[i + l * g.lda] : A[l + i * g.lda];
  };
  auto b = [&](int64_t l, int64_t j) {
    return g.opB == GemmOp::N ? B[l + j * g.ldb] : B[j + l * g.ldb];
  };
  for (int64_t j = 0; j < g.n; ++j)
    for (int64_t i = 0; i < g.m; ++i) {
      double acc = 0;
      for (int64_t l = 0; l < g.k; ++l)
        acc += double(a(i, l)) * b(l, j);
      float &c = C[i + j * g.ldc];
      c = float(g.alpha * acc + (g.beta != 0.f ? g.beta * c : 0.f));
      if (g.epilogue == GemmEpilogue::Bias)
        c += vec[i];
    }
  if (g.epilogue == GemmEpilogue::BGradA)
    for (int64_t i = 0; i < g.m; ++i) {
      double s = 0;
      for (int64_t l = 0; l < g.k; ++l)
        s += a(i, l);
      vec[i] = float(s);
    }
  if (g.epilogue == GemmEpilogue::BGradB)
    for (int64_t j = 0; j < g.n; ++j) {
      double s = 0;
      for (int64_t l = 0; l < g.k; ++l)
        s += b(l, j);
      vec[j] = float(s);
    }
}

std::vector<float> randomVector(size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-1.f, 1.f);
  std::vector<float> v(n);
  for (float &x : v)
    x = d(rng);
  return v;
}

void expectNear(const std::vector<float> &a, const std::vector<float> &b, const char *what) {
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i)
    ASSERT_NEAR(a[i], b[i], 1e-4f) << what << " element " << i;
}

struct Case {
  int64_t n, in, out;
  bool transposed;
};

class GemmPlanTest : public ::testing::TestWithParam<Case> {};

TEST_P(GemmPlanTest, ForwardMatchesHostLinear) {
  Case c = GetParam();
  auto x = randomVector(c.n * c.in, 1), w = randomVector(c.in * c.out, 2),
       bias = randomVector(c.out, 3);
  std::vector<float> expected(c.n * c.out), got(c.n * c.out, 7.f);
  linearForward(x.data(), w.data(), bias.data(), expected.data(), c.n, c.in, c.out,
                c.transposed);
  ColumnMajorGemm g = planLinearGemm({GemmKind::Forward, c.n, c.in, c.out, c.transposed, true});
  EXPECT_EQ(g.epilogue, GemmEpilogue::Bias);
  EXPECT_EQ(g.beta, 0.f);
  ASSERT_EQ(g.a, GemmOperand::W);
  ASSERT_EQ(g.b, GemmOperand::X);
  referenceGemm(g, w.data(), x.data(), got.data(), bias.data());
  expectNear(got, expected, "y");
}

TEST_P(GemmPlanTest, BackwardInputMatchesHost) {
  Case c = GetParam();
  auto dy = randomVector(c.n * c.out, 4), w = randomVector(c.in * c.out, 5);
  std::vector<float> expected(c.n * c.in), got(c.n * c.in, 3.f);
  linearBackwardInput(dy.data(), w.data(), expected.data(), c.n, c.in, c.out, c.transposed);
  ColumnMajorGemm g =
      planLinearGemm({GemmKind::BackwardInput, c.n, c.in, c.out, c.transposed, false});
  ASSERT_EQ(g.a, GemmOperand::W);
  ASSERT_EQ(g.b, GemmOperand::DY);
  referenceGemm(g, w.data(), dy.data(), got.data(), nullptr);
  expectNear(got, expected, "dx");
}

TEST_P(GemmPlanTest, BackwardWeightAccumulatesAndBiasEpilogueMatchesHost) {
  Case c = GetParam();
  auto x = randomVector(c.n * c.in, 6), dy = randomVector(c.n * c.out, 7);
  auto start = randomVector(c.in * c.out, 8), biasStart = randomVector(c.out, 9);
  std::vector<float> expectedW = start, expectedB = biasStart;
  linearBackwardWeight(x.data(), dy.data(), expectedW.data(), expectedB.data(), c.n, c.in,
                       c.out, c.transposed);
  ColumnMajorGemm g =
      planLinearGemm({GemmKind::BackwardWeight, c.n, c.in, c.out, c.transposed, true});
  EXPECT_EQ(g.beta, 1.f);
  EXPECT_EQ(g.epilogue, c.transposed ? GemmEpilogue::BGradB : GemmEpilogue::BGradA);
  const float *A = g.a == GemmOperand::X ? x.data() : dy.data();
  const float *B = g.b == GemmOperand::X ? x.data() : dy.data();
  std::vector<float> gotW = start, scratch(c.out, -5.f);
  referenceGemm(g, A, B, gotW.data(), scratch.data());
  // The executor adds the epilogue's (overwritten) vector into the gradient.
  std::vector<float> gotB = biasStart;
  for (int64_t o = 0; o < c.out; ++o)
    gotB[o] += scratch[o];
  expectNear(gotW, expectedW, "dW");
  expectNear(gotB, expectedB, "dbias");
}

INSTANTIATE_TEST_SUITE_P(Shapes, GemmPlanTest,
                         ::testing::Values(Case{5, 3, 4, false}, Case{5, 3, 4, true},
                                           Case{1, 7, 2, false}, Case{6, 8, 16, true},
                                           Case{9, 16, 12, false}));

TEST(GemmPlan, LayoutsDescribeStoredMatrices) {
  ColumnMajorGemm g = planLinearGemm({GemmKind::Forward, 10, 3, 4, true, false});
  EXPECT_EQ(g.opA, GemmOp::T);
  EXPECT_EQ(g.aRows(), 3); // stored [Out, In] row-major = [In, Out] column-major
  EXPECT_EQ(g.aCols(), 4);
  EXPECT_EQ(g.bRows(), 3);
  EXPECT_EQ(g.bCols(), 10);
  EXPECT_EQ(g.epilogue, GemmEpilogue::None);
}

TEST(GemmPlan, KeysDistinguishEverythingTheHeuristicSees) {
  ColumnMajorGemm a = planLinearGemm({GemmKind::Forward, 10, 3, 4, false, true});
  ColumnMajorGemm b = planLinearGemm({GemmKind::Forward, 10, 3, 4, false, false});
  ColumnMajorGemm c = planLinearGemm({GemmKind::Forward, 10, 3, 4, false, true, GemmDataType::BF16});
  EXPECT_NE(gemmKey(a), gemmKey(b));
  EXPECT_NE(gemmKey(a), gemmKey(c));
  EXPECT_EQ(gemmKey(a), gemmKey(planLinearGemm({GemmKind::Forward, 10, 3, 4, false, true})));
}

TEST(GemmPlan, RejectsBadShapes) {
  EXPECT_THROW(planLinearGemm({GemmKind::Forward, 10, 0, 4, false, false}),
               std::invalid_argument);
  try {
    planLinearGemm({GemmKind::Forward, -1, 3, 4, false, false});
    FAIL();
  } catch (const std::invalid_argument &e) {
    EXPECT_NE(std::string(e.what()).find("rows -1"), std::string::npos) << e.what();
  }
}

} // namespace
