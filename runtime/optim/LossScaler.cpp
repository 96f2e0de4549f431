#include "optim/LossScaler.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace mtc::runtime {

LossScaler::LossScaler(LossScalerConfig config) : cfg(config) {
  if (!(cfg.initialScale > 0) || !std::isfinite(cfg.initialScale))
    throw std::invalid_argument("loss scale: initial scale must be positive and finite (got " +
                                std::to_string(cfg.initialScale) + ")");
  if (!(cfg.minScale > 0) || cfg.minScale > cfg.initialScale)
    throw std::invalid_argument("loss scale: minimum " + std::to_string(cfg.minScale) +
                                " must be positive and at most the initial scale " +
                                std::to_string(cfg.initialScale));
  if (cfg.growthInterval <= 0)
    throw std::invalid_argument("loss scale: growth interval must be positive (got " +
                                std::to_string(cfg.growthInterval) + ")");
  if (cfg.hysteresis <= 0)
    throw std::invalid_argument("loss scale: hysteresis must be positive (got " +
                                std::to_string(cfg.hysteresis) + ")");
  current = {cfg.initialScale, 0, cfg.hysteresis};
}

bool LossScaler::update(bool foundOverflow) {
  if (foundOverflow) {
    ++skipped;
    current.growthTracker = 0;
    if (--current.hysteresisTracker <= 0) {
      current.hysteresisTracker = 0;
      current.scale = std::max(current.scale * 0.5, cfg.minScale);
    }
    return false;
  }
  if (++current.growthTracker == cfg.growthInterval) {
    current.growthTracker = 0;
    current.hysteresisTracker = cfg.hysteresis;
    current.scale *= 2.0;
  }
  return true;
}

void LossScaler::restore(const LossScalerState &state) {
  if (!(state.scale >= cfg.minScale) || !std::isfinite(state.scale))
    throw std::invalid_argument("loss scale: checkpointed scale " + std::to_string(state.scale) +
                                " is below the minimum " + std::to_string(cfg.minScale) +
                                " or not finite");
  current = state;
}

std::string LossScaler::describe() const {
  char text[128];
  std::snprintf(text, sizeof text, "loss scale %g (clean steps %lld, hysteresis left %lld)",
                current.scale, static_cast<long long>(current.growthTracker),
                static_cast<long long>(current.hysteresisTracker));
  return text;
}

} // namespace mtc::runtime
