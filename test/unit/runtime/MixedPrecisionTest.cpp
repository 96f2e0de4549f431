// bf16/fp16 storage in the CPU executor (runtime/optim/Precision.h): the
// kernels read a 16-bit copy of the fp32 parameters, refreshed by every
// writer; a plan compiled for 16 bits stores its activations in 16 bits, an
// fp32 plan run in 16 bits rounds them in place; the loss and cross-entropy
// statistics stay fp32.
#include "TinyPlan.h"

#include "backends/host/HostBackend.h"
#include "exec/Executor.h"
#include "optim/Optimizer.h"
#include "optim/Precision.h"
#include "kernels/Operand.h"
#include "kernels/math/precision.h"
#include "exec/PlanValidator.h"

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
using testing::kLnGamma;
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

// The tiny plan as mtc-compile --precision bf16/fp16 emits it: activations
// in the 16-bit type (2 bytes an element), loss and row statistics in fp32.
pb::Plan sixteenBitPlan(StorageType type) {
  pb::Plan plan = makeTinyPlan();
  plan.set_precision(kernels::storageTypeName(type));
  const std::set<int32_t> fp32 = fp32Buffers(plan);
  for (pb::Buffer &b : *plan.mutable_buffers())
    if (b.dtype() == pb::F32 && !fp32.count(b.id())) {
      b.set_dtype(type == StorageType::BF16 ? pb::BF16 : pb::F16);
      b.set_bytes(b.bytes() / 2);
    }
  return plan;
}

ExecutorOptions runIn(StorageType type) {
  ExecutorOptions options;
  options.precision = kernels::storageTypeName(type);
  options.checkWeightCopy = true;
  return options;
}

std::vector<float> weightCopy(Executor &exec) {
  std::vector<float> out(exec.flatSize());
  kernels::convert(kernels::In(exec.kernelWeights(0)), out.data(), exec.flatSize());
  return out;
}

// A plan compiled for fp32 and run in 16 bits: its buffers are fp32 arrays of
// rounded values, rounded right after the step that writes them.
TEST_P(StorageTest, AnFp32PlanRunIn16BitsRoundsItsBuffersInPlace) {
  const StorageType type = GetParam();
  Executor exec(makeTinyPlan(), runIn(type));
  MixedPrecision precision(exec, type, StorageType::F32);
  EXPECT_FALSE(precision.storesActivations());
  exec.setStepObserver([&](int step) { precision.afterStep(step); });
  // The parameters are the fp32 masters (N(0, 0.02): not representable); the
  // kernels read their rounded copy.
  ASSERT_FALSE(representable(type, exec.flatParams(), exec.flatSize()));
  const std::vector<float> copy = weightCopy(exec);
  for (int64_t i = 0; i < exec.flatSize(); ++i)
    ASSERT_EQ(copy[i], kernels::roundTo(type, exec.flatParams()[i])) << i;

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
}

// Compiled for 16 bits: the same numbers as the fp32 plan rounded in place
// (the kernels see the same values at the same points), in half the bytes.
TEST_P(StorageTest, ActivationsStoredIn16BitsGiveTheRoundedFp32PlansNumbers) {
  const StorageType type = GetParam();
  Executor emulated(makeTinyPlan(), runIn(type));
  MixedPrecision rounding(emulated, type, StorageType::F32);
  emulated.setStepObserver([&](int step) { rounding.afterStep(step); });
  Executor stored(sixteenBitPlan(type), runIn(type));
  MixedPrecision native(stored, type, StorageType::F32);
  EXPECT_TRUE(native.storesActivations());
  stored.setStepObserver([&](int step) { native.afterStep(step); });
  testing::fillPatternBatch(emulated);
  testing::fillPatternBatch(stored);
  const MicroBatchLoss a = emulated.forwardBackward(1.0f), b = stored.forwardBackward(1.0f);
  EXPECT_EQ(a.sum, b.sum);
  EXPECT_EQ(a.count, b.count);
  for (int64_t i = 0; i < emulated.flatSize(); ++i)
    ASSERT_EQ(emulated.flatGrads()[i], stored.flatGrads()[i]) << i;
  // The stored logits are the rounded ones, two bytes each.
  const pb::Buffer &logits = stored.plan().buffers(kLogits);
  EXPECT_EQ(logits.bytes(), numElements(logits.shape()) * 2);
  const std::vector<float> widened = stored.logitsToHost();
  const float *rounded = static_cast<const float *>(emulated.bufferData(kLogits));
  for (size_t i = 0; i < widened.size(); ++i)
    ASSERT_EQ(widened[i], rounded[i]) << i;
  // Every step of the tiny plan reads and writes its 16-bit operands itself.
  EXPECT_EQ(stored.stagingPeakBytes(), 0);
}

// The staged host backend keeps Backend's defaults for 16-bit operands
// (widened into scratch of its own memory), as a device without 16-bit
// kernels does: the same numbers.
TEST_P(StorageTest, BackendDefaultsFor16BitOperandsGiveTheSameNumbers) {
  const StorageType type = GetParam();
  ExecutorOptions staged = runIn(type);
  staged.backend = &stagedHostBackend();
  Executor native(sixteenBitPlan(type), runIn(type)), widened(sixteenBitPlan(type), staged);
  testing::fillPatternBatch(native);
  testing::fillPatternBatch(widened);
  const MicroBatchLoss a = native.forwardBackward(1.0f), b = widened.forwardBackward(1.0f);
  EXPECT_EQ(a.sum, b.sum);
  HostView ga(native.backend(), native.flatGrads(), native.flatSize()),
      gb(widened.backend(), widened.flatGrads(), widened.flatSize());
  for (int64_t i = 0; i < native.flatSize(); ++i)
    ASSERT_EQ(ga.data()[i], gb.data()[i]) << i;
  EXPECT_EQ(native.logitsToHost(), widened.logitsToHost());
}

// The optimizer updates the fp32 masters and refreshes the copy; a writer that
// changes the parameters without refreshWeights() is caught before the next
// forward (train --check-weight-copy).
TEST_P(StorageTest, EveryParameterWriterRefreshesTheWeightCopy) {
  const StorageType type = GetParam();
  Executor exec(sixteenBitPlan(type), runIn(type));
  testing::fillPatternBatch(exec);
  exec.forwardBackward(1.0f);
  OptimizerConfig cfg; // a plain step of lr 1e-2 moves every parameter
  cfg.lr = 1e-2;
  cfg.warmupSteps = 0;
  cfg.decayStyle = DecayStyle::Constant;
  Optimizer opt(exec, cfg);
  const std::vector<float> before(exec.flatParams(), exec.flatParams() + exec.flatSize());
  opt.step(1);
  int64_t changed = 0;
  const std::vector<float> copy = weightCopy(exec);
  for (int64_t i = 0; i < exec.flatSize(); ++i) {
    changed += exec.flatParams()[i] != before[i];
    ASSERT_EQ(copy[i], kernels::roundTo(type, exec.flatParams()[i])) << i;
  }
  EXPECT_GT(changed, exec.flatSize() / 2);
  EXPECT_NO_THROW(exec.forwardBackward(1.0f));

  exec.param(kLnGamma)[3] += 0.5f; // a writer that forgets the refresh
  try {
    exec.forwardBackward(1.0f);
    FAIL() << "a stale weight copy ran";
  } catch (const std::logic_error &e) {
    EXPECT_NE(std::string(e.what()).find("'" + exec.paramInfo(kLnGamma).name() + "' is stale"),
              std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("the optimizer step"), std::string::npos) << e.what();
  }
  exec.refreshWeights("the test");
  EXPECT_NO_THROW(exec.forwardBackward(1.0f));
}

// A plan compiled for one 16-bit type runs only in it.
TEST(MixedPrecision, ASixteenBitPlanRefusesAnotherPrecision) {
  ExecutorOptions fp32;
  fp32.precision = "fp32";
  try {
    Executor exec(sixteenBitPlan(StorageType::BF16), fp32);
    FAIL() << "a bf16 plan ran in fp32";
  } catch (const std::invalid_argument &e) {
    EXPECT_NE(std::string(e.what()).find("stores its activations in bf16"), std::string::npos)
        << e.what();
  }
  EXPECT_THROW(Executor(sixteenBitPlan(StorageType::BF16), runIn(StorageType::FP16)),
               std::invalid_argument);
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
  Executor exec(makeTinyPlan(), runIn(type));
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
