//===- Passes.h - mtc passes --------------------------------------*- C++ -*-===//
#ifndef MTC_TRANSFORMS_PASSES_H
#define MTC_TRANSFORMS_PASSES_H

#include "mlir/Pass/Pass.h"
#include "mtc/MtcDialect.h"
#include "mtc/MtcOps.h"

namespace mtc {
#define GEN_PASS_DECL
#include "mtc/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

#endif // MTC_TRANSFORMS_PASSES_H
