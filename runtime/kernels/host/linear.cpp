// Linear layers as parallelGemm calls (kernels/gemm.h: oneDNN fp32 or bf16,
// OpenBLAS sgemm as the fallback), threaded by OpenMP: each thread runs a single-threaded GEMM on
// its block of output rows or columns.
//
// Why not the libraries' own threads (measured with OpenBLAS): Debian links the pthread build, so its
// workers and the OpenMP team of the element-wise kernels are two pools. After
// each OpenMP region libgomp's threads spin-wait, and on 2 cores they took the
// CPU from OpenBLAS's workers: perf on a gpt2-tiny training step showed 58% of
// samples spinning in libgomp and 12% in sgemm (OMP_WAIT_POLICY=passive made
// the step 3x faster). One pool removes the fight without asking users to set
// environment variables.
#include "host/common.h"
#include "kernels/gemm.h"
#include "kernels/kernels.h"

#include <algorithm>
#include <cstring>

namespace mtc::kernels {
namespace {

void checkShape(const char *kernel, int64_t N, int64_t In, int64_t Out) {
  detail::requireNonNegative(kernel, "N", N);
  detail::requireNonNegative(kernel, "In", In);
  detail::requireNonNegative(kernel, "Out", Out);
  const int64_t kBlasMax = 0x7fffffff;
  if (N > kBlasMax || In > kBlasMax || Out > kBlasMax)
    detail::fail(kernel, "dimensions exceed the 32-bit BLAS interface");
}

} // namespace

void linearForward(const float *x, const float *w, const float *bias, float *y,
                   int64_t N, int64_t In, int64_t Out, bool transposedWeight) {
  checkShape("linearForward", N, In, Out);
  if (N == 0 || Out == 0)
    return;
  // The bias is broadcast into y first and the product added onto it (beta=1).
#pragma omp parallel for schedule(static) if (N * Out > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n) {
    float *row = y + n * Out;
    if (bias)
      std::memcpy(row, bias, sizeof(float) * Out);
    else
      std::fill(row, row + Out, 0.0f);
  }
  if (In == 0)
    return;
  parallelGemm(false, transposedWeight, N, Out, In, 1.0f, x, In, w,
               transposedWeight ? In : Out, 1.0f, y, Out);
}

void linearBackwardInput(const float *dy, const float *w, float *dx, int64_t N,
                         int64_t In, int64_t Out, bool transposedWeight) {
  checkShape("linearBackwardInput", N, In, Out);
  if (N == 0 || In == 0)
    return;
  if (Out == 0) {
    std::fill(dx, dx + N * In, 0.0f);
    return;
  }
  // dx = dy * W^T; with W stored [Out, In] that is dy * W.
  parallelGemm(false, !transposedWeight, N, In, Out, 1.0f, dy, Out, w,
               transposedWeight ? In : Out, 0.0f, dx, In);
}

void linearBackwardWeight(const float *x, const float *dy, float *dw,
                          float *dbias, int64_t N, int64_t In, int64_t Out,
                          bool transposedWeight) {
  checkShape("linearBackwardWeight", N, In, Out);
  if (N == 0 || Out == 0)
    return;
  if (dw && In > 0) {
    if (transposedWeight) // dW[Out, In] += dy^T x
      parallelGemm(true, false, Out, In, N, 1.0f, dy, Out, x, In, 1.0f, dw, In);
    else // dW[In, Out] += x^T dy
      parallelGemm(true, false, In, Out, N, 1.0f, x, In, dy, Out, 1.0f, dw, Out);
  }
  if (dbias) {
    // Column sums; threads own column ranges so no reduction is needed.
    // Chunks of 64 columns split GPT-2's widths evenly over two threads
    // (with 256, a 768-wide bias was 2 chunks against 1 and a 256-wide one
    // ran on one thread while the other waited).
    const int64_t kColumnChunk = 64;
    int64_t chunks = (Out + kColumnChunk - 1) / kColumnChunk;
#pragma omp parallel for schedule(static) if (N * Out > detail::kParallelMinWork)
    for (int64_t c = 0; c < chunks; ++c) {
      int64_t o0 = c * kColumnChunk, o1 = std::min(Out, o0 + kColumnChunk);
      float acc[kColumnChunk] = {};
      for (int64_t n = 0; n < N; ++n) {
        const float *row = dy + n * Out;
        for (int64_t o = o0; o < o1; ++o)
          acc[o - o0] += row[o];
      }
      for (int64_t o = o0; o < o1; ++o)
        dbias[o] += acc[o - o0];
    }
  }
}

} // namespace mtc::kernels
