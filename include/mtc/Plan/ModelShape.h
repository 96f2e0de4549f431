//===- ModelShape.h - The transformer sizes the planner needs ---*- C++ -*-===//
//
// A transformer of `layers` blocks of attention + MLP and word embeddings of
// `vocab` x `hidden` (tied with the logits projection when `tied`), in one of
// three families (`arch`):
//  - "gpt": pre-LayerNorm, learned positions, biases, GeLU MLP, dropout;
//  - "bert": the same layer, bidirectional;
//  - "llama": pre-RMSNorm, rotary positions (no position table), grouped-query
//    attention (`kvHeads`), a SwiGLU MLP (gate, up and down: three h x f
//    matrices), no biases, no dropout.
// A "llama" model with `experts` > 0 is a mixture of experts (Mixtral): each
// layer's MLP is a router (hidden x experts, no bias) and `experts` SwiGLU
// experts of `ffn` each, every token going to `topk` of them (docs/moe.md).
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_MODELSHAPE_H
#define MTC_PLAN_MODELSHAPE_H

#include "mtc/Plan/Result.h"

#include <string>

namespace mtc {

struct ModelShape {
  int layers = 0;
  int hidden = 0;
  int heads = 0;
  int ffn = 0; ///< MLP inner size; 0 means 4 * hidden
  int vocab = 0;
  int seq = 0;
  bool tied = true;
  /// "gpt", "bert" or "llama" (above).
  std::string arch = "gpt";
  /// Key/value heads of grouped-query attention ("llama"); 0 = heads.
  int kvHeads = 0;
  /// Mistral's sliding-window attention ("llama"; 0: none). Costed as full
  /// causal attention, which it is on sequences up to the window only.
  int slidingWindow = 0;
  /// Experts of every layer's MLP ("llama"; 0: a dense MLP); `ffn` is then
  /// one expert's inner size (Megatron's --moe-ffn-hidden-size).
  int experts = 0;
  /// Experts each token is routed to (--moe-router-topk; with experts > 0).
  int topk = 0;

  int ffnSize() const { return ffn > 0 ? ffn : 4 * hidden; }
  bool llama() const { return arch == "llama"; }
  bool moe() const { return experts > 0; }
  int keyValueHeads() const { return kvHeads > 0 ? kvHeads : heads; }
  /// Width of the keys (and of the values): kvHeads x the head size.
  double keyValueWidth() const;
  /// Columns of the fused QKV projection: h + 2 keyValueWidth.
  double qkvWidth() const;
  /// Columns of the MLP's first linear: f, or 2f for SwiGLU's gate and up.
  double fc1Width() const;
  /// Parameters of one transformer layer (weights, biases, 2 norms; the
  /// router and every expert of a mixture of experts).
  double layerParams() const;
  /// The experts' share of layerParams (0 for a dense MLP): what expert
  /// parallelism splits.
  double layerExpertParams() const;
  /// Parameters one token passes through in a layer: layerParams with topk
  /// experts instead of all of them.
  double layerActiveParams() const;
  /// The learned position table of GPT and BERT (s x h); LLaMA's rotary
  /// positions have none.
  double positionParams() const;
  /// Word (+ position) embeddings (+ untied output projection) + final norm.
  double embeddingParams() const;
  double totalParams() const;
  /// Parameters a token passes through: totalParams with topk experts a layer.
  double activeParams() const;
  /// Model FLOPs of one layer's forward for one sample: its GEMMs, 2 s h
  /// (qkvWidth + h + fc1Width + f) (a mixture of experts: 2 s h (qkvWidth +
  /// h + experts + topk (fc1Width + f)), the router and the active experts),
  /// and attention's 4 s^2 h (not halved for the causal mask, as the papers
  /// count).
  double layerForwardFlops() const;
  /// Narayanan et al. 2021, eq. (3): FLOPs of one iteration of global batch
  /// B with full recomputation, 96 B s l h^2 (1 + s/(6h) + V/(16 l h)): four
  /// passes of each layer, three of the logits. For "llama", the same count
  /// of its own layer: B (4 l layerForwardFlops + 6 s h V).
  double paperFlopsPerIteration(int globalBatch) const;
  /// "1.7B", "1008B", ...
  std::string paramsLabel() const;
};

/// Errors name the field: every size >= 1, heads divides hidden; kvHeads
/// (only with "llama") divides heads; experts only with "llama", 1 <= topk
/// <= experts.
Result<ModelShape> validateModel(const ModelShape &model);

} // namespace mtc

#endif // MTC_PLAN_MODELSHAPE_H
