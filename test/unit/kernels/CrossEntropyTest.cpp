// Cross-entropy in three pieces: the unsplit row against a double reference,
// vocabulary splits over 2 and 4 shards (with padding columns) against the
// unsplit loss and gradient, and the gradient against finite differences.
#include "kernels/kernels.h"
#include "TestUtil.h"

namespace mtc::kernels {
namespace {

using test::randomVector;

constexpr int64_t kRows = 7, kVocab = 10;
// Row 2 and 5 are ignored; targets cover the first and last vocabulary ids.
const std::vector<int32_t> kTargets = {0, 9, -1, 4, 7, -100, 5};

// Loss and gradient of the unsplit logits, through the three pieces.
struct Result {
  double loss;
  int64_t count;
  std::vector<float> grad;
};

Result unsplit(const std::vector<float> &logits, float gradScale) {
  std::vector<float> rowMax(kRows), sumExp(kRows), target(kRows);
  crossEntropyRowMax(logits.data(), rowMax.data(), kRows, kVocab, kVocab);
  crossEntropySumExp(logits.data(), kTargets.data(), rowMax.data(),
                     sumExp.data(), target.data(), kRows, kVocab, kVocab, 0);
  Result r;
  r.loss = crossEntropyLoss(kTargets.data(), rowMax.data(), sumExp.data(),
                            target.data(), kRows, &r.count);
  r.grad.resize(logits.size());
  crossEntropyBackward(logits.data(), kTargets.data(), rowMax.data(),
                       sumExp.data(), r.grad.data(), kRows, kVocab, kVocab, 0,
                       gradScale);
  return r;
}

TEST(CrossEntropy, MatchesDoubleReference) {
  auto logits = randomVector(kRows * kVocab, 110, -4.0f, 4.0f);
  Result r = unsplit(logits, 0.5f);
  double want = 0;
  std::vector<double> wantGrad(logits.size(), 0.0);
  for (int64_t n = 0; n < kRows; ++n) {
    if (kTargets[n] < 0)
      continue;
    double sum = 0;
    for (int64_t v = 0; v < kVocab; ++v)
      sum += std::exp(static_cast<double>(logits[n * kVocab + v]));
    want += std::log(sum) - logits[n * kVocab + kTargets[n]];
    for (int64_t v = 0; v < kVocab; ++v)
      wantGrad[n * kVocab + v] =
          0.5 * (std::exp(static_cast<double>(logits[n * kVocab + v])) / sum -
                 (v == kTargets[n] ? 1.0 : 0.0));
  }
  EXPECT_EQ(r.count, 5);
  EXPECT_NEAR(r.loss, want, 1e-5 * want);
  test::expectNear(r.grad, wantGrad, 1e-7, 1e-5, "dlogits");
}

TEST(CrossEntropy, BackwardMatchesFiniteDifferences) {
  auto logits = randomVector(kRows * kVocab, 111, -3.0f, 3.0f);
  const float gradScale = 0.25f;
  Result r = unsplit(logits, gradScale);
  test::checkGradient(
      logits, [&] { return gradScale * unsplit(logits, gradScale).loss; },
      r.grad, "dlogits");
}

// Shards of `width` columns; the last shard is padded to the same width with
// huge values that must be ignored.
void checkSplit(int shards) {
  auto logits = randomVector(kRows * kVocab, 112, -4.0f, 4.0f);
  const float gradScale = 1.0f / 3.0f;
  Result whole = unsplit(logits, gradScale);

  int64_t width = (kVocab + shards - 1) / shards;
  std::vector<std::vector<float>> local(shards,
                                        std::vector<float>(kRows * width));
  std::vector<int64_t> valid(shards);
  for (int s = 0; s < shards; ++s) {
    valid[s] = std::min(width, kVocab - s * width);
    for (int64_t n = 0; n < kRows; ++n)
      for (int64_t v = 0; v < width; ++v)
        local[s][n * width + v] =
            v < valid[s] ? logits[n * kVocab + s * width + v] : 1e4f;
  }
  // Piece 1 and an all-reduce(max).
  std::vector<float> rowMax(kRows, -INFINITY), part(kRows);
  for (int s = 0; s < shards; ++s) {
    crossEntropyRowMax(local[s].data(), part.data(), kRows, width, valid[s]);
    for (int64_t n = 0; n < kRows; ++n)
      rowMax[n] = std::max(rowMax[n], part[n]);
  }
  // Piece 2 and an all-reduce(sum) of sumExp and the target logit.
  std::vector<float> sumExp(kRows, 0.0f), target(kRows, 0.0f), partT(kRows);
  for (int s = 0; s < shards; ++s) {
    crossEntropySumExp(local[s].data(), kTargets.data(), rowMax.data(),
                       part.data(), partT.data(), kRows, width, valid[s],
                       s * width);
    for (int64_t n = 0; n < kRows; ++n) {
      sumExp[n] += part[n];
      target[n] += partT[n];
    }
  }
  int64_t count = 0;
  double loss = crossEntropyLoss(kTargets.data(), rowMax.data(), sumExp.data(),
                                 target.data(), kRows, &count);
  EXPECT_EQ(count, whole.count);
  EXPECT_NEAR(loss, whole.loss, 1e-6 * whole.loss) << shards << " shards";
  for (int s = 0; s < shards; ++s) {
    std::vector<float> grad(kRows * width, 5.0f);
    crossEntropyBackward(local[s].data(), kTargets.data(), rowMax.data(),
                         sumExp.data(), grad.data(), kRows, width, valid[s],
                         s * width, gradScale);
    for (int64_t n = 0; n < kRows; ++n)
      for (int64_t v = 0; v < width; ++v) {
        if (v >= valid[s]) {
          ASSERT_EQ(grad[n * width + v], 0.0f) << "padding column";
          continue;
        }
        ASSERT_NEAR(grad[n * width + v], whole.grad[n * kVocab + s * width + v],
                    1e-7)
            << shards << " shards, shard " << s << " row " << n;
      }
  }
}

TEST(CrossEntropy, SplitOverTwoShardsEqualsUnsplit) { checkSplit(2); }
TEST(CrossEntropy, SplitOverFourShardsWithPaddingEqualsUnsplit) {
  checkSplit(4); // width 3: the last shard has 1 valid and 2 padding columns
}

TEST(CrossEntropy, RejectsValidWiderThanRow) {
  float x = 0;
  EXPECT_THROW(crossEntropyRowMax(&x, &x, 1, 4, 5), std::invalid_argument);
}

} // namespace
} // namespace mtc::kernels
