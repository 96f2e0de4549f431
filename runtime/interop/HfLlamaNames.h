// A LLaMA plan's params under Hugging Face LlamaForCausalLM's names and
// layouts, both ways (docs/checkpoints.md has the table).
//
// mtc stores linear weights [in, out], packs q, k and v into one qkv weight in
// Megatron's grouped order (per key/value head g: its r = heads / kv_heads
// query heads, then its key head, then its value head) and gives the embedding
// and lm_head tables padded_vocab rows. LlamaForCausalLM stores torch Linear
// weights [out, in], separate q_proj/k_proj/v_proj, and vocab rows. HF's q/k
// need no extra permutation: mtc's rotary pairs dimensions as HF's rotate_half
// does. A tied model (tie_word_embeddings) has no lm_head param, and HF's file
// has no lm_head.weight. A mixture of experts (Model.experts > 0) is
// MixtralForCausalLM: mtc's router [hidden, E] is block_sparse_moe.gate
// [E, hidden], and each of its [E, in, out] expert weights w1, w2, w3 is E
// tensors block_sparse_moe.experts.N.wK.weight [out, in].
#pragma once
#include "interop/HfTensor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mtc::pb {
class Model;
}

namespace mtc::runtime {

// A plan whose params are exported under LlamaForCausalLM's names.
bool usesHfLlamaNames(const pb::Model &m);

// True when a file's tensor names are LlamaForCausalLM's (not mtc's own).
bool isHfLlamaFile(const std::vector<std::string> &names);

// The HF tensors mtc param `mtcName` becomes, in file order (q, k, v for
// qkv); empty for a name LlamaForCausalLM has no counterpart for.
std::vector<std::string> hfLlamaNames(const std::string &mtcName);

// A param's full tensor in mtc's layout as its HF tensors (padding rows
// dropped). Throws FormatError for a name without counterpart or a shape that
// does not fit the model.
std::vector<HfTensor> toHfLlama(const std::string &mtcName, const std::vector<int64_t> &fullShape,
                                const float *data, const pb::Model &m);

// Param `mtcName`'s full tensor (fullShape, mtc layout, padding rows zeroed)
// from its HF tensors. Throws FormatError naming the tensor when one is
// missing or has the wrong shape: a LLaMA file is taken whole or not at all.
std::vector<float> fromHfLlama(const std::string &mtcName, const std::vector<int64_t> &fullShape,
                               const pb::Model &m, const HfTensorReader &read);

// Checks a file's names against the model as a whole, before any param is
// read: throws FormatError naming a tensor the model has no place for (another
// layer count, a bias), and refuses lm_head.weight in a tied model unless it
// equals model.embed_tokens.weight (a tied model's file may carry the copy; a
// different one would be silently dropped). Missing tensors are fromHfLlama's.
void checkHfLlamaFile(const std::vector<std::string> &names, const pb::Model &m,
                      const HfTensorReader &read);

} // namespace mtc::runtime
