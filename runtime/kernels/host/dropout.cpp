// Dropout with a counter-based mask: the same (seed, stream, offset) gives the
// same mask, so backward re-applies it to dy instead of storing it. Also the
// fused bias + dropout + residual add (exec/StepFusion.h).
#include "host/common.h"
#include "host/philox_stream.h"
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

// fn(i, scale) for i in [0, n), scale = keep / (1 - rate) drawn at counter
// offset + i; threads take chunks of consecutive elements, each with its own
// copy of fn, told the chunk's first element by fn.chunk(begin).
template <class Fn>
void forEachKeepScale(int64_t n, float rate, uint64_t seed, uint64_t stream, uint64_t offset,
                      const Fn &fn) {
  const float invKeep = math::dropoutInvKeep(rate);
  const int64_t kChunk = 4096;
  const int64_t chunks = (n + kChunk - 1) / kChunk;
#pragma omp parallel for schedule(static) if (n > detail::kParallelMinWork)
  for (int64_t c = 0; c < chunks; ++c) {
    const int64_t begin = c * kChunk, len = std::min(kChunk, n - begin);
    Fn local = fn;
    local.chunk(begin);
    detail::forEachUniform(seed, stream, offset + begin, len, [&](int64_t i, float u) {
      local(begin + i, math::dropoutKeepScale(u, rate, invKeep));
    });
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
  struct {
    const float *x;
    float *y;
    void chunk(int64_t) const {}
    void operator()(int64_t i, float scale) const { y[i] = x[i] * scale; }
  } apply{x, y};
  forEachKeepScale(n, rate, seed, stream, offset, apply);
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
  struct {
    const float *x, *bias, *residual;
    float *out;
    int64_t cols, col;
    void chunk(int64_t begin) { col = begin % cols; }
    void operator()(int64_t i, float scale) {
      const float p = bias ? x[i] + bias[col] : x[i];
      out[i] = residual[i] + p * scale;
      col = col + 1 == cols ? 0 : col + 1;
    }
  } apply{x, bias, residual, out, cols, 0};
  forEachKeepScale(rows * cols, rate, seed, stream, 0, apply);
}

} // namespace mtc::kernels
