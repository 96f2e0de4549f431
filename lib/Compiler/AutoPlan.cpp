//===- AutoPlan.cpp - mtc-compile --plan=auto's layout choice -------------===//
//
// The planner links no MLIR: it sees the model through modelShapeOf, and its
// Result errors become llvm::Errors here, with mtc-compile's flag names.
//
//===----------------------------------------------------------------------===//
#include "mtc/Compiler/AutoPlan.h"
#include "mtc/Plan/Device.h"
#include "mtc/Plan/Planner.h"
#include "mtc/Transforms/ModelStats.h"

using namespace llvm;

namespace mtc {
Expected<AutoPlanChoice> chooseAutoPlan(mlir::ModuleOp module, const CompileOptions &options,
                                        const AutoPlanRequest &request) {
  auto fail = [](const Twine &message) {
    return createStringError(inconvertibleErrorCode(), message);
  };
  ModelAttr model = getModelAttr(module);
  if (!model)
    return fail("--plan=auto needs the model's #mtc.model attribute");
  const DeviceSpec *device = findDevice(request.device);
  if (!device)
    return fail("--gpu=" + request.device + " is unknown (" + deviceNames() + ")");
  if (request.gpus < 1 || options.globalBatch < 1)
    return fail("--plan=auto needs --gpus and --global-batch-size");
  int gpusPerNode = request.gpusPerNode > 0 ? request.gpusPerNode : device->gpusPerNode;
  ClusterSpec cluster{request.gpus, gpusPerNode, *device};
  ModelShape shape = modelShapeOf(module, model);
  if (options.seq)
    shape.seq = options.seq;
  auto found = searchPlans(shape, cluster, options.globalBatch);
  if (!found.ok())
    return fail("--plan=auto: " + found.error());
  if (found->fitting.empty())
    return fail("--plan=auto: no layout of " + model.getName() + " fits " +
                Twine(request.gpus) + " x " + request.device +
                " (run mtc-plan for the nearest possible request)");
  const Prediction &best = found->best();
  const ParallelConfig &c = best.config;
  AutoPlanChoice choice{options, c.summary(), best.iterationTime};
  CompileOptions &o = choice.options;
  o.tp = c.tp;
  o.pp = c.pp;
  o.vp = c.vp;
  o.dp = c.dp;
  o.cp = c.cp;
  o.ep = c.ep;
  o.microBatch = c.microBatch;
  o.sequenceParallel = c.sequenceParallel;
  o.recompute = toString(c.recompute);
  o.distributedOptimizer = c.distributedOptimizer;
  o.schedule = c.scheduleName();
  o.layersPerChunk.assign(c.layersPerChunk.begin(), c.layersPerChunk.end());
  return choice;
}
} // namespace mtc
