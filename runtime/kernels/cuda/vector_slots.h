// How the element-wise kernels split n floats into 128-bit (float4) accesses:
// a scalar head up to the first 16-byte boundary, a body of float4s, a scalar
// tail. Tensor offsets in the arena or a row of an odd vocabulary need not be
// 16-byte aligned, so every pointer a kernel touches must share the same
// misalignment for the body to be vectorised; otherwise the whole range is
// scalar. MTC_HD so the CPU tests check that every element is visited once.
#pragma once
#include "kernels/math/hd.h"

#include <cstdint>

namespace mtc::kernels::gpu {

constexpr int64_t kVecWidth = 4; // floats per 16-byte access

// Floats past the last 16-byte boundary (0..3); -1 when the address is not
// even float-aligned (a view of bytes: never vectorised).
MTC_HD inline int64_t floatMisalignment(const void *p) {
  auto a = reinterpret_cast<uintptr_t>(p);
  if (a % sizeof(float))
    return -1;
  return static_cast<int64_t>((a % 16) / sizeof(float));
}

// The common misalignment of up to four pointers (null ones are ignored), or
// -1 when they differ: then no float4 access can serve all of them.
MTC_HD inline int64_t sharedMisalignment(const void *a, const void *b = nullptr,
                                         const void *c = nullptr,
                                         const void *d = nullptr) {
  const void *ptrs[4] = {a, b, c, d};
  int64_t m = -2; // none seen yet
  for (const void *p : ptrs) {
    if (!p)
      continue;
    int64_t pm = floatMisalignment(p);
    if (pm < 0 || (m != -2 && pm != m))
      return -1;
    m = pm;
  }
  return m == -2 ? 0 : m;
}

// The split of [0, n): slots [0, head) are single elements, slots
// [head, head + vecs) are float4s, the rest are single elements again.
struct VecSpan {
  int64_t head = 0, vecs = 0, tail = 0;
  MTC_HD int64_t slots() const { return head + vecs + tail; }
  // First element of `slot` and whether it is a float4 slot.
  MTC_HD int64_t first(int64_t slot) const {
    if (slot < head)
      return slot;
    if (slot < head + vecs)
      return head + (slot - head) * kVecWidth;
    return head + vecs * kVecWidth + (slot - head - vecs);
  }
  MTC_HD bool isVector(int64_t slot) const { return slot >= head && slot < head + vecs; }
};

// misalignment: sharedMisalignment of the range's first element (-1 = scalar).
MTC_HD inline VecSpan vecSpan(int64_t n, int64_t misalignment) {
  VecSpan s;
  if (misalignment < 0) {
    s.head = n;
    return s;
  }
  int64_t head = (kVecWidth - misalignment) % kVecWidth;
  s.head = head < n ? head : n;
  s.vecs = (n - s.head) / kVecWidth;
  s.tail = n - s.head - s.vecs * kVecWidth;
  return s;
}

// Dropout walks Philox blocks of four counters; element i draws counter
// offset + i. A whole block is one float4 access exactly when its first
// element, 4b - offset, is 16-byte aligned for every tensor: the tensors'
// shared misalignment equals offset mod 4.
MTC_HD inline bool philoxBlocksAligned(int64_t misalignment, uint64_t offset) {
  return misalignment >= 0 && static_cast<uint64_t>(misalignment) == offset % kVecWidth;
}

} // namespace mtc::kernels::gpu
