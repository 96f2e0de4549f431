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
#include "kernels/math/precision.h"

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

bool allF32(std::initializer_list<In> operands) {
  for (In o : operands)
    if (o && !o.isF32())
      return false;
  return true;
}

// acc[i] += row[i] widened, for the typed column sums.
MTC_VECTOR_CLONES
void addBf16Row(const uint16_t *row, float *acc, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    acc[i] += bf16ToFloat(row[i]);
}

void addRow(In row, float *acc, int64_t n) {
  if (row.isF32()) {
    const float *r = row.f32();
    for (int64_t i = 0; i < n; ++i)
      acc[i] += r[i];
  } else if (row.type == StorageType::BF16) {
    addBf16Row(static_cast<const uint16_t *>(row.data), acc, n);
  } else {
    const auto *r = static_cast<const uint16_t *>(row.data);
    for (int64_t i = 0; i < n; ++i)
      acc[i] += fp16ToFloat(r[i]);
  }
}

float load(In v, int64_t i) {
  if (v.isF32())
    return v.f32()[i];
  const uint16_t h = static_cast<const uint16_t *>(v.data)[i];
  return v.type == StorageType::BF16 ? bf16ToFloat(h) : fp16ToFloat(h);
}

void store(Out v, int64_t i, float x) {
  if (v.isF32())
    v.f32()[i] = x;
  else
    static_cast<uint16_t *>(v.data)[i] =
        v.type == StorageType::BF16 ? floatToBf16(x) : floatToFp16(x);
}

// dbias[o] += sum over rows (in order) of dy[n, o] in fp32, the sum added to
// dbias's widened value and rounded once: threads own
// column ranges so no reduction is needed. Chunks of 64 columns split GPT-2's
// widths evenly over two threads (with 256, a 768-wide bias was 2 chunks
// against 1 and a 256-wide one ran on one thread while the other waited).
void biasColumnSums(In dy, Out dbias, int64_t N, int64_t cols) {
  const int64_t kColumnChunk = 64;
  int64_t chunks = (cols + kColumnChunk - 1) / kColumnChunk;
#pragma omp parallel for schedule(static) if (N * cols > detail::kParallelMinWork)
  for (int64_t c = 0; c < chunks; ++c) {
    int64_t o0 = c * kColumnChunk, o1 = std::min(cols, o0 + kColumnChunk);
    float acc[kColumnChunk] = {};
    for (int64_t n = 0; n < N; ++n)
      addRow(dy.at(n * cols + o0), acc, o1 - o0);
    for (int64_t o = o0; o < o1; ++o)
      store(dbias, o, load(In(dbias), o) + acc[o - o0]);
  }
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
  if (dbias)
    biasColumnSums(dy, dbias, N, Out);
}

// The typed versions: parallelGemm on the operands as stored (kernels/gemm.h),
// the same products as the fp32 kernels on widened operands.

void linearForward(In x, In w, In bias, Out y, int64_t N, int64_t In_, int64_t Out_,
                   bool transposedWeight) {
  if (allF32({x, w, bias, In(y)}))
    return linearForward(x.f32(), w.f32(), bias.f32(), y.f32(), N, In_, Out_,
                         transposedWeight);
  checkShape("linearForward", N, In_, Out_);
  if (N == 0 || Out_ == 0)
    return;
  if (In_ == 0) { // y = bias (zeros when null), rounded to y's type
#pragma omp parallel for schedule(static) if (N * Out_ > detail::kParallelMinWork)
    for (int64_t n = 0; n < N; ++n) {
      if (bias)
        for (int64_t o = 0; o < Out_; ++o)
          store(y.at(n * Out_), o, load(bias, o));
      else
        std::memset(y.at(n * Out_).data, 0, Out_ * storageBytes(y.type));
    }
    return;
  }
  parallelGemmBias(false, transposedWeight, N, Out_, In_, x, In_, w,
                   transposedWeight ? In_ : Out_, bias, y, Out_);
}

void linearBackwardInput(In dy, In w, Out dx, int64_t N, int64_t In_, int64_t Out_,
                         bool transposedWeight) {
  if (allF32({dy, w, In(dx)}))
    return linearBackwardInput(dy.f32(), w.f32(), dx.f32(), N, In_, Out_, transposedWeight);
  checkShape("linearBackwardInput", N, In_, Out_);
  if (N == 0 || In_ == 0)
    return;
  if (Out_ == 0) {
    std::memset(dx.data, 0, N * In_ * storageBytes(dx.type));
    return;
  }
  parallelGemm(false, !transposedWeight, N, In_, Out_, 1.0f, dy, Out_, w,
               transposedWeight ? In_ : Out_, 0.0f, dx, In_);
}

void linearBackwardWeight(In x, In dy, Out dw, Out dbias, int64_t N, int64_t In_, int64_t Out_,
                          bool transposedWeight) {
  if (allF32({x, dy, In(dw), In(dbias)}))
    return linearBackwardWeight(x.f32(), dy.f32(), dw.f32(), dbias.f32(), N, In_, Out_,
                                transposedWeight);
  checkShape("linearBackwardWeight", N, In_, Out_);
  if (N == 0 || Out_ == 0)
    return;
  if (dw && In_ > 0) {
    if (transposedWeight)
      parallelGemm(true, false, Out_, In_, N, 1.0f, dy, Out_, x, In_, 1.0f, dw, In_);
    else
      parallelGemm(true, false, In_, Out_, N, 1.0f, x, In_, dy, Out_, 1.0f, dw, Out_);
  }
  if (dbias)
    biasColumnSums(dy, dbias, N, Out_);
}

} // namespace mtc::kernels
