// Linear layers at sizes that take the OpenMP-split sgemm path (blocks of rows
// or of columns, both weight layouts, sizes that are not multiples of the
// 16-float block), against a double reference, with 1 and 2 threads.
#include "kernels/kernels.h"
#include "TestUtil.h"

#include <cmath>

namespace mtc::kernels {
namespace {

using test::randomVector;

struct Case {
  int64_t N, In, Out;
  bool transposed;
};

class LinearThreads : public ::testing::TestWithParam<Case> {};

// Largest |a - b| relative to the largest |b|.
double relativeError(const std::vector<float> &a, const std::vector<double> &b) {
  double err = 0, scale = 1e-30;
  for (size_t i = 0; i < a.size(); ++i) {
    err = std::max(err, std::fabs(a[i] - b[i]));
    scale = std::max(scale, std::fabs(b[i]));
  }
  return err / scale;
}

TEST_P(LinearThreads, SplitProductsMatchDoubleReference) {
  const auto [N, In, Out, transposed] = GetParam();
  auto x = randomVector(N * In, 1), w = randomVector(In * Out, 2), dy = randomVector(N * Out, 3);
  auto at = [&](int64_t i, int64_t o) { return transposed ? w[o * In + i] : w[i * Out + o]; };
  std::vector<double> y(N * Out), dx(N * In), dw(In * Out);
  for (int64_t n = 0; n < N; ++n)
    for (int64_t o = 0; o < Out; ++o)
      for (int64_t i = 0; i < In; ++i) {
        y[n * Out + o] += double(x[n * In + i]) * at(i, o);
        dx[n * In + i] += double(dy[n * Out + o]) * at(i, o);
        dw[transposed ? o * In + i : i * Out + o] += double(x[n * In + i]) * dy[n * Out + o];
      }
  for (int threads : {1, 2}) {
    setNumThreads(threads);
    std::vector<float> gotY(N * Out), gotDx(N * In), gotDw(In * Out, 0.f);
    linearForward(x.data(), w.data(), nullptr, gotY.data(), N, In, Out, transposed);
    linearBackwardInput(dy.data(), w.data(), gotDx.data(), N, In, Out, transposed);
    linearBackwardWeight(x.data(), dy.data(), gotDw.data(), nullptr, N, In, Out, transposed);
    EXPECT_LT(relativeError(gotY, y), 1e-5) << "threads " << threads;
    EXPECT_LT(relativeError(gotDx, dx), 1e-5) << "threads " << threads;
    EXPECT_LT(relativeError(gotDw, dw), 1e-5) << "threads " << threads;
  }
  setNumThreads(0);
}

INSTANTIATE_TEST_SUITE_P(Shapes, LinearThreads,
                         ::testing::Values(Case{301, 67, 129, false}, Case{301, 67, 129, true},
                                           Case{37, 96, 1001, false}, Case{37, 96, 1001, true},
                                           Case{256, 250, 33, false}));

} // namespace
} // namespace mtc::kernels
