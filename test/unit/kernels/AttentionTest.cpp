// Core attention on packed QKV [B, S, heads, 3, hd]: forward against a double
// reference (causal / not, dropout, S=1, S across query blocks), backward
// against finite differences, and a split by heads against the whole.
#include "kernels/kernels.h"
#include "kernels/math/philox.h"
#include "TestUtil.h"

namespace mtc::kernels {
namespace {

using test::randomVector;

AttentionShape makeShape(int64_t B, int64_t S, int64_t H, int64_t D,
                         bool causal, float dropout) {
  AttentionShape a{};
  a.batch = B;
  a.seq = S;
  a.heads = H;
  a.headDim = D;
  a.causal = causal;
  a.scale = 1.0f / std::sqrt(static_cast<float>(D));
  a.dropout = dropout;
  a.seed = 42;
  a.stream = 5;
  return a;
}

struct Reference {
  std::vector<double> out, lse;
};

Reference referenceAttention(const AttentionShape &a,
                             const std::vector<float> &qkv) {
  int64_t B = a.batch, S = a.seq, H = a.heads, D = a.headDim;
  int64_t total = a.totalHeads ? a.totalHeads : H;
  Reference r{std::vector<double>(B * S * H * D), std::vector<double>(B * H * S)};
  auto at = [&](int64_t b, int64_t s, int64_t h, int64_t part, int64_t d) {
    return static_cast<double>(qkv[(((b * S + s) * H + h) * 3 + part) * D + d]);
  };
  for (int64_t b = 0; b < B; ++b)
    for (int64_t h = 0; h < H; ++h)
      for (int64_t i = 0; i < S; ++i) {
        int64_t valid = a.causal ? i + 1 : S;
        std::vector<double> s(valid);
        double m = -1e300;
        for (int64_t j = 0; j < valid; ++j) {
          double dotQK = 0;
          for (int64_t d = 0; d < D; ++d)
            dotQK += at(b, i, h, 0, d) * at(b, j, h, 1, d);
          s[j] = a.scale * dotQK;
          m = std::max(m, s[j]);
        }
        double sum = 0;
        for (double v : s)
          sum += std::exp(v - m);
        double lse = m + std::log(sum);
        r.lse[(b * H + h) * S + i] = lse;
        for (int64_t j = 0; j < valid; ++j) {
          double p = std::exp(s[j] - lse);
          if (a.dropout > 0) {
            uint64_t counter =
                ((static_cast<uint64_t>(b * total + a.headOffset + h) * S + i) *
                 S) + j;
            p = math::philoxUniformAt(a.seed, a.stream, counter) >= a.dropout
                    ? p / (1.0 - a.dropout)
                    : 0.0;
          }
          for (int64_t d = 0; d < D; ++d)
            r.out[((b * S + i) * H + h) * D + d] += p * at(b, j, h, 2, d);
        }
      }
  return r;
}

struct ForwardCase {
  int64_t B, S, H, D;
  bool causal;
  float dropout;
};

std::ostream &operator<<(std::ostream &os, const ForwardCase &c) {
  return os << "B" << c.B << " S" << c.S << " H" << c.H << " D" << c.D
            << (c.causal ? " causal" : "") << " dropout " << c.dropout;
}

class AttentionForward : public ::testing::TestWithParam<ForwardCase> {};

TEST_P(AttentionForward, MatchesDoubleReference) {
  ForwardCase c = GetParam();
  AttentionShape a = makeShape(c.B, c.S, c.H, c.D, c.causal, c.dropout);
  auto qkv = randomVector(c.B * c.S * c.H * 3 * c.D, 80, -2.0f, 2.0f);
  std::vector<float> out(c.B * c.S * c.H * c.D, 77.0f), lse(c.B * c.H * c.S);
  attentionForward(a, qkv.data(), out.data(), lse.data());
  Reference r = referenceAttention(a, qkv);
  test::expectNear(out, r.out, 2e-5, 1e-4, "attention out");
  test::expectNear(lse, r.lse, 2e-5, 1e-5, "attention lse");
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, AttentionForward,
    ::testing::Values(ForwardCase{2, 5, 3, 4, false, 0.0f},
                      ForwardCase{2, 5, 3, 4, true, 0.0f},
                      ForwardCase{1, 1, 2, 8, true, 0.0f},
                      ForwardCase{1, 1, 2, 8, false, 0.2f},
                      ForwardCase{2, 70, 2, 16, true, 0.0f},  // 2 query blocks
                      ForwardCase{1, 130, 1, 8, false, 0.0f}, // 3 blocks
                      ForwardCase{2, 67, 2, 8, true, 0.25f},
                      ForwardCase{1, 9, 2, 4, false, 0.5f}));

struct BackwardCase {
  int64_t B, S, H, D;
  bool causal;
  float dropout;
};

std::ostream &operator<<(std::ostream &os, const BackwardCase &c) {
  return os << "B" << c.B << " S" << c.S << " H" << c.H << " D" << c.D
            << (c.causal ? " causal" : "") << " dropout " << c.dropout;
}

class AttentionBackward : public ::testing::TestWithParam<BackwardCase> {};

TEST_P(AttentionBackward, MatchesFiniteDifferences) {
  BackwardCase c = GetParam();
  AttentionShape a = makeShape(c.B, c.S, c.H, c.D, c.causal, c.dropout);
  int64_t outSize = c.B * c.S * c.H * c.D;
  auto qkv = randomVector(outSize * 3, 90, -1.5f, 1.5f);
  auto dout = randomVector(outSize, 91);
  std::vector<float> out(outSize), lse(c.B * c.H * c.S);
  attentionForward(a, qkv.data(), out.data(), lse.data());
  std::vector<float> dqkv(qkv.size(), 55.0f); // overwritten
  attentionBackward(a, qkv.data(), out.data(), lse.data(), dout.data(),
                    dqkv.data());
  std::vector<float> scratchOut(outSize), scratchLse(lse.size());
  test::checkGradient(
      qkv,
      [&] {
        attentionForward(a, qkv.data(), scratchOut.data(), scratchLse.data());
        return test::dot(dout, scratchOut);
      },
      dqkv, "dqkv");
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, AttentionBackward,
    ::testing::Values(BackwardCase{2, 5, 2, 4, false, 0.0f},
                      BackwardCase{2, 5, 2, 4, true, 0.0f},
                      BackwardCase{1, 1, 2, 3, true, 0.0f},
                      BackwardCase{1, 6, 2, 4, true, 0.3f},
                      BackwardCase{1, 66, 1, 2, true, 0.0f}, // 2 query blocks
                      BackwardCase{1, 66, 1, 2, false, 0.2f}));

// Heads [0, H/2) and [H/2, H) are contiguous column slices of each token's
// packed row; attention on each slice equals the matching slice of the whole.
TEST(AttentionSplit, TwoHeadShardsEqualTheWhole) {
  for (float rate : {0.0f, 0.2f}) {
    const int64_t B = 2, S = 9, H = 4, D = 4, half = H / 2;
    AttentionShape whole = makeShape(B, S, H, D, true, rate);
    auto qkv = randomVector(B * S * H * 3 * D, 100, -2.0f, 2.0f);
    auto dout = randomVector(B * S * H * D, 101);
    std::vector<float> out(B * S * H * D), lse(B * H * S), dqkv(qkv.size());
    attentionForward(whole, qkv.data(), out.data(), lse.data());
    attentionBackward(whole, qkv.data(), out.data(), lse.data(), dout.data(),
                      dqkv.data());
    for (int64_t shard = 0; shard < 2; ++shard) {
      AttentionShape a = makeShape(B, S, half, D, true, rate);
      a.headOffset = shard * half;
      a.totalHeads = H;
      int64_t rowW = half * 3 * D, outW = half * D;
      std::vector<float> q(B * S * rowW), dO(B * S * outW);
      for (int64_t t = 0; t < B * S; ++t) {
        std::copy_n(qkv.begin() + t * H * 3 * D + shard * rowW, rowW,
                    q.begin() + t * rowW);
        std::copy_n(dout.begin() + t * H * D + shard * outW, outW,
                    dO.begin() + t * outW);
      }
      std::vector<float> o(B * S * outW), l(B * half * S), dq(q.size());
      attentionForward(a, q.data(), o.data(), l.data());
      attentionBackward(a, q.data(), o.data(), l.data(), dO.data(), dq.data());
      for (int64_t t = 0; t < B * S; ++t) {
        for (int64_t k = 0; k < outW; ++k)
          ASSERT_EQ(o[t * outW + k], out[t * H * D + shard * outW + k]);
        for (int64_t k = 0; k < rowW; ++k)
          ASSERT_EQ(dq[t * rowW + k], dqkv[t * H * 3 * D + shard * rowW + k]);
      }
      for (int64_t b = 0; b < B; ++b)
        for (int64_t h = 0; h < half; ++h)
          for (int64_t i = 0; i < S; ++i)
            ASSERT_EQ(l[(b * half + h) * S + i],
                      lse[(b * H + shard * half + h) * S + i]);
    }
  }
}

TEST(AttentionArgs, RejectsBadShapes) {
  AttentionShape a = makeShape(1, 4, 2, 4, true, 0.0f);
  std::vector<float> buf(1024);
  a.dropout = 1.0f;
  EXPECT_THROW(attentionForward(a, buf.data(), buf.data(), buf.data()),
               std::invalid_argument);
  a.dropout = 0.0f;
  a.totalHeads = 2;
  a.headOffset = 1;
  EXPECT_THROW(attentionForward(a, buf.data(), buf.data(), buf.data()),
               std::invalid_argument);
  a = makeShape(1, 4, 0, 4, true, 0.0f);
  EXPECT_THROW(attentionBackward(a, buf.data(), buf.data(), buf.data(),
                                 buf.data(), buf.data()),
               std::invalid_argument);
}

} // namespace
} // namespace mtc::kernels

namespace mtc::kernels {
namespace {

// The threaded paths (tiles across OpenMP threads, single-threaded OpenBLAS)
// give the same bits as one thread: each tile's arithmetic is independent.
TEST(AttentionThreads, ThreadCountDoesNotChangeResults) {
  AttentionShape a = makeShape(2, 100, 3, 16, true, 0.1f);
  auto qkv = randomVector(2 * 100 * 3 * 3 * 16, 130, -2.0f, 2.0f);
  auto dout = randomVector(2 * 100 * 3 * 16, 131);
  std::vector<float> out[2], lse[2], dqkv[2];
  for (int run = 0; run < 2; ++run) {
    setNumThreads(run == 0 ? 1 : 2);
    out[run].resize(dout.size());
    lse[run].resize(2 * 3 * 100);
    dqkv[run].resize(qkv.size());
    attentionForward(a, qkv.data(), out[run].data(), lse[run].data());
    attentionBackward(a, qkv.data(), out[run].data(), lse[run].data(),
                      dout.data(), dqkv[run].data());
  }
  setNumThreads(0);
  EXPECT_EQ(out[0], out[1]);
  EXPECT_EQ(lse[0], lse[1]);
  EXPECT_EQ(dqkv[0], dqkv[1]);
  Reference r = referenceAttention(a, qkv);
  test::expectNear(out[1], r.out, 2e-5, 1e-4, "threaded attention out");
}

} // namespace
} // namespace mtc::kernels
