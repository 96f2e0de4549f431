// How close the tensor-core flash attention (or its CPU emulation) must be to
// the fp32 host attention kernel. Shared by FlashTileTest and
// FlashAttentionTest.
#pragma once
#include "kernels/math/precision.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

namespace mtc::testing {

// A bf16 plan's tensors hold bf16 values: the tests give both sides such
// inputs (Q, K, V, dO), so only the kernel's own roundings count.
inline void roundToBf16(std::vector<float> &v) {
  for (float &x : v)
    x = kernels::bf16ToFloat(kernels::floatToBf16(x));
}

// Exact operands (the CPU emulation without rounding): fp32 accuracy, only
// the summation order and the online softmax differ: 1e-4 (1 + |want|).
// bf16 operands: P and dS are rounded to bf16 (unit roundoff u = 2^-8)
// before their products, so an output's error is at most u times the same
// sum over absolute values; bounded by 4 u max|tensor| (2 u for each of the
// two rounded factors of a product).
inline void expectFlashClose(const std::vector<float> &got, const std::vector<float> &want,
                             bool bf16, const char *what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  float maxAbs = 0.0f;
  for (float x : want)
    maxAbs = std::max(maxAbs, std::fabs(x));
  const float bound = 4.0f * (1.0f / 256.0f) * maxAbs;
  int64_t bad = 0;
  for (size_t i = 0; i < want.size(); ++i) {
    float tol = bf16 ? bound : 1e-4f * (1.0f + std::fabs(want[i]));
    if (!(std::fabs(got[i] - want[i]) <= tol) && bad++ < 5)
      ADD_FAILURE() << what << " element " << i << ": got " << got[i] << ", host " << want[i]
                    << " (tolerance " << tol << ")";
  }
  EXPECT_EQ(bad, 0) << what << ": elements out of tolerance";
}

} // namespace mtc::testing
