#include "backends/cuda/DeviceChoice.h"

#include <stdexcept>

namespace mtc::runtime::gpu {

int deviceForLocalRank(int localRank, const std::string &localRankVariable, int devices,
                       int worldSize) {
  if (devices < 1)
    throw std::runtime_error("no GPU is visible to this process");
  if (devices == 1)
    return 0;
  if (localRankVariable.empty()) {
    if (worldSize == 1)
      return 0;
    throw std::runtime_error(
        "this process sees " + std::to_string(devices) + " GPUs but its launcher gives no "
        "local rank to choose one by (mtc reads OMPI_COMM_WORLD_LOCAL_RANK from OpenMPI's "
        "mpirun and SLURM_LOCALID from srun): launch with one of them, or set "
        "CUDA_VISIBLE_DEVICES to one GPU per rank");
  }
  if (localRank < devices)
    return localRank;
  throw std::runtime_error(
      "local rank " + std::to_string(localRank) + " (" + localRankVariable +
      ") has no GPU of its own: this process sees " + std::to_string(devices) +
      " GPUs, so at most " + std::to_string(devices) +
      " ranks may run on this node (mpirun --map-by ppr:" + std::to_string(devices) +
      ":node, srun --ntasks-per-node=" + std::to_string(devices) +
      "), or give each rank one GPU (srun --gpus-per-task=1)");
}

} // namespace mtc::runtime::gpu
