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
// shared by its threads; per tile for attention's gemm calls). Every call runs
// a matmul primitive cached per shape and thread on one thread of the
// kernels' OpenMP regions, where oneDNN's OpenMP runtime executes
// sequentially, so threading stays the kernels'. The cache holds one primitive
// per distinct shape: attention's tiles have at most a few per key length,
// bounded by the sequence length.
#include "host/common.h"
#include "kernels/gemm.h"
#include "kernels/math/precision.h"

#include <algorithm>
#include <atomic>
#include <cblas.h>
#include <cstdio>
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

// Below this many flops one thread's GEMM beats an OpenMP fork.
constexpr double kParallelMinFlops = 1 << 22;

struct ShapeKey {
  bool f32; // fp32 operands (else bf16)
  bool transA, transB;
  int64_t M, N, K, lda, ldb, ldc;
  uint32_t alphaBits, betaBits;
  bool operator==(const ShapeKey &o) const {
    return f32 == o.f32 && transA == o.transA && transB == o.transB && M == o.M &&
           N == o.N && K == o.K && lda == o.lda && ldb == o.ldb && ldc == o.ldc &&
           alphaBits == o.alphaBits && betaBits == o.betaBits;
  }
};

struct ShapeKeyHash {
  size_t operator()(const ShapeKey &k) const {
    uint64_t h = 1469598103934665603ull;
    for (uint64_t v : {uint64_t(k.f32) * 4 + uint64_t(k.transA) * 2 + k.transB,
                       uint64_t(k.M), uint64_t(k.N), uint64_t(k.K), uint64_t(k.lda),
                       uint64_t(k.ldb), uint64_t(k.ldc), uint64_t(k.alphaBits), uint64_t(k.betaBits)})
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
  auto cDesc = matrixDesc(k.M, k.N, false, k.ldc, dt::f32);
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
// ldb), through a primitive cached per shape on the calling thread. Throws
// (before C is touched) when oneDNN cannot run it; M, N, K must be > 0.
void runMatmul(bool f32, bool transA, bool transB, int64_t M, int64_t N, int64_t K,
               float alpha, const void *A, int64_t lda, const void *B, int64_t ldb, float beta,
               float *C, int64_t ldc);

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
  const unsigned bf16Bits = static_cast<unsigned>(dnnl::cpu_isa::avx512_core_bf16);
  static const bool supported =
      (static_cast<unsigned>(dnnl::get_effective_cpu_isa()) & bf16Bits) == bf16Bits;
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
        runMatmul(true, transA, transB, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
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
  runMatmul(false, transA, transB, M, N, K, alpha, aBuf.data(), transA ? M : K, bBuf.data(),
            transB ? K : N, beta, C, ldc);
}

namespace {

void runMatmul(bool f32, bool transA, bool transB, int64_t M, int64_t N, int64_t K,
               float alpha, const void *A, int64_t lda, const void *B, int64_t ldb, float beta,
               float *C, int64_t ldc) {
  thread_local std::unordered_map<ShapeKey, CachedMatmul, ShapeKeyHash> cache;
  thread_local std::unique_ptr<dnnl::stream> stream;
  if (!stream)
    stream = std::make_unique<dnnl::stream>(cpuEngine());
  ShapeKey key{f32, transA, transB, M, N, K, lda, ldb, ldc, floatBits(alpha), floatBits(beta)};
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

void parallelGemm(bool transA, bool transB, int64_t M, int64_t N, int64_t K, float alpha,
                  const float *A, int64_t lda, const float *B, int64_t ldb, float beta,
                  float *C, int64_t ldc) {
  // Read before the guard: OpenBLAS's OpenMP build sets OpenMP's count too.
  const int threads = detail::kernelThreads();
  detail::SingleThreadedBlas blasGuard;
  const bool parallel = threads > 1 && 2.0 * M * N * K >= kParallelMinFlops;
  const bool splitRows = M >= N;
  // oneDNN for non-empty products (gemm()); bf16: both operands rounded once,
  // before the threads split the output.
  const bool onednn = M > 0 && N > 0 && K > 0;
  bool bf16 = onednn && selected == GemmPrecision::Bf16;
  thread_local std::vector<uint16_t> aRounded, bRounded;
  if (bf16) {
    try {
      roundToBf16(A, transA ? K : M, transA ? M : K, lda, aRounded);
      roundToBf16(B, transB ? N : K, transB ? K : N, ldb, bRounded);
    } catch (const std::exception &e) {
      reportFallback(M, N, K, e);
      bf16 = false;
    }
  }
  const int64_t la = transA ? M : K, lb = transB ? K : N; // the rounded copies'
  const uint16_t *a16 = aRounded.data(), *b16 = bRounded.data();
#pragma omp parallel num_threads(threads) if (parallel)
  {
    const int64_t team = omp_get_num_threads(), t = omp_get_thread_num();
    const int64_t total = splitRows ? M : N;
    const int64_t chunk = ((total + team - 1) / team + 15) / 16 * 16;
    const int64_t begin = std::min(total, t * chunk), end = std::min(total, begin + chunk);
    const int64_t rows = splitRows ? end - begin : M, cols = splitRows ? N : end - begin;
    // The block's first element in A (rows) or B (columns), by leading dimension.
    auto aAt = [&](int64_t ld) { return splitRows ? (transA ? begin : begin * ld) : 0; };
    auto bAt = [&](int64_t ld) { return splitRows ? 0 : (transB ? begin * ld : begin); };
    float *c = C + (splitRows ? begin * ldc : begin);
    bool done = !(begin < end);
    if (!done && onednn) {
      try {
        if (bf16)
          runMatmul(false, transA, transB, rows, cols, K, alpha, a16 + aAt(la), la,
                    b16 + bAt(lb), lb, beta, c, ldc);
        else
          runMatmul(true, transA, transB, rows, cols, K, alpha, A + aAt(lda), lda,
                    B + bAt(ldb), ldb, beta, c, ldc);
        done = true;
      } catch (const std::exception &e) { // before C is touched: OpenBLAS below
        reportFallback(rows, cols, K, e);
      }
    }
    if (!done)
      cblas_sgemm(CblasRowMajor, transA ? CblasTrans : CblasNoTrans,
                  transB ? CblasTrans : CblasNoTrans, rows, cols, K, alpha, A + aAt(lda), lda,
                  B + bAt(ldb), ldb, beta, c, ldc);
  }
}

} // namespace mtc::kernels
