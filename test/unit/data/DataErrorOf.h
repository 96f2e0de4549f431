// The message of the data::DataError `f` throws, or "(no error)": the data
// tests assert on what a refusal says.
#pragma once
#include "data/DataError.h"

#include <functional>
#include <string>

namespace mtc::data::testing {

inline std::string errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const DataError &e) {
    return e.what();
  }
  return "(no error)";
}

} // namespace mtc::data::testing
