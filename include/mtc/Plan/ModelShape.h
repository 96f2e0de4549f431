//===- ModelShape.h - The transformer sizes the planner needs ---*- C++ -*-===//
//
// A GPT-style decoder: `layers` blocks of attention + MLP, learned position
// embeddings, word embeddings of `vocab` x `hidden` (tied with the logits
// projection when `tied`).
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
  /// "gpt" or "bert": the layers the cost model knows. A LLaMA-family model
  /// (SwiGLU, grouped-query attention) is refused rather than costed as GPT.
  std::string arch = "gpt";

  int ffnSize() const { return ffn > 0 ? ffn : 4 * hidden; }
  /// Parameters of one transformer layer (weights and biases, 2 layer norms).
  double layerParams() const;
  /// Word + position embeddings (+ untied output projection) + final norm.
  double embeddingParams() const;
  double totalParams() const;
  /// Narayanan et al. 2021, eq. (3): FLOPs of one iteration of global batch
  /// B with full recomputation, 96 B s l h^2 (1 + s/(6h) + V/(16 l h)).
  double paperFlopsPerIteration(int globalBatch) const;
  /// "1.7B", "1008B", ...
  std::string paramsLabel() const;
};

/// Errors name the field: every size >= 1, heads divides hidden.
Result<ModelShape> validateModel(const ModelShape &model);

} // namespace mtc

#endif // MTC_PLAN_MODELSHAPE_H
