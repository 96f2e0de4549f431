// The row loops of the host attention kernels (attention.cpp, and the ring's
// blocks in attention_block.cpp) between their GEMMs: softmax statistics,
// probabilities from a row's log-sum-exp, dropout scales, the softmax
// backward. Each is cloned per ISA (host/common.h) and sums in laneSum's
// order, so every CPU gives the same bits.
#pragma once
#include "kernels/math/softmax.h"

#include <cstdint>

namespace mtc::kernels::detail {

// keep[j] = mask / (1 - rate) from the uniform draws in keep, in place.
void keepScales(float *keep, int64_t n, float rate, float invKeep);
// Max and sum of expFast(x - max) of row[0, n).
math::SoftmaxState rowMaxAndSumExp(const float *row, int64_t n);
// row[0, valid) = probabilities from the scores and the row's lse; the
// masked rest [valid, n) = 0.
void probabilityRow(float *row, int64_t valid, int64_t n, float lse);
void multiplyRow(const float *a, const float *b, float *out, int64_t n);
float dotRow(const float *a, const float *b, int64_t n);
// p[j] = dS from the probabilities p, dP = g (times keep when dropout ran).
void softmaxBackwardRow(float *p, const float *g, const float *keep, int64_t n, float rowDot);

} // namespace mtc::kernels::detail
