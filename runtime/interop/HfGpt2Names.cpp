#include "interop/HfGpt2Names.h"
#include "io/Safetensors.h"

#include "plan.pb.h"

#include <algorithm>
#include <map>

namespace mtc::runtime {

namespace {

enum class Layout {
  Same,      // copied as is (Conv1D weights are [in, out] in both)
  VocabRows, // HF keeps the real vocabulary's rows of the padded table
  Qkv,       // c_attn: Megatron's per-head columns <-> GPT-2's [q | k | v]
};

struct Rule {
  std::vector<std::string> hf; // one name; a vector for findHfRule
  Layout layout = Layout::Same;
};

constexpr const char *kPrefix = "transformer.";
constexpr const char *kLayers = "transformer.h.";

const std::map<std::string, Rule> &globalRules() {
  static const std::map<std::string, Rule> rules = {
      {"wte", {{"transformer.wte.weight"}, Layout::VocabRows}},
      {"wpe", {{"transformer.wpe.weight"}}},
      {"ln_f.weight", {{"transformer.ln_f.weight"}}},
      {"ln_f.bias", {{"transformer.ln_f.bias"}}},
  };
  return rules;
}

// Inside layer N, relative to "h.N." and "transformer.h.N.".
const std::map<std::string, Rule> &layerRules() {
  static const std::map<std::string, Rule> rules = [] {
    std::map<std::string, Rule> r;
    for (const char *name :
         {"ln_1.weight", "ln_1.bias", "attn.c_proj.weight", "attn.c_proj.bias", "ln_2.weight",
          "ln_2.bias", "mlp.c_fc.weight", "mlp.c_fc.bias", "mlp.c_proj.weight", "mlp.c_proj.bias"})
      r[name] = {{name}};
    r["attn.c_attn.weight"] = {{"attn.c_attn.weight"}, Layout::Qkv};
    r["attn.c_attn.bias"] = {{"attn.c_attn.bias"}, Layout::Qkv};
    return r;
  }();
  return rules;
}

bool findRule(const std::string &name, Rule *rule) {
  return findHfRule(name, globalRules(), layerRules(), kLayers, rule);
}

Rule ruleOrThrow(const std::string &name) {
  Rule rule;
  if (!findRule(name, &rule))
    throw FormatError("param '" + name + "' has no counterpart in Hugging Face's GPT2LMHeadModel");
  return rule;
}

// The layer of "h.N.<rest>", or -1.
int64_t layerOf(const std::string &mtcName) {
  if (!startsWith(mtcName, "h."))
    return -1;
  const size_t dot = mtcName.find('.', 2);
  if (dot == std::string::npos || dot == 2 ||
      mtcName.find_first_not_of("0123456789", 2) != dot || dot - 2 > 9)
    return -1;
  return std::stoll(mtcName.substr(2, dot - 2));
}

// The mtc param a file's tensor name stands for under any accepted spelling
// ("transformer.wte.weight", "wte.weight", "wte" -> "wte"), or "".
std::string mtcNameOf(std::string name, const pb::Model &m) {
  if (startsWith(name, kPrefix))
    name = name.substr(std::string(kPrefix).size());
  if (name == "wte.weight" || name == "wpe.weight")
    name.resize(3);
  Rule rule;
  if (!findRule(name, &rule))
    return "";
  const int64_t layer = layerOf(name);
  return layer < 0 || layer < m.layers() ? name : "";
}

// Every spelling of mtc param `mtcName` a file may use, in the order tried.
std::vector<std::string> spellings(const std::string &mtcName, const std::string &hf) {
  std::vector<std::string> out{hf, hf.substr(std::string(kPrefix).size())};
  for (const std::string &old : {mtcName, kPrefix + mtcName})
    if (std::find(out.begin(), out.end(), old) == out.end())
      out.push_back(old);
  return out;
}

// The c_attn permutation's geometry: rows of 3 * heads * headDim columns.
struct Qkv {
  int64_t rows = 0, heads = 0, headDim = 0;
};

Qkv qkvOf(const std::string &name, const std::vector<int64_t> &full, const pb::Model &m) {
  if (full.empty() || m.heads() <= 0 || full.back() % (3 * m.heads()) != 0)
    throw FormatError("param '" + name + "' of shape " + shapeString(full) +
                      " is not a packed query/key/value of " + std::to_string(m.heads()) +
                      " heads");
  Qkv q;
  q.heads = m.heads();
  q.headDim = full.back() / (3 * m.heads());
  q.rows = elementCount(full) / full.back();
  return q;
}

// The shape HF stores for param `name` of full shape `full`.
std::vector<int64_t> hfShape(const Rule &rule, const std::string &name,
                             const std::vector<int64_t> &full, const pb::Model &m) {
  if (rule.layout != Layout::VocabRows)
    return full;
  if (full.size() != 2 || full[0] != m.padded_vocab() || m.vocab() <= 0 ||
      m.vocab() > m.padded_vocab())
    throw FormatError("param '" + name + "' of shape " + shapeString(full) + ": expected " +
                      std::to_string(m.padded_vocab()) +
                      " rows (the padded vocabulary) holding a vocabulary of " +
                      std::to_string(m.vocab()));
  return {m.vocab(), full[1]};
}

} // namespace

bool usesHfGpt2Names(const pb::Model &m) { return m.arch() == "gpt"; }

std::string hfGpt2Name(const std::string &mtcName) {
  Rule rule;
  return findRule(mtcName, &rule) ? rule.hf[0] : "";
}

HfTensor toHfGpt2(const std::string &mtcName, const std::vector<int64_t> &fullShape,
                  const float *data, const pb::Model &m) {
  const Rule rule = ruleOrThrow(mtcName);
  HfTensor t{rule.hf[0], hfShape(rule, mtcName, fullShape, m), {}};
  t.data.resize(elementCount(t.shape));
  if (rule.layout == Layout::Qkv) {
    const Qkv q = qkvOf(mtcName, fullShape, m);
    qkvMegatronToGpt2(data, t.data.data(), q.rows, q.heads, q.headDim);
  } else { // Same, or VocabRows' leading rows
    std::copy(data, data + t.data.size(), t.data.begin());
  }
  return t;
}

std::vector<float> fromHfGpt2(const std::string &mtcName, const std::vector<int64_t> &fullShape,
                              const pb::Model &m, const HfTensorReader &read) {
  const Rule rule = ruleOrThrow(mtcName);
  const std::vector<int64_t> shape = hfShape(rule, mtcName, fullShape, m);
  HfTensor t;
  std::string found;
  for (const std::string &name : spellings(mtcName, rule.hf[0]))
    if (read(name, &t)) {
      found = name;
      break;
    }
  if (found.empty())
    throw FormatError("tensor '" + rule.hf[0] + "' (param '" + mtcName + "') is missing");
  // An earlier mtc export kept the padded rows: their values are dropped.
  const bool paddedRows = rule.layout == Layout::VocabRows && t.shape == fullShape;
  if (t.shape != shape && !paddedRows)
    throw FormatError("tensor '" + found + "' has shape " + shapeString(t.shape) + ", param '" +
                      mtcName + "' needs " + shapeString(shape));
  std::vector<float> full(elementCount(fullShape), 0.f);
  if (rule.layout == Layout::Qkv) {
    const Qkv q = qkvOf(mtcName, fullShape, m);
    qkvGpt2ToMegatron(t.data.data(), full.data(), q.rows, q.heads, q.headDim);
  } else { // Same, or VocabRows with the padding rows left zero
    std::copy(t.data.begin(), t.data.begin() + elementCount(shape), full.begin());
  }
  return full;
}

void checkHfGpt2File(const std::vector<std::string> &names, const pb::Model &m,
                     const HfTensorReader &read) {
  std::map<std::string, std::string> heldBy; // mtc param -> the file's name for it
  bool hasLmHead = false;
  for (const std::string &name : names) {
    const std::string mtcName = mtcNameOf(name, m);
    if (!mtcName.empty()) {
      auto [it, fresh] = heldBy.emplace(mtcName, name);
      if (!fresh)
        throw FormatError("tensors '" + it->second + "' and '" + name + "' are both param '" +
                          mtcName + "': refusing to pick one");
      continue;
    }
    // GPT2Attention's causal-mask buffers (constants HF's loader ignores too).
    std::string plain = startsWith(name, kPrefix) ? name.substr(std::string(kPrefix).size()) : name;
    for (const char *buffer : {".attn.bias", ".attn.masked_bias"})
      if (endsWith(plain, buffer)) {
        const std::string layer = plain.substr(0, plain.size() - std::string(buffer).size());
        if (layerOf(layer + ".") >= 0 && layerOf(layer + ".") < m.layers())
          plain.clear();
      }
    if (plain.empty())
      continue;
    if (name == "lm_head.weight") {
      hasLmHead = true;
      continue;
    }
    throw FormatError("tensor '" + name + "' has no place in a GPT2LMHeadModel of " +
                      std::to_string(m.layers()) + " layers (tied output layer, biases on " +
                      "every linear layer and layer norm)");
  }
  if (!hasLmHead)
    return;
  auto wte = heldBy.find("wte");
  HfTensor head, table;
  if (wte == heldBy.end() || !read(wte->second, &table))
    return; // fromHfGpt2 names the missing table
  if (read("lm_head.weight", &head) && head.shape == table.shape && head.data == table.data)
    return; // save_pretrained's tied copy
  throw FormatError("tensor 'lm_head.weight' differs from '" + wte->second +
                    "', but GPT-2 ties them: an untied checkpoint cannot be loaded without "
                    "dropping one of them");
}

} // namespace mtc::runtime
