#include "exec/Executor.h"
#include "exec/StepRegistry.h"
#include "exec/StepRun.h"
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
  weightStorage = kernels::parseStorageType(options.precision.empty() ? planData.precision()
                                                                     : options.precision);
  for (const pb::Buffer &b : planData.buffers())
    if ((b.dtype() == pb::BF16 && weightStorage != kernels::StorageType::BF16) ||
        (b.dtype() == pb::F16 && weightStorage != kernels::StorageType::FP16))
      throw std::invalid_argument(
          std::string("the plan stores its activations in ") +
          (b.dtype() == pb::BF16 ? "bf16" : "fp16") + " (compiled with --precision " +
          (b.dtype() == pb::BF16 ? "bf16" : "fp16") + "): it cannot run in " +
          kernels::storageTypeName(weightStorage) +
          "; compile the model with that precision (or in fp32) instead");
  params = DeviceArray(dev, total, "the parameters");
  grads = DeviceArray(dev, total, "the gradients");
  if (weightStorage != kernels::StorageType::F32) // 2 bytes a parameter
    weightCopy = DeviceArray(dev, total / 2, "the 16-bit parameter copy");

  const int64_t arenaBytes = planData.memory().arena_bytes();
  ownArena = static_cast<char *>(
      dev.allocate(arenaBytes, "the activation arena of " + std::to_string(arenaBytes) + " bytes"));
  arenas.arena = ownArena;
  if (const int64_t transient = planData.pipeline_transient_arena_bytes(); transient > 0)
    transientArena = static_cast<char *>(dev.allocate(
        transient, "the pipeline transient arena of " + std::to_string(transient) + " bytes"));
  const int64_t contextSize = std::max<int64_t>(1, planData.parallel().context());
  const int groupSize = options.contextGroup ? options.contextGroup->size() : 1;
  if (groupSize != contextSize)
    throw std::runtime_error("the plan splits sequences over " + std::to_string(contextSize) +
                             " context-parallel rank(s), but the context group has " +
                             std::to_string(groupSize));
  context = contextSize > 1
                ? ContextShard::create(planData.model().seq(), static_cast<int>(contextSize),
                                       options.contextGroup->rank(),
                                       planData.parallel().context_causal())
                : ContextShard::unsplit(planData.model().seq());
  // Ring attention's blocks, as the plan predicts (they never grow: the
  // plan's memory report is what the rank holds).
  if (context.split() && planData.memory().context_ring_bytes() > 0)
    contextScratch = DeviceArray(dev, planData.memory().context_ring_bytes() / 4,
                                 "ring attention's key/value blocks");
  // Per-token inputs hold whole sequences (uploadInputs takes this rank's).
  auto elements = [&](int32_t id) {
    return numElements(index.buffers[id]->shape()) * contextSize;
  };
  hostInputs.tokens.assign(elements(planData.tokens()), 0);
  hostInputs.targets.assign(elements(planData.targets()), -1);
  const pb::ModelInputs &extra = planData.inputs();
  if (extra.has_token_types())
    hostInputs.tokenTypes.assign(elements(extra.token_types()), 0);
  if (extra.has_lengths())
    hostInputs.lengths.assign(numElements(index.buffers[extra.lengths()]->shape()), 1);
  if (extra.has_sentence_labels())
    hostInputs.sentenceLabels.assign(
        numElements(index.buffers[extra.sentence_labels()]->shape()), 0);
  if (options.tensorGroup) {
    shard.rank = options.tensorGroup->rank();
    shard.size = options.tensorGroup->size();
  }
  if (shard.size != std::max<int64_t>(1, planData.parallel().tensor()))
    throw std::runtime_error("the plan is split " + std::to_string(planData.parallel().tensor()) +
                             "-way tensor parallel, but the tensor group has " +
                             std::to_string(shard.size) + " rank(s)");
  sequenceShards = shard.size > 1 && planData.parallel().sequence_parallel();
  const int expertSize = options.expertGroup ? options.expertGroup->size() : 1;
  if (expertSize != std::max<int64_t>(1, planData.parallel().expert()))
    throw std::runtime_error("the plan spreads its experts over " +
                             std::to_string(planData.parallel().expert()) +
                             " expert-parallel ranks, but the expert group has " +
                             std::to_string(expertSize));
  expertRank = options.expertGroup ? options.expertGroup->rank() : 0;
  // A sequence or context shard's dropout counters and position rows depend
  // on the rank, which the fused kernels do not take: those plans run unfused, as
  // do runs checking dropout replicas (every dropout output is compared) and
  // runs poisoning dead buffers (a fused group may write its output in place
  // of an input that dies at its first step, which would then be poisoned).
  // Fused kernels compute on fp32 arrays and read the fp32 parameters: runs
  // that store anything in 16 bits run unfused.
  bool allF32 = weightStorage == kernels::StorageType::F32;
  for (const pb::Buffer &b : planData.buffers())
    allF32 = allF32 && (b.dtype() == pb::F32 || b.dtype() == pb::I32);
  if (dev.fusesSteps() && !sequenceShards && !context.split() && !options.checkTensorReplicas &&
      !options.checkLifetimes && allF32)
    fusions = planStepFusions(planData);
  if (options.initializeParams)
    initializeParams(options.seed);
}

Executor::~Executor() {
  dev.release(ownArena);
  if (transientArena)
    dev.release(transientArena);
}

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
  refreshWeights("the initialization");
}

std::vector<int64_t> Executor::sliceOffset(int id) const {
  const pb::Param &p = *index.params[id];
  std::vector<int64_t> offset(p.shape_size(), 0);
  for (int d = 0; d < p.slice_offset_size() && d < p.shape_size(); ++d)
    offset[d] = p.slice_offset(d);
  if (p.tensor_split() && p.split_dim() >= 0 && p.split_dim() < p.shape_size())
    offset[p.split_dim()] += shard.rank * p.shape(p.split_dim());
  if (p.expert_split() && p.split_dim() >= 0 && p.split_dim() < p.shape_size())
    offset[p.split_dim()] += expertRank * p.shape(p.split_dim());
  return offset;
}

int Executor::findParam(const std::string &name) const {
  for (int id = 0; id < planData.params_size(); ++id)
    if (index.params[id]->name() == name)
      return id;
  return -1;
}

void *Executor::bufferData(int32_t id) {
  return baseOf(*index.buffers[id]) + index.buffers[id]->offset();
}

kernels::StorageType Executor::bufferType(int32_t id) const {
  switch (index.buffers[id]->dtype()) {
  case pb::BF16: return kernels::StorageType::BF16;
  case pb::F16: return kernels::StorageType::FP16;
  default: return kernels::StorageType::F32;
  }
}

kernels::Out Executor::bufferOperand(int32_t id) { return {bufferData(id), bufferType(id)}; }

kernels::Out Executor::kernelWeights(int id) {
  if (weightCopy.empty())
    return param(id);
  return {reinterpret_cast<uint16_t *>(weightCopy.data()) + paramOffsets[id], weightStorage};
}

void Executor::refreshWeights(const char *writer) {
  lastWeightWriter = writer;
  if (!weightCopy.empty())
    dev.convert(params.data(), kernels::Out(weightCopy.data(), weightStorage),
                params.size());
}

void Executor::checkWeightCopyFresh() {
  if (!options.checkWeightCopy || weightCopy.empty())
    return;
  std::vector<uint16_t> copy(params.size()), expected(params.size());
  std::vector<float> master = params.toHost();
  kernels::convert(master.data(), kernels::Out(expected.data(), weightStorage),
                   params.size());
  dev.toHost(copy.data(), weightCopy.data(), params.size() * 2);
  for (int id = 0; id < numParams(); ++id)
    for (int64_t i = paramOffsets[id], e = i + paramSizes[id]; i < e; ++i)
      if (copy[i] != expected[i])
        throw std::logic_error("the 16-bit copy of parameter '" + index.params[id]->name() +
                               "' is stale: the parameters were written since the last "
                               "refreshWeights() (last refreshed after " +
                               lastWeightWriter + ")");
}

float *Executor::stage(kernels::In src, int64_t n, kernels::Out writeBack) {
  for (const Staged &st : staged)
    if (st.source == src.data)
      return st.data;
  const int64_t floats = (n + 15) / 16 * 16; // 64-byte aligned
  if (stagingChunks.empty() || stagingUsed + floats > stagingChunks.back().size()) {
    // A new chunk: the ones before hold this step's other copies.
    const int64_t size = std::max<int64_t>(floats, stagingChunks.empty()
                                                       ? 0
                                                       : stagingChunks.back().size());
    stagingChunks.emplace_back(dev, size, "fp32 staging of 16-bit buffers");
    stagingUsed = 0;
  }
  float *data = stagingChunks.back().data() + stagingUsed;
  stagingUsed += floats;
  dev.convert(src, data, n);
  staged.push_back({src.data, data, n, writeBack});
  return data;
}

float *Executor::f(int32_t id) {
  const pb::Buffer &b = *index.buffers[id];
  if (b.dtype() == pb::F32 || b.dtype() == pb::I32)
    return reinterpret_cast<float *>(bufferData(id));
  kernels::Out buffer = bufferOperand(id);
  return stage(buffer, numElements(b.shape()), buffer);
}

float *Executor::weightsF32(int id) {
  if (weightCopy.empty())
    return param(id);
  return stage(kernelWeights(id), paramSizes[id], nullptr);
}

void Executor::endStep() {
  if (staged.empty())
    return;
  int64_t bytes = 0;
  for (const Staged &st : staged) {
    if (st.writeBack)
      dev.convert(st.data, st.writeBack, st.n);
    bytes += (st.n + 15) / 16 * 16 * 4;
  }
  stagingPeak = std::max(stagingPeak, bytes);
  staged.clear();
  // Several chunks: the next step gets one that holds them all.
  if (stagingChunks.size() > 1) {
    int64_t total = 0;
    for (const DeviceArray &c : stagingChunks)
      total += c.size();
    stagingChunks.clear();
    stagingChunks.emplace_back(dev, total, "fp32 staging of 16-bit buffers");
  }
  stagingUsed = 0;
}

void Executor::uploadInputs(const ChunkArenas &into, int32_t tokensBuffer, int32_t targetsBuffer,
                            const pb::ModelInputs &extra) {
  auto upload = [&](int32_t id, const std::vector<int32_t> &host) {
    const pb::Buffer &b = *index.buffers[id];
    const int64_t bytes = static_cast<int64_t>(host.size() * sizeof(int32_t));
    if (b.bytes() != bytes)
      throw PlanError("input buffer '" + b.name() + "' holds " + std::to_string(b.bytes()) +
                      " bytes, not a micro-batch's " + std::to_string(bytes));
    char *base = into.of(b);
    if (!base) // validateStagePlan rules this out
      throw PlanError("input buffer '" + b.name() + "' lies in an arena the chunk does not hold");
    dev.toDevice(base + b.offset(), host.data(), bytes);
  };
  // Per-token inputs: this rank's positions of each sequence.
  auto uploadTokens = [&](int32_t id, const std::vector<int32_t> &whole) {
    if (!context.split())
      return upload(id, whole);
    upload(id, localRows(context, whole, planData.model().micro_batch()));
  };
  uploadTokens(tokensBuffer, hostInputs.tokens);
  uploadTokens(targetsBuffer, hostInputs.targets);
  if (extra.has_token_types())
    uploadTokens(extra.token_types(), hostInputs.tokenTypes);
  if (extra.has_lengths())
    upload(extra.lengths(), hostInputs.lengths);
  if (extra.has_sentence_labels())
    upload(extra.sentence_labels(), hostInputs.sentenceLabels);
}

std::vector<float> Executor::logitsToHost() const {
  const pb::Buffer &b = *index.buffers[planData.logits()];
  return widenedToHost(b, 0, numElements(b.shape()));
}

std::vector<float> Executor::widenedToHost(const pb::Buffer &b, int64_t first,
                                           int64_t n) const {
  std::vector<float> out(static_cast<size_t>(n));
  const kernels::StorageType type = bufferType(b.id());
  const int64_t size = kernels::storageBytes(type);
  if (type == kernels::StorageType::F32) {
    dev.toHost(out.data(), baseOf(b) + b.offset() + first * size, n * size);
    return out;
  }
  std::vector<uint16_t> raw(static_cast<size_t>(n));
  dev.toHost(raw.data(), baseOf(b) + b.offset() + first * size, n * size);
  kernels::convert(kernels::In(raw.data(), type), out.data(), n);
  return out;
}

std::vector<float> Executor::logitsRowToHost(int64_t row) const {
  const pb::Buffer &b = *index.buffers[planData.logits()];
  const int64_t width = logitsWidth(), elements = numElements(b.shape());
  if (row < 0 || (row + 1) * width > elements)
    throw std::out_of_range("logits row " + std::to_string(row) + " is outside the buffer of " +
                            std::to_string(width ? elements / width : 0) + " rows");
  return widenedToHost(b, row * width, width);
}

int64_t Executor::tokensPerMicroBatch() const {
  return numElements(index.buffers[planData.tokens()]->shape());
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
  // Two 16-bit NaNs (bf16 0x7fc0, fp16 0x7e00) per word in a 16-bit buffer.
  const uint32_t word = buffer.dtype() == pb::I32    ? 0xFFFFFFFFu
                        : buffer.dtype() == pb::BF16 ? 0x7FC07FC0u
                        : buffer.dtype() == pb::F16  ? 0x7E007E00u
                                                     : 0x7FC00000u;
  // Whole words: a 16-bit buffer of odd length ends in its 64-byte slot's padding.
  dev.fill32(bufferData(buffer.id()), word, (buffer.bytes() + 3) / 4);
}

MicroBatchLoss Executor::forwardBackward(float gradScale) {
  checkWeightCopyFresh();
  uploadInputs(arenas, planData.tokens(), planData.targets(), planData.inputs());
  stepSeed = mixSeed(options.seed, microBatchCounter++);
  lastLoss = {};
  runSteps(0, planData.steps_size(), /*training=*/true, gradScale, /*trackPeak=*/true);
  return lastLoss;
}

MicroBatchLoss Executor::forward() {
  checkWeightCopyFresh();
  uploadInputs(arenas, planData.tokens(), planData.targets(), planData.inputs());
  lastLoss = {};
  runSteps(0, planData.forward_steps(), /*training=*/false, 0.f, /*trackPeak=*/false);
  return lastLoss;
}

MicroBatchLoss Executor::runRange(int begin, int end, const ChunkArenas &chunk,
                                  uint64_t microBatchKey, float gradScale, bool training) {
  if (begin == 0)
    checkWeightCopyFresh();
  const ChunkArenas own = arenas;
  arenas = chunk;
  stepSeed = mixSeed(options.seed, microBatchKey);
  lastLoss = {};
  runSteps(begin, end, training, gradScale, /*trackPeak=*/false);
  arenas = own;
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
  // The validator found a registered kind for every step.
  const pb::Step &step = planData.steps(s);
  StepRun run(*this, s, training, gradScale);
  try {
    findStepKind(step.kernel_case())->run(step, run);
  } catch (...) {
    staged.clear();
    stagingUsed = 0;
    throw;
  }
  endStep();
}

void StepRun::checkReplicated(const float *buf, int64_t n) {
  if (!exec.options.checkTensorReplicas || exec.shard.size <= 1)
    return;
  requireReplicated(exec.dev, *exec.options.tensorGroup, buf, n, describeStep(exec.planData, index));
  ++exec.replicaCheckCount;
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
