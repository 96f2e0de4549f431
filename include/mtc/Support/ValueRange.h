//===- ValueRange.h - The values a numeric option accepts ---------*- C++ -*-===//
//
// One description of "the values this flag accepts" for every tool: each
// numeric flag of a FlagSet (mtc/Support/Flags.h) and each compiler option
// (CompileOptions) has a ValueRange, printed in --help, and other values are
// refused with one message format:
//   --lr must be > 0, got -1
//   --global-batch-size must be in [0, 1073741824], got -2
//   --temperature needs a finite number, got 'nan'
// Pure C++ (lib/Support links no LLVM), so the runtime shares it.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_SUPPORT_VALUERANGE_H
#define MTC_SUPPORT_VALUERANGE_H

#include <limits>
#include <optional>
#include <string>

namespace mtc {

struct ValueRange {
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool minOpen = false, maxOpen = false; // exclusive bounds

  static ValueRange any() { return {}; }
  static ValueRange atLeast(double lo) { return {lo}; }
  static ValueRange above(double lo) {
    return {lo, std::numeric_limits<double>::infinity(), true};
  }
  static ValueRange between(double lo, double hi) { return {lo, hi}; }
  static ValueRange fromBelow(double lo, double hi) { return {lo, hi, false, true}; } // [lo, hi)

  /// False for NaN and for values outside the bounds.
  bool contains(double v) const;
  /// ">= 1", "> 0", "[0, 1)"; empty for any().
  std::string describe() const;
};

/// The shortest text that reads back as v; integers without an exponent.
std::string formatNumber(double v);

/// Why `value` (as the user wrote it, `text`) is not accepted by option
/// `--name`, or nothing when it is. Non-finite values are always refused.
std::optional<std::string> valueProblem(const std::string &name, double value,
                                        const ValueRange &range, const std::string &text);
std::optional<std::string> valueProblem(const std::string &name, double value,
                                        const ValueRange &range);

} // namespace mtc

#endif // MTC_SUPPORT_VALUERANGE_H
