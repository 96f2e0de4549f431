//===- MtcDialect.h - the mtc dialect -----------------------------*- C++ -*-===//
#ifndef MTC_MTCDIALECT_H
#define MTC_MTCDIALECT_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Dialect.h"

#include "mtc/MtcDialect.h.inc"
#include "mtc/MtcEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "mtc/MtcAttrs.h.inc"

namespace mtc {
/// Module attribute names.
inline constexpr llvm::StringLiteral kModelAttrName = "mtc.model";
inline constexpr llvm::StringLiteral kParallelAttrName = "mtc.parallel";

/// The largest size, index or count an attribute may hold: the planner, the
/// plan and the runtime count layers, heads, chunks and ranks in int32.
inline constexpr int64_t kMaxSize = 2147483647;

/// The model description a module carries, or null.
ModelAttr getModelAttr(mlir::ModuleOp module);
/// The checked parallel configuration, or null before --mtc-verify-config.
ParallelAttr getParallelAttr(mlir::ModuleOp module);
} // namespace mtc

#endif // MTC_MTCDIALECT_H
