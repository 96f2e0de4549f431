//===- MtcDiagnostics.cpp - where diagnostics about a module point --------===//
#include "mtc/MtcDiagnostics.h"

using namespace mlir;

namespace {
/// Only mtc.* attributes and the module itself are subjects: a NameLoc of
/// any other name (a frontend's variable name) is an ordinary location.
bool isSubject(StringRef name) { return name == mtc::kModuleSubject || name.starts_with("mtc."); }

InFlightDiagnostic emitAt(ModuleOp module, StringRef attribute, bool error) {
  Location loc = mtc::moduleLoc(module.getLoc(),
                                attribute.empty() ? StringRef(mtc::kModuleSubject) : attribute);
  // Not module.emitError(): that would attach the whole module as a note.
  InFlightDiagnostic diag = error ? emitError(loc) : emitRemark(loc);
  if (!attribute.empty())
    diag << attribute << ": ";
  return diag;
}
} // namespace

Location mtc::moduleLoc(Location at, StringRef subject) {
  return NameLoc::get(StringAttr::get(at->getContext(), subject), at);
}

std::optional<StringRef> mtc::moduleSubject(Location loc) {
  auto name = dyn_cast<NameLoc>(loc);
  if (!name || !isSubject(name.getName().getValue()))
    return std::nullopt;
  return name.getName().getValue();
}

InFlightDiagnostic mtc::emitAttributeError(Location at, StringRef attribute) {
  InFlightDiagnostic diag = emitError(moduleLoc(at, attribute));
  diag << attribute << ": ";
  return diag;
}

InFlightDiagnostic mtc::emitAttributeError(function_ref<InFlightDiagnostic()> emitError,
                                           StringRef attribute) {
  InFlightDiagnostic started = emitError();
  Diagnostic *diag = started.getUnderlyingDiagnostic();
  // The parser hands out an abandoned diagnostic after a lexer error (which
  // it has reported already): keep it silent.
  if (!diag)
    return started;
  Location at = diag->getLocation();
  started.abandon();
  return emitAttributeError(at, attribute);
}

InFlightDiagnostic mtc::emitModuleError(ModuleOp module, StringRef attribute) {
  return emitAt(module, attribute, /*error=*/true);
}

InFlightDiagnostic mtc::emitModuleRemark(ModuleOp module, StringRef attribute) {
  return emitAt(module, attribute, /*error=*/false);
}
