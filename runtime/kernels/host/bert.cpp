// BERT's extra kernels: the token-type embedding and the pooler's [CLS] pick
// and tanh. Small next to the layers: simple loops.
#include "host/common.h"
#include "host/typed_blocks.h"
#include "kernels/kernels.h"
#include "kernels/math/bert.h"

#include <algorithm>
#include <cstring>
#include <vector>

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
// One position: out = in + e, or a copy of in when e is null (no type).
void tokenTypeAddRow(const float *in, const float *e, float *out, int64_t H) {
  if (!e) {
    std::copy(in, in + H, out);
    return;
  }
  for (int64_t h = 0; h < H; ++h)
    out[h] = in[h] + e[h];
}

void tanhBlock(const float *x, float *y, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    y[i] = math::tanhForward(x[i]);
}

void tanhBackwardBlock(const float *y, const float *dy, float *dx, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dx[i] = math::tanhGradFromOutput(y[i], dy[i]);
}

// Columns of dtable a thread sums at a time.
constexpr int64_t kColumnChunk = 64;

} // namespace

void tokenTypeAdd(const TokenTypeShape &t, const float *x, const int32_t *types,
                  const float *table, float *y) {
  checkTokenTypes("tokenTypeAdd", t);
  int64_t rows = t.batch * t.seq;
#pragma omp parallel for schedule(static) if (rows * t.hidden > detail::kParallelMinWork)
  for (int64_t r = 0; r < rows; ++r) {
    int64_t row = math::tokenTypeRow(types, r / t.seq, r % t.seq, t.idsSeq, t.offset,
                                     t.typeCount);
    tokenTypeAddRow(x + r * t.hidden, row < 0 ? nullptr : table + row * t.hidden,
                    y + r * t.hidden, t.hidden);
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
  tanhBlock(x, y, n);
}

void tanhBackward(const float *y, const float *dy, float *dx, int64_t n) {
  detail::requireNonNegative("tanhBackward", "n", n);
  tanhBackwardBlock(y, dy, dx, n);
}

// ---- on 16-bit operands: the same loops, rows (or pieces) widened into
// buffers and outputs rounded ----

void tokenTypeAdd(const TokenTypeShape &t, In x, const int32_t *types, In table, Out y) {
  if (detail::allF32(x, table, y))
    return tokenTypeAdd(t, x.f32(), types, table.f32(), y.f32());
  checkTokenTypes("tokenTypeAdd", t);
  const int64_t rows = t.batch * t.seq, H = t.hidden;
#pragma omp parallel if (rows * H > detail::kParallelMinWork)
  {
    std::vector<float> xBuf(H), eBuf(H), yBuf(H);
#pragma omp for schedule(static)
    for (int64_t r = 0; r < rows; ++r) {
      int64_t row = math::tokenTypeRow(types, r / t.seq, r % t.seq, t.idsSeq, t.offset,
                                       t.typeCount);
      const float *in = detail::widenBlock(x.at(r * H), H, xBuf.data());
      const float *e = row < 0 ? nullptr : detail::widenBlock(table.at(row * H), H, eBuf.data());
      float *out = detail::outBuffer(y.at(r * H), yBuf.data());
      tokenTypeAddRow(in, e, out, H);
      detail::narrowBlock(out, y.at(r * H), H);
    }
  }
}

// Per column chunk, every table row's sums start from its old values and add
// the positions in order, as the fp32 kernel's; rounded once at the end.
void tokenTypeAddBackward(const TokenTypeShape &t, const int32_t *types, In dy, Out dtable) {
  if (detail::allF32(dy, dtable))
    return tokenTypeAddBackward(t, types, dy.f32(), dtable.f32());
  checkTokenTypes("tokenTypeAddBackward", t);
  const int64_t rows = t.batch * t.seq, H = t.hidden;
  const int64_t chunks = (H + kColumnChunk - 1) / kColumnChunk;
#pragma omp parallel if (rows * H > detail::kParallelMinWork)
  {
    std::vector<float> acc(t.typeCount * kColumnChunk);
    float dyBuf[kColumnChunk];
#pragma omp for schedule(static)
    for (int64_t c = 0; c < chunks; ++c) {
      const int64_t h0 = c * kColumnChunk, w = std::min(kColumnChunk, H - h0);
      for (int64_t k = 0; k < t.typeCount; ++k)
        detail::widenIntoBlock(dtable.at(k * H + h0), w, acc.data() + k * kColumnChunk);
      for (int64_t r = 0; r < rows; ++r) {
        int64_t row = math::tokenTypeRow(types, r / t.seq, r % t.seq, t.idsSeq, t.offset,
                                         t.typeCount);
        if (r + detail::kPrefetchRows < rows)
          detail::prefetch(dy.at((r + detail::kPrefetchRows) * H + h0), w);
        if (row < 0)
          continue;
        const float *d = detail::widen(dy.at(r * H + h0), w, dyBuf);
        float *a = acc.data() + row * kColumnChunk;
        for (int64_t h = 0; h < w; ++h)
          a[h] += d[h];
      }
      for (int64_t k = 0; k < t.typeCount; ++k)
        detail::narrowBlock(acc.data() + k * kColumnChunk, dtable.at(k * H + h0), w);
    }
  }
}

void firstToken(In x, Out y, int64_t B, int64_t S, int64_t H, bool owner) {
  if (detail::allF32(x, y))
    return firstToken(x.f32(), y.f32(), B, S, H, owner);
  detail::requireNonNegative("firstToken", "batch", B);
  detail::requirePositive("firstToken", "seq", S);
  std::vector<float> buf(H);
  for (int64_t b = 0; b < B; ++b) {
    if (owner)
      detail::widenIntoBlock(x.at(b * S * H), H, buf.data());
    else
      std::fill(buf.begin(), buf.end(), 0.0f);
    detail::narrowBlock(buf.data(), y.at(b * H), H);
  }
}

void firstTokenBackward(In dy, Out dx, int64_t B, int64_t S, int64_t H, bool owner) {
  if (detail::allF32(dy, dx))
    return firstTokenBackward(dy.f32(), dx.f32(), B, S, H, owner);
  detail::requireNonNegative("firstTokenBackward", "batch", B);
  detail::requirePositive("firstTokenBackward", "seq", S);
  // +0 is all zero bits in every storage type.
  std::memset(dx.data, 0, static_cast<size_t>(B * S * H * storageBytes(dx.type)));
  if (!owner)
    return;
  std::vector<float> buf(H);
  for (int64_t b = 0; b < B; ++b) {
    detail::widenIntoBlock(dy.at(b * H), H, buf.data());
    detail::narrowBlock(buf.data(), dx.at(b * S * H), H);
  }
}

void tanhForward(In x, Out y, int64_t n) {
  if (detail::allF32(x, y))
    return tanhForward(x.f32(), y.f32(), n);
  detail::requireNonNegative("tanhForward", "n", n);
  detail::forEachTypedPiece({x}, {y}, n, [](int64_t, const float *const *in,
                                           float *const *out,
                                           int64_t len) { tanhBlock(in[0], out[0], len); });
}

void tanhBackward(In y, In dy, Out dx, int64_t n) {
  if (detail::allF32(y, dy, dx))
    return tanhBackward(y.f32(), dy.f32(), dx.f32(), n);
  detail::requireNonNegative("tanhBackward", "n", n);
  detail::forEachTypedPiece({y, dy}, {dx}, n, [](int64_t, const float *const *in,
                                                float *const *out, int64_t len) {
    tanhBackwardBlock(in[0], in[1], out[0], len);
  });
}

} // namespace mtc::kernels
