// Per-row and per-entry math of mixture-of-experts routing (kernels.h, "mixture
// of experts"), shared by the host and CUDA kernels.
//
// Routing is Megatron-Core's default (topk_softmax_with_capacity, softmax
// score, no pre-softmax), which is also Mixtral's (HF MixtralSparseMoeBlock):
// the k experts of a token are its k largest router logits, and their weights
// are the softmax over those k logits, i.e. the full softmax's probabilities
// renormalised to sum to 1. Equal logits go to the lower expert index, so the
// choice never depends on a sort's or a thread's order.
#pragma once
#include "kernels/math/hd.h"

#include <cmath>
#include <cstdint>

namespace mtc::kernels::math {

// True when expert a ranks before expert b (larger logit, then lower index).
MTC_HD inline bool moeRanksBefore(float la, int32_t a, float lb, int32_t b) {
  return la > lb || (la == lb && a < b);
}

// One token's routing: probs[E] = softmax(logits) (for the auxiliary loss),
// experts[k] its k best experts in rank order, weights[k] their
// probabilities over the sum of the k. 1 <= k <= E. A NaN logit ranks last
// (it compares false) and makes its row's probabilities NaN, as softmax would.
MTC_HD inline void moeRouteRow(const float *logits, int64_t E, int64_t k, float *probs,
                               int32_t *experts, float *weights) {
  float max = -INFINITY;
  for (int64_t e = 0; e < E; ++e)
    max = logits[e] > max ? logits[e] : max;
  double sum = 0;
  for (int64_t e = 0; e < E; ++e) {
    probs[e] = expf(logits[e] - max);
    sum += probs[e];
  }
  const float inv = static_cast<float>(1.0 / sum);
  for (int64_t e = 0; e < E; ++e)
    probs[e] *= inv;
  // Selection: the j-th pick is the best expert not ranked before pick j-1.
  double picked = 0;
  for (int64_t j = 0; j < k; ++j) {
    int32_t best = -1;
    for (int32_t e = 0; e < static_cast<int32_t>(E); ++e) {
      bool taken = false;
      for (int64_t i = 0; i < j; ++i)
        taken = taken || experts[i] == e;
      if (!taken && (best < 0 || moeRanksBefore(logits[e], e, logits[best], best)))
        best = e;
    }
    experts[j] = best;
    picked += probs[best];
  }
  for (int64_t j = 0; j < k; ++j)
    weights[j] = static_cast<float>(probs[experts[j]] / picked);
}

// The gradient of one token's router logits (overwrites dlogits[E]):
//  - through the weights, a softmax over the k picked logits:
//    dlogit[e_j] += w_j (dw_j - sum_l w_l dw_l) (dweights may be null);
//  - through the full softmax, from the auxiliary loss, whose gradient is the
//    same for every token of the batch (auxGrad[E], may be null):
//    dlogit[e] += p_e (g_e - sum_f p_f g_f).
MTC_HD inline void moeRouteBackwardRow(const float *probs, const int32_t *experts,
                                       const float *weights, const float *dweights,
                                       const float *auxGrad, int64_t E, int64_t k,
                                       float *dlogits) {
  double pg = 0;
  if (auxGrad)
    for (int64_t e = 0; e < E; ++e)
      pg += static_cast<double>(probs[e]) * auxGrad[e];
  for (int64_t e = 0; e < E; ++e)
    dlogits[e] = auxGrad ? static_cast<float>(probs[e] * (auxGrad[e] - pg)) : 0.f;
  if (!dweights)
    return;
  double wd = 0;
  for (int64_t j = 0; j < k; ++j)
    wd += static_cast<double>(weights[j]) * dweights[j];
  for (int64_t j = 0; j < k; ++j)
    dlogits[experts[j]] += static_cast<float>(weights[j] * (dweights[j] - wd));
}

// Dropping with a capacity (Megatron's --moe-token-drop-policy): an expert
// keeps the `capacity` routed entries that rank first. "probs": larger weight
// first, then lower token; "position": lower token first.
MTC_HD inline bool moeKeptBefore(float wa, int64_t ta, float wb, int64_t tb, bool byPosition) {
  return byPosition ? ta < tb : (wa > wb || (wa == wb && ta < tb));
}

// Megatron's get_capacity(tokens * k, E, factor): ceil(tokens k / E * factor).
inline int64_t moeCapacity(int64_t tokens, int64_t k, int64_t E, double factor) {
  return static_cast<int64_t>(std::ceil(static_cast<double>(tokens * k) / E * factor));
}

// The load-balancing loss of one MoE layer, Megatron's
// switch_load_balancing_loss_func (Switch Transformer, with top-k):
// coeff E sum_e f_e P_e, f_e = routed_e / (T k) the share of entries routed to
// expert e, P_e = probSums_e / T its mean router probability, over the T
// tokens the counts and sums cover.
inline double moeAuxLoss(const float *probSums, const int32_t *routed, int64_t E, int64_t tokens,
                         int64_t k, double coeff) {
  double s = 0;
  for (int64_t e = 0; e < E; ++e)
    s += static_cast<double>(routed[e]) * probSums[e];
  const double t = static_cast<double>(tokens);
  return coeff * static_cast<double>(E) * s / (t * t * static_cast<double>(k));
}

// Its gradient with respect to each probs[t, e] (the counts are constants):
// coeff E routed_e / (k T^2), the same for every token. `coeff` carries the
// loss's gradient scale.
inline void moeAuxLossGrad(const int32_t *routed, int64_t E, int64_t tokens, int64_t k,
                           double coeff, float *auxGrad) {
  const double t = static_cast<double>(tokens);
  for (int64_t e = 0; e < E; ++e)
    auxGrad[e] = static_cast<float>(coeff * static_cast<double>(E) * routed[e] /
                                    (static_cast<double>(k) * t * t));
}

} // namespace mtc::kernels::math
