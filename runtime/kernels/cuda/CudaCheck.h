// CUDA, cuBLAS and NCCL status checks that throw with the call and the
// library's own message, so every failure reaches main() as a clear error.
#pragma once
#include <stdexcept>
#include <string>

namespace mtc::kernels::cuda {

class CudaError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Throws CudaError("<what>: <cudaGetErrorString>") unless status is success.
void checkCuda(int status, const char *what);
void checkCublas(int status, const char *what);

// The last launch's error (launches report asynchronously).
void checkLaunch(const char *kernel);

// Waits for everything enqueued on `stream` (a cudaStream_t), polling, and
// throws CudaError naming `what` on a device error or when it has not
// finished within kStreamTimeoutSeconds: a collective whose peer never
// joins spins on the device forever, and the host must not wait with it.
constexpr double kStreamTimeoutSeconds = 600;
void waitForStream(void *stream, const char *what,
                   double timeoutSeconds = kStreamTimeoutSeconds);

} // namespace mtc::kernels::cuda
