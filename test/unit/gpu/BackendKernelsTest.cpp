// Every call of the CUDA backend (backends/cuda/CudaBackend.h) against
// hostBackend() on the same random inputs, odd sizes included. Needs a GPU;
// skips (exit 77) otherwise.
//
// Tolerances, relative to 1 + |reference|: element-wise calls run the same
// math/*.h function on both sides and differ at most by an FMA contraction
// or a libm ulp (1e-6). Reductions add in a different order (warp trees,
// tiles, atomics vs the host's loops): 1e-5 for layer norm forward and
// cross-entropy sums, 1e-4 for layer-norm gradients over rows, 2e-4 for
// cuBLASLt GEMMs (fp32 products, no TF32, but its own blocking of the K
// sum), and for attention a bound that grows with sqrt(seq), the length of
// its softmax and gradient sums.
#include "GpuMain.h"
#include "RandomData.h"

#include "comm/Communicator.h"
#include "backends/host/HostBackend.h"
#include "backends/cuda/CudaBackend.h"
#include "kernels/math/precision.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace mtc;
using namespace mtc::runtime;
using kernels::AttentionShape;
using kernels::StorageType;

Backend &cpu() { return hostBackend(); }

// Made once and never destroyed: its destructor would run after the CUDA
// runtime's own teardown at exit.
Backend &gpu() {
  static Backend *backend = [] {
    comm::SelfCommunicator self;
    return gpu::makeCudaBackend(self).release();
  }();
  return *backend;
}

// A device copy of a host vector, made and read through the backend.
template <class T> class Dev {
public:
  explicit Dev(const std::vector<T> &h) : n(h.size()) {
    p = static_cast<T *>(gpu().allocate(bytes(), "a test buffer"));
    gpu().toDevice(p, h.data(), bytes());
  }
  explicit Dev(size_t count, T fill = T()) : Dev(std::vector<T>(count, fill)) {}
  ~Dev() { gpu().release(p); }
  Dev(const Dev &) = delete;
  Dev &operator=(const Dev &) = delete;
  T *get() const { return p; }
  operator T *() const { return p; }
  std::vector<T> host() const {
    std::vector<T> h(n);
    gpu().toHost(h.data(), p, bytes());
    return h;
  }

private:
  int64_t bytes() const { return static_cast<int64_t>(n * sizeof(T)); }
  T *p = nullptr;
  size_t n;
};

using mtc::testing::randn;

// The worst element, so one failure reports where and by how much.
void expectClose(const std::vector<float> &got, const std::vector<float> &want, double tol,
                 const std::string &what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  double worst = 0;
  size_t at = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    if (std::isnan(want[i]) && std::isnan(got[i]))
      continue;
    double err = std::fabs(double(got[i]) - want[i]) / (1.0 + std::fabs(want[i]));
    if (!(err <= worst)) { // NaN against a number counts as the worst
      worst = std::isnan(err) ? INFINITY : err;
      at = i;
    }
  }
  EXPECT_LE(worst, tol) << what << ": element " << at << " is " << got[at] << ", want "
                        << want[at];
}

void expectBits(const std::vector<float> &got, const std::vector<float> &want,
                const std::string &what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i) {
    uint32_t g, w;
    std::memcpy(&g, &got[i], 4);
    std::memcpy(&w, &want[i], 4);
    ASSERT_EQ(g, w) << what << ": element " << i << " (" << want[i] << ")";
  }
}

TEST(CudaBackend, Identity) {
  EXPECT_STREQ(gpu().name(), "cuda");
  EXPECT_FALSE(gpu().hostAddressable());
  EXPECT_TRUE(gpu().fusesSteps());
}

// ---------------------------------------------------------------- memory

TEST(CudaBackend, AllocateIsZeroedAndRoundTrips) {
  const int64_t bytes = 12345; // not a multiple of 4 or 64
  void *d = gpu().allocate(bytes, "odd bytes");
  std::vector<unsigned char> zero(bytes, 0xff), data(bytes), back(bytes);
  gpu().toHost(zero.data(), d, bytes);
  EXPECT_TRUE(std::all_of(zero.begin(), zero.end(), [](unsigned char c) { return c == 0; }));
  std::mt19937 rng(3);
  for (auto &c : data)
    c = static_cast<unsigned char>(rng());
  gpu().toDevice(d, data.data(), bytes);
  gpu().toHost(back.data(), d, bytes);
  EXPECT_EQ(back, data);
  gpu().release(d);
  void *empty = gpu().allocate(0, "nothing");
  EXPECT_NE(empty, nullptr);
  gpu().release(empty);
}

TEST(CudaBackend, AllocationFailureNamesTheBuffer) {
  try {
    gpu().allocate(int64_t(1) << 60, "the impossible buffer");
    FAIL() << "an exabyte allocation succeeded";
  } catch (const std::runtime_error &e) {
    EXPECT_NE(std::string(e.what()).find("the impossible buffer"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("MiB free"), std::string::npos) << e.what();
  }
  // The failure is not left behind for the next launch to report.
  Dev<float> x(std::vector<float>{1, 2, 3}), y(3);
  gpu().scale(x, 2.f, y, 3);
  expectBits(y.host(), {2, 4, 6}, "scale after a failed allocation");
}

TEST(CudaBackend, Fill32) {
  for (int64_t words : {1, 1001, (1 << 20) + 3}) {
    Dev<float> d(static_cast<size_t>(words) + 1, 5.f);
    gpu().fill32(d, 0x7fc00001u, words);
    std::vector<float> h = d.host();
    uint32_t bits;
    std::memcpy(&bits, &h[words - 1], 4);
    EXPECT_EQ(bits, 0x7fc00001u);
    std::memcpy(&bits, &h[0], 4);
    EXPECT_EQ(bits, 0x7fc00001u);
    EXPECT_EQ(h[words], 5.f) << "fill32 wrote past its end";
  }
}

TEST(CudaBackend, CopyHandlesOverlap) {
  const int64_t n = 1000;
  std::vector<float> base(n);
  std::iota(base.begin(), base.end(), 0.f);
  struct Case {
    int64_t dst, src, count;
  };
  for (Case c : {Case{3, 0, 990}, Case{0, 5, 990}, Case{0, 500, 500}, Case{1, 0, 1},
                 Case{10, 10, 50}, Case{600, 0, 300}}) {
    std::vector<float> want = base;
    cpu().copy(want.data() + c.dst, want.data() + c.src, c.count * 4);
    Dev<float> d(base);
    gpu().copy(d.get() + c.dst, d.get() + c.src, c.count * 4);
    expectBits(d.host(), want,
               "copy " + std::to_string(c.src) + " -> " + std::to_string(c.dst) + " of " +
                   std::to_string(c.count));
  }
  // Odd byte counts copy exactly those bytes.
  Dev<float> d(base);
  gpu().copy(reinterpret_cast<char *>(d.get()) + 1, d.get(), 13);
  std::vector<float> want = base;
  std::memmove(reinterpret_cast<char *>(want.data()) + 1, want.data(), 13);
  expectBits(d.host(), want, "13-byte overlapping copy");
}

// ------------------------------------------------------------- embedding

TEST(CudaBackend, Embedding) {
  const int64_t B = 3, S = 7, N = B * S, H = 40;
  for (int64_t vocabStart : {0, 2}) {
    const int64_t V = vocabStart ? 11 : 13; // a shard, or the whole vocabulary
    std::vector<int32_t> tok(N);
    for (int64_t n = 0; n < N; ++n)
      tok[n] = int32_t((n * 7) % 13); // with a shard, some are elsewhere
    for (bool positions : {true, false}) {
      auto wte = randn(V * H, 1), wpe = randn(S * H, 2), dout = randn(N * H, 3);
      std::vector<float> out(N * H), dwte(V * H, 1.f), dwpe(S * H, 2.f);
      const float *hostWpe = positions ? wpe.data() : nullptr;
      cpu().embeddingForward(tok.data(), wte.data(), hostWpe, out.data(), N, S, H,
                             vocabStart, V);
      cpu().embeddingBackward(tok.data(), dout.data(), dwte.data(),
                              positions ? dwpe.data() : nullptr, N, S, H, vocabStart, V);
      Dev<int32_t> dTok(tok);
      Dev<float> dWte(wte), dWpe(wpe), dDout(dout), dOut(N * H), dDwte(V * H, 1.f),
          dDwpe(S * H, 2.f);
      gpu().embeddingForward(dTok, dWte, positions ? dWpe.get() : nullptr, dOut, N, S, H,
                             vocabStart, V);
      gpu().embeddingBackward(dTok, dDout, dDwte, positions ? dDwpe.get() : nullptr, N, S, H,
                              vocabStart, V);
      std::string what = "vocabStart " + std::to_string(vocabStart) +
                         (positions ? " with" : " without") + " positions: ";
      expectBits(dOut.host(), out, what + "out");
      expectClose(dDwte.host(), dwte, 1e-5, what + "dwte"); // atomics: any order
      expectClose(dDwpe.host(), dwpe, 1e-5, what + "dwpe");
    }
  }
}

// ------------------------------------------------------------ layer norm

TEST(CudaBackend, LayerNorm) {
  struct Shape {
    int64_t N, H;
  };
  for (Shape s : {Shape{14, 96}, Shape{1, 1}, Shape{2 * 7, 769}, Shape{37, 1024}}) {
    const int64_t N = s.N, H = s.H;
    auto x = randn(N * H, 1, 3.f), g = randn(H, 2), b = randn(H, 3), dy = randn(N * H, 4);
    for (float &v : x)
      v += 2.f; // a mean away from zero
    std::vector<float> y(N * H), dx(N * H), dg(H, 0.5f), db(H, -0.5f);
    cpu().layerNormForward(x.data(), g.data(), b.data(), y.data(), N, H, 1e-5f);
    cpu().layerNormBackwardInput(x.data(), g.data(), dy.data(), dx.data(), N, H, 1e-5f);
    cpu().layerNormBackwardWeight(x.data(), dy.data(), dg.data(), db.data(), N, H, 1e-5f);
    Dev<float> dX(x), dG(g), dB(b), dDy(dy), dY(N * H), dDx(N * H), dDg(H, 0.5f),
        dDb(H, -0.5f);
    gpu().layerNormForward(dX, dG, dB, dY, N, H, 1e-5f);
    gpu().layerNormBackwardInput(dX, dG, dDy, dDx, N, H, 1e-5f);
    gpu().layerNormBackwardWeight(dX, dDy, dDg, dDb, N, H, 1e-5f);
    std::string what = std::to_string(N) + "x" + std::to_string(H) + ": ";
    expectClose(dY.host(), y, 1e-5, what + "y");
    expectClose(dDx.host(), dx, 1e-4, what + "dx");
    expectClose(dDg.host(), dg, 1e-4, what + "dgamma");
    expectClose(dDb.host(), db, 1e-4, what + "dbeta");
  }
}

// ---------------------------------------------------------------- linear

// `shift` floats in front of every operand: the executor's parameters sit at
// 16-float (64-byte) offsets of one allocation, not at cudaMalloc's 256-byte
// alignment, which cuBLASLt's heuristic assumes unless told otherwise.
std::vector<float> shifted(const std::vector<float> &v, int64_t shift) {
  std::vector<float> out(shift, 0.f);
  out.insert(out.end(), v.begin(), v.end());
  return out;
}

std::vector<float> unshifted(const std::vector<float> &v, int64_t shift) {
  return std::vector<float>(v.begin() + shift, v.end());
}

TEST(CudaBackend, LinearSteps) {
  struct Shape {
    int64_t N, In, Out;
  };
  for (Shape s : {Shape{1, 7, 5}, Shape{24, 40, 56}, Shape{2 * 128, 64, 97}})
    for (bool transposed : {false, true})
      for (bool bias : {true, false})
        for (int64_t shift : {0, 16}) {
          const int64_t N = s.N, In = s.In, Out = s.Out;
          auto x = randn(N * In, 1), w = randn(In * Out, 2), b = randn(Out, 3),
               dy = randn(N * Out, 4);
          // Backward-weight accumulates: start from non-zero gradients.
          std::vector<float> y(N * Out), dx(N * In), dw(In * Out, 0.25f), db(Out, 0.5f);
          cpu().linearForward(x.data(), w.data(), bias ? b.data() : nullptr, y.data(), N, In,
                              Out, transposed);
          cpu().linearBackwardInput(dy.data(), w.data(), dx.data(), N, In, Out, transposed);
          cpu().linearBackwardWeight(x.data(), dy.data(), dw.data(),
                                     bias ? db.data() : nullptr, N, In, Out, transposed);
          Dev<float> dX(shifted(x, shift)), dW(shifted(w, shift)), dB(shifted(b, shift)),
              dDy(shifted(dy, shift)), dY(shift + N * Out), dDx(shift + N * In),
              dDw(shifted(std::vector<float>(In * Out, 0.25f), shift)),
              dDb(shifted(std::vector<float>(Out, 0.5f), shift));
          float *pX = dX + shift, *pW = dW + shift, *pB = dB + shift, *pDy = dDy + shift;
          gpu().linearForward(pX, pW, bias ? pB : nullptr, dY + shift, N, In, Out, transposed);
          gpu().linearBackwardInput(pDy, pW, dDx + shift, N, In, Out, transposed);
          gpu().linearBackwardWeight(pX, pDy, dDw + shift, bias ? dDb + shift : nullptr, N, In,
                                     Out, transposed);
          std::string what = std::to_string(N) + "x" + std::to_string(In) + "x" +
                             std::to_string(Out) + (transposed ? " transposed" : " plain") +
                             (bias ? " with bias" : "") + " shifted by " +
                             std::to_string(shift) + ": ";
          expectClose(unshifted(dY.host(), shift), y, 2e-4, what + "y");
          expectClose(unshifted(dDx.host(), shift), dx, 2e-4, what + "dx");
          expectClose(unshifted(dDw.host(), shift), dw, 2e-4, what + "dw");
          expectClose(unshifted(dDb.host(), shift), db, 2e-4, what + "dbias");
        }
}

TEST(CudaBackend, LinearWithoutRowsChangesNothing) {
  Dev<float> x(8), w(8 * 4, 1.f), dw(8 * 4, 0.25f), db(4, 0.5f), dy(4);
  gpu().linearBackwardWeight(x, dy, dw, db, 0, 8, 4, false);
  expectBits(dw.host(), std::vector<float>(32, 0.25f), "dw");
  expectBits(db.host(), std::vector<float>(4, 0.5f), "dbias");
  EXPECT_THROW(gpu().linearForward(x, w, nullptr, dy, 1, 0, 4, false), std::invalid_argument);
}

// ------------------------------------------------ tensor-core GEMM modes
//
// selectCompute switches the shared backend's GEMMs to bf16 / fp16 operands
// or TF32; every test puts it back to exact fp32 (the mode the tests above
// assume) when it ends.
struct ComputeMode {
  StorageType storage;
  bool tf32;
  const char *name;
};
constexpr ComputeMode kComputeModes[] = {{StorageType::BF16, false, "bf16"},
                                         {StorageType::FP16, false, "fp16"},
                                         {StorageType::F32, true, "tf32"},
                                         {StorageType::F32, false, "fp32"}};

class SelectedCompute {
public:
  explicit SelectedCompute(const ComputeMode &m)
      : notice(gpu().selectCompute(m.storage, m.tf32)) {}
  ~SelectedCompute() { gpu().selectCompute(StorageType::F32, false); }
  std::string notice;
};

// The GEMM's own error bound per element, from its operand precision:
//   16-bit operands: the backend's copies of values already rounded to the
//     type are exact and products of two 16-bit values are exact in fp32, so
//     only the fp32 summation order differs from the host: the fp32 bound
//     2e-4 (1 + |want|) of LinearSteps.
//   TF32: each operand keeps 10 mantissa bits (rounded or truncated: relative
//     error <= 2^-10 each), so a product is off by <= 2^-9 |a b|, plus fp32
//     accumulation over K terms: (2^-9 + K 2^-23) sum_k |a_ik b_kj|.
std::vector<double> gemmBound(const ComputeMode &m, const std::vector<float> &want,
                              const std::vector<float> &absProducts, int64_t K) {
  std::vector<double> bound(want.size());
  for (size_t i = 0; i < want.size(); ++i)
    bound[i] = 2e-4 * (1.0 + std::fabs(want[i]));
  if (m.storage == StorageType::F32 && m.tf32)
    for (size_t i = 0; i < want.size(); ++i)
      bound[i] += (std::ldexp(1.0, -9) + K * std::ldexp(1.0, -23)) * absProducts[i];
  return bound;
}

void expectWithin(const std::vector<float> &got, const std::vector<float> &want,
                  const std::vector<double> &bound, const std::string &what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_LE(std::fabs(double(got[i]) - want[i]), bound[i])
        << what << ": element " << i << " is " << got[i] << ", want " << want[i];
}

std::vector<float> absolute(std::vector<float> v) {
  for (float &x : v)
    x = std::fabs(x);
  return v;
}

// What the run stores: 16-bit runs hold rounded values (precision.md).
std::vector<float> stored(std::vector<float> v, const ComputeMode &m) {
  for (float &x : v)
    x = kernels::roundTo(m.storage, x);
  return v;
}

// Runs check(mode, N, In, Out, transposed) in each compute mode on random
// and odd shapes (Out 97 and 5: no multiple of 8, so the GeLU epilogues fall
// back).
template <class Check> void forEachGemmCase(const Check &check) {
  struct Shape {
    int64_t N, In, Out;
  };
  for (const ComputeMode &m : kComputeModes) {
    SelectedCompute mode(m);
    for (Shape s : {Shape{1, 7, 5}, Shape{24, 40, 56}, Shape{2 * 128, 64, 97},
                    Shape{128, 128, 512}})
      for (bool transposed : {false, true}) {
        const std::string what = std::string(m.name) + " " + std::to_string(s.N) + "x" +
                                 std::to_string(s.In) + "x" + std::to_string(s.Out) +
                                 (transposed ? " transposed: " : ": ");
        check(m, s.N, s.In, s.Out, transposed, what);
      }
  }
}

TEST(CudaBackend, SelectComputeUsesTensorCoresAndNamesThem) {
  EXPECT_EQ(gpu().selectCompute(StorageType::F32, false), "fp32 compute");
  {
    SelectedCompute bf16(kComputeModes[0]);
    EXPECT_NE(bf16.notice.find("bf16 GEMMs with fp32 accumulation"), std::string::npos)
        << bf16.notice;
  }
  SelectedCompute tf32(kComputeModes[2]);
  EXPECT_NE(tf32.notice.find("TF32"), std::string::npos) << tf32.notice;
}

// Every linear step in each mode against the host's fp32 GEMM on the stored
// values, on random and odd shapes at 64-byte offsets.
TEST(CudaBackend, LinearStepsInEachComputeMode) {
  forEachGemmCase([](const ComputeMode &m, int64_t N, int64_t In, int64_t Out,
                     bool transposed, const std::string &what) {
    const int64_t shift = 16;
    auto x = stored(randn(N * In, 1), m), w = stored(randn(In * Out, 2), m),
         b = stored(randn(Out, 3), m), dy = stored(randn(N * Out, 4), m);
    std::vector<float> y(N * Out), dx(N * In), dw(In * Out, 0.25f), db(Out, 0.5f);
    cpu().linearForward(x.data(), w.data(), b.data(), y.data(), N, In, Out, transposed);
    cpu().linearBackwardInput(dy.data(), w.data(), dx.data(), N, In, Out, transposed);
    cpu().linearBackwardWeight(x.data(), dy.data(), dw.data(), db.data(), N, In, Out,
                               transposed);
    // sum_k |a b| of each output, for the TF32 bound.
    std::vector<float> ay(N * Out), adx(N * In), adw(In * Out, 0.f), adb(Out, 0.f);
    auto ax = absolute(x), aw = absolute(w), ady = absolute(dy);
    cpu().linearForward(ax.data(), aw.data(), nullptr, ay.data(), N, In, Out, transposed);
    cpu().linearBackwardInput(ady.data(), aw.data(), adx.data(), N, In, Out, transposed);
    cpu().linearBackwardWeight(ax.data(), ady.data(), adw.data(), adb.data(), N, In, Out,
                               transposed);
    Dev<float> dX(shifted(x, shift)), dW(shifted(w, shift)), dB(shifted(b, shift)),
        dDy(shifted(dy, shift)), dY(shift + N * Out), dDx(shift + N * In),
        dDw(shifted(std::vector<float>(In * Out, 0.25f), shift)),
        dDb(shifted(std::vector<float>(Out, 0.5f), shift));
    float *pX = dX + shift, *pW = dW + shift, *pDy = dDy + shift;
    gpu().linearForward(pX, pW, dB + shift, dY + shift, N, In, Out, transposed);
    gpu().linearBackwardInput(pDy, pW, dDx + shift, N, In, Out, transposed);
    gpu().linearBackwardWeight(pX, pDy, dDw + shift, dDb + shift, N, In, Out, transposed);
    expectWithin(unshifted(dY.host(), shift), y, gemmBound(m, y, ay, In), what + "y");
    expectWithin(unshifted(dDx.host(), shift), dx, gemmBound(m, dx, adx, Out), what + "dx");
    expectWithin(unshifted(dDw.host(), shift), dw, gemmBound(m, dw, adw, N), what + "dw");
    expectClose(unshifted(dDb.host(), shift), db, 2e-4, what + "dbias"); // fp32 sums
  });
}

// convert gives the host's bits for every pair of storage types: groups of
// four where both sides are aligned to one, the tail and unaligned starts one
// by one (the offsets shift each side off its alignment), specials included.
TEST(CudaBackend, ConvertGivesTheHostsBits) {
  const StorageType types[] = {StorageType::F32, StorageType::BF16, StorageType::FP16};
  for (int64_t n : {1, 3, 4, 7, 1001, (1 << 20) + 3})
    for (int64_t offset : {0, 1, 2})
      for (StorageType from : types)
        for (StorageType to : types) {
          const int64_t total = n + offset;
          auto x = randn(total, 12, 30.f);
          x[0] = INFINITY, x[total / 2] = -0.0f, x[total - 1] = NAN;
          if (total > 3)
            x[3] = 1e30f; // past fp16's range
          // The source in `from` (its values as the host stores them).
          std::vector<uint32_t> src(total), hostDst(total), devDst(total);
          cpu().convert(mtc::kernels::In(x.data()),
                        mtc::kernels::Out(src.data(), from), total);
          cpu().convert(mtc::kernels::In(src.data(), from).at(offset),
                        mtc::kernels::Out(hostDst.data(), to).at(offset), n);
          Dev<uint32_t> dSrc(src), dDst(std::vector<uint32_t>(total, 0));
          gpu().convert(mtc::kernels::In(static_cast<uint32_t *>(dSrc), from).at(offset),
                        mtc::kernels::Out(static_cast<uint32_t *>(dDst), to).at(offset), n);
          devDst = dDst.host();
          const std::string what = "n " + std::to_string(n) + " offset " +
                                   std::to_string(offset) + " from " +
                                   std::to_string(int(from)) + " to " + std::to_string(int(to));
          ASSERT_EQ(std::memcmp(devDst.data(), hostDst.data(), total * 4), 0) << what;
        }
}

// 16-bit operands are copied with the storage rounding: unrounded inputs give
// the host's GEMM on rounded ones.
TEST(CudaBackend, SixteenBitOperandCopiesRoundToNearestEven) {
  for (const ComputeMode &m : {kComputeModes[0], kComputeModes[1]}) {
    SelectedCompute mode(m);
    const int64_t N = 33, In = 24, Out = 40;
    auto x = randn(N * In, 5), w = randn(In * Out, 6);
    std::vector<float> y(N * Out);
    auto rx = stored(x, m), rw = stored(w, m);
    cpu().linearForward(rx.data(), rw.data(), nullptr, y.data(), N, In, Out, false);
    Dev<float> dX(x), dW(w), dY(N * Out);
    gpu().linearForward(dX, dW, nullptr, dY, N, In, Out, false);
    expectClose(dY.host(), y, 2e-4, std::string(m.name) + " y");
  }
}

// The GeLU epilogues (forward GELU_AUX_BIAS, backward DGELU) and their
// fallbacks (Out 97, 5: aux leading dimension not a multiple of 8) against the
// host's linear + tanh GeLU. Besides the GEMM bound, cuBLASLt may evaluate tanh
// with the hardware approximation (relative error <= 2^-11): gelu moves by
// <= 2^-12 |pre|, and gelu'(x) by <= 2^-11 (0.5 + 0.8|x| + 0.11|x|^3) per unit
// of the incoming gradient (d gelu'/d tanh, bounded for the tanh form).
TEST(CudaBackend, LinearGeluEpiloguesMatchLinearThenGelu) {
  forEachGemmCase([](const ComputeMode &m, int64_t N, int64_t In, int64_t Out,
                     bool transposed, const std::string &what) {
    auto x = stored(randn(N * In, 7), m), w = stored(randn(In * Out, 8, 0.3f), m),
         b = stored(randn(Out, 9), m), dy = stored(randn(N * Out, 10), m),
         pre = stored(randn(N * In, 11), m);
    std::vector<float> p(N * Out), y(N * Out), h(N * In), dpre(N * In);
    cpu().linearForward(x.data(), w.data(), b.data(), p.data(), N, In, Out, transposed);
    cpu().geluForward(p.data(), y.data(), N * Out, false);
    cpu().linearBackwardInput(dy.data(), w.data(), h.data(), N, In, Out, transposed);
    cpu().geluBackward(pre.data(), h.data(), dpre.data(), N * In, false);
    std::vector<float> ap(N * Out), ah(N * In);
    auto ax = absolute(x), aw = absolute(w), ady = absolute(dy);
    cpu().linearForward(ax.data(), aw.data(), nullptr, ap.data(), N, In, Out, transposed);
    cpu().linearBackwardInput(ady.data(), aw.data(), ah.data(), N, In, Out, transposed);

    Dev<float> dX(x), dW(w), dB(b), dDy(dy), dPreIn(pre), dP(N * Out), dYo(N * Out),
        dDpre(N * In);
    gpu().linearBiasGelu(dX, dW, dB, dP, dYo, N, In, Out, transposed);
    gpu().linearBackwardInputGelu(dDy, dW, dPreIn, dDpre, N, In, Out, transposed);
    std::vector<double> preBound = gemmBound(m, p, ap, In), yBound(y.size());
    // gelu' <= 1.13: the pre-activation's error passes through at most that.
    for (size_t i = 0; i < y.size(); ++i)
      yBound[i] = 1.13 * preBound[i] + std::ldexp(std::fabs(p[i]), -12) + 1e-6;
    expectWithin(dP.host(), p, preBound, what + "pre-activation (aux)");
    expectWithin(dYo.host(), y, yBound, what + "gelu");
    std::vector<double> hBound = gemmBound(m, h, ah, Out), dBound(dpre.size());
    for (size_t i = 0; i < dpre.size(); ++i) {
      const double a = std::fabs(pre[i]);
      dBound[i] = 1.13 * hBound[i] +
                  std::ldexp(0.5 + 0.8 * a + 0.11 * a * a * a, -11) * std::fabs(h[i]) +
                  1e-6;
    }
    expectWithin(dDpre.host(), dpre, dBound, what + "d pre-activation");
  });
}

// ----------------------------------------------------------- element-wise

TEST(CudaBackend, ElementWise) {
  for (int64_t n : {1, 1650, (1 << 20) + 7}) {
    auto x = randn(n, 5, 2.f), b = randn(n, 6), dy = randn(n, 7);
    std::vector<float> gelu(n), dgelu(n), sum(n), scaled(n);
    cpu().geluForward(x.data(), gelu.data(), n, false);
    cpu().geluBackward(x.data(), dy.data(), dgelu.data(), n, false);
    std::vector<float> geluExact(n), dgeluExact(n);
    cpu().geluForward(x.data(), geluExact.data(), n, true);
    cpu().geluBackward(x.data(), dy.data(), dgeluExact.data(), n, true);
    cpu().add(x.data(), b.data(), sum.data(), n);
    cpu().scale(x.data(), -0.37f, scaled.data(), n);
    Dev<float> dX(x), dB(b), dDy(dy), dGelu(n), dDgelu(n), dSum(n), dScaled(n);
    gpu().geluForward(dX, dGelu, n, false);
    gpu().geluBackward(dX, dDy, dDgelu, n, false);
    Dev<float> dGeluExact(n), dDgeluExact(n);
    gpu().geluForward(dX, dGeluExact, n, true);
    gpu().geluBackward(dX, dDy, dDgeluExact, n, true);
    gpu().add(dX, dB, dSum, n);
    gpu().scale(dX, -0.37f, dScaled, n);
    std::string what = "n " + std::to_string(n) + ": ";
    expectClose(dGelu.host(), gelu, 1e-6, what + "gelu");
    expectClose(dDgelu.host(), dgelu, 1e-6, what + "gelu'");
    expectClose(dGeluExact.host(), geluExact, 1e-6, what + "exact gelu");
    expectClose(dDgeluExact.host(), dgeluExact, 1e-6, what + "exact gelu'");
    expectBits(dSum.host(), sum, what + "add");
    expectBits(dScaled.host(), scaled, what + "scale");
    // In place, as the executor calls them.
    gpu().add(dX, dB, dX, n);
    expectBits(dX.host(), sum, what + "add in place");
  }
}

TEST(CudaBackend, Dropout) {
  for (int64_t n : {1, 1001, 65537})
    for (uint64_t offset : {0, 3, 5})
      for (float rate : {0.f, 0.1f, 0.5f}) {
        auto x = randn(n, 8);
        std::vector<float> y(n);
        cpu().dropout(x.data(), y.data(), n, rate, 11, 4, offset);
        Dev<float> dX(x), dY(n);
        gpu().dropout(dX, dY, n, rate, 11, 4, offset);
        expectClose(dY.host(), y, 1e-6,
                    "n " + std::to_string(n) + " offset " + std::to_string(offset) +
                        " rate " + std::to_string(rate));
      }
}

TEST(CudaBackend, BiasAddAndGrad) {
  for (int64_t rows : {1, 33, 2 * 128})
    for (int64_t cols : {1, 50, 97}) {
      auto x = randn(rows * cols, 1), bias = randn(cols, 2), dy = randn(rows * cols, 3);
      std::vector<float> y(rows * cols), db(cols, 0.5f);
      cpu().biasAdd(x.data(), bias.data(), y.data(), rows, cols);
      cpu().biasGrad(dy.data(), db.data(), rows, cols);
      Dev<float> dX(x), dBias(bias), dDy(dy), dY(rows * cols), dDb(cols, 0.5f);
      gpu().biasAdd(dX, dBias, dY, rows, cols);
      gpu().biasGrad(dDy, dDb, rows, cols);
      std::string what = std::to_string(rows) + "x" + std::to_string(cols) + ": ";
      expectBits(dY.host(), y, what + "biasAdd");
      expectClose(dDb.host(), db, 1e-5, what + "biasGrad");
    }
}

// The fused calls against the host primitives they replace.
TEST(CudaBackend, FusedStepsMatchTheComposedPrimitives) {
  const int64_t rows = 2 * 7, cols = 97, n = rows * cols;
  auto x = randn(n, 5), bias = randn(cols, 6), residual = randn(n, 7);
  std::vector<float> pre(n), y(n);
  cpu().biasAdd(x.data(), bias.data(), pre.data(), rows, cols);
  cpu().geluForward(pre.data(), y.data(), n, false);
  Dev<float> dX(x), dBias(bias), dR(residual), dPre(n), dY(n);
  gpu().biasGelu(dX, dBias, dPre, dY, rows, cols);
  expectBits(dPre.host(), pre, "bias+gelu pre-activation");
  expectClose(dY.host(), y, 1e-6, "bias+gelu");

  for (bool withBias : {true, false})
    for (float rate : {0.f, 0.1f}) {
      std::vector<float> sum(n), dropped(n), out(n);
      if (withBias)
        cpu().biasAdd(x.data(), bias.data(), sum.data(), rows, cols);
      else
        sum = x;
      cpu().dropout(sum.data(), dropped.data(), n, rate, 9, 3, 0);
      cpu().add(residual.data(), dropped.data(), out.data(), n);
      Dev<float> dOut(n);
      gpu().biasDropoutResidual(dX, withBias ? dBias.get() : nullptr, dR, dOut, rows, cols,
                                rate, 9, 3);
      expectClose(dOut.host(), out, 1e-6,
                  std::string("bias+dropout+residual") + (withBias ? "" : " without bias") +
                      " rate " + std::to_string(rate));
    }
}

// -------------------------------------------------------------- attention

TEST(CudaBackend, Attention) {
  struct Case {
    int64_t batch, seq, heads, headDim;
    bool causal;
    float dropout;
    int64_t headOffset, totalHeads;
  };
  const Case cases[] = {
      {2, 1, 2, 64, true, 0.f, 0, 0},       {2, 7, 3, 64, true, 0.1f, 1, 5},
      {2, 7, 2, 128, false, 0.f, 0, 0},     {2, 128, 2, 64, true, 0.1f, 0, 0},
      {2, 128, 2, 128, true, 0.f, 2, 4},    {1, 2048, 1, 64, true, 0.f, 0, 0},
      {1, 2048, 1, 128, false, 0.1f, 0, 0},
  };
  for (const Case &c : cases) {
    AttentionShape a{c.batch, c.seq,        c.heads, c.headDim, c.causal,
                     1.f / std::sqrt(float(c.headDim)), c.dropout, 5, 2,
                     c.headOffset, c.totalHeads};
    const size_t qkvN = a.batch * a.seq * a.heads * 3 * a.headDim, outN = qkvN / 3,
                 lseN = a.batch * a.heads * a.seq;
    auto qkv = randn(qkvN, 1), dout = randn(outN, 2);
    std::vector<float> out(outN), lse(lseN), dqkv(qkvN);
    cpu().attentionForward(a, qkv.data(), out.data(), lse.data());
    cpu().attentionBackward(a, qkv.data(), out.data(), lse.data(), dout.data(), dqkv.data());
    Dev<float> dQkv(qkv), dDout(dout), dOut(outN), dLse(lseN), dDqkv(qkvN);
    gpu().attentionForward(a, dQkv, dOut, dLse);
    gpu().attentionBackward(a, dQkv, dOut, dLse, dDout, dDqkv);
    const double growth = std::sqrt(std::max<double>(c.seq, 64) / 64.0);
    std::string what = "B" + std::to_string(c.batch) + " S" + std::to_string(c.seq) + " H" +
                       std::to_string(c.heads) + " D" + std::to_string(c.headDim) +
                       (c.causal ? " causal" : "") +
                       (c.dropout > 0 ? " dropout" : "") + ": ";
    expectClose(dOut.host(), out, 5e-5 * growth, what + "out");
    expectClose(dLse.host(), lse, 5e-5 * growth, what + "lse");
    expectClose(dDqkv.host(), dqkv, 2e-4 * growth, what + "dqkv");
  }
}

// Grouped-query attention (kernels.h's grouped QKV layout): a group's dK and
// dV sum over its query heads, so their bound grows with sqrt(heads / kvHeads).
TEST(CudaBackend, GroupedQueryAttention) {
  struct Case {
    int64_t batch, seq, heads, kvHeads, headDim;
    bool causal;
    float dropout;
  };
  const Case cases[] = {
      {2, 7, 6, 2, 64, true, 0.1f},   {2, 7, 6, 3, 64, false, 0.f},
      {1, 7, 6, 1, 6, true, 0.1f},    {2, 130, 4, 1, 64, true, 0.1f},
      {1, 130, 8, 2, 128, true, 0.f}, {2, 70, 4, 4, 64, false, 0.1f},
  };
  for (const Case &c : cases) {
    AttentionShape a{c.batch, c.seq, c.heads, c.headDim, c.causal,
                     1.f / std::sqrt(float(c.headDim)), c.dropout, 5, 2};
    a.kvHeads = c.kvHeads;
    const size_t qkvN = a.batch * a.seq * (a.heads + 2 * a.kvHeads) * a.headDim,
                 outN = a.batch * a.seq * a.heads * a.headDim,
                 lseN = a.batch * a.heads * a.seq;
    auto qkv = randn(qkvN, 1), dout = randn(outN, 2);
    std::vector<float> out(outN), lse(lseN), dqkv(qkvN);
    cpu().attentionForward(a, qkv.data(), out.data(), lse.data());
    cpu().attentionBackward(a, qkv.data(), out.data(), lse.data(), dout.data(), dqkv.data());
    Dev<float> dQkv(qkv), dDout(dout), dOut(outN), dLse(lseN), dDqkv(qkvN, 9.f);
    gpu().attentionForward(a, dQkv, dOut, dLse);
    gpu().attentionBackward(a, dQkv, dOut, dLse, dDout, dDqkv);
    const double growth = std::sqrt(std::max<double>(c.seq, 64) / 64.0);
    const double group = std::sqrt(double(c.heads / c.kvHeads));
    std::string what = "B" + std::to_string(c.batch) + " S" + std::to_string(c.seq) + " H" +
                       std::to_string(c.heads) + " KV" + std::to_string(c.kvHeads) + " D" +
                       std::to_string(c.headDim) + (c.causal ? " causal" : "") +
                       (c.dropout > 0 ? " dropout" : "") + ": ";
    expectClose(dOut.host(), out, 5e-5 * growth, what + "out");
    expectClose(dLse.host(), lse, 5e-5 * growth, what + "lse");
    expectClose(dDqkv.host(), dqkv, 2e-4 * growth * group, what + "dqkv");
  }
  AttentionShape bad{1, 4, 6, 4, true, 0.5f, 0.f, 5, 2};
  bad.kvHeads = 4;
  Dev<float> buf(4096);
  EXPECT_THROW(gpu().attentionForward(bad, buf, buf, buf), std::invalid_argument);
}

// ----------------------------------------------------------- LLaMA family

TEST(CudaBackend, RmsNorm) {
  struct Shape {
    int64_t N, H;
  };
  for (Shape s : {Shape{14, 96}, Shape{1, 1}, Shape{2 * 7, 769}, Shape{37, 4096}}) {
    const int64_t N = s.N, H = s.H;
    auto x = randn(N * H, 1, 3.f), g = randn(H, 2), dy = randn(N * H, 4);
    std::fill(x.begin(), x.begin() + H, 0.f); // a zero row: 1 / sqrt(eps)
    std::vector<float> y(N * H), dx(N * H), dg(H, 0.5f);
    cpu().rmsNormForward(x.data(), g.data(), y.data(), N, H, 1e-6f);
    cpu().rmsNormBackwardInput(x.data(), g.data(), dy.data(), dx.data(), N, H, 1e-6f);
    cpu().rmsNormBackwardWeight(x.data(), dy.data(), dg.data(), N, H, 1e-6f);
    Dev<float> dX(x), dG(g), dDy(dy), dY(N * H), dDx(N * H), dDg(H, 0.5f);
    gpu().rmsNormForward(dX, dG, dY, N, H, 1e-6f);
    gpu().rmsNormBackwardInput(dX, dG, dDy, dDx, N, H, 1e-6f);
    gpu().rmsNormBackwardWeight(dX, dDy, dDg, N, H, 1e-6f);
    std::string what = std::to_string(N) + "x" + std::to_string(H) + ": ";
    // The row sums are in double on both sides: only the last float ops differ.
    expectClose(dY.host(), y, 1e-6, what + "y");
    expectClose(dDx.host(), dx, 1e-5, what + "dx");
    expectClose(dDg.host(), dg, 1e-4, what + "dgamma");
  }
}

TEST(CudaBackend, Rotary) {
  struct Case {
    int64_t batch, seq, heads, kvHeads, headDim;
  };
  for (Case c : {Case{2, 7, 6, 2, 6}, Case{2, 7, 6, 3, 6}, Case{1, 7, 6, 1, 6},
                 Case{2, 130, 4, 0, 64}, Case{1, 300, 8, 2, 128}})
    for (double theta : {10000.0, 500000.0})
      for (bool inverse : {false, true}) {
        kernels::RotaryShape r{c.batch, c.seq, c.heads, c.kvHeads, c.headDim, theta, inverse};
        int64_t kv = c.kvHeads ? c.kvHeads : c.heads;
        const int64_t n = c.batch * c.seq * (c.heads + 2 * kv) * c.headDim;
        auto x = randn(n, 3);
        std::vector<float> y(n);
        cpu().rotary(r, x.data(), y.data());
        Dev<float> dX(x), dY(n);
        gpu().rotary(r, dX, dY);
        std::string what = "B" + std::to_string(c.batch) + " S" + std::to_string(c.seq) +
                           " H" + std::to_string(c.heads) + " KV" + std::to_string(c.kvHeads) +
                           " D" + std::to_string(c.headDim) + " theta " +
                           std::to_string(theta) + (inverse ? " inverse" : "") + ": ";
        // cos and sin in double on both sides, rounded once: at most an ulp apart.
        expectClose(dY.host(), y, 1e-6, what + "rotary");
        gpu().rotary(r, dX, dX); // in place, as the executor may call it
        expectBits(dX.host(), dY.host(), what + "in place");
      }
}

// Generation: new tokens against the key/value cache, and rotary at a
// position offset (the executor's forwardCached).
TEST(CudaBackend, AttentionDecodeAndRotaryOffset) {
  struct Case {
    int64_t heads, kvHeads, headDim;
  };
  for (Case c : {Case{4, 4, 64}, Case{8, 2, 128}, Case{6, 1, 16}}) {
    const int64_t width = (c.heads + 2 * c.kvHeads) * c.headDim, capacity = 200;
    const int64_t cacheN = capacity * c.kvHeads * c.headDim;
    std::vector<float> keys(cacheN), values(cacheN);
    Dev<float> dKeys(cacheN), dValues(cacheN);
    int64_t position = 0;
    for (int64_t n : {130, 1, 1, 9}) {
      kernels::DecodeShape d{n, position, capacity, c.heads, c.kvHeads, c.headDim,
                             1.f / std::sqrt(float(c.headDim))};
      auto qkv = randn(n * width, 10 + position);
      std::vector<float> out(n * c.heads * c.headDim);
      cpu().attentionDecode(d, qkv.data(), keys.data(), values.data(), out.data());
      Dev<float> dQkv(qkv), dOut(out.size());
      gpu().attentionDecode(d, dQkv, dKeys, dValues, dOut);
      std::string what = "H" + std::to_string(c.heads) + " KV" + std::to_string(c.kvHeads) +
                         " D" + std::to_string(c.headDim) + " tokens " + std::to_string(n) +
                         " at " + std::to_string(position) + ": ";
      expectBits(dKeys.host(), keys, what + "keys");
      expectBits(dValues.host(), values, what + "values");
      expectClose(dOut.host(), out, 1e-4, what + "out");
      kernels::RotaryShape r{1, n, c.heads, c.kvHeads, c.headDim, 10000.0, false};
      r.position = position;
      std::vector<float> y(qkv.size());
      cpu().rotary(r, qkv.data(), y.data());
      Dev<float> dY(y.size());
      gpu().rotary(r, dQkv, dY);
      expectClose(dY.host(), y, 1e-6, what + "rotary");
      position += n;
    }
  }
}

TEST(CudaBackend, Swiglu) {
  for (int64_t n : {1, 1650, (1 << 20) + 7}) {
    auto gate = randn(n, 5, 4.f), up = randn(n, 6), dy = randn(n, 7);
    gate[0] = n > 1 ? 100.f : -100.f; // saturated sigmoids stay finite
    gate[n / 2] = -100.f;
    std::vector<float> y(n), dgate(n), dup(n);
    cpu().swigluForward(gate.data(), up.data(), y.data(), n);
    cpu().swigluBackward(gate.data(), up.data(), dy.data(), dgate.data(), dup.data(), n);
    Dev<float> dGate(gate), dUp(up), dDy(dy), dY(n), dDgate(n), dDup(n);
    gpu().swigluForward(dGate, dUp, dY, n);
    gpu().swigluBackward(dGate, dUp, dDy, dDgate, dDup, n);
    std::string what = "n " + std::to_string(n) + ": ";
    expectClose(dY.host(), y, 1e-6, what + "swiglu");
    expectClose(dDgate.host(), dgate, 1e-6, what + "dgate");
    expectClose(dDup.host(), dup, 1e-6, what + "dup");
  }
}

struct Unregistered {
  static constexpr const char *name = "no_such_kernel";
  static void host(const Unregistered &) {}
};

// Kernels launched by name (Backend::launch, kernels/cuda/DeviceKernels.h):
// bit for bit the host's (one multiply each, no contraction difference).
TEST(CudaBackend, SquaredReluLaunchedByName) {
  for (int64_t n : {1, 1650, (1 << 20) + 7}) {
    auto x = randn(n, 8, 3.f), dy = randn(n, 9);
    std::vector<float> y(n), dx(n);
    cpu().launch(kernels::SquaredReluForward{x.data(), y.data(), n});
    cpu().launch(kernels::SquaredReluBackward{x.data(), dy.data(), dx.data(), n});
    Dev<float> dX(x), dDy(dy), dY(n), dDx(n);
    gpu().launch(kernels::SquaredReluForward{dX, dY, n});
    gpu().launch(kernels::SquaredReluBackward{dX, dDy, dDx, n});
    std::string what = "n " + std::to_string(n) + ": ";
    expectClose(dY.host(), y, 0, what + "squared relu");
    expectClose(dDx.host(), dx, 0, what + "its gradient");
  }
  try {
    gpu().launch(Unregistered{});
    FAIL() << "launched a kernel nobody registered";
  } catch (const std::logic_error &e) {
    EXPECT_NE(std::string(e.what()).find("'no_such_kernel'"), std::string::npos) << e.what();
  }
}

// Mixture of experts (kernels.h): the routing and the permuted layout are
// the host's exactly (same picks, same rows); gathers and weighted sums add
// in the host's order, bit for bit; the probabilities differ by expf's ulp,
// the two reductions by their order.
void checkMoe(int64_t N, int64_t E, int64_t k, int64_t H, int64_t capacity, bool byPosition) {
  const std::string what = "N " + std::to_string(N) + " E " + std::to_string(E) + " k " +
                           std::to_string(k) + " capacity " + std::to_string(capacity) + ": ";
  auto logits = randn(N * E, 21, 2.f), x = randn(N * H, 22), dy = randn(N * H, 23);
  std::vector<float> probs(N * E), weights(N * k);
  std::vector<int32_t> experts(N * k);
  cpu().launch(kernels::MoeRoute{logits.data(), probs.data(), experts.data(), weights.data(),
                                 N, E, k});
  Dev<float> dLogits(logits), dProbs(N * E), dWeights(N * k);
  Dev<int32_t> dExperts(N * k);
  gpu().launch(kernels::MoeRoute{dLogits, dProbs, dExperts, dWeights, N, E, k});
  ASSERT_EQ(dExperts.host(), experts) << what << "picks";
  expectClose(dProbs.host(), probs, 1e-6, what + "probs");
  expectClose(dWeights.host(), weights, 1e-6, what + "weights");

  const int64_t rows = capacity > 0 ? std::min(N * k, E * capacity) : N * k;
  std::vector<int32_t> routed(E), kept(E), rowOf(N * k), entryOf(rows);
  cpu().launch(kernels::MoeDispatch{experts.data(), weights.data(), routed.data(), kept.data(),
                                    rowOf.data(), entryOf.data(), N, E, k, rows, capacity,
                                    byPosition});
  Dev<float> hostWeights(weights); // the same ranks on both sides
  Dev<int32_t> dRouted(E), dKept(E), dRowOf(N * k), dEntryOf(rows);
  gpu().launch(kernels::MoeDispatch{dExperts, hostWeights, dRouted, dKept, dRowOf, dEntryOf, N,
                                    E, k, rows, capacity, byPosition});
  ASSERT_EQ(dRouted.host(), routed) << what << "routed";
  ASSERT_EQ(dKept.host(), kept) << what << "kept";
  ASSERT_EQ(dRowOf.host(), rowOf) << what << "rowOf";
  ASSERT_EQ(dEntryOf.host(), entryOf) << what << "entryOf";

  auto yp = randn(rows * H, 24), dxp = randn(rows * H, 25);
  std::vector<float> xp(rows * H), dx(N * H), y(N * H), dyp(rows * H), dweights(N * k), sums(E);
  cpu().launch(kernels::MoePermute{x.data(), entryOf.data(), xp.data(), rows, k, H});
  cpu().launch(kernels::MoePermuteBackward{dxp.data(), rowOf.data(), dx.data(), N, k, H});
  cpu().launch(kernels::MoeCombine{yp.data(), rowOf.data(), weights.data(), y.data(), N, k, H});
  cpu().launch(kernels::MoeCombineBackward{yp.data(), rowOf.data(), entryOf.data(),
                                           weights.data(), dy.data(), dyp.data(),
                                           dweights.data(), N, k, H, rows});
  cpu().launch(kernels::MoeProbSums{probs.data(), sums.data(), N, E});
  Dev<float> dX(x), dYp(yp), dDxp(dxp), dDy(dy), dXp(rows * H), dDx(N * H), dY(N * H),
      dDyp(rows * H), dDweights(N * k), dSums(E), hostProbs(probs);
  gpu().launch(kernels::MoePermute{dX, dEntryOf, dXp, rows, k, H});
  gpu().launch(kernels::MoePermuteBackward{dDxp, dRowOf, dDx, N, k, H});
  gpu().launch(kernels::MoeCombine{dYp, dRowOf, hostWeights, dY, N, k, H});
  gpu().launch(kernels::MoeCombineBackward{dYp, dRowOf, dEntryOf, hostWeights, dDy, dDyp,
                                           dDweights, N, k, H, rows});
  gpu().launch(kernels::MoeProbSums{hostProbs, dSums, N, E});
  expectBits(dXp.host(), xp, what + "permute");
  expectBits(dDx.host(), dx, what + "permute backward");
  expectBits(dY.host(), y, what + "combine");
  expectBits(dDyp.host(), dyp, what + "combine backward rows");
  expectClose(dDweights.host(), dweights, 1e-5, what + "combine backward weights");
  expectClose(dSums.host(), sums, 1e-5, what + "prob sums");

  auto dw = randn(N * k, 26), auxGrad = randn(E, 27);
  std::vector<float> dlogits(N * E);
  cpu().launch(kernels::MoeRouteBackward{probs.data(), experts.data(), weights.data(),
                                         dw.data(), auxGrad.data(), dlogits.data(), N, E, k});
  Dev<float> dDw(dw), dAux(auxGrad), dDlogits(N * E);
  gpu().launch(kernels::MoeRouteBackward{hostProbs, dExperts, hostWeights, dDw, dAux, dDlogits,
                                         N, E, k});
  expectClose(dDlogits.host(), dlogits, 1e-6, what + "router backward");
}

TEST(CudaBackend, MoeKernelsLaunchedByName) {
  checkMoe(1, 4, 1, 7, 0, false);
  checkMoe(1000, 8, 2, 96, 0, false);
  checkMoe(1000, 8, 2, 96, 200, false); // 250 entries per expert on average: some dropped
  checkMoe(1000, 8, 2, 96, 200, true);
  checkMoe(333, 64, 6, 33, 0, false);
}

// ---------------------------------------------------------- cross-entropy

struct CrossEntropyCase {
  int64_t N, V, valid, vocabStart;
  bool noTargets; // every target ignored: count 0, zero gradient
};

void checkCrossEntropy(const CrossEntropyCase &c) {
  const int64_t N = c.N, V = c.V, valid = c.valid, start = c.vocabStart;
  auto logits = randn(N * V, 4, 3.f);
  std::vector<int32_t> targets(N);
  for (int64_t n = 0; n < N; ++n) {
    // A shard also sees targets of the shards before and after it.
    int64_t t = start > 0 ? start - 3 + (n * 13) % (valid + 8) : (n * 13) % valid;
    targets[n] = c.noTargets || n % 5 == 0 ? -1 : int32_t(t);
  }
  std::vector<float> rowMax(N), sumExp(N), tl(N), dl(N * V, 9.f), loss(2);
  cpu().crossEntropyRowMax(logits.data(), rowMax.data(), N, V, valid);
  cpu().crossEntropySumExp(logits.data(), targets.data(), rowMax.data(), sumExp.data(),
                           tl.data(), N, V, valid, start);
  int64_t count = -1;
  double sum = cpu().crossEntropyLoss(targets.data(), rowMax.data(), sumExp.data(), tl.data(),
                                      N, loss.data(), &count);
  cpu().crossEntropyBackward(logits.data(), targets.data(), rowMax.data(), sumExp.data(),
                             dl.data(), N, V, valid, start, loss.data(), 0.5f);

  Dev<float> dL(logits), dMax(N), dSum(N), dTl(N), dDl(N * V, 9.f), dLoss(2);
  Dev<int32_t> dT(targets);
  gpu().crossEntropyRowMax(dL, dMax, N, V, valid);
  gpu().crossEntropySumExp(dL, dT, dMax, dSum, dTl, N, V, valid, start);
  int64_t gotCount = -1;
  double gotSum = gpu().crossEntropyLoss(dT, dMax, dSum, dTl, N, dLoss, &gotCount);
  gpu().crossEntropyBackward(dL, dT, dMax, dSum, dDl, N, V, valid, start, dLoss, 0.5f);

  std::string what = "N " + std::to_string(N) + " V " + std::to_string(V) + " valid " +
                     std::to_string(valid) + " start " + std::to_string(start) + ": ";
  expectBits(dMax.host(), rowMax, what + "rowMax");
  expectClose(dSum.host(), sumExp, 1e-5, what + "sumExp");
  expectBits(dTl.host(), tl, what + "targetLogit");
  EXPECT_EQ(gotCount, count) << what;
  EXPECT_NEAR(gotSum, sum, 1e-5 * (1 + std::fabs(sum))) << what;
  expectClose(dLoss.host(), loss, 1e-5, what + "lossBuffer");
  expectClose(dDl.host(), dl, 1e-5, what + "dlogits");
}

TEST(CudaBackend, CrossEntropy) {
  checkCrossEntropy({2 * 7, 1001, 1001, 0, false});  // whole vocabulary, not a multiple of 32
  checkCrossEntropy({19, 130, 120, 1000, false});    // a shard with padding columns
  checkCrossEntropy({2 * 128, 333, 333, 333, false}); // the second shard of 3
  checkCrossEntropy({7, 50, 50, 0, true});           // nothing counted
}

// ------------------------------------------------------------- optimizer

TEST(CudaBackend, SumSquaresAndNonFinite) {
  for (int64_t n : {1, 10007, (1 << 20) + 3}) {
    auto g = randn(n, 2);
    Dev<float> d(g);
    double want = cpu().sumSquares(g.data(), n);
    EXPECT_NEAR(gpu().sumSquares(d, n), want, 1e-9 * want) << n;
    EXPECT_FALSE(gpu().hasNonFinite(d, n)) << n;
    for (float bad : {NAN, INFINITY, -INFINITY}) {
      std::vector<float> h = g;
      h[n / 2] = bad;
      Dev<float> db(h);
      EXPECT_TRUE(cpu().hasNonFinite(h.data(), n));
      EXPECT_TRUE(gpu().hasNonFinite(db, n)) << n << " with " << bad;
      EXPECT_FALSE(std::isfinite(gpu().sumSquares(db, n)));
    }
  }
  Dev<float> none(1);
  EXPECT_EQ(gpu().sumSquares(none, 0), 0.0);
  EXPECT_FALSE(gpu().hasNonFinite(none, 0));
}

TEST(CudaBackend, AdamW) {
  for (int64_t n : {1, 10007})
    for (int64_t step : {1, 1000}) {
      auto p = randn(n, 1), g = randn(n, 2), m = randn(n, 3, 0.1f), v = randn(n, 4, 0.1f);
      for (float &x : v)
        x = std::fabs(x);
      kernels::AdamWStep s{1e-3f, 0.9f, 0.95f, 1e-8f, 0.1f, step, 0.37f};
      std::vector<float> hp = p, hm = m, hv = v;
      cpu().adamw(s, hp.data(), g.data(), hm.data(), hv.data(), n);
      Dev<float> dP(p), dG(g), dM(m), dV(v);
      gpu().adamw(s, dP, dG, dM, dV, n);
      std::string what = "n " + std::to_string(n) + " step " + std::to_string(step) + ": ";
      expectClose(dP.host(), hp, 1e-6, what + "param");
      expectClose(dM.host(), hm, 1e-6, what + "m");
      expectClose(dV.host(), hv, 1e-6, what + "v");
    }
  Dev<float> one(1);
  kernels::AdamWStep zeroth{1e-3f, 0.9f, 0.95f, 1e-8f, 0.f, 0, 1.f};
  EXPECT_THROW(gpu().adamw(zeroth, one, one, one, one, 1), std::invalid_argument);
}

TEST(CudaBackend, RoundToStorage) {
  std::vector<float> x = randn(4099, 9);
  for (float scale : {1e-8f, 1e-6f, 1e5f})
    for (float v : randn(100, 10, scale))
      x.push_back(v);
  // Ties of both formats, overflow, subnormals, signed zero, NaN, infinity.
  for (uint32_t bits : {0x3f808000u, 0x3f818000u, 0x3f801000u, 0x3f803000u, 0x477ff000u,
                        0x477fefffu, 0x33000000u, 0x33000001u, 0x80000000u, 0x7fc00000u,
                        0xff800000u, 0x00000001u}) {
    float f;
    std::memcpy(&f, &bits, 4);
    x.push_back(f);
  }
  const int64_t n = static_cast<int64_t>(x.size());
  for (StorageType type : {StorageType::BF16, StorageType::FP16, StorageType::F32}) {
    std::vector<float> want = x;
    cpu().roundToStorage(want.data(), n, type);
    Dev<float> d(x);
    gpu().roundToStorage(d, n, type);
    expectBits(d.host(), want, "roundToStorage type " + std::to_string(int(type)));
  }
}

// ------------------------------------------------- one-rank device group

TEST(CudaBackend, DeviceGroupOfOneRank) {
  comm::SelfCommunicator self;
  for (bool overlap : {false, true}) {
    auto group = gpu().deviceGroup(self, overlap);
    EXPECT_EQ(group->size(), 1);
    std::vector<float> h = randn(37, 1);
    Dev<float> a(h), b(37);
    group->allReduce(a.get(), 37, comm::DataType::F32, comm::ReduceOp::Sum);
    group->allGather(a.get(), b.get(), 37, comm::DataType::F32);
    expectBits(b.host(), h, "allGather over one rank");
    auto r = group->iallReduce(a.get(), 37, comm::DataType::F32, comm::ReduceOp::Sum);
    r->wait();
    EXPECT_TRUE(r->test());
    expectBits(a.host(), h, "allReduce over one rank");
    double hostValue = 2.5;
    group->allReduce(&hostValue, 1, comm::DataType::F64, comm::ReduceOp::Sum);
    EXPECT_EQ(hostValue, 2.5);
    EXPECT_THROW(group->allGather(a.get(), &hostValue, 1, comm::DataType::F32),
                 comm::CommError);
    // A staged send to itself fails in the MPI layer (no such peer), cleanly.
    EXPECT_THROW(group->isend(a.get(), 37, comm::DataType::F32, 0, 1), comm::CommError);
  }
}

} // namespace

MTC_GPU_TEST_MAIN()
