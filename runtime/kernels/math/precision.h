// bf16 and fp16 storage conversions, bit for bit what the GPU does.
//
// Both round to nearest, ties to even, as CUDA's __float2bfloat16_rn and
// __float2half_rn; NaN becomes the canonical 0x7fff of either format (as
// CUDA's conversions return), overflow becomes infinity. Integer arithmetic
// only, so host and device agree whatever the floating-point environment.
// The CPU backend stores bf16/fp16 values with these and computes in fp32.
#pragma once

#include "kernels/math/hd.h"

#include <cstdint>
#include <cstring>

namespace mtc::kernels {

// Bit casts. The host compiler gets __builtin_bit_cast, which its vectorizer
// understands (a memcpy blocks it: the host's rounding loops then ran one
// element at a time); nvcc keeps memcpy.
MTC_HD inline uint32_t floatBits(float f) {
#ifdef __CUDACC__
  uint32_t u;
  std::memcpy(&u, &f, sizeof u);
  return u;
#else
  return __builtin_bit_cast(uint32_t, f);
#endif
}

MTC_HD inline float bitsFloat(uint32_t u) {
#ifdef __CUDACC__
  float f;
  std::memcpy(&f, &u, sizeof f);
  return f;
#else
  return __builtin_bit_cast(float, u);
#endif
}

MTC_HD inline uint16_t floatToBf16(float f) {
  uint32_t u = floatBits(f);
  if ((u & 0x7fffffffu) > 0x7f800000u)
    return 0x7fff;
  // Adding 0x7fff rounds up past the midpoint; the lowest kept bit breaks ties.
  u += 0x7fffu + ((u >> 16) & 1u);
  return static_cast<uint16_t>(u >> 16);
}

MTC_HD inline float bf16ToFloat(uint16_t h) { return bitsFloat(static_cast<uint32_t>(h) << 16); }

MTC_HD inline uint16_t floatToFp16(float f) {
  uint32_t u = floatBits(f);
  const uint32_t sign = (u >> 16) & 0x8000u;
  u &= 0x7fffffffu;
  if (u > 0x7f800000u)
    return 0x7fff;
  if (u >= 0x477ff000u) // 65520 and above round to infinity
    return static_cast<uint16_t>(sign | 0x7c00u);
  if (u >= 0x38800000u) { // a normal half: rebias the exponent, round 13 bits
    u = u - (112u << 23) + 0xfffu + ((u >> 13) & 1u);
    return static_cast<uint16_t>(sign | (u >> 13));
  }
  if (u < 0x33000000u) // below half the smallest subnormal (2^-25): zero
    return static_cast<uint16_t>(sign);
  // Subnormal: the value in units of 2^-24 is mantissa >> (126 - exponent).
  const uint32_t exponent = u >> 23;
  const uint32_t mantissa = (u & 0x7fffffu) | 0x800000u;
  const uint32_t shift = 126u - exponent; // 14 .. 24
  uint32_t half = mantissa >> shift;
  const uint32_t rest = mantissa & ((1u << shift) - 1u);
  const uint32_t midpoint = 1u << (shift - 1u);
  if (rest > midpoint || (rest == midpoint && (half & 1u)))
    ++half; // may carry into the smallest normal, which is the right pattern
  return static_cast<uint16_t>(sign | half);
}

MTC_HD inline float fp16ToFloat(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t exponent = (h >> 10) & 0x1fu;
  uint32_t mantissa = h & 0x3ffu;
  if (exponent == 0x1f) // infinity or NaN, payload kept
    return bitsFloat(sign | 0x7f800000u | (mantissa << 13));
  if (exponent != 0)
    return bitsFloat(sign | ((exponent + 112u) << 23) | (mantissa << 13));
  if (mantissa == 0)
    return bitsFloat(sign);
  // Subnormal: normalize the mantissa.
  uint32_t e = 113u;
  while (!(mantissa & 0x400u)) {
    mantissa <<= 1;
    --e;
  }
  return bitsFloat(sign | (e << 23) | ((mantissa & 0x3ffu) << 13));
}

/// Storage precision of a tensor kept in low precision.
enum class StorageType { F32, BF16, FP16 };

/// What storing `f` in `type` and reading it back gives (fp32 compute on
/// values that went through bf16/fp16 storage).
MTC_HD inline float roundTo(StorageType type, float f) {
  switch (type) {
  case StorageType::BF16:
    return bf16ToFloat(floatToBf16(f));
  case StorageType::FP16:
    return fp16ToFloat(floatToFp16(f));
  default:
    return f;
  }
}

} // namespace mtc::kernels
