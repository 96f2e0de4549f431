// Which GPU a rank takes. Pure C++ (mtc_gpu_logic), so the CPU tests check it.
#pragma once
#include <string>

namespace mtc::runtime::gpu {

// The device of the rank with index `localRank` on its node (from the
// launcher's variable `localRankVariable`, e.g. SLURM_LOCALID) when the process
// sees `devices` GPUs: device = local rank, one GPU per rank. A process that
// sees exactly one GPU takes it (the launcher gave each rank its own: srun
// --gpus-per-task=1, or CUDA_VISIBLE_DEVICES set per rank). Throws
// std::runtime_error when the node runs more ranks than it shows GPUs, or
// when several ranks must choose but the launcher gives no local rank.
int deviceForLocalRank(int localRank, const std::string &localRankVariable, int devices,
                       int worldSize);

} // namespace mtc::runtime::gpu
