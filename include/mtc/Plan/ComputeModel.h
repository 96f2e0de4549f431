//===- ComputeModel.h - GEMM and memory-bound kernel times ------*- C++ -*-===//
//
// A GEMM of batch x (M x K) * (K x N) in fp16/bf16 runs on the device's SMs
// in output tiles of tileM x tileN (cuBLAS's large-GEMM tile; a dimension
// smaller than the tile gets the power of two >= 16 that covers it):
//   tiles      = batch * ceil(M / tileM) * ceil(N / tileN)
//   tileEff    = (M N) / (ceil(M/tileM) tileM * ceil(N/tileN) tileN)
//   waveEff    = tiles / (ceil(tiles / SMs) * SMs)
//   kEff       = K / (K + kHalf)  (a short K loop cannot hide the tile's
//                prologue/epilogue and its pipeline fill)
//   efficiency = gemmFraction(device) * tileEff * waveEff * kEff
// and takes max(2 batch M N K / (peak * efficiency), bytes / HBM bandwidth):
// a skinny GEMM is bound by reading its operands. NVIDIA's "Matrix
// Multiplication Background" guide describes tile and wave quantisation.
// Element-wise kernels (softmax, layer norm, GeLU, dropout) move their bytes
// at hbmEfficiency of the HBM bandwidth.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_COMPUTEMODEL_H
#define MTC_PLAN_COMPUTEMODEL_H

#include "mtc/Plan/Device.h"

namespace mtc {

struct ComputeParams {
  /// K at which the K-loop efficiency is 1/2: two 32-deep K slices of the
  /// tile's main loop (a priori, from the 32-element K step of the Ampere
  /// tensor-core tiles; docs/planner.md).
  double kHalf = 96;
  /// Share of the HBM bandwidth a streaming kernel sustains (a priori: STREAM
  /// copy reaches ~80-90% of the A100's 2.0 TB/s; fused kernels less).
  double hbmEfficiency = 0.75;
  /// Shortest time a kernel takes, launch to launch, however little it does
  /// (a priori: back-to-back launches of tiny kernels run some 3-5 us apart on
  /// V100/A100 with CUDA 11; 4 us). What makes small models launch-bound.
  double minKernelSeconds = 4e-6;
};

/// The efficiency factor above (no bandwidth bound), in (0, gemmFraction].
double gemmEfficiency(double batch, double M, double N, double K,
                      const DeviceSpec &device, const ComputeParams &params = {});

/// Seconds for the GEMM on one GPU (at least one kernel's minimum).
double gemmSeconds(double batch, double M, double N, double K,
                   const DeviceSpec &device, const ComputeParams &params = {});

/// Seconds for `kernels` element-wise kernels moving `bytes` through HBM in
/// all (at least `kernels` minimum kernel times).
double streamSeconds(double bytes, const DeviceSpec &device,
                     const ComputeParams &params = {}, int kernels = 1);

} // namespace mtc

#endif // MTC_PLAN_COMPUTEMODEL_H
