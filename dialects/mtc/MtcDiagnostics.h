//===- MtcDiagnostics.h - where diagnostics about a module point -*- C++ -*-===//
//
// A module's position is its first line, and that line holds every mtc.*
// attribute: hundreds of characters that MLIR's handler reprints under the
// message with a caret at column 1. Diagnostics about the module's
// attributes, or about the module as a whole, are therefore located by a
// NameLoc naming their subject around that position; the tools' handler
// (mtc/Diagnostics/ModuleDiagnostics.h) prints them as "file:line: error:
// message". Other consumers (-verify-diagnostics, a plain handler) still see
// the file position inside the NameLoc.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_MTCDIAGNOSTICS_H
#define MTC_MTCDIAGNOSTICS_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"

#include <optional>

namespace mtc {
/// The subject of a diagnostic about the module as a whole (no attribute).
inline constexpr llvm::StringLiteral kModuleSubject = "module";

/// What a pass says of a module without #mtc.model, and how to get one.
inline constexpr llvm::StringLiteral kNoModelMessage =
    "module has no 'mtc.model' attribute; write models with mtc-import or add "
    "#mtc.model<...> by hand";

/// `at` wrapped in a NameLoc naming `subject`: an mtc.* attribute name
/// ("mtc.model") or kModuleSubject.
mlir::Location moduleLoc(mlir::Location at, llvm::StringRef subject);
/// The subject of a location made by moduleLoc, else nothing.
std::optional<llvm::StringRef> moduleSubject(mlir::Location loc);

/// An error about the mtc.* attribute `attribute`, located at `at` (the
/// module, or where the attribute was parsed); the message starts with
/// "<attribute>: ".
mlir::InFlightDiagnostic emitAttributeError(mlir::Location at, llvm::StringRef attribute);
/// The same for attribute verifiers, which get their position from the
/// caller (the parser, or a pass's getChecked): the diagnostic `emitError`
/// starts is moved to the attribute's location.
mlir::InFlightDiagnostic
emitAttributeError(llvm::function_ref<mlir::InFlightDiagnostic()> emitError,
                   llvm::StringRef attribute);

/// An error or remark about `module`'s attribute `attribute` (the message
/// starts with "<attribute>: "), or without one about the module as a whole.
mlir::InFlightDiagnostic emitModuleError(mlir::ModuleOp module, llvm::StringRef attribute = {});
mlir::InFlightDiagnostic emitModuleRemark(mlir::ModuleOp module, llvm::StringRef attribute = {});
} // namespace mtc

#endif // MTC_MTCDIAGNOSTICS_H
