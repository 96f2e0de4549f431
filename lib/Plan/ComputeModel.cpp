//===- ComputeModel.cpp - GEMM and memory-bound kernel times --------------===//
#include "mtc/Plan/ComputeModel.h"

#include <algorithm>
#include <cmath>

namespace mtc {

namespace {
// cuBLAS takes a narrower tile for a narrow matrix: the power of two that
// covers the dimension, at least 16 (the tensor-core MMA width), at most the
// large tile.
double tileSide(double dim, int largest) {
  double side = 16;
  while (side < dim && side < largest)
    side *= 2;
  return std::min<double>(side, largest);
}
} // namespace

double gemmEfficiency(double batch, double M, double N, double K,
                      const DeviceSpec &dev, const ComputeParams &p) {
  double tileM = tileSide(M, dev.tileM), tileN = tileSide(N, dev.tileN);
  double tilesM = std::ceil(M / tileM), tilesN = std::ceil(N / tileN);
  double tileEff = (M * N) / (tilesM * tileM * tilesN * tileN);
  double tiles = batch * tilesM * tilesN;
  double waves = std::ceil(tiles / dev.sms);
  double waveEff = tiles / (waves * dev.sms);
  double kEff = K / (K + p.kHalf);
  return dev.gemmFraction * tileEff * waveEff * kEff;
}

double gemmSeconds(double batch, double M, double N, double K, const DeviceSpec &dev,
                   const ComputeParams &p) {
  double flops = 2.0 * batch * M * N * K;
  double compute = flops / (dev.peakFlops * gemmEfficiency(batch, M, N, K, dev, p));
  double bytes = 2.0 * batch * (M * K + K * N + M * N);
  return std::max(compute, streamSeconds(bytes, dev, p)); // >= one kernel's minimum
}

double streamSeconds(double bytes, const DeviceSpec &dev, const ComputeParams &p,
                     int kernels) {
  return std::max(bytes / (dev.hbmBandwidth * p.hbmEfficiency), kernels * p.minKernelSeconds);
}

} // namespace mtc
