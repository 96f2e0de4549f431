// What the host kernels on 16-bit operands (kernels.h, "the same kernels on
// operands stored in bf16 / fp16") share: widening a row or block of an
// operand into an fp32 scratch buffer, and rounding a computed fp32 row or
// block into an output operand. A kernel runs its fp32 per-row / per-block
// routine between the two, on its usual threads and partition, so its
// results are the fp32 kernel's bit for bit with each output rounded once.
//
// The loops here are plain inline functions: called from a function cloned
// per ISA (MTC_VECTOR_CLONES, host/common.h) they are inlined into it and
// vectorized for that ISA. They give the bits of kernels/math/precision.h's
// scalar conversions (TypedKernelsTest checks them over all 16-bit patterns
// and across the float ranges; all 2^32 floats were checked once).
#pragma once
#include "kernels/Operand.h"
#include "kernels/host/common.h"
#include "kernels/math/precision.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace mtc::kernels::detail {

// Elements a kernel widens at a time when it walks a block element-wise:
// its scratch buffers stay on the stack and in L1.
constexpr int64_t kTypedPiece = 2048;

// All ones when a < b, for a, b below 2^31.
inline uint32_t lessMask(uint32_t a, uint32_t b) { return 0u - ((a - b) >> 31); }

// fp16ToFloat without the subnormal loop, every case computed and one
// selected by masks. A subnormal m 2^-24 is 2^-14 (1 + m / 1024) - 2^-14,
// exact (and no fp32 denormal is involved).
inline float fp16ToFloatSelect(uint16_t h) {
  const uint32_t sign = static_cast<uint32_t>(h & 0x8000u) << 16;
  const uint32_t em = static_cast<uint32_t>(h & 0x7fffu) << 13; // exponent, mantissa
  const uint32_t normal = em + (112u << 23);
  const uint32_t special = em | 0x7f800000u; // infinity or NaN, payload kept
  const uint32_t subnormal = floatBits(bitsFloat(em | 0x38800000u) - 0x1p-14f);
  uint32_t m = lessMask(em, 0x00800000u); // exponent 0
  uint32_t bits = (subnormal & m) | (normal & ~m);
  m = ~lessMask(em, 0x0f800000u); // exponent 31
  bits = (special & m) | (bits & ~m);
  return bitsFloat(sign | bits);
}

// floatToFp16 with every case computed and one selected by masks, so GCC
// vectorizes the loops. A subnormal (or zero) result comes from adding 0.5:
// the sum's last bit is worth 2^-24, fp16's subnormal step, and the add
// rounds to nearest even (F. Giesen's float_to_half_fast3_rtne). The add
// needs the default rounding mode, which the kernels never change; flushing
// denormals would not matter (an fp32 denormal rounds to an fp16 zero, and
// the sum is normal).
inline uint16_t floatToFp16Select(float f) {
  uint32_t u = floatBits(f);
  const uint32_t sign = (u >> 16) & 0x8000u;
  u &= 0x7fffffffu;
  const uint32_t normal = (u - (112u << 23) + 0xfffu + ((u >> 13) & 1u)) >> 13;
  const uint32_t subnormal = floatBits(bitsFloat(u) + 0.5f) - 0x3f000000u;
  uint32_t bits = sign | subnormal;
  uint32_t m = ~lessMask(u, 0x38800000u); // a normal half
  bits = ((sign | normal) & m) | (bits & ~m);
  m = ~lessMask(u, 0x477ff000u); // 65520 and above round to infinity
  bits = ((sign | 0x7c00u) & m) | (bits & ~m);
  m = ~lessMask(u, 0x7f800001u); // NaN
  bits = (0x7fffu & m) | (bits & ~m);
  return static_cast<uint16_t>(bits);
}

inline void widenBf16(const uint16_t *src, float *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dst[i] = bf16ToFloat(src[i]);
}

inline void widenFp16(const uint16_t *src, float *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dst[i] = fp16ToFloatSelect(src[i]);
}

inline void narrowBf16(const float *src, uint16_t *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dst[i] = floatToBf16(src[i]);
}

inline void narrowFp16(const float *src, uint16_t *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dst[i] = floatToFp16Select(src[i]);
}

// The n elements `in` points at as fp32: the array itself when it is fp32,
// else `buf` filled with the widened values.
inline const float *widen(In in, int64_t n, float *buf) {
  if (in.isF32())
    return in.f32();
  const auto *s = static_cast<const uint16_t *>(in.data);
  if (in.type == StorageType::BF16)
    widenBf16(s, buf, n);
  else
    widenFp16(s, buf, n);
  return buf;
}

// Where a kernel writes the fp32 values of output `out`: the array itself
// when it is fp32 (narrow then has nothing to do), else `buf`.
inline float *outBuffer(Out out, float *buf) { return out.isF32() ? out.f32() : buf; }

// out[0, n) = src rounded to out's type; src is outBuffer(out, ...).
inline void narrow(const float *src, Out out, int64_t n) {
  if (out.isF32()) {
    if (src != out.f32())
      std::memmove(out.f32(), src, sizeof(float) * n);
    return;
  }
  auto *d = static_cast<uint16_t *>(out.data);
  if (out.type == StorageType::BF16)
    narrowBf16(src, d, n);
  else
    narrowFp16(src, d, n);
}

// The end of an accumulating kernel: out[i] = round(widen(out[i]) + acc[i])
// (out[i] += acc[i] when out is fp32).
inline void accumulate(const float *acc, Out out, int64_t n) {
  if (out.isF32()) {
    float *o = out.f32();
    for (int64_t i = 0; i < n; ++i)
      o[i] += acc[i];
    return;
  }
  auto *d = static_cast<uint16_t *>(out.data);
  if (out.type == StorageType::BF16) {
    for (int64_t i = 0; i < n; ++i)
      d[i] = floatToBf16(bf16ToFloat(d[i]) + acc[i]);
  } else {
    for (int64_t i = 0; i < n; ++i)
      d[i] = floatToFp16Select(fp16ToFloatSelect(d[i]) + acc[i]);
  }
}

// Rows a column-chunk walk (the weight-gradient sums) prefetches ahead.
// Its loads are short runs a row apart; with the widening between them too
// few are in flight without help (measured: layer norm's dgamma / dbeta on
// 8192 x 768 fp16 2.3x faster with it).
constexpr int64_t kPrefetchRows = 16;

// Asks for the cache lines of the n elements `in` points at.
inline void prefetch(In in, int64_t n) {
  const char *p = static_cast<const char *>(in.data);
  for (int64_t b = 0; b < n * storageBytes(in.type); b += 64)
    __builtin_prefetch(p + b);
}

// widen() into dst whatever the type (a copy when `in` is fp32).
inline void widenInto(In in, int64_t n, float *dst) {
  const float *s = widen(in, n, dst);
  if (s != dst)
    std::memcpy(dst, s, sizeof(float) * n);
}

// The same, cloned per ISA, for callers that are not (one call per row or
// piece), and what is built on them. Each file that includes this header
// gets its own copies (an anonymous namespace). Their
// widest version is x86-64-v4 (AVX-512 with BW and VL) rather than
// MTC_VECTOR_CLONES' AVX-512F: the 16-bit lanes then fill whole vectors
// (measured: bf16 rounding 1.7x, fp16 widening and rounding 1.5x faster than
// the AVX-512F version). GCC picks it by the CPU's features. The results are
// the same bits in every version (no multiplies to fuse).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define MTC_CONVERT_CLONES                                                                 \
  __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define MTC_CONVERT_CLONES
#endif

namespace {
[[maybe_unused]] MTC_CONVERT_CLONES
const float *widenBlock(In in, int64_t n, float *buf) { return widen(in, n, buf); }

[[maybe_unused]] MTC_CONVERT_CLONES
void widenIntoBlock(In in, int64_t n, float *dst) { widenInto(in, n, dst); }

[[maybe_unused]] MTC_CONVERT_CLONES
void narrowBlock(const float *src, Out out, int64_t n) { narrow(src, out, n); }

[[maybe_unused]] MTC_CONVERT_CLONES
void accumulateBlock(const float *acc, Out out, int64_t n) { accumulate(acc, out, n); }

// A short operand (a norm's gamma, a bias: one row's worth) as fp32: the
// array itself, or `buf` filled with it widened.
[[maybe_unused]] const float *wideVector(In v, int64_t n, std::vector<float> &buf) {
  if (v.isF32())
    return v.f32();
  buf.resize(static_cast<size_t>(n));
  return widenBlock(v, n, buf.data());
}

// An element-wise kernel over [0, n) of its operands in kTypedPiece pieces:
// each piece of every input widened (fp32 inputs are read in place), then
// fn(begin, ins, outs, len) computes the piece of every output into fp32
// (the output itself when fp32), then the pieces are rounded into the
// outputs. Pieces are disjoint and each is read whole before it is written,
// so an output may be one of the inputs (the same memory and type).
template <size_t I, size_t O, class Fn>
void forEachTypedPiece(const In (&ins)[I], const Out (&outs)[O], int64_t n, const Fn &fn) {
  float inBuf[I][kTypedPiece], outBuf[O][kTypedPiece];
  for (int64_t i = 0; i < n; i += kTypedPiece) {
    const int64_t len = std::min(kTypedPiece, n - i);
    const float *x[I];
    float *y[O];
    for (size_t k = 0; k < I; ++k)
      x[k] = widenBlock(ins[k].at(i), len, inBuf[k]);
    for (size_t k = 0; k < O; ++k)
      y[k] = outBuffer(outs[k].at(i), outBuf[k]);
    fn(i, x, y, len);
    for (size_t k = 0; k < O; ++k)
      narrowBlock(y[k], outs[k].at(i), len);
  }
}

// A row kernel over N rows of width H (the norms' forward and input
// gradient): on the kernels' threads, as the fp32 kernels split the rows,
// each row of every input widened into a per-thread buffer, fn(ins, out)
// computes the output row into fp32, which is rounded into `out`.
template <size_t I, class Fn>
void forEachTypedRow(const In (&ins)[I], Out out, int64_t N, int64_t H, const Fn &fn) {
#pragma omp parallel if (N * H > kParallelMinWork)
  {
    std::vector<float> inBuf(I * H), outBuf(H);
#pragma omp for schedule(static)
    for (int64_t n = 0; n < N; ++n) {
      const float *x[I];
      for (size_t k = 0; k < I; ++k)
        x[k] = widenBlock(ins[k].at(n * H), H, inBuf.data() + k * H);
      float *y = outBuffer(out.at(n * H), outBuf.data());
      fn(x, y);
      narrowBlock(y, out.at(n * H), H);
    }
  }
}

} // namespace

// Whether all of the operands are fp32 (null ones count as fp32): the
// typed kernels then call the fp32 kernels.
template <class... Ops> bool allF32(const Ops &...ops) { return (ops.isF32() && ...); }

} // namespace mtc::kernels::detail
