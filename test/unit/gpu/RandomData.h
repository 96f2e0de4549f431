// Normally distributed test data with a fixed seed, for the GPU tests.
#pragma once
#include <random>
#include <vector>

namespace mtc::testing {

inline std::vector<float> randn(size_t n, unsigned seed, float scale = 1.f) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> d(0.f, scale);
  std::vector<float> v(n);
  for (float &x : v)
    x = d(rng);
  return v;
}

} // namespace mtc::testing
