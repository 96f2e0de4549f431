//===- ModelBuilder.h - GPT and BERT models in the mtc dialect ----*- C++ -*-===//
#ifndef MTC_IMPORT_MODELBUILDER_H
#define MTC_IMPORT_MODELBUILDER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace mtc {
/// What a model is built from: a HuggingFace config.json or Megatron-LM flags.
struct ModelConfig {
  std::string name = "model";
  std::string arch = "gpt"; // "gpt" (pre-LN, causal) or "bert" (post-LN, bidirectional)
  int64_t layers = 0, hidden = 0, heads = 0;
  int64_t ffn = 0; // 0: 4 * hidden
  int64_t vocab = 0;
  int64_t positions = 0;
  int64_t seq = 0;  // 0: positions
  int64_t microBatch = 1;
  /// Megatron-LM pads the vocabulary to a multiple of this times the tensor
  /// parallel size; 0 leaves it as is.
  int64_t vocabDivisibleBy = 0;
  int64_t tensorParallel = 1;
  double hiddenDropout = 0.1, attentionDropout = 0.1;
  double layerNormEps = 1e-5;
  double initStd = 0.02;
  // BERT: token types (segments) and Megatron's --bert-binary-head
  // (sentence-order prediction on the pooled [CLS]).
  int64_t typeVocab = 2;
  bool binaryHead = true;

  int64_t ffnSize() const { return ffn ? ffn : 4 * hidden; }
  int64_t seqLength() const { return seq ? seq : positions; }
  int64_t paddedVocab() const;
  /// Checks sizes, naming the offending numbers.
  llvm::Error validate() const;
};

/// Reads GPT-2 keys (n_layer, n_embd, n_head, vocab_size, n_positions, n_inner,
/// resid_pdrop, attn_pdrop, layer_norm_epsilon) or BERT keys
/// (num_hidden_layers, hidden_size, num_attention_heads, intermediate_size,
/// vocab_size, max_position_embeddings, ...). The name defaults to the file's
/// stem.
llvm::Expected<ModelConfig> readHuggingFaceConfig(llvm::StringRef path);

/// Builds the module: parameters, `#mtc.model`, and `@forward`.
mlir::OwningOpRef<mlir::ModuleOp> buildModel(mlir::MLIRContext &context,
                                             const ModelConfig &config);
} // namespace mtc

#endif // MTC_IMPORT_MODELBUILDER_H
