// The message of the E that `f` throws, or "(no error)": unit tests assert on
// what a refusal says.
#pragma once
#include <exception>
#include <functional>
#include <string>

namespace mtc::testing {

template <typename E = std::exception>
std::string errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const E &e) {
    return e.what();
  }
  return "(no error)";
}

} // namespace mtc::testing
