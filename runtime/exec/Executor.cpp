#include "exec/Executor.h"
#include "backends/host/HostBackend.h"
#include "exec/LinearGeluFusion.h"
#include "exec/PlanValidator.h"

#include "comm/Communicator.h"
#include "kernels/kernels.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <stdexcept>
#include <utility>

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
    : planData(std::move(plan)), options(opts),
      dev(opts.backend ? *opts.backend : hostBackend()) {
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
      preloaded.push_back(b.id());
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
  params = DeviceArray(dev, total, "the parameters");
  grads = DeviceArray(dev, total, "the gradients");

  const int64_t arenaBytes = planData.memory().arena_bytes();
  ownArena = static_cast<char *>(
      dev.allocate(arenaBytes, "the activation arena of " + std::to_string(arenaBytes) + " bytes"));
  arena = ownArena;
  auto elements = [&](int32_t id) { return index.buffers[id]->bytes() / 4; };
  hostInputs.tokens.assign(elements(planData.tokens()), 0);
  hostInputs.targets.assign(elements(planData.targets()), -1);
  const pb::ModelInputs &extra = planData.inputs();
  if (extra.has_token_types())
    hostInputs.tokenTypes.assign(elements(extra.token_types()), 0);
  if (extra.has_lengths())
    hostInputs.lengths.assign(elements(extra.lengths()), 1);
  if (extra.has_sentence_labels())
    hostInputs.sentenceLabels.assign(elements(extra.sentence_labels()), 0);
  if (options.tensorGroup) {
    shard.rank = options.tensorGroup->rank();
    shard.size = options.tensorGroup->size();
  }
  if (shard.size != std::max<int64_t>(1, planData.parallel().tensor()))
    throw std::runtime_error("the plan is split " + std::to_string(planData.parallel().tensor()) +
                             "-way tensor parallel, but the tensor group has " +
                             std::to_string(shard.size) + " rank(s)");
  sequenceShards = shard.size > 1 && planData.parallel().sequence_parallel();
  // A sequence shard's dropout counters and position rows depend on the
  // rank, which the fused kernels do not take: those plans run unfused, as
  // do runs checking dropout replicas (every dropout output is compared) and
  // runs poisoning dead buffers (a fused group may write its output in place
  // of an input that dies at its first step, which would then be poisoned).
  if (dev.fusesSteps() && !sequenceShards && !options.checkTensorReplicas &&
      !options.checkLifetimes)
    fusions = planStepFusions(planData);
  initializeParams(options.seed);
}

Executor::~Executor() { dev.release(ownArena); }

void Executor::initializeParams(uint64_t seed) {
  // Initialization runs on the host (once per run): one implementation of
  // the layout-independent initializer for every backend.
  HostView host(dev, params.data(), params.size(), /*load=*/false);
  for (int id = 0; id < planData.params_size(); ++id) {
    const pb::Param &p = *index.params[id];
    std::vector<int64_t> fullShape(p.full_shape().begin(), p.full_shape().end());
    std::vector<int64_t> shape(p.shape().begin(), p.shape().end());
    std::vector<int64_t> offset = sliceOffset(id);
    kernels::initialize(host + paramOffsets[id], toKernel(p.init()), p.std(), seed,
                        kernels::hashName(p.name().c_str()), fullShape.data(),
                        offset.data(), shape.data(), static_cast<int>(shape.size()));
  }
  host.commit();
}

std::vector<int64_t> Executor::sliceOffset(int id) const {
  const pb::Param &p = *index.params[id];
  std::vector<int64_t> offset(p.shape_size(), 0);
  for (int d = 0; d < p.slice_offset_size() && d < p.shape_size(); ++d)
    offset[d] = p.slice_offset(d);
  if (p.tensor_split() && p.split_dim() >= 0 && p.split_dim() < p.shape_size())
    offset[p.split_dim()] += shard.rank * p.shape(p.split_dim());
  return offset;
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

void Executor::uploadInputs(char *arenaBase, int32_t tokensBuffer, int32_t targetsBuffer,
                            const pb::ModelInputs &extra) {
  auto upload = [&](int32_t id, const std::vector<int32_t> &host) {
    const pb::Buffer &b = *index.buffers[id];
    const int64_t bytes = static_cast<int64_t>(host.size() * sizeof(int32_t));
    if (b.bytes() != bytes)
      throw PlanError("input buffer '" + b.name() + "' holds " + std::to_string(b.bytes()) +
                      " bytes, not a micro-batch's " + std::to_string(bytes));
    dev.toDevice(arenaBase + b.offset(), host.data(), bytes);
  };
  upload(tokensBuffer, hostInputs.tokens);
  upload(targetsBuffer, hostInputs.targets);
  if (extra.has_token_types())
    upload(extra.token_types(), hostInputs.tokenTypes);
  if (extra.has_lengths())
    upload(extra.lengths(), hostInputs.lengths);
  if (extra.has_sentence_labels())
    upload(extra.sentence_labels(), hostInputs.sentenceLabels);
}

std::vector<float> Executor::logitsToHost() const {
  const pb::Buffer &b = *index.buffers[planData.logits()];
  std::vector<float> out(static_cast<size_t>(b.bytes() / 4));
  dev.toHost(out.data(), arena + b.offset(), b.bytes());
  return out;
}

std::vector<float> Executor::logitsRowToHost(int64_t row) const {
  const pb::Buffer &b = *index.buffers[planData.logits()];
  const int64_t width = logitsWidth();
  if (row < 0 || (row + 1) * width * 4 > b.bytes())
    throw std::out_of_range("logits row " + std::to_string(row) + " is outside the buffer of " +
                            std::to_string(width ? b.bytes() / 4 / width : 0) + " rows");
  std::vector<float> out(static_cast<size_t>(width));
  dev.toHost(out.data(), arena + b.offset() + row * width * 4, width * 4);
  return out;
}

int64_t Executor::tokensPerMicroBatch() const {
  return index.buffers[planData.tokens()]->bytes() / 4;
}

void Executor::forwardCached(const int32_t *tokens, int64_t count, KvCache &cache) {
  const int64_t planTokens = tokensPerMicroBatch();
  if (count < 1 || count > planTokens)
    throw std::invalid_argument("forwardCached takes 1 to " + std::to_string(planTokens) +
                                " tokens at a time (got " + std::to_string(count) + ")");
  if (cache.length() + count > cache.capacity())
    throw std::invalid_argument("positions " + std::to_string(cache.length()) + " to " +
                                std::to_string(cache.length() + count - 1) +
                                " do not fit the key/value cache of " +
                                std::to_string(cache.capacity()) + " positions");
  CachedWindow w{&cache, count, cache.length(), {}};
  for (int s = 0; s < planData.forward_steps(); ++s) {
    const StepShape &full = shapes[s];
    if ((full.rows > 0 && full.rows != planTokens && planData.steps(s).kernel_case() !=
                                                          pb::Step::kCrossEntropy) ||
        full.elements % planTokens != 0)
      throw PlanError(describeStep(planData, s) + " is not per-token (" +
                      std::to_string(full.rows) + " rows, " + std::to_string(full.elements) +
                      " elements for " + std::to_string(planTokens) +
                      " tokens): it cannot run on a window of new tokens");
    w.shapes.push_back(tokenWindowShape(full, planTokens, count));
  }
  dev.toDevice(bufferData(planData.tokens()), tokens, count * 4);
  window = &w;
  lastLoss = {};
  try {
    runSteps(0, planData.forward_steps(), /*training=*/false, 0.f, /*trackPeak=*/false);
  } catch (...) {
    window = nullptr;
    throw;
  }
  window = nullptr;
  cache.advance(count);
}

int64_t Executor::logitsWidth() const {
  const pb::Buffer &b = *index.buffers[planData.logits()];
  return b.shape_size() ? b.shape(b.shape_size() - 1) : 0;
}

void Executor::disableFusion() { fusions.clear(); }

void Executor::zeroGrads() { dev.fill32(grads.data(), 0, grads.size()); }

void Executor::swapParams(DeviceArray &other) {
  if (other.size() != params.size())
    throw std::invalid_argument("swapParams: " + std::to_string(other.size()) +
                                " floats given for " + std::to_string(params.size()) +
                                " parameters");
  std::swap(params, other);
}

void Executor::poison(const pb::Buffer &buffer) {
  // The runtime itself reads the loss (and the logits, for generation) after
  // the last step, so those stay.
  if (buffer.id() == planData.loss() || buffer.id() == planData.logits() ||
      (planData.has_sop_loss() && buffer.id() == planData.sop_loss()))
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
  dev.fill32(bufferData(buffer.id()), buffer.dtype() == pb::I32 ? 0xFFFFFFFFu : nanBits,
             buffer.bytes() / 4);
}

MicroBatchLoss Executor::forwardBackward(float gradScale) {
  uploadInputs(arena, planData.tokens(), planData.targets(), planData.inputs());
  stepSeed = mixSeed(options.seed, microBatchCounter++);
  lastLoss = {};
  runSteps(0, planData.steps_size(), /*training=*/true, gradScale, /*trackPeak=*/true);
  return lastLoss;
}

MicroBatchLoss Executor::forward() {
  uploadInputs(arena, planData.tokens(), planData.targets(), planData.inputs());
  lastLoss = {};
  runSteps(0, planData.forward_steps(), /*training=*/false, 0.f, /*trackPeak=*/false);
  return lastLoss;
}

MicroBatchLoss Executor::runRange(int begin, int end, char *arenaBase,
                                 uint64_t microBatchKey, float gradScale, bool training) {
  char *own = arena;
  arena = arenaBase;
  stepSeed = mixSeed(options.seed, microBatchKey);
  lastLoss = {};
  runSteps(begin, end, training, gradScale, /*trackPeak=*/false);
  arena = own;
  return lastLoss;
}

void Executor::runSteps(int begin, int end, bool training, float gradScale,
                        bool trackPeak) {
  int64_t live = 0, peak = 0;
  for (int32_t id : preloaded)
    live += index.buffers[id]->bytes();
  peak = live;
  // A fused group writes the outputs of its later steps at its first: the
  // arena bytes of buffers that die inside the group may already hold them.
  int groupEnd = -1;
  std::vector<int32_t> writtenEarly;
  auto heldByGroup = [&](int32_t dead) {
    for (int32_t out : writtenEarly)
      if (sharesArenaBytes(*index.buffers[dead], *index.buffers[out]))
        return true;
    return false;
  };
  for (int s = begin; s < end; ++s) {
    for (int32_t id : definedAt[s])
      live += index.buffers[id]->bytes();
    peak = std::max(peak, live);
    if (fusions.empty() || fusions[s].kind == FusionKind::None) {
      if (fusions.empty() || fusions[s].length > 0)
        runStep(s, training, gradScale);
    } else {
      runFused(s, training, gradScale); // the group's later steps have length 0
      groupEnd = s + fusions[s].length - 1;
      writtenEarly.clear();
      for (int k = s + 1; k <= groupEnd; ++k)
        writtenEarly.insert(writtenEarly.end(), definedAt[k].begin(), definedAt[k].end());
    }
    if (stepObserver)
      stepObserver(s);
    if (progressHook)
      progressHook();
    for (int32_t id : deadAfter[s]) {
      live -= index.buffers[id]->bytes();
      if (options.checkLifetimes && !(s < groupEnd && heldByGroup(id)))
        poison(*index.buffers[id]);
    }
  }
  if (trackPeak)
    measuredPeak = peak;
}

void Executor::runStep(int s, bool training, float gradScale) {
  const pb::Step &step = planData.steps(s);
  const StepShape &sh = shapeOf(s);
  // forwardCached: rows are the new tokens, at positions from `position` on.
  const int64_t position = window ? window->position : 0;
  auto G = [this](int32_t id) { return grad(id); };
  switch (step.kernel_case()) {
  case pb::Step::kEmbeddingForward: {
    const auto &k = step.embedding_forward();
    dev.embeddingForward(i32(k.tokens()), param(k.wte_param()),
                              k.has_wpe() ? param(k.wpe_param()) + position * sh.hidden
                                          : nullptr,
                              f(k.out()),
                              sh.rows, sh.seq, sh.hidden,
                              k.vocab_start() + shard.vocabStart(sh.vocabLocal), sh.vocabLocal);
    break;
  }
  case pb::Step::kEmbeddingBackward: {
    const auto &k = step.embedding_backward();
    dev.embeddingBackward(i32(k.tokens()), f(k.dout()), G(k.wte_grad()),
                               k.has_wpe() ? G(k.wpe_grad()) : nullptr, sh.rows, sh.seq,
                               sh.hidden, k.vocab_start() + shard.vocabStart(sh.vocabLocal),
                               sh.vocabLocal);
    break;
  }
  case pb::Step::kLayerNormForward: {
    const auto &k = step.layer_norm_forward();
    dev.layerNormForward(f(k.x()), param(k.gamma_param()), param(k.beta_param()),
                              f(k.y()), sh.rows, sh.hidden, k.eps());
    break;
  }
  case pb::Step::kLayerNormBackwardInput: {
    const auto &k = step.layer_norm_backward_input();
    dev.layerNormBackwardInput(f(k.x()), param(k.gamma_param()), f(k.dy()), f(k.dx()),
                                    sh.rows, sh.hidden, k.eps());
    break;
  }
  case pb::Step::kLayerNormBackwardWeight: {
    const auto &k = step.layer_norm_backward_weight();
    dev.layerNormBackwardWeight(f(k.x()), f(k.dy()), G(k.gamma_grad()),
                                     G(k.beta_grad()), sh.rows, sh.hidden, k.eps());
    break;
  }
  case pb::Step::kRmsNormForward: {
    const auto &k = step.rms_norm_forward();
    dev.rmsNormForward(f(k.x()), param(k.gamma_param()), f(k.y()), sh.rows, sh.hidden, k.eps());
    break;
  }
  case pb::Step::kRmsNormBackwardInput: {
    const auto &k = step.rms_norm_backward_input();
    dev.rmsNormBackwardInput(f(k.x()), param(k.gamma_param()), f(k.dy()), f(k.dx()), sh.rows,
                             sh.hidden, k.eps());
    break;
  }
  case pb::Step::kRmsNormBackwardWeight: {
    const auto &k = step.rms_norm_backward_weight();
    dev.rmsNormBackwardWeight(f(k.x()), f(k.dy()), G(k.gamma_grad()), sh.rows, sh.hidden,
                              k.eps());
    break;
  }
  case pb::Step::kRotary: {
    const auto &k = step.rotary();
    kernels::RotaryShape r{sh.batch, sh.seq, k.heads(), k.kv_heads(), k.head_dim(), k.theta(),
                           k.inverse()};
    r.position = position;
    dev.rotary(r, f(k.x()), f(k.y()));
    break;
  }
  case pb::Step::kSwiglu: {
    const auto &k = step.swiglu();
    dev.swigluForward(f(k.gate()), f(k.up()), f(k.y()), sh.elements);
    break;
  }
  case pb::Step::kSwigluBackward: {
    const auto &k = step.swiglu_backward();
    dev.swigluBackward(f(k.gate()), f(k.up()), f(k.dy()), f(k.dgate()), f(k.dup()),
                       sh.elements);
    break;
  }
  case pb::Step::kLinearForward: {
    const auto &k = step.linear_forward();
    dev.linearForward(f(k.x()), param(k.w_param()),
                           k.has_bias() ? param(k.bias_param()) : nullptr, f(k.y()), sh.rows,
                           sh.hidden, sh.out, k.transposed_weight());
    break;
  }
  case pb::Step::kLinearBackwardInput: {
    const auto &k = step.linear_backward_input();
    dev.linearBackwardInput(f(k.dy()), param(k.w_param()), f(k.dx()), sh.rows,
                                 sh.hidden, sh.out, k.transposed_weight());
    break;
  }
  case pb::Step::kLinearBackwardWeight: {
    const auto &k = step.linear_backward_weight();
    dev.linearBackwardWeight(f(k.x()), f(k.dy()), G(k.w_grad()),
                                  k.has_bias() ? G(k.bias_grad()) : nullptr, sh.rows,
                                  sh.hidden, sh.out, k.transposed_weight());
    break;
  }
  case pb::Step::kGelu:
    dev.geluForward(f(step.gelu().x()), f(step.gelu().y()), sh.elements, step.gelu().exact());
    break;
  case pb::Step::kGeluBackward: {
    const auto &k = step.gelu_backward();
    dev.geluBackward(f(k.x()), f(k.dy()), f(k.dx()), sh.elements, k.exact());
    break;
  }
  case pb::Step::kAdd: {
    const auto &k = step.add();
    dev.add(f(k.a()), f(k.b()), f(k.out()), sh.elements);
    break;
  }
  case pb::Step::kDropout: {
    const auto &k = step.dropout();
    if (training && k.rate() > 0.f && sequenceShards) {
      const pb::Buffer &x = *index.buffers[k.x()];
      dropoutSequenceShard(dev, f(k.x()), f(k.y()), x.shape(0), x.shape(1), x.shape(2), shard,
                           k.rate(), stepSeed, k.stream());
    } else if (training && k.rate() > 0.f) {
      dev.dropout(f(k.x()), f(k.y()), sh.elements, k.rate(), stepSeed, k.stream(), 0);
      if (options.checkTensorReplicas && shard.size > 1) {
        requireReplicated(dev, *options.tensorGroup, f(k.y()), sh.elements,
                          describeStep(planData, s));
        ++replicaCheckCount;
      }
    }
    else
      dev.copy(f(k.y()), f(k.x()), sh.elements * 4);
    break;
  }
  case pb::Step::kAttention: {
    const auto &k = step.attention();
    if (window) {
      kernels::DecodeShape d{window->tokens, position, window->cache->capacity(), k.heads(),
                             k.kv_heads() > 0 ? k.kv_heads() : k.heads(), k.head_dim(),
                             k.scale()};
      dev.attentionDecode(d, f(k.qkv()), window->cache->keys(s), window->cache->values(s),
                          f(k.out()));
      break;
    }
    kernels::AttentionShape a{sh.batch, sh.seq, k.heads(), k.head_dim(), k.causal(),
                              k.scale(), training ? k.dropout() : 0.f, stepSeed, k.stream()};
    a.headOffset = shard.rank * k.heads(); // the unsplit run's dropout mask
    a.totalHeads = shard.size * k.heads();
    a.kvHeads = k.kv_heads();
    if (k.has_lengths())
      a.lengths = i32(k.lengths());
    dev.attentionForward(a, f(k.qkv()), f(k.out()), f(k.lse()));
    break;
  }
  case pb::Step::kAttentionBackward: {
    const auto &k = step.attention_backward();
    kernels::AttentionShape a{sh.batch, sh.seq, k.heads(), k.head_dim(), k.causal(),
                              k.scale(), training ? k.dropout() : 0.f, stepSeed, k.stream()};
    a.headOffset = shard.rank * k.heads();
    a.totalHeads = shard.size * k.heads();
    a.kvHeads = k.kv_heads();
    if (k.has_lengths())
      a.lengths = i32(k.lengths());
    dev.attentionBackward(a, f(k.qkv()), f(k.out()), f(k.lse()), f(k.dout()),
                               f(k.dqkv()));
    break;
  }
  case pb::Step::kCrossEntropy: {
    if (window)
      break; // generation reads the logits; there are no targets
    const auto &k = step.cross_entropy();
    comm::Communicator *tp = options.tensorGroup;
    bool split = !k.replicated() && tp && tp->size() > 1;
    // Logits stay vocabulary-split: only per-row statistics cross ranks.
    const int64_t vocabStart =
        k.vocab_start() + (k.replicated() ? 0 : shard.vocabStart(sh.vocabLocal));
    const int64_t validLocal =
        std::max<int64_t>(0, std::min(sh.vocabLocal, k.valid_vocab() - vocabStart));
    dev.crossEntropyRowMax(f(k.logits()), f(k.row_max()), sh.rows, sh.vocabLocal,
                                validLocal);
    if (split)
      tp->allReduceMax(f(k.row_max()), sh.rows);
    dev.crossEntropySumExp(f(k.logits()), i32(k.targets()), f(k.row_max()),
                                f(k.sum_exp()), f(k.target_logit()), sh.rows,
                                sh.vocabLocal, validLocal, vocabStart);
    if (split) {
      tp->allReduceSum(f(k.sum_exp()), sh.rows);
      tp->allReduceSum(f(k.target_logit()), sh.rows);
    }
    int64_t count = 0;
    double sum = dev.crossEntropyLoss(i32(k.targets()), f(k.row_max()), f(k.sum_exp()),
                                      f(k.target_logit()), sh.rows, f(k.loss()), &count);
    // In double: the f32 buffer would round the sum.
    if (planData.has_sop_loss() && k.loss() == planData.sop_loss()) {
      lastLoss.sopSum = sum;
      lastLoss.sopCount = count;
      // Two whole logits per sample: right when the label's is the larger. An
      // evaluation metric: no host copies while training.
      if (!training) {
        std::vector<float> rowMax(sh.rows), target(sh.rows);
        std::vector<int32_t> labels(sh.rows);
        dev.toHost(rowMax.data(), f(k.row_max()), sh.rows * 4);
        dev.toHost(target.data(), f(k.target_logit()), sh.rows * 4);
        dev.toHost(labels.data(), i32(k.targets()), sh.rows * 4);
        for (int64_t r = 0; r < sh.rows; ++r)
          lastLoss.sopCorrect += labels[r] >= 0 && target[r] >= rowMax[r];
      }
    } else {
      lastLoss.sum = sum;
      lastLoss.count = count;
    }
    break;
  }
  case pb::Step::kCrossEntropyBackward: {
    const auto &k = step.cross_entropy_backward();
    const int64_t vocabStart =
        k.vocab_start() + (k.replicated() ? 0 : shard.vocabStart(sh.vocabLocal));
    const int64_t validLocal =
        std::max<int64_t>(0, std::min(sh.vocabLocal, k.valid_vocab() - vocabStart));
    dev.crossEntropyBackward(f(k.logits()), i32(k.targets()), f(k.row_max()), f(k.sum_exp()),
                             f(k.dlogits()), sh.rows, sh.vocabLocal, validLocal, vocabStart,
                             f(k.loss()), gradScale);
    break;
  }
  case pb::Step::kTokenTypeAdd:
  case pb::Step::kTokenTypeAddBackward: {
    // A sequence-parallel shard holds positions [rank * S, (rank + 1) * S).
    const int64_t offset = sh.seq < sh.idsSeq ? shard.rank * sh.seq : 0;
    kernels::TokenTypeShape t{sh.batch, sh.seq, sh.hidden, sh.idsSeq, offset, sh.vocabLocal};
    if (step.kernel_case() == pb::Step::kTokenTypeAdd) {
      const auto &k = step.token_type_add();
      dev.tokenTypeAdd(t, f(k.x()), i32(k.types()), param(k.table_param()), f(k.y()));
    } else {
      const auto &k = step.token_type_add_backward();
      dev.tokenTypeAddBackward(t, i32(k.types()), f(k.dy()), G(k.table_grad()));
    }
    break;
  }
  case pb::Step::kFirstToken: {
    const auto &k = step.first_token();
    // On a sequence shard only the rank holding position 0 has [CLS].
    dev.firstToken(f(k.x()), f(k.y()), sh.batch, sh.seq, sh.hidden,
                   !k.sequence_shard() || shard.rank == 0);
    break;
  }
  case pb::Step::kFirstTokenBackward: {
    const auto &k = step.first_token_backward();
    dev.firstTokenBackward(f(k.dy()), f(k.dx()), sh.batch, sh.seq, sh.hidden,
                           !k.sequence_shard() || shard.rank == 0);
    break;
  }
  case pb::Step::kTanh:
    dev.tanhForward(f(step.tanh().x()), f(step.tanh().y()), sh.elements);
    break;
  case pb::Step::kTanhBackward: {
    const auto &k = step.tanh_backward();
    dev.tanhBackward(f(k.y()), f(k.dy()), f(k.dx()), sh.elements);
    break;
  }
  case pb::Step::kTensorAllReduce: {
    const auto &k = step.tensor_all_reduce();
    dev.copy(f(k.y()), f(k.x()), sh.elements * 4);
    if (shard.size > 1)
      options.tensorGroup->allReduceSum(f(k.y()), sh.elements);
    break;
  }
  case pb::Step::kTensorAllGather: {
    const auto &k = step.tensor_all_gather();
    if (shard.size > 1)
      allGatherSequence(dev, *options.tensorGroup, f(k.x()), f(k.y()), sh.batch, sh.seq,
                        sh.hidden, commScratch);
    else
      dev.copy(f(k.y()), f(k.x()), sh.elements * 4);
    break;
  }
  case pb::Step::kTensorReduceScatter: {
    const auto &k = step.tensor_reduce_scatter();
    if (shard.size > 1)
      reduceScatterSequence(dev, *options.tensorGroup, f(k.x()), f(k.y()), sh.batch, sh.seq,
                            sh.hidden, commScratch);
    else
      dev.copy(f(k.y()), f(k.x()), sh.elements * 4);
    break;
  }
  case pb::Step::kBiasAdd: {
    const auto &k = step.bias_add();
    // On a sequence shard, position s is the full sequence's rank * seq + s.
    if (index.params[k.bias_param()]->shape_size() == 2)
      addPositionRows(dev, f(k.x()), param(k.bias_param()), f(k.y()), sh.batch, sh.seq,
                      sh.hidden, sequenceShards ? shard.rank * sh.seq : position);
    else
      dev.biasAdd(f(k.x()), param(k.bias_param()), f(k.y()), sh.rows, sh.hidden);
    break;
  }
  case pb::Step::kBiasAddBackward: {
    const auto &k = step.bias_add_backward();
    if (index.params[k.bias_grad()]->shape_size() == 2)
      accumulatePositionRows(dev, f(k.dy()), G(k.bias_grad()), sh.batch, sh.seq, sh.hidden,
                             sequenceShards ? shard.rank * sh.seq : 0);
    else
      dev.biasGrad(f(k.dy()), G(k.bias_grad()), sh.rows, sh.hidden);
    break;
  }
  case pb::Step::KERNEL_NOT_SET:
    break; // rejected by the validator
  }
}

void Executor::runFused(int s, bool training, float gradScale) {
  const StepFusion &fu = fusions[s];
  const pb::Step &a = planData.steps(s);
  const auto cols = [&](int32_t biasParam) { return paramSizes[biasParam]; };
  switch (fu.kind) {
  case FusionKind::BiasGelu: {
    const auto &bias = a.bias_add();
    const auto &g = planData.steps(s + 1).gelu();
    const int64_t c = cols(bias.bias_param());
    dev.biasGelu(f(bias.x()), param(bias.bias_param()), f(bias.y()), f(g.y()),
                 shapeOf(s).elements / c, c);
    break;
  }
  case FusionKind::BiasDropoutResidual: {
    const auto &bias = a.bias_add();
    const auto &d = planData.steps(s + 1).dropout();
    const auto &add = planData.steps(s + 2).add();
    const int64_t c = cols(bias.bias_param());
    dev.biasDropoutResidual(f(bias.x()), param(bias.bias_param()), f(fu.residual), f(add.out()),
                            shapeOf(s).elements / c, c, training ? d.rate() : 0.f, stepSeed,
                            d.stream());
    break;
  }
  case FusionKind::DropoutResidual: {
    const auto &d = a.dropout();
    const auto &add = planData.steps(s + 1).add();
    dev.biasDropoutResidual(f(d.x()), nullptr, f(fu.residual), f(add.out()), shapeOf(s).elements,
                            1, training ? d.rate() : 0.f, stepSeed, d.stream());
    break;
  }
  case FusionKind::AddLayerNorm: {
    const auto &add = a.add();
    const auto &ln = planData.steps(s + 1).layer_norm_forward();
    const auto &sh = shapeOf(s + 1);
    dev.addLayerNorm(f(add.a()), f(add.b()), f(add.out()), param(ln.gamma_param()),
                     param(ln.beta_param()), f(ln.y()), sh.rows, sh.hidden, ln.eps());
    break;
  }
  case FusionKind::LinearGelu: {
    const auto &l = a.linear_forward();
    const auto &sh = shapeOf(s);
    dev.linearBiasGelu(f(l.x()), param(l.w_param()), param(l.bias_param()), f(l.y()),
                       f(planData.steps(s + 1).gelu().y()), sh.rows, sh.hidden, sh.out,
                       l.transposed_weight());
    break;
  }
  case FusionKind::LinearGeluBackward: {
    // The weight gradient between the two (LinearGeluFusion.h) runs first: the
    // fused matmul writes the GeLU's dx, whose arena bytes it may still read.
    if (fu.length == 3)
      runStep(s + 1, training, gradScale);
    const auto &l = a.linear_backward_input();
    const auto &g = planData.steps(s + fu.length - 1).gelu_backward();
    const auto &sh = shapeOf(s);
    dev.linearBackwardInputGelu(f(l.dy()), param(l.w_param()), f(g.x()), f(g.dx()), sh.rows,
                                sh.hidden, sh.out, l.transposed_weight());
    break;
  }
  case FusionKind::None:
    break;
  }
}

} // namespace mtc::runtime
