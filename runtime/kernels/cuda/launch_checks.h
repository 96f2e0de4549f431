// Host-side helpers the launchers of the .cu files share: argument checks
// that throw std::invalid_argument naming the kernel and the value, and the
// grid of a grid-stride loop.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>

namespace mtc::kernels::cuda {

inline void require(bool ok, const char *kernel, const std::string &what) {
  if (!ok)
    throw std::invalid_argument(std::string(kernel) + ": " + what);
}
inline void requireNonNegative(const char *kernel, const char *what, int64_t v) {
  require(v >= 0, kernel, std::string(what) + " must be >= 0 (got " + std::to_string(v) + ")");
}
inline void requirePositive(const char *kernel, const char *what, int64_t v) {
  require(v > 0, kernel, std::string(what) + " must be > 0 (got " + std::to_string(v) + ")");
}

// Blocks of `perBlock` for n items, at least one; grid-stride loops cover
// what lies past 65535 x 32 blocks, which keeps every SM busy.
inline unsigned gridFor(int64_t n, int perBlock = 256) {
  const int64_t blocks = (n + perBlock - 1) / perBlock;
  return static_cast<unsigned>(blocks < 65535 * 32 ? (blocks > 0 ? blocks : 1) : 65535 * 32);
}

} // namespace mtc::kernels::cuda
