// main() of the GPU tests: skips (exit 77, ctest SKIP_RETURN_CODE) with one
// clear line when no usable GPU is present, else runs GoogleTest.
#pragma once
#include "backends/cuda/DeviceCheck.h"

#include <gtest/gtest.h>

#include <cstdio>

#define MTC_GPU_TEST_MAIN()                                                        \
  int main(int argc, char **argv) {                                                \
    mtc::runtime::gpu::DeviceStatus s = mtc::runtime::gpu::probeDevices();         \
    if (!s.usable) {                                                               \
      std::printf("SKIPPED: no usable GPU: %s\n", s.problem.c_str());              \
      return mtc::runtime::gpu::kSkipExitCode;                                     \
    }                                                                              \
    std::printf("GPU: %s\n", s.deviceName.c_str());                                \
    ::testing::InitGoogleTest(&argc, argv);                                        \
    return RUN_ALL_TESTS();                                                        \
  }
