//===- MtcDialect.cpp - the mtc dialect -----------------------------------===//
#include "mtc/MtcDialect.h"
#include "mtc/MtcOps.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mtc;

#include "mtc/MtcDialect.cpp.inc"
#include "mtc/MtcEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "mtc/MtcAttrs.cpp.inc"

void MtcDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "mtc/MtcOps.cpp.inc"
      >();
  addAttributes<
#define GET_ATTRDEF_LIST
#include "mtc/MtcAttrs.cpp.inc"
      >();
}

ModelAttr mtc::getModelAttr(ModuleOp module) {
  return module->getAttrOfType<ModelAttr>(kModelAttrName);
}

ParallelAttr mtc::getParallelAttr(ModuleOp module) {
  return module->getAttrOfType<ParallelAttr>(kParallelAttrName);
}
