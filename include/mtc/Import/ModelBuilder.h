//===- ModelBuilder.h - GPT and BERT models in the mtc dialect ----*- C++ -*-===//
#ifndef MTC_IMPORT_MODELBUILDER_H
#define MTC_IMPORT_MODELBUILDER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"
#include <string>

namespace mtc {
/// What a model is built from: a HuggingFace config.json or Megatron-LM flags.
struct ModelConfig {
  std::string name = "model";
  // "gpt" (pre-LN, causal), "bert" (post-LN, bidirectional) or "llama"
  // (pre-RMSNorm, causal, rotary positions, SwiGLU, no biases, optional
  // grouped-query attention and untied output layer).
  std::string arch = "gpt";
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
  // The MLP's activation (and BERT's MLM head's, as in HF): GeLU's tanh
  // approximation (GPT-2's "gelu_new", Megatron's --openai-gelu, the default
  // here), exact GeLU x * Phi(x) (HF BERT's "gelu") or squared ReLU
  // max(x, 0)^2 (HF's "relu2", Megatron's --squared-relu).
  enum class Activation { GeluTanh, GeluExact, SquaredRelu };
  Activation activation = Activation::GeluTanh;
  // LLaMA: key/value heads (0: one per query head), rotary base, and whether
  // the output layer reads the embedding table (GPT and BERT always do).
  int64_t kvHeads = 0;
  double ropeTheta = 10000.0;
  bool tiedEmbeddings = true;
  // Mixture of experts (LLaMA family only; docs/moe.md): every MLP becomes
  // `experts` SwiGLU experts of width ffn and a top-`topk` router (0: dense).
  // The load-balancing loss's coefficient (0: none), Megatron's
  // --moe-aux-loss-coeff; a capacity factor (0: no dropping) and its drop
  // policy ("probs", or by position).
  int64_t experts = 0, topk = 2;
  double moeAuxLossCoeff = 0.0, capacityFactor = 0.0;
  bool dropByPosition = false;

  int64_t ffnSize() const { return ffn ? ffn : 4 * hidden; }
  int64_t keyValueHeads() const { return kvHeads ? kvHeads : heads; }
  int64_t seqLength() const { return seq ? seq : positions; }
  int64_t paddedVocab() const;
  /// Checks sizes, naming the offending numbers.
  llvm::Error validate() const;
};

/// Reads GPT-2 keys (n_layer, n_embd, n_head, vocab_size, n_positions, n_inner,
/// resid_pdrop, attn_pdrop, layer_norm_epsilon), BERT keys
/// (num_hidden_layers, hidden_size, num_attention_heads, intermediate_size,
/// vocab_size, max_position_embeddings, ...) or LLaMA/Mistral keys
/// (model_type "llama" or "mistral": num_key_value_heads, rope_theta,
/// rms_norm_eps, tie_word_embeddings, ...). A key whose value would change the
/// model into one not built here (hidden_act other than silu, rope_scaling,
/// biases, a binding sliding window, ...) is refused. The name defaults to the
/// file's stem.
llvm::Expected<ModelConfig> readHuggingFaceConfig(llvm::StringRef path);

/// The LLaMA/Mistral part of a config.json (after the shared keys).
llvm::Error readLlamaKeys(const llvm::json::Object &obj, llvm::StringRef path,
                          ModelConfig &c);

/// Builds the module: parameters, `#mtc.model`, and `@forward`; null, with
/// the error emitted, when #mtc.model's verifier refuses the sizes.
/// A mixtral config's expert keys (num_local_experts, num_experts_per_tok,
/// router_aux_loss_coef with output_router_logits); refuses them in any
/// other config.
llvm::Error readMixtralKeys(const llvm::json::Object &obj, llvm::StringRef path,
                            ModelConfig &c);

mlir::OwningOpRef<mlir::ModuleOp> buildModel(mlir::MLIRContext &context,
                                             const ModelConfig &config);
} // namespace mtc

#endif // MTC_IMPORT_MODELBUILDER_H
