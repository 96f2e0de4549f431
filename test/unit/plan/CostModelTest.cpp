#include "mtc/Plan/CostModel.h"
#include "mtc/Plan/PaperTable.h"
#include "mtc/Plan/Planner.h"

#include <gtest/gtest.h>

using namespace mtc;

namespace {

ClusterSpec a100Cluster(int gpus) {
  ClusterSpec cl;
  cl.gpus = gpus;
  cl.gpusPerNode = 8;
  cl.device = *findDevice("a100-80gb");
  return cl;
}

TEST(PaperTable, FlopsFormulaAndParams) {
  const auto &rows = narayananTable1();
  ASSERT_EQ(rows.size(), 10u);
  // Parameter counts the paper prints, to its rounding.
  EXPECT_NEAR(rows[0].model.totalParams() / 1e9, 1.7, 0.05);
  EXPECT_NEAR(rows[5].model.totalParams() / 1e9, 76.1, 0.2);
  EXPECT_NEAR(rows[9].model.totalParams() / 1e9, 1008, 2);
  // v from the interleave column: 60 layers / (4 stages * 5) = 3.
  EXPECT_EQ(rows[5].config.vp, 3);
  EXPECT_EQ(rows[8].config.vp, 3);
  EXPECT_EQ(rows[9].config.dp, 6);
  double flops = rows[9].model.paperFlopsPerIteration(3072);
  EXPECT_NEAR(flops / 1e19, 5.14, 0.01);
}

// The acceptance check of issues #9 and #17: every row of Table 1 within 5%, and the
// predicted memory fits the 80 GB part.
TEST(CostModel, TableOneWithinFivePercent) {
  for (const PaperRow &row : narayananTable1()) {
    auto pr = evaluatePlan(row.model, a100Cluster(row.gpus), row.config, megatron2021Params());
    ASSERT_TRUE(pr.ok()) << row.label << ": " << pr.error();
    double rel = pr->paperTflopsPerGpu / row.measuredTflopsPerGpu - 1;
    EXPECT_LT(std::abs(rel), 0.05)
        << row.label << " predicted " << pr->paperTflopsPerGpu << " paper "
        << row.measuredTflopsPerGpu;
    EXPECT_TRUE(pr->fits) << row.label << " needs " << pr->memory.total() / 1e9 << " GB";
    EXPECT_LT(pr->memory.total(), 80e9) << row.label;
    EXPECT_GT(pr->memory.total(), 20e9) << row.label;
  }
}

TEST(CostModel, PlannerBeatsOrMatchesPaperConfig) {
  for (const PaperRow &row : narayananTable1()) {
    ClusterSpec cl = a100Cluster(row.gpus);
    auto paper = evaluatePlan(row.model, cl, row.config);
    auto best = searchPlans(row.model, cl, row.config.globalBatch);
    ASSERT_TRUE(paper.ok() && best.ok()) << row.label;
    EXPECT_LE(best->best().iterationTime, paper->iterationTime * (1 + 1e-12))
        << row.label;
  }
}

TEST(CostModel, TrillionSearchUnderTenSeconds) {
  const PaperRow &row = narayananTable1().back();
  auto res = searchPlans(row.model, a100Cluster(3072), 3072);
  ASSERT_TRUE(res.ok()) << res.error();
  EXPECT_LT(res->seconds, 10.0);
  EXPECT_GT(res->enumerated, 1000);
  EXPECT_EQ(res->best().config.gpus(), 3072);
  EXPECT_TRUE(res->best().fits);
}

TEST(CostModel, BubbleFromSimulationMatchesPaperShape) {
  // 1T row: p=64, m=512 -> (p-1)/m = 12.3% of busy time.
  const PaperRow &row = narayananTable1().back();
  auto pr = evaluatePlan(row.model, a100Cluster(3072), row.config);
  ASSERT_TRUE(pr.ok());
  EXPECT_NEAR(pr->bubbleFraction, 63.0 / 512, 0.01);
  // Interleaving with v=2 halves it.
  ParallelConfig c = row.config;
  c.vp = 2;
  auto inter = evaluatePlan(row.model, a100Cluster(3072), c);
  ASSERT_TRUE(inter.ok());
  EXPECT_NEAR(inter->bubbleFraction, 63.0 / 1024, 0.01);
}


TEST(MemoryModel, KorthikantiFormulas) {
  ModelShape m{24, 2304, 24, 0, 51200, 2048, true};
  ParallelConfig c;
  c.microBatch = 1;
  c.globalBatch = 1;
  double s = 2048, h = 2304, a = 24;
  double sbh = s * h;
  // No parallelism: sbh(34 + 5as/h).
  EXPECT_NEAR(layerActivationBytes(m, c), sbh * (34 + 5 * a * s / h), 1);
  c.tp = 8;
  EXPECT_NEAR(layerActivationBytes(m, c), sbh * (10 + 24.0 / 8 + 5 * a * s / (h * 8)), 1);
  c.sequenceParallel = true;
  EXPECT_NEAR(layerActivationBytes(m, c), sbh / 8 * (34 + 5 * a * s / h), 1);
  c.recompute = Recompute::Selective;
  EXPECT_NEAR(layerActivationBytes(m, c), sbh * 34 / 8, 1);
  c.recompute = Recompute::Full;
  EXPECT_NEAR(layerActivationBytes(m, c), 2 * sbh / 8, 1);
  c.sequenceParallel = false;
  EXPECT_NEAR(layerActivationBytes(m, c), 2 * sbh, 1);
}

TEST(MemoryModel, OptimizerStateBytes) {
  ModelShape m{24, 2304, 24, 0, 51200, 2048, true};
  ParallelConfig c;
  c.dp = 4;
  c.globalBatch = 4;
  MemoryBreakdown plain = predictMemory(m, c, *findDevice("a100-80gb"));
  EXPECT_NEAR((plain.weights + plain.gradients + plain.optimizer) / plain.params, 18, 1e-9);
  c.distributedOptimizer = true;
  MemoryBreakdown dist = predictMemory(m, c, *findDevice("a100-80gb"));
  EXPECT_NEAR((dist.weights + dist.gradients + dist.optimizer) / dist.params, 6 + 12.0 / 4, 1e-9);
}

// The first stage's activations come from walking its steps in the schedule.
// 1F1B, p=4, m=8: 4 micro-batches of its 4 layers (and 4 embedding outputs of
// 3sbh) live at once. Interleaved, v=2: after F0.7 rank 0 holds 8 micro-batches
// of chunk 0 and 3 of chunk 4 (B4.0 has run), 2 layers each, and 8 embedding
// outputs: 22 layers + 8 x 3sbh against 16 layers + 4 x 3sbh.
TEST(MemoryModel, InterleavingPeakFromTheScheduleWalk) {
  ModelShape m{16, 1024, 16, 0, 1000, 512, true};
  ParallelConfig c;
  c.pp = 4;
  c.globalBatch = 8;
  c.recompute = Recompute::Full;
  const DeviceSpec &a100 = *findDevice("a100-80gb");
  MemoryBreakdown plain = predictMemory(m, c, a100);
  c.vp = 2;
  MemoryBreakdown inter = predictMemory(m, c, a100);
  ASSERT_EQ(plain.stage, 0);
  ASSERT_EQ(inter.stage, 0);
  double perLayer = layerActivationBytes(m, c);
  double sbh = 512.0 * 1024;
  EXPECT_NEAR(inter.activations - plain.activations, perLayer * 6 + 4 * 3 * sbh, 1);
}

// An uneven layout moves weights and activations with the layers: 4 stages
// of 16 layers as 5,5,4,2 puts 2 layers on the last stage.
TEST(MemoryModel, UnevenLayoutMovesParameters) {
  ModelShape m{16, 1024, 16, 0, 1000, 512, true};
  ParallelConfig c;
  c.pp = 4;
  c.globalBatch = 8;
  c.layersPerChunk = {5, 5, 4, 2};
  auto stages = predictStageMemory(m, c, *findDevice("a100-80gb"));
  ASSERT_EQ(stages.size(), 4u);
  EXPECT_NEAR(stages[1].params, 5 * m.layerParams(), 1);
  EXPECT_NEAR(stages[2].params, 4 * m.layerParams(), 1);
  EXPECT_NEAR(stages[3].params, 2 * m.layerParams() + 1000.0 * 1024, 1);
  // Stage 1 holds 3 micro-batches (1F1B warm-up 2 + 1) of 5 layers.
  EXPECT_NEAR(stages[1].activations, 3 * 5 * layerActivationBytes(m, c), 1);
}

TEST(CostModel, InvalidConfigsNameTheNumbers) {
  const PaperRow &row = narayananTable1()[5];
  ParallelConfig c = row.config;
  c.dp = 16;
  auto r = evaluatePlan(row.model, a100Cluster(row.gpus), c);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("512"), std::string::npos) << r.error();
  EXPECT_NE(r.error().find("1024"), std::string::npos) << r.error();
  c = row.config;
  c.vp = 7;
  r = evaluatePlan(row.model, a100Cluster(row.gpus), c);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("60 layers"), std::string::npos) << r.error();
  c = row.config;
  c.tp = 16;
  c.dp = 16;
  r = evaluatePlan(row.model, a100Cluster(row.gpus), c);
  ASSERT_FALSE(r.ok());
  EXPECT_NE(r.error().find("tp=16"), std::string::npos) << r.error();
}

TEST(Planner, ImpossibleRequestsSayWhatIsPossible) {
  ModelShape gpt2{12, 768, 12, 0, 50257, 1024, true};
  auto tooMany = searchPlans(gpt2, a100Cluster(100000), 8);
  ASSERT_FALSE(tooMany.ok());
  EXPECT_NE(tooMany.error().find("at most"), std::string::npos) << tooMany.error();
  EXPECT_NE(tooMany.error().find("--gpus 384"), std::string::npos) << tooMany.error();

  // 7 GPUs: 12 layers do not divide 7 stages, so the plan is uneven.
  auto prime = searchPlans(gpt2, a100Cluster(7), 8);
  ASSERT_TRUE(prime.ok()) << prime.error();
  EXPECT_EQ(prime->best().config.pp, 7);
  EXPECT_TRUE(prime->best().config.unevenLayout());
  EXPECT_EQ(prime->best().config.layersPerChunk.size(), 7u);

  const PaperRow &trillion = narayananTable1().back();
  auto tooFew = searchPlans(trillion.model, a100Cluster(64), 512);
  ASSERT_FALSE(tooFew.ok());
  EXPECT_NE(tooFew.error().find("fits"), std::string::npos) << tooFew.error();
  EXPECT_NE(tooFew.error().find("--gpus 256"), std::string::npos) << tooFew.error();
}

TEST(Planner, WhyLosesNamesTheCause) {
  const PaperRow &row = narayananTable1().back();
  auto res = searchPlans(row.model, a100Cluster(3072), 3072);
  ASSERT_TRUE(res.ok());
  ASSERT_FALSE(res->outOfMemory.empty());
  std::string oom = whyLoses(res->outOfMemory.front(), res->best(), 80.0 * (1 << 30));
  EXPECT_NE(oom.find("out of memory"), std::string::npos) << oom;
  auto paper = evaluatePlan(row.model, a100Cluster(3072), row.config);
  std::string slower = whyLoses(*paper, res->best(), 80.0 * (1 << 30));
  EXPECT_NE(slower.find("slower"), std::string::npos) << slower;
}
} // namespace
