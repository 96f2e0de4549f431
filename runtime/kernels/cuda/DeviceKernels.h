// The CUDA implementations of kernels that steps launch by name
// (Backend::launch): each .cu file registers its own next to its kernel, so
// a new kernel edits no backend and no dispatch list.
#pragma once
#include <cuda_runtime_api.h>

namespace mtc::kernels::cuda {

// Enqueues the kernel with `args` (its kernels.h argument struct) on `stream`.
using DeviceKernel = void (*)(const void *args, cudaStream_t stream);

// The kernel registered under `name`, or null.
DeviceKernel findDeviceKernel(const char *name);

// Registers at static initialization; a name registered twice aborts the
// program naming it.
struct DeviceKernelRegistration {
  DeviceKernelRegistration(const char *name, DeviceKernel run);
};

// Registers Run for Kernel::name:
//   const DeviceKernelRegistration r = registerDeviceKernel<Kernel, run>();
template <typename Kernel, void (*Run)(const Kernel &, cudaStream_t)>
DeviceKernelRegistration registerDeviceKernel() {
  return DeviceKernelRegistration(Kernel::name, [](const void *args, cudaStream_t stream) {
    Run(*static_cast<const Kernel *>(args), stream);
  });
}

} // namespace mtc::kernels::cuda
