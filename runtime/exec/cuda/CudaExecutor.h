// Runs one rank's share of a compiled plan on a GPU: the same pb::Plan and
// step semantics as the host Executor, with the kernels of
// kernels/cuda/cuda_kernels.h, GEMMs through cuBLASLt, collectives through
// NCCL and every byte in one pre-sized device arena (DeviceArena.h).
//
// A separate class rather than a backend switch inside Executor: the host
// path stays untouched, and the two share what is backend-neutral (the plan
// validator, StepShapes, the learning-rate schedule, the math headers).
#pragma once
#include "exec/Executor.h"  // MicroBatchLoss
#include "exec/Optimizer.h" // OptimizerConfig, StepReport, TrainingError
#include "exec/StepShapes.h"
#include "exec/cuda/DeviceArena.h"
#include "exec/cuda/GradBuckets.h"
#include "exec/cuda/StepFusion.h"
#include "kernels/cuda/GemmPlan.h"
#include "plan.pb.h"

#include <cstdint>
#include <memory>
#include <vector>

#include <cuda_runtime_api.h>

namespace mtc::comm {
class Communicator;
class NcclCommunicator;
} // namespace mtc::comm
namespace mtc::kernels::cuda {
class LtGemm;
}

namespace mtc::runtime::gpu {

struct CudaExecutorOptions {
  uint64_t seed = 1234;
  int device = 0;
  // Tensor-parallel group over NCCL on this executor's compute stream (pass
  // stream() when creating it); null = one rank.
  comm::Communicator *tensorGroup = nullptr;
  // Data-parallel group over NCCL on its own stream (not the compute
  // stream): gradients all-reduce in buckets on that stream during backward
  // of the last micro-batch, ordered by events. null = one replica.
  comm::NcclCommunicator *dataGroup = nullptr;
  int64_t bucketFloats = 25 * (1 << 20) / 4; // 25 MiB, as PyTorch DDP
  int64_t gemmWorkspaceBytes = 32 << 20;
  bool fuse = true; // StepFusion.h; off = one kernel per step (debugging)
};

class CudaExecutor {
public:
  // Validates the plan (PlanError), checks the device, allocates the arena
  // (the only cudaMalloc), initializes parameters exactly as the host
  // Executor and queries the cuBLASLt heuristics of every linear step.
  CudaExecutor(pb::Plan plan, CudaExecutorOptions options);
  ~CudaExecutor();
  CudaExecutor(const CudaExecutor &) = delete;
  CudaExecutor &operator=(const CudaExecutor &) = delete;

  const pb::Plan &plan() const { return planData; }
  cudaStream_t stream() const { return compute; }

  // Copies one micro-batch's tokens and targets ([micro_batch * seq] each).
  void setBatch(const int32_t *tokens, const int32_t *targets);
  // All steps; gradients accumulate. lastMicroBatch: also starts the
  // data-parallel bucket all-reduces as their gradients become final.
  MicroBatchLoss forwardBackward(float gradScale, bool lastMicroBatch = true);
  MicroBatchLoss forward();
  void zeroGrads();
  // Global-norm clipping and AdamW over every parameter in one launch; the
  // only host round trip is the norm for the report. Throws TrainingError on
  // a NaN/Inf gradient (the update is skipped on the device too).
  StepReport optimizerStep(const OptimizerConfig &config);
  int64_t stepsTaken() const { return steps; }

  // Host copies for tests and checkpoints (synchronize first).
  int numParams() const { return planData.params_size(); }
  int64_t paramOffset(int id) const { return offsets[id]; }
  int64_t flatSize() const { return flatFloats; }
  std::vector<float> paramsToHost() const;
  std::vector<float> gradsToHost() const;
  void paramsFromHost(const std::vector<float> &flat);
  std::vector<char> bufferToHost(int32_t id) const;
  const ArenaLayout &arenaLayout() const { return layout; }
  size_t cachedGemmPlans() const;
  void synchronize() const;

private:
  void runSteps(int begin, int end, bool training, float gradScale, bool launchBuckets);
  void runStep(int s, bool training, float gradScale);
  void runFused(int s, bool training);
  void runLinear(int s);
  float *f(int32_t id) const;
  int32_t *i32(int32_t id) const { return reinterpret_cast<int32_t *>(f(id)); }
  float *param(int32_t id) const { return params + offsets[id]; }
  float *grad(int32_t id) const { return grads + offsets[id]; }
  float *scratch(const char *name) const;
  int64_t bufferFloats(int32_t id) const;
  int64_t paramFloats(int32_t id) const;
  void launchReadyBuckets(int step);
  void initializeParams();
  MicroBatchLoss readLoss();

  pb::Plan planData;
  CudaExecutorOptions options;
  PlanIndex index;
  std::vector<StepShape> shapes;
  std::vector<StepFusion> fusions;
  std::vector<kernels::gpu::ColumnMajorGemm> gemms; // per step (linear steps)
  std::vector<bool> biasGradByKernel;               // epilogue unavailable
  std::vector<int64_t> offsets;
  int64_t flatFloats = 0;
  ArenaLayout layout, scratchLayout;
  std::vector<GradBucket> buckets;

  char *arena = nullptr; // the one device allocation
  float *params = nullptr, *grads = nullptr, *adamM = nullptr, *adamV = nullptr;
  char *activations = nullptr, *scratchBase = nullptr;
  void *adamChunks = nullptr; // the AdamChunk table, in the arena
  int64_t numAdamChunks = 0;
  double *pinnedLoss = nullptr; // host-pinned copy of the loss
  cudaStream_t compute = nullptr;
  std::vector<cudaEvent_t> bucketEvents;
  cudaEvent_t commDone = nullptr;
  std::unique_ptr<kernels::cuda::LtGemm> lt;
  uint64_t microBatchCounter = 0, stepSeed = 0;
  int64_t steps = 0;
  bool haveLoss = false;
};

} // namespace mtc::runtime::gpu
