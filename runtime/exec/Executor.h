// Runs one rank's share of a compiled plan: owns the parameters, their gradients
// and the single activation arena, and executes the plan's steps for one
// micro-batch at a time.
#pragma once
#include "backends/Backend.h"
#include "exec/ContextParallel.h"
#include "exec/KvCache.h"
#include "exec/MicroBatch.h"
#include "exec/StepShapes.h"
#include "exec/TensorParallel.h"
#include "exec/StepFusion.h"
#include "plan.pb.h"

#include <cstdint>
#include <functional>
#include <utility>
#include <memory>
#include <string>
#include <vector>

namespace mtc::comm {
class Communicator;
}

namespace mtc::runtime {

struct ExecutorOptions {
  // Where the memory lives and the kernels run; null = hostBackend().
  Backend *backend = nullptr;
  uint64_t seed = 1234; // parameter initialization and dropout masks
  // Debug mode: fill every buffer with NaN right after its last reader, so a
  // lifetime the compiler got wrong turns into a NaN loss.
  bool checkLifetimes = false;
  // Debug: after every dropout outside the tensor-parallel regions, check that
  // its output is bit-identical on every rank of the tensor group.
  bool checkTensorReplicas = false;
  // Tensor-parallel group (a Backend::deviceGroup) for the tensor steps and
  // the vocabulary-split cross-entropy; null = 1 rank.
  comm::Communicator *tensorGroup = nullptr;
  // Context-parallel group (its rank i is context rank i) for ring attention
  // and the loss; null = 1 rank.
  comm::Communicator *contextGroup = nullptr;
  // Expert-parallel group (its rank i holds experts [i E/ep, (i+1) E/ep) of
  // every MoE layer) for the all-to-alls; null = 1 rank.
  comm::Communicator *expertGroup = nullptr;
  // The run's precision ("fp32", "bf16", "fp16"; empty: the plan's). In
  // bf16/fp16 the fp32 parameters are the master weights and the kernels
  // read a 16-bit copy that refreshWeights() makes. A plan whose activations
  // are stored in 16 bits runs only in that precision; an fp32 plan runs in
  // any (its buffers then hold rounded values: optim/Precision.h).
  std::string precision;
  // Debug: before every forward, require the 16-bit weight copy to be the
  // fp32 parameters rounded (a writer of the parameters that skipped
  // refreshWeights() then fails naming it).
  bool checkWeightCopy = false;
  // Whether the constructor draws the parameters' initial values. A program
  // that loads every parameter right away (generate) skips it: drawing
  // GPT-2 124M's costs about a second of start-up.
  bool initializeParams = true;
};

// Where one pipeline chunk's micro-batch keeps its buffers (backend memory):
// its arena, and with a split backward the W arena (weight_grad_arena
// buffers, from the forward until W) and the B-to-W arena (b_to_w_arena
// buffers, from B until W); nullptr where the chunk has none or the step
// holds none (B's arena is given back before W).
struct ChunkArenas {
  char *arena = nullptr, *weightGrad = nullptr, *bToW = nullptr;
  char *of(const pb::Buffer &b) const {
    return b.b_to_w_arena() ? bToW : b.weight_grad_arena() ? weightGrad : arena;
  }
};

struct MicroBatchLoss {
  double sum = 0;    // summed token loss
  int64_t count = 0; // counted tokens (targets >= 0)
  double sopSum = 0; // BERT's sentence-order loss, summed over samples
  int64_t sopCount = 0;
  int64_t sopCorrect = 0; // samples whose sentence order the binary head got right
  // Mixture of experts: the load-balancing losses of this rank's MoE layers
  // (each already times its coefficient).
  double moeAuxSum = 0;
  int64_t moeAuxLayers = 0;
  double mean() const { return count ? sum / count : 0.0; }
  LossTerms terms() const {
    return {mean(), sopCount ? sopSum / sopCount : 0.0,
            sopCount ? static_cast<double>(sopCorrect) / sopCount : 0.0, moeAuxSum,
            static_cast<double>(moeAuxLayers)};
  }
};

class Executor {
public:
  // Validates the plan (throws PlanError naming each problem), allocates and
  // initializes the parameters from (seed, name) and the arena.
  Executor(pb::Plan plan, ExecutorOptions options);
  ~Executor();
  Executor(const Executor &) = delete;
  Executor &operator=(const Executor &) = delete;

  const pb::Plan &plan() const { return planData; }
  Backend &backend() const { return dev; }

  // The next micro-batch's inputs in host memory (forwardBackward and
  // forward copy them in), sized for the plan: the BERT inputs are empty for
  // a model without them. Whole sequences: a context-parallel rank uploads
  // its positions' tokens.
  MicroBatchInputs &inputs() { return hostInputs; }
  int32_t *tokens() { return hostInputs.tokens.data(); }
  int32_t *targets() { return hostInputs.targets.data(); }

  // All steps (forward and backward): gradients accumulate into grads().
  // gradScale multiplies d(loss)/d(logits) (1 / micro-batches, times the loss
  // scale) on top of the 1/count of the per-micro-batch mean.
  MicroBatchLoss forwardBackward(float gradScale);
  // steps[0, forward_steps) without dropout (evaluation, generation).
  MicroBatchLoss forward();
  // A host copy of the logits after forward(): [micro_batch * seq, localVocab].
  std::vector<float> logitsToHost() const;
  int64_t logitsWidth() const;
  // One row of the logits (logitsWidth() values) after forward or forwardCached.
  std::vector<float> logitsRowToHost(int64_t row) const;

  // Generation with a key/value cache (exec/KvCache.h): the forward steps on
  // `count` new tokens of one sequence at positions [cache.length(),
  // cache.length() + count), attending to the cached ones; the cache then
  // holds them too, and logits rows [0, count) are theirs. count is in
  // [1, tokensPerMicroBatch()] (the plan's buffers hold that many tokens).
  void forwardCached(const int32_t *tokens, int64_t count, KvCache &cache);
  int64_t tokensPerMicroBatch() const;

  // Pipeline parallelism: runs steps [begin, end) of a stage plan with buffer
  // offsets taken from `arenas` (backend memory: a chunk's arenas of one
  // micro-batch in flight, owned by the caller), those marked transient_arena
  // from the stage's transient arena (the executor's own), and the dropout
  // key of micro-batch number `microBatchKey` (the counter forwardBackward
  // would have used). Returns the loss when the range holds the
  // cross-entropy. `training` false: without dropout (evaluation).
  MicroBatchLoss runRange(int begin, int end, const ChunkArenas &arenas, uint64_t microBatchKey,
                          float gradScale, bool training = true);

  // Peak of live activation bytes measured during the last forwardBackward.
  int64_t measuredPeakBytes() const { return measuredPeak; }
  // Replicated activations checked by checkTensorReplicas so far.
  int64_t replicaChecks() const { return replicaCheckCount; }

  // Parameters and gradients: one flat fp32 array each in backend memory
  // (device pointers: see Backend.h for host access); param i at
  // paramOffset(i). In a bf16/fp16 run the parameters are the fp32 master
  // weights: whoever writes them (optimizer, ZeRO all-gather, checkpoint
  // load, init-from, reshard, broadcast) calls refreshWeights() after.
  int numParams() const { return planData.params_size(); }
  const pb::Param &paramInfo(int id) const { return *index.params[id]; }
  int64_t paramElements(int id) const { return paramSizes[id]; }
  int64_t paramOffset(int id) const { return paramOffsets[id]; }
  float *param(int id) { return params.data() + paramOffsets[id]; }
  const float *param(int id) const { return params.data() + paramOffsets[id]; }
  float *grad(int id) { return grads.data() + paramOffsets[id]; }
  int64_t flatSize() const { return params.size(); }
  float *flatParams() { return params.data(); }
  // The one place the kernels' 16-bit parameter copy is made: rounds every
  // parameter into it (nothing in an fp32 run, where the kernels read the
  // parameters themselves). `writer` names who changed them (for
  // checkWeightCopy's message).
  void refreshWeights(const char *writer);
  kernels::StorageType weightType() const { return weightStorage; }
  // The parameter the kernels read: the 16-bit copy, or the fp32 parameter.
  kernels::Out kernelWeights(int id);
  // Bytes of the 16-bit weight copy (0 in an fp32 run).
  int64_t weightCopyBytes() const { return weightCopy.size() * 4; }
  float *flatGrads() { return grads.data(); }
  void zeroGrads();
  // Id of the param with this full name, or -1.
  int findParam(const std::string &name) const;
  // Where param `id`'s slice starts in its full tensor: the plan's offset,
  // plus this rank's share of a tensor-parallel split (one program serves the
  // tensor group, so the runtime places the slice).
  std::vector<int64_t> sliceOffset(int id) const;

  // Re-initializes every parameter from (seed, name), layout independently.
  void initializeParams(uint64_t seed);

  // Micro-batches run so far with dropout; keys the dropout masks, so it is part
  // of the checkpointed RNG state.
  uint64_t dropoutCounter() const { return microBatchCounter; }
  void setDropoutCounter(uint64_t counter) { microBatchCounter = counter; }

  // This rank's place in its tensor group (param slice offsets, vocab shards).
  const TensorShard &tensorShard() const { return shard; }
  // Mixture of experts: the entries this rank routed to each expert in its
  // training steps since the last call, summed over its MoE layers.
  std::vector<int64_t> takeExpertLoad() { return std::exchange(expertLoad, {}); }
  const ContextShard &contextShard() const { return context; }
  // Bytes ring attention holds beside the arena (the plan's
  // memory.context_ring_bytes once a step has run).
  int64_t contextRingBytes() const { return contextScratch.size() * 4; }

  // Runs every step as its own kernel from now on (mixed precision rounds
  // what each step writes, which a fused kernel would skip).
  void disableFusion();
  // What a buffer's elements are stored in (the plan's dtype; F32 for i32).
  kernels::StorageType bufferType(int32_t id) const;
  // A buffer as a typed kernel operand (backend memory).
  kernels::Out bufferOperand(int32_t id);
  // Peak bytes of fp32 staging (16-bit buffers widened for kernels that
  // compute on fp32 arrays) any one step used so far.
  int64_t stagingPeakBytes() const { return stagingPeak; }

  // Called after each step runs (data-parallel gradient buckets start their
  // all-reduce as soon as the step that finishes them is done).
  void setStepObserver(std::function<void(int step)> observer) {
    stepObserver = std::move(observer);
  }
  // Also called after each step: the pipeline runner drives its transfers in
  // flight, which MPI moves only inside MPI calls (a rendezvous send waits
  // for the sender's next call, which a chunk's whole forward would delay).
  void setProgressHook(std::function<void()> hook) { progressHook = std::move(hook); }

  // An activation buffer in backend memory (tests, dumps).
  void *bufferData(int32_t id);
  // Copies inputs() into buffers `tokensBuffer`, `targetsBuffer` and those
  // `extra` names of the arena at `arenaBase` (backend memory; a pipeline
  // chunk's arena and input buffers). forwardBackward and forward do it for
  // the executor's own.
  void uploadInputs(const ChunkArenas &arenas, int32_t tokensBuffer, int32_t targetsBuffer,
                    const pb::ModelInputs &extra);

private:
  friend class StepRun; // the step kinds' view of a running micro-batch
  // forwardCached's tokens: where they are and the steps' shapes for them.
  struct CachedWindow {
    KvCache *cache = nullptr;
    int64_t tokens = 0, position = 0;
    std::vector<StepShape> shapes;
  };

  void runSteps(int begin, int end, bool training, float gradScale, bool trackPeak);
  void runStep(int stepIndex, bool training, float gradScale);
  void runFused(int stepIndex, bool training, float gradScale);
  const StepShape &shapeOf(int stepIndex) const {
    return window ? window->shapes[stepIndex] : shapes[stepIndex];
  }
  // fp32 view of a buffer for a kernel that computes on fp32 arrays: the
  // buffer itself, or (16-bit buffers) a widened copy that endStep() narrows
  // back, so what the step wrote lands in the buffer rounded once.
  float *f(int32_t id);
  // fp32 view of a parameter as the kernels see it (the 16-bit copy widened:
  // never written back).
  float *weightsF32(int id);
  float *stage(kernels::In src, int64_t n, kernels::Out writeBack);
  void endStep();
  void checkWeightCopyFresh();
  int32_t *i32(int32_t id) { return reinterpret_cast<int32_t *>(bufferData(id)); }
  void poison(const pb::Buffer &buffer);
  // Elements [first, first + n) of a buffer, widened to fp32, on the host.
  std::vector<float> widenedToHost(const pb::Buffer &b, int64_t first, int64_t n) const;

  pb::Plan planData;
  ExecutorOptions options;
  PlanIndex index;
  std::vector<StepShape> shapes;
  std::vector<std::vector<int32_t>> definedAt; // buffers whose first_step == s
  std::vector<std::vector<int32_t>> deadAfter; // buffers whose last_step == s
  std::vector<int32_t> preloaded;              // first_step == -1
  std::vector<bool> sentAfterRange;            // pipeline sends read them after the steps

  Backend &dev;
  DeviceArray params, grads;
  kernels::StorageType weightStorage = kernels::StorageType::F32; // the run's precision
  DeviceArray weightCopy; // 16-bit runs: the kernels' parameters (2 bytes each)
  const char *lastWeightWriter = "the initialization";
  // A step's fp32 staging: the copies and where each goes back (null: read only).
  struct Staged {
    const void *source;
    float *data;
    int64_t n;
    kernels::Out writeBack;
  };
  std::vector<Staged> staged;
  std::vector<DeviceArray> stagingChunks; // bump-allocated, reset per step
  int64_t stagingUsed = 0, stagingPeak = 0;
  std::vector<int64_t> paramOffsets, paramSizes;
  char *ownArena = nullptr; // backend memory
  ChunkArenas arenas;       // the arenas the running steps use (arena: the executor's own)
  char *transientArena = nullptr;  // a stage plan's, for transient_arena buffers (backend memory)
  char *baseOf(const pb::Buffer &b) const {
    return b.transient_arena() ? transientArena : arenas.of(b);
  }
  MicroBatchInputs hostInputs;
  std::vector<StepFusion> fusions; // empty unless the backend fuses
  int64_t measuredPeak = 0;
  uint64_t microBatchCounter = 0;
  uint64_t stepSeed = 0; // dropout key of the current micro-batch
  MicroBatchLoss lastLoss; // from the cross-entropy step, in double
  int64_t replicaCheckCount = 0;
  TensorShard shard;       // this rank's place in its tensor group
  bool sequenceShards = false; // dropout runs on sequence shards
  DeviceArray commScratch; // sequence collectives with batch > 1
  DeviceArray expertScratch; // the expert all-to-alls' rows in sending-rank order
  std::vector<int64_t> expertLoad; // routed entries per expert since the last take
  int expertRank = 0;        // this rank's place in its expert group
  ContextShard context;    // the positions this rank's tokens hold
  DeviceArray contextScratch; // ring attention's key/value blocks
  std::function<void(int)> stepObserver;
  std::function<void()> progressHook;
  CachedWindow *window = nullptr; // set while forwardCached runs
};

} // namespace mtc::runtime
