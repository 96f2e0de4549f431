#include "kernels/cuda/CudaCheck.h"

#include <cublasLt.h>
#include <cuda_runtime_api.h>

#include <chrono>
#include <thread>

namespace mtc::kernels::cuda {

void checkCuda(int status, const char *what) {
  if (status == cudaSuccess)
    return;
  auto e = static_cast<cudaError_t>(status);
  throw CudaError(std::string(what) + ": " + cudaGetErrorName(e) + " (" +
                  cudaGetErrorString(e) + ")");
}

void checkCublas(int status, const char *what) {
  if (status == CUBLAS_STATUS_SUCCESS)
    return;
  throw CudaError(std::string(what) + ": cuBLAS status " + std::to_string(status) + " (" +
                  cublasLtGetStatusString(static_cast<cublasStatus_t>(status)) + ")");
}

void checkLaunch(const char *kernel) {
  checkCuda(cudaGetLastError(), kernel);
}

void waitForStream(void *stream, const char *what, double timeoutSeconds) {
  using Clock = std::chrono::steady_clock;
  const auto deadline = Clock::now() + std::chrono::duration<double>(timeoutSeconds);
  auto s = static_cast<cudaStream_t>(stream);
  for (int polls = 0;; ++polls) {
    cudaError_t e = cudaStreamQuery(s);
    if (e == cudaSuccess)
      return;
    if (e != cudaErrorNotReady)
      checkCuda(e, what);
    if (Clock::now() > deadline)
      throw CudaError(std::string(what) + ": the GPU has not finished after " +
                      std::to_string(static_cast<int>(timeoutSeconds)) +
                      " s (a collective whose peers never joined?)");
    // Spin briefly (kernels of a step take microseconds), then back off.
    if (polls > 1000)
      std::this_thread::sleep_for(std::chrono::microseconds(20));
  }
}

} // namespace mtc::kernels::cuda
