// Generation's kernels: attention of new tokens against a key/value cache
// gives the rows attentionForward gives for the whole sequence (every head
// layout, chunks of any size, across query blocks), stores the new keys and
// values exactly, and refuses a full cache; rotary embeddings at a position
// offset continue the sequence bit for bit.
#include "kernels/kernels.h"
#include "kernels/math/llama.h"
#include "TestUtil.h"

namespace mtc::kernels {
namespace {

using test::randomVector;

struct DecodeCase {
  int64_t heads, kvHeads, headDim, seq;
  std::vector<int64_t> chunks; // new tokens per attentionDecode call, summing to seq
};

class AttentionDecodeTest : public ::testing::TestWithParam<DecodeCase> {};

TEST_P(AttentionDecodeTest, EqualsTheWholeSequencesRows) {
  const DecodeCase c = GetParam();
  const int64_t D = c.headDim, width = math::qkvRowWidth(c.heads, c.kvHeads, D);
  const std::vector<float> qkv = randomVector(c.seq * width, 7, -2.f, 2.f);
  AttentionShape a{1, c.seq, c.heads, D, /*causal=*/true, 1.f / std::sqrt(float(D)), 0.f, 0, 0};
  a.kvHeads = c.kvHeads;
  std::vector<float> whole(c.seq * c.heads * D), lse(c.heads * c.seq);
  attentionForward(a, qkv.data(), whole.data(), lse.data());

  const int64_t capacity = c.seq + 3;
  std::vector<float> keys(capacity * c.kvHeads * D, -7.f), values(keys.size(), -7.f);
  std::vector<float> out(whole.size(), 9.f);
  int64_t position = 0;
  for (int64_t n : c.chunks) {
    DecodeShape d{n, position, capacity, c.heads, c.kvHeads, D, a.scale};
    attentionDecode(d, qkv.data() + position * width, keys.data(), values.data(),
                    out.data() + position * c.heads * D);
    position += n;
  }
  ASSERT_EQ(position, c.seq);
  double worst = 0;
  for (size_t i = 0; i < whole.size(); ++i)
    worst = std::max(worst, double(std::fabs(out[i] - whole[i])));
  EXPECT_LE(worst, 2e-6) << "largest difference from attentionForward's rows";
  // The cache holds every token's key and value heads as they were, nothing after.
  const int64_t r = c.heads / c.kvHeads;
  for (int64_t t = 0; t < capacity; ++t)
    for (int64_t g = 0; g < c.kvHeads; ++g)
      for (int64_t i = 0; i < D; ++i) {
        const int64_t at = (t * c.kvHeads + g) * D + i;
        const float k = t < c.seq ? qkv[t * width + math::qkvKeyColumn(g * r, r, D) + i] : -7.f;
        const float v = t < c.seq ? qkv[t * width + math::qkvValueColumn(g * r, r, D) + i] : -7.f;
        ASSERT_EQ(keys[at], k) << "key of token " << t << " group " << g;
        ASSERT_EQ(values[at], v) << "value of token " << t << " group " << g;
      }
}

INSTANTIATE_TEST_SUITE_P(
    Layouts, AttentionDecodeTest,
    ::testing::Values(DecodeCase{4, 4, 8, 9, {5, 1, 1, 1, 1}},       // GPT: a prompt, then tokens
                      DecodeCase{4, 2, 8, 12, {1, 1, 4, 6}},         // grouped: 2 heads per group
                      DecodeCase{4, 1, 16, 7, {7}},                  // one key/value head
                      DecodeCase{2, 2, 64, 70, {64, 3, 1, 1, 1}},    // chunks across query blocks
                      DecodeCase{3, 3, 4, 130, {130}}));             // one call, three blocks

TEST(AttentionDecode, RefusesWhatTheCacheCannotHold) {
  std::vector<float> qkv(3 * 2 * 4), keys(4 * 4), values(4 * 4), out(2 * 4 * 2);
  auto run = [&](DecodeShape d) {
    attentionDecode(d, qkv.data(), keys.data(), values.data(), out.data());
  };
  EXPECT_THROW(run(DecodeShape{2, 3, 4, 2, 2, 2, 1.f}), std::invalid_argument); // 3 + 2 > 4
  EXPECT_THROW(run(DecodeShape{1, -1, 4, 2, 2, 2, 1.f}), std::invalid_argument);
  EXPECT_THROW(run(DecodeShape{1, 0, 4, 3, 2, 2, 1.f}), std::invalid_argument); // 3 % 2
  EXPECT_NO_THROW(run(DecodeShape{0, 4, 4, 2, 2, 2, 1.f}));                     // nothing new
}

TEST(Rotary, APositionOffsetContinuesTheSequence) {
  const int64_t heads = 4, kvHeads = 2, D = 8, seq = 11, width = (heads + 2 * kvHeads) * D;
  const std::vector<float> x = randomVector(seq * width, 3);
  std::vector<float> whole(x.size()), part(x.size());
  rotary(RotaryShape{1, seq, heads, kvHeads, D, 500000.0, false}, x.data(), whole.data());
  for (auto [from, to] : {std::pair<int64_t, int64_t>{0, 6}, {6, 7}, {7, seq}}) {
    RotaryShape r{1, to - from, heads, kvHeads, D, 500000.0, false};
    r.position = from;
    rotary(r, x.data() + from * width, part.data() + from * width);
  }
  EXPECT_EQ(part, whole); // the same angles, computed from the same positions
  RotaryShape bad{1, 1, heads, kvHeads, D, 10000.0, false};
  bad.position = -1;
  EXPECT_THROW(rotary(bad, x.data(), part.data()), std::invalid_argument);
}

} // namespace
} // namespace mtc::kernels
