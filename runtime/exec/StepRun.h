// What a step sees of the executor while it runs (exec/StepRegistry.h): its
// buffers and params as backend pointers, its sizes, the micro-batch's state
// (training, dropout key, loss scale, tensor shard, generation window), and
// the results a step reports back (the loss, replica checks).
#pragma once
#include "comm/Communicator.h"
#include "exec/Executor.h"

namespace mtc::runtime {

class StepRun {
  Executor &exec;

public:
  StepRun(Executor &exec, int index, bool training, float gradScale)
      : exec(exec), index(index), training(training), gradScale(gradScale) {}

  const int index;      // the step's place in the plan
  const bool training;  // false: evaluation or generation (no dropout)
  const float gradScale; // multiplies d(loss)/d(logits) (Executor::forwardBackward)

  Backend &dev() { return exec.dev; }
  const StepShape &shape() const { return exec.shapeOf(index); }
  const pb::Plan &plan() const { return exec.planData; }
  const pb::Buffer &buffer(int32_t id) const { return *exec.index.buffers[id]; }
  const pb::Param &param(int32_t id) const { return *exec.index.params[id]; }
  // fp32 views for kernels that compute on fp32 arrays: a 16-bit buffer is
  // widened before and narrowed back after the step (Executor::f); a 16-bit
  // run's parameters are its 16-bit copy widened.
  float *f(int32_t id) { return exec.f(id); }
  int32_t *i32(int32_t id) { return exec.i32(id); }
  float *weights(int32_t id) { return exec.weightsF32(id); }
  float *grad(int32_t id) { return exec.grad(id); }
  // The same as stored, for kernels that read and write 16-bit operands.
  kernels::Out out(int32_t id) { return exec.bufferOperand(id); }
  kernels::In in(int32_t id) { return exec.bufferOperand(id); }
  kernels::In weightsIn(int32_t id) { return exec.kernelWeights(id); }

  // The micro-batch's dropout key.
  uint64_t seed() const { return exec.stepSeed; }
  const TensorShard &shard() const { return exec.shard; }
  // The tensor group (a Backend::deviceGroup); null with one tensor rank.
  comm::Communicator *tensorGroup() const { return exec.options.tensorGroup; }
  // Dropout outside the tensor regions runs on sequence shards.
  bool sequenceShards() const { return exec.sequenceShards; }
  // Scratch for the sequence collectives (grows as they need).
  DeviceArray &commScratch() { return exec.commScratch; }
  // The positions this rank's tokens hold (unsplit without context
  // parallelism) and the context group (null with one context rank).
  const ContextShard &context() const { return exec.context; }
  comm::Communicator *contextGroup() const { return exec.options.contextGroup; }
  DeviceArray &contextScratch() { return exec.contextScratch; }
  // The expert group (null with one expert rank) and the all-to-alls' staging.
  comm::Communicator *expertGroup() const { return exec.options.expertGroup; }
  DeviceArray &expertScratch() { return exec.expertScratch; }
  std::vector<int64_t> &expertTokens() { return exec.expertLoad; }
  // The first of this rank's local rows that a [batch, rows, hidden] buffer
  // holds: a sequence-parallel shard's, or the generation window's position.
  int64_t firstRow(int64_t rows) const {
    return sequenceShards() ? shard().rank * rows : position();
  }

  // Generation (Executor::forwardCached): the cache and the new tokens'
  // first position; null and 0 otherwise.
  KvCache *cache() const { return exec.window ? exec.window->cache : nullptr; }
  int64_t position() const { return exec.window ? exec.window->position : 0; }
  int64_t windowTokens() const { return exec.window ? exec.window->tokens : 0; }

  // checkTensorReplicas: requires buf[n] to be identical on every tensor rank.
  void checkReplicated(const float *buf, int64_t n);
  // The cross-entropy's result (in double: the f32 buffer would round it).
  MicroBatchLoss &loss() { return exec.lastLoss; }
};

} // namespace mtc::runtime
