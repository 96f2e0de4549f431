#include "TinyPlan.h"

#include "exec/Executor.h"
#include "optim/Optimizer.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mtc::runtime {
namespace {

TEST(LearningRate, WarmupThenCosineToMin) {
  OptimizerConfig c;
  c.lr = 1e-3;
  c.minLr = 1e-4;
  c.warmupSteps = 10;
  c.decaySteps = 110;
  EXPECT_DOUBLE_EQ(learningRate(c, 0), 0.0);
  EXPECT_DOUBLE_EQ(learningRate(c, 5), 5e-4);
  EXPECT_DOUBLE_EQ(learningRate(c, 10), 1e-3);
  // Half-way through the decay: cos(pi/2) = 0, so the mean of lr and min_lr.
  EXPECT_NEAR(learningRate(c, 60), 5.5e-4, 1e-15);
  // A quarter: min + (max - min) * 0.5 * (1 + cos(pi / 4)).
  EXPECT_NEAR(learningRate(c, 35), 1e-4 + 9e-4 * 0.5 * (1 + std::sqrt(0.5)), 1e-15);
  EXPECT_NEAR(learningRate(c, 110), 1e-4, 1e-15);
  EXPECT_DOUBLE_EQ(learningRate(c, 111), 1e-4);
  EXPECT_DOUBLE_EQ(learningRate(c, 1000), 1e-4);
}

// Megatron-LM's other --lr-decay-style values, at hand-computed points of a
// 10-step warm-up and a 110-step schedule from 1e-3 down to 1e-4.
TEST(LearningRate, MegatronDecayStyles) {
  OptimizerConfig c;
  c.lr = 1e-3;
  c.minLr = 1e-4;
  c.warmupSteps = 10;
  c.decaySteps = 110;
  c.decayStyle = parseDecayStyle("linear");
  EXPECT_DOUBLE_EQ(learningRate(c, 5), 5e-4); // the warm-up is the same for every style
  EXPECT_NEAR(learningRate(c, 35), 1e-4 + 9e-4 * 0.75, 1e-15);
  EXPECT_NEAR(learningRate(c, 110), 1e-4, 1e-15);
  EXPECT_DOUBLE_EQ(learningRate(c, 111), 1e-4);

  c.decayStyle = parseDecayStyle("constant");
  EXPECT_DOUBLE_EQ(learningRate(c, 5), 5e-4);
  EXPECT_DOUBLE_EQ(learningRate(c, 1000), 1e-3); // never decays, not even past the end

  // lr * sqrt(warmup / n), floored at min-lr.
  c.decayStyle = parseDecayStyle("inverse-square-root");
  EXPECT_DOUBLE_EQ(learningRate(c, 10), 1e-3);
  EXPECT_NEAR(learningRate(c, 40), 5e-4, 1e-15);
  EXPECT_NEAR(learningRate(c, 90), 1e-3 / 3, 1e-15);
  c.minLr = 4e-4;
  EXPECT_DOUBLE_EQ(learningRate(c, 90), 4e-4);
  c.minLr = 1e-4;

  // WSD: the peak until the last 20 steps, then the chosen shape of r in [0, 1].
  c.decayStyle = parseDecayStyle("WSD");
  c.wsdDecaySteps = 20;
  EXPECT_DOUBLE_EQ(learningRate(c, 60), 1e-3);
  EXPECT_DOUBLE_EQ(learningRate(c, 90), 1e-3);
  const double r = 0.25; // step 95
  struct Shape {
    const char *name;
    double coeff;
  } shapes[] = {{"linear", 1 - r},
                {"cosine", 0.5 * (1 + std::cos(M_PI * r))},
                {"exponential", 2 * std::pow(0.5, r) - 1},
                {"minus_sqrt", 1 - std::sqrt(r)}};
  for (const Shape &shape : shapes) {
    c.wsdDecayStyle = parseWsdDecayStyle(shape.name);
    EXPECT_NEAR(learningRate(c, 95), 1e-4 + 9e-4 * shape.coeff, 1e-15) << shape.name;
    EXPECT_NEAR(learningRate(c, 110), 1e-4, 1e-15) << shape.name;
  }
  EXPECT_THROW(parseDecayStyle("Cosine"), std::invalid_argument); // Megatron's spelling only
  EXPECT_THROW(parseWsdDecayStyle("sqrt"), std::invalid_argument);
}

TEST(LearningRate, ScheduleProblemsNameTheFlags) {
  OptimizerConfig c;
  c.lr = 1e-3;
  c.minLr = 1e-4;
  c.warmupSteps = 10;
  c.decaySteps = 110;
  EXPECT_EQ(scheduleProblem(c), "");
  c.decaySteps = 10;
  EXPECT_NE(scheduleProblem(c).find("--lr-warmup-iters 10 leaves nothing"), std::string::npos);
  c.decayStyle = DecayStyle::Constant;
  EXPECT_EQ(scheduleProblem(c), "");
  c.decayStyle = DecayStyle::WSD;
  c.decaySteps = 110;
  EXPECT_NE(scheduleProblem(c).find("needs --lr-wsd-decay-iters in [1, 100]"), std::string::npos);
  c.wsdDecaySteps = 100;
  EXPECT_EQ(scheduleProblem(c), "");
  c.minLr = 2e-3;
  EXPECT_NE(scheduleProblem(c).find("--min-lr 0.002 is above --lr 0.001"), std::string::npos);
}

TEST(LearningRate, NoWarmupStartsAtPeakAndNoDecayIsConstant) {
  OptimizerConfig c;
  c.lr = 2e-4;
  c.minLr = 0;
  c.warmupSteps = 0;
  c.decaySteps = 100;
  EXPECT_DOUBLE_EQ(learningRate(c, 0), 2e-4);
  EXPECT_NEAR(learningRate(c, 50), 1e-4, 1e-18);
  c.decaySteps = 0;
  EXPECT_DOUBLE_EQ(learningRate(c, 500), 2e-4);
}

// Fills grads with known values, takes one step, and compares every element
// with AdamW + global-norm clipping computed here in double.
void checkOneStep(double clipGrad, bool expectClipped) {
  Executor e(testing::makeTinyPlan(), {});
  OptimizerConfig c = OptimizerConfig::fromPlan(e.plan().optimizer());
  c.clipGrad = clipGrad;
  c.warmupSteps = 0; // lr of the first step = peak
  Optimizer opt(e, c);
  std::vector<float> before(e.flatParams(), e.flatParams() + e.flatSize());
  double sumSquares = 0;
  for (int id = 0; id < e.numParams(); ++id)
    for (int64_t i = 0; i < e.paramElements(id); ++i) {
      float g = 0.05f * std::sin(0.7f * i + id);
      e.grad(id)[i] = g;
      sumSquares += double(g) * g;
    }
  double norm = std::sqrt(sumSquares);
  StepReport r = opt.step(1);
  EXPECT_NEAR(r.gradNorm, norm, 1e-9 * norm);
  double coeff = clipGrad > 0 && clipGrad / (norm + 1e-6) < 1 ? clipGrad / (norm + 1e-6) : 1.0;
  EXPECT_EQ(expectClipped, coeff < 1.0);
  EXPECT_NEAR(r.clipCoeff, coeff, 1e-12);
  EXPECT_DOUBLE_EQ(r.lr, c.lr);
  for (int id = 0; id < e.numParams(); ++id) {
    double wd = e.paramInfo(id).weight_decay() ? c.weightDecay : 0.0;
    for (int64_t i = 0; i < e.paramElements(id); ++i) {
      double g = double(0.05f * std::sin(0.7f * i + id)) * coeff;
      double m = (1 - c.beta1) * g, v = (1 - c.beta2) * g * g;
      double mHat = m / (1 - c.beta1), vHat = v / (1 - c.beta2);
      double p = before[e.paramOffset(id) + i];
      double expected = p - c.lr * (mHat / (std::sqrt(vHat) + c.eps) + wd * p);
      ASSERT_NEAR(e.param(id)[i], expected, 1e-6) << "param " << id << " element " << i;
      ASSERT_NEAR(opt.expAvg().data()[e.paramOffset(id) + i], m, 1e-8);
      ASSERT_NEAR(opt.expAvgSq().data()[e.paramOffset(id) + i], v, 1e-10);
    }
  }
  // Gradients are zeroed for the next step.
  for (int64_t i = 0; i < e.flatSize(); ++i)
    ASSERT_EQ(e.flatGrads()[i], 0.f);
  EXPECT_EQ(opt.stepsTaken(), 1);
}

TEST(Optimizer, AdamWWithClippingMatchesHandComputation) { checkOneStep(0.1, true); }
TEST(Optimizer, AdamWWithoutClippingMatchesHandComputation) { checkOneStep(0.0, false); }
TEST(Optimizer, LargeThresholdDoesNotClip) { checkOneStep(1e6, false); }

TEST(Optimizer, NormCountsOnlyCountedParamsAndUsesReducer) {
  Executor e(testing::makeTinyPlan(), {});
  Optimizer opt(e, OptimizerConfig::fromPlan(e.plan().optimizer()));
  std::fill(e.flatGrads(), e.flatGrads() + e.flatSize(), 0.f);
  e.grad(testing::kLnGamma)[0] = 3.f;
  e.grad(testing::kLnBeta)[0] = 4.f;
  EXPECT_DOUBLE_EQ(opt.globalGradNorm(), 5.0);
  opt.setCountedInNorm(testing::kLnBeta, false);
  EXPECT_DOUBLE_EQ(opt.globalGradNorm(), 3.0);
  opt.setNormReducer([](double local) { return local * 4; }); // e.g. 4 identical ranks
  EXPECT_DOUBLE_EQ(opt.globalGradNorm(), 6.0);
}

TEST(Optimizer, NonFiniteGradNormIsAnErrorWithIteration) {
  Executor e(testing::makeTinyPlan(), {});
  Optimizer opt(e, OptimizerConfig::fromPlan(e.plan().optimizer()));
  e.grad(testing::kWpe)[3] = std::nanf("");
  try {
    opt.step(17);
    FAIL() << "NaN gradient accepted";
  } catch (const TrainingError &error) {
    EXPECT_NE(std::string(error.what()).find("iteration 17"), std::string::npos) << error.what();
  }
}

} // namespace
} // namespace mtc::runtime
