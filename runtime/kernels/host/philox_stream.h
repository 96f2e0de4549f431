// Walks a run of consecutive Philox counters, generating each block of four
// draws once (element-wise calls would generate every block four times):
// uniformRun fills an array of uniforms with the blocks in vector lanes
// (dropout, attention dropout), forEachNormal walks normals (initialization).
#pragma once
#include "kernels/math/philox.h"

#include <cstdint>

namespace mtc::kernels::detail {

// out[i] = the uniform draw at counter first + i (math::philoxUniformAt), i in
// [0, n), with several Philox blocks computed at once in vector registers
// (philox_stream.cpp).
void uniformRun(uint64_t seed, uint64_t stream, uint64_t first, int64_t n, float *out);

// Calls fn(i, z) for i in [0, n), z the standard normal drawn at counter
// first + i (four per block, see math::philoxNormalBlock).
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
