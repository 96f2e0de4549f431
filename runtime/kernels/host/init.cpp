// Layout-independent parameter initialization: element i of the full tensor
// is a pure function of (seed, name hash, i), so a shard computing its slice
// gets exactly the bits of the sliced full tensor.
#include "host/common.h"
#include "host/philox_stream.h"
#include "kernels/kernels.h"

#include <algorithm>

namespace mtc::kernels {

uint64_t hashName(const char *name) {
  detail::requireNonNull("hashName", "name", name);
  uint64_t h = 0xcbf29ce484222325ull; // FNV-1a 64 offset basis
  for (const unsigned char *p = reinterpret_cast<const unsigned char *>(name);
       *p; ++p) {
    h ^= *p;
    h *= 0x100000001b3ull; // FNV-1a 64 prime
  }
  return h;
}

void initialize(float *out, InitKind kind, float stddev, uint64_t seed,
                uint64_t nameHash, const int64_t *fullShape,
                const int64_t *sliceOffset, const int64_t *sliceShape,
                int rank) {
  const char *kernel = "initialize";
  const int kMaxRank = 4;
  if (rank < 1 || rank > kMaxRank)
    detail::fail(kernel, "rank must be in [1, 4] (got " +
                             std::to_string(rank) + ")");
  detail::requireNonNull(kernel, "fullShape", fullShape);
  detail::requireNonNull(kernel, "sliceShape", sliceShape);
  int64_t offset[kMaxRank] = {}, shape[kMaxRank], full[kMaxRank];
  for (int d = 0; d < rank; ++d) {
    full[d] = fullShape[d];
    shape[d] = sliceShape[d];
    offset[d] = sliceOffset ? sliceOffset[d] : 0;
    std::string dim = " of dim " + std::to_string(d);
    detail::requireNonNegative(kernel, ("full size" + dim).c_str(), full[d]);
    detail::requireNonNegative(kernel, ("slice size" + dim).c_str(), shape[d]);
    detail::requireNonNegative(kernel, ("slice offset" + dim).c_str(),
                               offset[d]);
    if (offset[d] + shape[d] > full[d])
      detail::fail(kernel, "slice [" + std::to_string(offset[d]) + ", " +
                               std::to_string(offset[d] + shape[d]) + ")" +
                               dim + " exceeds the full size " +
                               std::to_string(full[d]));
  }
  // The slice as rows along the last dimension, each contiguous in both.
  int64_t cols = shape[rank - 1], rows = 1;
  for (int d = 0; d + 1 < rank; ++d)
    rows *= shape[d];
  if (rows == 0 || cols == 0)
    return;
  if (kind != InitKind::Normal) {
    float value = kind == InitKind::Ones ? 1.0f : 0.0f;
    std::fill(out, out + rows * cols, value);
    return;
  }
#pragma omp parallel for schedule(static) if (rows * cols > detail::kParallelMinWork)
  for (int64_t r = 0; r < rows; ++r) {
    // Full-tensor flat index of this slice row's first element.
    int64_t rest = r, fullIndex = 0, stride = full[rank - 1];
    for (int d = rank - 2; d >= 0; --d) {
      int64_t coord = rest % shape[d] + offset[d];
      rest /= shape[d];
      fullIndex += coord * stride;
      stride *= full[d];
    }
    fullIndex += offset[rank - 1];
    float *dst = out + r * cols;
    detail::forEachNormal(seed, nameHash, static_cast<uint64_t>(fullIndex),
                          cols, [&](int64_t i, float z) { dst[i] = stddev * z; });
  }
}

} // namespace mtc::kernels
