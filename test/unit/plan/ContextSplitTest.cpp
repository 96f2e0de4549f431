// ContextSplit: Megatron's load-balanced layout of a causal sequence over cp
// ranks, the even split of a bidirectional one, and the ring steps' blocks:
// together they compute every unmasked (query, key) pair exactly once, and
// every causal step the same number of pairs.
#include "mtc/Plan/ContextSplit.h"

#include <gtest/gtest.h>

#include <set>
#include <utility>

namespace mtc {
namespace {

TEST(ContextSplit, CausalRankHoldsChunksRAndTwoCpMinusOneMinusR) {
  auto s = ContextSplit::create(16, 2, /*causal=*/true);
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(s->localSeq(), 8);
  EXPECT_EQ(s->positions(0), (std::vector<int64_t>{0, 1, 2, 3, 12, 13, 14, 15}));
  EXPECT_EQ(s->positions(1), (std::vector<int64_t>{4, 5, 6, 7, 8, 9, 10, 11}));
  auto four = ContextSplit::create(16, 4, true);
  ASSERT_TRUE(four.ok());
  EXPECT_EQ(four->positions(1), (std::vector<int64_t>{2, 3, 12, 13}));
}

TEST(ContextSplit, BidirectionalSplitsEvenly) {
  auto s = ContextSplit::create(12, 3, /*causal=*/false);
  ASSERT_TRUE(s.ok()) << s.error();
  EXPECT_EQ(s->positions(2), (std::vector<int64_t>{8, 9, 10, 11}));
  EXPECT_EQ(s->ringBlock(2, 1).source, 1);
  EXPECT_EQ(s->ringBlock(2, 1).keys, 4);
}

TEST(ContextSplit, RefusesSizesThatDoNotDivide) {
  auto causal = ContextSplit::create(12, 4, true);
  ASSERT_FALSE(causal.ok());
  EXPECT_NE(causal.error().find("2 * context-parallel size 8 does not divide the sequence "
                                "length 12"),
            std::string::npos)
      << causal.error();
  EXPECT_TRUE(ContextSplit::create(12, 4, false).ok());
  EXPECT_FALSE(ContextSplit::create(10, 4, false).ok());
  EXPECT_FALSE(ContextSplit::create(16, 0, true).ok());
}

// Every causal pair (key position <= query position) is computed by exactly
// one ring step, no masked pair is computed except on the diagonal blocks
// (source == rank), and each step computes half of its block pair.
TEST(ContextSplit, RingStepsComputeEachUnmaskedPairOnce) {
  for (int cp : {1, 2, 3, 4}) {
    const int64_t seq = 8 * cp;
    auto s = ContextSplit::create(seq, cp, true);
    ASSERT_TRUE(s.ok());
    std::set<std::pair<int64_t, int64_t>> seen;
    int64_t masked = 0;
    for (int r = 0; r < cp; ++r) {
      const auto queries = s->positions(r);
      for (int step = 0; step < cp; ++step) {
        const auto b = s->ringBlock(r, step);
        EXPECT_EQ(b.source, ((r - step) % cp + cp) % cp);
        EXPECT_EQ(b.queries * b.keys, step == 0 ? s->localSeq() * s->localSeq()
                                                : s->localSeq() * s->localSeq() / 2)
            << "cp " << cp << " rank " << r << " step " << step;
        const auto keys = s->positions(b.source);
        for (int64_t i = b.firstQuery; i < b.firstQuery + b.queries; ++i)
          for (int64_t j = 0; j < b.keys; ++j) {
            if (keys[j] > queries[i]) {
              ++masked;
              EXPECT_EQ(b.source, r) << "a masked pair off the diagonal block";
              continue;
            }
            EXPECT_TRUE(seen.insert({queries[i], keys[j]}).second) << "pair computed twice";
          }
      }
    }
    EXPECT_EQ(static_cast<int64_t>(seen.size()), seq * (seq + 1) / 2) << "cp " << cp;
    // The diagonal blocks' masked pairs: each rank's local causal triangle.
    EXPECT_EQ(masked, cp * (s->localSeq() * (s->localSeq() - 1) / 2)) << "cp " << cp;
  }
}

} // namespace
} // namespace mtc
