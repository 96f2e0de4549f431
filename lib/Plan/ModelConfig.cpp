//===- ModelConfig.cpp - Model shape from a JSON config -------------------===//
#include "mtc/Plan/PlanTool.h"

#include <nlohmann/json.hpp>

#include <algorithm>
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
// The LLaMA family's keys that change what the cost model counts: read, or
// refused when the layer would not be the one it costs. "" when all is well.
std::string readLlamaKeys(const nlohmann::json &j, const std::string &source, ModelShape &m) {
  auto refuse = [&](const std::string &what) { return source + ": " + what + "; not costed"; };
  std::string error;
  int kv = 0;
  if (readInt(j, {"num_key_value_heads"}, kv, source, error) < 0)
    return error;
  m.kvHeads = kv; // 0 (absent): one per query head
  m.tied = false; // HF's LlamaConfig default
  if (auto it = j.find("tie_word_embeddings"); it != j.end() && it->is_boolean())
    m.tied = it->get<bool>();
  if (auto it = j.find("hidden_act"); it != j.end() && *it != "silu")
    return refuse("hidden_act " + it->dump() + " (the SwiGLU MLP is silu's)");
  for (const char *key : {"attention_bias", "mlp_bias"})
    if (auto it = j.find(key); it != j.end() && *it == true)
      return refuse(std::string(key) + " = true (the LLaMA layer has no biases)");
  if (auto it = j.find("attention_dropout"); it != j.end() && it->is_number() &&
                                             it->get<double>() != 0.0)
    return refuse("attention_dropout " + it->dump() + " (the LLaMA layer has no dropout)");
  if (auto it = j.find("head_dim"); it != j.end() && !it->is_null() &&
                                    !(it->is_number_integer() && m.heads > 0 &&
                                      it->get<long long>() * m.heads == m.hidden))
    return refuse("head_dim " + it->dump() + " with hidden size " + std::to_string(m.hidden) +
                  " and " + std::to_string(m.heads) + " heads (heads x head_dim must be "
                  "the hidden size)");
  // Mistral's sliding window: full causal attention is exactly the model
  // on sequences up to the window (mtc-import caps the positions alike).
  if (auto it = j.find("sliding_window"); it != j.end() && !it->is_null()) {
    if (!it->is_number_integer() || it->get<long long>() < 1 ||
        it->get<long long>() > 1LL << 30)
      return refuse("sliding_window " + it->dump() + " (a positive integer or null)");
    m.slidingWindow = it->get<int>();
    if (!j.contains("seq_length"))
      m.seq = std::min(m.seq, m.slidingWindow);
  }
  return "";
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
  bool mixtral = false;
  if (auto it = j.find("model_type"); it != j.end()) {
    std::string type = it->is_string() ? it->get<std::string>() : it->dump();
    if (type == "gpt2" || type == "gpt")
      m.arch = "gpt";
    else if (type == "bert")
      m.arch = "bert";
    else if (type == "llama" || type == "mistral" || type == "mixtral")
      m.arch = "llama";
    else
      return Error{source + ": model_type '" + type +
                   "' is not supported (gpt2, bert, llama, mistral or mixtral)"};
    mixtral = type == "mixtral";
  }
  // Mixtral's experts (HF) or Megatron's; any other model's are refused.
  for (const char *key : {"num_local_experts", "num_experts_per_tok", "num_experts",
                          "moe_router_topk", "moe_ffn_hidden_size"})
    if (j.contains(key) && !j[key].is_null() && !mixtral)
      return Error{source + ": \"" + key + "\" describes a mixture of experts, which the "
                   "planner costs for model_type mixtral only"};
  if (mixtral) {
    if (readInt(j, {"num_local_experts", "num_experts"}, m.experts, source, error) < 1 ||
        readInt(j, {"num_experts_per_tok", "moe_router_topk"}, m.topk, source, error) < 1)
      return Error{error.empty() ? source + ": a mixtral config needs \"num_local_experts\" "
                                            "and \"num_experts_per_tok\""
                                 : error};
    if (readInt(j, {"moe_ffn_hidden_size"}, m.ffn, source, error) < 0)
      return Error{error};
  }
  if (m.llama()) {
    if (auto error = readLlamaKeys(j, source, m); !error.empty())
      return Error{error};
  } else if (j.contains("num_key_value_heads")) {
    return Error{source + ": num_key_value_heads (grouped-query attention) is a LLaMA-family "
                          "key; model_type says '" + m.arch + "'"};
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
