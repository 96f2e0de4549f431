//===- ModuleDiagnostics.cpp - the tools' diagnostic handler --------------===//
#include "mtc/Diagnostics/ModuleDiagnostics.h"
#include "mtc/MtcDiagnostics.h"
#include "mtc/MtcDialect.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;

namespace {
/// "file:line" of the file position inside `loc`, else `tool`. No column:
/// it points into the module's attribute list, which is one long line.
std::string whereOf(Location loc, StringRef tool) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    return (file.getFilename().getValue() + ":" + Twine(file.getLine())).str();
  return tool.str();
}

void printOne(raw_ostream &os, StringRef where, DiagnosticSeverity severity,
              const Diagnostic &diag) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    llvm::WithColor::error(os, where);
    break;
  case DiagnosticSeverity::Warning:
    llvm::WithColor::warning(os, where);
    break;
  case DiagnosticSeverity::Remark:
    llvm::WithColor::remark(os, where);
    break;
  case DiagnosticSeverity::Note:
    llvm::WithColor::note(os, where);
    break;
  }
  os << diag << "\n";
}

/// Remarks (and notes) < warnings < errors.
int rank(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return 2;
  case DiagnosticSeverity::Warning:
    return 1;
  default:
    return 0;
  }
}

/// Installs the handler in every context that loads the mtc dialect.
struct ModuleDiagnosticsExtension : DialectExtension<ModuleDiagnosticsExtension, mtc::MtcDialect> {
  ModuleDiagnosticsExtension(StringRef tool, DiagnosticSeverity leastSevere)
      : tool(tool.str()), leastSevere(leastSevere) {}

  void apply(MLIRContext *context, mtc::MtcDialect *) const final {
    context->getDiagEngine().registerHandler(
        [tool = tool, least = rank(leastSevere)](Diagnostic &diag) -> LogicalResult {
          if (mtc::moduleSubject(diag.getLocation()) && rank(diag.getSeverity()) < least)
            return success(); // dropped, as MlirOptMain's filter would
          return mtc::printModuleDiagnostic(diag, tool, llvm::errs());
        });
  }

  std::string tool;
  DiagnosticSeverity leastSevere;
};

/// Identifies the extension in the registry (one per registry).
const char kExtensionId = 0;
} // namespace

LogicalResult mtc::printModuleDiagnostic(Diagnostic &diag, StringRef tool, raw_ostream &os) {
  if (!moduleSubject(diag.getLocation()))
    return failure();
  std::string where = whereOf(diag.getLocation(), tool);
  printOne(os, where, diag.getSeverity(), diag);
  for (const Diagnostic &note : diag.getNotes())
    printOne(os, whereOf(note.getLocation(), where), DiagnosticSeverity::Note, note);
  return success();
}

mtc::ModuleDiagnosticHandler::ModuleDiagnosticHandler(MLIRContext *context, StringRef tool,
                                                      raw_ostream &os)
    : ScopedDiagnosticHandler(context) {
  setHandler(
      [tool = tool.str(), &os](Diagnostic &diag) { return printModuleDiagnostic(diag, tool, os); });
}

void mtc::registerModuleDiagnostics(DialectRegistry &registry, StringRef tool,
                                    DiagnosticSeverity leastSevere) {
  registry.addExtension(TypeID::getFromOpaquePointer(&kExtensionId),
                        std::make_unique<ModuleDiagnosticsExtension>(tool, leastSevere));
}
