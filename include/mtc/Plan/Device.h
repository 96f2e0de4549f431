//===- Device.h - GPU presets for the cost model ----------------*- C++ -*-===//
//
// One table of accelerator figures (vendor datasheet numbers, dense, no
// sparsity). Bandwidths are per GPU and per direction, in bytes/s:
//  - nvlink: what one GPU can push to its node peers (A100 NVLink3 600 GB/s
//    bidirectional -> 300 GB/s per direction).
//  - network: the GPU's share of the inter-node fabric (DGX A100: one 200 Gb/s
//    HDR InfiniBand NIC per GPU -> 25 GB/s).
// The table lives in Device.cpp and docs/planner.md repeats it with sources.
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
  double networkBandwidth = 0; ///< bytes/s per GPU per direction, across nodes
  std::string description;
};

/// All presets, in the order they are documented.
const std::vector<DeviceSpec> &devicePresets();

/// The preset called `name`, or nullptr.
const DeviceSpec *findDevice(const std::string &name);

/// "a100-80gb, h100-80gb, h200, v100-32gb"
std::string deviceNames();

} // namespace mtc

#endif // MTC_PLAN_DEVICE_H
