// Dense (no 2:4 sparsity) bf16 tensor-core peaks, the denominator of MFU as
// Megatron-LM and PaLM quote it, identified from cudaDeviceProp::name. Values
// are the vendors' datasheet numbers at boost clock. A device that is not in
// the table gets 0: the bench then prints no MFU rather than a guess.
#pragma once
#include <string>

namespace mtc::bench {

struct GpuPeak {
  const char *match; // whole words of the device name; the first match wins
  double bf16DenseTflops;
};

// More specific names first (an "H100 PCIe" also contains "H100").
inline constexpr GpuPeak kGpuPeaks[] = {
    {"GH200", 989.0},     {"H200", 989.0},      {"H100 NVL", 835.0},
    {"H100 PCIe", 756.0}, {"H100", 989.0},      {"H800 PCIe", 756.0},
    {"H800", 989.0},      {"B200", 2250.0},     {"B100", 1750.0},
    {"A100", 312.0},      {"A800", 312.0},      {"A30", 165.0},
    {"L40S", 362.0},      {"L40", 181.0},       {"L4", 121.0},
    {"A6000", 155.0},     {"A40", 150.0},       {"A10", 125.0},
};

// Words are split at spaces and dashes ("NVIDIA A100-SXM4-80GB"), so "A40"
// does not match an "RTX A4000" nor "L40" an "L40S".
inline double bf16DensePeakTflops(const std::string &deviceName) {
  std::string words = " " + deviceName + " ";
  for (char &c : words)
    if (c == '-')
      c = ' ';
  for (const GpuPeak &p : kGpuPeaks)
    if (words.find(" " + std::string(p.match) + " ") != std::string::npos)
      return p.bf16DenseTflops;
  return 0.0;
}

// PaLM's model FLOPs per token (the MFU numerator): 6 N for the parameter
// GEMMs forward and backward plus 12 L H S for attention's two S x S
// products; N excludes the position table (its "matmul" is a lookup).
inline double modelFlopsPerToken(double paramsWithoutPositions, double layers, double hidden,
                                 double seq) {
  return 6.0 * paramsWithoutPositions + 12.0 * layers * hidden * seq;
}

} // namespace mtc::bench
