//===- WeightGradSplit.h - which backward ops only feed weight gradients ---===//
//
// The zero-bubble schedules split each chunk's backward into B, everything
// on the way to the chunk's input gradient (the gradient it sends to the
// previous chunk), and W, the rest: the weight-gradient matmuls, bias and
// norm-weight reductions and whatever only they need. The split follows the
// data flow, not op names: starting from the gradient sends, every backward
// op whose result they transitively read is B (through layer regions: a
// layer's result is its yield's operand, a region argument the layer's
// operand); every other op of the backward pass (but the transfers) is W
// and gets the unit attribute `mtc.weight_grad`. Moving the W ops after all B ops of a chunk
// is therefore legal: no B op reads a W result.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_TRANSFORMS_WEIGHTGRADSPLIT_H
#define MTC_TRANSFORMS_WEIGHTGRADSPLIT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mtc {

/// The attribute marking a W op (on kernels, including those nested in
/// backward layers).
inline constexpr const char *kWeightGradAttr = "mtc.weight_grad";

/// Labels every W op of `fn`'s backward pass (top-level ops carrying
/// `mtc.backward_pass`, and the ops inside such layers). Returns the number
/// of ops labelled.
int labelWeightGradOps(mlir::func::FuncOp fn);

} // namespace mtc

#endif // MTC_TRANSFORMS_WEIGHTGRADSPLIT_H
