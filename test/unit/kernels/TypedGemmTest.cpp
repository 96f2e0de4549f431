// The native typed kernels (kernels.h, "the same kernels on operands stored
// in bf16 / fp16") of the linear layers, cross-entropy and attention against
// their definition: every input widened with kernels::convert, the fp32
// kernel, every output rounded back with kernels::convert (an accumulating
// output starts from its widened value). Bit for bit, with 1 and 2 threads.
// The bf16 GEMM path (oneDNN on the bf16 operands themselves) runs only on a
// CPU with bf16 instructions; elsewhere those cases skip.
#include "TestUtil.h"
#include "kernels/gemm.h"
#include "kernels/kernels.h"

#include <cmath>
#include <cstring>
#include <sstream>
#include <string>
#include <vector>

namespace mtc::kernels {
namespace {

using test::randomVector;
using ST = StorageType;

// An operand stored in its type: random values in [lo, hi) (rounded to the
// type), or `fill` everywhere.
struct Tensor {
  ST type = ST::F32;
  int64_t n = 0;
  std::vector<char> bytes;

  Tensor() = default;
  Tensor(ST type, const std::vector<float> &values)
      : type(type), n(static_cast<int64_t>(values.size())), bytes(n * storageBytes(type)) {
    convert(values.data(), out(), n);
  }
  static Tensor random(ST type, int64_t n, uint32_t seed, float lo = -2.f, float hi = 2.f) {
    return Tensor(type, randomVector(n, seed, lo, hi));
  }
  static Tensor filled(ST type, int64_t n, float fill) {
    return Tensor(type, std::vector<float>(n, fill));
  }
  In in() const { return {bytes.data(), type}; }
  Out out() { return {bytes.data(), type}; }
  std::vector<float> wide() const {
    std::vector<float> w(n);
    convert(in(), w.data(), n);
    return w;
  }
  // The widened values `w` stored back into this tensor's type.
  void store(const std::vector<float> &w) { convert(w.data(), out(), n); }
};

// A null operand of a kernel call.
struct Maybe {
  Tensor *t;
  In in() const { return t ? t->in() : In(); }
  Out out() const { return t ? t->out() : Out(); }
};

// Bitwise equality, reporting the first difference.
void expectSameBits(const Tensor &got, const Tensor &want, const std::string &what) {
  ASSERT_EQ(got.type, want.type) << what;
  ASSERT_EQ(got.bytes.size(), want.bytes.size()) << what;
  if (std::memcmp(got.bytes.data(), want.bytes.data(), got.bytes.size()) == 0)
    return;
  std::vector<float> g = got.wide(), w = want.wide();
  for (int64_t i = 0; i < got.n; ++i) {
    const size_t b = storageBytes(got.type);
    if (std::memcmp(got.bytes.data() + i * b, want.bytes.data() + i * b, b) != 0) {
      ADD_FAILURE() << what << ": element " << i << " of " << got.n << " is " << g[i]
                    << ", the reference " << w[i];
      return;
    }
  }
}

void expectSameFloats(const std::vector<float> &got, const std::vector<float> &want,
                      const std::string &what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0) {
      ADD_FAILURE() << what << ": element " << i << " is " << got[i] << ", the reference "
                    << want[i];
      return;
    }
}

// setNumThreads for a scope.
struct Threads {
  explicit Threads(int n) { setNumThreads(n); }
  ~Threads() { setNumThreads(0); }
};

// gemmPrecision for a scope.
struct Precision {
  explicit Precision(GemmPrecision p) : saved(gemmPrecision()) { setGemmPrecision(p); }
  ~Precision() { setGemmPrecision(saved); }
  GemmPrecision saved;
};

const char *name(ST t) { return storageTypeName(t); }

// ---- linear layers ----

struct LinearTypes {
  ST x, w, bias, y, dx, dw, dbias;
};

std::string describe(const LinearTypes &t) {
  std::ostringstream s;
  s << "x " << name(t.x) << " w " << name(t.w) << " bias " << name(t.bias) << " y " << name(t.y)
    << " dx " << name(t.dx) << " dw " << name(t.dw) << " dbias " << name(t.dbias);
  return s.str();
}

const LinearTypes kBf16{ST::BF16, ST::BF16, ST::BF16, ST::BF16, ST::BF16, ST::BF16, ST::BF16};
const LinearTypes kFp16{ST::FP16, ST::FP16, ST::FP16, ST::FP16, ST::FP16, ST::FP16, ST::FP16};
// A bf16 run's common case: 16-bit activations and weights, fp32 gradients
// of the weights.
const LinearTypes kMixed{ST::BF16, ST::BF16, ST::BF16, ST::BF16, ST::BF16, ST::F32, ST::F32};
// fp32 outputs of 16-bit operands, an fp32 bias into a bf16 output, fp16
// against bf16.
const LinearTypes kOddMixes[] = {
    {ST::BF16, ST::BF16, ST::F32, ST::BF16, ST::F32, ST::BF16, ST::BF16},
    {ST::BF16, ST::F32, ST::BF16, ST::F32, ST::BF16, ST::F32, ST::FP16},
    {ST::FP16, ST::BF16, ST::FP16, ST::BF16, ST::FP16, ST::F32, ST::BF16},
    {ST::F32, ST::FP16, ST::F32, ST::FP16, ST::F32, ST::BF16, ST::F32},
};

struct LinearCase {
  int64_t N, In, Out;
  bool transposed;
};

std::ostream &operator<<(std::ostream &os, const LinearCase &c) {
  return os << c.N << "x" << c.In << "x" << c.Out << (c.transposed ? " transposed" : "");
}

// The three linear kernels on operands of types t, against the reference,
// with and without a bias.
void checkLinear(const LinearCase &c, const LinearTypes &t) {
  const int64_t wn = c.In * c.Out;
  Tensor x = Tensor::random(t.x, c.N * c.In, 1), w = Tensor::random(t.w, wn, 2, -0.5f, 0.5f);
  Tensor bias = Tensor::random(t.bias, c.Out, 3), dy = Tensor::random(t.y, c.N * c.Out, 4);
  Tensor dw0 = Tensor::random(t.dw, wn, 5), dbias0 = Tensor::random(t.dbias, c.Out, 6);
  for (bool withBias : {false, true}) {
    SCOPED_TRACE(withBias ? "bias" : "no bias");
    Maybe b{withBias ? &bias : nullptr};
    // The reference: fp32 kernels on widened copies, outputs rounded back.
    std::vector<float> xw = x.wide(), ww = w.wide(), bw = bias.wide(), dyw = dy.wide();
    std::vector<float> yw(c.N * c.Out), dxw(c.N * c.In), dww = dw0.wide(), dbw = dbias0.wide();
    linearForward(xw.data(), ww.data(), withBias ? bw.data() : nullptr, yw.data(), c.N, c.In,
                  c.Out, c.transposed);
    linearBackwardInput(dyw.data(), ww.data(), dxw.data(), c.N, c.In, c.Out, c.transposed);
    linearBackwardWeight(xw.data(), dyw.data(), dww.data(), withBias ? dbw.data() : nullptr,
                         c.N, c.In, c.Out, c.transposed);
    Tensor yRef = Tensor::filled(t.y, c.N * c.Out, 0), dxRef = Tensor::filled(t.dx, c.N * c.In, 0);
    Tensor dwRef = dw0, dbRef = dbias0;
    yRef.store(yw);
    dxRef.store(dxw);
    dwRef.store(dww);
    if (withBias)
      dbRef.store(dbw);

    Tensor y = Tensor::filled(t.y, c.N * c.Out, 7.f), dx = Tensor::filled(t.dx, c.N * c.In, 7.f);
    Tensor dw = dw0, db = dbias0;
    linearForward(x.in(), w.in(), b.in(), y.out(), c.N, c.In, c.Out, c.transposed);
    linearBackwardInput(dy.in(), w.in(), dx.out(), c.N, c.In, c.Out, c.transposed);
    linearBackwardWeight(x.in(), dy.in(), dw.out(), withBias ? db.out() : Out(), c.N, c.In,
                         c.Out, c.transposed);
    expectSameBits(y, yRef, "y");
    expectSameBits(dx, dxRef, "dx");
    expectSameBits(dw, dwRef, "dw");
    expectSameBits(db, dbRef, "dbias");
  }
}

class TypedLinear : public ::testing::TestWithParam<LinearCase> {
protected:
  // Every mix on small shapes; the three a run uses on GPT-2's.
  std::vector<LinearTypes> mixes() const {
    if (GetParam().N * GetParam().In * GetParam().Out > (1 << 22))
      return {kBf16, kFp16, kMixed};
    return {kBf16, kFp16, kMixed, kOddMixes[0], kOddMixes[1], kOddMixes[2], kOddMixes[3]};
  }
};

TEST_P(TypedLinear, MatchesTheFp32KernelOnWidenedOperands) {
  for (int threads : {1, 2}) {
    Threads scope(threads);
    for (const LinearTypes &t : mixes()) {
      SCOPED_TRACE(describe(t) + ", threads " + std::to_string(threads));
      checkLinear(GetParam(), t);
    }
  }
}

// The bf16 GEMM path: oneDNN on the bf16 operands themselves, against the
// fp32 kernels in bf16 precision on widened operands (oneDNN on rounded
// copies of the same values).
TEST_P(TypedLinear, Bf16GemmMatchesTheFp32KernelInBf16Precision) {
  if (!bf16GemmSupported())
    GTEST_SKIP() << "no bf16 matmul on this CPU (no AVX512-BF16 / AMX, nor AVX-512 to emulate it)";
  Precision bf16(GemmPrecision::Bf16);
  ASSERT_EQ(gemmPrecision(), GemmPrecision::Bf16);
  for (int threads : {1, 2}) {
    Threads scope(threads);
    for (const LinearTypes &t : mixes()) {
      SCOPED_TRACE(describe(t) + ", threads " + std::to_string(threads));
      checkLinear(GetParam(), t);
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, TypedLinear,
                         ::testing::Values(LinearCase{7, 13, 50, false},
                                           LinearCase{7, 13, 50, true},
                                           LinearCase{50, 13, 7, false}, // split by rows
                                           LinearCase{1, 1, 1, true},
                                           LinearCase{301, 67, 129, true},
                                           LinearCase{37, 96, 1001, false},
                                           LinearCase{256, 768, 3072, false},
                                           LinearCase{256, 768, 3072, true}));

// parallelGemm on strided 16-bit operands (leading dimensions wider than the
// rows) against parallelGemm on their widened values, C accumulated.
void checkStridedGemm(ST type) {
  for (bool transA : {false, true})
    for (bool transB : {false, true}) {
      SCOPED_TRACE(std::string(transA ? "T" : "N") + (transB ? "T" : "N"));
      const int64_t M = 40, N = 70, K = 33;
      const int64_t lda = (transA ? M : K) + 3, ldb = (transB ? K : N) + 5, ldc = N + 2;
      Tensor A = Tensor::random(type, (transA ? K : M) * lda, 11);
      Tensor B = Tensor::random(type, (transB ? N : K) * ldb, 12);
      Tensor C = Tensor::random(type, M * ldc, 13), want = C;
      std::vector<float> aw = A.wide(), bw = B.wide(), cw = C.wide();
      parallelGemm(transA, transB, M, N, K, 0.5f, aw.data(), lda, bw.data(), ldb, 1.0f, cw.data(),
                   ldc);
      want.store(cw);
      parallelGemm(transA, transB, M, N, K, 0.5f, A.in(), lda, B.in(), ldb, 1.0f, C.out(), ldc);
      expectSameBits(C, want, "C");
    }
}

TEST(TypedGemm, StridedOperands) {
  for (int threads : {1, 2}) {
    Threads scope(threads);
    checkStridedGemm(ST::BF16);
    checkStridedGemm(ST::FP16);
  }
}

TEST(TypedGemm, StridedOperandsInBf16Precision) {
  if (!bf16GemmSupported())
    GTEST_SKIP() << "no bf16 matmul on this CPU (no AVX512-BF16 / AMX, nor AVX-512 to emulate it)";
  Precision bf16(GemmPrecision::Bf16);
  for (int threads : {1, 2}) {
    Threads scope(threads);
    checkStridedGemm(ST::BF16);
    checkStridedGemm(ST::FP16);
  }
}

TEST(TypedLinear, EmptyDimensions) {
  for (auto [N, In, Out] : {std::tuple<int64_t, int64_t, int64_t>{5, 0, 6}, {5, 6, 0}, {0, 6, 5}})
    for (const LinearTypes &t : {kBf16, kMixed}) {
      SCOPED_TRACE(std::to_string(N) + "x" + std::to_string(In) + "x" + std::to_string(Out));
      checkLinear({N, In, Out, false}, t);
    }
}

TEST(TypedLinear, AllFp32IsTheFp32Kernel) {
  const LinearTypes f32{ST::F32, ST::F32, ST::F32, ST::F32, ST::F32, ST::F32, ST::F32};
  checkLinear({37, 96, 101, false}, f32);
}

// ---- cross-entropy ----

struct CrossEntropyCase {
  int64_t N, V, validLocal, vocabStart;
};

std::ostream &operator<<(std::ostream &os, const CrossEntropyCase &c) {
  return os << "N" << c.N << " V" << c.V << " valid " << c.validLocal << " start "
            << c.vocabStart;
}

class TypedCrossEntropy : public ::testing::TestWithParam<CrossEntropyCase> {};

TEST_P(TypedCrossEntropy, MatchesTheFp32KernelOnWidenedLogits) {
  const CrossEntropyCase c = GetParam();
  // Targets in this shard, in other shards, and ignored (-1).
  std::vector<int32_t> targets(c.N);
  for (int64_t n = 0; n < c.N; ++n)
    targets[n] = n % 5 == 3 ? -1 : static_cast<int32_t>((n * 7919) % (c.vocabStart + c.V + 40));
  const std::pair<ST, ST> mixes[] = {{ST::BF16, ST::BF16}, {ST::FP16, ST::FP16},
                                     {ST::BF16, ST::F32},  {ST::F32, ST::BF16},
                                     {ST::FP16, ST::BF16}, {ST::BF16, ST::FP16}};
  for (int threads : {1, 2}) {
    Threads scope(threads);
    for (auto [logitsType, gradType] : mixes) {
      SCOPED_TRACE(std::string("logits ") + name(logitsType) + " dlogits " + name(gradType) +
                   ", threads " + std::to_string(threads));
      Tensor logits = Tensor::random(logitsType, c.N * c.V, 21, -8.f, 8.f);
      std::vector<float> wide = logits.wide();
      std::vector<float> maxRef(c.N), sumRef(c.N), targetRef(c.N), gradRef(c.N * c.V);
      crossEntropyRowMax(wide.data(), maxRef.data(), c.N, c.V, c.validLocal);
      crossEntropySumExp(wide.data(), targets.data(), maxRef.data(), sumRef.data(),
                         targetRef.data(), c.N, c.V, c.validLocal, c.vocabStart);
      crossEntropyBackward(wide.data(), targets.data(), maxRef.data(), sumRef.data(),
                           gradRef.data(), c.N, c.V, c.validLocal, c.vocabStart, 0.25f);
      Tensor dRef = Tensor::filled(gradType, c.N * c.V, 0.f);
      dRef.store(gradRef);

      std::vector<float> rowMax(c.N, 5.f), sumExp(c.N, 5.f), targetLogit(c.N, 5.f);
      Tensor dlogits = Tensor::filled(gradType, c.N * c.V, 3.f);
      crossEntropyRowMax(logits.in(), rowMax.data(), c.N, c.V, c.validLocal);
      crossEntropySumExp(logits.in(), targets.data(), rowMax.data(), sumExp.data(),
                         targetLogit.data(), c.N, c.V, c.validLocal, c.vocabStart);
      crossEntropyBackward(logits.in(), targets.data(), rowMax.data(), sumExp.data(),
                           dlogits.out(), c.N, c.V, c.validLocal, c.vocabStart, 0.25f);
      expectSameFloats(rowMax, maxRef, "rowMax");
      expectSameFloats(sumExp, sumRef, "sumExp");
      expectSameFloats(targetLogit, targetRef, "targetLogit");
      expectSameBits(dlogits, dRef, "dlogits");
    }
  }
}

// Rows whose maximum is a zero (the first zero's sign is the fp32 kernel's
// row max), with NaN (skipped) and infinities.
TEST(TypedCrossEntropy, SignedZeroNaNAndInfinityRows) {
  const int64_t V = 40;
  std::vector<std::vector<float>> rows = {{-1.f, -0.f, 0.f, -3.f}, {-1.f, 0.f, -0.f, -2.f},
                                          {NAN, -4.f, -0.f, NAN},  {NAN, NAN, NAN, NAN},
                                          {-INFINITY, -INFINITY},  {2.f, INFINITY, NAN, 1.f},
                                          {-0.f},                  {-5.f, -7.f}};
  const int64_t N = static_cast<int64_t>(rows.size()) + 2;
  std::vector<float> values(N * V, -9.f);
  for (size_t n = 0; n < rows.size(); ++n)
    for (size_t v = 0; v < rows[n].size(); ++v)
      values[n * V + v * 3] = rows[n][v]; // spread over the lanes
  // A first zero in a later lane than a second zero, either sign.
  values[(N - 2) * V + 5] = -0.f;
  values[(N - 2) * V + 17] = 0.f;
  values[(N - 1) * V + 5] = 0.f;
  values[(N - 1) * V + 17] = -0.f;
  std::vector<int32_t> targets(N, 3);
  for (ST type : {ST::BF16, ST::FP16}) {
    SCOPED_TRACE(name(type));
    Tensor logits(type, values);
    std::vector<float> wide = logits.wide();
    std::vector<float> maxRef(N), sumRef(N), tRef(N), gradRef(N * V);
    crossEntropyRowMax(wide.data(), maxRef.data(), N, V, V);
    crossEntropySumExp(wide.data(), targets.data(), maxRef.data(), sumRef.data(), tRef.data(), N,
                       V, V, 0);
    crossEntropyBackward(wide.data(), targets.data(), maxRef.data(), sumRef.data(),
                         gradRef.data(), N, V, V, 0, 1.f);
    Tensor dRef = Tensor::filled(type, N * V, 0.f);
    dRef.store(gradRef);
    std::vector<float> rowMax(N), sumExp(N), targetLogit(N);
    Tensor dlogits = Tensor::filled(type, N * V, 0.f);
    crossEntropyRowMax(logits.in(), rowMax.data(), N, V, V);
    crossEntropySumExp(logits.in(), targets.data(), rowMax.data(), sumExp.data(),
                       targetLogit.data(), N, V, V, 0);
    crossEntropyBackward(logits.in(), targets.data(), rowMax.data(), sumExp.data(),
                         dlogits.out(), N, V, V, 0, 1.f);
    expectSameFloats(rowMax, maxRef, "rowMax");
    EXPECT_TRUE(std::signbit(rowMax[0]) && !std::signbit(rowMax[1]) && std::signbit(rowMax[2]) &&
                std::signbit(rowMax[N - 2]) && !std::signbit(rowMax[N - 1]))
        << "the first zero decides";
    expectSameFloats(sumExp, sumRef, "sumExp");
    expectSameFloats(targetLogit, tRef, "targetLogit");
    expectSameBits(dlogits, dRef, "dlogits");
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, TypedCrossEntropy,
                         ::testing::Values(CrossEntropyCase{7, 50, 50, 0},
                                           CrossEntropyCase{37, 1000, 990, 0},
                                           CrossEntropyCase{37, 1000, 990, 500}, // a shard
                                           CrossEntropyCase{5, 64, 0, 64}, // no valid column
                                           CrossEntropyCase{16, 50257, 50257, 0},
                                           CrossEntropyCase{9, 25152, 25105, 25152}));

// ---- attention ----

struct AttentionTypes {
  ST qkv, out, dout, dqkv;
};

std::string describe(const AttentionTypes &t) {
  return std::string("qkv ") + name(t.qkv) + " out " + name(t.out) + " dout " + name(t.dout) +
         " dqkv " + name(t.dqkv);
}

const AttentionTypes kAttentionMixes[] = {
    {ST::BF16, ST::BF16, ST::BF16, ST::BF16},
    {ST::FP16, ST::FP16, ST::FP16, ST::FP16},
    {ST::BF16, ST::F32, ST::BF16, ST::F32},
    {ST::F32, ST::BF16, ST::F32, ST::FP16},
    {ST::FP16, ST::BF16, ST::F32, ST::BF16},
};

struct AttentionCase {
  int64_t B, S, H, kvHeads, D;
  bool causal;
  float dropout;
  bool lengths; // BERT's padding: sample b attends to fewer keys
};

std::ostream &operator<<(std::ostream &os, const AttentionCase &c) {
  return os << "B" << c.B << " S" << c.S << " H" << c.H << " kv" << c.kvHeads << " D" << c.D
            << (c.causal ? " causal" : "") << " dropout " << c.dropout
            << (c.lengths ? " lengths" : "");
}

class TypedAttention : public ::testing::TestWithParam<AttentionCase> {};

TEST_P(TypedAttention, MatchesTheFp32KernelOnWidenedOperands) {
  const AttentionCase c = GetParam();
  AttentionShape a{};
  a.batch = c.B;
  a.seq = c.S;
  a.heads = c.H;
  a.kvHeads = c.kvHeads;
  a.headDim = c.D;
  a.causal = c.causal;
  a.scale = 1.0f / std::sqrt(static_cast<float>(c.D));
  a.dropout = c.dropout;
  a.seed = 42;
  a.stream = 5;
  std::vector<int32_t> lengths(c.B);
  for (int64_t b = 0; b < c.B; ++b)
    lengths[b] = static_cast<int32_t>(c.S - (b * 37) % c.S);
  if (c.lengths)
    a.lengths = lengths.data();
  const int64_t packed = c.B * c.S * packedQkvWidth(c.H, c.kvHeads, c.D);
  const int64_t outSize = c.B * c.S * c.H * c.D, lseSize = c.B * c.H * c.S;
  for (int threads : {1, 2}) {
    Threads scope(threads);
    for (const AttentionTypes &t : kAttentionMixes) {
      SCOPED_TRACE(describe(t) + ", threads " + std::to_string(threads));
      Tensor qkv = Tensor::random(t.qkv, packed, 31), dout = Tensor::random(t.dout, outSize, 32);
      // Forward.
      std::vector<float> qkvWide = qkv.wide(), outWide(outSize), lseRef(lseSize);
      attentionForward(a, qkvWide.data(), outWide.data(), lseRef.data());
      Tensor outRef = Tensor::filled(t.out, outSize, 0.f);
      outRef.store(outWide);
      Tensor out = Tensor::filled(t.out, outSize, 9.f);
      std::vector<float> lse(lseSize, 9.f);
      attentionForward(a, qkv.in(), out.out(), lse.data());
      expectSameBits(out, outRef, "out");
      expectSameFloats(lse, lseRef, "lse");
      // Backward, on the typed forward's out.
      std::vector<float> outW = out.wide(), doutW = dout.wide(), dqkvWide(packed);
      attentionBackward(a, qkvWide.data(), outW.data(), lse.data(), doutW.data(),
                        dqkvWide.data());
      Tensor dqkvRef = Tensor::filled(t.dqkv, packed, 0.f);
      dqkvRef.store(dqkvWide);
      Tensor dqkv = Tensor::filled(t.dqkv, packed, 9.f);
      attentionBackward(a, qkv.in(), out.in(), lse.data(), dout.in(), dqkv.out());
      expectSameBits(dqkv, dqkvRef, "dqkv");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, TypedAttention,
    ::testing::Values(AttentionCase{2, 5, 3, 0, 4, false, 0.0f, false},
                      AttentionCase{2, 5, 3, 0, 4, true, 0.0f, false},
                      AttentionCase{1, 1, 2, 0, 8, true, 0.0f, false},
                      AttentionCase{2, 70, 4, 0, 16, true, 0.0f, false},   // 2 query blocks
                      AttentionCase{2, 70, 4, 0, 16, false, 0.2f, false},  // dropout
                      AttentionCase{2, 130, 4, 2, 8, true, 0.0f, false},   // GQA, 3 blocks
                      AttentionCase{3, 67, 6, 2, 8, true, 0.25f, false},   // GQA, dropout
                      AttentionCase{3, 70, 4, 1, 16, false, 0.0f, true},   // BERT lengths
                      AttentionCase{2, 67, 2, 0, 8, false, 0.1f, true},    // lengths, dropout
                      AttentionCase{1, 256, 12, 0, 64, true, 0.0f, false}) // GPT-2's heads
);

struct DecodeTypes {
  ST qkv, keys, values, out;
};

struct TypedDecodeCase {
  int64_t tokens, position, capacity, heads, kvHeads, D;
};

std::ostream &operator<<(std::ostream &os, const TypedDecodeCase &c) {
  return os << c.tokens << " tokens at " << c.position << " of " << c.capacity << ", heads "
            << c.heads << " kv " << c.kvHeads << " D" << c.D;
}

class TypedDecode : public ::testing::TestWithParam<TypedDecodeCase> {};

TEST_P(TypedDecode, MatchesTheFp32KernelOnWidenedOperands) {
  const TypedDecodeCase c = GetParam();
  const DecodeShape d{c.tokens, c.position, c.capacity, c.heads, c.kvHeads, c.D,
                      1.0f / std::sqrt(static_cast<float>(c.D))};
  const int64_t packed = c.tokens * packedQkvWidth(c.heads, c.kvHeads, c.D);
  const int64_t cache = c.capacity * c.kvHeads * c.D, outSize = c.tokens * c.heads * c.D;
  const DecodeTypes mixes[] = {{ST::BF16, ST::BF16, ST::BF16, ST::BF16},
                               {ST::FP16, ST::FP16, ST::FP16, ST::FP16},
                               {ST::BF16, ST::F32, ST::F32, ST::BF16},
                               {ST::FP16, ST::BF16, ST::F32, ST::F32}, // new keys rounded
                               {ST::F32, ST::FP16, ST::BF16, ST::FP16}};
  for (int threads : {1, 2}) {
    Threads scope(threads);
    for (const DecodeTypes &t : mixes) {
      SCOPED_TRACE(std::string("qkv ") + name(t.qkv) + " keys " + name(t.keys) + " values " +
                   name(t.values) + " out " + name(t.out) + ", threads " +
                   std::to_string(threads));
      Tensor qkv = Tensor::random(t.qkv, packed, 41);
      Tensor keys = Tensor::random(t.keys, cache, 42), values = Tensor::random(t.values, cache, 43);
      std::vector<float> qkvW = qkv.wide(), keysW = keys.wide(), valuesW = values.wide();
      std::vector<float> outW(outSize);
      attentionDecode(d, qkvW.data(), keysW.data(), valuesW.data(), outW.data());
      Tensor keysRef = keys, valuesRef = values, outRef = Tensor::filled(t.out, outSize, 0.f);
      keysRef.store(keysW);
      valuesRef.store(valuesW);
      outRef.store(outW);
      Tensor out = Tensor::filled(t.out, outSize, 9.f);
      attentionDecode(d, qkv.in(), keys.out(), values.out(), out.out());
      expectSameBits(out, outRef, "out");
      expectSameBits(keys, keysRef, "keys");
      expectSameBits(values, valuesRef, "values");
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Shapes, TypedDecode,
                         ::testing::Values(TypedDecodeCase{1, 37, 64, 4, 2, 16},
                                           TypedDecodeCase{3, 0, 8, 2, 2, 8},
                                           TypedDecodeCase{70, 5, 100, 4, 1, 16},
                                           TypedDecodeCase{1, 200, 256, 12, 12, 64},
                                           TypedDecodeCase{5, 11, 16, 6, 3, 8}));

} // namespace
} // namespace mtc::kernels
