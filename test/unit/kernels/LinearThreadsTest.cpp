// Linear layers at sizes that take the OpenMP-split sgemm path (blocks of rows
// or of columns, both weight layouts, sizes that are not multiples of the
// 16-float block), against a double reference, with 1 and 2 threads.
#include "kernels/gemm.h"
#include "kernels/kernels.h"
#include "TestUtil.h"

#include <atomic>
#include <cmath>
#include <dlfcn.h>
#include <omp.h>
#include <tuple>

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

// Counts the OpenMP teams of more than one thread started while `counting`
// is set: libdnnl's GOMP_parallel calls bind to this definition (the
// executable's symbols come first), which forwards to libgomp's. A region
// whose `if` clause is false arrives with 1 thread (0 is the default count).
std::atomic<bool> counting{false};
std::atomic<int> teamsStarted{0};

} // namespace
} // namespace mtc::kernels

extern "C" void GOMP_parallel(void (*fn)(void *), void *data, unsigned threads,
                              unsigned flags) {
  using Real = void (*)(void (*)(void *), void *, unsigned, unsigned);
  static const Real real = reinterpret_cast<Real>(dlsym(RTLD_NEXT, "GOMP_parallel"));
  if (mtc::kernels::counting && threads != 1)
    ++mtc::kernels::teamsStarted;
  real(fn, data, threads, flags);
}

namespace mtc::kernels {
namespace {

// gemm runs on the calling thread (gemm.h), also where no OpenMP region is
// active: oneDNN starts no team of its own (a barrier per small product, which
// dominated cached decoding), the result is the one-thread result bit for bit,
// and the thread count is left as it was.
TEST(GemmThreads, OutsideARegionRunsOnTheCallingThread) {
  for (auto [M, N, K] : {std::tuple<int64_t, int64_t, int64_t>{1, 1, 1 << 18},
                         {1, 4096, 1024}, {64, 64, 8192}}) {
    auto a = randomVector(M * K, 1), b = randomVector(K * N, 2);
    std::vector<float> one(M * N), two(M * N);
    setNumThreads(1);
    gemm(false, false, M, N, K, 1.0f, a.data(), K, b.data(), N, 0.0f, one.data(), N);
    setNumThreads(2);
    teamsStarted = 0;
    counting = true;
    gemm(false, false, M, N, K, 1.0f, a.data(), K, b.data(), N, 0.0f, two.data(), N);
    counting = false;
    EXPECT_EQ(teamsStarted, 0) << M << " x " << N << " x " << K;
    EXPECT_EQ(omp_get_max_threads(), 2);
    EXPECT_EQ(one, two) << M << " x " << N << " x " << K;
  }
  setNumThreads(0);
}

// A product of one row has few flops but streams its whole matrix from
// memory: one that is megabytes is split over the threads (cached decoding's
// linear layers), a small one stays on the calling thread.
TEST(GemmThreads, ARowTimesALargeMatrixIsSplit) {
  setNumThreads(2);
  for (auto [K, N, teams] : {std::tuple<int64_t, int64_t, int>{768, 2304, 1}, {64, 64, 0}}) {
    auto a = randomVector(K, 1), b = randomVector(K * N, 2);
    std::vector<float> c(N), serial(N);
    teamsStarted = 0;
    counting = true;
    parallelGemm(false, false, 1, N, K, 1.0f, a.data(), K, b.data(), N, 0.0f, c.data(), N);
    counting = false;
    EXPECT_EQ(teamsStarted, teams) << K << " x " << N;
    gemm(false, false, 1, N, K, 1.0f, a.data(), K, b.data(), N, 0.0f, serial.data(), N);
    for (int64_t i = 0; i < N; ++i)
      ASSERT_NEAR(c[i], serial[i], 1e-4f * (1.0f + std::fabs(serial[i]))) << i;
  }
  setNumThreads(0);
}

// The counter sees teams: a kernel's own parallel region counts.
TEST(GemmThreads, TheTeamCounterSeesARegion) {
  setNumThreads(2);
  teamsStarted = 0;
  counting = true;
#pragma omp parallel
  { (void)omp_get_thread_num(); }
  counting = false;
  EXPECT_EQ(teamsStarted, 1);
  setNumThreads(0);
}

} // namespace
} // namespace mtc::kernels
