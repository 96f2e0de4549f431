// The per-row work of the GPU's flash attention, as MTC_HD templates: the
// CUDA kernels call them on tiles staged in shared memory, and the CPU unit
// tests call them on the whole tensors and compare with the host kernels
// (test/unit/gpu/AttentionRowsTest.cpp). Only the staging, the thread to row
// mapping and the synchronization are CUDA-only.
//
// DMAX bounds the head dimension at compile time so the per-row accumulators
// stay in registers; the real D (<= DMAX) is a runtime value.
#pragma once
#include "kernels/cuda/row_math.h"
#include "kernels/math/dropout.h"
#include "kernels/math/softmax.h"

#include <cstdint>

// Full unrolling keeps the DMAX-sized row arrays in registers on the GPU;
// the host compiler does not know the pragma.
#ifdef __CUDA_ARCH__
#define MTC_UNROLL _Pragma("unroll")
#else
#define MTC_UNROLL
#endif

namespace mtc::kernels::gpu {

// What a row needs besides the tensors: the key range it may see and how its
// dropout counters are numbered (kernels.h: counter = base + i * S + j).
struct AttentionRowInfo {
  int64_t seq;
  bool causal;
  int64_t keys; // keys of this sample that are not padding (seq without padding)
  float scale;
  float dropout, invKeep;
  uint64_t seed, stream;
  uint64_t dropoutBase; // counter of (row 0, column 0) of this (batch, head)
};

// Keys row i may attend: [0, end) = [0, min(causal ? i + 1 : seq, keys)),
// keys <= seq.
MTC_HD inline int64_t attentionKeyEnd(bool causal, int64_t i, int64_t keys) {
  return causal && i < keys ? i + 1 : keys;
}
MTC_HD inline int64_t attentionKeyEnd(const AttentionRowInfo &a, int64_t i) {
  return attentionKeyEnd(a.causal, i, a.keys);
}

// Keys of sample b that are not padding: lengths[b] clamped to [1, seq]
// (every row keeps at least one key), all of them without lengths.
MTC_HD inline int64_t attentionKeys(const int32_t *lengths, int64_t b, int64_t seq) {
  if (!lengths)
    return seq;
  int64_t n = lengths[b];
  return n < 1 ? 1 : n > seq ? seq : n;
}

template <int DMAX>
MTC_HD inline float attentionDot(const float *x, const float *y, int D) {
  float s = 0.0f;
MTC_UNROLL
  for (int d = 0; d < DMAX; ++d)
    if (d < D)
      s += x[d] * y[d];
  return s;
}

template <int DMAX> struct AttentionForwardRow {
  math::SoftmaxState state = math::softmaxEmpty();
  float acc[DMAX];
  MTC_HD AttentionForwardRow() {
MTC_UNROLL
    for (int d = 0; d < DMAX; ++d)
      acc[d] = 0.0f;
  }
};

// Folds keys [j0, j0 + n) of row i into the row: k(j) at k + (j - j0) *
// stride, likewise v. Dropout multiplies the value weights only: the
// normalizer is the undropped softmax's, as in the host kernel.
template <int DMAX>
MTC_HD inline void attentionForwardKeys(AttentionForwardRow<DMAX> &row,
                                        const float *q, int D, const float *k,
                                        const float *v, int64_t stride,
                                        int64_t i, int64_t j0, int64_t n,
                                        const AttentionRowInfo &a,
                                        UniformCursor &uniforms) {
  int64_t end = attentionKeyEnd(a, i);
  for (int64_t t = 0; t < n && j0 + t < end; ++t) {
    const float *kj = k + t * stride, *vj = v + t * stride;
    float s = a.scale * attentionDot<DMAX>(q, kj, D);
    OnlineSoftmaxStep step = onlineSoftmaxStep(row.state, s);
    float w = step.weight;
    if (a.dropout > 0.0f)
      w *= math::dropoutKeepScale(
          uniforms.at(a.dropoutBase + static_cast<uint64_t>(i * a.seq + j0 + t)),
          a.dropout, a.invKeep);
MTC_UNROLL
    for (int d = 0; d < DMAX; ++d)
      if (d < D)
        row.acc[d] = row.acc[d] * step.rescale + w * vj[d];
  }
}

// out = acc / sum; returns the row's log-sum-exp (kept for backward).
template <int DMAX>
MTC_HD inline float attentionForwardFinish(const AttentionForwardRow<DMAX> &row,
                                           float *out, int D) {
  float inv = row.state.sum > 0.0f ? 1.0f / row.state.sum : 0.0f;
MTC_UNROLL
  for (int d = 0; d < DMAX; ++d)
    if (d < D)
      out[d] = row.acc[d] * inv;
  return math::softmaxLse(row.state);
}

// rowsum(dO * O): the D term of the softmax backward.
template <int DMAX>
MTC_HD inline float attentionRowDot(const float *dO, const float *O, int D) {
  return attentionDot<DMAX>(dO, O, D);
}

// softmax(scale q.k) of score (i, j) recomputed from lse, and the dropout
// factor that multiplied it into V (1 without dropout), as the host kernel
// forms them.
struct ScoreProb {
  float p, keep;
};
template <int DMAX>
MTC_HD inline ScoreProb attentionScoreProb(const float *q, const float *k, float lse, int D,
                                           int64_t i, int64_t j, const AttentionRowInfo &a,
                                           UniformCursor &uniforms) {
  float p = math::softmaxProb(a.scale * attentionDot<DMAX>(q, k, D), lse);
  float keep = 1.0f;
  if (a.dropout > 0.0f)
    keep = math::dropoutKeepScale(
        uniforms.at(a.dropoutBase + static_cast<uint64_t>(i * a.seq + j)),
        a.dropout, a.invKeep);
  return {p, keep};
}

// The gradient of one score (i, j), recomputed from q, k, lse: returns dS
// (the scale is applied by the caller) and the dropped probability that
// multiplied V, both exactly as the host kernel forms them.
struct ScoreGrad {
  float dS, pDropped;
};
template <int DMAX>
MTC_HD inline ScoreGrad attentionScoreGrad(const float *q, const float *k,
                                           const float *v, const float *dO,
                                           float lse, float rowDot, int D,
                                           int64_t i, int64_t j,
                                           const AttentionRowInfo &a,
                                           UniformCursor &uniforms) {
  ScoreProb s = attentionScoreProb<DMAX>(q, k, lse, D, i, j, a, uniforms);
  float dp = attentionDot<DMAX>(dO, v, D);
  return {math::softmaxBackward(s.p, dp * s.keep, rowDot), s.p * s.keep};
}

// Which of a key's gradients one pass over the queries accumulates. Both
// keeps two DMAX-float accumulators per thread; at DMAX = 128 those exceed
// the 255 registers a thread has and spill, so head dim 128 runs a Key pass
// and a Value pass (one accumulator each; the Value pass needs no v and no
// rowDot). The sums are formed in the same order either way.
enum class KeyGrads { Both, Key, Value };

// Key j's gradients from query rows [i0, i0 + n): dK += scale dS q,
// dV += P_dropped dO (dk unused by a Value pass, dv by a Key pass). Row r's
// q, dO at q + r * stride, dO + r * stride.
template <int DMAX, KeyGrads Part = KeyGrads::Both>
MTC_HD inline void attentionKeyGradRows(float *dk, float *dv, const float *kj,
                                        const float *vj, const float *q,
                                        const float *dO, int64_t stride,
                                        const float *lse, const float *rowDot,
                                        int D, int64_t j, int64_t i0, int64_t n,
                                        const AttentionRowInfo &a) {
  for (int64_t r = 0; r < n; ++r) {
    int64_t i = i0 + r;
    if (j >= attentionKeyEnd(a, i))
      continue;
    // Counters of a column are S apart: a fresh cursor per element.
    UniformCursor uniforms(a.seed, a.stream);
    const float *qi = q + r * stride, *dOi = dO + r * stride;
    if constexpr (Part == KeyGrads::Value) {
      ScoreProb s = attentionScoreProb<DMAX>(qi, kj, lse[r], D, i, j, a, uniforms);
      float pDropped = s.p * s.keep;
MTC_UNROLL
      for (int d = 0; d < DMAX; ++d)
        if (d < D)
          dv[d] += pDropped * dOi[d];
    } else {
      ScoreGrad g = attentionScoreGrad<DMAX>(qi, kj, vj, dOi, lse[r], rowDot[r],
                                             D, i, j, a, uniforms);
      float ds = a.scale * g.dS;
MTC_UNROLL
      for (int d = 0; d < DMAX; ++d)
        if (d < D) {
          dk[d] += ds * qi[d];
          if constexpr (Part == KeyGrads::Both)
            dv[d] += g.pDropped * dOi[d];
        }
    }
  }
}

// Query i's gradient from keys [j0, j0 + n): dQ += scale dS k. `end` is
// attentionKeyEnd(a, i), taken once per row by the caller (the hot loop then
// keeps fewer registers).
template <int DMAX>
MTC_HD inline void attentionQueryGradKeys(float *dq, const float *qi,
                                          const float *dOi, float lse,
                                          float rowDot, const float *k,
                                          const float *v, int64_t stride, int D,
                                          int64_t i, int64_t end, int64_t j0, int64_t n,
                                          const AttentionRowInfo &a,
                                          UniformCursor &uniforms) {
  for (int64_t t = 0; t < n && j0 + t < end; ++t) {
    const float *kj = k + t * stride;
    ScoreGrad g = attentionScoreGrad<DMAX>(qi, kj, v + t * stride, dOi, lse,
                                           rowDot, D, i, j0 + t, a, uniforms);
    float ds = a.scale * g.dS;
MTC_UNROLL
    for (int d = 0; d < DMAX; ++d)
      if (d < D)
        dq[d] += ds * kj[d];
  }
}

} // namespace mtc::kernels::gpu
