//===- MtcCosts.cpp - what each op costs ----------------------------------===//
//
// CostOpInterface: matrix-multiply FLOPs, 2 per multiply-add. Ops without a
// rule cost none (element-wise work is memory bound and not in MFU's count).
//
//===----------------------------------------------------------------------===//
#include "mtc/MtcOps.h"

using namespace mlir;
using namespace mtc;

Result<int64_t> LinearOp::getForwardFlops() {
  // 2 x (every input element) x outputs.
  Result<int64_t> flops =
      checkedProduct({{"2", 2}, {"outputs", cast<ShapedType>(getType()).getShape().back()}});
  for (int64_t d : cast<ShapedType>(getInput().getType()).getShape())
    if (flops)
      flops = checkedProduct({{"FLOPs", *flops}, {"input dimension", d}});
  return flops;
}

Result<int64_t> AttentionOp::getForwardFlops() {
  auto qkv = cast<ShapedType>(getQkv().getType()).getShape();
  // Scores Q K^T and context P V, each b * heads * s * s * head_dim MACs;
  // grouped-query attention shares keys and values, not the work. Context
  // parallelism: the local queries against the whole sequence's keys.
  return checkedProduct({{"4", 4},
                         {"batch", qkv[0]},
                         {"heads", static_cast<int64_t>(getHeads())},
                         {"seq", qkv[1]},
                         {"seq", qkv[1] * static_cast<int64_t>(getContextParallel())},
                         {"head_dim", static_cast<int64_t>(getHeadDim())}});
}

Result<int64_t> GroupedLinearOp::getForwardFlops() {
  // Every permuted row through its expert's [in, out]: with no capacity the
  // rows are the N k routed entries, the active path's FLOPs exactly.
  auto rows = cast<ShapedType>(getInput().getType()).getShape();
  auto w = cast<ShapedType>(getWeight().getType()).getShape();
  return checkedProduct({{"2", 2}, {"rows", rows[0]}, {"in", w[1]}, {"out", w[2]}});
}
