// Helpers private to the host kernels: argument checks with messages naming
// the kernel and the bad value, and the OpenBLAS threading guard.
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>

namespace mtc::kernels::detail {

// Throws std::invalid_argument("<kernel>: <what> must be ... (got <value>)").
void requireNonNegative(const char *kernel, const char *what, int64_t value);
void requirePositive(const char *kernel, const char *what, int64_t value);
void requireNonNull(const char *kernel, const char *what, const void *ptr);
// Grouped heads (math/llama.h): heads > 0, kvHeads >= 0 (0: one per head) and
// dividing heads, headDim > 0.
void requireHeadGroups(const char *kernel, int64_t heads, int64_t kvHeads, int64_t headDim);
[[noreturn]] void fail(const char *kernel, const std::string &message);

// Hot element-wise loops are compiled three times, for AVX-512, AVX2 and the
// x86-64 baseline, and the dynamic loader picks the widest the CPU runs (GCC
// function multiversioning), so one binary serves the CI machine and a
// Zen 4 / Xeon alike. CMake builds the kernels with -ffp-contract=off: no
// version fuses a multiply and an add, so all three give bitwise the same
// results (vector lanes compute what the scalar loop computes).
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
#define MTC_VECTOR_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define MTC_VECTOR_CLONES
#endif

// Sizes below this run on one thread: an OpenMP fork costs a few microseconds.
constexpr int64_t kParallelMinWork = 1 << 15;

// Element-wise kernels: threads take contiguous blocks of this many elements
// (a multiple of every vector width) and run one vectorized loop over each.
constexpr int64_t kBlock = 1 << 14;

// fn(begin, length) over [0, n) in kBlock pieces, on the kernels' threads
// when n is large enough to pay for the fork.
template <class Fn>
void forEachBlock(int64_t n, Fn &&fn) {
  const int64_t blocks = (n + kBlock - 1) / kBlock;
#pragma omp parallel for schedule(static) if (n > kParallelMinWork)
  for (int64_t b = 0; b < blocks; ++b)
    fn(b * kBlock, std::min(kBlock, n - b * kBlock));
}

// Threads the kernels use (setNumThreads, or the OpenMP default).
int kernelThreads();

// Loops that call cblas_sgemm from inside an OpenMP region must not let each
// call fan out to OpenBLAS's own thread pool (Debian links the pthread build,
// which would then run threads x threads workers). This guard pins OpenBLAS to
// one thread for its lifetime and restores the configured count after.
class SingleThreadedBlas {
public:
  SingleThreadedBlas();
  ~SingleThreadedBlas();
  SingleThreadedBlas(const SingleThreadedBlas &) = delete;
  SingleThreadedBlas &operator=(const SingleThreadedBlas &) = delete;

private:
  int saved;
};

} // namespace mtc::kernels::detail
