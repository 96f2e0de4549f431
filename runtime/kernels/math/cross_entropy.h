// Cross-entropy row pieces. A row may be split over vocabulary shards: each
// shard contributes a max, a sum of exp(logit - globalMax) and (if it owns the
// target) the target logit, which combine by max / sum / sum.
#pragma once
#include "kernels/math/hd.h"
#include <cmath>
#include <cstdint>

namespace mtc::kernels::math {

// Local column of `target` in a shard starting at vocabStart with validLocal
// real columns, or -1 when the target is ignored (< 0) or elsewhere.
MTC_HD inline int64_t crossEntropyLocalTarget(int32_t target,
                                              int64_t vocabStart,
                                              int64_t validLocal) {
  if (target < 0)
    return -1;
  int64_t local = static_cast<int64_t>(target) - vocabStart;
  return local >= 0 && local < validLocal ? local : -1;
}

// -log softmax(target) = log(sumExp) + rowMax - targetLogit.
MTC_HD inline float crossEntropyRowLoss(float rowMax, float sumExp,
                                        float targetLogit) {
  return logf(sumExp) + rowMax - targetLogit;
}

MTC_HD inline float crossEntropyGrad(float logit, float rowMax, float sumExp,
                                     bool isTarget, float gradScale) {
  float p = expf(logit - rowMax) / sumExp;
  return (p - (isTarget ? 1.0f : 0.0f)) * gradScale;
}

} // namespace mtc::kernels::math
