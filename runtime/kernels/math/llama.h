// Per-element and per-row math of the LLaMA family's ops (RMSNorm, rotary
// position embeddings, SwiGLU) and the grouped QKV layout of grouped-query
// attention, shared by the host and CUDA kernels.
#pragma once
#include "kernels/math/hd.h"
#include <cmath>
#include <cstdint>

namespace mtc::kernels::math {

// ---- grouped QKV layout (Megatron-LM's GQA) ----
// A token's row holds kvHeads groups of (r + 2) head slots, r = heads /
// kvHeads: the group's r query heads, its key head, its value head. With
// r = 1 this is the per-head [q | k | v] layout of GPT and BERT.
MTC_HD inline int64_t qkvRowWidth(int64_t heads, int64_t kvHeads, int64_t headDim) {
  return (heads + 2 * kvHeads) * headDim;
}
// Column of query head h's q, and of its group's k and v (r = heads / kvHeads).
MTC_HD inline int64_t qkvQueryColumn(int64_t h, int64_t r, int64_t headDim) {
  return ((h / r) * (r + 2) + h % r) * headDim;
}
MTC_HD inline int64_t qkvKeyColumn(int64_t h, int64_t r, int64_t headDim) {
  return ((h / r) * (r + 2) + r) * headDim;
}
MTC_HD inline int64_t qkvValueColumn(int64_t h, int64_t r, int64_t headDim) {
  return qkvKeyColumn(h, r, headDim) + headDim;
}
// Whether head slot t of a row (a q or k slot) gets the rotary embedding;
// the last slot of each group is a value head.
MTC_HD inline bool qkvSlotIsRotated(int64_t slot, int64_t r) {
  return slot % (r + 2) != r + 1;
}

// ---- RMSNorm: y = x * rsqrt(mean(x^2) + eps) * gamma ----
// The row's 1 / rms from its sum of squares. The sum is accumulated in
// double (on the GPU per lane, then combined), so the host and device rows
// differ only in the order of a double sum.
MTC_HD inline float rmsNormRstdFromSum(double sumSquares, int64_t h, float eps) {
  return static_cast<float>(1.0 / sqrt(sumSquares / static_cast<double>(h) + eps));
}
MTC_HD inline float rmsNormRowRstd(const float *x, int64_t h, float eps) {
  double sum = 0.0;
  for (int64_t i = 0; i < h; ++i)
    sum += static_cast<double>(x[i]) * x[i];
  return rmsNormRstdFromSum(sum, h, eps);
}
// HuggingFace's order: normalize, then scale by gamma.
MTC_HD inline float rmsNormForwardElement(float x, float rstd, float gamma) {
  return (x * rstd) * gamma;
}
// dx = rstd * (g*dy - xhat * mean(g*dy*xhat)), xhat = x * rstd; the mean is
// meanFromSum of the row's sum of g*dy*xhat (accumulated in double).
MTC_HD inline float rmsNormBackwardMeanFromSum(double sumGdyXhat, int64_t h) {
  return static_cast<float>(sumGdyXhat / static_cast<double>(h));
}
MTC_HD inline double rmsNormBackwardTerm(float x, float gamma, float dy, float rstd) {
  return static_cast<double>(gamma * dy) * static_cast<double>(x * rstd);
}
MTC_HD inline float rmsNormRowBackwardMean(const float *x, const float *gamma, const float *dy,
                                           int64_t h, float rstd) {
  double sum = 0.0;
  for (int64_t i = 0; i < h; ++i)
    sum += rmsNormBackwardTerm(x[i], gamma[i], dy[i], rstd);
  return rmsNormBackwardMeanFromSum(sum, h);
}
MTC_HD inline float rmsNormBackwardElement(float x, float gamma, float dy, float rstd,
                                           float mean) {
  return rstd * (gamma * dy - (x * rstd) * mean);
}
// One row's term of dgamma: dy * xhat.
MTC_HD inline float rmsNormWeightGradTerm(float x, float dy, float rstd) {
  return dy * (x * rstd);
}

// ---- rotary position embedding (HuggingFace's rotate_half pairs) ----
// The rotation of pair i (elements i and i + headDim/2) at position p:
// angle p * theta^(-2i/headDim), in double, rounded once to float cos/sin.
// inverse negates the angle (the transpose: the backward).
struct RotaryAngle {
  float cos, sin;
};
MTC_HD inline RotaryAngle rotaryAngle(int64_t p, int64_t i, int64_t headDim, double theta,
                                      bool inverse) {
  double invFreq = pow(theta, -2.0 * static_cast<double>(i) / static_cast<double>(headDim));
  double angle = static_cast<double>(p) * invFreq;
  float s = static_cast<float>(sin(angle));
  return {static_cast<float>(cos(angle)), inverse ? -s : s};
}
// Rotates the pair (a, b) = (v[i], v[i + headDim/2]) in place.
MTC_HD inline void rotaryPair(float &a, float &b, RotaryAngle r) {
  float x = a, y = b;
  a = x * r.cos - y * r.sin;
  b = y * r.cos + x * r.sin;
}

// ---- SwiGLU: y = silu(gate) * up ----
// Either branch exponentiates a non-positive number: no overflow for any g.
MTC_HD inline float sigmoid(float g) {
  if (g >= 0.0f)
    return 1.0f / (1.0f + expf(-g));
  float e = expf(g);
  return e / (1.0f + e);
}
MTC_HD inline float swiglu(float gate, float up) { return gate * sigmoid(gate) * up; }
struct SwigluGrad {
  float dgate, dup;
};
MTC_HD inline SwigluGrad swigluGrad(float gate, float up, float dy) {
  float s = sigmoid(gate);
  return {dy * up * s * (1.0f + gate * (1.0f - s)), dy * (gate * s)};
}

} // namespace mtc::kernels::math
