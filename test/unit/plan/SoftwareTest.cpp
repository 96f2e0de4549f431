// The framework profiles of Software.h against hand-computed costs: what each
// changes (pipeline transfers per step, the sharded optimizer's collectives,
// gradient accumulation) and that nothing else moves.
#include "mtc/Plan/Software.h"

#include "mtc/Plan/ComputeModel.h"
#include "mtc/Plan/Schedule.h"

#include <gtest/gtest.h>

using namespace mtc;

namespace {

CostParams profile(Software s) {
  CostParams p;
  applySoftware(s, p);
  return p;
}

ClusterSpec cluster(const char *device, int gpus) {
  return ClusterSpec{gpus, 8, *findDevice(device)};
}

// 8 layers of hidden 1024 over 2 stages, one GPU each, 4 micro-batches.
ModelShape small() { return ModelShape{8, 1024, 16, 0, 1000, 512, true}; }
ParallelConfig twoStages() {
  ParallelConfig c;
  c.pp = 2;
  c.globalBatch = 4;
  c.recompute = Recompute::Full;
  return c;
}

TEST(Software, NamesRoundTrip) {
  for (const char *name :
       {"mtc", "megatron-2021", "megatron-2022", "deepspeed-fp16", "deepspeed-bf16"}) {
    Software s;
    ASSERT_TRUE(parseSoftware(name, s)) << name;
    EXPECT_STREQ(toString(s), name);
  }
  Software s;
  EXPECT_FALSE(parseSoftware("deepspeed", s));
  EXPECT_EQ(softwareNames(),
            "mtc, megatron-2021, megatron-2022, deepspeed-fp16, deepspeed-bf16");
}

// Each profile's fields, from the frameworks' sources (Software.cpp).
TEST(Software, ProfileFields) {
  CostParams mtc = profile(Software::Mtc), paper = profile(Software::Megatron2021);
  EXPECT_EQ(mtc.gradReduceBytes, 4);
  EXPECT_TRUE(mtc.overlapGradReduce);
  EXPECT_EQ(paper.gradReduceBytes, megatron2021Params().gradReduceBytes);
  EXPECT_EQ(paper.overlapGradReduce, megatron2021Params().overlapGradReduce);
  EXPECT_EQ(paper.p2pTransfersPerStep, 1);
  EXPECT_FALSE(paper.asyncTensorParallelBackward);
  EXPECT_FALSE(mtc.asyncTensorParallelBackward);
  // Megatron-LM 2022: 2021's gradients, p2p and accumulation, plus the
  // backward's asynchronous tensor-parallel collectives.
  CostParams m2022 = profile(Software::Megatron2022);
  EXPECT_EQ(m2022.gradReduceBytes, 2);
  EXPECT_FALSE(m2022.overlapGradReduce);
  EXPECT_EQ(m2022.p2pTransfersPerStep, 1);
  EXPECT_FALSE(m2022.shardedOptimizerAllReduces);
  EXPECT_EQ(m2022.extraAccumulationBytes, 0);
  EXPECT_TRUE(m2022.asyncTensorParallelBackward);
  applySoftware(Software::DeepSpeedFp16, m2022);
  EXPECT_FALSE(m2022.asyncTensorParallelBackward);
  CostParams fp16 = profile(Software::DeepSpeedFp16);
  EXPECT_EQ(fp16.gradReduceBytes, 2);
  EXPECT_EQ(fp16.p2pTransfersPerStep, 2);
  EXPECT_FALSE(fp16.shardedOptimizerAllReduces);
  EXPECT_EQ(fp16.extraAccumulationBytes, 0);
  CostParams bf16 = profile(Software::DeepSpeedBf16);
  EXPECT_EQ(bf16.gradReduceBytes, 4);
  EXPECT_EQ(bf16.p2pTransfersPerStep, 2);
  EXPECT_TRUE(bf16.shardedOptimizerAllReduces);
  EXPECT_EQ(bf16.extraAccumulationBytes, 12); // 18 B of update_hp_grads - 6 B
  // Going back to mtc resets what a profile set; the rest stays the user's.
  bf16.memoryMarginBytes = 5;
  bf16.scatterGather = false;
  applySoftware(Software::Mtc, bf16);
  EXPECT_EQ(bf16.extraAccumulationBytes, 0);
  EXPECT_EQ(bf16.p2pTransfersPerStep, 1);
  EXPECT_EQ(bf16.memoryMarginBytes, 5);
  EXPECT_FALSE(bf16.scatterGather);
}

// DeepSpeed waits for a step's two transfers in turn: the pipeline comm of
// the busiest rank doubles, its compute and TP comm do not move.
TEST(Software, DeepSpeedPipelineWaitsForTwoTransfersPerStep) {
  ModelShape m = small();
  ParallelConfig c = twoStages();
  c.dp = 4;
  c.globalBatch = 16;
  ClusterSpec cl = cluster("a100-80gb", 8);
  auto megatron = evaluatePlan(m, cl, c, profile(Software::Megatron2021));
  auto deepspeed = evaluatePlan(m, cl, c, profile(Software::DeepSpeedFp16));
  ASSERT_TRUE(megatron.ok() && deepspeed.ok());
  EXPECT_GT(megatron->p2pTime, 0);
  EXPECT_NEAR(deepspeed->p2pTime, 2 * megatron->p2pTime, 1e-12);
  EXPECT_NEAR(deepspeed->computeTime, megatron->computeTime, 1e-12);
  EXPECT_NEAR(deepspeed->tpCommTime, megatron->tpCommTime, 1e-12);
  EXPECT_NEAR(deepspeed->dpCommTime, megatron->dpCommTime, 1e-12);
}

// BF16_Optimizer's fp32 accumulation: 12 B per parameter of the stage after
// every micro-batch's backward, on top of the calibration software's. The
// last stage (4 layers + the tied output layer, 1000 x 1024) is the busiest.
TEST(Software, Bf16AccumulationPassPerMicrobatch) {
  ModelShape m = small();
  ParallelConfig c = twoStages();
  ClusterSpec cl = cluster("a100-80gb", 2);
  auto fp16 = evaluatePlan(m, cl, c, profile(Software::DeepSpeedFp16));
  auto bf16 = evaluatePlan(m, cl, c, profile(Software::DeepSpeedBf16));
  ASSERT_TRUE(fp16.ok() && bf16.ok());
  ASSERT_EQ(fp16->criticalRank, 1);
  ASSERT_EQ(bf16->criticalRank, 1);
  double lastStageParams = 4 * m.layerParams() + 1000.0 * 1024;
  double pass = streamSeconds(lastStageParams * 12, *findDevice("a100-80gb"));
  // 12.6M params x 12 B = 151 MB at 0.75 x 2039 GB/s: 99 us per micro-batch.
  EXPECT_NEAR(pass, lastStageParams * 12 / (0.75 * 2039e9), 1e-15);
  EXPECT_NEAR(bf16->computeTime - fp16->computeTime, 4 * pass, 1e-12);
}

// BF16_Optimizer's ZeRO-1: whole fp32 gradients all-reduced, then the bf16
// weights all-gathered; Megatron's distributed optimizer reduce-scatters
// instead. d = 8 with t = 4 on Jean Zay-style nodes: 2 members per node.
TEST(Software, Bf16Zero1AllReducesThenGathers) {
  ModelShape m = small();
  ParallelConfig c = twoStages();
  c.tp = 4;
  c.dp = 8;
  c.globalBatch = 32;
  c.distributedOptimizer = true;
  ClusterSpec cl = cluster("a100-80gb-opa", 64);
  auto bf16 = evaluatePlan(m, cl, c, profile(Software::DeepSpeedBf16));
  CostParams megatronDopt = profile(Software::Megatron2021);
  megatronDopt.gradReduceBytes = 4;
  auto reduceScatter = evaluatePlan(m, cl, c, megatronDopt);
  ASSERT_TRUE(bf16.ok() && reduceScatter.ok());
  NetworkModel net(cl.device, 8);
  GroupPlacement dp = placeGroup(8, 4, 8);
  ASSERT_EQ(dp.perNode, 2);
  ASSERT_EQ(dp.nodes, 4);
  double params = bf16->memory.params;
  double allReduce = net.allReduce(4 * params, dp, AllReduceAlgorithm::Auto);
  double gather = net.allGather(2 * params, dp);
  EXPECT_NEAR(bf16->dpCommTime, allReduce + gather, 1e-12);
  EXPECT_NEAR(reduceScatter->dpCommTime, net.allGather(4 * params, dp) + gather, 1e-12);
  EXPECT_GT(bf16->dpCommTime, reduceScatter->dpCommTime);
  // The optimizer still updates a 1/d shard: 32 B per parameter / 8.
  EXPECT_NEAR(bf16->optimizerTime,
              streamSeconds(params / 8 * 32, *findDevice("a100-80gb-opa")), 1e-15);
}

// DeepSpeed's TrainSchedule (deepspeed/runtime/pipe/schedule.py) maps tick k
// of stage s to a forward or a backward by the parities of k and s
// (_step_to_micro_batch and its four helpers, copied here as arithmetic).
// Its valid steps, in tick order, are the planner's 1F1B on every stage: the
// order is the same, so the replay of 1F1B times DeepSpeed's pipeline and
// only its transfers differ (two per step, in turn).
Step deepSpeedTick(int k, int s, int stages, bool &valid, int m) {
  int mb = 0;
  bool forward = false;
  if (k % 2 == 0 && s % 2 == 0) {
    mb = k / 2 - s / 2, forward = true; // _even_step_forward_id
  } else if (k % 2 == 1 && s % 2 == 1) {
    mb = (k - 1) / 2 - s / 2, forward = true; // _odd_step_forward_id
  } else if (k % 2 == 0) {
    mb = k / 2 - stages + (s + 1) / 2; // _even_step_backward_id
  } else {
    mb = (k - 1) / 2 - stages + 1 + s / 2; // _odd_step_backward_id
  }
  valid = mb >= 0 && mb < m;
  return Step{forward ? StepKind::Forward : StepKind::Backward, s, mb};
}

TEST(Software, DeepSpeedTrainScheduleIsOneFOneB) {
  for (auto [p, m] : {std::pair{4, 4}, {4, 9}, {12, 128}, {35, 240}, {35, 160}}) {
    auto built = buildSchedule(p, 1, m);
    ASSERT_TRUE(built.ok()) << built.error();
    for (int s = 0; s < p; ++s) {
      std::vector<Step> ticks;
      for (int k = 0; k < 2 * (m + p - 1); ++k) { // total_steps
        bool valid = false;
        Step step = deepSpeedTick(k, s, p, valid, m);
        if (valid)
          ticks.push_back(step);
      }
      ASSERT_EQ(ticks.size(), built->ranks[s].steps.size()) << "p=" << p << " s=" << s;
      for (size_t i = 0; i < ticks.size(); ++i)
        ASSERT_EQ(ticks[i], built->ranks[s].steps[i])
            << "p=" << p << " m=" << m << " stage " << s << " step " << i << ": DeepSpeed "
            << toString(ticks[i]) << ", 1F1B " << toString(built->ranks[s].steps[i]);
    }
  }
}

} // namespace

// Megatron-LM 2022 (Korthikanti et al.'s 22B on one DGX A100: t = 8, p = 1,
// 4 micro-batches of 1 x 2048, 48 layers of hidden 6144): with sequence
// parallelism the backward of each layer keeps only the two row-parallel
// all-gathers of b s h fp16 in the step; the column-parallel all-gather and
// reduce-scatter run under their own (millisecond) GEMMs. 2021's model
// charges two all-reduces there. Forward, recompute and compute do not move.
TEST(Software, Megatron2022HidesColumnParallelBackwardCollectives) {
  ModelShape m{48, 6144, 64, 0, 51200, 2048, true};
  ParallelConfig c;
  c.tp = 8;
  c.globalBatch = 4;
  c.sequenceParallel = true;
  c.recompute = Recompute::Selective;
  ClusterSpec cl = cluster("a100-80gb", 8);
  auto old = evaluatePlan(m, cl, c, profile(Software::Megatron2021));
  auto now = evaluatePlan(m, cl, c, profile(Software::Megatron2022));
  ASSERT_TRUE(old.ok() && now.ok());
  NetworkModel net(cl.device, 8);
  GroupPlacement tensor{8, 1, 8};
  const double bytes = 2048.0 * 6144 * 2; // 25.2 MB
  const double allReduce = net.allReduce(bytes, tensor, AllReduceAlgorithm::Ring);
  const double gather = net.allGather(bytes, tensor);
  // Ring on NVSwitch at 235 GB/s: 2 x 7/8 x 25.2 MB = 187.4 us + 8.4 us +
  // 14 x 3.4 us; the all-gather half the bytes and 7 steps.
  EXPECT_NEAR(allReduce, 243.4e-6, 0.1e-6);
  EXPECT_NEAR(gather, 125.9e-6, 0.1e-6);
  // 4 micro-batches x 48 layers x (2 all-reduces - 2 all-gathers) = 45.1 ms.
  EXPECT_NEAR(old->tpCommTime - now->tpCommTime, 4 * 48 * (2 * allReduce - 2 * gather),
              1e-12);
  EXPECT_NEAR(old->tpCommTime - now->tpCommTime, 45.1e-3, 0.1e-3);
  EXPECT_NEAR(now->computeTime, old->computeTime, 1e-12);
  EXPECT_NEAR(now->recomputeTime, old->recomputeTime, 1e-12);
  // Without sequence parallelism the two input-gradient all-reduces hide
  // under the QKV and fc1 weight-gradient GEMMs entirely.
  c.sequenceParallel = false;
  auto oldAr = evaluatePlan(m, cl, c, profile(Software::Megatron2021));
  auto nowAr = evaluatePlan(m, cl, c, profile(Software::Megatron2022));
  ASSERT_TRUE(oldAr.ok() && nowAr.ok());
  EXPECT_NEAR(oldAr->tpCommTime - nowAr->tpCommTime, 4 * 48 * 2 * allReduce, 1e-12);
}

// Only what a collective exceeds its GEMM by is charged: with tiny GEMMs
// (hidden 256, sequence 64, t = 8: 5 us of weight gradient against a 60 us
// all-reduce) only the GEMM's time is hidden.
TEST(Software, Megatron2022ChargesTheExcessOverTheGemm) {
  ModelShape m{2, 256, 8, 0, 1000, 64, true};
  ParallelConfig c;
  c.tp = 8;
  c.globalBatch = 1;
  ClusterSpec cl = cluster("a100-80gb", 8);
  auto old = evaluatePlan(m, cl, c, profile(Software::Megatron2021));
  auto now = evaluatePlan(m, cl, c, profile(Software::Megatron2022));
  ASSERT_TRUE(old.ok() && now.ok());
  const DeviceSpec &dev = cl.device;
  NetworkModel net(dev, 8);
  const double allReduce =
      net.allReduce(64.0 * 256 * 2, GroupPlacement{8, 1, 8}, AllReduceAlgorithm::Ring);
  // QKV's weight gradient (256 x 96, K = 64) and fc1's (256 x 128): one
  // padded 256 x 128 tile each, 4.9 us.
  const double wgradQkv = gemmSeconds(1, 256, 3 * 256 / 8, 64, dev);
  const double wgradFc1 = gemmSeconds(1, 256, 4 * 256 / 8, 64, dev);
  EXPECT_NEAR(wgradQkv, 4.9e-6, 0.01e-6);
  EXPECT_NEAR(wgradFc1, 4.9e-6, 0.01e-6);
  EXPECT_LT(wgradQkv + wgradFc1, allReduce);
  EXPECT_NEAR(old->tpCommTime - now->tpCommTime, 2 * (wgradQkv + wgradFc1), 1e-12);
}
