// A Hugging Face file in memory for the name-table tests: tensors by name,
// read through the HfTensorReader the converters take.
#pragma once
#include "interop/HfTensor.h"

#include <map>
#include <string>
#include <vector>

namespace mtc::runtime::testing {

using HfFile = std::map<std::string, HfTensor>;

inline HfTensorReader readerOf(const HfFile &file) {
  return [&file](const std::string &name, HfTensor *out) {
    auto it = file.find(name);
    if (it == file.end())
      return false;
    *out = it->second;
    return true;
  };
}

inline std::vector<std::string> namesOf(const HfFile &file) {
  std::vector<std::string> names;
  for (const auto &[name, t] : file)
    names.push_back(name);
  return names;
}

} // namespace mtc::runtime::testing
