// exp(x) in float from plain arithmetic (Cephes' expf polynomial), so the
// host compiler can vectorize loops over it: libm's expf is a scalar call and
// made attention's softmax cost more than its matrix products. Accurate to
// ~2 ulp; inputs below -87 (results under 2^-126) return a tiny normal number
// instead of underflowing, inputs above 88 saturate.
#pragma once
#include "kernels/math/hd.h"
#include <cstdint>

namespace mtc::kernels::math {

MTC_HD inline float expFast(float x) {
  const float kLog2e = 1.44269504088896341f;
  const float kLn2Hi = 0.693359375f, kLn2Lo = -2.12194440e-4f;
  const float kRoundMagic = 12582912.0f; // 1.5 * 2^23: adds round to integer
  x = x < -87.0f ? -87.0f : x;
  x = x > 88.0f ? 88.0f : x;
  float n = (x * kLog2e + kRoundMagic) - kRoundMagic;
  float r = x - n * kLn2Hi - n * kLn2Lo;
  float p = 1.9875691500e-4f;
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.0f;
  int32_t bits = (static_cast<int32_t>(n) + 127) * (1 << 23);
#ifdef __CUDA_ARCH__
  float scale = __int_as_float(bits);
#else
  // A bit cast the vectorizer understands (a memcpy blocks it).
  float scale = __builtin_bit_cast(float, bits);
#endif
  return p * scale;
}

} // namespace mtc::kernels::math
