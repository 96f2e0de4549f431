// Mixed precision: bf16 or fp16 storage, fp32 compute, on every backend.
//
// The GPU keeps parameters and activations in bf16/fp16, computes in fp32
// (tensor cores accumulate in fp32) and keeps fp32 master weights and fp32
// gradient accumulation. Until the kernels store bf16 themselves, the
// runtime reproduces the storage exactly on fp32 kernels:
// every parameter the kernels read is the master weight rounded to the
// storage type, and every activation (and activation gradient) a step writes
// is rounded in place right after the step, with the GPU's round-to-nearest-
// even conversion (kernels/math/precision.h). Loss and cross-entropy row
// statistics stay fp32, as the GPU keeps them.
#pragma once

#include "backends/Backend.h"
#include "kernels/math/precision.h"
#include "plan.pb.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace mtc::runtime {

class Executor;

/// "fp32" (or ""), "bf16", "fp16"; throws std::invalid_argument otherwise.
kernels::StorageType parseStorageType(const std::string &name);
const char *storageTypeName(kernels::StorageType type);

/// The buffers a bf16/fp16 run keeps in fp32, as the GPU does: the (sum,
/// count) loss, cross-entropy's row statistics and attention's log-sum-exp.
std::set<int32_t> fp32Buffers(const pb::Plan &plan);

/// The dtype a run accumulates and reduces gradients in, by Megatron-LM's
/// rules: fp32 for fp32 and bf16 runs (Megatron forces
/// --accumulate-allreduce-grads-in-fp32 for bf16 unless --grad-reduce-in-bf16),
/// the 16-bit type for fp16 unless --accumulate-allreduce-grads-in-fp32.
kernels::StorageType gradientStorage(kernels::StorageType storage, bool accumulateInFp32,
                                     bool reduceInBf16);

class MixedPrecision {
public:
  /// `gradients`: F32, or `type` when gradients accumulate and reduce in 16 bits.
  MixedPrecision(Executor &exec, kernels::StorageType type, kernels::StorageType gradients);

  kernels::StorageType type() const { return storage; }
  /// Rounds what `step` wrote (the executor's step observer calls it): its
  /// activations and, with 16-bit gradients, the gradients it accumulated into.
  void afterStep(int step);
  /// With 16-bit gradients: rounds the reduced (summed, averaged) gradients,
  /// as a 16-bit all-reduce delivers them. Call after every reduction.
  void afterGradientReduction();
  /// Rounds n gradients elsewhere (a reduced copy) as afterGradientReduction does.
  void roundGradients(float *grads, int64_t n);
  /// The optimizer updates fp32 masters: call around Optimizer::step. The
  /// executor's parameter storage is exchanged with the masters' (no copy)
  /// until afterOptimizer, which rounds the updated masters into it.
  void beforeOptimizer();
  void afterOptimizer();
  /// Master weights changed behind our back (checkpoint load, init-from).
  void reloadMasters();
  /// Runs fn with the executor's parameters holding the fp32 masters
  /// (checkpoint saves and exports).
  template <typename Fn> void withMasters(Fn fn) {
    beforeOptimizer();
    try {
      fn();
    } catch (...) { // a failed save must not leave the masters in the kernels' place
      afterOptimizer();
      throw;
    }
    afterOptimizer();
  }

private:
  void roundParams();

  Executor &exec;
  kernels::StorageType storage;
  kernels::StorageType gradStorage;
  std::vector<std::vector<int>> gradWriters; // step -> params whose gradient it accumulates
  DeviceArray master; // fp32 master weights, laid out like the parameters
  // step -> (buffer, floats) it writes that are stored in low precision
  std::vector<std::vector<std::pair<int32_t, int64_t>>> roundedAt;
};

} // namespace mtc::runtime
