// Dropout with a counter-based mask: the same (seed, stream, offset) gives the
// same mask, so backward re-applies it to dy instead of storing it. Also the
// fused bias + dropout + residual add (exec/StepFusion.h).
#include "host/common.h"
#include "host/philox_stream.h"
#include "host/typed_blocks.h"
#include "kernels/kernels.h"
#include "kernels/math/dropout.h"

#include <algorithm>
#include <cstring>

namespace mtc::kernels {
namespace {

void checkRate(const char *kernel, float rate) {
  if (!(rate >= 0.0f && rate <= 1.0f))
    detail::fail(kernel, "rate must be in [0, 1] (got " + std::to_string(rate) + ")");
}

// Threads take chunks of consecutive elements; each draws its chunk's
// uniforms at once (uniformRun) into a stack buffer and calls
// fn(begin, len, draws).
constexpr int64_t kChunk = 4096;

template <class Fn>
void forEachChunk(int64_t n, uint64_t seed, uint64_t stream, uint64_t offset, const Fn &fn) {
  const int64_t chunks = (n + kChunk - 1) / kChunk;
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t c = 0; c < chunks; ++c) {
    const int64_t begin = c * kChunk, len = std::min(kChunk, n - begin);
    float draws[kChunk];
    detail::uniformRun(seed, stream, offset + begin, len, draws);
    fn(begin, len, draws);
  }
}

// The element loops, cloned per ISA (host/common.h).
MTC_VECTOR_CLONES
void dropoutBlock(const float *x, float *y, const float *draws, int64_t n, float rate,
                  float invKeep) {
  for (int64_t i = 0; i < n; ++i)
    y[i] = x[i] * math::dropoutKeepScale(draws[i], rate, invKeep);
}

// Part of one row: columns [0, n) of bias (may be null) line up with x.
MTC_VECTOR_CLONES
void biasDropoutResidualBlock(const float *x, const float *bias, const float *residual,
                              float *out, const float *draws, int64_t n, float rate,
                              float invKeep) {
  if (bias) {
    for (int64_t i = 0; i < n; ++i)
      out[i] = residual[i] + (x[i] + bias[i]) * math::dropoutKeepScale(draws[i], rate, invKeep);
  } else {
    for (int64_t i = 0; i < n; ++i)
      out[i] = residual[i] + x[i] * math::dropoutKeepScale(draws[i], rate, invKeep);
  }
}

} // namespace

void dropout(const float *x, float *y, int64_t n, float rate, uint64_t seed,
             uint64_t stream, uint64_t offset) {
  detail::requireNonNegative("dropout", "n", n);
  checkRate("dropout", rate);
  if (rate == 0.0f) {
    if (y != x)
      std::memmove(y, x, sizeof(float) * n);
    return;
  }
  const float invKeep = math::dropoutInvKeep(rate);
  forEachChunk(n, seed, stream, offset, [&](int64_t begin, int64_t len, const float *draws) {
    dropoutBlock(x + begin, y + begin, draws, len, rate, invKeep);
  });
}

void biasDropoutResidual(const float *x, const float *bias, const float *residual, float *out,
                         int64_t rows, int64_t cols, float rate, uint64_t seed,
                         uint64_t stream) {
  detail::requireNonNegative("biasDropoutResidual", "rows", rows);
  detail::requirePositive("biasDropoutResidual", "cols", cols);
  checkRate("biasDropoutResidual", rate);
  // The unfused steps' arithmetic in their order: p = x + bias, d = p * scale
  // (at rate 0 an exact copy, drawing nothing), out = residual + d.
  if (rate == 0.0f) {
#pragma omp parallel for schedule(static) if (rows * cols > detail::kParallelMinWork)
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c) {
        const int64_t i = r * cols + c;
        out[i] = residual[i] + (bias ? x[i] + bias[c] : x[i]);
      }
    return;
  }
  const float invKeep = math::dropoutInvKeep(rate);
  forEachChunk(rows * cols, seed, stream, 0, [&](int64_t begin, int64_t len, const float *draws) {
    // The chunk in pieces that stay within one row, so bias lines up.
    for (int64_t i = begin; i < begin + len;) {
      const int64_t col = i % cols, piece = std::min(cols - col, begin + len - i);
      biasDropoutResidualBlock(x + i, bias ? bias + col : nullptr, residual + i, out + i,
                               draws + (i - begin), piece, rate, invKeep);
      i += piece;
    }
  });
}

// On 16-bit operands: the fp32 kernel's chunks and draws, each chunk's
// elements widened and rounded in pieces around the same element loop. At
// rate 0 the values still go through fp32 (a NaN comes back canonical, as
// from the fp32 kernel on widened operands).
void dropout(In x, Out y, int64_t n, float rate, uint64_t seed, uint64_t stream,
             uint64_t offset) {
  if (detail::allF32(x, y))
    return dropout(x.f32(), y.f32(), n, rate, seed, stream, offset);
  detail::requireNonNegative("dropout", "n", n);
  checkRate("dropout", rate);
  if (rate == 0.0f) {
    const int64_t blocks = (n + kChunk - 1) / kChunk;
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
    for (int64_t c = 0; c < blocks; ++c) {
      const int64_t begin = c * kChunk, len = std::min(kChunk, n - begin);
      detail::forEachTypedPiece({x.at(begin)}, {y.at(begin)}, len,
                                [](int64_t, const float *const *in, float *const *out,
                                   int64_t m) {
                                  if (in[0] != out[0])
                                    std::memcpy(out[0], in[0], sizeof(float) * m);
                                });
    }
    return;
  }
  const float invKeep = math::dropoutInvKeep(rate);
  forEachChunk(n, seed, stream, offset, [&](int64_t begin, int64_t len, const float *draws) {
    detail::forEachTypedPiece({x.at(begin)}, {y.at(begin)}, len,
                              [&](int64_t i, const float *const *in, float *const *out,
                                  int64_t m) {
                                dropoutBlock(in[0], out[0], draws + i, m, rate, invKeep);
                              });
  });
}

} // namespace mtc::kernels
