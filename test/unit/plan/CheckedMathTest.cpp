// checkedProduct / checkedSum: sizes built from attributes never wrap around,
// and the error names the product and its factors.
#include "mtc/Plan/CheckedMath.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace mtc {
namespace {

TEST(CheckedMath, DivisorsAscending) {
  EXPECT_EQ(divisorsOf(1), (std::vector<int64_t>{1}));
  EXPECT_EQ(divisorsOf(12), (std::vector<int64_t>{1, 2, 3, 4, 6, 12}));
  EXPECT_EQ(divisorsOf(49), (std::vector<int64_t>{1, 7, 49}));
  // A prime near int32's end: found without walking to it (or overflowing d * d).
  EXPECT_EQ(divisorsOf(2147483647), (std::vector<int64_t>{1, 2147483647}));
  EXPECT_EQ(divisorsOf(int64_t(1) << 40).size(), 41u);
}

TEST(CheckedMath, ProductOfSizes) {
  Result<int64_t> bytes =
      checkedProduct({{"micro_batch", 4}, {"seq", 256}, {"hidden", 768}, {"4 bytes", 4}});
  ASSERT_TRUE(bytes.ok()) << bytes.error();
  EXPECT_EQ(*bytes, 4 * 256 * 768 * 4);
}

TEST(CheckedMath, LargestProductThatFits) {
  Result<int64_t> p = checkedProduct({{"a", INT64_MAX}, {"one", 1}});
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_EQ(*p, INT64_MAX);
  Result<int64_t> q = checkedProduct({{"a", int64_t(1) << 31}, {"b", int64_t(1) << 31}});
  ASSERT_TRUE(q.ok());
  EXPECT_EQ(*q, int64_t(1) << 62);
}

TEST(CheckedMath, OverflowNamesTheProductAndFactors) {
  Result<int64_t> bytes = checkedProduct(
      {{"micro_batch", INT64_MAX}, {"seq", 256}, {"hidden", 768}, {"4 bytes", 4}});
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.error(), "micro_batch x seq x hidden x 4 bytes overflows int64 "
                           "(9223372036854775807 x 256 x 768 x 4)");
}

TEST(CheckedMath, OverflowJustPastInt64) {
  // 2^32 x 2^31 = 2^63: one more than INT64_MAX.
  Result<int64_t> p =
      checkedProduct({{"a", int64_t(1) << 32}, {"b", int64_t(1) << 31}});
  EXPECT_FALSE(p.ok());
}

TEST(CheckedMath, ZeroFactorIsZeroEvenWithHugeOthers) {
  Result<int64_t> p = checkedProduct({{"a", 0}, {"b", INT64_MAX}, {"c", INT64_MAX}});
  ASSERT_TRUE(p.ok()) << p.error();
  EXPECT_EQ(*p, 0);
}

TEST(CheckedMath, NegativeFactorIsNamed) {
  Result<int64_t> p = checkedProduct({{"seq", 8}, {"hidden", -64}});
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error(), "seq x hidden: hidden is negative (8 x -64)");
}

TEST(CheckedMath, Sum) {
  Result<int64_t> s = checkedSum(40, 2, "parameters");
  ASSERT_TRUE(s.ok());
  EXPECT_EQ(*s, 42);
  Result<int64_t> o = checkedSum(INT64_MAX, 1, "parameters");
  ASSERT_FALSE(o.ok());
  EXPECT_EQ(o.error(), "parameters overflows int64 (9223372036854775807 + 1)");
}

} // namespace
} // namespace mtc
