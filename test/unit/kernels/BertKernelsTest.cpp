// BERT's kernels: token types on a sequence shard, the [CLS] pick and tanh,
// and attention with padding lengths (padded keys change nothing; a padded
// sample equals the same sample cut to its length).
#include "kernels/kernels.h"
#include "TestUtil.h"

#include <cmath>

namespace mtc::kernels {
namespace {

using test::randomVector;

TEST(TokenTypes, AddsTheShardsRowsAndAccumulatesInOrder) {
  const int64_t B = 2, S = 3, H = 4, ids = 6; // the second shard of two
  std::vector<int32_t> types{0, 1, 1, 0, 0, 1, 1, 1, 0, 0, 1, 7}; // 7: not a table row
  auto x = randomVector(B * S * H, 1), table = randomVector(2 * H, 2);
  std::vector<float> y(x.size());
  TokenTypeShape t{B, S, H, ids, S, 2};
  tokenTypeAdd(t, x.data(), types.data(), table.data(), y.data());
  for (int64_t b = 0; b < B; ++b)
    for (int64_t s = 0; s < S; ++s) {
      int32_t type = types[b * ids + S + s];
      for (int64_t h = 0; h < H; ++h) {
        float want = x[(b * S + s) * H + h] + (type < 2 ? table[type * H + h] : 0.f);
        EXPECT_EQ(y[(b * S + s) * H + h], want) << b << "," << s;
      }
    }
  std::vector<float> dtable(2 * H, 1.f);
  tokenTypeAddBackward(t, types.data(), x.data(), dtable.data());
  for (int64_t h = 0; h < H; ++h) {
    float sum[2] = {1.f, 1.f};
    for (int64_t b = 0; b < B; ++b)
      for (int64_t s = 0; s < S; ++s)
        if (int32_t type = types[b * ids + S + s]; type < 2)
          sum[type] += x[(b * S + s) * H + h];
    EXPECT_FLOAT_EQ(dtable[h], sum[0]);
    EXPECT_FLOAT_EQ(dtable[H + h], sum[1]);
  }
  TokenTypeShape tooFar{B, S, H, ids, ids - 1, 2};
  EXPECT_THROW(tokenTypeAdd(tooFar, x.data(), types.data(), table.data(), y.data()),
               std::invalid_argument);
}

TEST(Pooler, FirstTokenTanhAndTheirGradients) {
  const int64_t B = 2, S = 3, H = 4;
  auto x = randomVector(B * S * H, 3);
  std::vector<float> y(B * H), dx(B * S * H, 9.f);
  firstToken(x.data(), y.data(), B, S, H, /*owner=*/true);
  for (int64_t b = 0; b < B; ++b)
    for (int64_t h = 0; h < H; ++h)
      EXPECT_EQ(y[b * H + h], x[b * S * H + h]);
  firstTokenBackward(y.data(), dx.data(), B, S, H, /*owner=*/true);
  for (int64_t i = 0; i < B * S * H; ++i)
    EXPECT_EQ(dx[i], (i / H) % S == 0 ? x[i] : 0.f) << i;
  firstToken(x.data(), y.data(), B, S, H, /*owner=*/false);
  firstTokenBackward(y.data(), dx.data(), B, S, H, /*owner=*/false);
  for (float v : y)
    EXPECT_EQ(v, 0.f);
  for (float v : dx)
    EXPECT_EQ(v, 0.f);

  // tanh's gradient from its output against a central difference.
  std::vector<float> in{-2.f, -0.3f, 0.f, 0.7f, 3.f}, out(5), dy(5, 1.f), grad(5);
  tanhForward(in.data(), out.data(), 5);
  tanhBackward(out.data(), dy.data(), grad.data(), 5);
  for (int i = 0; i < 5; ++i) {
    EXPECT_FLOAT_EQ(out[i], std::tanh(in[i]));
    double h = 1e-3, numeric = (std::tanh(in[i] + h) - std::tanh(in[i] - h)) / (2 * h);
    EXPECT_NEAR(grad[i], numeric, 1e-5);
  }
}

AttentionShape padded(int64_t B, int64_t S, const int32_t *lengths) {
  AttentionShape a{};
  a.batch = B, a.seq = S, a.heads = 2, a.headDim = 8, a.causal = false;
  a.scale = 1.f / std::sqrt(8.f), a.dropout = 0.f, a.seed = 1, a.stream = 2;
  a.lengths = lengths;
  return a;
}

TEST(AttentionPadding, PaddedKeysChangeNothingAndMatchTheCutSample) {
  const int64_t S = 40, L = 13, width = 2 * 3 * 8;
  const int32_t lengths[1] = {L};
  auto qkv = randomVector(S * width, 4), dout = randomVector(S * width / 3, 5);
  std::vector<float> out(S * width / 3), lse(2 * S), dqkv(qkv.size());
  AttentionShape a = padded(1, S, lengths);
  attentionForward(a, qkv.data(), out.data(), lse.data());

  // The same sample cut to its L tokens, without lengths.
  std::vector<float> cut(qkv.begin(), qkv.begin() + L * width), cutOut(L * width / 3),
      cutLse(2 * L), cutDqkv(cut.size());
  std::vector<float> cutDout(dout.begin(), dout.begin() + L * width / 3);
  AttentionShape c = padded(1, L, nullptr);
  attentionForward(c, cut.data(), cutOut.data(), cutLse.data());
  attentionBackward(c, cut.data(), cutOut.data(), cutLse.data(), cutDout.data(),
                    cutDqkv.data());
  for (int64_t i = 0; i < L * width / 3; ++i)
    EXPECT_NEAR(out[i], cutOut[i], 1e-5f) << i;
  // Real queries' gradients and the real keys' gradients from real queries:
  // dQ of positions < L and dK, dV of positions < L, with padded queries'
  // output gradients zero.
  std::vector<float> doutReal(dout);
  std::fill(doutReal.begin() + L * width / 3, doutReal.end(), 0.f);
  attentionBackward(a, qkv.data(), out.data(), lse.data(), doutReal.data(), dqkv.data());
  for (int64_t i = 0; i < L * width; ++i)
    EXPECT_NEAR(dqkv[i], cutDqkv[i], 1e-5f) << i;
  for (int64_t i = L * width; i < S * width; ++i)
    EXPECT_EQ(dqkv[i], 0.f) << "padded position " << i / width << " got a gradient";

  // Changing padded keys and values changes no output.
  auto changed = qkv;
  for (int64_t i = L * width; i < S * width; ++i)
    changed[i] += 5.f;
  std::vector<float> out2(out.size()), lse2(lse.size());
  attentionForward(a, changed.data(), out2.data(), lse2.data());
  for (int64_t i = 0; i < L * width / 3; ++i)
    EXPECT_EQ(out2[i], out[i]) << i;
}

} // namespace
} // namespace mtc::kernels
