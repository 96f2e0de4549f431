// Conversions between fp32 and the 16-bit storage types (kernels/Operand.h):
// the executor widens a 16-bit buffer for a kernel that computes on fp32
// arrays and narrows what it wrote; the 16-bit weight copy is narrowed from
// the fp32 parameters. The loops are the typed kernels' (host/typed_blocks.h).
#include "host/common.h"
#include "host/typed_blocks.h"
#include "kernels/Operand.h"
#include "kernels/kernels.h"

#include <algorithm>
#include <cstring>

namespace mtc::kernels {

void convert(In src, Out dst, int64_t n) {
  detail::requireNonNegative("convert", "n", n);
  if (n == 0 || (src.data == dst.data && src.type == dst.type))
    return;
  detail::forEachBlock(n, [&](int64_t i, int64_t len) {
    if (src.type == dst.type) {
      std::memmove(dst.at(i).data, src.at(i).data, len * storageBytes(dst.type));
    } else if (dst.isF32()) {
      detail::widenIntoBlock(src.at(i), len, dst.f32() + i);
    } else if (src.isF32()) {
      detail::narrowBlock(src.f32() + i, dst.at(i), len);
    } else { // bf16 <-> fp16 through fp32 (no run stores both; kept total)
      float piece[detail::kTypedPiece];
      for (int64_t j = 0; j < len; j += detail::kTypedPiece) {
        const int64_t m = std::min(detail::kTypedPiece, len - j);
        detail::narrowBlock(detail::widenBlock(src.at(i + j), m, piece), dst.at(i + j), m);
      }
    }
  });
}

} // namespace mtc::kernels
