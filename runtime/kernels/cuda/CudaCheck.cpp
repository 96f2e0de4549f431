#include "kernels/cuda/CudaCheck.h"

#include <cublasLt.h>
#include <cuda_runtime_api.h>

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

} // namespace mtc::kernels::cuda
