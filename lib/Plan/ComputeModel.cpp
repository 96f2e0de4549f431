//===- ComputeModel.cpp - GEMM and memory-bound kernel times --------------===//
#include "mtc/Plan/ComputeModel.h"

#include <algorithm>
#include <cmath>

namespace mtc {

double gemmEfficiency(double batch, double M, double N, double K,
                      const DeviceSpec &dev, const ComputeParams &p) {
  double tilesM = std::ceil(M / dev.tileM), tilesN = std::ceil(N / dev.tileN);
  double tileEff = (M * N) / (tilesM * dev.tileM * tilesN * dev.tileN);
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
  return std::max(compute, streamSeconds(bytes, dev, p));
}

double streamSeconds(double bytes, const DeviceSpec &dev, const ComputeParams &p) {
  return bytes / (dev.hbmBandwidth * p.hbmEfficiency);
}

} // namespace mtc
