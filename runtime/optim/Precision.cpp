#include "optim/Precision.h"
#include "exec/Executor.h"
#include "optim/GradBuckets.h"

#include <cstring>
#include <set>
#include <stdexcept>

namespace mtc::runtime {

std::set<int32_t> fp32Buffers(const pb::Plan &plan) {
  std::set<int32_t> ids{plan.loss()};
  for (const pb::Step &step : plan.steps()) {
    if (step.has_cross_entropy())
      for (int32_t id : {step.cross_entropy().row_max(), step.cross_entropy().sum_exp(),
                         step.cross_entropy().target_logit(), step.cross_entropy().loss()})
        ids.insert(id);
    // Attention's log-sum-exp stays fp32 as flash attention keeps it: backward
    // recomputes the probabilities from it, and a bf16 lse (ulp 2^-5 at 4..8)
    // would give probabilities up to 1.5% off the forward's.
    if (step.has_attention())
      ids.insert(step.attention().lse());
  }
  return ids;
}

kernels::StorageType gradientStorage(kernels::StorageType storage, bool accumulateInFp32,
                                     bool reduceInBf16) {
  if (storage == kernels::StorageType::BF16 && reduceInBf16 && !accumulateInFp32)
    return storage;
  if (storage == kernels::StorageType::FP16 && !accumulateInFp32)
    return storage;
  return kernels::StorageType::F32;
}

MixedPrecision::MixedPrecision(Executor &exec, kernels::StorageType type,
                               kernels::StorageType gradients)
    : exec(exec), storage(type), gradStorage(gradients) {
  if (gradStorage != kernels::StorageType::F32)
    gradWriters = gradientWriters(exec.plan());
  const pb::Plan &plan = exec.plan();
  const std::set<int32_t> fp32 = fp32Buffers(plan);
  roundedAt.assign(plan.steps_size(), {});
  for (const pb::Buffer &b : plan.buffers()) {
    if (b.dtype() != pb::F32 || b.first_step() < 0 || b.first_step() >= plan.steps_size() ||
        fp32.count(b.id()))
      continue;
    roundedAt[b.first_step()].push_back({b.id(), b.bytes() / 4});
    nativeStorage = false;
  }
}

void MixedPrecision::afterStep(int step) {
  if (storage == kernels::StorageType::F32 || step < 0 ||
      step >= static_cast<int>(roundedAt.size()))
    return;
  for (auto [id, n] : roundedAt[step])
    exec.backend().roundToStorage(static_cast<float *>(exec.bufferData(id)), n, storage);
  // A 16-bit gradient buffer rounds each accumulation (a GEMM with beta = 1
  // into bf16 rounds acc + C once): once per step that adds to it.
  if (static_cast<size_t>(step) < gradWriters.size())
    for (int id : gradWriters[step])
      exec.backend().roundToStorage(exec.grad(id), exec.paramElements(id), gradStorage);
}

void MixedPrecision::afterGradientReduction() { roundGradients(exec.flatGrads(), exec.flatSize()); }

void MixedPrecision::roundGradients(float *grads, int64_t n) {
  if (gradStorage != kernels::StorageType::F32)
    exec.backend().roundToStorage(grads, n, gradStorage);
}

} // namespace mtc::runtime
