// Vocabulary-parallel embedding: shard rows, zero rows for foreign tokens,
// accumulating backward.
#include "kernels/kernels.h"
#include "TestUtil.h"

namespace mtc::kernels {
namespace {

using test::randomVector;

TEST(Embedding, ForwardShardZeroesForeignTokensAndAddsPositions) {
  const int64_t N = 6, S = 3, H = 5, vocabStart = 4, vocabLocal = 3;
  std::vector<int32_t> tokens = {4, 6, 2, 7, 5, 4}; // 2 and 7 are foreign
  auto wte = randomVector(vocabLocal * H, 1);
  auto wpe = randomVector(S * H, 2);
  std::vector<float> out(N * H);
  embeddingForward(tokens.data(), wte.data(), wpe.data(), out.data(), N, S, H,
                   vocabStart, vocabLocal);
  std::vector<double> want(N * H);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t h = 0; h < H; ++h) {
      int64_t r = tokens[n] - vocabStart;
      double tok = r >= 0 && r < vocabLocal ? wte[r * H + h] : 0.0;
      want[n * H + h] = tok + wpe[(n % S) * H + h];
    }
  test::expectNear(out, want, 1e-7, 0, "embedding");

  // No position table: foreign tokens are exactly zero.
  embeddingForward(tokens.data(), wte.data(), nullptr, out.data(), N, S, H,
                   vocabStart, vocabLocal);
  for (int64_t h = 0; h < H; ++h) {
    EXPECT_EQ(out[2 * H + h], 0.0f);
    EXPECT_EQ(out[0 * H + h], wte[h]);
  }
}

TEST(Embedding, BackwardMatchesFiniteDifferencesAndAccumulates) {
  const int64_t N = 8, S = 4, H = 3, vocabStart = 2, vocabLocal = 4;
  std::vector<int32_t> tokens = {2, 3, 2, 9, 5, 2, 0, 4}; // repeats, foreign
  auto wte = randomVector(vocabLocal * H, 3);
  auto wpe = randomVector(S * H, 4);
  auto dy = randomVector(N * H, 5);
  std::vector<float> out(N * H);
  auto objective = [&] {
    embeddingForward(tokens.data(), wte.data(), wpe.data(), out.data(), N, S,
                     H, vocabStart, vocabLocal);
    return test::dot(dy, out);
  };
  std::vector<float> dwte(vocabLocal * H, 0.0f), dwpe(S * H, 0.0f);
  embeddingBackward(tokens.data(), dy.data(), dwte.data(), dwpe.data(), N, S,
                    H, vocabStart, vocabLocal);
  test::checkGradient(wte, objective, dwte, "dwte");
  test::checkGradient(wpe, objective, dwpe, "dwpe");

  // A second call adds the same contribution again.
  std::vector<float> once = dwte, oncePos = dwpe;
  embeddingBackward(tokens.data(), dy.data(), dwte.data(), dwpe.data(), N, S,
                    H, vocabStart, vocabLocal);
  for (size_t i = 0; i < dwte.size(); ++i)
    EXPECT_FLOAT_EQ(dwte[i], 2 * once[i]);
  for (size_t i = 0; i < dwpe.size(); ++i)
    EXPECT_FLOAT_EQ(dwpe[i], 2 * oncePos[i]);
  // Null dwpe is allowed.
  embeddingBackward(tokens.data(), dy.data(), dwte.data(), nullptr, N, S, H,
                    vocabStart, vocabLocal);
  for (size_t i = 0; i < dwte.size(); ++i)
    EXPECT_FLOAT_EQ(dwte[i], 3 * once[i]);
}

TEST(Embedding, RejectsBadSizes) {
  std::vector<int32_t> tokens = {0};
  std::vector<float> w(4), out(4);
  EXPECT_THROW(embeddingForward(tokens.data(), w.data(), nullptr, out.data(),
                                1, 0, 4, 0, 1),
               std::invalid_argument);
  try {
    embeddingForward(tokens.data(), w.data(), nullptr, out.data(), -1, 1, 4, 0,
                     1);
    FAIL() << "no error for N = -1";
  } catch (const std::invalid_argument &e) {
    EXPECT_NE(std::string(e.what()).find("embeddingForward: N must be >= 0"),
              std::string::npos)
        << e.what();
  }
}

} // namespace
} // namespace mtc::kernels
