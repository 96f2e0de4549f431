// fp16 dynamic loss scaling, Megatron-LM's DynamicGradScaler state machine.
//
// The loss (and so every gradient) is multiplied by scale() before the
// backward; the optimizer divides the gradients back. When any gradient is
// inf or NaN the step is skipped, and after `hysteresis` overflows (counted
// since the last growth) every further overflow halves the scale, never
// below `minScale`; after `growthInterval` clean steps in a row it doubles
// and the hysteresis budget is refilled. Defaults: initial 2^32, hysteresis
// 2, growth every 1000 steps, minimum 1 (Megatron-LM's fp16 defaults).
#pragma once

#include <cstdint>
#include <string>

namespace mtc::runtime {

struct LossScalerConfig {
  double initialScale = 4294967296.0; // 2^32
  double minScale = 1.0;
  int64_t growthInterval = 1000;
  int64_t hysteresis = 2;
};

/// The part of the state a checkpoint must keep.
struct LossScalerState {
  double scale = 0;
  int64_t growthTracker = 0;
  int64_t hysteresisTracker = 0;
};

class LossScaler {
public:
  /// Throws std::invalid_argument naming the bad setting.
  explicit LossScaler(LossScalerConfig config = {});

  double scale() const { return current.scale; }
  double inverseScale() const { return 1.0 / current.scale; }

  /// Records one step's outcome; returns true when the optimizer may apply
  /// the step (no overflow), false when it must be skipped.
  bool update(bool foundOverflow);

  int64_t skippedSteps() const { return skipped; }
  const LossScalerState &state() const { return current; }
  void restore(const LossScalerState &state);
  std::string describe() const;

private:
  LossScalerConfig cfg;
  LossScalerState current;
  int64_t skipped = 0;
};

} // namespace mtc::runtime
