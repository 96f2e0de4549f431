// Shared helpers for the kernel tests: seeded random data and a central
// finite-difference gradient check.
#pragma once
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <random>
#include <vector>

namespace mtc::kernels::test {

inline std::vector<float> randomVector(size_t n, uint32_t seed,
                                       float lo = -1.0f, float hi = 1.0f) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float &x : v)
    x = dist(gen);
  return v;
}

inline double dot(const std::vector<float> &a, const std::vector<float> &b) {
  double s = 0.0;
  for (size_t i = 0; i < a.size(); ++i)
    s += static_cast<double>(a[i]) * b[i];
  return s;
}

// Every element within atol + rtol * |want|.
inline void expectNear(const std::vector<float> &got,
                       const std::vector<double> &want, double atol,
                       double rtol, const char *what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t i = 0; i < got.size(); ++i)
    ASSERT_NEAR(got[i], want[i], atol + rtol * std::fabs(want[i]))
        << what << " element " << i;
}

// Compares `analytic` with central differences of `objective` (evaluated in
// float kernels, summed in double) over every element of `input`. The error
// bound is relative to the tensor's largest gradient: float forward passes
// leave ~1e-5 absolute noise in a difference quotient.
inline void checkGradient(std::vector<float> &input,
                          const std::function<double()> &objective,
                          const std::vector<float> &analytic, const char *what,
                          double step = 1e-2, double rtol = 1e-3) {
  ASSERT_EQ(input.size(), analytic.size()) << what;
  double scale = 0.0;
  for (float g : analytic)
    scale = std::max(scale, static_cast<double>(std::fabs(g)));
  ASSERT_GT(scale, 0.0) << what << ": gradient is all zeros";
  for (size_t i = 0; i < input.size(); ++i) {
    float saved = input[i];
    input[i] = saved + static_cast<float>(step);
    double plus = objective();
    input[i] = saved - static_cast<float>(step);
    double minus = objective();
    input[i] = saved;
    double numeric = (plus - minus) / (2.0 * step);
    ASSERT_NEAR(analytic[i], numeric, rtol * scale)
        << what << " element " << i;
  }
}

} // namespace mtc::kernels::test
