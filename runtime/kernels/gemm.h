// The host backend's GEMM entry point, through oneDNN's matmul: fp32, or bf16
// x bf16 -> fp32 when the run computes in bf16 and the CPU has bf16
// instructions (AVX512-BF16 or AMX); OpenBLAS's sgemm (fp32) for what oneDNN
// cannot run. docs/precision.md says which GEMMs take which path, why oneDNN
// for fp32 (measured faster), and why bf16 results agree with an fp32 GEMM on
// bf16 inputs.
#pragma once
#include "kernels/Operand.h"

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

/// parallelGemm on operands stored in fp32, bf16 or fp16 (kernels/Operand.h):
/// bit for bit parallelGemm on the operands widened to fp32 and C widened
/// first, C rounded once to its type (to nearest even). Threads split the
/// output as parallelGemm does.
///  - bf16 precision: dense bf16 operands go to oneDNN as they are, others are
///    rounded into bf16 copies (as parallelGemm rounds fp32 ones); a bf16 C
///    whose product starts from zero (beta 0, no bias) is oneDNN's bf16
///    destination. Two departures from rounding an fp32 destination:
///    oneDNN's conversion flushes a subnormal result to zero and keeps a NaN's
///    payload (floatToBf16 gives 0x7fff), and the sums equal the fp32
///    destination's as long as oneDNN splits the reduction alike for both
///    (on AVX512-BF16 it blocks K by K alone; its AMX heuristic also weighs
///    the destination's size when it considers splitting K over threads).
///    A bf16 C that starts from values (a bias, beta != 0) is not handed to
///    oneDNN: its emulated bf16 GEMM rounds each K block's partial sum into
///    it. That C, and an fp16 C, go through an fp32 C as below.
///  - fp32 precision: 16-bit operands are widened once into fp32 copies with
///    their leading dimensions, and a 16-bit C is computed in an fp32 copy
///    (loaded when beta != 0) that each thread rounds block by block.
/// The copies are buffers of the calling thread, shared by its threads, grown
/// when needed and kept (the output layer's fp32 logits: 400 MB at 2048 x
/// 50257).
void parallelGemm(bool transA, bool transB, int64_t M, int64_t N, int64_t K, float alpha, In A,
                  int64_t lda, In B, int64_t ldb, float beta, Out C, int64_t ldc);

/// C = bias broadcast over the rows (zeros when bias is null) + op(A) op(B):
/// the same bits as filling an fp32 C with the widened bias and running the
/// parallelGemm above with alpha = beta = 1 (linearForward's product).
void parallelGemmBias(bool transA, bool transB, int64_t M, int64_t N, int64_t K, In A,
                      int64_t lda, In B, int64_t ldb, In bias, Out C, int64_t ldc);

/// The bf16 path of gemm regardless of the selection: A and B are rounded to
/// bf16 (round to nearest even), products accumulated in fp32 by oneDNN.
/// Throws std::runtime_error when the CPU has no bf16 instructions.
/// Primitives are cached per shape and thread, the bf16 copies reuse
/// per-thread buffers: repeated shapes allocate nothing.
void gemmBf16(bool transA, bool transB, int64_t M, int64_t N, int64_t K, float alpha,
              const float *A, int64_t lda, const float *B, int64_t ldb, float beta,
              float *C, int64_t ldc);

} // namespace mtc::kernels
