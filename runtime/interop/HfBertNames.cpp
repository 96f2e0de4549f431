#include "interop/HfBertNames.h"
#include "io/Safetensors.h"

#include "plan.pb.h"

#include <algorithm>
#include <map>

namespace mtc::runtime {

namespace {

enum class Layout {
  Same,       // copied as is
  Transposed, // torch Linear [out, in] of an mtc [in, out] weight
  VocabRows,  // HF keeps the real vocabulary's rows of the padded table
};

struct Rule {
  std::vector<std::string> hf; // query, key, value for c_attn
  Layout layout = Layout::Same;
  bool qkv = false;             // c_attn: split into three column blocks
  std::string tiedCopy = {};    // HF's tied duplicate, checked when a file has it
};

const std::map<std::string, Rule> &globalRules() {
  static const std::map<std::string, Rule> rules = {
      {"wte", {{"bert.embeddings.word_embeddings.weight"}, Layout::VocabRows, false,
               "cls.predictions.decoder.weight"}},
      {"wpe", {{"bert.embeddings.position_embeddings.weight"}}},
      {"tte", {{"bert.embeddings.token_type_embeddings.weight"}}},
      {"emb_ln.weight", {{"bert.embeddings.LayerNorm.weight"}}},
      {"emb_ln.bias", {{"bert.embeddings.LayerNorm.bias"}}},
      {"head.dense.weight", {{"cls.predictions.transform.dense.weight"}, Layout::Transposed}},
      {"head.dense.bias", {{"cls.predictions.transform.dense.bias"}}},
      {"head.ln.weight", {{"cls.predictions.transform.LayerNorm.weight"}}},
      {"head.ln.bias", {{"cls.predictions.transform.LayerNorm.bias"}}},
      {"head.bias", {{"cls.predictions.bias"}, Layout::VocabRows, false,
                     "cls.predictions.decoder.bias"}},
      {"pooler.dense.weight", {{"bert.pooler.dense.weight"}, Layout::Transposed}},
      {"pooler.dense.bias", {{"bert.pooler.dense.bias"}}},
      {"binary_head.weight", {{"cls.seq_relationship.weight"}, Layout::Transposed}},
      {"binary_head.bias", {{"cls.seq_relationship.bias"}}},
  };
  return rules;
}

// Inside layer N, relative to "h.N." and "bert.encoder.layer.N.".
const std::map<std::string, Rule> &layerRules() {
  static const std::map<std::string, Rule> rules = {
      {"attn.c_attn.weight",
       {{"attention.self.query.weight", "attention.self.key.weight",
         "attention.self.value.weight"},
        Layout::Transposed,
        true}},
      {"attn.c_attn.bias",
       {{"attention.self.query.bias", "attention.self.key.bias", "attention.self.value.bias"},
        Layout::Same,
        true}},
      {"attn.c_proj.weight", {{"attention.output.dense.weight"}, Layout::Transposed}},
      {"attn.c_proj.bias", {{"attention.output.dense.bias"}}},
      {"ln_1.weight", {{"attention.output.LayerNorm.weight"}}},
      {"ln_1.bias", {{"attention.output.LayerNorm.bias"}}},
      {"mlp.c_fc.weight", {{"intermediate.dense.weight"}, Layout::Transposed}},
      {"mlp.c_fc.bias", {{"intermediate.dense.bias"}}},
      {"mlp.c_proj.weight", {{"output.dense.weight"}, Layout::Transposed}},
      {"mlp.c_proj.bias", {{"output.dense.bias"}}},
      {"ln_2.weight", {{"output.LayerNorm.weight"}}},
      {"ln_2.bias", {{"output.LayerNorm.bias"}}},
  };
  return rules;
}

bool findRule(const std::string &name, Rule *rule) {
  return findHfRule(name, globalRules(), layerRules(), "bert.encoder.layer.", rule);
}

Rule ruleOrThrow(const std::string &name) {
  Rule rule;
  if (!findRule(name, &rule))
    throw FormatError("param '" + name +
                      "' has no counterpart in Hugging Face's BertForPreTraining");
  return rule;
}

// The shape of each HF tensor of `name` (all of c_attn's three share one).
std::vector<int64_t> hfShape(const Rule &rule, const std::string &name,
                             const std::vector<int64_t> &full, const pb::Model &m) {
  auto refuse = [&](const std::string &why) {
    return FormatError("param '" + name + "' of shape " + shapeString(full) + ": " + why);
  };
  const size_t rank = rule.layout == Layout::Transposed ? 2 : rule.qkv ? 1 : full.size();
  if (full.size() != rank || (rank > 0 && elementCount(full) <= 0))
    throw refuse("expected a non-empty tensor of rank " + std::to_string(rank));
  std::vector<int64_t> shape = full;
  if (rule.qkv) {
    const int64_t heads = m.heads();
    if (heads <= 0 || full.back() % (3 * heads) != 0)
      throw refuse("not a packed query/key/value of " + std::to_string(heads) + " heads");
    shape.back() /= 3;
  }
  if (rule.layout == Layout::Transposed)
    std::swap(shape[0], shape[1]);
  if (rule.layout == Layout::VocabRows) {
    if (full[0] != m.padded_vocab() || m.vocab() <= 0 || m.vocab() > m.padded_vocab())
      throw refuse("expected " + std::to_string(m.padded_vocab()) +
                   " rows (the padded vocabulary) holding a vocabulary of " +
                   std::to_string(m.vocab()));
    shape[0] = m.vocab();
  }
  return shape;
}

// Reads `name` under the spellings Hugging Face's loader also accepts.
bool readAliased(const HfTensorReader &read, const std::string &name, HfTensor *out) {
  std::vector<std::string> spellings{name};
  if (startsWith(name, "bert."))
    spellings.push_back(name.substr(5)); // a BertModel's file has no prefix
  const size_t plain = spellings.size();
  for (size_t i = 0; i < plain; ++i) {
    const std::string &s = spellings[i];
    if (s.find(".LayerNorm.") == std::string::npos)
      continue;
    if (endsWith(s, ".weight")) // the original TensorFlow names
      spellings.push_back(s.substr(0, s.size() - 7) + ".gamma");
    else if (endsWith(s, ".bias"))
      spellings.push_back(s.substr(0, s.size() - 5) + ".beta");
  }
  for (const std::string &s : spellings)
    if (read(s, out)) {
      out->name = s;
      return true;
    }
  return false;
}

} // namespace

bool usesHfBertNames(const pb::Model &m) { return m.arch() == "bert"; }

std::vector<std::string> hfBertNames(const std::string &mtcName) {
  Rule rule;
  return findRule(mtcName, &rule) ? rule.hf : std::vector<std::string>{};
}

std::vector<HfTensor> toHfBert(const std::string &mtcName, const std::vector<int64_t> &fullShape,
                               const float *data, const pb::Model &m) {
  const Rule rule = ruleOrThrow(mtcName);
  const std::vector<int64_t> shape = hfShape(rule, mtcName, fullShape, m);
  const int64_t n = elementCount(fullShape);
  std::vector<HfTensor> out;
  if (rule.qkv) {
    // To GPT-2's [q | k | v] first: then each third is one HF Linear.
    const int64_t width = fullShape.back(), rows = n / width, part = width / 3;
    std::vector<float> gpt2(n);
    qkvMegatronToGpt2(data, gpt2.data(), rows, m.heads(), part / m.heads());
    for (int64_t p = 0; p < 3; ++p) {
      HfTensor t{rule.hf[p], shape, std::vector<float>(rows * part)};
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < part; ++c)
          t.data[rule.layout == Layout::Transposed ? c * rows + r : r * part + c] =
              gpt2[r * width + p * part + c];
      out.push_back(std::move(t));
    }
    return out;
  }
  HfTensor t{rule.hf[0], shape, {}};
  if (rule.layout == Layout::Transposed) {
    const int64_t rows = fullShape[0], cols = fullShape[1];
    t.data.resize(n);
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c)
        t.data[c * rows + r] = data[r * cols + c];
  } else { // Same, or VocabRows' leading rows
    t.data.assign(data, data + elementCount(shape));
  }
  out.push_back(std::move(t));
  return out;
}

bool fromHfBert(const std::string &mtcName, const std::vector<int64_t> &fullShape,
                const pb::Model &m, const HfTensorReader &read, std::vector<float> *out) {
  const Rule rule = ruleOrThrow(mtcName);
  const std::vector<int64_t> shape = hfShape(rule, mtcName, fullShape, m);
  std::vector<HfTensor> parts(rule.hf.size());
  std::vector<std::string> absent;
  for (size_t i = 0; i < parts.size(); ++i)
    if (!readAliased(read, rule.hf[i], &parts[i]))
      absent.push_back(rule.hf[i]);
  if (absent.size() == parts.size())
    return false;
  if (!absent.empty())
    throw FormatError("tensor '" + absent[0] + "' is missing, but the file has the other "
                      "parts of param '" + mtcName + "' (query, key and value go together)");
  for (const HfTensor &t : parts) {
    // A table may also come with the padded vocabulary's rows.
    const bool paddedRows = rule.layout == Layout::VocabRows && t.shape == fullShape;
    if (t.shape != shape && !paddedRows)
      throw FormatError("tensor '" + t.name + "' has shape " + shapeString(t.shape) +
                        ", param '" + mtcName + "' needs " + shapeString(shape));
  }

  const int64_t n = elementCount(fullShape);
  std::vector<float> full(n, 0.f);
  if (rule.qkv) {
    const int64_t width = fullShape.back(), rows = n / width, part = width / 3;
    std::vector<float> gpt2(n);
    for (int64_t p = 0; p < 3; ++p)
      for (int64_t r = 0; r < rows; ++r)
        for (int64_t c = 0; c < part; ++c)
          gpt2[r * width + p * part + c] =
              parts[p].data[rule.layout == Layout::Transposed ? c * rows + r : r * part + c];
    qkvGpt2ToMegatron(gpt2.data(), full.data(), rows, m.heads(), part / m.heads());
  } else if (rule.layout == Layout::Transposed) {
    const int64_t rows = fullShape[0], cols = fullShape[1];
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c)
        full[r * cols + c] = parts[0].data[c * rows + r];
  } else { // Same, or VocabRows with the padding rows left zero (also from a padded table)
    std::copy(parts[0].data.begin(), parts[0].data.begin() + elementCount(shape), full.begin());
  }

  // mtc has one tensor where HF may store a tied copy: they must agree.
  HfTensor copy;
  if (!rule.tiedCopy.empty() && readAliased(read, rule.tiedCopy, &copy) &&
      (copy.shape != parts[0].shape || copy.data != parts[0].data))
    throw FormatError("tensor '" + copy.name + "' differs from '" + parts[0].name +
                      "': mtc ties them (as BertForPreTraining does), so an untied "
                      "checkpoint cannot be loaded without dropping one of them");
  out->swap(full);
  return true;
}

} // namespace mtc::runtime
