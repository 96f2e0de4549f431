// Start-up check of the CUDA environment, so a machine without a usable GPU
// gives one clear sentence (and the tests a skip) instead of a failure deep
// inside the first kernel.
#pragma once
#include <string>

namespace mtc::runtime::gpu {

struct DeviceStatus {
  bool usable = false;
  int devices = 0;
  int driverVersion = 0, runtimeVersion = 0; // 13000 = 13.0; 0 = no driver
  // Empty when usable, else what is wrong and what to do, e.g. "no CUDA
  // driver is installed (runtime 13.0 needs a driver >= 13.0)".
  std::string problem;
  std::string deviceName; // device 0 when usable
};

DeviceStatus probeDevices();

// Exit status GPU tests use to tell ctest "skipped" (SKIP_RETURN_CODE).
constexpr int kSkipExitCode = 77;

} // namespace mtc::runtime::gpu
