#include "interop/HfLlamaNames.h"
#include "io/Safetensors.h"

#include "plan.pb.h"

#include <algorithm>
#include <map>
#include <set>

namespace mtc::runtime {

namespace {

enum class Layout {
  Same,       // copied as is
  Transposed, // torch Linear [out, in] of an mtc [in, out] weight
  VocabRows,  // HF keeps the real vocabulary's rows of the padded table
  GroupedQkv, // qkv: split into q_proj, k_proj, v_proj, each transposed
  Experts,    // [E, in, out]: one torch Linear [out, in] per expert ('*' in the name)
};

struct Rule {
  std::vector<std::string> hf; // q, k, v for qkv
  Layout layout = Layout::Same;
};

const std::map<std::string, Rule> &globalRules() {
  static const std::map<std::string, Rule> rules = {
      {"wte", {{"model.embed_tokens.weight"}, Layout::VocabRows}},
      {"norm_f.weight", {{"model.norm.weight"}}},
      {"lm_head.weight", {{"lm_head.weight"}, Layout::VocabRows}},
  };
  return rules;
}

// Inside layer N, relative to "h.N." and "model.layers.N.".
const std::map<std::string, Rule> &layerRules() {
  static const std::map<std::string, Rule> rules = {
      {"input_norm.weight", {{"input_layernorm.weight"}}},
      {"attn.qkv.weight",
       {{"self_attn.q_proj.weight", "self_attn.k_proj.weight", "self_attn.v_proj.weight"},
        Layout::GroupedQkv}},
      {"attn.o_proj.weight", {{"self_attn.o_proj.weight"}, Layout::Transposed}},
      {"post_attention_norm.weight", {{"post_attention_layernorm.weight"}}},
      {"mlp.gate_proj.weight", {{"mlp.gate_proj.weight"}, Layout::Transposed}},
      {"mlp.up_proj.weight", {{"mlp.up_proj.weight"}, Layout::Transposed}},
      {"mlp.down_proj.weight", {{"mlp.down_proj.weight"}, Layout::Transposed}},
      // MixtralForCausalLM's sparse MLP.
      {"moe.router.weight", {{"block_sparse_moe.gate.weight"}, Layout::Transposed}},
      {"moe.w1", {{"block_sparse_moe.experts.*.w1.weight"}, Layout::Experts}},
      {"moe.w2", {{"block_sparse_moe.experts.*.w2.weight"}, Layout::Experts}},
      {"moe.w3", {{"block_sparse_moe.experts.*.w3.weight"}, Layout::Experts}},
  };
  return rules;
}

// An Experts rule's name for expert e.
std::string expertName(const std::string &pattern, int64_t e) {
  const size_t star = pattern.find('*');
  return pattern.substr(0, star) + std::to_string(e) + pattern.substr(star + 1);
}

// A rule's HF names for a model of E experts (one per expert for Experts).
std::vector<std::string> expandedNames(const std::string &mtcName, const std::vector<int64_t> &full,
                                       const std::vector<std::string> &hf, Layout layout) {
  if (layout != Layout::Experts)
    return hf;
  if (full.size() != 3 || full[0] < 1)
    throw FormatError("param '" + mtcName + "' of shape " + shapeString(full) +
                      ": expected [experts, in, out]");
  std::vector<std::string> names;
  for (int64_t e = 0; e < full[0]; ++e)
    names.push_back(expertName(hf[0], e));
  return names;
}

constexpr const char *kLayers = "model.layers.";

std::string layerPrefix(int64_t layer) { return kLayers + std::to_string(layer) + "."; }

bool findRule(const std::string &name, Rule *rule) {
  return findHfRule(name, globalRules(), layerRules(), kLayers, rule);
}

Rule ruleOrThrow(const std::string &name) {
  Rule rule;
  if (!findRule(name, &rule))
    throw FormatError("param '" + name +
                      "' has no counterpart in Hugging Face's LlamaForCausalLM");
  return rule;
}

// The packed qkv's columns: kv groups of (r + 2) blocks of headDim.
struct Grouped {
  int64_t rows = 0, heads = 0, kvHeads = 0, headDim = 0;
  int64_t width() const { return (heads + 2 * kvHeads) * headDim; }
  // mtc's column of dimension i of head `head` of part 0 (q), 1 (k) or 2 (v).
  int64_t column(int part, int64_t head, int64_t i) const {
    const int64_t r = heads / kvHeads;
    const int64_t block = part == 0 ? head / r * (r + 2) + head % r : head * (r + 2) + r + part - 1;
    return block * headDim + i;
  }
  int64_t partHeads(int part) const { return part == 0 ? heads : kvHeads; }
};

// The shape of each HF tensor of `name`, in rule.hf's order.
std::vector<std::vector<int64_t>> hfShapes(const Rule &rule, const std::string &name,
                                           const std::vector<int64_t> &full, const pb::Model &m,
                                           Grouped *grouped) {
  auto refuse = [&](const std::string &why) {
    return FormatError("param '" + name + "' of shape " + shapeString(full) + ": " + why);
  };
  const size_t rank = rule.layout == Layout::Same ? 1 : rule.layout == Layout::Experts ? 3 : 2;
  if (full.size() != rank || elementCount(full) <= 0)
    throw refuse("expected a non-empty tensor of rank " + std::to_string(rank));
  switch (rule.layout) {
  case Layout::Same:
    return {full};
  case Layout::Transposed:
    return {{full[1], full[0]}};
  case Layout::Experts:
    return std::vector<std::vector<int64_t>>(full[0], {full[2], full[1]});
  case Layout::VocabRows:
    if (full[0] != m.padded_vocab() || m.vocab() <= 0 || m.vocab() > m.padded_vocab())
      throw refuse("expected " + std::to_string(m.padded_vocab()) +
                   " rows (the padded vocabulary) holding a vocabulary of " +
                   std::to_string(m.vocab()));
    return {{m.vocab(), full[1]}};
  case Layout::GroupedQkv: {
    Grouped g;
    g.rows = full[0];
    g.heads = m.heads();
    g.kvHeads = m.kv_heads() > 0 ? m.kv_heads() : m.heads();
    if (g.heads <= 0 || g.heads % g.kvHeads != 0 || full[1] % (g.heads + 2 * g.kvHeads) != 0)
      throw refuse("not a grouped query/key/value of " + std::to_string(g.heads) +
                   " query heads and " + std::to_string(g.kvHeads) + " key/value heads");
    g.headDim = full[1] / (g.heads + 2 * g.kvHeads);
    *grouped = g;
    return {{g.heads * g.headDim, g.rows},
            {g.kvHeads * g.headDim, g.rows},
            {g.kvHeads * g.headDim, g.rows}};
  }
  }
  return {};
}

} // namespace

bool usesHfLlamaNames(const pb::Model &m) { return m.arch() == "llama"; }

bool isHfLlamaFile(const std::vector<std::string> &names) {
  return std::any_of(names.begin(), names.end(),
                     [](const std::string &n) { return n.compare(0, 6, "model.") == 0; });
}

std::vector<std::string> hfLlamaNames(const std::string &mtcName) {
  Rule rule;
  return findRule(mtcName, &rule) ? rule.hf : std::vector<std::string>{};
}

std::vector<HfTensor> toHfLlama(const std::string &mtcName, const std::vector<int64_t> &fullShape,
                                const float *data, const pb::Model &m) {
  Rule rule = ruleOrThrow(mtcName);
  Grouped g;
  const auto shapes = hfShapes(rule, mtcName, fullShape, m, &g);
  rule.hf = expandedNames(mtcName, fullShape, rule.hf, rule.layout);
  std::vector<HfTensor> out;
  for (size_t p = 0; p < rule.hf.size(); ++p)
    out.push_back({rule.hf[p], shapes[p], std::vector<float>(elementCount(shapes[p]))});
  switch (rule.layout) {
  case Layout::Same:
  case Layout::VocabRows: // the leading rows
    std::copy(data, data + elementCount(shapes[0]), out[0].data.begin());
    break;
  case Layout::Transposed:
    for (int64_t r = 0; r < fullShape[0]; ++r)
      for (int64_t c = 0; c < fullShape[1]; ++c)
        out[0].data[c * fullShape[0] + r] = data[r * fullShape[1] + c];
    break;
  case Layout::Experts: {
    const int64_t in = fullShape[1], outs = fullShape[2];
    for (int64_t e = 0; e < fullShape[0]; ++e)
      for (int64_t r = 0; r < in; ++r)
        for (int64_t c = 0; c < outs; ++c)
          out[e].data[c * in + r] = data[(e * in + r) * outs + c];
    break;
  }
  case Layout::GroupedQkv:
    for (int part = 0; part < 3; ++part)
      for (int64_t head = 0; head < g.partHeads(part); ++head)
        for (int64_t i = 0; i < g.headDim; ++i) {
          const int64_t column = g.column(part, head, i);
          float *row = out[part].data.data() + (head * g.headDim + i) * g.rows;
          for (int64_t in = 0; in < g.rows; ++in)
            row[in] = data[in * g.width() + column];
        }
    break;
  }
  return out;
}

std::vector<float> fromHfLlama(const std::string &mtcName, const std::vector<int64_t> &fullShape,
                               const pb::Model &m, const HfTensorReader &read) {
  Rule rule = ruleOrThrow(mtcName);
  Grouped g;
  const auto shapes = hfShapes(rule, mtcName, fullShape, m, &g);
  rule.hf = expandedNames(mtcName, fullShape, rule.hf, rule.layout);
  std::vector<HfTensor> parts(rule.hf.size());
  for (size_t p = 0; p < parts.size(); ++p) {
    if (!read(rule.hf[p], &parts[p]))
      throw FormatError(
          "tensor '" + rule.hf[p] + "' (param '" + mtcName + "') is missing" +
          (mtcName == "lm_head.weight"
               ? ": the model's lm_head is untied (tie_word_embeddings false), a tied model's "
                 "file has none"
               : ""));
    if (parts[p].shape != shapes[p])
      throw FormatError("tensor '" + rule.hf[p] + "' has shape " + shapeString(parts[p].shape) +
                        ", param '" + mtcName + "' needs " + shapeString(shapes[p]));
  }

  std::vector<float> full(elementCount(fullShape), 0.f);
  switch (rule.layout) {
  case Layout::Same:
  case Layout::VocabRows: // padding rows left zero
    std::copy(parts[0].data.begin(), parts[0].data.end(), full.begin());
    break;
  case Layout::Transposed:
    for (int64_t r = 0; r < fullShape[0]; ++r)
      for (int64_t c = 0; c < fullShape[1]; ++c)
        full[r * fullShape[1] + c] = parts[0].data[c * fullShape[0] + r];
    break;
  case Layout::Experts: {
    const int64_t in = fullShape[1], outs = fullShape[2];
    for (int64_t e = 0; e < fullShape[0]; ++e)
      for (int64_t r = 0; r < in; ++r)
        for (int64_t c = 0; c < outs; ++c)
          full[(e * in + r) * outs + c] = parts[e].data[c * in + r];
    break;
  }
  case Layout::GroupedQkv:
    for (int part = 0; part < 3; ++part)
      for (int64_t head = 0; head < g.partHeads(part); ++head)
        for (int64_t i = 0; i < g.headDim; ++i) {
          const int64_t column = g.column(part, head, i);
          const float *row = parts[part].data.data() + (head * g.headDim + i) * g.rows;
          for (int64_t in = 0; in < g.rows; ++in)
            full[in * g.width() + column] = row[in];
        }
    break;
  }
  return full;
}

void checkHfLlamaFile(const std::vector<std::string> &names, const pb::Model &m,
                      const HfTensorReader &read) {
  std::set<std::string> known;
  for (const auto &[mtcName, rule] : globalRules())
    if (mtcName != "lm_head.weight" || !m.tied_embeddings())
      known.insert(rule.hf.begin(), rule.hf.end());
  // A dense layer's MLP or Mixtral's sparse one, never both.
  const bool moe = m.experts() > 0;
  for (int64_t layer = 0; layer < m.layers(); ++layer)
    for (const auto &[mtcName, rule] : layerRules()) {
      const bool sparse = mtcName.rfind("moe.", 0) == 0, dense = mtcName.rfind("mlp.", 0) == 0;
      if ((moe && dense) || (!moe && sparse))
        continue;
      for (const std::string &hf : rule.hf)
        if (rule.layout == Layout::Experts)
          for (int64_t e = 0; e < m.experts(); ++e)
            known.insert(layerPrefix(layer) + expertName(hf, e));
        else
          known.insert(layerPrefix(layer) + hf);
    }

  for (const std::string &name : names) {
    if (known.count(name))
      continue;
    // Older LLaMA files carry rotary's inverse frequencies, a buffer Hugging
    // Face's loader ignores too; they follow from rope_theta.
    const std::string invFreq = ".self_attn.rotary_emb.inv_freq";
    if (name.size() > invFreq.size() && endsWith(name, invFreq) &&
        known.count(name.substr(0, name.size() - invFreq.size()) + ".self_attn.o_proj.weight"))
      continue;
    if (name == "lm_head.weight") {
      HfTensor head, embed;
      if (!read("model.embed_tokens.weight", &embed))
        continue; // fromHfLlama names the missing table
      if (read("lm_head.weight", &head) && head.shape == embed.shape && head.data == embed.data)
        continue; // the tied copy
      throw FormatError("tensor 'lm_head.weight' differs from 'model.embed_tokens.weight', but "
                        "the model ties them (tie_word_embeddings): an untied checkpoint "
                        "cannot be loaded without dropping one of them");
    }
    throw FormatError("tensor '" + name + "' has no place in a " +
                      (moe ? "MixtralForCausalLM of " + std::to_string(m.experts()) +
                                 " experts and "
                           : std::string("LlamaForCausalLM of ")) +
                      std::to_string(m.layers()) + " layers" +
                      (m.tied_embeddings() ? " with tied embeddings" : "") +
                      " (no biases, one q/k/v/o projection per layer)");
  }
}

} // namespace mtc::runtime
