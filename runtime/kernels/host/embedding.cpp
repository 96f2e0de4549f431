// Token + position embedding, vocabulary-parallel: a shard owns rows
// [vocabStart, vocabStart + vocabLocal) of wte and writes zeros for other
// tokens (the tensor-parallel all-reduce then sums the shards).
#include "host/common.h"
#include "kernels/kernels.h"

#include <algorithm>
#include <cstring>

namespace mtc::kernels {
namespace {

void checkShape(const char *kernel, int64_t N, int64_t S, int64_t H,
                int64_t vocabStart, int64_t vocabLocal) {
  detail::requireNonNegative(kernel, "N", N);
  detail::requirePositive(kernel, "S", S);
  detail::requireNonNegative(kernel, "H", H);
  detail::requireNonNegative(kernel, "vocabStart", vocabStart);
  detail::requireNonNegative(kernel, "vocabLocal", vocabLocal);
}

// Row of wte for `token`, or -1 when another shard owns it.
inline int64_t localRow(int32_t token, int64_t vocabStart, int64_t vocabLocal) {
  int64_t row = static_cast<int64_t>(token) - vocabStart;
  return row >= 0 && row < vocabLocal ? row : -1;
}

} // namespace

void embeddingForward(const int32_t *tokens, const float *wte,
                      const float *wpe, float *out, int64_t N, int64_t S,
                      int64_t H, int64_t vocabStart, int64_t vocabLocal) {
  checkShape("embeddingForward", N, S, H, vocabStart, vocabLocal);
#pragma omp parallel for schedule(static) if (N * H > detail::kParallelMinWork)
  for (int64_t n = 0; n < N; ++n) {
    float *row = out + n * H;
    int64_t r = localRow(tokens[n], vocabStart, vocabLocal);
    if (r >= 0)
      std::memcpy(row, wte + r * H, sizeof(float) * H);
    else
      std::fill(row, row + H, 0.0f);
    if (wpe) {
      const float *pos = wpe + (n % S) * H;
      for (int64_t h = 0; h < H; ++h)
        row[h] += pos[h];
    }
  }
}

void embeddingBackward(const int32_t *tokens, const float *dout, float *dwte,
                       float *dwpe, int64_t N, int64_t S, int64_t H,
                       int64_t vocabStart, int64_t vocabLocal) {
  checkShape("embeddingBackward", N, S, H, vocabStart, vocabLocal);
  // Repeated tokens (and positions across the batch) hit the same rows, so
  // threads split the hidden columns instead of the tokens: no races, and the
  // summation order per element is fixed (deterministic).
  const int64_t kColumnChunk = 64;
  int64_t chunks = (H + kColumnChunk - 1) / kColumnChunk;
#pragma omp parallel for schedule(static) if (N * H > detail::kParallelMinWork)
  for (int64_t c = 0; c < chunks; ++c) {
    int64_t h0 = c * kColumnChunk, h1 = std::min(H, h0 + kColumnChunk);
    for (int64_t n = 0; n < N; ++n) {
      const float *g = dout + n * H;
      int64_t r = localRow(tokens[n], vocabStart, vocabLocal);
      if (dwte && r >= 0) {
        float *dst = dwte + r * H;
        for (int64_t h = h0; h < h1; ++h)
          dst[h] += g[h];
      }
      if (dwpe) {
        float *dst = dwpe + (n % S) * H;
        for (int64_t h = h0; h < h1; ++h)
          dst[h] += g[h];
      }
    }
  }
}

} // namespace mtc::kernels
