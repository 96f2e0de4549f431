// Philox4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2, 3")
// and the uniform / normal draws built on it. A draw is a pure function of
// (key, stream, index), which is what makes dropout reproducible in backward
// and initialization independent of how a tensor is sharded.
//
// Mapping used everywhere: key = the 64-bit seed, counter = (index / 4 as the
// low 64 bits, stream as the high 64 bits); element `index` takes lane index % 4
// of its block.
#pragma once
#include "kernels/math/hd.h"
#include <cmath>
#include <cstdint>

namespace mtc::kernels::math {

struct Philox4 {
  uint32_t v[4];
};

MTC_HD inline void philoxMulHiLo(uint32_t a, uint32_t b, uint32_t &hi,
                                 uint32_t &lo) {
  uint64_t p = static_cast<uint64_t>(a) * b;
  hi = static_cast<uint32_t>(p >> 32);
  lo = static_cast<uint32_t>(p);
}

// The raw generator: 4x32-bit counter, 2x32-bit key, ten rounds.
MTC_HD inline Philox4 philox4x32_10(Philox4 ctr, uint32_t key0, uint32_t key1) {
  const uint32_t kMul0 = 0xD2511F53u, kMul1 = 0xCD9E8D57u;
  const uint32_t kWeyl0 = 0x9E3779B9u, kWeyl1 = 0xBB67AE85u;
  for (int round = 0; round < 10; ++round) {
    uint32_t hi0, lo0, hi1, lo1;
    philoxMulHiLo(kMul0, ctr.v[0], hi0, lo0);
    philoxMulHiLo(kMul1, ctr.v[2], hi1, lo1);
    Philox4 next = {{hi1 ^ ctr.v[1] ^ key0, lo1, hi0 ^ ctr.v[3] ^ key1, lo0}};
    ctr = next;
    key0 += kWeyl0;
    key1 += kWeyl1;
  }
  return ctr;
}

// The block of four draws holding element `block * 4 .. block * 4 + 3`.
MTC_HD inline Philox4 philoxBlock(uint64_t seed, uint64_t stream,
                                  uint64_t block) {
  Philox4 ctr = {{static_cast<uint32_t>(block),
                  static_cast<uint32_t>(block >> 32),
                  static_cast<uint32_t>(stream),
                  static_cast<uint32_t>(stream >> 32)}};
  return philox4x32_10(ctr, static_cast<uint32_t>(seed),
                       static_cast<uint32_t>(seed >> 32));
}

// [0, 1) from the top 24 bits (exact in float).
MTC_HD inline float uniformFromBits(uint32_t bits) {
  return static_cast<float>(bits >> 8) * (1.0f / 16777216.0f);
}
// (0, 1]: safe to take the logarithm of.
MTC_HD inline float uniformOpenZeroFromBits(uint32_t bits) {
  return static_cast<float>((bits >> 8) + 1u) * (1.0f / 16777216.0f);
}

MTC_HD inline float philoxUniformAt(uint64_t seed, uint64_t stream,
                                    uint64_t index) {
  Philox4 r = philoxBlock(seed, stream, index >> 2);
  return uniformFromBits(r.v[index & 3]);
}

// Box-Muller: one pair of uniforms gives two normals (cosine and sine), so a
// block of four draws gives the normals of four consecutive elements.
MTC_HD inline void boxMuller(uint32_t a, uint32_t b, float &z0, float &z1) {
  const float kTwoPi = 6.28318530717958647692f;
  float radius = sqrtf(-2.0f * logf(uniformOpenZeroFromBits(a)));
  float angle = kTwoPi * uniformFromBits(b);
  z0 = radius * cosf(angle);
  z1 = radius * sinf(angle);
}

MTC_HD inline void philoxNormalBlock(uint64_t seed, uint64_t stream,
                                     uint64_t block, float out[4]) {
  Philox4 r = philoxBlock(seed, stream, block);
  boxMuller(r.v[0], r.v[1], out[0], out[1]);
  boxMuller(r.v[2], r.v[3], out[2], out[3]);
}

MTC_HD inline float philoxNormalAt(uint64_t seed, uint64_t stream,
                                   uint64_t index) {
  float z[4];
  philoxNormalBlock(seed, stream, index >> 2, z);
  return z[index & 3];
}

} // namespace mtc::kernels::math
