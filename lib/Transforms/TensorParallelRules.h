//===- TensorParallelRules.h - what a split by t asks of a model -*- C++ -*-===//
//
// Private to lib/Transforms: the rules --mtc-tensor-parallel applies and
// --mtc-verify-config reports, from one place, so the check never refuses
// what the compiler does.
//
// Heads, key/value groups, hidden and FFN sizes must divide by t
// (ModelAttr::tensorParallelProblems). When t does not divide
// the embedding table's rows, --mtc-tensor-parallel pads the table to the
// next multiple of t (Megatron-LM pads at import instead; a model imported
// unpadded still splits). --mtc-verify-config reports the same padding from
// the same plan, and both refuse a model they cannot pad with the same
// message.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_LIB_TRANSFORMS_TENSORPARALLELRULES_H
#define MTC_LIB_TRANSFORMS_TENSORPARALLELRULES_H

#include "mtc/MtcOps.h"

namespace mtc {
/// Emits an error on `module` for each of tensorParallelProblems(t), the
/// last with a note naming the sizes that would split `model`.
mlir::LogicalResult checkTensorParallelSplit(mlir::ModuleOp module, ModelAttr model, int64_t t);

/// Emits an error on `module` unless t divides the sequence, which sequence
/// parallelism splits outside the attention and MLP.
mlir::LogicalResult checkSequenceParallelSplit(mlir::ModuleOp module, ModelAttr model, int64_t t);

struct VocabPadding {
  int64_t rows = 0;   ///< the embedding table's rows (mtc.model padded_vocab)
  int64_t padded = 0; ///< its rows for the split: the next multiple of t
  /// What grows: the embedding table and the output layers that read it
  /// (tied or, LLaMA's, untied), with their biases (BERT's). Empty when t
  /// divides the rows already.
  llvm::SmallVector<ParamOp> params;

  bool needed() const { return padded != rows; }
};

/// How a split by `t` pads the vocabulary of `module`'s @forward; emits the
/// reason and fails when it cannot be padded.
mlir::FailureOr<VocabPadding> planVocabPadding(mlir::ModuleOp module, ModelAttr model, int64_t t);
/// Grows the planned tables and mtc.model's padded_vocab. Initialization is
/// keyed on the flat index of the full [vocab, hidden] tensor, so the real
/// rows keep their values; padding rows are never looked up and their
/// logits are masked by the cross-entropy's valid_vocab, so the loss equals
/// the unpadded model's.
void padVocabulary(mlir::ModuleOp module, ModelAttr model, const VocabPadding &padding);

/// Whether `ce`'s logits come from a [padded vocabulary, hidden] table (the
/// tied output layer or LLaMA's lm_head): the cross-entropies that are
/// vocabulary-parallel. BERT's sentence-order head is not.
bool readsVocabTable(CrossEntropyOp ce, ModelAttr model);
} // namespace mtc

#endif // MTC_LIB_TRANSFORMS_TENSORPARALLELRULES_H
