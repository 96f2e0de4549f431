// Dropout with a counter-based mask: the same (seed, stream, offset) gives the
// same mask, so backward re-applies it to dy instead of storing it.
#include "host/common.h"
#include "host/philox_stream.h"
#include "kernels/kernels.h"
#include "kernels/math/dropout.h"

#include <algorithm>
#include <cstring>

namespace mtc::kernels {

void dropout(const float *x, float *y, int64_t n, float rate, uint64_t seed,
             uint64_t stream, uint64_t offset) {
  detail::requireNonNegative("dropout", "n", n);
  if (!(rate >= 0.0f && rate <= 1.0f))
    detail::fail("dropout", "rate must be in [0, 1] (got " +
                                std::to_string(rate) + ")");
  if (rate == 0.0f) {
    if (y != x)
      std::memmove(y, x, sizeof(float) * n);
    return;
  }
  float invKeep = math::dropoutInvKeep(rate);
  const int64_t kChunk = 4096;
  int64_t chunks = (n + kChunk - 1) / kChunk;
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t c = 0; c < chunks; ++c) {
    int64_t begin = c * kChunk, len = std::min(kChunk, n - begin);
    const float *xc = x + begin;
    float *yc = y + begin;
    detail::forEachUniform(seed, stream, offset + begin, len,
                           [&](int64_t i, float u) {
                             yc[i] = xc[i] *
                                     math::dropoutKeepScale(u, rate, invKeep);
                           });
  }
}

} // namespace mtc::kernels
