//===- Device.cpp - The device and system preset table --------------------===//
#include "mtc/Plan/Device.h"

namespace mtc {

namespace {
constexpr double GB = 1e9;
constexpr double TF = 1e12;
constexpr double MiB = 1024.0 * 1024.0;
constexpr double GiB = 1024.0 * MiB;

// NCCL caps the A100's intra-node all-reduce bus bandwidth at 235 GB/s of the
// 300 GB/s NVLink3 (src/graph/tuning.cc, "if (compCap80) busBw = min(busBw,
// 235)"); the other generations get the same share of their NVLink.
constexpr double kNcclBusShare = 235.0 / 300.0;

// One NIC's line rate in Gb/s as bytes/s per direction.
constexpr double gbps(double rate) { return rate * 1e9 / 8.0; }

DeviceSpec preset(const char *name, double peak, double hbm, double hbmBw,
                  double nvlink, int nics, double nicBw, int perNode, int sms, int tileM,
                  double cublasWorkspace, const char *description) {
  DeviceSpec d;
  d.name = name;
  d.peakFlops = peak;
  d.hbmBytes = hbm;
  d.hbmBandwidth = hbmBw;
  d.nvlinkBandwidth = nvlink;
  setNics(d, nics, nicBw, perNode);
  d.gpusPerNode = perNode;
  d.sms = sms;
  d.tileM = tileM;
  d.tileN = 128;
  d.nvlinkBusBandwidth = nvlink * kNcclBusShare;
  d.cudaContextBytes = 0.5 * GiB;
  d.cublasWorkspaceBytes = cublasWorkspace;
  d.description = description;
  return d;
}
// docs/gpu.md's estimate for mtc's flash attention (mma.sync m16n8k16 bf16,
// no cp.async pipelining, no wgmma): 30-40 % of the A100's peak, 15-25 % of
// Hopper's; the middle of each range. V100 (sm_70) has no bf16 mma.
std::vector<DeviceSpec> withFlashFractions(std::vector<DeviceSpec> presets) {
  for (DeviceSpec &d : presets)
    d.flashFraction = d.name.rfind("a100", 0) == 0 ? 0.35
                      : (d.name == "h100-80gb" || d.name == "h200") ? 0.20
                                                                      : 0.0;
  return presets;
}
} // namespace

void setNics(DeviceSpec &d, int nicsPerNode, double nicBandwidth, int gpusPerNode) {
  d.nicsPerNode = nicsPerNode;
  d.nicBandwidth = nicBandwidth;
  d.networkBandwidth = nicsPerNode * nicBandwidth / gpusPerNode;
}

const std::vector<DeviceSpec> &devicePresets() {
  // Sources (docs/planner.md repeats them per column): NVIDIA's A100, H100,
  // H200 and V100 datasheets (peak, HBM, NVLink), the DGX A100 / H100 / H200
  // and DGX-1 / DGX-2 user guides (GPUs per node, compute NICs), the CUDA
  // occupancy tables (SMs), NVIDIA's "Matrix Multiplication Background" guide
  // (tile sizes) and the cuBLAS documentation (4 MiB workspace before Hopper,
  // 32 MiB on Hopper). HBM capacity: "80 GB" parts expose 80 GiB. NICs:
  // InfiniBand EDR 100, HDR 200, NDR 400 Gb/s; Intel Omni-Path 100 Gb/s.
  static const std::vector<DeviceSpec> presets = withFlashFractions({
      preset("a100-80gb", 312 * TF, 80 * GiB, 2039 * GB, 300 * GB, 8, gbps(200), 8, 108,
             256, 4 * MiB,
             "DGX A100: 8 x A100 SXM4 80GB (312 TFLOP/s, 2.0 TB/s HBM2e), NVSwitch "
             "with NVLink3 600 GB/s bidir, one 200 Gb/s HDR InfiniBand NIC per GPU"),
      // Jean Zay's A100 partition (BLOOM's machine): the same GPUs on an
      // 8-GPU HGX A100 board, but 4 Omni-Path 100 Gb/s links per node, so two
      // GPUs share each NIC (BigScience's tr11-176B-ml README, "Hardware").
      preset("a100-80gb-opa", 312 * TF, 80 * GiB, 2039 * GB, 300 * GB, 4, gbps(100), 8,
             108, 256, 4 * MiB,
             "Jean Zay-style A100 node: 8 x A100 SXM4 80GB, NVSwitch with NVLink3 "
             "600 GB/s bidir, 4 x 100 Gb/s Omni-Path links per node (one per 2 GPUs)"),
      preset("h100-80gb", 989 * TF, 80 * GiB, 3350 * GB, 450 * GB, 8, gbps(400), 8, 132,
             256, 32 * MiB,
             "DGX H100: 8 x H100 SXM5 80GB (989 TFLOP/s, 3.35 TB/s HBM3), NVSwitch "
             "with NVLink4 900 GB/s bidir, one 400 Gb/s NDR InfiniBand NIC per GPU"),
      preset("h200", 989 * TF, 141 * GB, 4800 * GB, 450 * GB, 8, gbps(400), 8, 132, 256,
             32 * MiB,
             "DGX H200: 8 x H200 SXM 141GB (989 TFLOP/s, 4.8 TB/s HBM3e), NVSwitch "
             "with NVLink4 900 GB/s bidir, one 400 Gb/s NDR InfiniBand NIC per GPU"),
      preset("v100-32gb", 125 * TF, 32 * GiB, 900 * GB, 150 * GB, 4, gbps(100), 8, 80,
             128, 4 * MiB,
             "DGX-1 (V100): 8 x V100 SXM2 32GB (125 TFLOP/s, 0.9 TB/s HBM2), "
             "NVLink2 hybrid cube-mesh 300 GB/s bidir, 4 x 100 Gb/s EDR "
             "InfiniBand per 8 GPUs"),
      preset("v100-dgx2", 125 * TF, 32 * GiB, 900 * GB, 150 * GB, 8, gbps(100), 16, 80,
             128, 4 * MiB,
             "DGX-2 (V100): 16 x V100 SXM3 32GB (125 TFLOP/s, 0.9 TB/s HBM2), "
             "NVSwitch with NVLink2 300 GB/s bidir, 8 x 100 Gb/s EDR InfiniBand "
             "per 16 GPUs"),
  });
  return presets;
}

const DeviceSpec *findDevice(const std::string &name) {
  for (const DeviceSpec &d : devicePresets())
    if (d.name == name)
      return &d;
  return nullptr;
}

std::string deviceNames() {
  std::string names;
  for (const DeviceSpec &d : devicePresets())
    names += (names.empty() ? "" : ", ") + d.name;
  return names;
}

} // namespace mtc
