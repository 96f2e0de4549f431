// GeLU and its derivative: the tanh approximation (GPT-2's "gelu_new",
// Megatron's --openai-gelu) and the exact form x * Phi(x) (PyTorch's and
// BERT's "gelu").
//
// The tanh form is computed as 0.5 (1 + tanh u) = sigmoid(2u) = 1 / (1 + e^-2u)
// with expFast, on the host and on the GPU alike. Written with tanhf, 1 + tanh u
// and 1 - tanh^2 u cancel for x < -4 (at x = -4.4 the GeLU is 1% off, and the
// first GPU run's tanhf form gave a gradient of -0 where the host's was 1.6e-6,
// docs/gpu.md); here tanh itself is never formed: 1 - tanh^2 u = 4 s (1 - s)
// with 1 - s = e^-2u s. On the host the loops over it vectorize (libm's tanhf
// is a scalar call: it was 11% of a GPT-2 124M step). For u < -44 expFast
// saturates at e^88, s is ~6e-39 and the results are their tiny limits; for
// u > 43.5 it returns ~1e-38 and s = 1.
#pragma once
#include "kernels/math/fast_exp.h"
#include "kernels/math/hd.h"
#include <cmath>

namespace mtc::kernels::math {

constexpr float kGeluSqrt2OverPi = 0.7978845608028654f;
constexpr float kGeluCubic = 0.044715f;

MTC_HD inline float gelu(float x) {
  float u = kGeluSqrt2OverPi * (x + kGeluCubic * x * x * x);
  return x / (1.0f + expFast(-2.0f * u));
}

MTC_HD inline float geluDerivative(float x) {
  float x2 = x * x;
  float u = kGeluSqrt2OverPi * (x + kGeluCubic * x2 * x);
  float e = expFast(-2.0f * u);
  float s = 1.0f / (1.0f + e); // 0.5 (1 + tanh u)
  float dInner = kGeluSqrt2OverPi * (1.0f + 3.0f * kGeluCubic * x2);
  // 0.5 x (1 - tanh^2 u) dInner = 2 x s (1 - s) dInner, 1 - s = e s.
  return s + 2.0f * x * s * (e * s) * dInner;
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
