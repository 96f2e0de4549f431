// Float sums over a row in a fixed association that vectorizes: kLanes
// interleaved partial sums (element j goes to lane j % kLanes), combined by a
// halving tree at the end. A plain `sum += x[j]` loop is a serial dependence
// the compiler may not reorder (no -ffast-math), so it runs one add at a time;
// this order is the same whatever the vector width (one AVX-512 register, two
// AVX2 ones, four SSE ones, or scalar code on a GPU thread), so every CPU
// gives the same bits.
#pragma once
#include "kernels/math/hd.h"
#include <cstdint>

namespace mtc::kernels::math {

constexpr int kLanes = 16;

// sum over j in [0, n) of f(j), in T with Lanes (a power of two) lanes:
// floats in kLanes by default; the gradient norm sums doubles in 8.
template <class T = float, int Lanes = kLanes, class F>
MTC_HD inline T laneSum(int64_t n, F &&f) {
  T acc[Lanes] = {};
  const int64_t full = n / Lanes * Lanes;
  for (int64_t j = 0; j < full; j += Lanes)
    for (int l = 0; l < Lanes; ++l)
      acc[l] += f(j + l);
  for (int64_t j = full; j < n; ++j)
    acc[j - full] += f(j);
  for (int width = Lanes / 2; width > 0; width /= 2)
    for (int l = 0; l < width; ++l)
      acc[l] += acc[l + width];
  return acc[0];
}

// The two sums of f(j) = {a, b} in one pass (layer norm's backward means).
template <class F>
MTC_HD inline void laneSum2(int64_t n, F &&f, float &sumA, float &sumB) {
  float a[kLanes] = {}, b[kLanes] = {};
  const int64_t full = n / kLanes * kLanes;
  for (int64_t j = 0; j < full; j += kLanes)
    for (int l = 0; l < kLanes; ++l) {
      float x, y;
      f(j + l, x, y);
      a[l] += x;
      b[l] += y;
    }
  for (int64_t j = full; j < n; ++j) {
    float x, y;
    f(j, x, y);
    a[j - full] += x;
    b[j - full] += y;
  }
  for (int width = kLanes / 2; width > 0; width /= 2)
    for (int l = 0; l < width; ++l) {
      a[l] += a[l + width];
      b[l] += b[l + width];
    }
  sumA = a[0];
  sumB = b[0];
}

} // namespace mtc::kernels::math
