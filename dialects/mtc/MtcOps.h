//===- MtcOps.h - mtc operations ----------------------------------*- C++ -*-===//
#ifndef MTC_MTCOPS_H
#define MTC_MTCOPS_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "mtc/MtcDialect.h"
#include "mtc/MtcGradient.h"
#include "mtc/MtcStepOperands.h"
#include "mtc/Plan/CheckedMath.h"

#include "mtc/MtcInterfaces.h.inc"

#define GET_OP_CLASSES
#include "mtc/MtcOps.h.inc"

#endif // MTC_MTCOPS_H
