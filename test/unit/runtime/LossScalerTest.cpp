// The fp16 dynamic loss scaler's state machine (runtime/optim/LossScaler.h).
#include "optim/LossScaler.h"
#include "kernels/kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

namespace {
using mtc::kernels::hasNonFinite;
using mtc::runtime::LossScaler;
using mtc::runtime::LossScalerConfig;

TEST(LossScaler, StartsAtTwoToThe32) {
  LossScaler s;
  EXPECT_EQ(s.scale(), 4294967296.0);
  EXPECT_EQ(s.state().hysteresisTracker, 2);
}

TEST(LossScaler, HysteresisDelaysTheFirstHalving) {
  LossScaler s;
  EXPECT_FALSE(s.update(true)); // skipped, hysteresis 2 -> 1, scale kept
  EXPECT_EQ(s.scale(), 4294967296.0);
  EXPECT_FALSE(s.update(true)); // skipped, budget spent: halve
  EXPECT_EQ(s.scale(), 2147483648.0);
  EXPECT_FALSE(s.update(true)); // every further overflow halves
  EXPECT_EQ(s.scale(), 1073741824.0);
  EXPECT_EQ(s.skippedSteps(), 3);
}

TEST(LossScaler, OneInjectedOverflowSkipsOneStepAndHalves) {
  // The state of a run past its first overflows: hysteresis already spent.
  LossScaler s;
  s.update(true);
  s.update(true);
  const double before = s.scale();
  for (int i = 0; i < 10; ++i)
    EXPECT_TRUE(s.update(false));
  EXPECT_FALSE(s.update(true));
  EXPECT_EQ(s.scale(), before / 2);
  EXPECT_TRUE(s.update(false));
  EXPECT_EQ(s.skippedSteps(), 3);
}

TEST(LossScaler, DoublesAfterGrowthIntervalCleanStepsAndRefillsHysteresis) {
  LossScaler s;
  s.update(true);
  s.update(true);
  const double halved = s.scale();
  for (int i = 0; i < 999; ++i)
    s.update(false);
  EXPECT_EQ(s.scale(), halved);
  s.update(false); // the 1000th clean step
  EXPECT_EQ(s.scale(), 2 * halved);
  EXPECT_EQ(s.state().hysteresisTracker, 2);
  EXPECT_EQ(s.state().growthTracker, 0);
  // An overflow resets the clean-step count: 999 more do not double it.
  s.update(true);
  EXPECT_EQ(s.scale(), 2 * halved); // hysteresis 2 -> 1 only
  for (int i = 0; i < 999; ++i)
    s.update(false);
  EXPECT_EQ(s.scale(), 2 * halved);
}

TEST(LossScaler, NeverBelowTheMinimum) {
  LossScalerConfig cfg;
  cfg.initialScale = 4;
  cfg.hysteresis = 1;
  LossScaler s(cfg);
  for (int i = 0; i < 10; ++i)
    s.update(true);
  EXPECT_EQ(s.scale(), 1.0);
}

TEST(LossScaler, RejectsBadSettings) {
  LossScalerConfig cfg;
  cfg.hysteresis = 0;
  EXPECT_THROW(LossScaler{cfg}, std::invalid_argument);
  cfg = {};
  cfg.initialScale = 0.5; // below the minimum 1
  EXPECT_THROW(LossScaler{cfg}, std::invalid_argument);
  cfg = {};
  cfg.growthInterval = 0;
  EXPECT_THROW(LossScaler{cfg}, std::invalid_argument);
  LossScaler s;
  EXPECT_THROW(s.restore({0.25, 0, 2}), std::invalid_argument);
}

TEST(LossScaler, RestoreContinuesTheStateMachine) {
  LossScaler s;
  s.restore({1024.0, 998, 1});
  s.update(false);
  EXPECT_EQ(s.scale(), 1024.0);
  s.update(false);
  EXPECT_EQ(s.scale(), 2048.0);
}

TEST(LossScaler, FindsInfAndNan) {
  std::vector<float> v(1000, 1.5f);
  EXPECT_FALSE(hasNonFinite(v.data(), v.size()));
  v[517] = std::numeric_limits<float>::infinity();
  EXPECT_TRUE(hasNonFinite(v.data(), v.size()));
  v[517] = -std::numeric_limits<float>::infinity();
  EXPECT_TRUE(hasNonFinite(v.data(), v.size()));
  v[517] = std::nanf("");
  EXPECT_TRUE(hasNonFinite(v.data(), v.size()));
  v[517] = 3.4e38f; // large but finite
  EXPECT_FALSE(hasNonFinite(v.data(), v.size()));
}

} // namespace
