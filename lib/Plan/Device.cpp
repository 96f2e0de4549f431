//===- Device.cpp - The device preset table -------------------------------===//
#include "mtc/Plan/Device.h"

namespace mtc {

namespace {
constexpr double GB = 1e9;
constexpr double TF = 1e12;
constexpr double GiB = 1024.0 * 1024.0 * 1024.0;
} // namespace

const std::vector<DeviceSpec> &devicePresets() {
  // Sources: NVIDIA datasheets (A100, H100 SXM, H200 SXM, V100 SXM2) and the
  // DGX system guides for one InfiniBand NIC per GPU (DGX-1: 4 EDR NICs for 8
  // V100s). HBM capacity is the marketed size; "80 GB" parts expose 80 GiB.
  static const std::vector<DeviceSpec> presets = {
      {"a100-80gb", 312 * TF, 80 * GiB, 2039 * GB, 300 * GB, 25 * GB,
       "A100 SXM4 80GB: 312 TFLOP/s fp16/bf16, 2.0 TB/s HBM2e, NVLink3 "
       "600 GB/s bidir, 200 Gb/s HDR IB per GPU"},
      {"h100-80gb", 989 * TF, 80 * GiB, 3350 * GB, 450 * GB, 50 * GB,
       "H100 SXM5 80GB: 989 TFLOP/s fp16/bf16, 3.35 TB/s HBM3, NVLink4 "
       "900 GB/s bidir, 400 Gb/s NDR IB per GPU"},
      {"h200", 989 * TF, 141 * GB, 4800 * GB, 450 * GB, 50 * GB,
       "H200 SXM 141GB: 989 TFLOP/s fp16/bf16, 4.8 TB/s HBM3e, NVLink4 "
       "900 GB/s bidir, 400 Gb/s NDR IB per GPU"},
      {"v100-32gb", 125 * TF, 32 * GiB, 900 * GB, 150 * GB, 6.25 * GB,
       "V100 SXM2 32GB: 125 TFLOP/s fp16, 0.9 TB/s HBM2, NVLink2 300 GB/s "
       "bidir, 100 Gb/s EDR IB per 2 GPUs"},
  };
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
