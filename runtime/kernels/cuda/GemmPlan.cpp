#include "kernels/cuda/GemmPlan.h"

#include <stdexcept>

namespace mtc::kernels::gpu {

ColumnMajorGemm planLinearGemm(const LinearGemmShape &s) {
  if (s.rows < 0 || s.in <= 0 || s.out <= 0)
    throw std::invalid_argument(
        "planLinearGemm: rows must be >= 0 and in, out > 0 (got rows " +
        std::to_string(s.rows) + ", in " + std::to_string(s.in) + ", out " +
        std::to_string(s.out) + ")");
  if (s.gelu && (s.kind == GemmKind::BackwardWeight ||
                 (s.kind == GemmKind::Forward && !s.bias)))
    throw std::invalid_argument("planLinearGemm: the GeLU epilogue applies to a forward "
                                "step with a bias or to a backward-input step");
  ColumnMajorGemm g;
  g.type = s.type;
  g.compute = s.type == GemmDataType::F32 ? s.compute : GemmCompute::F32;
  const int64_t N = s.rows, In = s.in, Out = s.out;
  switch (s.kind) {
  case GemmKind::Forward:
    // Y^T[Out, N] = Wl^T[Out, In] X^T[In, N]. Stored W [In, Out] reads as
    // Wl^T directly; stored [Out, In] (tied) reads as Wl and needs op T.
    g.m = Out, g.n = N, g.k = In;
    g.a = GemmOperand::W, g.b = GemmOperand::X, g.c = GemmOperand::Y;
    g.opA = s.transposedWeight ? GemmOp::T : GemmOp::N;
    g.lda = s.transposedWeight ? In : Out;
    g.opB = GemmOp::N, g.ldb = In, g.ldc = Out;
    g.epilogue = s.gelu ? GemmEpilogue::GeluAuxBias
                 : s.bias ? GemmEpilogue::Bias
                          : GemmEpilogue::None;
    if (s.gelu)
      g.ldAux = Out; // the pre-activation, laid out as Y
    break;
  case GemmKind::BackwardInput:
    // dX^T[In, N] = Wl[In, Out] dY^T[Out, N].
    g.m = In, g.n = N, g.k = Out;
    g.a = GemmOperand::W, g.b = GemmOperand::DY, g.c = GemmOperand::DX;
    g.opA = s.transposedWeight ? GemmOp::N : GemmOp::T;
    g.lda = s.transposedWeight ? In : Out;
    g.opB = GemmOp::N, g.ldb = Out, g.ldc = In;
    if (s.gelu) // aux: the pre-activation of the GeLU whose input dX is
      g.epilogue = GemmEpilogue::DGelu, g.ldAux = In;
    break;
  case GemmKind::BackwardWeight:
    g.beta = 1.f, g.k = N, g.c = GemmOperand::DW;
    if (!s.transposedWeight) {
      // dW^T[Out, In] = dY^T[Out, N] X[N, In]; the bias gradient is the row
      // sum of A = dY^T: BGradA.
      g.m = Out, g.n = In;
      g.a = GemmOperand::DY, g.opA = GemmOp::N, g.lda = Out;
      g.b = GemmOperand::X, g.opB = GemmOp::T, g.ldb = In;
      g.ldc = Out;
      g.epilogue = s.bias ? GemmEpilogue::BGradA : GemmEpilogue::None;
    } else {
      // Stored dW [Out, In] reads as dWl[In, Out] = X^T[In, N] dY[N, Out]; the
      // bias gradient is the column sum of B^T = dY: BGradB.
      g.m = In, g.n = Out;
      g.a = GemmOperand::X, g.opA = GemmOp::N, g.lda = In;
      g.b = GemmOperand::DY, g.opB = GemmOp::T, g.ldb = Out;
      g.ldc = In;
      g.epilogue = s.bias ? GemmEpilogue::BGradB : GemmEpilogue::None;
    }
    break;
  }
  return g;
}

GemmCompute gemmComputeFor(GemmDataType type, bool allowTf32) {
  return type == GemmDataType::F32 && allowTf32 ? GemmCompute::TF32 : GemmCompute::F32;
}

int64_t gemmOperandScratchBytes(const ColumnMajorGemm &g) {
  if (g.type == GemmDataType::F32)
    return 0;
  auto aligned = [](int64_t elements) {
    const int64_t bytes = elements * 2;
    return (bytes + kGemmOperandAlign - 1) / kGemmOperandAlign * kGemmOperandAlign;
  };
  return aligned(g.lda * g.aCols()) + aligned(g.ldb * g.bCols());
}

bool gemmAuxLayoutSupported(const ColumnMajorGemm &g) {
  return !g.usesAux() || (g.ldAux % 8 == 0 && g.ldAux >= g.m);
}

std::string gemmKey(const ColumnMajorGemm &g) {
  auto op = [](GemmOp o) { return o == GemmOp::N ? "N" : "T"; };
  return std::string(op(g.opA)) + op(g.opB) + ":" + std::to_string(g.m) + "x" +
         std::to_string(g.n) + "x" + std::to_string(g.k) + ":" +
         std::to_string(g.lda) + "," + std::to_string(g.ldb) + "," +
         std::to_string(g.ldc) + ":b" + (g.beta != 0.f ? "1" : "0") + ":e" +
         std::to_string(static_cast<int>(g.epilogue)) + ":t" +
         std::to_string(static_cast<int>(g.type)) + ":c" +
         std::to_string(static_cast<int>(g.compute)) + ":x" + std::to_string(g.ldAux);
}

} // namespace mtc::kernels::gpu
