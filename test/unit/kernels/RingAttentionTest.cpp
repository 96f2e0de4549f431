// Context-parallel attention: a sequence split over cp ranks by ContextSplit,
// run block by block around a simulated ring with the block kernels, equals
// attentionForward / attentionBackward on the whole sequence (causal and
// bidirectional, grouped-query, dropout, padding, a head shard).
#include "kernels/kernels.h"
#include "mtc/Plan/ContextSplit.h"
#include "TestUtil.h"

namespace mtc::kernels {
namespace {

using test::randomVector;

struct RingCase {
  int64_t B, S, heads, kvHeads, D;
  int cp;
  bool causal;
  float dropout;
  bool padded;   // BERT lengths
  bool headShard; // heads [heads, 2 heads) of 3 heads
};

std::ostream &operator<<(std::ostream &os, const RingCase &c) {
  return os << "B" << c.B << " S" << c.S << " heads " << c.heads << "/" << c.kvHeads << " D"
            << c.D << " cp" << c.cp << (c.causal ? " causal" : "") << " dropout " << c.dropout
            << (c.padded ? " padded" : "") << (c.headShard ? " head shard" : "");
}

class RingAttention : public ::testing::TestWithParam<RingCase> {};

// Rows `positions` of each sample of x [B, S, width], in that order.
std::vector<float> gatherRows(const std::vector<float> &x, int64_t B, int64_t S, int64_t width,
                              const std::vector<int64_t> &positions) {
  const int64_t L = static_cast<int64_t>(positions.size());
  std::vector<float> y(B * L * width);
  for (int64_t b = 0; b < B; ++b)
    for (int64_t i = 0; i < L; ++i)
      std::copy_n(x.begin() + (b * S + positions[i]) * width, width,
                  y.begin() + (b * L + i) * width);
  return y;
}

void expectRows(const std::vector<float> &local, const std::vector<float> &whole, int64_t B,
                int64_t S, int64_t width, const std::vector<int64_t> &positions,
                const std::string &what) {
  const std::vector<float> want = gatherRows(whole, B, S, width, positions);
  ASSERT_EQ(local.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i)
    ASSERT_NEAR(local[i], want[i], 2e-5 + 2e-4 * std::fabs(want[i])) << what << " element " << i;
}

TEST_P(RingAttention, EqualsTheWholeSequence) {
  const RingCase c = GetParam();
  AttentionShape a{};
  a.batch = c.B;
  a.seq = c.S;
  a.heads = c.heads;
  a.kvHeads = c.kvHeads;
  a.headDim = c.D;
  a.causal = c.causal;
  a.scale = 1.0f / std::sqrt(static_cast<float>(c.D));
  a.dropout = c.dropout;
  a.seed = 7;
  a.stream = 3;
  if (c.headShard) {
    a.headOffset = c.heads;
    a.totalHeads = 3 * c.heads;
  }
  std::vector<int32_t> lengths;
  if (c.padded) {
    for (int64_t b = 0; b < c.B; ++b)
      lengths.push_back(static_cast<int32_t>(c.S - 3 - 5 * b));
    a.lengths = lengths.data();
  }
  const int64_t width = (c.heads + 2 * c.kvHeads) * c.D, outWidth = c.heads * c.D;
  const int64_t kvWidth = 2 * c.kvHeads * c.D;
  const auto qkv = randomVector(c.B * c.S * width, 11, -2.0f, 2.0f);
  const auto dout = randomVector(c.B * c.S * outWidth, 12);
  std::vector<float> out(c.B * c.S * outWidth), lse(c.B * c.heads * c.S), dqkv(qkv.size());
  attentionForward(a, qkv.data(), out.data(), lse.data());
  attentionBackward(a, qkv.data(), out.data(), lse.data(), dout.data(), dqkv.data());

  const Result<ContextSplit> split = ContextSplit::create(c.S, c.cp, c.causal);
  ASSERT_TRUE(split.ok()) << split.error();
  const int64_t L = split->localSeq();
  std::vector<std::vector<int64_t>> positions(c.cp);
  std::vector<std::vector<float>> q(c.cp), kv(c.cp), o(c.cp), l(c.cp), dO(c.cp), dq(c.cp);
  for (int r = 0; r < c.cp; ++r) {
    positions[r] = split->positions(r);
    q[r] = gatherRows(qkv, c.B, c.S, width, positions[r]);
    dO[r] = gatherRows(dout, c.B, c.S, outWidth, positions[r]);
    kv[r].resize(c.B * L * kvWidth);
    packKeyValues(a, L, q[r].data(), kv[r].data());
    o[r].assign(c.B * L * outWidth, 99.0f);
    l[r].assign(c.B * c.heads * L, 99.0f);
    dq[r].assign(q[r].size(), 0.0f);
  }
  for (int r = 0; r < c.cp; ++r)
    for (int step = 0; step < c.cp; ++step) {
      const ContextSplit::RingBlock rb = split->ringBlock(r, step);
      const AttentionBlock blk{a, L, positions[r].data(), rb.firstQuery, rb.queries, L,
                               rb.keys, positions[rb.source].data()};
      (step == 0 ? attentionBlockForwardFirst : attentionBlockForward)(
          blk, q[r].data(), kv[rb.source].data(), o[r].data(), l[r].data());
    }
  std::vector<float> dkv(c.B * L * kvWidth);
  for (int r = 0; r < c.cp; ++r)
    for (int step = 0; step < c.cp; ++step) {
      const ContextSplit::RingBlock rb = split->ringBlock(r, step);
      const AttentionBlock blk{a, L, positions[r].data(), rb.firstQuery, rb.queries, L,
                               rb.keys, positions[rb.source].data()};
      std::fill(dkv.begin(), dkv.end(), 0.0f);
      attentionBlockBackward(blk, q[r].data(), kv[rb.source].data(), o[r].data(), l[r].data(),
                             dO[r].data(), dq[r].data(), dkv.data());
      addKeyValueGrads(a, L, L, rb.keys, dkv.data(), dq[rb.source].data());
    }
  for (int r = 0; r < c.cp; ++r) {
    const std::string rank = "rank " + std::to_string(r);
    expectRows(o[r], out, c.B, c.S, outWidth, positions[r], rank + " out");
    for (int64_t b = 0; b < c.B; ++b)
      for (int64_t h = 0; h < c.heads; ++h)
        for (int64_t i = 0; i < L; ++i)
          ASSERT_NEAR(l[r][(b * c.heads + h) * L + i],
                      lse[(b * c.heads + h) * c.S + positions[r][i]], 1e-5)
              << rank << " lse";
    expectRows(dq[r], dqkv, c.B, c.S, width, positions[r], rank + " dqkv");
  }
}

INSTANTIATE_TEST_SUITE_P(
    Layouts, RingAttention,
    ::testing::Values(RingCase{2, 16, 2, 2, 4, 1, true, 0.0f, false, false},
                      RingCase{2, 16, 2, 2, 4, 2, true, 0.0f, false, false},
                      RingCase{2, 16, 2, 2, 4, 4, true, 0.0f, false, false},
                      RingCase{1, 24, 4, 2, 4, 2, true, 0.2f, false, false}, // grouped-query
                      RingCase{1, 32, 4, 1, 8, 4, true, 0.0f, false, true},  // one kv head
                      RingCase{2, 16, 2, 2, 4, 4, false, 0.0f, false, false},
                      RingCase{2, 24, 2, 2, 4, 3, false, 0.25f, true, true}, // BERT-like
                      RingCase{1, 288, 2, 1, 8, 2, true, 0.1f, false, false})); // query tiles

TEST(RingAttentionBlock, RefusesPositionsOutsideTheSequence) {
  AttentionShape a{};
  a.batch = 1;
  a.seq = 4;
  a.heads = 1;
  a.headDim = 2;
  a.causal = true;
  a.scale = 1.0f;
  const std::vector<int64_t> positions{0, 1}, keys{3, 4};
  std::vector<float> qkv(2 * 6), kv(2 * 4), out(2 * 2), lse(2);
  const AttentionBlock blk{a, 2, positions.data(), 0, 2, 2, 2, keys.data()};
  EXPECT_THROW(attentionBlockForwardFirst(blk, qkv.data(), kv.data(), out.data(), lse.data()),
               std::exception);
}

} // namespace
} // namespace mtc::kernels
