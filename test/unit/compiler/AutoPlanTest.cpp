//===- AutoPlanTest.cpp - --plan=auto's layout choice ---------------------===//
//
// On models/gpt2-tiny.mlir, the model test/lit/mtc-compile.test plans too.
//
//===----------------------------------------------------------------------===//
#include "LlvmErrorOf.h"
#include "mtc/Compiler/AutoPlan.h"
#include "mtc/MtcDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include <gtest/gtest.h>

using namespace mlir;
using namespace mtc;
using mtc::testing::errorOf;

namespace {
/// gpt2-tiny: 8 layers of width 128, 4 heads.
OwningOpRef<ModuleOp> gpt2Tiny(MLIRContext &context) {
  context.loadDialect<MtcDialect, func::FuncDialect>();
  return parseSourceFile<ModuleOp>(MTC_GPT2_TINY, &context);
}

AutoPlanRequest gpus(int count, int perNode = 0) {
  AutoPlanRequest request;
  request.gpus = count;
  request.gpusPerNode = perNode;
  return request;
}

TEST(AutoPlan, ChoosesALayoutTheCompilerAccepts) {
  MLIRContext context;
  OwningOpRef<ModuleOp> module = gpt2Tiny(context);
  ASSERT_TRUE(module);
  CompileOptions options;
  options.globalBatch = 16;
  options.lr = 3e-4;
  options.precision = "bf16";
  // The layout test/lit/mtc-compile.test explains: t=2 with 8 samples per
  // replica beats d=4 with 4 on this narrow model.
  auto choice = chooseAutoPlan(*module, options, gpus(4));
  ASSERT_TRUE(bool(choice)) << errorOf(choice);
  EXPECT_EQ(choice->summary, "t=2 p=1 v=1 d=2 b=8 m=1 sp=on rc=none dopt=on");
  EXPECT_GT(choice->iterationTime, 0);
  const CompileOptions &o = choice->options;
  EXPECT_EQ(o.tp, 2);
  EXPECT_EQ(o.pp, 1);
  EXPECT_EQ(o.vp, 1);
  EXPECT_EQ(o.dp, 2);
  EXPECT_EQ(o.microBatch, 8);
  EXPECT_TRUE(o.sequenceParallel);
  EXPECT_EQ(o.recompute, "none");
  EXPECT_TRUE(o.distributedOptimizer);
  EXPECT_EQ(o.schedule, "1f1b");
  EXPECT_TRUE(o.layersPerChunk.empty());
  // What is not the layout's is kept.
  EXPECT_EQ(o.globalBatch, 16);
  EXPECT_EQ(o.lr, 3e-4);
  EXPECT_EQ(o.precision, "bf16");

  EXPECT_EQ(checkCompileOptions(o), std::nullopt);
  FailureOr<pb::Plan> plan = compileToPlan(*module, o);
  ASSERT_TRUE(succeeded(plan));
  EXPECT_EQ(plan->parallel().tensor(), o.tp);
  EXPECT_EQ(plan->parallel().pipeline(), o.pp);
  EXPECT_EQ(plan->parallel().data(), o.dp);
  EXPECT_EQ(plan->parallel().micro_batch(), o.microBatch);
  EXPECT_EQ(plan->parallel().global_batch(), 16);
}

TEST(AutoPlan, NodeSizeBoundsTensorParallelism) {
  MLIRContext context;
  OwningOpRef<ModuleOp> module = gpt2Tiny(context);
  CompileOptions options;
  options.globalBatch = 16;
  auto choice = chooseAutoPlan(*module, options, gpus(4, /*perNode=*/1));
  ASSERT_TRUE(bool(choice)) << errorOf(choice);
  // One GPU per node: tensor groups stay inside a node, so no t=2.
  EXPECT_EQ(choice->summary, "t=1 p=1 v=1 d=4 b=4 m=1 sp=off rc=none dopt=off");
  EXPECT_EQ(choice->options.tp, 1);
  EXPECT_EQ(choice->options.dp, 4);
}

TEST(AutoPlan, GpusWithoutASplitAreRefused) {
  MLIRContext context;
  OwningOpRef<ModuleOp> module = gpt2Tiny(context);
  CompileOptions options;
  options.globalBatch = 4;
  // 9 = t*p*d has no split: t must divide the node's 8 GPUs and the 4 heads,
  // p is at most the 8 layers and d must divide the global batch 4.
  auto choice = chooseAutoPlan(*module, options, gpus(9));
  EXPECT_EQ(errorOf(choice),
            "--plan=auto: planner: no layout splits 9 GPUs as t*p*d with t dividing 8 GPUs per "
            "node and 4 heads, p dividing 8 layers and d dividing the global batch 4; nearest "
            "possible request: --gpus 8 or --gpus 10");
}

TEST(AutoPlan, MissingRequestIsNamed) {
  MLIRContext context;
  OwningOpRef<ModuleOp> module = gpt2Tiny(context);
  CompileOptions options;
  auto noBatch = chooseAutoPlan(*module, options, gpus(4));
  EXPECT_EQ(errorOf(noBatch), "--plan=auto needs --gpus and --global-batch-size");
  options.globalBatch = 8;
  auto noGpus = chooseAutoPlan(*module, options, gpus(0));
  EXPECT_EQ(errorOf(noGpus), "--plan=auto needs --gpus and --global-batch-size");
  AutoPlanRequest unknown = gpus(4);
  unknown.device = "tpu-v5";
  auto noDevice = chooseAutoPlan(*module, options, unknown);
  std::string error = errorOf(noDevice);
  EXPECT_EQ(error.rfind("--gpu=tpu-v5 is unknown (", 0), 0u) << error;
  EXPECT_NE(error.find("a100-80gb"), std::string::npos) << error;
}

TEST(AutoPlan, ModuleWithoutModelIsRefused) {
  MLIRContext context;
  OwningOpRef<ModuleOp> empty = ModuleOp::create(UnknownLoc::get(&context));
  CompileOptions options;
  options.globalBatch = 8;
  auto choice = chooseAutoPlan(*empty, options, gpus(4));
  EXPECT_EQ(errorOf(choice), "--plan=auto needs the model's #mtc.model attribute");
}
} // namespace
