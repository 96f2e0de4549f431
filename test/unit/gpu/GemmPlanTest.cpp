// Every cuBLASLt descriptor the GPU backend builds, run through a reference
// column-major GEMM with cuBLASLt's semantics (op, leading dimensions, beta,
// the Bias / BGradA / BGradB / GeLU-aux / DGeLU epilogues, 16-bit operands) and
// compared with the host kernels.
// This is what proves the row-major <-> column-major mapping without a GPU.
#include "kernels/cuda/GemmMemory.h"
#include "kernels/cuda/GemmPlan.h"
#include "kernels/kernels.h"
#include "kernels/math/gelu.h"
#include "kernels/math/precision.h"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace {

using namespace mtc::kernels;
using namespace mtc::kernels::gpu;

// What cuBLASLt multiplies: 16-bit operands are the backend's conversion of
// the fp32 values (round to nearest even, math/precision.h).
float operandValue(GemmDataType t, float v) {
  switch (t) {
  case GemmDataType::BF16: return roundTo(StorageType::BF16, v);
  case GemmDataType::F16: return roundTo(StorageType::FP16, v);
  default: return v;
  }
}

// C = alpha op(A) op(B) + beta C; column-major; epilogue as cuBLASLt (the
// GeLU epilogues read/write `aux`, laid out like C with ldAux).
void referenceGemm(const ColumnMajorGemm &g, const float *A, const float *B, float *C,
                   float *vec, float *aux = nullptr) {
  auto a = [&](int64_t i, int64_t l) {
    return operandValue(g.type, g.opA == GemmOp::N ? A[i + l * g.lda] : A[l + i * g.lda]);
  };
  auto b = [&](int64_t l, int64_t j) {
    return operandValue(g.type, g.opB == GemmOp::N ? B[l + j * g.ldb] : B[j + l * g.ldb]);
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
      if (g.epilogue == GemmEpilogue::GeluAuxBias) {
        c += vec[i];
        aux[i + j * g.ldAux] = c;
        c = math::gelu(c);
      }
      if (g.epilogue == GemmEpilogue::DGelu)
        c *= math::geluDerivative(aux[i + j * g.ldAux]);
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

TEST_P(GemmPlanTest, GeluAuxBiasEpilogueMatchesHostLinearThenGelu) {
  Case c = GetParam();
  auto x = randomVector(c.n * c.in, 11), w = randomVector(c.in * c.out, 12),
       bias = randomVector(c.out, 13);
  std::vector<float> pre(c.n * c.out), expected(c.n * c.out);
  linearForward(x.data(), w.data(), bias.data(), pre.data(), c.n, c.in, c.out, c.transposed);
  geluForward(pre.data(), expected.data(), c.n * c.out, /*exact=*/false);
  LinearGemmShape shape{GemmKind::Forward, c.n, c.in, c.out, c.transposed, true};
  shape.gelu = true;
  ColumnMajorGemm g = planLinearGemm(shape);
  EXPECT_EQ(g.epilogue, GemmEpilogue::GeluAuxBias);
  EXPECT_EQ(g.ldAux, c.out);
  std::vector<float> got(c.n * c.out, 7.f), aux(c.n * c.out, 9.f);
  referenceGemm(g, w.data(), x.data(), got.data(), bias.data(), aux.data());
  expectNear(got, expected, "y");
  expectNear(aux, pre, "pre-activation (aux)");
}

TEST_P(GemmPlanTest, DGeluEpilogueMatchesHostBackwardInputThenGeluBackward) {
  Case c = GetParam();
  auto dy = randomVector(c.n * c.out, 14), w = randomVector(c.in * c.out, 15),
       pre = randomVector(c.n * c.in, 16);
  std::vector<float> dh(c.n * c.in), expected(c.n * c.in);
  linearBackwardInput(dy.data(), w.data(), dh.data(), c.n, c.in, c.out, c.transposed);
  geluBackward(pre.data(), dh.data(), expected.data(), c.n * c.in, /*exact=*/false);
  LinearGemmShape shape{GemmKind::BackwardInput, c.n, c.in, c.out, c.transposed, false};
  shape.gelu = true;
  ColumnMajorGemm g = planLinearGemm(shape);
  EXPECT_EQ(g.epilogue, GemmEpilogue::DGelu);
  EXPECT_EQ(g.ldAux, c.in);
  std::vector<float> got(c.n * c.in, 3.f);
  referenceGemm(g, w.data(), dy.data(), got.data(), nullptr, pre.data());
  expectNear(got, expected, "d pre-activation");
}

// bf16/fp16 operands: on values the storage emulation rounded, the 16-bit
// copies are exact and the GEMM is the host's fp32 GEMM up to summation order.
TEST_P(GemmPlanTest, SixteenBitOperandsOfRoundedValuesMatchHost) {
  Case c = GetParam();
  for (auto [type, storage] : {std::pair{GemmDataType::BF16, StorageType::BF16},
                               std::pair{GemmDataType::F16, StorageType::FP16}}) {
    auto x = randomVector(c.n * c.in, 17), w = randomVector(c.in * c.out, 18),
         bias = randomVector(c.out, 19);
    for (auto *v : {&x, &w})
      for (float &e : *v)
        e = roundTo(storage, e);
    std::vector<float> expected(c.n * c.out), got(c.n * c.out);
    linearForward(x.data(), w.data(), bias.data(), expected.data(), c.n, c.in, c.out,
                  c.transposed);
    LinearGemmShape shape{GemmKind::Forward, c.n, c.in, c.out, c.transposed, true, type};
    shape.compute = GemmCompute::TF32; // ignored: 16-bit operands compute in fp32
    ColumnMajorGemm g = planLinearGemm(shape);
    EXPECT_EQ(g.type, type);
    EXPECT_EQ(g.compute, GemmCompute::F32);
    referenceGemm(g, w.data(), x.data(), got.data(), bias.data());
    expectNear(got, expected, "y");
  }
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
  LinearGemmShape tf32{GemmKind::Forward, 10, 3, 4, false, true};
  tf32.compute = GemmCompute::TF32;
  EXPECT_NE(gemmKey(a), gemmKey(planLinearGemm(tf32)));
  LinearGemmShape gelu{GemmKind::Forward, 10, 3, 4, false, true};
  gelu.gelu = true;
  EXPECT_NE(gemmKey(a), gemmKey(planLinearGemm(gelu)));
  // Same epilogue, another aux leading dimension: another plan.
  ColumnMajorGemm wideAux = planLinearGemm(gelu);
  wideAux.ldAux = 8;
  EXPECT_NE(gemmKey(wideAux), gemmKey(planLinearGemm(gelu)));
  LinearGemmShape f16{GemmKind::Forward, 10, 3, 4, false, true, GemmDataType::F16};
  EXPECT_NE(gemmKey(c), gemmKey(planLinearGemm(f16)));
}

TEST(GemmPlan, ComputeTypeIsTf32OnlyForAllowedFp32Operands) {
  EXPECT_EQ(gemmComputeFor(GemmDataType::F32, true), GemmCompute::TF32);
  EXPECT_EQ(gemmComputeFor(GemmDataType::F32, false), GemmCompute::F32);
  EXPECT_EQ(gemmComputeFor(GemmDataType::BF16, true), GemmCompute::F32);
  EXPECT_EQ(gemmComputeFor(GemmDataType::F16, true), GemmCompute::F32);
}

TEST(GemmPlan, OperandScratchHoldsBothSixteenBitCopiesAligned) {
  // Forward, N 10, In 3, Out 4: A = W [4 x 3] (ld 4), B = X [3 x 10] (ld 3):
  // 24 and 60 bytes, each rounded up to 256.
  ColumnMajorGemm bf = planLinearGemm({GemmKind::Forward, 10, 3, 4, false, true,
                                       GemmDataType::BF16});
  EXPECT_EQ(gemmOperandScratchBytes(bf), 512);
  ColumnMajorGemm big = planLinearGemm({GemmKind::BackwardWeight, 1024, 768, 3072, false,
                                        true, GemmDataType::F16});
  EXPECT_EQ(gemmOperandScratchBytes(big), 2 * (1024 * 768 + 1024 * 3072));
  EXPECT_EQ(gemmOperandScratchBytes(planLinearGemm({GemmKind::Forward, 10, 3, 4, false, true})),
            0);
}

TEST(GemmPlan, AuxLeadingDimensionMustBeAMultipleOfEight) {
  LinearGemmShape s{GemmKind::Forward, 5, 16, 12, false, true};
  s.gelu = true;
  EXPECT_FALSE(gemmAuxLayoutSupported(planLinearGemm(s))); // ld 12
  s.out = 16;
  EXPECT_TRUE(gemmAuxLayoutSupported(planLinearGemm(s)));
  s.gelu = false, s.out = 12;
  EXPECT_TRUE(gemmAuxLayoutSupported(planLinearGemm(s))); // no aux
}

TEST(GemmPlan, GeluEpilogueNeedsForwardBiasOrBackwardInput) {
  LinearGemmShape noBias{GemmKind::Forward, 5, 3, 4, false, false};
  noBias.gelu = true;
  EXPECT_THROW(planLinearGemm(noBias), std::invalid_argument);
  LinearGemmShape weight{GemmKind::BackwardWeight, 5, 3, 4, false, true};
  weight.gelu = true;
  EXPECT_THROW(planLinearGemm(weight), std::invalid_argument);
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

namespace {

// A plan with one linear layer: x [rows, In] -> y, weight [In, Out].
mtc::pb::Plan linearPlan(int64_t rows, int64_t in, int64_t out) {
  mtc::pb::Plan plan;
  auto *w = plan.add_params();
  w->set_id(0);
  w->add_shape(in), w->add_shape(out);
  for (int64_t elements : {rows * in, rows * out}) {
    auto *b = plan.add_buffers();
    b->set_id(plan.buffers_size() - 1);
    b->add_shape(elements);
  }
  auto *k = plan.add_steps()->mutable_linear_forward();
  k->set_x(0), k->set_w_param(0), k->set_y(1);
  auto *bi = plan.add_steps()->mutable_linear_backward_input();
  bi->set_dy(1), bi->set_w_param(0), bi->set_dx(0);
  return plan;
}

TEST(GemmMemory, CountsWorkspaceAndTheLargestSixteenBitOperandCopies) {
  // Forward: W 64 x 32 and X 10 x 64 in bf16, each rounded up to 256 bytes:
  // 4096 + 1280 bytes; the backward input copies W and dY (10 x 32): 4096 + 768.
  mtc::pb::Plan plan = linearPlan(10, 64, 32);
  GemmMemory bf16 = predictGemmMemory(plan, "bf16");
  EXPECT_EQ(bf16.workspaceBytes, kGemmWorkspaceBytes);
  EXPECT_EQ(bf16.operandScratchBytes, 4096 + 1280);
  EXPECT_EQ(bf16.total(), kGemmWorkspaceBytes + 4096 + 1280);
  EXPECT_EQ(predictGemmMemory(plan, "fp16").operandScratchBytes, 4096 + 1280);
  EXPECT_EQ(predictGemmMemory(plan, "fp32").operandScratchBytes, 0);
  EXPECT_EQ(predictGemmMemory(plan, "").operandScratchBytes, 0);
  // A pipeline rank runs one stage: the largest stage's copies.
  *plan.add_stage_plans() = linearPlan(100, 64, 32);
  EXPECT_EQ(predictGemmMemory(plan, "bf16").operandScratchBytes, 4096 + 12800);
}

// A plan that stores its activations in bf16: nothing is copied; the GEMMs'
// fp32 outputs are staged (forward y 10 x 32, backward input dx 10 x 64).
TEST(GemmMemory, SixteenBitPlansStageTheLargestOutput) {
  mtc::pb::Plan plan = linearPlan(10, 64, 32);
  for (mtc::pb::Buffer &b : *plan.mutable_buffers())
    if (b.dtype() == mtc::pb::F32) {
      b.set_dtype(mtc::pb::BF16);
      b.set_bytes(b.bytes() / 2);
    }
  GemmMemory m = predictGemmMemory(plan, "bf16");
  EXPECT_EQ(m.operandScratchBytes, 0);
  EXPECT_EQ(m.outputStagingBytes, 10 * 64 * 4);
  EXPECT_EQ(m.total(), kGemmWorkspaceBytes + 10 * 64 * 4);
}

TEST(GemmMemory, RefusesWhatItCannotCount) {
  mtc::pb::Plan plan = linearPlan(10, 64, 32);
  EXPECT_THROW(predictGemmMemory(plan, "fp8"), std::invalid_argument);
  plan.mutable_steps(0)->mutable_linear_forward()->set_x(7); // no such buffer
  EXPECT_THROW(predictGemmMemory(plan, "bf16"), std::invalid_argument);
}

} // namespace
