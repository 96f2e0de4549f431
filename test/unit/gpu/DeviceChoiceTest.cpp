// A rank's GPU (backends/cuda/DeviceChoice.h): one per rank on a node, or a clear
// refusal, never two ranks silently on one device.
#include "backends/cuda/DeviceChoice.h"

#include <gtest/gtest.h>

#include <stdexcept>

namespace {

using mtc::runtime::gpu::deviceForLocalRank;

std::string refusal(int localRank, const std::string &variable, int devices, int world) {
  try {
    deviceForLocalRank(localRank, variable, devices, world);
  } catch (const std::runtime_error &e) {
    return e.what();
  }
  return "";
}

TEST(DeviceChoice, EachLocalRankTakesItsOwnDevice) {
  for (int local = 0; local < 8; ++local)
    EXPECT_EQ(deviceForLocalRank(local, "SLURM_LOCALID", 8, 16), local);
}

TEST(DeviceChoice, AProcessGivenOneDeviceTakesIt) {
  // srun --gpus-per-task=1: every task sees one GPU, whatever its local rank.
  EXPECT_EQ(deviceForLocalRank(3, "SLURM_LOCALID", 1, 8), 0);
  // One process on its own takes device 0 of many.
  EXPECT_EQ(deviceForLocalRank(0, "", 4, 1), 0);
}

TEST(DeviceChoice, MoreRanksThanDevicesOnANodeIsRefused) {
  // Was local % devices: rank 4 of a 4-GPU node shared device 0 with rank 0.
  EXPECT_EQ(refusal(4, "OMPI_COMM_WORLD_LOCAL_RANK", 4, 8),
            "local rank 4 (OMPI_COMM_WORLD_LOCAL_RANK) has no GPU of its own: this process "
            "sees 4 GPUs, so at most 4 ranks may run on this node (mpirun --map-by "
            "ppr:4:node, srun --ntasks-per-node=4), or give each rank one GPU (srun "
            "--gpus-per-task=1)");
  EXPECT_NE(refusal(2, "SLURM_LOCALID", 2, 4), "");
}

TEST(DeviceChoice, SeveralRanksWithoutALocalRankAreRefused) {
  EXPECT_NE(refusal(0, "", 2, 2).find("gives no local rank"), std::string::npos);
  EXPECT_EQ(refusal(0, "SLURM_LOCALID", 0, 1), "no GPU is visible to this process");
}

} // namespace
