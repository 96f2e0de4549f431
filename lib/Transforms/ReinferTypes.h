//===- ReinferTypes.h - re-derive result types after a rewrite ----*- C++ -*-===//
//
// Private to lib/Transforms. --mtc-set-shape and the tensor- and
// sequence-parallel passes change a few shapes and let every op downstream
// re-derive its result type from its shape rule, layer regions included.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_LIB_TRANSFORMS_REINFERTYPES_H
#define MTC_LIB_TRANSFORMS_REINFERTYPES_H

#include "mtc/MtcOps.h"

namespace mtc {
/// Re-derives the result types of every op in `block`, in order. `pass`
/// names the caller in the error an op without a shape rule gets.
mlir::LogicalResult reinferTypes(mlir::Block &block, llvm::StringRef pass);
} // namespace mtc

#endif // MTC_LIB_TRANSFORMS_REINFERTYPES_H
