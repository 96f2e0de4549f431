#include "io/Slices.h"

#include <algorithm>
#include <cstring>

namespace mtc::runtime {

void copySlice(const float *full, const std::vector<int64_t> &fullShape,
               const std::vector<int64_t> &offset, const std::vector<int64_t> &sliceShape,
               float *out) {
  const size_t rank = fullShape.size();
  if (rank == 0) {
    out[0] = full[0];
    return;
  }
  // Walk the slice's rows (all dimensions but the last) with an odometer.
  std::vector<int64_t> stride(rank, 1);
  for (size_t d = rank - 1; d > 0; --d)
    stride[d - 1] = stride[d] * fullShape[d];
  int64_t rows = 1;
  for (size_t d = 0; d + 1 < rank; ++d)
    rows *= sliceShape[d];
  const int64_t width = sliceShape[rank - 1];
  std::vector<int64_t> index(rank, 0);
  for (int64_t r = 0; r < rows; ++r) {
    int64_t source = offset[rank - 1];
    for (size_t d = 0; d + 1 < rank; ++d)
      source += (offset[d] + index[d]) * stride[d];
    std::copy(full + source, full + source + width, out + r * width);
    for (size_t d = rank - 1; d-- > 0;) {
      if (++index[d] < sliceShape[d])
        break;
      index[d] = 0;
    }
  }
}

bool copyOverlap(const float *src, const Box &from, float *dst, const Box &to,
                 std::vector<bool> &covered) {
  const size_t rank = to.shape.size();
  if (rank == 0) { // a scalar: both boxes are the whole tensor
    const bool agrees = !covered[0] || std::memcmp(dst, src, sizeof(float)) == 0;
    if (!covered[0])
      dst[0] = src[0];
    covered[0] = true;
    return agrees;
  }
  std::vector<int64_t> lo(rank), hi(rank);
  for (size_t d = 0; d < rank; ++d) {
    lo[d] = std::max(to.offset[d], from.offset[d]);
    hi[d] = std::min(to.offset[d] + to.shape[d], from.offset[d] + from.shape[d]);
    if (lo[d] >= hi[d])
      return true;
  }
  bool agrees = true;
  // Odometer over the overlap's rows; the last dimension is copied in runs.
  std::vector<int64_t> index(lo);
  while (true) {
    int64_t srcAt = 0, dstAt = 0;
    for (size_t d = 0; d < rank; ++d) {
      srcAt = srcAt * from.shape[d] + (index[d] - from.offset[d]);
      dstAt = dstAt * to.shape[d] + (index[d] - to.offset[d]);
    }
    const int64_t run = hi[rank - 1] - lo[rank - 1];
    for (int64_t i = 0; i < run; ++i) {
      if (!covered[dstAt + i]) {
        dst[dstAt + i] = src[srcAt + i];
        covered[dstAt + i] = true;
      } else if (std::memcmp(dst + dstAt + i, src + srcAt + i, sizeof(float)) != 0) {
        agrees = false;
      }
    }
    size_t d = rank - 1;
    while (d-- > 0) {
      if (++index[d] < hi[d])
        break;
      index[d] = lo[d];
    }
    if (d == static_cast<size_t>(-1))
      break;
  }
  return agrees;
}

} // namespace mtc::runtime
