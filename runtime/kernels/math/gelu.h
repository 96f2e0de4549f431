// GeLU, tanh approximation (GPT-2's "gelu_new"), and its derivative.
#pragma once
#include "kernels/math/hd.h"
#include <cmath>

namespace mtc::kernels::math {

constexpr float kGeluSqrt2OverPi = 0.7978845608028654f;
constexpr float kGeluCubic = 0.044715f;

MTC_HD inline float gelu(float x) {
  float inner = kGeluSqrt2OverPi * (x + kGeluCubic * x * x * x);
  return 0.5f * x * (1.0f + tanhf(inner));
}

MTC_HD inline float geluDerivative(float x) {
  float x2 = x * x;
  float inner = kGeluSqrt2OverPi * (x + kGeluCubic * x2 * x);
  float t = tanhf(inner);
  float dInner = kGeluSqrt2OverPi * (1.0f + 3.0f * kGeluCubic * x2);
  return 0.5f * (1.0f + t) + 0.5f * x * (1.0f - t * t) * dInner;
}

} // namespace mtc::kernels::math
