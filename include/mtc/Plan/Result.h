//===- Result.h - A value or an error message ------------------*- C++ -*-===//
//
// lib/Plan links no LLVM, so llvm::Expected is not available. Result<T> holds
// either a value or a human-readable error; callers check ok() before value().
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_RESULT_H
#define MTC_PLAN_RESULT_H

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace mtc {

/// Tag type to build a failed Result: `return Error{"p=3 does not divide 8"};`
struct Error {
  std::string message;
};

template <typename T> class Result {
public:
  Result(T value) : value_(std::move(value)) {}
  Result(Error error) : error_(std::move(error.message)) {}

  bool ok() const { return value_.has_value(); }
  explicit operator bool() const { return ok(); }

  const T &value() const & {
    assert(ok() && "value() on a failed Result");
    return *value_;
  }
  T &value() & {
    assert(ok() && "value() on a failed Result");
    return *value_;
  }
  T &&value() && {
    assert(ok() && "value() on a failed Result");
    return std::move(*value_);
  }
  const T *operator->() const { return &value(); }
  const T &operator*() const { return value(); }

  /// Empty when ok().
  const std::string &error() const { return error_; }

private:
  std::optional<T> value_;
  std::string error_;
};

} // namespace mtc

#endif // MTC_PLAN_RESULT_H
