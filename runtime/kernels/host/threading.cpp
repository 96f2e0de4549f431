// Thread configuration and the argument checks shared by the host kernels.
#include "host/common.h"
#include "kernels/kernels.h"

#include <cblas.h>
#include <omp.h>
#include <stdexcept>

namespace mtc::kernels {
namespace detail {

void fail(const char *kernel, const std::string &message) {
  throw std::invalid_argument(std::string(kernel) + ": " + message);
}

void requireNonNegative(const char *kernel, const char *what, int64_t value) {
  if (value < 0)
    fail(kernel, std::string(what) + " must be >= 0 (got " +
                     std::to_string(value) + ")");
}

void requirePositive(const char *kernel, const char *what, int64_t value) {
  if (value <= 0)
    fail(kernel, std::string(what) + " must be > 0 (got " +
                     std::to_string(value) + ")");
}

void requireNonNull(const char *kernel, const char *what, const void *ptr) {
  if (!ptr)
    fail(kernel, std::string(what) + " must not be null");
}

void requireHeadGroups(const char *kernel, int64_t heads, int64_t kvHeads, int64_t headDim) {
  requirePositive(kernel, "heads", heads);
  requireNonNegative(kernel, "kvHeads", kvHeads);
  requirePositive(kernel, "headDim", headDim);
  if (heads % (kvHeads ? kvHeads : heads) != 0)
    fail(kernel, "heads " + std::to_string(heads) + " is not a multiple of kvHeads " +
                     std::to_string(kvHeads));
}

namespace {
// The OpenMP default, captured before any setNumThreads call changes it.
const int defaultThreads = omp_get_max_threads();
} // namespace

int kernelThreads() { return omp_get_max_threads(); }

SingleThreadedBlas::SingleThreadedBlas() : saved(openblas_get_num_threads()) {
  if (saved != 1)
    openblas_set_num_threads(1);
}

SingleThreadedBlas::~SingleThreadedBlas() {
  if (saved != 1)
    openblas_set_num_threads(saved);
}

} // namespace detail

void setNumThreads(int n) {
  if (n < 0)
    detail::fail("setNumThreads", "thread count must be >= 0 (got " +
                                      std::to_string(n) + ")");
  int threads = n == 0 ? detail::defaultThreads : n;
  omp_set_num_threads(threads);
  openblas_set_num_threads(threads);
}

} // namespace mtc::kernels
