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

llvm::StringRef mtc::inputRole(FunctionOpInterface fn, unsigned index) {
  if (auto role = fn.getArgAttrOfType<StringAttr>(index, kInputRoleAttrName))
    return role.getValue();
  return index == 0 ? "tokens" : index == 1 ? "targets" : "";
}

SmallVector<int64_t> mtc::inputShape(StringRef role, int64_t b, int64_t s) {
  if (role == "tokens" || role == "targets" || role == "token_types")
    return {b, s};
  if (role == "lengths")
    return {b};
  if (role == "sentence_labels")
    return {b, 1};
  return {};
}
