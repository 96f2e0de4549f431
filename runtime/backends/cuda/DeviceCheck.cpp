#include "backends/cuda/DeviceCheck.h"

#include <cuda_runtime_api.h>

namespace mtc::runtime::gpu {
namespace {

std::string version(int v) {
  return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10);
}

} // namespace

DeviceStatus probeDevices() {
  DeviceStatus s;
  cudaDriverGetVersion(&s.driverVersion);
  cudaRuntimeGetVersion(&s.runtimeVersion);
  cudaError_t e = cudaGetDeviceCount(&s.devices);
  if (e == cudaSuccess && s.devices > 0) {
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, 0) == cudaSuccess)
      s.deviceName = prop.name + std::string(" (sm_") + std::to_string(prop.major) +
                     std::to_string(prop.minor) + ")";
    s.usable = true;
    return s;
  }
  cudaGetLastError(); // clear the sticky error for later calls
  s.devices = 0;
  if (s.driverVersion == 0)
    s.problem = "no CUDA driver is installed (this build's runtime " +
                version(s.runtimeVersion) + " needs one: no GPU on this machine?)";
  else if (e == cudaErrorInsufficientDriver || s.driverVersion < s.runtimeVersion)
    s.problem = "the CUDA driver (" + version(s.driverVersion) +
                ") is older than this build's runtime (" + version(s.runtimeVersion) +
                "): update the driver";
  else if (e == cudaSuccess || e == cudaErrorNoDevice)
    s.problem = "no CUDA device is visible (check CUDA_VISIBLE_DEVICES)";
  else
    s.problem = std::string("cudaGetDeviceCount failed: ") + cudaGetErrorString(e);
  return s;
}

} // namespace mtc::runtime::gpu
