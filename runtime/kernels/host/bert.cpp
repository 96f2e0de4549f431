// BERT's extra kernels: the token-type embedding and the pooler's [CLS] pick
// and tanh. Small next to the layers: simple loops.
#include "host/common.h"
#include "kernels/kernels.h"
#include "kernels/math/bert.h"

#include <algorithm>

namespace mtc::kernels {
namespace {
void checkTokenTypes(const char *kernel, const TokenTypeShape &t) {
  detail::requireNonNegative(kernel, "batch", t.batch);
  detail::requireNonNegative(kernel, "seq", t.seq);
  detail::requirePositive(kernel, "hidden", t.hidden);
  detail::requirePositive(kernel, "typeCount", t.typeCount);
  detail::requireNonNegative(kernel, "offset", t.offset);
  if (t.offset + t.seq > t.idsSeq)
    detail::fail(kernel, "positions [" + std::to_string(t.offset) + ", " +
                             std::to_string(t.offset + t.seq) + ") exceed the " +
                             std::to_string(t.idsSeq) + " ids per sample");
}
} // namespace

void tokenTypeAdd(const TokenTypeShape &t, const float *x, const int32_t *types,
                  const float *table, float *y) {
  checkTokenTypes("tokenTypeAdd", t);
  int64_t rows = t.batch * t.seq;
#pragma omp parallel for schedule(static) if (rows * t.hidden > detail::kParallelMinWork)
  for (int64_t r = 0; r < rows; ++r) {
    int64_t row = math::tokenTypeRow(types, r / t.seq, r % t.seq, t.idsSeq, t.offset,
                                     t.typeCount);
    const float *in = x + r * t.hidden;
    float *out = y + r * t.hidden;
    if (row < 0) {
      std::copy(in, in + t.hidden, out);
      continue;
    }
    const float *e = table + row * t.hidden;
    for (int64_t h = 0; h < t.hidden; ++h)
      out[h] = in[h] + e[h];
  }
}

void tokenTypeAddBackward(const TokenTypeShape &t, const int32_t *types, const float *dy,
                          float *dtable) {
  checkTokenTypes("tokenTypeAddBackward", t);
  // Columns in parallel, positions in order: the sums do not depend on threads.
#pragma omp parallel for schedule(static) if (t.batch * t.seq * t.hidden > detail::kParallelMinWork)
  for (int64_t h = 0; h < t.hidden; ++h)
    for (int64_t r = 0; r < t.batch * t.seq; ++r) {
      int64_t row = math::tokenTypeRow(types, r / t.seq, r % t.seq, t.idsSeq, t.offset,
                                       t.typeCount);
      if (row >= 0)
        dtable[row * t.hidden + h] += dy[r * t.hidden + h];
    }
}

void firstToken(const float *x, float *y, int64_t B, int64_t S, int64_t H, bool owner) {
  detail::requireNonNegative("firstToken", "batch", B);
  detail::requirePositive("firstToken", "seq", S);
  for (int64_t b = 0; b < B; ++b)
    for (int64_t h = 0; h < H; ++h)
      y[b * H + h] = owner ? x[b * S * H + h] : 0.0f;
}

void firstTokenBackward(const float *dy, float *dx, int64_t B, int64_t S, int64_t H,
                        bool owner) {
  detail::requireNonNegative("firstTokenBackward", "batch", B);
  detail::requirePositive("firstTokenBackward", "seq", S);
  std::fill(dx, dx + B * S * H, 0.0f);
  if (owner)
    for (int64_t b = 0; b < B; ++b)
      std::copy(dy + b * H, dy + (b + 1) * H, dx + b * S * H);
}

void tanhForward(const float *x, float *y, int64_t n) {
  detail::requireNonNegative("tanhForward", "n", n);
  for (int64_t i = 0; i < n; ++i)
    y[i] = math::tanhForward(x[i]);
}

void tanhBackward(const float *y, const float *dy, float *dx, int64_t n) {
  detail::requireNonNegative("tanhBackward", "n", n);
  for (int64_t i = 0; i < n; ++i)
    dx[i] = math::tanhGradFromOutput(y[i], dy[i]);
}

} // namespace mtc::kernels
