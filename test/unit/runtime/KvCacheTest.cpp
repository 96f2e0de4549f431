// Executor::forwardCached: a sequence fed in pieces through a key/value cache
// gives the logits the whole window gives (positions offset, padding
// columns included), and what does not fit is refused by name.
#include "TinyPlan.h"

#include "exec/Executor.h"
#include "exec/KvCache.h"
#include "exec/PlanValidator.h"

#include <gtest/gtest.h>

#include <cmath>

namespace mtc::runtime {
namespace {

TEST(ForwardCached, PiecesGiveTheWholeWindowsLogits) {
  const testing::TinyDims dims; // micro-batch 2 of 4 positions
  Executor e(testing::makeTinyPlan(dims), {});
  const std::vector<int32_t> sequence{3, 1, 4, 1};
  std::copy(sequence.begin(), sequence.end(), e.tokens());
  std::fill(e.tokens() + dims.seq, e.tokens() + 2 * dims.seq, 9); // the other sample
  e.forward();
  const std::vector<float> whole = e.logitsToHost();
  const int64_t width = e.logitsWidth();

  KvCache cache(e, dims.seq);
  int64_t position = 0;
  for (int64_t n : {2, 1, 1}) {
    e.forwardCached(sequence.data() + position, n, cache);
    EXPECT_EQ(cache.length(), position + n);
    for (int64_t r = 0; r < n; ++r) {
      const std::vector<float> row = e.logitsRowToHost(r);
      for (int64_t v = 0; v < width; ++v)
        ASSERT_NEAR(row[v], whole[(position + r) * width + v], 1e-6)
            << "position " << position + r << " column " << v;
    }
    position += n;
  }
}

TEST(ForwardCached, RefusesWhatDoesNotFit) {
  const testing::TinyDims dims;
  Executor e(testing::makeTinyPlan(dims), {});
  // The position table (wpe) has 4 rows: a cache of 5 positions cannot be filled.
  try {
    KvCache tooLong(e, dims.seq + 1);
    FAIL() << "a cache longer than the position table was accepted";
  } catch (const PlanError &error) {
    EXPECT_NE(std::string(error.what()).find("position table has 4 rows, fewer than the 5 "
                                             "positions to cache"),
              std::string::npos)
        << error.what();
  }
  KvCache cache(e, dims.seq);
  const std::vector<int32_t> tokens(9, 2);
  EXPECT_THROW(e.forwardCached(tokens.data(), 0, cache), std::invalid_argument);
  EXPECT_THROW(e.forwardCached(tokens.data(), 9, cache), std::invalid_argument); // > 2 x 4
  e.forwardCached(tokens.data(), 4, cache);
  EXPECT_THROW(e.forwardCached(tokens.data(), 1, cache), std::invalid_argument); // full
  EXPECT_THROW(e.logitsRowToHost(8), std::out_of_range);
}

} // namespace
} // namespace mtc::runtime
