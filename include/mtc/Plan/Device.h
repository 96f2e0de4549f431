//===- Device.h - GPU and system presets for the cost model -----*- C++ -*-===//
//
// One row per system: the GPU's datasheet figures (dense fp16/bf16, no
// sparsity), the node it comes in (GPUs per node, NVLink/NVSwitch, its
// compute NICs: how many and their line rate) and the few efficiency
// constants the cost model needs. Bandwidths are per direction, in bytes/s.
// Every number has its source next to it in docs/planner.md ("Device and
// system table").
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_DEVICE_H
#define MTC_PLAN_DEVICE_H

#include <string>
#include <vector>

namespace mtc {

struct DeviceSpec {
  std::string name;          ///< preset key, e.g. "a100-80gb"
  double peakFlops = 0;      ///< dense fp16/bf16 tensor-core FLOP/s
  double hbmBytes = 0;       ///< memory capacity, bytes
  double hbmBandwidth = 0;   ///< bytes/s
  double nvlinkBandwidth = 0;  ///< bytes/s per GPU per direction, in a node
  /// The node's compute NICs and the line rate of one (bytes/s per
  /// direction): DGX A100 8 x HDR 200 Gb/s, Jean Zay's A100 nodes 4 x
  /// Omni-Path 100 Gb/s.
  int nicsPerNode = 8;
  double nicBandwidth = 0;
  /// Each GPU's share of the NICs when every GPU of the node sends at once:
  /// nicsPerNode x nicBandwidth / gpusPerNode (setNics keeps it so).
  double networkBandwidth = 0;
  std::string description;
  int gpusPerNode = 8;       ///< GPUs of the system's node (DGX-2: 16)
  int sms = 108;             ///< streaming multiprocessors (wave quantisation)
  int tileM = 256, tileN = 128; ///< cuBLAS's large fp16 GEMM tile
  /// Share of peak a large, perfectly tiled GEMM sustains (cuBLAS).
  double gemmFraction = 0.74;
  /// Share of peak mtc's flash attention kernel sustains on compute-bound
  /// shapes (docs/gpu.md, "Flash attention": mma.sync without cp.async or
  /// wgmma); 0 = the GPU has no bf16 tensor cores for it (V100).
  double flashFraction = 0;
  /// NCCL's achievable all-reduce bus bandwidth inside a node, bytes/s.
  double nvlinkBusBandwidth = 0;
  double cudaContextBytes = 0; ///< CUDA context + kernels' module images
  double cublasWorkspaceBytes = 0;
};

/// Sets the node's NICs and the per-GPU share they give `gpusPerNode` GPUs
/// (--nics-per-node, --nic-gbps, --gpus-per-node describe other clusters).
void setNics(DeviceSpec &device, int nicsPerNode, double nicBandwidth, int gpusPerNode);

/// All presets, in the order they are documented.
const std::vector<DeviceSpec> &devicePresets();

/// The preset called `name`, or nullptr.
const DeviceSpec *findDevice(const std::string &name);

/// "a100-80gb, a100-80gb-opa, h100-80gb, h200, v100-32gb, v100-dgx2"
std::string deviceNames();

} // namespace mtc

#endif // MTC_PLAN_DEVICE_H
