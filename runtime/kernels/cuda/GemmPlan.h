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
// Storage type of A, B and C; compute and scale are always fp32.
enum class GemmDataType { F32, BF16, F16 };
// The cuBLASLt epilogues the backend uses.
//   Bias:   C = op(A) op(B) + bias (bias per row of the column-major C)
//   BGradA: also writes the column-major row sums of op(A) (= the bias gradient)
enum class GemmEpilogue { None, Bias, BGradA, BGradB };
// Which step operand each matrix slot reads.
enum class GemmOperand { X, W, DY, DX, Y, DW };

struct ColumnMajorGemm {
  GemmOp opA = GemmOp::N, opB = GemmOp::N;
  int64_t m = 0, n = 0, k = 0;
  int64_t lda = 0, ldb = 0, ldc = 0;
  float alpha = 1.f, beta = 0.f; // beta 1: accumulate into C
  GemmEpilogue epilogue = GemmEpilogue::None;
  GemmOperand a = GemmOperand::W, b = GemmOperand::X, c = GemmOperand::Y;
  GemmDataType type = GemmDataType::F32;

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
};

// The matmul of one linear step. Backward-weight accumulates (beta = 1); its
// bias gradient comes from the BGrad epilogue, which cuBLASLt writes (not
// adds), so the executor points it at scratch and adds (docs/gpu.md).
ColumnMajorGemm planLinearGemm(const LinearGemmShape &shape);

// Cache key for the heuristic query: every field that changes the algorithm.
std::string gemmKey(const ColumnMajorGemm &g);

} // namespace mtc::kernels::gpu
