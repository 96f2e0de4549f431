// Per-element math of BERT's extra ops (token types, pooler), shared by the
// host and CUDA kernels.
#pragma once
#include "kernels/math/hd.h"
#include <cmath>
#include <cstdint>

namespace mtc::kernels::math {

// The pooler's tanh and its gradient from the output: dy * (1 - y^2).
MTC_HD inline float tanhForward(float x) { return tanhf(x); }
MTC_HD inline float tanhGradFromOutput(float y, float dy) { return dy * (1.0f - y * y); }

// The token-type row of position s of sample b, for an input holding
// positions [offset, offset + S) of sequences of idsSeq ids; -1 when the id
// is not a row of the table (it then adds nothing).
MTC_HD inline int64_t tokenTypeRow(const int32_t *types, int64_t b, int64_t s, int64_t idsSeq,
                                   int64_t offset, int64_t typeCount) {
  int32_t t = types[b * idsSeq + offset + s];
  return t >= 0 && t < typeCount ? t : -1;
}

} // namespace mtc::kernels::math
