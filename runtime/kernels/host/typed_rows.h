// Row conversions for the native typed kernels (kernels.h, "the same kernels
// on operands stored in bf16 / fp16"): what kernels::convert does, on the
// calling thread, for the short runs a kernel widens or narrows per row or
// per tile inside its own OpenMP region.
#pragma once
#include "kernels/Operand.h"

#include <cstdint>

namespace mtc::kernels::detail {

/// dst[i] = src[i] converted from src's type to dst's, i < n: the bits of
/// kernels::convert, without its threads (host/gemm.cpp).
void convertRow(In src, Out dst, int64_t n);

/// The stored [rows, cols] block src (leading dimension srcLd) into dst
/// (leading dimension dstLd), converted row by row on the calling thread.
inline void convertRows(In src, int64_t srcLd, Out dst, int64_t dstLd, int64_t rows,
                        int64_t cols) {
  for (int64_t r = 0; r < rows; ++r)
    convertRow(src.at(r * srcLd), dst.at(r * dstLd), cols);
}

} // namespace mtc::kernels::detail
