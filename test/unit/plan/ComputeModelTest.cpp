// Hand-computed cases of the GEMM model (ComputeModel.h): A100 tiles of
// 256 x 128 on 108 SMs, V100 128 x 128 on 80; kHalf 96; F = gemmFraction.
#include "mtc/Plan/ComputeModel.h"

#include <gtest/gtest.h>

using namespace mtc;

namespace {

const DeviceSpec &a100() { return *findDevice("a100-80gb"); }
const double F = findDevice("a100-80gb")->gemmFraction;

TEST(ComputeModel, WaveQuantisation) {
  // 2048 x 3072 x 1024: 8 x 24 = 192 tiles, 2 waves of 108 -> 192/216;
  // K: 1024 / (1024 + 96).
  double eff = F * (192.0 / 216) * (1024.0 / 1120);
  EXPECT_NEAR(gemmEfficiency(1, 2048, 3072, 1024, a100()), eff, 1e-12);
  EXPECT_NEAR(gemmSeconds(1, 2048, 3072, 1024, a100()),
              2.0 * 2048 * 3072 * 1024 / (312e12 * eff), 1e-15);
  // 3584 columns: 224 tiles start a third wave (224/324): 17% more work
  // takes 50% more time.
  EXPECT_NEAR(gemmSeconds(1, 2048, 3584, 1024, a100()) / gemmSeconds(1, 2048, 3072, 1024, a100()),
              (3584.0 / 3072) * (192.0 / 216) / (224.0 / 324), 1e-12);
}

TEST(ComputeModel, TileQuantisationAndShortK) {
  // N = 200 fills 200/256 of two 128-wide tiles; 16 tiles use 16 of 108 SMs.
  // (A narrow N = 40 gets 64-wide tiles: 40/64.)
  double eff = F * (200.0 / 256) * (16.0 / 108) * (4096.0 / (4096 + 96));
  EXPECT_NEAR(gemmEfficiency(1, 2048, 200, 4096, a100()), eff, 1e-12);
  EXPECT_NEAR(gemmEfficiency(1, 2048, 40, 4096, a100()),
              F * (40.0 / 64) * (8.0 / 108) * (4096.0 / 4192), 1e-12);
  // Attention scores of one head, K = head dim 64: K-loop efficiency 0.4.
  double k64 = gemmEfficiency(108, 2048, 2048, 64, a100());
  double k4096 = gemmEfficiency(108, 2048, 2048, 4096, a100());
  EXPECT_NEAR(k64 / k4096, (64.0 / 160) / (4096.0 / 4192), 1e-12);
}

TEST(ComputeModel, SkinnyGemmIsBandwidthBound) {
  // 8192 x 8 x 8192 (16-wide tiles): reads 2 * (8192*8192 + ...) bytes at
  // 75% of 2.039 TB/s, longer than its FLOPs take.
  double bytes = 2.0 * (8192.0 * 8192 + 8192.0 * 8 + 8192.0 * 8);
  EXPECT_NEAR(gemmSeconds(1, 8192, 8, 8192, a100()), bytes / (2039e9 * 0.75), 1e-15);
}

// Small kernels cost a launch-to-launch minimum (4 us), however little
// they compute or move.
TEST(ComputeModel, KernelMinimum) {
  EXPECT_NEAR(gemmSeconds(1, 16, 16, 16, a100()), 4e-6, 1e-15);
  EXPECT_NEAR(streamSeconds(1024, a100(), {}, 5), 20e-6, 1e-15);
  EXPECT_NEAR(streamSeconds(1e9, a100(), {}, 5), 1e9 / (2039e9 * 0.75), 1e-15);
}

TEST(ComputeModel, V100Tiles) {
  // 4096^3 on V100: 32 x 32 = 1024 tiles of 128 x 128 in 13 waves of 80.
  const DeviceSpec &v100 = *findDevice("v100-32gb");
  double eff = F * (1024.0 / (13 * 80)) * (4096.0 / 4192);
  EXPECT_NEAR(gemmEfficiency(1, 4096, 4096, 4096, v100), eff, 1e-12);
}

} // namespace
