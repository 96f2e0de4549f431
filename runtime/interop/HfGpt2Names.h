// A GPT plan's params under Hugging Face GPT2LMHeadModel's names and
// layouts, both ways (docs/checkpoints.md has the table).
//
// mtc's GPT params already carry GPT-2's module names (h.N.attn.c_attn, ...)
// and Conv1D's [in, out] weights; GPT2LMHeadModel puts them under
// "transformer." and calls the embedding tables wte.weight / wpe.weight. Two
// layouts differ: c_attn's columns (mtc computes in Megatron's per-head
// order, GPT-2 stores [q | k | v]) and the embedding's rows (mtc pads the
// vocabulary, HF stores vocab_size rows). The output layer is tied to wte,
// so a file has no lm_head.weight, as save_pretrained writes it.
#pragma once
#include "interop/HfTensor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mtc::pb {
class Model;
}

namespace mtc::runtime {

// A plan whose params are exported under GPT2LMHeadModel's names.
bool usesHfGpt2Names(const pb::Model &m);

// "transformer.wte.weight" for "wte", "transformer.h.0.ln_1.bias" for
// "h.0.ln_1.bias"; empty for a name GPT-2 has no counterpart for.
std::string hfGpt2Name(const std::string &mtcName);

// A param's full tensor in mtc's layout as GPT2LMHeadModel's tensor (c_attn
// in [q | k | v] order, wte's padding rows dropped). Throws FormatError for a
// name without counterpart or a shape that does not fit the model.
HfTensor toHfGpt2(const std::string &mtcName, const std::vector<int64_t> &fullShape,
                  const float *data, const pb::Model &m);

// Param `mtcName`'s full tensor (fullShape, mtc layout) from a file. Reads
// what Hugging Face's loader reads: GPT2LMHeadModel's names, GPT2Model's
// (no "transformer." prefix: OpenAI's published files) and mtc's earlier
// exports ("wte", "wpe"). wte may hold vocab_size or padded_vocab rows; the
// padding rows come back zero either way. Throws FormatError naming the
// tensor when it is missing or has the wrong shape.
std::vector<float> fromHfGpt2(const std::string &mtcName, const std::vector<int64_t> &fullShape,
                              const pb::Model &m, const HfTensorReader &read);

// Checks a file's names against the model as a whole, before any param is
// read: throws FormatError naming a tensor the model has no place for
// (another layer count, an untied lm_head that differs from wte) or a param
// stored under two spellings. Hugging Face's attention-mask buffers
// (h.N.attn.bias, h.N.attn.masked_bias) and an lm_head.weight equal to wte
// are accepted and ignored. Missing tensors are fromHfGpt2's.
void checkHfGpt2File(const std::vector<std::string> &names, const pb::Model &m,
                     const HfTensorReader &read);

} // namespace mtc::runtime
