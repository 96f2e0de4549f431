// AdamW element update with decoupled weight decay:
//   m = b1 m + (1-b1) g,  v = b2 v + (1-b2) g^2,
//   p -= lr * (m/(1-b1^t) / (sqrt(v/(1-b2^t)) + eps) + wd * p).
#pragma once
#include "kernels/math/hd.h"
#include <cmath>

namespace mtc::kernels::math {

struct AdamWCoefficients {
  float lr, beta1, beta2, eps, weightDecay, gradScale;
  float biasCorrection1, biasCorrection2; // 1 - beta^step
};

MTC_HD inline void adamwElement(const AdamWCoefficients &c, float &param,
                                float grad, float &m, float &v) {
  float g = grad * c.gradScale;
  m = c.beta1 * m + (1.0f - c.beta1) * g;
  v = c.beta2 * v + (1.0f - c.beta2) * g * g;
  float mHat = m / c.biasCorrection1;
  float vHat = v / c.biasCorrection2;
  param -= c.lr * (mHat / (sqrtf(vHat) + c.eps) + c.weightDecay * param);
}

} // namespace mtc::kernels::math
