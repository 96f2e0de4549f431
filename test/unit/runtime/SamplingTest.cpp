// generate's sampling: greedy, temperature, top-k and top-p (nucleus) as
// Hugging Face's generate() combines them: temperature, then top-k, then
// top-p on the renormalized top-k.
#include "main/Sampling.h"

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <vector>

namespace mtc::runtime {
namespace {

std::vector<float> logitsOf(const std::vector<double> &probabilities) {
  std::vector<float> logits;
  for (double p : probabilities)
    logits.push_back(static_cast<float>(std::log(p)));
  return logits;
}

// How often each id comes out of `draws` samples.
std::map<int32_t, double> frequencies(const std::vector<float> &logits, SamplingOptions o,
                                      int draws = 20000) {
  std::mt19937_64 rng(11);
  std::map<int32_t, double> seen;
  for (int i = 0; i < draws; ++i)
    seen[sampleToken(logits.data(), static_cast<int64_t>(logits.size()), o, rng)] += 1.0 / draws;
  return seen;
}

TEST(Sampling, GreedyTakesTheFirstLargest) {
  const std::vector<float> logits{0.5f, 2.f, -1.f, 2.f};
  std::mt19937_64 rng(1);
  EXPECT_EQ(sampleToken(logits.data(), 4, {40, 1.0, 0.0}, rng), 1); // temperature 0
  EXPECT_EQ(sampleToken(logits.data(), 4, {1, 0.3, 5.0}, rng), 1);  // top-k 1
  // Columns past `vocab` (padding) are never chosen.
  EXPECT_EQ(sampleToken(logits.data(), 1, {0, 1.0, 0.0}, rng), 0);
}

TEST(Sampling, TopPKeepsTheFewestTokensThatReachIt) {
  const std::vector<float> logits = logitsOf({0.5, 0.3, 0.15, 0.05});
  // 0.79: 0.5 is short of it, 0.5 + 0.3 reaches it.
  auto f = frequencies(logits, {0, 0.79, 1.0});
  ASSERT_EQ(f.size(), 2u);
  EXPECT_NEAR(f[0], 0.5 / 0.8, 0.02);
  EXPECT_NEAR(f[1], 0.3 / 0.8, 0.02);
  // 0.81 needs the third token too.
  EXPECT_EQ(frequencies(logits, {0, 0.81, 1.0}).size(), 3u);
  // A first token holding more than p: only it, always (never an empty set).
  f = frequencies(logits, {0, 0.2, 1.0}, 200);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f.begin()->first, 0);
  EXPECT_EQ(frequencies(logits, {0, 1.0, 1.0}).size(), 4u); // 1: off
}

TEST(Sampling, TopPAppliesToTheRenormalizedTopK) {
  // Hugging Face's order: top-k 2 leaves 0.4 / 0.75 = 0.53 and 0.47, so top-p
  // 0.5 keeps one token; top-p alone keeps two (0.4 < 0.5).
  const std::vector<float> logits = logitsOf({0.4, 0.35, 0.25});
  EXPECT_EQ(frequencies(logits, {2, 0.5, 1.0}, 500).size(), 1u);
  EXPECT_EQ(frequencies(logits, {0, 0.5, 1.0}, 500).size(), 2u);
  // Temperature first: T = 2 flattens 0.4 / 0.35 / 0.25 to their square
  // roots, renormalized (0.3669, 0.3431, 0.2900): the first two hold 0.70999,
  // so top-p 0.7 keeps two tokens and top-p 0.71 three.
  EXPECT_EQ(frequencies(logits, {0, 0.7, 2.0}, 2000).size(), 2u);
  EXPECT_EQ(frequencies(logits, {0, 0.71, 2.0}, 2000).size(), 3u);
}

TEST(Sampling, TemperatureSharpensAndFlattens) {
  const std::vector<float> logits = logitsOf({0.6, 0.3, 0.1});
  auto f = frequencies(logits, {0, 1.0, 0.5}); // p^2, renormalized
  EXPECT_NEAR(f[0], 0.36 / 0.46, 0.02);
  EXPECT_NEAR(f[2], 0.01 / 0.46, 0.01);
  f = frequencies(logits, {0, 1.0, 1.0}); // the model's own distribution
  EXPECT_NEAR(f[0], 0.6, 0.02);
  EXPECT_NEAR(f[1], 0.3, 0.02);
}

} // namespace
} // namespace mtc::runtime
