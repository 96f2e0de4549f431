// Counter-based dropout: deterministic per key, right keep rate, and the same
// mask when re-applied to the gradient.
#include "kernels/kernels.h"
#include "kernels/math/philox.h"
#include "TestUtil.h"

namespace mtc::kernels {
namespace {

using test::randomVector;

TEST(Dropout, DeterministicKeepRateAndScale) {
  const int64_t n = 100000;
  const float rate = 0.1f;
  auto x = randomVector(n, 70, 0.5f, 1.5f); // no zeros, so zero means dropped
  std::vector<float> y1(n), y2(n), other(n);
  dropout(x.data(), y1.data(), n, rate, 1234, 7, 0);
  dropout(x.data(), y2.data(), n, rate, 1234, 7, 0);
  EXPECT_EQ(y1, y2);
  int64_t kept = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (y1[i] != 0.0f) {
      ++kept;
      ASSERT_FLOAT_EQ(y1[i], x[i] / (1.0f - rate));
    }
    // The mask is the documented Philox draw.
    bool keep = math::philoxUniformAt(1234, 7, i) >= rate;
    ASSERT_EQ(keep, y1[i] != 0.0f) << i;
  }
  EXPECT_NEAR(static_cast<double>(kept) / n, 1.0 - rate, 0.01);

  dropout(x.data(), other.data(), n, rate, 1234, 8, 0); // another stream
  EXPECT_NE(y1, other);
  dropout(x.data(), other.data(), n, rate, 1235, 7, 0); // another seed
  EXPECT_NE(y1, other);
}

TEST(Dropout, GradientReusesTheMask) {
  const int64_t n = 1000;
  auto x = randomVector(n, 71, 0.5f, 1.5f);
  auto dy = randomVector(n, 72, 0.5f, 1.5f);
  std::vector<float> y(n), dx(n);
  dropout(x.data(), y.data(), n, 0.3f, 99, 3, 17);
  dropout(dy.data(), dx.data(), n, 0.3f, 99, 3, 17);
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_EQ(y[i] == 0.0f, dx[i] == 0.0f) << i;
    if (y[i] != 0.0f) {
      ASSERT_FLOAT_EQ(dx[i], dy[i] / 0.7f);
    }
  }
}

TEST(Dropout, OffsetSelectsTheSameCounters) {
  // Applying to a tail with offset k equals the tail of the whole (chunking).
  const int64_t n = 9001, k = 4099; // neither aligned to Philox blocks of 4
  auto x = randomVector(n, 73);
  std::vector<float> whole(n), tail(n - k);
  dropout(x.data(), whole.data(), n, 0.5f, 5, 6, 0);
  dropout(x.data() + k, tail.data(), n - k, 0.5f, 5, 6, k);
  for (int64_t i = 0; i < n - k; ++i)
    ASSERT_EQ(tail[i], whole[k + i]) << i;
}

TEST(Dropout, RateZeroIsAnExactCopyAndBadRatesFail) {
  auto x = randomVector(333, 74);
  std::vector<float> y(x.size());
  dropout(x.data(), y.data(), x.size(), 0.0f, 1, 2, 3);
  EXPECT_EQ(x, y);
  EXPECT_THROW(dropout(x.data(), y.data(), x.size(), 1.5f, 1, 2, 3),
               std::invalid_argument);
  EXPECT_THROW(dropout(x.data(), y.data(), x.size(), -0.1f, 1, 2, 3),
               std::invalid_argument);
}

} // namespace
} // namespace mtc::kernels
