#include "TinyPlan.h"

#include "exec/Executor.h"
#include "exec/PlanValidator.h"
#include "exec/StepRegistry.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace mtc::runtime {
namespace {

using testing::makeTinyPlan;

void fillBatch(Executor &e) {
  const int32_t tokens[8] = {1, 5, 3, 10, 0, 7, 7, 2};
  const int32_t targets[8] = {5, 3, 10, 4, 7, 7, 2, -1}; // the last row is not counted
  std::copy(tokens, tokens + 8, e.tokens());
  std::copy(targets, targets + 8, e.targets());
}

// The tiny model's mean loss computed directly in double from the parameters.
double referenceLoss(Executor &e) {
  const int64_t B = 2, S = 4, H = 8, V = 16, real = 11;
  const float *wte = e.param(testing::kWte), *wpe = e.param(testing::kWpe);
  const float *gamma = e.param(testing::kLnGamma), *beta = e.param(testing::kLnBeta);
  double sum = 0;
  int count = 0;
  for (int64_t n = 0; n < B * S; ++n) {
    std::vector<double> x(H), y(H);
    for (int64_t j = 0; j < H; ++j)
      x[j] = wte[e.tokens()[n] * H + j] + wpe[(n % S) * H + j];
    double mean = 0, var = 0;
    for (double v : x) mean += v / H;
    for (double v : x) var += (v - mean) * (v - mean) / H;
    for (int64_t j = 0; j < H; ++j)
      y[j] = (x[j] - mean) / std::sqrt(var + 1e-5) * gamma[j] + beta[j];
    if (e.targets()[n] < 0)
      continue;
    std::vector<double> logits(real);
    double maxLogit = -1e30;
    for (int64_t v = 0; v < real; ++v) {
      double s = 0;
      for (int64_t j = 0; j < H; ++j)
        s += y[j] * wte[v * H + j];
      logits[v] = s;
      maxLogit = std::max(maxLogit, s);
    }
    double z = 0;
    for (double l : logits) z += std::exp(l - maxLogit);
    sum += std::log(z) + maxLogit - logits[e.targets()[n]];
    ++count;
  }
  (void)V;
  return sum / count;
}

// Every record of plan.proto's Step oneof is a registered step kind with a
// shape rule and a run function (exec/StepRegistry.h).
TEST(StepRegistry, EveryStepRecordHasAKind) {
  const auto *kernel = pb::Step::descriptor()->FindOneofByName("kernel");
  ASSERT_NE(kernel, nullptr);
  EXPECT_GE(kernel->field_count(), 35);
  for (int i = 0; i < kernel->field_count(); ++i) {
    const auto *field = kernel->field(i);
    const StepKind *kind =
        findStepKind(static_cast<pb::Step::KernelCase>(field->number()));
    ASSERT_NE(kind, nullptr) << field->name() << " has no registered step kind";
    EXPECT_EQ(kind->kind, field->number()) << field->name();
  }
  EXPECT_EQ(findStepKind(pb::Step::KERNEL_NOT_SET), nullptr);
}

TEST(PlanValidation, StepWithoutKernelIsRefused) {
  pb::Plan plan = makeTinyPlan();
  plan.mutable_steps(0)->clear_kernel();
  auto errors = validatePlan(plan);
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors[0].find("step 0"), std::string::npos) << errors[0];
  EXPECT_NE(errors[0].find("has no kernel set"), std::string::npos) << errors[0];
}

TEST(PlanValidation, TinyPlanIsValid) {
  std::vector<std::string> errors = validatePlan(makeTinyPlan());
  EXPECT_TRUE(errors.empty()) << errors.front();
}

bool anyContains(const std::vector<std::string> &errors, const std::string &a,
                 const std::string &b = "") {
  for (const std::string &e : errors)
    if (e.find(a) != std::string::npos && e.find(b) != std::string::npos)
      return true;
  return false;
}

TEST(PlanValidation, WrongFormatVersion) {
  pb::Plan plan = makeTinyPlan();
  plan.set_format_version(7);
  EXPECT_TRUE(anyContains(validatePlan(plan), "format_version is 7"));
}

TEST(PlanValidation, BufferOutsideArena) {
  pb::Plan plan = makeTinyPlan();
  plan.mutable_buffers(testing::kLogits)->set_offset(plan.memory().arena_bytes() - 16);
  EXPECT_TRUE(anyContains(validatePlan(plan), "buffer 'logits'", "exceed arena_bytes"));
}

TEST(PlanValidation, TransientBufferOutsideTheTransientArena) {
  // A stage plan's transient buffers lie in the transient arena, however
  // large the chunk arenas are.
  pb::Plan plan = makeTinyPlan();
  plan.set_pipeline_transient_arena_bytes(64);
  pb::Buffer *logits = plan.mutable_buffers(testing::kLogits);
  logits->set_transient_arena(true);
  logits->set_offset(0);
  ASSERT_GT(logits->bytes(), 64);
  EXPECT_TRUE(anyContains(validatePlan(plan), "buffer 'logits'",
                          "exceed pipeline_transient_arena_bytes 64"));
}

TEST(PlanValidation, StepNamesUnknownBuffer) {
  pb::Plan plan = makeTinyPlan();
  plan.mutable_steps(1)->mutable_layer_norm_forward()->set_y(99);
  EXPECT_TRUE(anyContains(validatePlan(plan), "step 1 (ln_f fwd, layer_norm_forward)",
                          "buffer id 99"));
}

TEST(PlanValidation, StepNamesUnknownParam) {
  pb::Plan plan = makeTinyPlan();
  plan.mutable_steps(2)->mutable_linear_forward()->set_w_param(12);
  EXPECT_TRUE(anyContains(validatePlan(plan), "step 2 (lm_head fwd", "param id 12"));
}

TEST(PlanValidation, ShapeMismatchNamesStep) {
  pb::Plan plan = makeTinyPlan();
  // ln_f output one row short: the layer norm kernel would write past it.
  plan.mutable_buffers(testing::kLn)->set_shape(0, 7);
  std::vector<std::string> errors = validatePlan(plan);
  EXPECT_TRUE(anyContains(errors, "step 1 (ln_f fwd", "has 56 elements, the kernel needs 64"));
}

TEST(PlanValidation, WrongDtype) {
  pb::Plan plan = makeTinyPlan();
  plan.mutable_buffers(testing::kTargets)->set_dtype(pb::F32);
  EXPECT_TRUE(anyContains(validatePlan(plan), "targets buffer 'targets' must be I32"));
}

TEST(PlanValidation, LiveBuffersMustNotShareBytes) {
  pb::Plan plan = makeTinyPlan();
  plan.mutable_buffers(testing::kLn)->set_offset(plan.buffers(testing::kEmb).offset());
  EXPECT_TRUE(anyContains(validatePlan(plan), "'emb'", "share arena bytes"));
}

TEST(PlanValidation, TheBToWArenaIsOtherMemory) {
  // The same offset in a chunk's B-to-W arena is other bytes: no overlap;
  // two buffers both in it that are live together do overlap.
  pb::Plan plan = makeTinyPlan();
  plan.mutable_buffers(testing::kLn)->set_offset(plan.buffers(testing::kEmb).offset());
  plan.mutable_buffers(testing::kLn)->set_b_to_w_arena(true);
  EXPECT_FALSE(anyContains(validatePlan(plan), "'emb'", "share arena bytes"));
  plan.mutable_buffers(testing::kEmb)->set_b_to_w_arena(true);
  EXPECT_TRUE(anyContains(validatePlan(plan), "'emb'", "share arena bytes"));
}

TEST(PlanValidation, DuplicateParamIdAndSliceOutOfRange) {
  pb::Plan plan = makeTinyPlan();
  plan.mutable_params(testing::kWpe)->set_id(0);
  plan.mutable_params(testing::kLnGamma)->set_slice_offset(0, 4);
  std::vector<std::string> errors = validatePlan(plan);
  EXPECT_TRUE(anyContains(errors, "param id 0 is used twice"));
  EXPECT_TRUE(anyContains(errors, "param 'ln_f.weight'", "falls outside full_shape"));
}

TEST(PlanValidation, ExecutorRefusesInvalidPlan) {
  pb::Plan plan = makeTinyPlan();
  plan.set_format_version(0);
  try {
    Executor e(plan, {});
    FAIL() << "accepted an invalid plan";
  } catch (const PlanError &error) {
    EXPECT_NE(std::string(error.what()).find("invalid plan for model 'tiny'"), std::string::npos);
  }
}

TEST(Executor, LossMatchesDirectComputation) {
  Executor e(makeTinyPlan(), {});
  fillBatch(e);
  MicroBatchLoss loss = e.forward();
  EXPECT_EQ(loss.count, 7);
  double expected = referenceLoss(e);
  EXPECT_NEAR(loss.mean(), expected, 1e-5 * std::abs(expected));
  EXPECT_GT(expected, 0.5); // not a trivial model
  // The full pass reports the same loss.
  MicroBatchLoss full = e.forwardBackward(1.0f);
  EXPECT_DOUBLE_EQ(full.mean(), loss.mean());
}

TEST(Executor, GradientsMatchFiniteDifferences) {
  Executor e(makeTinyPlan(), {});
  fillBatch(e);
  e.zeroGrads();
  e.forwardBackward(1.0f);
  struct Probe { int param; int64_t index; };
  for (Probe probe : {Probe{testing::kWte, 5 * 8 + 3}, Probe{testing::kWte, 10 * 8 + 1},
                      Probe{testing::kWpe, 2 * 8 + 6}, Probe{testing::kLnGamma, 4},
                      Probe{testing::kLnBeta, 0}}) {
    float &w = e.param(probe.param)[probe.index];
    const float saved = w, h = 1e-2f;
    w = saved + h;
    double plus = referenceLoss(e);
    w = saved - h;
    double minus = referenceLoss(e);
    w = saved;
    double numeric = (plus - minus) / (2 * h);
    double analytic = e.grad(probe.param)[probe.index];
    EXPECT_NEAR(analytic, numeric, 2e-3 + 1e-2 * std::abs(numeric))
        << "param " << probe.param << " element " << probe.index;
  }
}

TEST(Executor, PaddedVocabularyRowsGetNoGradient) {
  Executor e(makeTinyPlan(), {});
  fillBatch(e);
  e.forwardBackward(1.0f);
  for (int64_t row = 11; row < 16; ++row)
    for (int64_t j = 0; j < 8; ++j)
      EXPECT_EQ(e.grad(testing::kWte)[row * 8 + j], 0.f);
}

TEST(Executor, MeasuredPeakEqualsPredicted) {
  pb::Plan plan = makeTinyPlan();
  Executor e(plan, {});
  fillBatch(e);
  e.forwardBackward(1.0f);
  EXPECT_EQ(e.measuredPeakBytes(), plan.memory().activation_peak_bytes());
  EXPECT_EQ(e.measuredPeakBytes(), 1672);
}

TEST(Executor, InitializationIsLayoutIndependent) {
  // A second plan that holds only rows [8, 16) of wte initializes them to the
  // same values as the full table.
  pb::Plan plan = makeTinyPlan();
  Executor full(plan, {});
  pb::Param *wte = plan.mutable_params(testing::kWte);
  wte->set_shape(0, 8);
  wte->set_slice_offset(0, 8);
  // Only parameter init matters here: drop the steps that use wte's full shape.
  plan.clear_steps();
  plan.set_forward_steps(0);
  for (pb::Buffer &b : *plan.mutable_buffers()) {
    b.set_first_step(-1);
    b.set_last_step(-1);
  }
  Executor half(plan, {});
  for (int64_t i = 0; i < 8 * 8; ++i)
    ASSERT_EQ(half.param(testing::kWte)[i], full.param(testing::kWte)[8 * 8 + i]) << i;
}

TEST(Executor, CheckLifetimesCatchesWrongLifetime) {
  // The compiler "forgot" that ln_f (step 1) reads emb: emb dies after step 0.
  pb::Plan plan = makeTinyPlan();
  plan.mutable_buffers(testing::kEmb)->set_last_step(0);
  ASSERT_TRUE(validatePlan(plan).empty());
  {
    Executor e(plan, {}); // without the check the bug goes unnoticed
    fillBatch(e);
    EXPECT_TRUE(std::isfinite(e.forwardBackward(1.0f).mean()));
  }
  ExecutorOptions options;
  options.checkLifetimes = true;
  Executor checked(plan, options);
  fillBatch(checked);
  EXPECT_TRUE(std::isnan(checked.forwardBackward(1.0f).mean()));

  // The correct plan stays finite under the check, also for a second micro-batch.
  Executor good(makeTinyPlan(), options);
  for (int i = 0; i < 2; ++i) {
    fillBatch(good);
    EXPECT_TRUE(std::isfinite(good.forwardBackward(1.0f).mean()));
  }
}

TEST(Executor, GradientsAccumulateAndScale) {
  Executor e(makeTinyPlan(), {});
  fillBatch(e);
  e.forwardBackward(1.0f);
  std::vector<float> once(e.flatGrads(), e.flatGrads() + e.flatSize());
  e.zeroGrads();
  fillBatch(e);
  e.forwardBackward(0.5f);
  fillBatch(e);
  e.forwardBackward(0.5f);
  for (int64_t i = 0; i < e.flatSize(); ++i)
    ASSERT_NEAR(e.flatGrads()[i], once[i], 1e-6f + 1e-5f * std::abs(once[i])) << i;
}

} // namespace
} // namespace mtc::runtime
