// The dropout decision for one element, shared by the dropout kernel and the
// attention-probability dropout.
#pragma once
#include "kernels/math/hd.h"

namespace mtc::kernels::math {

// Keeps when the uniform draw is >= rate, so rate 0 keeps everything and the
// kept value is x * 1 (an exact copy).
MTC_HD inline float dropoutKeepScale(float uniform, float rate,
                                     float invKeep) {
  return uniform >= rate ? invKeep : 0.0f;
}

// 1 / (1 - rate), with rate 1 dropping everything instead of dividing by 0.
MTC_HD inline float dropoutInvKeep(float rate) {
  return rate < 1.0f ? 1.0f / (1.0f - rate) : 0.0f;
}

} // namespace mtc::kernels::math
