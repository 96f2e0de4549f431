// bf16/fp16 storage in the CPU executor (runtime/optim/Precision.h): parameters
// are rounded copies of fp32 masters, activations are rounded right after the
// step that writes them, the loss and cross-entropy statistics stay fp32, and
// the optimizer updates the masters.
#include "TinyPlan.h"

#include "exec/Executor.h"
#include "optim/Optimizer.h"
#include "optim/Precision.h"
#include "kernels/math/precision.h"

#include <gtest/gtest.h>

#include <set>
#include <stdexcept>
#include <vector>

namespace mtc::runtime {
namespace {
using kernels::StorageType;
using testing::kDLogits;
using testing::kEmb;
using testing::kLn;
using testing::kLogits;
using testing::kSumExp;
using testing::makeTinyPlan;

bool representable(StorageType type, const float *x, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    if (kernels::roundTo(type, x[i]) != x[i])
      return false;
  return true;
}

int64_t floats(Executor &exec, int buffer) { return exec.plan().buffers(buffer).bytes() / 4; }

TEST(MixedPrecision, ParsesTheNames) {
  EXPECT_EQ(parseStorageType(""), StorageType::F32);
  EXPECT_EQ(parseStorageType("fp32"), StorageType::F32);
  EXPECT_EQ(parseStorageType("bf16"), StorageType::BF16);
  EXPECT_EQ(parseStorageType("fp16"), StorageType::FP16);
  EXPECT_THROW(parseStorageType("fp8"), std::invalid_argument);
}

// What stays fp32 is decided from the plan's steps: the tiny plan's loss and
// cross-entropy statistics, plus the log-sum-exp of an attention step.
TEST(MixedPrecision, KeepsLossStatisticsAndAttentionLseInFp32) {
  pb::Plan plan = makeTinyPlan();
  EXPECT_EQ(fp32Buffers(plan),
            (std::set<int32_t>{testing::kLoss, testing::kRowMax, testing::kSumExp,
                               testing::kTargetLogit}));
  pb::Attention *attention = plan.add_steps()->mutable_attention();
  attention->set_qkv(testing::kEmb);
  attention->set_out(testing::kLn);
  attention->set_lse(testing::kNumBuffers); // any id: only the role matters here
  EXPECT_EQ(fp32Buffers(plan).count(testing::kNumBuffers), 1u);
  EXPECT_EQ(fp32Buffers(plan).count(testing::kLn), 0u); // attention's output is rounded
}

class StorageTest : public ::testing::TestWithParam<StorageType> {};

TEST_P(StorageTest, ActivationsAndParamsAreStoredRoundedAndMastersStayFp32) {
  const StorageType type = GetParam();
  Executor exec(makeTinyPlan(), {});
  std::vector<float> masters(exec.flatParams(), exec.flatParams() + exec.flatSize());
  ASSERT_FALSE(representable(type, masters.data(), masters.size())); // N(0, 0.02) init
  MixedPrecision precision(exec, type, StorageType::F32);
  exec.setStepObserver([&](int step) { precision.afterStep(step); });
  EXPECT_TRUE(representable(type, exec.flatParams(), exec.flatSize()));

  testing::fillPatternBatch(exec);
  exec.forwardBackward(1.0f);
  // Gradients accumulate in fp32 (bf16's default, and fp16's with
  // --accumulate-allreduce-grads-in-fp32).
  EXPECT_FALSE(representable(type, exec.flatGrads(), exec.flatSize()));
  for (int buffer : {kEmb, kLn, kLogits, kDLogits})
    EXPECT_TRUE(representable(type, static_cast<float *>(exec.bufferData(buffer)),
                              floats(exec, buffer)))
        << "buffer " << buffer;
  // Row statistics stay fp32 (sums of exps are not representable in general).
  EXPECT_FALSE(representable(type, static_cast<float *>(exec.bufferData(kSumExp)),
                             floats(exec, kSumExp)));

  // The optimizer sees the fp32 masters, then the copies are rounded again.
  precision.beforeOptimizer();
  for (int64_t i = 0; i < exec.flatSize(); ++i)
    ASSERT_EQ(exec.flatParams()[i], masters[i]) << i;
  Optimizer opt(exec, OptimizerConfig::fromPlan(exec.plan().optimizer()));
  opt.step(1);
  std::vector<float> updated(exec.flatParams(), exec.flatParams() + exec.flatSize());
  precision.afterOptimizer();
  EXPECT_TRUE(representable(type, exec.flatParams(), exec.flatSize()));
  precision.withMasters([&] {
    for (int64_t i = 0; i < exec.flatSize(); ++i)
      ASSERT_EQ(exec.flatParams()[i], updated[i]) << i;
  });
}

// Megatron-LM's rules: bf16 reduces in fp32 unless --grad-reduce-in-bf16, fp16
// in fp16 unless --accumulate-allreduce-grads-in-fp32, fp32 in fp32.
TEST(MixedPrecision, GradientStorageFollowsMegatronsDefaults) {
  EXPECT_EQ(gradientStorage(StorageType::BF16, false, false), StorageType::F32);
  EXPECT_EQ(gradientStorage(StorageType::BF16, false, true), StorageType::BF16);
  EXPECT_EQ(gradientStorage(StorageType::BF16, true, false), StorageType::F32);
  EXPECT_EQ(gradientStorage(StorageType::FP16, false, false), StorageType::FP16);
  EXPECT_EQ(gradientStorage(StorageType::FP16, true, false), StorageType::F32);
  EXPECT_EQ(gradientStorage(StorageType::F32, false, false), StorageType::F32);
}

// 16-bit gradients: every accumulation is rounded (two micro-batches add into
// the same buffers), and so is the reduced mean.
TEST_P(StorageTest, SixteenBitGradientsAreRoundedAtEachAccumulationAndAfterReduction) {
  const StorageType type = GetParam();
  Executor exec(makeTinyPlan(), {});
  MixedPrecision precision(exec, type, type);
  exec.setStepObserver([&](int step) { precision.afterStep(step); });
  testing::fillPatternBatch(exec);
  exec.forwardBackward(1.0f);
  EXPECT_TRUE(representable(type, exec.flatGrads(), exec.flatSize()));
  std::vector<float> once(exec.flatGrads(), exec.flatGrads() + exec.flatSize());
  exec.forwardBackward(1.0f);
  EXPECT_TRUE(representable(type, exec.flatGrads(), exec.flatSize()));
  int64_t changed = 0; // the second micro-batch really added into them
  for (int64_t i = 0; i < exec.flatSize(); ++i)
    changed += exec.flatGrads()[i] != once[i];
  EXPECT_GT(changed, exec.flatSize() / 2);
  // A data-parallel mean over 3 replicas is generally not representable...
  exec.backend().scale(exec.flatGrads(), 1.0f / 3, exec.flatGrads(), exec.flatSize());
  EXPECT_FALSE(representable(type, exec.flatGrads(), exec.flatSize()));
  // ...until it is rounded, as a 16-bit all-reduce delivers it.
  precision.afterGradientReduction();
  EXPECT_TRUE(representable(type, exec.flatGrads(), exec.flatSize()));
}

INSTANTIATE_TEST_SUITE_P(LowPrecision, StorageTest,
                         ::testing::Values(StorageType::BF16, StorageType::FP16));

} // namespace
} // namespace mtc::runtime
