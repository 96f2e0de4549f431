// Walks a run of consecutive Philox counters, generating each block of four
// draws once (element-wise calls would generate every block four times).
#pragma once
#include "kernels/math/philox.h"

#include <cstdint>

namespace mtc::kernels::detail {

// Calls fn(i, uniform) for i in [0, n), uniform drawn at counter first + i.
template <class Fn>
inline void forEachUniform(uint64_t seed, uint64_t stream, uint64_t first,
                           int64_t n, Fn &&fn) {
  int64_t i = 0;
  while (i < n) {
    uint64_t counter = first + static_cast<uint64_t>(i);
    math::Philox4 r = math::philoxBlock(seed, stream, counter >> 2);
    for (unsigned lane = counter & 3; lane < 4 && i < n; ++lane, ++i)
      fn(i, math::uniformFromBits(r.v[lane]));
  }
}

// Same for standard normals (four per block, see math::philoxNormalBlock).
template <class Fn>
inline void forEachNormal(uint64_t seed, uint64_t stream, uint64_t first,
                          int64_t n, Fn &&fn) {
  int64_t i = 0;
  while (i < n) {
    uint64_t counter = first + static_cast<uint64_t>(i);
    float z[4];
    math::philoxNormalBlock(seed, stream, counter >> 2, z);
    for (unsigned lane = counter & 3; lane < 4 && i < n; ++lane, ++i)
      fn(i, z[lane]);
  }
}

} // namespace mtc::kernels::detail
