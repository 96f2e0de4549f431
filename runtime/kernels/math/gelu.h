// GeLU and its derivative: the tanh approximation (GPT-2's "gelu_new",
// Megatron's --openai-gelu) and the exact form x * Phi(x) (PyTorch's and
// BERT's "gelu").
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

constexpr float kInvSqrt2 = 0.7071067811865476f;
constexpr float kInvSqrt2Pi = 0.3989422804014327f;

MTC_HD inline float geluExact(float x) { return 0.5f * x * (1.0f + erff(x * kInvSqrt2)); }

MTC_HD inline float geluExactDerivative(float x) {
  return 0.5f * (1.0f + erff(x * kInvSqrt2)) + x * kInvSqrt2Pi * expf(-0.5f * x * x);
}

MTC_HD inline float gelu(float x, bool exact) { return exact ? geluExact(x) : gelu(x); }

MTC_HD inline float geluDerivative(float x, bool exact) {
  return exact ? geluExactDerivative(x) : geluDerivative(x);
}

} // namespace mtc::kernels::math
