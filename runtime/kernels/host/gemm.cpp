// GEMMs through oneDNN's matmul: fp32 on the operands as they are, or bf16 x
// bf16 -> fp32 on rounded copies. OpenBLAS's sgemm computes what oneDNN
// cannot (a primitive it fails to create, an empty reduction).
//
// fp32: oneDNN rather than OpenBLAS because it measured faster at the step
// level (bench/train_step/ab_runtime.py, docs/precision.md: GPT-2 124M and
// the small GPT 3-5% faster per step) and on 12 of the 15 GPT-2 shapes of
// bench/gemm.
//
// The bf16 path rounds A and B into bf16 buffers (once per parallelGemm,
// shared by its threads; per tile for attention's gemm calls); parallelGemm's
// operands stored in bf16 (kernels/Operand.h) go to oneDNN as they are, and a
// bf16 C is oneDNN's destination. On fp32 GEMMs parallelGemm widens 16-bit
// operands once into buffers its threads share and computes a 16-bit C in an
// fp32 buffer that each thread rounds, block by block. Every call runs
// a matmul primitive cached per shape and thread on one thread of the
// kernels' OpenMP regions, where oneDNN's OpenMP runtime executes
// sequentially, so threading stays the kernels'. The cache holds one primitive
// per distinct shape: attention's tiles have at most a few per key length,
// bounded by the sequence length.
#include "host/common.h"
#include "host/typed_rows.h"
#include "kernels/gemm.h"
#include "kernels/math/precision.h"

#include <algorithm>
#include <atomic>
#include <cblas.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <oneapi/dnnl/dnnl.hpp>
#include <memory>
#include <omp.h>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

namespace mtc::kernels {
namespace {

std::atomic<GemmPrecision> selected{GemmPrecision::Fp32};

// Below this many flops one thread's GEMM beats an OpenMP fork...
constexpr double kParallelMinFlops = 1 << 22;
// ...unless its operands are this many bytes: a product of few rows (one, in
// cached decoding) streams its matrix from memory at one thread's share of
// the bandwidth, ~70 us per MiB on one core against a fork's few us.
constexpr double kParallelMinBytes = 1 << 20;

struct ShapeKey {
  bool f32;    // fp32 operands (else bf16)
  bool dstF32; // fp32 C (else bf16)
  bool transA, transB;
  int64_t M, N, K, lda, ldb, ldc;
  uint32_t alphaBits, betaBits;
  // oneDNN fixes some primitives' thread count when it creates them.
  int threads;
  bool operator==(const ShapeKey &o) const {
    return threads == o.threads && f32 == o.f32 && dstF32 == o.dstF32 && transA == o.transA && transB == o.transB &&
           M == o.M && N == o.N && K == o.K && lda == o.lda && ldb == o.ldb && ldc == o.ldc &&
           alphaBits == o.alphaBits && betaBits == o.betaBits;
  }
};

struct ShapeKeyHash {
  size_t operator()(const ShapeKey &k) const {
    uint64_t h = 1469598103934665603ull;
    for (uint64_t v : {uint64_t(k.dstF32) * 8 + uint64_t(k.f32) * 4 + uint64_t(k.transA) * 2 +
                           k.transB,
                       uint64_t(k.M), uint64_t(k.N), uint64_t(k.K), uint64_t(k.lda),
                       uint64_t(k.ldb), uint64_t(k.ldc), uint64_t(k.alphaBits), uint64_t(k.betaBits),
                       uint64_t(k.threads)})
      h = (h ^ v) * 1099511628211ull;
    return h;
  }
};

// A primitive and the memory objects it runs on; each call points the memory
// objects at that call's buffers.
struct CachedMatmul {
  dnnl::matmul primitive;
  dnnl::memory a, b, c;
};

dnnl::engine &cpuEngine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

// Logical [rows, cols] matrix stored row-major, or transposed ([cols, rows]).
dnnl::memory::desc matrixDesc(int64_t rows, int64_t cols, bool transposed, int64_t ld,
                              dnnl::memory::data_type type) {
  dnnl::memory::dims strides = transposed ? dnnl::memory::dims{1, ld}
                                          : dnnl::memory::dims{ld, 1};
  return dnnl::memory::desc({rows, cols}, type, strides);
}

CachedMatmul makeMatmul(const ShapeKey &k, float alpha, float beta) {
  using dt = dnnl::memory::data_type;
  const dt operands = k.f32 ? dt::f32 : dt::bf16;
  auto aDesc = matrixDesc(k.M, k.K, k.transA, k.lda, operands);
  auto bDesc = matrixDesc(k.K, k.N, k.transB, k.ldb, operands);
  auto cDesc = matrixDesc(k.M, k.N, false, k.ldc, k.dstF32 ? dt::f32 : dt::bf16);
  dnnl::primitive_attr attr;
  if (alpha != 1.0f)
    attr.set_output_scales(0, {alpha});
  if (beta != 0.0f) {
    dnnl::post_ops ops;
    ops.append_sum(beta);
    attr.set_post_ops(ops);
  }
  dnnl::matmul::primitive_desc pd(dnnl::matmul::desc(aDesc, bDesc, cDesc), attr,
                                  cpuEngine());
  dnnl::engine &e = cpuEngine();
  return {dnnl::matmul(pd), dnnl::memory(aDesc, e, nullptr), dnnl::memory(bDesc, e, nullptr),
          dnnl::memory(cDesc, e, nullptr)};
}

MTC_VECTOR_CLONES
void roundRowToBf16(const float *src, uint16_t *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dst[i] = floatToBf16(src[i]);
}

// Rounds the stored [rows, cols] block (leading dimension ld) into a dense
// bf16 buffer, resized as needed (OpenMP threads share the rows, except inside
// a parallel region).
void roundToBf16(const float *src, int64_t rows, int64_t cols, int64_t ld,
                 std::vector<uint16_t> &dst) {
  if (dst.size() < static_cast<size_t>(rows * cols))
    dst.resize(rows * cols);
  uint16_t *out = dst.data();
#pragma omp parallel for schedule(static) if (rows * cols > detail::kParallelMinWork)
  for (int64_t r = 0; r < rows; ++r)
    roundRowToBf16(src + r * ld, out + r * cols, cols);
}

// One oneDNN matmul on fp32 (f32) or bf16 operands (leading dimensions lda,
// ldb) into an fp32 (dstF32) or bf16 C, through a primitive cached per shape
// on the calling thread. Throws (before C is touched) when oneDNN cannot run
// it; M, N, K must be > 0.
void runMatmul(bool f32, bool dstF32, bool transA, bool transB, int64_t M, int64_t N,
               int64_t K, float alpha, const void *A, int64_t lda, const void *B, int64_t ldb,
               float beta, void *C, int64_t ldc);

// Says once that a GEMM fell back to OpenBLAS's fp32 sgemm (see gemm()).
void reportFallback(int64_t M, int64_t N, int64_t K, const std::exception &e) {
  static std::once_flag reported;
  std::call_once(reported, [&] {
    std::fprintf(stderr, "warning: a GEMM (%lld x %lld x %lld) failed in oneDNN, "
                         "computing it with OpenBLAS in fp32: %s\n",
                 static_cast<long long>(M), static_cast<long long>(N),
                 static_cast<long long>(K), e.what());
  });
}

} // namespace

bool bf16GemmSupported() {
  // Bit masks: every ISA level includes the bits of the ones below it.
  const unsigned isa = static_cast<unsigned>(dnnl::get_effective_cpu_isa());
  const unsigned bf16Bits = static_cast<unsigned>(dnnl::cpu_isa::avx512_core_bf16);
  const unsigned avx512Bits = static_cast<unsigned>(dnnl::cpu_isa::avx512_core);
  // Tests only: oneDNN also runs bf16 matmuls on AVX-512 CPUs without the
  // instructions (its "gemm:jit" emulation, slower than fp32 there), which
  // lets the bf16 path's tests run on such a machine. Below AVX-512 it has
  // no bf16 matmul at all (an AVX2-only CPU: the tests skip).
  static const bool supported =
      (isa & bf16Bits) == bf16Bits ||
      ((isa & avx512Bits) == avx512Bits && std::getenv("MTC_TEST_EMULATED_BF16_GEMM") &&
       std::string(std::getenv("MTC_TEST_EMULATED_BF16_GEMM")) == "1");
  return supported;
}

GemmPrecision setGemmPrecision(GemmPrecision requested) {
  GemmPrecision effective = requested == GemmPrecision::Bf16 && !bf16GemmSupported()
                                ? GemmPrecision::Fp32
                                : requested;
  selected = effective;
  return effective;
}

GemmPrecision gemmPrecision() { return selected; }

void gemm(bool transA, bool transB, int64_t M, int64_t N, int64_t K, float alpha,
          const float *A, int64_t lda, const float *B, int64_t ldb, float beta, float *C,
          int64_t ldc) {
  if (M > 0 && N > 0 && K > 0) {
    // Callers run inside OpenMP regions, where an exception would end the
    // process: a failure (creating the primitive, allocating the operand
    // buffers: both before C is touched) computes this GEMM with OpenBLAS in
    // fp32 instead and says so once.
    try {
      if (selected == GemmPrecision::Bf16)
        gemmBf16(transA, transB, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
      else
        runMatmul(true, true, transA, transB, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
      return;
    } catch (const std::exception &e) {
      reportFallback(M, N, K, e);
    }
  }
  cblas_sgemm(CblasRowMajor, transA ? CblasTrans : CblasNoTrans,
              transB ? CblasTrans : CblasNoTrans, M, N, K, alpha, A, lda, B, ldb, beta, C,
              ldc);
}

void gemmBf16(bool transA, bool transB, int64_t M, int64_t N, int64_t K, float alpha,
              const float *A, int64_t lda, const float *B, int64_t ldb, float beta,
              float *C, int64_t ldc) {
  if (!bf16GemmSupported())
    throw std::runtime_error("gemmBf16: this CPU has no bf16 instructions "
                             "(AVX512-BF16 or AMX)");
  if (M <= 0 || N <= 0)
    return;
  if (K <= 0) { // oneDNN refuses empty reductions: C = beta * C
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n)
        C[m * ldc + n] = beta == 0.0f ? 0.0f : beta * C[m * ldc + n];
    return;
  }
  thread_local std::vector<uint16_t> aBuf, bBuf;
  roundToBf16(A, transA ? K : M, transA ? M : K, lda, aBuf);
  roundToBf16(B, transB ? N : K, transB ? K : N, ldb, bBuf);
  runMatmul(false, true, transA, transB, M, N, K, alpha, aBuf.data(), transA ? M : K,
            bBuf.data(), transB ? K : N, beta, C, ldc);
}

namespace {

void runMatmul(bool f32, bool dstF32, bool transA, bool transB, int64_t M, int64_t N,
               int64_t K, float alpha, const void *A, int64_t lda, const void *B, int64_t ldb,
               float beta, void *C, int64_t ldc) {
  // gemm runs on the calling thread (gemm.h). Inside an active OpenMP region
  // oneDNN executes sequentially by itself; outside one (a kernel that kept a
  // small product serial, with `if` false) it would start a team of
  // omp_get_max_threads() threads for each call: a barrier per small GEMM,
  // which dominated cached decoding (one row per GEMM) and stalls whenever
  // another process holds a core. One thread, for creation and execution.
  const int outerThreads = omp_in_parallel() ? 1 : omp_get_max_threads();
  if (outerThreads > 1)
    omp_set_num_threads(1);
  struct RestoreThreads {
    int count;
    ~RestoreThreads() {
      if (count > 1)
        omp_set_num_threads(count);
    }
  } restore{outerThreads};
  thread_local std::unordered_map<ShapeKey, CachedMatmul, ShapeKeyHash> cache;
  thread_local std::unique_ptr<dnnl::stream> stream;
  if (!stream)
    stream = std::make_unique<dnnl::stream>(cpuEngine());
  ShapeKey key{f32, dstF32, transA, transB, M, N, K, lda, ldb, ldc, floatBits(alpha),
               floatBits(beta), omp_get_max_threads()};
  auto it = cache.find(key);
  if (it == cache.end())
    it = cache.emplace(key, makeMatmul(key, alpha, beta)).first;
  CachedMatmul &mm = it->second;
  mm.a.set_data_handle(const_cast<void *>(A));
  mm.b.set_data_handle(const_cast<void *>(B));
  mm.c.set_data_handle(C);
  mm.primitive.execute(*stream, {{DNNL_ARG_SRC, mm.a}, {DNNL_ARG_WEIGHTS, mm.b},
                                 {DNNL_ARG_DST, mm.c}});
  stream->wait();
}

} // namespace

namespace {

// ---- the typed parallel GEMM's conversions ----

MTC_VECTOR_CLONES
void widenBf16Row(const uint16_t *src, float *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dst[i] = bf16ToFloat(src[i]);
}

using detail::convertRow;

// The stored [rows, cols] block src (leading dimension srcLd) into dst
// (leading dimension dstLd), converted. OpenMP threads share the rows (one
// thread inside a parallel region).
void convertMatrix(In src, int64_t srcLd, Out dst, int64_t dstLd, int64_t rows, int64_t cols) {
#pragma omp parallel for schedule(static) if (rows * cols > detail::kParallelMinWork)
  for (int64_t r = 0; r < rows; ++r)
    convertRow(src.at(r * srcLd), dst.at(r * dstLd), cols);
}

template <typename T> T *grown(std::vector<T> &buffer, int64_t n) {
  if (buffer.size() < static_cast<size_t>(n))
    buffer.resize(n);
  return buffer.data();
}

// The typed parallel GEMM's copies, per calling thread (its OpenMP team shares
// them): operands widened to fp32 or rounded to bf16, C in fp32.
struct GemmBuffers {
  std::vector<float> a32, b32, c32;
  std::vector<uint16_t> a16, b16;
};

GemmBuffers &gemmBuffers() {
  thread_local GemmBuffers buffers;
  return buffers;
}

// A GEMM operand as the matmul reads it: fp32 or bf16 elements, leading
// dimension ld.
struct Operand {
  const void *data;
  int64_t ld;
};

// The stored [rows, cols] operand src (leading dimension ld) in bf16 (the
// bf16 path: a dense bf16 operand as it is, others rounded into a dense copy,
// the copy the fp32 operands always got) or fp32 (an fp32 operand as it is,
// others widened into a copy with src's leading dimension). oneDNN's result
// can depend on the leading dimensions (its primitive is chosen by them),
// never on where the operands lie, so either way the matmul is the one the
// widened operands get.
Operand prepare(In src, int64_t rows, int64_t cols, int64_t ld, bool bf16,
                std::vector<float> &f32Copy, std::vector<uint16_t> &bf16Copy) {
  if (bf16) {
    if (src.type == StorageType::BF16 && ld == cols)
      return {src.data, ld};
    uint16_t *copy = grown(bf16Copy, rows * cols);
    convertMatrix(src, ld, Out(copy, StorageType::BF16), cols, rows, cols);
    return {copy, cols};
  }
  if (src.isF32())
    return {src.data, ld};
  float *copy = grown(f32Copy, (rows - 1) * ld + cols);
  convertMatrix(src, ld, copy, ld, rows, cols);
  return {copy, ld};
}

// parallelGemm's body. initRows: C starts as bias broadcast over the rows
// (zeros when bias is null; beta is then 1), else as beta times C's value.
void typedParallelGemm(bool transA, bool transB, int64_t M, int64_t N, int64_t K, float alpha,
                       In A, int64_t lda, In B, int64_t ldb, float beta, Out C, int64_t ldc,
                       bool initRows, In bias) {
  if (M <= 0 || N <= 0)
    return;
  // Read before the guard: OpenBLAS's OpenMP build sets OpenMP's count too.
  const int threads = detail::kernelThreads();
  detail::SingleThreadedBlas blasGuard;
  const double operandBytes =
      static_cast<double>(storageBytes(A.type)) * M * K +
      static_cast<double>(storageBytes(B.type)) * K * N + 4.0 * M * N;
  const bool parallel = threads > 1 && (2.0 * M * N * K >= kParallelMinFlops ||
                                        operandBytes >= kParallelMinBytes);
  const bool splitRows = M >= N;
  const int64_t aRows = transA ? K : M, aCols = transA ? M : K;
  const int64_t bRows = transB ? N : K, bCols = transB ? K : N;
  GemmBuffers &buffers = gemmBuffers();
  // oneDNN for non-empty products (gemm()); bf16: both operands in bf16 once,
  // before the threads split the output.
  const bool onednn = K > 0;
  bool bf16 = onednn && selected == GemmPrecision::Bf16;
  Operand a{A.data, lda}, b{B.data, ldb};
  if (bf16) {
    try {
      a = prepare(A, aRows, aCols, lda, true, buffers.a32, buffers.a16);
      b = prepare(B, bRows, bCols, ldb, true, buffers.b32, buffers.b16);
    } catch (const std::exception &e) {
      reportFallback(M, N, K, e);
      bf16 = false;
    }
  }
  if (onednn && !bf16) {
    a = prepare(A, aRows, aCols, lda, false, buffers.a32, buffers.a16);
    b = prepare(B, bRows, bCols, ldb, false, buffers.b32, buffers.b16);
  }
  // Where the product goes: C itself when oneDNN writes C's type (fp32, or
  // bf16 on the bf16 path when the product starts from zero), else an fp32
  // copy of C that each thread rounds into C after its block. A bf16 C that
  // starts from values (a bias, beta != 0) is not handed to oneDNN: its
  // emulated bf16 GEMM (AVX-512 without bf16 instructions) rounds partial sums
  // of a split reduction into the bf16 C, one rounding per K block instead of
  // one in all (found by TypedGemmTest with MTC_TEST_EMULATED_BF16_GEMM=1).
  const bool direct16 = bf16 && C.type == StorageType::BF16 && !initRows && beta == 0.0f;
  const bool direct = C.isF32() || direct16;
  Out target = direct ? C : Out(grown(buffers.c32, (M - 1) * ldc + N));
  const int64_t total = splitRows ? M : N;
  // Blocks oneDNN could not run (or an empty reduction): OpenBLAS, after the
  // parallel region.
  std::vector<std::pair<int64_t, int64_t>> leftOver(threads > 1 ? threads : 1, {0, 0});
#pragma omp parallel num_threads(threads) if (parallel)
  {
    const int64_t team = omp_get_num_threads(), t = omp_get_thread_num();
    const int64_t chunk = ((total + team - 1) / team + 15) / 16 * 16;
    const int64_t begin = std::min(total, t * chunk), end = std::min(total, begin + chunk);
    const int64_t rows = splitRows ? end - begin : M, cols = splitRows ? N : end - begin;
    const int64_t r0 = splitRows ? begin : 0, c0 = splitRows ? 0 : begin;
    // The block's first element in A (rows) or B (columns), by leading dimension.
    const int64_t aAt = splitRows ? (transA ? begin : begin * a.ld) : 0;
    const int64_t bAt = splitRows ? 0 : (transB ? begin * b.ld : begin);
    const int64_t aSize = bf16 ? 2 : 4, bSize = aSize;
    if (begin < end) {
      Out c = target.at(r0 * ldc + c0);
      for (int64_t r = 0; r < rows; ++r) {
        if (initRows && bias)
          convertRow(bias.at(c0), c.at(r * ldc), cols);
        else if (initRows)
          std::memset(c.at(r * ldc).data, 0, cols * storageBytes(c.type));
        else if (!direct && beta != 0.0f)
          convertRow(In(C.at((r0 + r) * ldc + c0)), c.at(r * ldc), cols);
      }
      bool done = false;
      if (onednn) {
        try {
          runMatmul(!bf16, c.isF32(), transA, transB, rows, cols, K, alpha,
                    static_cast<const char *>(a.data) + aAt * aSize, a.ld,
                    static_cast<const char *>(b.data) + bAt * bSize, b.ld,
                    initRows ? 1.0f : beta, c.data, ldc);
          done = true;
        } catch (const std::exception &e) { // before C is touched
          reportFallback(rows, cols, K, e);
        }
      }
      if (!done)
        leftOver[t] = {begin, end};
      else if (!direct)
        for (int64_t r = 0; r < rows; ++r)
          convertRow(In(c.at(r * ldc)), C.at((r0 + r) * ldc + c0), cols);
    }
  }
  // OpenBLAS's fp32 sgemm on the fp32 operands (widened once, if any block
  // needs them; an empty reduction reads neither), into fp32 C values.
  const float *a32 = nullptr, *b32 = nullptr;
  for (const auto &[begin, end] : leftOver) {
    if (begin >= end)
      continue;
    if (!a32) {
      const bool asIs = K == 0 || (onednn && !bf16); // fp32 already (prepare)
      a32 = static_cast<const float *>(
          asIs ? a.data : prepare(A, aRows, aCols, lda, false, buffers.a32, buffers.a16).data);
      b32 = static_cast<const float *>(
          asIs ? b.data : prepare(B, bRows, bCols, ldb, false, buffers.b32, buffers.b16).data);
    }
    const int64_t rows = splitRows ? end - begin : M, cols = splitRows ? N : end - begin;
    const int64_t r0 = splitRows ? begin : 0, c0 = splitRows ? 0 : begin;
    float *c = C.isF32() ? C.f32() : grown(buffers.c32, (M - 1) * ldc + N);
    c += r0 * ldc + c0;
    if (!C.isF32() && direct16 && (initRows || beta != 0.0f)) // C holds the start
      for (int64_t r = 0; r < rows; ++r)
        convertRow(In(C.at((r0 + r) * ldc + c0)), c + r * ldc, cols);
    cblas_sgemm(CblasRowMajor, transA ? CblasTrans : CblasNoTrans,
                transB ? CblasTrans : CblasNoTrans, rows, cols, K, alpha,
                a32 + (splitRows ? (transA ? begin : begin * lda) : 0), lda,
                b32 + (splitRows ? 0 : (transB ? begin * ldb : begin)), ldb,
                initRows ? 1.0f : beta, c, ldc);
    if (!C.isF32())
      for (int64_t r = 0; r < rows; ++r)
        convertRow(c + r * ldc, C.at((r0 + r) * ldc + c0), cols);
  }
}

} // namespace

void parallelGemm(bool transA, bool transB, int64_t M, int64_t N, int64_t K, float alpha,
                  const float *A, int64_t lda, const float *B, int64_t ldb, float beta,
                  float *C, int64_t ldc) {
  typedParallelGemm(transA, transB, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc, false,
                    nullptr);
}

void parallelGemm(bool transA, bool transB, int64_t M, int64_t N, int64_t K, float alpha, In A,
                  int64_t lda, In B, int64_t ldb, float beta, Out C, int64_t ldc) {
  typedParallelGemm(transA, transB, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc, false,
                    nullptr);
}

void parallelGemmBias(bool transA, bool transB, int64_t M, int64_t N, int64_t K, In A,
                      int64_t lda, In B, int64_t ldb, In bias, Out C, int64_t ldc) {
  typedParallelGemm(transA, transB, M, N, K, 1.0f, A, lda, B, ldb, 1.0f, C, ldc, true, bias);
}

namespace detail {

void convertRow(In src, Out dst, int64_t n) {
  const auto *s16 = static_cast<const uint16_t *>(src.data);
  const auto *s32 = static_cast<const float *>(src.data);
  auto *d16 = static_cast<uint16_t *>(dst.data);
  auto *d32 = static_cast<float *>(dst.data);
  if (n <= 0)
    return;
  if (src.type == dst.type) {
    std::memcpy(dst.data, src.data, n * storageBytes(dst.type));
  } else if (dst.isF32()) {
    if (src.type == StorageType::BF16)
      widenBf16Row(s16, d32, n);
    else
      for (int64_t i = 0; i < n; ++i)
        d32[i] = fp16ToFloat(s16[i]);
  } else if (src.isF32()) {
    if (dst.type == StorageType::BF16)
      roundRowToBf16(s32, d16, n);
    else
      for (int64_t i = 0; i < n; ++i)
        d16[i] = floatToFp16(s32[i]);
  } else if (dst.type == StorageType::BF16) { // fp16 -> bf16 through fp32
    for (int64_t i = 0; i < n; ++i)
      d16[i] = floatToBf16(fp16ToFloat(s16[i]));
  } else { // bf16 -> fp16 through fp32
    for (int64_t i = 0; i < n; ++i)
      d16[i] = floatToFp16(bf16ToFloat(s16[i]));
  }
}

} // namespace detail

} // namespace mtc::kernels
