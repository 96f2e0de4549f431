// The host backend's GEMM entry point, through oneDNN's matmul: fp32, or bf16
// x bf16 -> fp32 when the run computes in bf16 and the CPU has bf16
// instructions (AVX512-BF16 or AMX); OpenBLAS's sgemm (fp32) for what oneDNN
// cannot run. docs/precision.md says which GEMMs take which path, why oneDNN
// for fp32 (measured faster), and why bf16 results agree with an fp32 GEMM on
// bf16 inputs.
#pragma once
#include <cstdint>

namespace mtc::kernels {

enum class GemmPrecision { Fp32, Bf16 };

/// Whether oneDNN finds bf16 instructions on this CPU (its effective ISA, which
/// the DNNL_MAX_CPU_ISA environment variable can lower).
bool bf16GemmSupported();
/// Selects what the kernels' GEMMs compute in (process-wide; the default is
/// fp32). Bf16 on a CPU without bf16 instructions keeps fp32; the return value
/// is the precision in effect.
GemmPrecision setGemmPrecision(GemmPrecision requested);
GemmPrecision gemmPrecision();

/// C[M, N] = alpha * op(A)[M, K] op(B)[K, N] + beta * C, row-major; op
/// transposes a matrix that is stored transposed (A is [K, M] with transA).
/// Runs on the calling thread, in the selected precision.
void gemm(bool transA, bool transB, int64_t M, int64_t N, int64_t K, float alpha,
          const float *A, int64_t lda, const float *B, int64_t ldb, float beta, float *C,
          int64_t ldc);

/// gemm on the kernels' OpenMP threads: the output is split into one block of
/// whole 16-float vectors per thread (along the longer of M and N), each a
/// single-threaded GEMM. In bf16 both operands are rounded once, in parallel,
/// and shared by the blocks.
void parallelGemm(bool transA, bool transB, int64_t M, int64_t N, int64_t K, float alpha,
                  const float *A, int64_t lda, const float *B, int64_t ldb, float beta,
                  float *C, int64_t ldc);

/// The bf16 path of gemm regardless of the selection: A and B are rounded to
/// bf16 (round to nearest even), products accumulated in fp32 by oneDNN.
/// Throws std::runtime_error when the CPU has no bf16 instructions.
/// Primitives are cached per shape and thread, the bf16 copies reuse
/// per-thread buffers: repeated shapes allocate nothing.
void gemmBf16(bool transA, bool transB, int64_t M, int64_t N, int64_t K, float alpha,
              const float *A, int64_t lda, const float *B, int64_t ldb, float beta,
              float *C, int64_t ldc);

} // namespace mtc::kernels
