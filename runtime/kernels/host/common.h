// Helpers private to the host kernels: argument checks with messages naming
// the kernel and the bad value, and the OpenBLAS threading guard.
#pragma once
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

// Sizes below this run on one thread: an OpenMP fork costs a few microseconds.
constexpr int64_t kParallelMinWork = 1 << 15;

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
