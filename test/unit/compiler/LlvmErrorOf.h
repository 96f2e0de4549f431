// The message of an llvm::Error or of a failed llvm::Expected, or "(no error)":
// the compiler's tests assert on what a refusal says.
#pragma once
#include "llvm/Support/Error.h"

#include <string>

namespace mtc::testing {

inline std::string errorOf(llvm::Error err) {
  return err ? llvm::toString(std::move(err)) : std::string("(no error)");
}

template <typename T> std::string errorOf(llvm::Expected<T> &value) {
  return value ? std::string("(no error)") : llvm::toString(value.takeError());
}

} // namespace mtc::testing
