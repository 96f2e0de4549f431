// How each linear step maps onto one cuBLASLt matmul, as a pure function (no
// CUDA headers) so the CPU unit tests can check every descriptor against the
// host kernels with a reference column-major GEMM.
//
// cuBLASLt is column-major; the plan is row-major. A row-major R[r, c] read as
// column-major is R^T [c, r] with leading dimension c, so Y = X W (row-major)
// is computed as Y^T = W^T X^T with the operands swapped.
#pragma once
#include <cstdint>
#include <string>

namespace mtc::kernels::gpu {

enum class GemmKind { Forward, BackwardInput, BackwardWeight };
enum class GemmOp { N, T };
// Storage type of the operands A and B. C/D, the bias, the bias gradient and
// the GeLU auxiliary matrix are always fp32 (the backend stores fp32), and so
// are accumulation and scale: 16-bit operands are exact copies of values the
// storage emulation already rounded (docs/gpu.md "GEMMs").
enum class GemmDataType { F32, BF16, F16 };
// How fp32 operands are multiplied: exactly (CUBLAS_COMPUTE_32F) or on TF32
// tensor cores (CUBLAS_COMPUTE_32F_FAST_TF32: 10-bit mantissa products). 16-bit
// operands always use CUBLAS_COMPUTE_32F.
enum class GemmCompute { F32, TF32 };
// The cuBLASLt epilogues the backend uses.
//   Bias:        C = op(A) op(B) + bias (bias per row of the column-major C)
//   BGradA:      also writes the column-major row sums of op(A) (= the bias gradient)
//   BGradB:      ... the column sums of op(B)
//   GeluAuxBias: aux = op(A) op(B) + bias; C = gelu_tanh(aux)
//   DGelu:       C = (op(A) op(B)) * gelu_tanh'(aux), aux read
// cuBLASLt's GeLU is the tanh approximation; exact-erf GeLU never fuses.
enum class GemmEpilogue { None, Bias, BGradA, BGradB, GeluAuxBias, DGelu };
// Which step operand each matrix slot reads.
enum class GemmOperand { X, W, DY, DX, Y, DW };

struct ColumnMajorGemm {
  GemmOp opA = GemmOp::N, opB = GemmOp::N;
  int64_t m = 0, n = 0, k = 0;
  int64_t lda = 0, ldb = 0, ldc = 0;
  float alpha = 1.f, beta = 0.f; // beta 1: accumulate into C
  GemmEpilogue epilogue = GemmEpilogue::None;
  GemmOperand a = GemmOperand::W, b = GemmOperand::X, c = GemmOperand::Y;
  GemmDataType type = GemmDataType::F32; // of A and B
  GemmCompute compute = GemmCompute::F32;
  int64_t ldAux = 0; // GeluAuxBias / DGelu: leading dimension of aux (shaped as C)

  bool usesAux() const {
    return epilogue == GemmEpilogue::GeluAuxBias || epilogue == GemmEpilogue::DGelu;
  }
  bool usesVector() const { return epilogue != GemmEpilogue::None && !isDGelu(); }
  bool isDGelu() const { return epilogue == GemmEpilogue::DGelu; }

  // Rows and columns of A and B as stored (before op), for matrix layouts.
  int64_t aRows() const { return opA == GemmOp::N ? m : k; }
  int64_t aCols() const { return opA == GemmOp::N ? k : m; }
  int64_t bRows() const { return opB == GemmOp::N ? k : n; }
  int64_t bCols() const { return opB == GemmOp::N ? n : k; }
};

struct LinearGemmShape {
  GemmKind kind;
  int64_t rows, in, out; // N, In, Out as in kernels.h
  bool transposedWeight;
  bool bias; // forward: add bias; backward weight: produce the bias gradient
  GemmDataType type = GemmDataType::F32;
  GemmCompute compute = GemmCompute::F32;
  // Forward: y = gelu_tanh(x W + bias), the pre-activation kept as aux (needs
  // bias). Backward input: dx = (dy W^T) * gelu_tanh'(pre), pre the aux.
  bool gelu = false;
};

// The compute type a run uses for operands of `type`: TF32 only for fp32
// operands and only when allowed (train --no-tf32 forbids it).
GemmCompute gemmComputeFor(GemmDataType type, bool allowTf32);

// cuBLASLt's workspace per GPU: 32 MiB, what cuBLAS itself takes on Hopper
// (its CUBLAS_WORKSPACE_CONFIG default) and enough for the split-K algorithms
// the heuristic offers at these sizes. The memory prediction counts it.
constexpr int64_t kGemmWorkspaceBytes = int64_t(32) << 20;

// Bytes of 16-bit scratch the operands A and B of `g` need (0 for fp32
// operands), each copy starting on a kGemmOperandAlign boundary.
constexpr int64_t kGemmOperandAlign = 256;
int64_t gemmOperandScratchBytes(const ColumnMajorGemm &g);

// cuBLASLt's documented constraint on the GeLU auxiliary matrix: its leading
// dimension is a multiple of 8. A fused step whose aux breaks it runs the
// unfused pair instead (decided per shape, like an epilogue the heuristic
// does not offer).
bool gemmAuxLayoutSupported(const ColumnMajorGemm &g);

// The matmul of one linear step. Backward-weight accumulates (beta = 1); its
// bias gradient comes from the BGrad epilogue, which cuBLASLt writes (not
// adds), so the executor points it at scratch and adds (docs/gpu.md).
ColumnMajorGemm planLinearGemm(const LinearGemmShape &shape);

// Cache key for the heuristic query: every field that changes the algorithm
// (shape, transposes, leading dimensions, beta, epilogue and its aux leading
// dimension, operand data type, compute type).
std::string gemmKey(const ColumnMajorGemm &g);

} // namespace mtc::kernels::gpu
