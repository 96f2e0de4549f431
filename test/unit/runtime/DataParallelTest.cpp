// Data-parallel gradient buckets and the distributed optimizer's sharding on
// the tiny plan (one rank; the multi-rank runs are test/integration/data_parallel).
#include "TinyPlan.h"

#include "comm/Communicator.h"
#include "exec/Executor.h"
#include "optim/GradBuckets.h"
#include "optim/Optimizer.h"
#include "optim/ZeroOptimizer.h"

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

namespace mtc::runtime {
namespace {
using testing::kLnBeta;
using testing::kLnGamma;
using testing::kWpe;
using testing::kWte;
using testing::makeTinyPlan;

TEST(GradBuckets, WritersComeFromTheGradFields) {
  auto writers = gradientWriters(makeTinyPlan());
  ASSERT_EQ(writers.size(), 10u);
  EXPECT_EQ(writers[5], (std::vector<int>{kWte}));           // tied lm head dW
  EXPECT_EQ(writers[7], (std::vector<int>{kLnGamma, kLnBeta}));
  EXPECT_EQ(writers[9], (std::vector<int>{kWte, kWpe}));     // has_wpe honoured
  for (int s : {0, 1, 2, 3, 4, 6, 8})
    EXPECT_TRUE(writers[s].empty()) << "step " << s;
}

TEST(GradBuckets, ContiguousFromTheEndReadyAfterTheirLastWriter) {
  Executor exec(makeTinyPlan(), {});
  comm::SelfCommunicator self;
  GradBuckets buckets(exec, self, /*bucketBytes=*/64);
  const auto &all = buckets.buckets();
  // beta (8 floats) + gamma (8) make 64 bytes; then wpe, then wte alone.
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].params, (std::vector<int>{kLnBeta, kLnGamma}));
  EXPECT_EQ(all[0].readyAfterStep, 7);
  EXPECT_EQ(all[1].params, (std::vector<int>{kWpe}));
  EXPECT_EQ(all[1].readyAfterStep, 9);
  EXPECT_EQ(all[2].params, (std::vector<int>{kWte}));
  EXPECT_EQ(all[2].readyAfterStep, 9); // the tied embedding's last write
  // Together they tile the parameters' range from its end down to 0.
  EXPECT_EQ(all[2].begin, 0);
  EXPECT_EQ(all[2].end, all[1].begin);
  EXPECT_EQ(all[1].end, all[0].begin);
  EXPECT_EQ(all[0].end, exec.paramOffset(kLnBeta) + exec.paramElements(kLnBeta));
  EXPECT_LE(all[0].end, exec.flatSize()); // the flat array may end in alignment padding
}

TEST(GradBuckets, StartDuringTheBackwardAndLeaveGradientsIntact) {
  Executor reference(makeTinyPlan(), {});
  testing::fillPatternBatch(reference);
  reference.forwardBackward(1.0f);

  Executor exec(makeTinyPlan(), {});
  comm::SelfCommunicator self;
  GradBuckets buckets(exec, self, 64);
  exec.setStepObserver([&](int step) { buckets.afterStep(step); });
  testing::fillPatternBatch(exec);
  buckets.beginLastMicroBatch();
  exec.forwardBackward(1.0f);
  GradSyncTimes t = buckets.finish();
  EXPECT_EQ(t.buckets, 3);
  EXPECT_EQ(t.overlapped, 3); // every bucket started from the step observer
  for (int64_t i = 0; i < exec.flatSize(); ++i)
    ASSERT_EQ(exec.flatGrads()[i], reference.flatGrads()[i]) << i;
}

TEST(GradBuckets, RejectsNonPositiveSize) {
  Executor exec(makeTinyPlan(), {});
  comm::SelfCommunicator self;
  EXPECT_THROW(GradBuckets(exec, self, 0), std::invalid_argument);
}

TEST(ZeroOptimizer, ShardsTileTheFlatArray) {
  for (int size : {1, 2, 3, 8})
    for (int64_t n : {1, 7, 176, 1000}) {
      int64_t covered = 0;
      for (int r = 0; r < size; ++r) {
        FlatShard s = flatShard(n, r, size);
        EXPECT_EQ(s.padded, (n + size - 1) / size);
        EXPECT_EQ(s.begin, covered) << "n " << n << " rank " << r << " of " << size;
        EXPECT_LE(s.end - s.begin, s.padded);
        covered = s.end;
      }
      EXPECT_EQ(covered, n);
    }
}

TEST(ZeroOptimizer, OneRankMatchesTheReplicatedOptimizer) {
  Executor a(makeTinyPlan(), {}), b(makeTinyPlan(), {});
  OptimizerConfig cfg = OptimizerConfig::fromPlan(a.plan().optimizer());
  cfg.clipGrad = 0.05; // make clipping bite
  Optimizer replicated(a, cfg), base(b, cfg);
  comm::SelfCommunicator self;
  ZeroOptimizer zero(b, base, self);
  for (int it = 1; it <= 3; ++it) {
    testing::fillPatternBatch(a);
    testing::fillPatternBatch(b);
    a.forwardBackward(1.0f);
    b.forwardBackward(1.0f);
    StepReport ra = replicated.step(it), rb = zero.step(it);
    EXPECT_DOUBLE_EQ(ra.gradNorm, rb.gradNorm);
    EXPECT_LT(ra.clipCoeff, 1.0);
    for (int64_t i = 0; i < a.flatSize(); ++i)
      ASSERT_EQ(a.flatParams()[i], b.flatParams()[i]) << "iteration " << it << " element " << i;
  }
  EXPECT_EQ(base.stepsTaken(), 3);
  // Checkpoint staging: the gathered moments are the replicated optimizer's.
  zero.gatherState();
  for (int64_t i = 0; i < a.flatSize(); ++i) {
    ASSERT_EQ(base.expAvg().data()[i], replicated.expAvg().data()[i]);
    ASSERT_EQ(base.expAvgSq().data()[i], replicated.expAvgSq().data()[i]);
  }
}

} // namespace
} // namespace mtc::runtime
