//===- mtc-opt.cpp - the mtc pass driver ----------------------------------===//
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

#include "mtc/Compiler/CompilePipeline.h"
#include "mtc/Diagnostics/ModuleDiagnostics.h"
#include "mtc/MtcDialect.h"
#include "mtc/Transforms/Passes.h"

namespace {
/// The least severe diagnostic --mlir-diagnostic-verbosity-level lets through.
mlir::DiagnosticSeverity leastSevere(mlir::VerbosityLevel level) {
  switch (level) {
  case mlir::VerbosityLevel::ErrorsOnly:
    return mlir::DiagnosticSeverity::Error;
  case mlir::VerbosityLevel::ErrorsAndWarnings:
    return mlir::DiagnosticSeverity::Warning;
  case mlir::VerbosityLevel::ErrorsWarningsAndRemarks:
    break;
  }
  return mlir::DiagnosticSeverity::Remark;
}
} // namespace

int main(int argc, char **argv) {
  mtc::registerMtcPasses();
  mtc::registerCompilePipeline();
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerSymbolDCEPass();

  mlir::DialectRegistry registry;
  registry.insert<mtc::MtcDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect, mlir::tensor::TensorDialect,
                  mlir::shard::ShardDialect>();
  auto [input, output] =
      mlir::registerAndParseCLIOptions(argc, argv, "mtc optimizer driver\n", registry);
  // Diagnostics about module attributes without the module's first line
  // (mtc/Diagnostics/ModuleDiagnostics.h), except when -verify-diagnostics
  // matches them against the file's expected-* comments.
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (!config.shouldVerifyDiagnostics())
    mtc::registerModuleDiagnostics(registry, "mtc-opt",
                                   leastSevere(config.getDiagnosticVerbosityLevel()));
  return mlir::asMainReturnCode(mlir::MlirOptMain(argc, argv, input, output, registry));
}
