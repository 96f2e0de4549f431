// Walks a run of consecutive Philox counters, generating each block of four
// draws once (element-wise calls would generate every block four times).
// uniformRun fills an array and runs the blocks in vector lanes: the hot
// paths (dropout, attention dropout) use it; forEachUniform / forEachNormal
// serve the rest (initialization).
#pragma once
#include "kernels/math/philox.h"

#include <cstdint>

namespace mtc::kernels::detail {

// out[i] = the uniform draw at counter first + i, i in [0, n): the draws
// forEachUniform gives, bit for bit, with several Philox blocks computed at
// once in vector registers (philox_stream.cpp).
void uniformRun(uint64_t seed, uint64_t stream, uint64_t first, int64_t n, float *out);

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
