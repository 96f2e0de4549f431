// Mixed precision: bf16 or fp16 storage, fp32 compute, on every backend.
//
// A plan compiled for bf16/fp16 stores its activations and activation
// gradients in 16 bits (the plan's buffer dtypes; kernels read and write
// them, computing in fp32), and the executor keeps the fp32 parameters as
// master weights with a 16-bit copy the kernels read (Executor::
// refreshWeights, made by every writer of the parameters). What is left
// here: gradients in 16 bits where Megatron-LM keeps them there, rounded
// after every accumulation and reduction in an fp32 array; and a plan
// compiled for fp32 run with train --precision bf16/fp16, whose fp32
// buffers are rounded in place right after the step that writes them (the
// numbers are 16-bit storage's, the memory fp32's). Loss, cross-entropy row
// statistics and attention's log-sum-exp stay fp32, as the GPU keeps them.
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

using kernels::parseStorageType;
using kernels::storageTypeName;

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
  /// Whether activations are stored in 16 bits (a plan compiled for `type`),
  /// rather than rounded in fp32 buffers (an fp32 plan run in `type`).
  bool storesActivations() const { return nativeStorage; }
  /// Rounds what `step` wrote (the executor's step observer calls it): an
  /// fp32 plan's activations and, with 16-bit gradients, the gradients it
  /// accumulated into.
  void afterStep(int step);
  /// With 16-bit gradients: rounds the reduced (summed, averaged) gradients,
  /// as a 16-bit all-reduce delivers them. Call after every reduction.
  void afterGradientReduction();
  /// Rounds n gradients elsewhere (a reduced copy) as afterGradientReduction does.
  void roundGradients(float *grads, int64_t n);

private:
  Executor &exec;
  kernels::StorageType storage;
  kernels::StorageType gradStorage;
  bool nativeStorage = true;
  std::vector<std::vector<int>> gradWriters; // step -> params whose gradient it accumulates
  // step -> (fp32 buffer, floats) it writes that hold rounded values
  std::vector<std::vector<std::pair<int32_t, int64_t>>> roundedAt;
};

} // namespace mtc::runtime
