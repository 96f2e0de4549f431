// What the Hugging Face name tables (HfBertNames, HfLlamaNames) share: a
// tensor as a Hugging Face file holds it, and the lookup of an mtc param's
// rule in a table of whole-model names and one of per-layer names.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace mtc::runtime {

struct HfTensor {
  std::string name;
  std::vector<int64_t> shape;
  std::vector<float> data;
};

// Reads HF tensor `name` (shape and data) into *out; false when it is absent.
using HfTensorReader = std::function<bool(const std::string &name, HfTensor *out)>;

inline bool startsWith(const std::string &s, const std::string &prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

inline bool endsWith(const std::string &s, const std::string &suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

inline int64_t elementCount(const std::vector<int64_t> &shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

// The rule for mtc param `name`: `global`'s entry, or for "h.N.<rest>" the
// entry of <rest> in `layer`, its HF names (`Rule::hf`) prefixed with
// `layerPrefix` + N + ".". False when neither table has it.
template <typename Rule>
bool findHfRule(const std::string &name, const std::map<std::string, Rule> &global,
                const std::map<std::string, Rule> &layer, const std::string &layerPrefix,
                Rule *rule) {
  if (auto it = global.find(name); it != global.end()) {
    *rule = it->second;
    return true;
  }
  if (name.compare(0, 2, "h.") != 0)
    return false;
  const size_t dot = name.find('.', 2);
  if (dot == std::string::npos || dot == 2 || name.find_first_not_of("0123456789", 2) != dot)
    return false;
  auto it = layer.find(name.substr(dot + 1));
  if (it == layer.end())
    return false;
  *rule = it->second;
  for (std::string &hf : rule->hf)
    hf = layerPrefix + name.substr(2, dot - 2) + "." + hf;
  return true;
}

} // namespace mtc::runtime
