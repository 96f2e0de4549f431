//===- LowerToExec.cpp - write the backend-neutral execution plan ---------===//
#include "PlanBuilding.h"
#include "mtc/MtcDiagnostics.h"
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
  explicit LowerToExecPass(PlanSink sink) : sink(std::move(sink)) {}

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The memory plan --mtc-plan-memory made, when it ran just before.
    const TrainStepMemory &memory = getAnalysis<TrainStepMemory>();
    if (!memory.ok)
      return signalPassFailure();
    FailureOr<pb::Plan> plan = buildExecPlan(module, memory);
    if (failed(plan))
      return signalPassFailure();
    markAllAnalysesPreserved();
    if (sink)
      return sink(std::move(*plan));
    std::string bytes;
    bool text = output == "-" || StringRef(output).ends_with(".txt");
    if (text)
      google::protobuf::TextFormat::PrintToString(*plan, &bytes);
    else
      plan->SerializeToString(&bytes);
    std::string error;
    auto file = openOutputFile(output, &error);
    if (!file) {
      emitModuleError(module) << "cannot write the plan: " << error;
      return signalPassFailure();
    }
    file->os() << bytes;
    file->keep();
  }

  PlanSink sink;
};
} // namespace

std::unique_ptr<Pass> mtc::createLowerToExec(PlanSink sink) {
  return std::make_unique<LowerToExecPass>(std::move(sink));
}
