//===- mtc-plan.cpp - Parallel layout planner -----------------------------===//
//
// Thin driver: the search, the models and the reports live in lib/Plan
// (runPlanTool). This file adds the one thing lib/Plan cannot do without MLIR:
// reading the model's shape from a model .mlir (its #mtc.model attribute).
//
//===----------------------------------------------------------------------===//
#include "mtc/Plan/PlanTool.h"

#include <cerrno>
#include <cstring>
#include <iostream>

#ifdef MTC_PLAN_READS_MLIR
#include "mtc/MtcDialect.h"
#include "mtc/Transforms/ModelStats.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

static mtc::Result<mtc::ModelShape> readModelMlir(const std::string &path) {
  mlir::MLIRContext context;
  context.loadDialect<mtc::MtcDialect, mlir::func::FuncDialect>();
  std::string diagnostics;
  llvm::raw_string_ostream os(diagnostics);
  llvm::SourceMgr sourceMgr;
  mlir::SourceMgrDiagnosticHandler handler(sourceMgr, &context, os);
  auto module = mlir::parseSourceFile<mlir::ModuleOp>(path, sourceMgr,
                                                      mlir::ParserConfig(&context));
  if (!module)
    return mtc::Error{"cannot read '" + path + "' as a model:\n" + diagnostics};
  mtc::ModelAttr model = mtc::getModelAttr(*module);
  if (!model)
    return mtc::Error{"'" + path + "' has no #mtc.model attribute (write models "
                      "with mtc-import)"};
  return mtc::modelShapeOf(*module, model);
}
#endif

int main(int argc, char **argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  mtc::ModelFileReader reader = nullptr;
#ifdef MTC_PLAN_READS_MLIR
  reader = readModelMlir;
#endif
  mtc::Result<mtc::PlanRequest> request = mtc::parsePlanArgs(args, reader);
  if (!request.ok()) {
    std::cerr << request.error() << "\n";
    return 2;
  }
  int status = mtc::runPlanTool(*request, std::cout, std::cerr);
  // The report is the whole point: a full disk or a closed pipe is an error.
  if (!std::cout.flush()) {
    std::cerr << "mtc-plan: cannot write to standard output: " << std::strerror(errno) << "\n";
    return 1;
  }
  return status;
}
