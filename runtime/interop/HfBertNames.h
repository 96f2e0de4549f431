// A BERT plan's params under Hugging Face BertForPreTraining's names and
// layouts, both ways (docs/checkpoints.md has the table).
//
// mtc stores linear weights [in, out] (GPT-2's Conv1D), packs q, k and v into
// c_attn with Megatron's per-head column order, and gives the word embeddings
// and the MLM bias padded_vocab rows. BertForPreTraining stores torch Linear
// weights [out, in], separate query/key/value Linears, and vocab rows. Its
// MLM decoder is tied to the word embeddings (and its bias to
// cls.predictions.bias); save_pretrained leaves the tied copies
// (cls.predictions.decoder.weight/.bias) out of safetensors files, and so do we.
#pragma once
#include "interop/HfTensor.h"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace mtc::pb {
class Model;
}

namespace mtc::runtime {

// A plan whose params are exported under BertForPreTraining's names.
bool usesHfBertNames(const pb::Model &m);

// The HF tensors mtc param `mtcName` becomes, in file order (query, key, value
// for c_attn); empty for a name BertForPreTraining has no counterpart for.
std::vector<std::string> hfBertNames(const std::string &mtcName);

// A param's full tensor in mtc's layout as its HF tensors. Throws FormatError
// for a name without counterpart or a shape that does not fit the model.
std::vector<HfTensor> toHfBert(const std::string &mtcName, const std::vector<int64_t> &fullShape,
                               const float *data, const pb::Model &m);


// Builds param `mtcName`'s full tensor (fullShape, mtc layout) into *out from
// its HF tensors. Returns false, leaving *out alone, when the source has none
// of them. Accepts what Hugging Face's loader accepts: names without the
// "bert." prefix (a BertModel's file), LayerNorm gamma/beta, and vocab or
// padded_vocab rows (padding rows zeroed). Throws FormatError, naming the
// tensor, on a wrong shape, a c_attn with only some of query/key/value, or a
// tied decoder copy that differs from what mtc ties it to.
bool fromHfBert(const std::string &mtcName, const std::vector<int64_t> &fullShape,
                const pb::Model &m, const HfTensorReader &read, std::vector<float> *out);

} // namespace mtc::runtime
