// Softmax row state (running max and sum of exp(x - max)). The online update
// and combine let a row be processed in blocks (flash attention, a vocabulary
// split across ranks) and merged; lse = max + log(sum) is what backward keeps.
#pragma once
#include "kernels/math/fast_exp.h"
#include "kernels/math/hd.h"
#include <cmath>

namespace mtc::kernels::math {

struct SoftmaxState {
  float max, sum;
};

MTC_HD inline SoftmaxState softmaxEmpty() { return {-INFINITY, 0.0f}; }

MTC_HD inline SoftmaxState softmaxUpdate(SoftmaxState s, float x) {
  if (x == -INFINITY)
    return s;
  if (x > s.max)
    return {x, s.sum * expf(s.max - x) + 1.0f};
  return {s.max, s.sum + expf(x - s.max)};
}

MTC_HD inline SoftmaxState softmaxCombine(SoftmaxState a, SoftmaxState b) {
  if (a.max == -INFINITY)
    return b;
  if (b.max == -INFINITY)
    return a;
  float m = a.max > b.max ? a.max : b.max;
  return {m, a.sum * expf(a.max - m) + b.sum * expf(b.max - m)};
}

MTC_HD inline float softmaxLse(SoftmaxState s) { return s.max + logf(s.sum); }

// Probability of a score given the row's log-sum-exp. Attention's forward
// and backward both use expFast so recomputed probabilities match.
MTC_HD inline float softmaxProb(float x, float lse) { return expFast(x - lse); }

// dS = P * (dP - D) where D = rowsum(dO * O) = rowsum(P * dP).
MTC_HD inline float softmaxBackward(float p, float dp, float rowDot) {
  return p * (dp - rowDot);
}

} // namespace mtc::kernels::math
