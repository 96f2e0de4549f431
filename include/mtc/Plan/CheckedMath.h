//===- CheckedMath.h - Sizes that cannot silently overflow -------*- C++ -*-===//
//
// Byte counts, element counts and FLOPs are products of model attributes that
// a user (or a fuzzer) may set to anything int64 holds. A product that wraps
// around would print "0.0 MiB" or size a buffer wrongly, so sizes built from
// attributes go through checkedProduct, whose error names every factor:
//   micro_batch x seq x hidden x 4 bytes overflows int64
//   (9223372036854775807 x 256 x 768 x 4)
// Header-only (lib/Plan links no LLVM; the dialect and passes use it too).
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_CHECKEDMATH_H
#define MTC_PLAN_CHECKEDMATH_H

#include "mtc/Plan/Result.h"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace mtc {

/// One named factor of a size: {"hidden", 768}, {"4 bytes", 4}.
struct Factor {
  std::string name;
  int64_t value;
};

/// "a x b x c" and "(1 x 2 x 3)" for messages.
inline std::string factorNames(std::initializer_list<Factor> factors) {
  std::string s;
  for (const Factor &f : factors)
    s += (s.empty() ? "" : " x ") + f.name;
  return s;
}

inline std::string factorValues(std::initializer_list<Factor> factors) {
  std::string s;
  for (const Factor &f : factors)
    s += (s.empty() ? "(" : " x ") + std::to_string(f.value);
  return s + ")";
}

/// The product of non-negative factors, or an error naming the product that
/// does not fit in int64 (or the factor that is negative).
inline Result<int64_t> checkedProduct(std::initializer_list<Factor> factors) {
  int64_t product = 1;
  for (const Factor &f : factors)
    if (f.value < 0)
      return Error{factorNames(factors) + ": " + f.name + " is negative " +
                   factorValues(factors)};
  for (const Factor &f : factors)
    if (__builtin_mul_overflow(product, f.value, &product))
      return Error{factorNames(factors) + " overflows int64 " +
                   factorValues(factors)};
  return product;
}

/// The divisors of n >= 1, ascending: the tensor-parallel sizes a head count
/// takes, the pipeline sizes a layer count takes.
inline std::vector<int64_t> divisorsOf(int64_t n) {
  std::vector<int64_t> found;
  for (int64_t d = 1; d <= n / d; ++d)
    if (n % d == 0) {
      found.push_back(d);
      if (d != n / d)
        found.push_back(n / d);
    }
  std::sort(found.begin(), found.end());
  return found;
}

/// a + b for non-negative totals, or an error naming `what`.
inline Result<int64_t> checkedSum(int64_t a, int64_t b, const std::string &what) {
  int64_t sum;
  if (__builtin_add_overflow(a, b, &sum))
    return Error{what + " overflows int64 (" + std::to_string(a) + " + " +
                 std::to_string(b) + ")"};
  return sum;
}

/// A running total of parameter elements plus one param's, checked so that
/// the training state they need (16 bytes each: weights, gradient and two
/// AdamW moments) fits in int64. Returns the new total.
inline Result<int64_t> addParamElements(int64_t total, int64_t elements) {
  Result<int64_t> sum = checkedSum(total, elements, "parameter elements");
  if (!sum)
    return sum;
  Result<int64_t> bytes = checkedProduct({{"parameter elements", *sum}, {"16 bytes", 16}});
  if (!bytes)
    return bytes;
  return sum;
}

} // namespace mtc

#endif // MTC_PLAN_CHECKEDMATH_H
