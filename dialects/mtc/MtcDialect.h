//===- MtcDialect.h - the mtc dialect -----------------------------*- C++ -*-===//
#ifndef MTC_MTCDIALECT_H
#define MTC_MTCDIALECT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "mtc/MtcDialect.h.inc"
#include "mtc/MtcEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "mtc/MtcAttrs.h.inc"

namespace mtc {
/// Module attribute names.
inline constexpr llvm::StringLiteral kModelAttrName = "mtc.model";
inline constexpr llvm::StringLiteral kParallelAttrName = "mtc.parallel";
/// On @forward's arguments: what a micro-batch input holds ("tokens",
/// "targets", and for BERT "token_types", "lengths", "sentence_labels").
inline constexpr llvm::StringLiteral kInputRoleAttrName = "mtc.input";

/// The largest size, index or count an attribute may hold: the planner, the
/// plan and the runtime count layers, heads, chunks and ranks in int32.
inline constexpr int64_t kMaxSize = 2147483647;

/// The model description a module carries, or null.
ModelAttr getModelAttr(mlir::ModuleOp module);
/// The checked parallel configuration, or null before --mtc-verify-config.
ParallelAttr getParallelAttr(mlir::ModuleOp module);
/// The tensor-parallel size the parameters were split by (--mtc-tensor-parallel
/// records it in their shapes: full / local along the split dimension), or 1
/// when none is split. Read from the IR, so it is never stored twice.
int64_t tensorSplitSize(mlir::ModuleOp module);
/// The role of argument `index` of `fn`: its mtc.input, else "tokens" and
/// "targets" for the first two (modules written before roles were named).
llvm::StringRef inputRole(mlir::FunctionOpInterface fn, unsigned index);
/// The shape an input of `role` has for micro-batch b and sequence s:
/// [b, s] ids per position, [b] lengths, [b, 1] sentence labels; empty for a
/// role the runtime does not know.
llvm::SmallVector<int64_t> inputShape(llvm::StringRef role, int64_t b, int64_t s);
} // namespace mtc

#endif // MTC_MTCDIALECT_H
