#include "exec/Executor.h"
#include "exec/PlanValidator.h"

#include "comm/Communicator.h"
#include "kernels/kernels.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace mtc::runtime {
namespace {

constexpr int64_t kParamAlign = 16; // floats: each parameter starts on 64 bytes

kernels::InitKind toKernel(pb::InitKind kind) {
  switch (kind) {
  case pb::ZEROS: return kernels::InitKind::Zeros;
  case pb::ONES: return kernels::InitKind::Ones;
  default: return kernels::InitKind::Normal;
  }
}

// Mixes the run's seed with a micro-batch counter into a dropout key.
uint64_t mixSeed(uint64_t seed, uint64_t counter) {
  uint64_t z = seed ^ (counter + 0x9E3779B97F4A7C15ull + (seed << 6) + (seed >> 2));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

} // namespace

Executor::Executor(pb::Plan plan, ExecutorOptions opts)
    : planData(std::move(plan)), options(opts) {
  checkPlan(planData);
  std::vector<std::string> errors;
  index = indexPlan(planData, errors);
  const int steps = planData.steps_size();
  for (int s = 0; s < steps; ++s)
    shapes.push_back(deriveStepShape(planData, index, s, errors));

  definedAt.resize(steps);
  deadAfter.resize(steps);
  for (const pb::Buffer &b : planData.buffers()) {
    if (b.first_step() < 0)
      inputs.push_back(b.id());
    else
      definedAt[b.first_step()].push_back(b.id());
    if (b.last_step() >= 0) // -1: an input no step reads
      deadAfter[b.last_step()].push_back(b.id());
  }

  paramOffsets.resize(planData.params_size());
  paramSizes.resize(planData.params_size());
  int64_t total = 0;
  for (int id = 0; id < planData.params_size(); ++id) {
    paramOffsets[id] = total;
    paramSizes[id] = numElements(index.params[id]->shape());
    total += (paramSizes[id] + kParamAlign - 1) / kParamAlign * kParamAlign;
  }
  params.assign(total, 0.f);
  grads.assign(total, 0.f);

  int64_t arenaBytes = planData.memory().arena_bytes();
  size_t allocated = static_cast<size_t>((std::max<int64_t>(arenaBytes, 1) + 63) / 64 * 64);
  arena = static_cast<char *>(std::aligned_alloc(64, allocated));
  if (!arena)
    throw std::runtime_error("cannot allocate the activation arena of " +
                             std::to_string(arenaBytes) + " bytes");
  std::memset(arena, 0, allocated);
  if (options.tensorGroup) {
    shard.rank = options.tensorGroup->rank();
    shard.size = options.tensorGroup->size();
  }
  if (shard.size != std::max<int64_t>(1, planData.parallel().tensor()))
    throw std::runtime_error("the plan is split " + std::to_string(planData.parallel().tensor()) +
                             "-way tensor parallel, but the tensor group has " +
                             std::to_string(shard.size) + " rank(s)");
  sequenceShards = shard.size > 1 && planData.parallel().sequence_parallel();
  initializeParams(options.seed);
}

Executor::~Executor() { std::free(arena); }

void Executor::initializeParams(uint64_t seed) {
  for (int id = 0; id < planData.params_size(); ++id) {
    const pb::Param &p = *index.params[id];
    std::vector<int64_t> fullShape(p.full_shape().begin(), p.full_shape().end());
    std::vector<int64_t> shape(p.shape().begin(), p.shape().end());
    std::vector<int64_t> offset(shape.size(), 0);
    for (int d = 0; d < p.slice_offset_size(); ++d)
      offset[d] = p.slice_offset(d);
    // A tensor-parallel slice: one program serves the group, the rank places it.
    if (p.tensor_split() && p.split_dim() >= 0 && p.split_dim() < static_cast<int>(shape.size()))
      offset[p.split_dim()] = shard.rank * shape[p.split_dim()];
    kernels::initialize(param(id), toKernel(p.init()), p.std(), seed,
                        kernels::hashName(p.name().c_str()), fullShape.data(),
                        offset.data(), shape.data(), static_cast<int>(shape.size()));
  }
}

int Executor::findParam(const std::string &name) const {
  for (int id = 0; id < planData.params_size(); ++id)
    if (index.params[id]->name() == name)
      return id;
  return -1;
}

void *Executor::bufferData(int32_t id) {
  return arena + index.buffers[id]->offset();
}

int32_t *Executor::tokens() { return i32(planData.tokens()); }
int32_t *Executor::targets() { return i32(planData.targets()); }

const float *Executor::logits() const {
  return reinterpret_cast<const float *>(arena + index.buffers[planData.logits()]->offset());
}

int64_t Executor::logitsWidth() const {
  const pb::Buffer &b = *index.buffers[planData.logits()];
  return b.shape_size() ? b.shape(b.shape_size() - 1) : 0;
}

void Executor::zeroGrads() { std::fill(grads.begin(), grads.end(), 0.f); }

void Executor::poison(const pb::Buffer &buffer) {
  // The runtime itself reads the loss (and the logits, for generation) after
  // the last step, so those stay.
  if (buffer.id() == planData.loss() || buffer.id() == planData.logits())
    return;
  // Pipeline sends go out after the chunk's step range: still being read.
  if (sentAfterRange.empty()) {
    sentAfterRange.assign(planData.buffers_size(), false);
    for (const pb::PipelineChunk &c : planData.chunks()) {
      for (const pb::PipelineTransfer &t : c.send_forward())
        sentAfterRange[t.buffer()] = true;
      for (const pb::PipelineTransfer &t : c.send_backward())
        sentAfterRange[t.buffer()] = true;
    }
  }
  if (sentAfterRange[buffer.id()])
    return;
  // A quiet NaN's bits: as f32 it is NaN; as an i32 token it is out of every
  // vocabulary shard, as a target it counts nothing.
  const uint32_t nanBits = 0x7FC00000u;
  uint32_t *p = reinterpret_cast<uint32_t *>(bufferData(buffer.id()));
  std::fill(p, p + buffer.bytes() / 4, buffer.dtype() == pb::I32 ? 0xFFFFFFFFu : nanBits);
}

MicroBatchLoss Executor::forwardBackward(float gradScale) {
  stepSeed = mixSeed(options.seed, microBatchCounter++);
  lastLoss = {};
  runSteps(0, planData.steps_size(), /*training=*/true, gradScale, /*trackPeak=*/true);
  return lastLoss;
}

MicroBatchLoss Executor::forward() {
  lastLoss = {};
  runSteps(0, planData.forward_steps(), /*training=*/false, 0.f, /*trackPeak=*/false);
  return lastLoss;
}

MicroBatchLoss Executor::runRange(int begin, int end, char *arenaBase,
                                 uint64_t microBatchKey, float gradScale) {
  char *own = arena;
  arena = arenaBase;
  stepSeed = mixSeed(options.seed, microBatchKey);
  lastLoss = {};
  runSteps(begin, end, /*training=*/true, gradScale, /*trackPeak=*/false);
  arena = own;
  return lastLoss;
}

void Executor::runSteps(int begin, int end, bool training, float gradScale,
                        bool trackPeak) {
  int64_t live = 0, peak = 0;
  for (int32_t id : inputs)
    live += index.buffers[id]->bytes();
  peak = live;
  for (int s = begin; s < end; ++s) {
    for (int32_t id : definedAt[s])
      live += index.buffers[id]->bytes();
    peak = std::max(peak, live);
    runStep(s, training, gradScale);
    if (stepObserver)
      stepObserver(s);
    for (int32_t id : deadAfter[s]) {
      live -= index.buffers[id]->bytes();
      if (options.checkLifetimes)
        poison(*index.buffers[id]);
    }
  }
  if (trackPeak)
    measuredPeak = peak;
}

void Executor::runStep(int s, bool training, float gradScale) {
  const pb::Step &step = planData.steps(s);
  const StepShape &sh = shapes[s];
  auto G = [this](int32_t id) { return grad(id); };
  switch (step.kernel_case()) {
  case pb::Step::kEmbeddingForward: {
    const auto &k = step.embedding_forward();
    kernels::embeddingForward(i32(k.tokens()), param(k.wte_param()),
                              k.has_wpe() ? param(k.wpe_param()) : nullptr, f(k.out()),
                              sh.rows, sh.seq, sh.hidden,
                              k.vocab_start() + shard.vocabStart(sh.vocabLocal), sh.vocabLocal);
    break;
  }
  case pb::Step::kEmbeddingBackward: {
    const auto &k = step.embedding_backward();
    kernels::embeddingBackward(i32(k.tokens()), f(k.dout()), G(k.wte_grad()),
                               k.has_wpe() ? G(k.wpe_grad()) : nullptr, sh.rows, sh.seq,
                               sh.hidden, k.vocab_start() + shard.vocabStart(sh.vocabLocal),
                               sh.vocabLocal);
    break;
  }
  case pb::Step::kLayerNormForward: {
    const auto &k = step.layer_norm_forward();
    kernels::layerNormForward(f(k.x()), param(k.gamma_param()), param(k.beta_param()),
                              f(k.y()), sh.rows, sh.hidden, k.eps());
    break;
  }
  case pb::Step::kLayerNormBackwardInput: {
    const auto &k = step.layer_norm_backward_input();
    kernels::layerNormBackwardInput(f(k.x()), param(k.gamma_param()), f(k.dy()), f(k.dx()),
                                    sh.rows, sh.hidden, k.eps());
    break;
  }
  case pb::Step::kLayerNormBackwardWeight: {
    const auto &k = step.layer_norm_backward_weight();
    kernels::layerNormBackwardWeight(f(k.x()), f(k.dy()), G(k.gamma_grad()),
                                     G(k.beta_grad()), sh.rows, sh.hidden, k.eps());
    break;
  }
  case pb::Step::kLinearForward: {
    const auto &k = step.linear_forward();
    kernels::linearForward(f(k.x()), param(k.w_param()),
                           k.has_bias() ? param(k.bias_param()) : nullptr, f(k.y()), sh.rows,
                           sh.hidden, sh.out, k.transposed_weight());
    break;
  }
  case pb::Step::kLinearBackwardInput: {
    const auto &k = step.linear_backward_input();
    kernels::linearBackwardInput(f(k.dy()), param(k.w_param()), f(k.dx()), sh.rows,
                                 sh.hidden, sh.out, k.transposed_weight());
    break;
  }
  case pb::Step::kLinearBackwardWeight: {
    const auto &k = step.linear_backward_weight();
    kernels::linearBackwardWeight(f(k.x()), f(k.dy()), G(k.w_grad()),
                                  k.has_bias() ? G(k.bias_grad()) : nullptr, sh.rows,
                                  sh.hidden, sh.out, k.transposed_weight());
    break;
  }
  case pb::Step::kGelu:
    kernels::geluForward(f(step.gelu().x()), f(step.gelu().y()), sh.elements);
    break;
  case pb::Step::kGeluBackward: {
    const auto &k = step.gelu_backward();
    kernels::geluBackward(f(k.x()), f(k.dy()), f(k.dx()), sh.elements);
    break;
  }
  case pb::Step::kAdd: {
    const auto &k = step.add();
    kernels::add(f(k.a()), f(k.b()), f(k.out()), sh.elements);
    break;
  }
  case pb::Step::kDropout: {
    const auto &k = step.dropout();
    if (training && k.rate() > 0.f && sequenceShards) {
      const pb::Buffer &x = *index.buffers[k.x()];
      dropoutSequenceShard(f(k.x()), f(k.y()), x.shape(0), x.shape(1), x.shape(2), shard,
                           k.rate(), stepSeed, k.stream());
    } else if (training && k.rate() > 0.f) {
      kernels::dropout(f(k.x()), f(k.y()), sh.elements, k.rate(), stepSeed, k.stream(), 0);
      if (options.checkTensorReplicas && shard.size > 1) {
        requireReplicated(*options.tensorGroup, f(k.y()), sh.elements, describeStep(planData, s));
        ++replicaCheckCount;
      }
    }
    else if (k.x() != k.y())
      std::memmove(f(k.y()), f(k.x()), sh.elements * sizeof(float));
    break;
  }
  case pb::Step::kAttention: {
    const auto &k = step.attention();
    kernels::AttentionShape a{sh.batch, sh.seq, k.heads(), k.head_dim(), k.causal(),
                              k.scale(), training ? k.dropout() : 0.f, stepSeed, k.stream()};
    a.headOffset = shard.rank * k.heads(); // the unsplit run's dropout mask
    a.totalHeads = shard.size * k.heads();
    kernels::attentionForward(a, f(k.qkv()), f(k.out()), f(k.lse()));
    break;
  }
  case pb::Step::kAttentionBackward: {
    const auto &k = step.attention_backward();
    kernels::AttentionShape a{sh.batch, sh.seq, k.heads(), k.head_dim(), k.causal(),
                              k.scale(), training ? k.dropout() : 0.f, stepSeed, k.stream()};
    a.headOffset = shard.rank * k.heads();
    a.totalHeads = shard.size * k.heads();
    kernels::attentionBackward(a, f(k.qkv()), f(k.out()), f(k.lse()), f(k.dout()),
                               f(k.dqkv()));
    break;
  }
  case pb::Step::kCrossEntropy: {
    const auto &k = step.cross_entropy();
    comm::Communicator *tp = options.tensorGroup;
    bool split = tp && tp->size() > 1;
    // Logits stay vocabulary-split: only per-row statistics cross ranks.
    const int64_t vocabStart = k.vocab_start() + shard.vocabStart(sh.vocabLocal);
    const int64_t validLocal =
        std::max<int64_t>(0, std::min(sh.vocabLocal, k.valid_vocab() - vocabStart));
    kernels::crossEntropyRowMax(f(k.logits()), f(k.row_max()), sh.rows, sh.vocabLocal,
                                validLocal);
    if (split)
      tp->allReduceMax(f(k.row_max()), sh.rows);
    kernels::crossEntropySumExp(f(k.logits()), i32(k.targets()), f(k.row_max()),
                                f(k.sum_exp()), f(k.target_logit()), sh.rows,
                                sh.vocabLocal, validLocal, vocabStart);
    if (split) {
      tp->allReduceSum(f(k.sum_exp()), sh.rows);
      tp->allReduceSum(f(k.target_logit()), sh.rows);
    }
    int64_t count = 0;
    double sum = kernels::crossEntropyLoss(i32(k.targets()), f(k.row_max()), f(k.sum_exp()),
                                           f(k.target_logit()), sh.rows, &count);
    float *loss = f(k.loss());
    loss[0] = static_cast<float>(sum);
    loss[1] = static_cast<float>(count);
    lastLoss = {sum, count}; // the f32 buffer would round the sum

    break;
  }
  case pb::Step::kCrossEntropyBackward: {
    const auto &k = step.cross_entropy_backward();
    float count = f(k.loss())[1];
    float scale = count > 0 ? gradScale / count : 0.f;
    const int64_t vocabStart = k.vocab_start() + shard.vocabStart(sh.vocabLocal);
    const int64_t validLocal =
        std::max<int64_t>(0, std::min(sh.vocabLocal, k.valid_vocab() - vocabStart));
    kernels::crossEntropyBackward(f(k.logits()), i32(k.targets()), f(k.row_max()),
                                  f(k.sum_exp()), f(k.dlogits()), sh.rows, sh.vocabLocal,
                                  validLocal, vocabStart, scale);
    break;
  }
  case pb::Step::kTensorAllReduce: {
    const auto &k = step.tensor_all_reduce();
    if (k.x() != k.y())
      std::memcpy(f(k.y()), f(k.x()), sh.elements * sizeof(float));
    if (shard.size > 1)
      options.tensorGroup->allReduceSum(f(k.y()), sh.elements);
    break;
  }
  case pb::Step::kTensorAllGather: {
    const auto &k = step.tensor_all_gather();
    if (shard.size > 1)
      allGatherSequence(*options.tensorGroup, f(k.x()), f(k.y()), sh.batch, sh.seq,
                        sh.hidden, commScratch);
    else
      std::memmove(f(k.y()), f(k.x()), sh.elements * sizeof(float));
    break;
  }
  case pb::Step::kTensorReduceScatter: {
    const auto &k = step.tensor_reduce_scatter();
    if (shard.size > 1)
      reduceScatterSequence(*options.tensorGroup, f(k.x()), f(k.y()), sh.batch, sh.seq,
                            sh.hidden, commScratch);
    else
      std::memmove(f(k.y()), f(k.x()), sh.elements * sizeof(float));
    break;
  }
  case pb::Step::kBiasAdd: {
    const auto &k = step.bias_add();
    bool positional = index.params[k.bias_param()]->shape_size() == 2;
    // On a sequence shard, position s is the full sequence's rank * seq + s.
    int64_t seqOffset = positional && sequenceShards ? shard.rank * sh.seq : 0;
    biasAdd(f(k.x()), param(k.bias_param()), f(k.y()), sh.rows, sh.hidden, positional,
            sh.batch, sh.seq, seqOffset);
    break;
  }
  case pb::Step::kBiasAddBackward: {
    const auto &k = step.bias_add_backward();
    bool positional = index.params[k.bias_grad()]->shape_size() == 2;
    int64_t seqOffset = positional && sequenceShards ? shard.rank * sh.seq : 0;
    biasAddBackward(f(k.dy()), G(k.bias_grad()), sh.rows, sh.hidden, positional, sh.batch,
                    sh.seq, seqOffset);
    break;
  }
  case pb::Step::KERNEL_NOT_SET:
    break; // rejected by the validator
  }
}

} // namespace mtc::runtime
