//===- LowerToExec.cpp - write the backend-neutral execution plan ---------===//
#include "mtc/Conversion/ExecPlan.h"
#include "mtc/Transforms/Passes.h"

#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"
#include <google/protobuf/text_format.h>

namespace mtc {
#define GEN_PASS_DEF_LOWERTOEXEC
#include "mtc/Transforms/Passes.h.inc"
} // namespace mtc

using namespace mlir;
using namespace mtc;

namespace {
struct LowerToExecPass : mtc::impl::LowerToExecBase<LowerToExecPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<pb::Plan> plan = buildExecPlan(module);
    if (failed(plan))
      return signalPassFailure();
    std::string bytes;
    bool text = output == "-" || StringRef(output).ends_with(".txt");
    if (text)
      google::protobuf::TextFormat::PrintToString(*plan, &bytes);
    else
      plan->SerializeToString(&bytes);
    std::string error;
    auto file = openOutputFile(output, &error);
    if (!file) {
      emitError(module.getLoc()) << "cannot write the plan: " << error;
      return signalPassFailure();
    }
    file->os() << bytes;
    file->keep();
    markAllAnalysesPreserved();
  }
};
} // namespace
