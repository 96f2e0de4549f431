// Conversions between fp32 and the 16-bit storage types (kernels/Operand.h):
// the executor widens a 16-bit buffer for a kernel that computes on fp32
// arrays and narrows what it wrote; the 16-bit weight copy is narrowed from
// the fp32 parameters.
#include "host/common.h"
#include "kernels/Operand.h"
#include "kernels/kernels.h"

#include <algorithm>
#include <cstring>

namespace mtc::kernels {
namespace {

constexpr int64_t kBlock = 1 << 14;

MTC_VECTOR_CLONES
void bf16ToF32Block(const uint16_t *src, float *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dst[i] = bf16ToFloat(src[i]);
}

MTC_VECTOR_CLONES
void f32ToBf16Block(const float *src, uint16_t *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dst[i] = floatToBf16(src[i]);
}

void fp16ToF32Block(const uint16_t *src, float *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dst[i] = fp16ToFloat(src[i]);
}

void f32ToFp16Block(const float *src, uint16_t *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dst[i] = floatToFp16(src[i]);
}

// One block [i, i + len) of src -> dst.
void convertBlock(In src, Out dst, int64_t i, int64_t len) {
  const auto *s16 = static_cast<const uint16_t *>(src.data) + i;
  const float *s32 = static_cast<const float *>(src.data) + i;
  auto *d16 = static_cast<uint16_t *>(dst.data) + i;
  float *d32 = static_cast<float *>(dst.data) + i;
  if (src.type == dst.type) {
    if (src.data != dst.data)
      std::memmove(static_cast<char *>(dst.data) + i * storageBytes(dst.type),
                   static_cast<const char *>(src.data) + i * storageBytes(src.type),
                   len * storageBytes(dst.type));
    return;
  }
  if (dst.type == StorageType::F32) {
    if (src.type == StorageType::BF16)
      bf16ToF32Block(s16, d32, len);
    else
      fp16ToF32Block(s16, d32, len);
    return;
  }
  if (src.type == StorageType::F32) {
    if (dst.type == StorageType::BF16)
      f32ToBf16Block(s32, d16, len);
    else
      f32ToFp16Block(s32, d16, len);
    return;
  }
  // bf16 <-> fp16 through fp32 (no run stores both; kept total).
  float tmp[256];
  for (int64_t j = 0; j < len; j += 256) {
    const int64_t m = std::min<int64_t>(256, len - j);
    for (int64_t k = 0; k < m; ++k)
      tmp[k] = src.type == StorageType::BF16 ? bf16ToFloat(s16[j + k]) : fp16ToFloat(s16[j + k]);
    if (dst.type == StorageType::BF16)
      f32ToBf16Block(tmp, d16 + j, m);
    else
      f32ToFp16Block(tmp, d16 + j, m);
  }
}

} // namespace

void convert(In src, Out dst, int64_t n) {
  detail::requireNonNegative("convert", "n", n);
  if (n == 0 || (src.data == dst.data && src.type == dst.type))
    return;
  const int64_t blocks = (n + kBlock - 1) / kBlock;
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t b = 0; b < blocks; ++b)
    convertBlock(src, dst, b * kBlock, std::min(kBlock, n - b * kBlock));
}

} // namespace mtc::kernels
