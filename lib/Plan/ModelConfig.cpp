//===- ModelConfig.cpp - Model shape from a JSON config -------------------===//
#include "mtc/Plan/PlanTool.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

namespace mtc {

namespace {
// First of `keys` present in `j` as a positive integer: 1 found, 0 absent,
// -1 present but not a positive integer (error filled).
int readInt(const nlohmann::json &j, std::initializer_list<const char *> keys,
            int &out, const std::string &source, std::string &error) {
  for (const char *k : keys) {
    auto it = j.find(k);
    if (it == j.end() || it->is_null())
      continue;
    if (!it->is_number_integer() || it->get<long long>() < 1 ||
        it->get<long long>() > 1LL << 30) {
      error = source + ": key \"" + k + "\" must be a positive integer, got " +
              it->dump();
      return -1;
    }
    out = it->get<int>();
    return 1;
  }
  return 0;
}
} // namespace

Result<ModelShape> parseModelConfig(const std::string &text,
                                    const std::string &source) {
  nlohmann::json j = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (j.is_discarded())
    return Error{source + ": not valid JSON"};
  if (!j.is_object())
    return Error{source + ": expected a JSON object of model settings"};
  ModelShape m;
  std::string error;
  struct Field {
    int *out;
    std::initializer_list<const char *> keys;
    bool required;
  };
  Field fields[] = {
      {&m.layers, {"n_layer", "num_layers", "num_hidden_layers"}, true},
      {&m.hidden, {"n_embd", "hidden_size"}, true},
      {&m.heads, {"n_head", "num_attention_heads"}, true},
      {&m.vocab, {"vocab_size", "padded_vocab_size"}, true},
      {&m.seq, {"seq_length", "n_positions", "max_position_embeddings", "n_ctx"}, true},
      {&m.ffn, {"n_inner", "ffn_hidden_size", "intermediate_size"}, false},
  };
  for (const Field &f : fields) {
    int found = readInt(j, f.keys, *f.out, source, error);
    if (found < 0)
      return Error{error};
    if (found == 0 && f.required) {
      std::string names;
      for (const char *k : f.keys)
        names += (names.empty() ? "" : " or ") + std::string("\"") + k + "\"";
      return Error{source + ": missing " + names};
    }
  }
  if (auto it = j.find("tie_word_embeddings"); it != j.end() && it->is_boolean())
    m.tied = it->get<bool>();
  if (auto it = j.find("model_type"); it != j.end()) {
    std::string type = it->is_string() ? it->get<std::string>() : it->dump();
    if (type == "gpt2" || type == "gpt")
      m.arch = "gpt";
    else if (type == "bert")
      m.arch = "bert";
    else if (type == "llama" || type == "mistral")
      m.arch = "llama";
    else
      return Error{source + ": model_type '" + type + "' is not supported (gpt2 or bert)"};
  }
  auto valid = validateModel(m);
  if (!valid.ok())
    return Error{source + ": " + valid.error()};
  return m;
}

Result<ModelShape> loadModelConfig(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    return Error{path + ": cannot open the model config"};
  std::stringstream ss;
  ss << in.rdbuf();
  return parseModelConfig(ss.str(), path);
}

} // namespace mtc
