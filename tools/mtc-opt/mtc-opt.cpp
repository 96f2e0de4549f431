//===- mtc-opt.cpp - the mtc pass driver ----------------------------------===//
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

#include "mtc/Compiler/CompilePipeline.h"
#include "mtc/MtcDialect.h"
#include "mtc/Transforms/Passes.h"

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
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "mtc optimizer driver\n", registry));
}
