// A device copy of a host vector for the GPU kernel tests (cudaMalloc'd
// directly: the kernels of cuda_kernels.h take raw device pointers).
#pragma once
#include "kernels/cuda/CudaCheck.h"

#include <cuda_runtime_api.h>

#include <algorithm>
#include <vector>

namespace mtc::testing {

namespace kc = mtc::kernels::cuda;

// A device copy of a host vector, freed at scope end (tests only: the
// backend itself never allocates outside its arena).
template <class T> struct Dev {
  Dev(const Dev &) = delete;
  Dev &operator=(const Dev &) = delete;
  T *p = nullptr;
  size_t n = 0;
  explicit Dev(const std::vector<T> &h) : n(h.size()) {
    kc::checkCuda(cudaMalloc(reinterpret_cast<void **>(&p), std::max<size_t>(n, 1) * sizeof(T)), "cudaMalloc");
    kc::checkCuda(cudaMemcpy(p, h.data(), n * sizeof(T), cudaMemcpyHostToDevice), "H2D");
  }
  explicit Dev(size_t count, T fill = T()) : Dev(std::vector<T>(count, fill)) {}
  ~Dev() { cudaFree(p); }
  std::vector<T> host() const {
    kc::checkCuda(cudaDeviceSynchronize(), "sync");
    std::vector<T> h(n);
    kc::checkCuda(cudaMemcpy(h.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost), "D2H");
    return h;
  }
};

} // namespace mtc::testing
