// Token + position embedding, vocabulary-parallel: a shard owns rows
// [vocabStart, vocabStart + vocabLocal) of wte and writes zeros for other
// tokens (the tensor-parallel all-reduce then sums the shards).
#include "host/common.h"
#include "host/typed_blocks.h"
#include "kernels/kernels.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <vector>

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

// Columns of the gradients a thread sums at a time.
constexpr int64_t kColumnChunk = 64;

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

// ---- on 16-bit operands ----

// Only the rows of the tokens are widened (per output row, as it is built).
void embeddingForward(const int32_t *tokens, In wte, In wpe, Out out, int64_t N, int64_t S,
                      int64_t H, int64_t vocabStart, int64_t vocabLocal) {
  if (detail::allF32(wte, wpe, out))
    return embeddingForward(tokens, wte.f32(), wpe.f32(), out.f32(), N, S, H, vocabStart,
                            vocabLocal);
  checkShape("embeddingForward", N, S, H, vocabStart, vocabLocal);
#pragma omp parallel if (N * H > detail::kParallelMinWork)
  {
    std::vector<float> rowBuf(H), posBuf(H);
#pragma omp for schedule(static)
    for (int64_t n = 0; n < N; ++n) {
      float *row = detail::outBuffer(out.at(n * H), rowBuf.data());
      int64_t r = localRow(tokens[n], vocabStart, vocabLocal);
      if (r >= 0)
        detail::widenIntoBlock(wte.at(r * H), H, row);
      else
        std::fill(row, row + H, 0.0f);
      if (wpe) {
        const float *pos = detail::widenBlock(wpe.at((n % S) * H), H, posBuf.data());
        for (int64_t h = 0; h < H; ++h)
          row[h] += pos[h];
      }
      detail::narrowBlock(row, out.at(n * H), H);
    }
  }
}

// The fp32 kernel adds each position's gradient into its rows as it walks
// the positions; per element that is old + g[n1] + g[n2] + ... over the
// positions n1 < n2 < ... that hit the row. Here each column chunk sums
// every touched row in one fp32 accumulator, starting from the row's old
// value and adding its positions in the same order (tokens grouped by row,
// stably), and rounds it once: the same bits, with no widened table.
void embeddingBackward(const int32_t *tokens, In dout, Out dwte, Out dwpe, int64_t N,
                       int64_t S, int64_t H, int64_t vocabStart, int64_t vocabLocal) {
  if (detail::allF32(dout, dwte, dwpe))
    return embeddingBackward(tokens, dout.f32(), dwte.f32(), dwpe.f32(), N, S, H, vocabStart,
                             vocabLocal);
  checkShape("embeddingBackward", N, S, H, vocabStart, vocabLocal);
  // The positions that hit a local row, grouped by row, in order within a row.
  std::vector<int64_t> order;
  std::vector<int64_t> rowOf(N, -1);
  if (dwte) {
    for (int64_t n = 0; n < N; ++n) {
      rowOf[n] = localRow(tokens[n], vocabStart, vocabLocal);
      if (rowOf[n] >= 0)
        order.push_back(n);
    }
    std::stable_sort(order.begin(), order.end(),
                     [&](int64_t a, int64_t b) { return rowOf[a] < rowOf[b]; });
  }
  const int64_t positions = static_cast<int64_t>(order.size());
  int64_t chunks = (H + kColumnChunk - 1) / kColumnChunk;
#pragma omp parallel for schedule(static) if (N * H > detail::kParallelMinWork)
  for (int64_t c = 0; c < chunks; ++c) {
    const int64_t h0 = c * kColumnChunk, w = std::min(kColumnChunk, H - h0);
    float acc[kColumnChunk], buf[kColumnChunk];
    for (int64_t i = 0; i < positions;) {
      const int64_t r = rowOf[order[i]];
      detail::widenIntoBlock(dwte.at(r * H + h0), w, acc);
      for (; i < positions && rowOf[order[i]] == r; ++i) {
        if (i + detail::kPrefetchRows < positions)
          detail::prefetch(dout.at(order[i + detail::kPrefetchRows] * H + h0), w);
        const float *g = detail::widen(dout.at(order[i] * H + h0), w, buf);
        for (int64_t h = 0; h < w; ++h)
          acc[h] += g[h];
      }
      detail::narrowBlock(acc, dwte.at(r * H + h0), w);
    }
    if (!dwpe)
      continue;
    for (int64_t p = 0; p < std::min(S, N); ++p) {
      detail::widenIntoBlock(dwpe.at(p * H + h0), w, acc);
      for (int64_t n = p; n < N; n += S) {
        if (n + detail::kPrefetchRows * S < N)
          detail::prefetch(dout.at((n + detail::kPrefetchRows * S) * H + h0), w);
        const float *g = detail::widen(dout.at(n * H + h0), w, buf);
        for (int64_t h = 0; h < w; ++h)
          acc[h] += g[h];
      }
      detail::narrowBlock(acc, dwpe.at(p * H + h0), w);
    }
  }
}

} // namespace mtc::kernels
