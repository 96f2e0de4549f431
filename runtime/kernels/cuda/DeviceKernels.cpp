#include "kernels/cuda/DeviceKernels.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>

namespace mtc::kernels::cuda {

namespace {

// A function-local static: registrations run during static initialization.
std::map<std::string, DeviceKernel> &table() {
  static std::map<std::string, DeviceKernel> kernels;
  return kernels;
}

} // namespace

DeviceKernel findDeviceKernel(const char *name) {
  auto it = table().find(name);
  return it == table().end() ? nullptr : it->second;
}

DeviceKernelRegistration::DeviceKernelRegistration(const char *name, DeviceKernel run) {
  if (!table().emplace(name, run).second) {
    std::fprintf(stderr, "mtc runtime: CUDA kernel '%s' is registered twice\n", name);
    std::abort();
  }
}

} // namespace mtc::kernels::cuda
