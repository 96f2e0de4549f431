//===- ModuleDiagnostics.h - the tools' diagnostic handler ------*- C++ -*-===//
//
// mtc-opt, mtc-compile and mtc-import print diagnostics about a module's
// attributes (located by mtc::moduleLoc, mtc/MtcDiagnostics.h) as
//
//   gpt2.mlir:1: error: mtc.model: heads (5) do not divide hidden (768)
//
// without the module's first line under them; every other diagnostic goes on
// to the handler registered before this one (MLIR's SourceMgr handler, which
// shows an op's source line and a caret).
//
//===----------------------------------------------------------------------===//
#ifndef MTC_DIAGNOSTICS_MODULEDIAGNOSTICS_H
#define MTC_DIAGNOSTICS_MODULEDIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/raw_ostream.h"

namespace mtc {
/// Prints a diagnostic located by mtc::moduleLoc (and its notes) to `os` as
/// "file:line: severity: message", or "tool: severity: message" when the
/// location has no file; fails, printing nothing, for any other diagnostic.
mlir::LogicalResult printModuleDiagnostic(mlir::Diagnostic &diag, llvm::StringRef tool,
                                          llvm::raw_ostream &os);

/// The handler of mtc-compile and mtc-import, registered after their
/// SourceMgrDiagnosticHandler so that it is asked first.
class ModuleDiagnosticHandler : public mlir::ScopedDiagnosticHandler {
public:
  ModuleDiagnosticHandler(mlir::MLIRContext *context, llvm::StringRef tool,
                          llvm::raw_ostream &os = llvm::errs());
};

/// mtc-opt: MlirOptMain makes a context (and its SourceMgr handler) for every
/// input, so the handler is installed in each context when the mtc dialect
/// loads, which is after MlirOptMain's handler. Diagnostics less severe than
/// `leastSevere` are dropped, as --mlir-diagnostic-verbosity-level asks.
/// Not for -verify-diagnostics, whose handler must see every diagnostic.
void registerModuleDiagnostics(mlir::DialectRegistry &registry, llvm::StringRef tool,
                               mlir::DiagnosticSeverity leastSevere);
} // namespace mtc

#endif // MTC_DIAGNOSTICS_MODULEDIAGNOSTICS_H
