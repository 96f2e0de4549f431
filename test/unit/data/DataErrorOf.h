// The message of the data::DataError `f` throws, or "(no error)": the data
// tests assert on what a refusal says.
#pragma once
#include "../ErrorOf.h"
#include "data/DataError.h"

namespace mtc::data::testing {

inline std::string errorOf(const std::function<void()> &f) {
  return mtc::testing::errorOf<DataError>(f);
}

} // namespace mtc::data::testing
