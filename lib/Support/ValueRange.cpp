#include "mtc/Support/ValueRange.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace mtc {

bool ValueRange::contains(double v) const {
  if (std::isnan(v))
    return false;
  if (minOpen ? v <= min : v < min)
    return false;
  if (maxOpen ? v >= max : v > max)
    return false;
  return true;
}

std::string ValueRange::describe() const {
  const bool low = std::isfinite(min), high = std::isfinite(max);
  if (low && high)
    return (minOpen ? "(" : "[") + formatNumber(min) + ", " + formatNumber(max) +
           (maxOpen ? ")" : "]");
  if (low)
    return (minOpen ? "> " : ">= ") + formatNumber(min);
  if (high)
    return (maxOpen ? "< " : "<= ") + formatNumber(max);
  return "";
}

std::string formatNumber(double v) {
  if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 9007199254740992.0)
    return std::to_string(static_cast<long long>(v));
  char text[32];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*g", digits, v);
    if (std::strtod(text, nullptr) == v)
      break;
  }
  return text;
}

std::optional<std::string> valueProblem(const std::string &name, double value,
                                        const ValueRange &range, const std::string &text) {
  if (!std::isfinite(value))
    return "--" + name + " needs a finite number, got " + text;
  if (range.contains(value))
    return std::nullopt;
  const bool bounded = std::isfinite(range.min) && std::isfinite(range.max);
  return "--" + name + " must be " + (bounded ? "in " : "") + range.describe() + ", got " +
         text;
}

std::optional<std::string> valueProblem(const std::string &name, double value,
                                        const ValueRange &range) {
  return valueProblem(name, value, range, formatNumber(value));
}

} // namespace mtc
