// The MFU bench's denominator: a device name maps to its dense bf16 peak, an
// unknown device to none (no guessed MFU); and PaLM's FLOPs per token.
#include "../../../bench/gpu/GpuPeaks.h"

#include <gtest/gtest.h>

namespace {

using mtc::bench::bf16DensePeakTflops;

TEST(GpuPeaks, DeviceNamesAsCudaReportsThem) {
  EXPECT_EQ(bf16DensePeakTflops("NVIDIA A100-SXM4-80GB"), 312.0);
  EXPECT_EQ(bf16DensePeakTflops("NVIDIA A100 80GB PCIe"), 312.0);
  EXPECT_EQ(bf16DensePeakTflops("NVIDIA H100 80GB HBM3"), 989.0);
  EXPECT_EQ(bf16DensePeakTflops("NVIDIA H100 PCIe"), 756.0);
  EXPECT_EQ(bf16DensePeakTflops("NVIDIA H100 NVL"), 835.0);
  EXPECT_EQ(bf16DensePeakTflops("NVIDIA GH200 480GB"), 989.0);
  EXPECT_EQ(bf16DensePeakTflops("NVIDIA L40S"), 362.0);
  EXPECT_EQ(bf16DensePeakTflops("NVIDIA L40"), 181.0);
  EXPECT_EQ(bf16DensePeakTflops("NVIDIA A10"), 125.0);
}

TEST(GpuPeaks, UnknownOrLookalikeDevicesGetNoPeak) {
  EXPECT_EQ(bf16DensePeakTflops("NVIDIA RTX A4000"), 0.0); // not an A40
  EXPECT_EQ(bf16DensePeakTflops("Tesla V100-SXM2-32GB"), 0.0);
  EXPECT_EQ(bf16DensePeakTflops("NVIDIA GeForce RTX 4090"), 0.0);
  EXPECT_EQ(bf16DensePeakTflops(""), 0.0);
}

TEST(GpuPeaks, PalmFlopsPerToken) {
  // GPT-2 124M at S = 1024: N = 124.44M - 1024 x 768 positions.
  double n = 124439808.0 - 1024.0 * 768.0;
  EXPECT_DOUBLE_EQ(mtc::bench::modelFlopsPerToken(n, 12, 768, 1024),
                   6.0 * n + 12.0 * 12 * 768 * 1024);
  EXPECT_NEAR(mtc::bench::modelFlopsPerToken(n, 12, 768, 1024) / 1e9, 0.855, 0.001);
}

} // namespace
