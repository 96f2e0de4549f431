#include "exec/cuda/CudaExecutor.h"
#include "exec/PlanValidator.h"
#include "exec/cuda/AdamChunks.h"
#include "exec/cuda/DeviceCheck.h"

#include "comm/Communicator.h"
#include "comm/NcclCommunicator.h"
#include "kernels/cuda/CudaCheck.h"
#include "kernels/cuda/LtGemm.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/kernels.h"

#include <cmath>
#include <sstream>

namespace mtc::runtime::gpu {
namespace kc = kernels::cuda;
using kernels::cuda::checkCuda;

namespace {

// The host Executor's dropout key: the same masks on both backends.
uint64_t mixSeed(uint64_t seed, uint64_t counter) {
  uint64_t z = seed ^ (counter + 0x9E3779B97F4A7C15ull + (seed << 6) + (seed >> 2));
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

kernels::InitKind toKernel(pb::InitKind kind) {
  switch (kind) {
  case pb::ZEROS: return kernels::InitKind::Zeros;
  case pb::ONES: return kernels::InitKind::Ones;
  default: return kernels::InitKind::Normal;
  }
}

} // namespace

CudaExecutor::CudaExecutor(pb::Plan plan, CudaExecutorOptions opts)
    : planData(std::move(plan)), options(opts) {
  checkPlan(planData);
  std::vector<std::string> errors;
  index = indexPlan(planData, errors);
  for (int s = 0; s < planData.steps_size(); ++s)
    shapes.push_back(deriveStepShape(planData, index, s, errors));
  if (!errors.empty())
    throw PlanError("the GPU backend cannot run this plan: " + errors.front());

  DeviceStatus device = probeDevices();
  if (!device.usable)
    throw kc::CudaError("no usable GPU: " + device.problem);
  checkCuda(cudaSetDevice(options.device), "cudaSetDevice");
  checkCuda(cudaStreamCreateWithFlags(&compute, cudaStreamNonBlocking), "cudaStreamCreate");

  offsets = flatParamOffsets(planData, 16, &flatFloats);
  layout = layoutDeviceArena(planData, options.gemmWorkspaceBytes);
  scratchLayout = layoutScratch(planData);
  void *base = nullptr;
  cudaError_t e = cudaMalloc(&base, static_cast<size_t>(layout.totalBytes));
  if (e != cudaSuccess) {
    size_t freeBytes = 0, totalBytes = 0;
    cudaMemGetInfo(&freeBytes, &totalBytes);
    throw kc::CudaError("cannot allocate the device arena of " +
                        std::to_string(layout.totalBytes >> 20) + " MiB (" +
                        std::to_string(freeBytes >> 20) + " MiB free of " +
                        std::to_string(totalBytes >> 20) + "): " + cudaGetErrorString(e));
  }
  arena = static_cast<char *>(base);
  checkCuda(cudaMemsetAsync(arena, 0, layout.totalBytes, compute), "cudaMemset(arena)");
  auto region = [&](const char *name) { return arena + layout.at(name).offset; };
  params = reinterpret_cast<float *>(region("params"));
  grads = reinterpret_cast<float *>(region("grads"));
  adamM = reinterpret_cast<float *>(region("adam_m"));
  adamV = reinterpret_cast<float *>(region("adam_v"));
  activations = region("activations");
  scratchBase = region("scratch");
  adamChunks = region("adam_chunks");
  std::vector<kc::AdamChunk> chunks = buildAdamChunks(planData, offsets, kAdamChunkFloats);
  numAdamChunks = static_cast<int64_t>(chunks.size());
  checkCuda(cudaMemcpyAsync(adamChunks, chunks.data(), chunks.size() * sizeof(kc::AdamChunk),
                            cudaMemcpyHostToDevice, compute),
            "copy the AdamW chunk table");
  checkCuda(cudaMallocHost(reinterpret_cast<void **>(&pinnedLoss), 2 * sizeof(double)),
            "cudaMallocHost(loss)");

  lt = std::make_unique<kc::LtGemm>(region("gemm_workspace"),
                                    static_cast<size_t>(options.gemmWorkspaceBytes));
  fusions = options.fuse ? planStepFusions(planData)
                         : std::vector<StepFusion>(planData.steps_size());
  gemms.resize(planData.steps_size());
  biasGradByKernel.assign(planData.steps_size(), false);
  for (int s = 0; s < planData.steps_size(); ++s) {
    const pb::Step &st = planData.steps(s);
    const StepShape &sh = shapes[s];
    kernels::gpu::LinearGemmShape g{kernels::gpu::GemmKind::Forward, sh.rows, sh.hidden,
                                    sh.out, false, false};
    if (st.has_linear_forward()) {
      g.transposedWeight = st.linear_forward().transposed_weight();
      g.bias = st.linear_forward().has_bias();
    } else if (st.has_linear_backward_input()) {
      g.kind = kernels::gpu::GemmKind::BackwardInput;
      g.transposedWeight = st.linear_backward_input().transposed_weight();
    } else if (st.has_linear_backward_weight()) {
      g.kind = kernels::gpu::GemmKind::BackwardWeight;
      g.transposedWeight = st.linear_backward_weight().transposed_weight();
      g.bias = st.linear_backward_weight().has_bias();
    } else {
      continue;
    }
    gemms[s] = kernels::gpu::planLinearGemm(g);
    // The heuristic query, once per distinct matmul, at start-up.
    if (!lt->prepare(gemms[s])) {
      gemms[s] = kc::LtGemm::withoutEpilogue(gemms[s]);
      lt->prepare(gemms[s]);
      if (g.kind == kernels::gpu::GemmKind::BackwardWeight)
        biasGradByKernel[s] = true;
      else
        throw kc::CudaError("cuBLASLt has no bias epilogue for step " +
                            describeStep(planData, s));
    }
  }

  if (options.dataGroup && options.dataGroup->size() > 1) {
    std::vector<int64_t> sizes(planData.params_size());
    for (int id = 0; id < planData.params_size(); ++id)
      sizes[id] = paramFloats(id);
    buckets = assignGradBuckets(offsets, sizes, gradReadySteps(planData), options.bucketFloats);
    bucketEvents.resize(planData.steps_size() + 1);
    for (cudaEvent_t &ev : bucketEvents)
      checkCuda(cudaEventCreateWithFlags(&ev, cudaEventDisableTiming), "cudaEventCreate");
    checkCuda(cudaEventCreateWithFlags(&commDone, cudaEventDisableTiming), "cudaEventCreate");
  }
  initializeParams();
  synchronize();
}

CudaExecutor::~CudaExecutor() {
  if (compute)
    cudaStreamSynchronize(compute);
  if (options.dataGroup)
    cudaStreamSynchronize(options.dataGroup->stream());
  lt.reset();
  for (cudaEvent_t ev : bucketEvents)
    cudaEventDestroy(ev);
  if (commDone)
    cudaEventDestroy(commDone);
  if (pinnedLoss)
    cudaFreeHost(pinnedLoss);
  if (arena)
    cudaFree(arena);
  if (compute)
    cudaStreamDestroy(compute);
}

// Initialization runs the host kernel (the same values by construction) and
// copies: it happens once, and keeps one implementation of the
// layout-independent initializer.
void CudaExecutor::initializeParams() {
  std::vector<float> host(flatFloats, 0.f);
  for (int id = 0; id < planData.params_size(); ++id) {
    const pb::Param &p = *index.params[id];
    std::vector<int64_t> fullShape(p.full_shape().begin(), p.full_shape().end());
    std::vector<int64_t> shape(p.shape().begin(), p.shape().end());
    std::vector<int64_t> offset(shape.size(), 0);
    for (int d = 0; d < p.slice_offset_size(); ++d)
      offset[d] = p.slice_offset(d);
    kernels::initialize(host.data() + offsets[id], toKernel(p.init()), p.std(), options.seed,
                        kernels::hashName(p.name().c_str()), fullShape.data(), offset.data(),
                        shape.data(), static_cast<int>(shape.size()));
  }
  paramsFromHost(host);
}

float *CudaExecutor::f(int32_t id) const {
  return reinterpret_cast<float *>(activations + index.buffers[id]->offset());
}

float *CudaExecutor::scratch(const char *name) const {
  return reinterpret_cast<float *>(scratchBase + scratchLayout.at(name).offset);
}

int64_t CudaExecutor::bufferFloats(int32_t id) const { return index.buffers[id]->bytes() / 4; }

int64_t CudaExecutor::paramFloats(int32_t id) const {
  return numElements(index.params[id]->shape());
}

void CudaExecutor::synchronize() const {
  checkCuda(cudaStreamSynchronize(compute), "cudaStreamSynchronize(compute)");
  if (options.dataGroup)
    checkCuda(cudaStreamSynchronize(options.dataGroup->stream()),
              "cudaStreamSynchronize(data-parallel stream)");
}

void CudaExecutor::setBatch(const int32_t *tokens, const int32_t *targets) {
  size_t bytes = index.buffers[planData.tokens()]->bytes();
  checkCuda(cudaMemcpyAsync(f(planData.tokens()), tokens, bytes, cudaMemcpyHostToDevice, compute),
            "copy tokens");
  checkCuda(cudaMemcpyAsync(f(planData.targets()), targets, bytes, cudaMemcpyHostToDevice,
                            compute),
            "copy targets");
  // The source is pageable host memory the caller may reuse.
  checkCuda(cudaStreamSynchronize(compute), "copy the batch");
}

MicroBatchLoss CudaExecutor::readLoss() {
  if (!haveLoss)
    return {};
  checkCuda(cudaMemcpyAsync(pinnedLoss, scratch("loss"), 2 * sizeof(double),
                            cudaMemcpyDeviceToHost, compute),
            "copy the loss");
  checkCuda(cudaStreamSynchronize(compute), "the micro-batch's kernels");
  return {pinnedLoss[0], static_cast<int64_t>(pinnedLoss[1])};
}

MicroBatchLoss CudaExecutor::forwardBackward(float gradScale, bool lastMicroBatch) {
  stepSeed = mixSeed(options.seed, microBatchCounter++);
  haveLoss = false;
  runSteps(0, planData.steps_size(), true, gradScale, lastMicroBatch && !buckets.empty());
  return readLoss();
}

MicroBatchLoss CudaExecutor::forward() {
  haveLoss = false;
  runSteps(0, planData.forward_steps(), false, 0.f, false);
  return readLoss();
}

void CudaExecutor::runSteps(int begin, int end, bool training, float gradScale,
                            bool launchBuckets) {
  for (int s = begin; s < end; ++s) {
    const StepFusion &fu = fusions[s];
    if (fu.length == 0)
      continue; // inside a fused group
    if (fu.kind != FusionKind::None)
      runFused(s, training);
    else
      runStep(s, training, gradScale);
    if (launchBuckets)
      for (int t = s; t < s + fu.length; ++t)
        launchReadyBuckets(t);
  }
  if (launchBuckets) {
    launchReadyBuckets(-1); // params no step writes
    // The optimizer (compute stream) waits for the last all-reduce, which
    // runs on the data-parallel communicator's own stream.
    checkCuda(cudaEventRecord(commDone, options.dataGroup->stream()), "cudaEventRecord");
    checkCuda(cudaStreamWaitEvent(compute, commDone, 0), "cudaStreamWaitEvent");
  }
}

// Buckets whose last gradient step is `step`: the communication stream waits
// for compute to reach this point, then all-reduces while backward goes on.
void CudaExecutor::launchReadyBuckets(int step) {
  bool recorded = false;
  for (const GradBucket &b : buckets) {
    if (b.readyStep != step)
      continue;
    if (!recorded) {
      cudaEvent_t ev = bucketEvents[step < 0 ? planData.steps_size() : step];
      checkCuda(cudaEventRecord(ev, compute), "cudaEventRecord");
      checkCuda(cudaStreamWaitEvent(options.dataGroup->stream(), ev, 0),
                "cudaStreamWaitEvent");
      recorded = true;
    }
    options.dataGroup->allReduce(grads + b.offset, static_cast<size_t>(b.count),
                                 comm::DataType::F32, comm::ReduceOp::Sum);
  }
}

void CudaExecutor::runFused(int s, bool training) {
  const StepFusion &fu = fusions[s];
  const pb::Step &a = planData.steps(s);
  switch (fu.kind) {
  case FusionKind::BiasGelu: {
    const auto &bias = a.bias_add();
    const auto &g = planData.steps(s + 1).gelu();
    int64_t cols = paramFloats(bias.bias_param());
    kc::biasGelu(f(bias.x()), param(bias.bias_param()), f(bias.y()), f(g.y()),
                 bufferFloats(bias.x()) / cols, cols, compute);
    break;
  }
  case FusionKind::BiasDropoutResidual: {
    const auto &bias = a.bias_add();
    const auto &d = planData.steps(s + 1).dropout();
    const auto &add = planData.steps(s + 2).add();
    int64_t cols = paramFloats(bias.bias_param());
    float rate = training ? d.rate() : 0.f;
    kc::biasDropoutResidual(f(bias.x()), param(bias.bias_param()), f(fu.residual),
                            f(add.out()), bufferFloats(bias.x()) / cols, cols, rate, stepSeed,
                            d.stream(), compute);
    break;
  }
  case FusionKind::DropoutResidual: {
    const auto &d = a.dropout();
    const auto &add = planData.steps(s + 1).add();
    float rate = training ? d.rate() : 0.f;
    kc::biasDropoutResidual(f(d.x()), nullptr, f(fu.residual), f(add.out()),
                            bufferFloats(d.x()), 1, rate, stepSeed, d.stream(), compute);
    break;
  }
  case FusionKind::None:
    break;
  }
}

void CudaExecutor::runLinear(int s) {
  const pb::Step &st = planData.steps(s);
  const kernels::gpu::ColumnMajorGemm &g = gemms[s];
  using Op = kernels::gpu::GemmOperand;
  const void *x = nullptr, *w = nullptr, *dy = nullptr;
  void *out = nullptr, *vec = nullptr;
  float *dbias = nullptr;
  if (st.has_linear_forward()) {
    const auto &k = st.linear_forward();
    x = f(k.x()), w = param(k.w_param()), out = f(k.y());
    if (k.has_bias())
      vec = param(k.bias_param());
  } else if (st.has_linear_backward_input()) {
    const auto &k = st.linear_backward_input();
    dy = f(k.dy()), w = param(k.w_param()), out = f(k.dx());
  } else {
    const auto &k = st.linear_backward_weight();
    x = f(k.x()), dy = f(k.dy()), out = grad(k.w_grad());
    if (k.has_bias()) {
      dbias = grad(k.bias_grad());
      vec = scratch("bias_grad"); // the epilogue overwrites: add after
    }
  }
  auto operand = [&](Op o) -> const void * {
    switch (o) {
    case Op::X: return x;
    case Op::W: return w;
    case Op::DY: return dy;
    default: return out;
    }
  };
  kc::GemmPointers p{operand(g.a), operand(g.b), out, vec};
  lt->run(g, p, compute);
  if (dbias) {
    int64_t cols = shapes[s].out;
    if (biasGradByKernel[s])
      kc::biasGradAccumulate(static_cast<const float *>(dy), dbias, shapes[s].rows, cols,
                             compute);
    else
      kc::add(dbias, scratch("bias_grad"), dbias, cols, compute);
  }
}

void CudaExecutor::runStep(int s, bool training, float gradScale) {
  const pb::Step &step = planData.steps(s);
  const StepShape &sh = shapes[s];
  cudaStream_t st = compute;
  comm::Communicator *tp = options.tensorGroup;
  bool split = tp && tp->size() > 1;
  auto copyIfDistinct = [&](int32_t x, int32_t y) {
    if (x != y)
      checkCuda(cudaMemcpyAsync(f(y), f(x), index.buffers[y]->bytes(),
                                cudaMemcpyDeviceToDevice, st),
                "copy");
  };
  switch (step.kernel_case()) {
  case pb::Step::kEmbeddingForward: {
    const auto &k = step.embedding_forward();
    kc::embeddingForward(i32(k.tokens()), param(k.wte_param()),
                         k.has_wpe() ? param(k.wpe_param()) : nullptr, f(k.out()), sh.rows,
                         sh.seq, sh.hidden, k.vocab_start(), sh.vocabLocal, st);
    break;
  }
  case pb::Step::kEmbeddingBackward: {
    const auto &k = step.embedding_backward();
    kc::embeddingBackward(i32(k.tokens()), f(k.dout()), grad(k.wte_grad()),
                          k.has_wpe() ? grad(k.wpe_grad()) : nullptr, sh.rows, sh.seq,
                          sh.hidden, k.vocab_start(), sh.vocabLocal, st);
    break;
  }
  case pb::Step::kLayerNormForward: {
    const auto &k = step.layer_norm_forward();
    kc::layerNormForward(f(k.x()), param(k.gamma_param()), param(k.beta_param()), f(k.y()),
                         sh.rows, sh.hidden, k.eps(), st);
    break;
  }
  case pb::Step::kLayerNormBackwardInput: {
    const auto &k = step.layer_norm_backward_input();
    kc::layerNormBackwardInput(f(k.x()), param(k.gamma_param()), f(k.dy()), f(k.dx()),
                               sh.rows, sh.hidden, k.eps(), st);
    break;
  }
  case pb::Step::kLayerNormBackwardWeight: {
    const auto &k = step.layer_norm_backward_weight();
    kc::layerNormBackwardWeight(f(k.x()), f(k.dy()), grad(k.gamma_grad()), grad(k.beta_grad()),
                                sh.rows, sh.hidden, k.eps(), scratch("layer_norm_stats"), st);
    break;
  }
  case pb::Step::kLinearForward:
  case pb::Step::kLinearBackwardInput:
  case pb::Step::kLinearBackwardWeight:
    runLinear(s);
    break;
  case pb::Step::kGelu:
    kc::geluForward(f(step.gelu().x()), f(step.gelu().y()), sh.elements, st);
    break;
  case pb::Step::kGeluBackward: {
    const auto &k = step.gelu_backward();
    kc::geluBackward(f(k.x()), f(k.dy()), f(k.dx()), sh.elements, st);
    break;
  }
  case pb::Step::kAdd:
    kc::add(f(step.add().a()), f(step.add().b()), f(step.add().out()), sh.elements, st);
    break;
  case pb::Step::kDropout: {
    const auto &k = step.dropout();
    if (training && k.rate() > 0.f)
      kc::dropout(f(k.x()), f(k.y()), sh.elements, k.rate(), stepSeed, k.stream(), 0, st);
    else
      copyIfDistinct(k.x(), k.y());
    break;
  }
  case pb::Step::kAttention: {
    const auto &k = step.attention();
    kernels::AttentionShape a{sh.batch, sh.seq, k.heads(), k.head_dim(), k.causal(),
                              k.scale(), training ? k.dropout() : 0.f, stepSeed, k.stream()};
    kc::attentionForward(a, f(k.qkv()), f(k.out()), f(k.lse()), st);
    break;
  }
  case pb::Step::kAttentionBackward: {
    const auto &k = step.attention_backward();
    kernels::AttentionShape a{sh.batch, sh.seq, k.heads(), k.head_dim(), k.causal(),
                              k.scale(), training ? k.dropout() : 0.f, stepSeed, k.stream()};
    kc::attentionBackward(a, f(k.qkv()), f(k.out()), f(k.lse()), f(k.dout()), f(k.dqkv()),
                          scratch("attention_row_dot"), st);
    break;
  }
  case pb::Step::kCrossEntropy: {
    const auto &k = step.cross_entropy();
    kc::crossEntropyRowMax(f(k.logits()), f(k.row_max()), sh.rows, sh.vocabLocal,
                           sh.validLocal, st);
    if (split)
      tp->allReduce(f(k.row_max()), sh.rows, comm::DataType::F32, comm::ReduceOp::Max);
    kc::crossEntropySumExp(f(k.logits()), i32(k.targets()), f(k.row_max()), f(k.sum_exp()),
                           f(k.target_logit()), sh.rows, sh.vocabLocal, sh.validLocal,
                           k.vocab_start(), st);
    if (split) {
      tp->allReduce(f(k.sum_exp()), sh.rows, comm::DataType::F32, comm::ReduceOp::Sum);
      tp->allReduce(f(k.target_logit()), sh.rows, comm::DataType::F32, comm::ReduceOp::Sum);
    }
    kc::crossEntropyLoss(i32(k.targets()), f(k.row_max()), f(k.sum_exp()),
                         f(k.target_logit()), sh.rows,
                         reinterpret_cast<double *>(scratch("loss")), f(k.loss()), st);
    haveLoss = true;
    break;
  }
  case pb::Step::kCrossEntropyBackward: {
    const auto &k = step.cross_entropy_backward();
    kc::crossEntropyBackward(f(k.logits()), i32(k.targets()), f(k.row_max()), f(k.sum_exp()),
                             f(k.dlogits()), sh.rows, sh.vocabLocal, sh.validLocal,
                             k.vocab_start(), f(k.loss()), gradScale, st);
    break;
  }
  case pb::Step::kTensorAllReduce: {
    const auto &k = step.tensor_all_reduce();
    copyIfDistinct(k.x(), k.y());
    if (split)
      tp->allReduce(f(k.y()), bufferFloats(k.y()), comm::DataType::F32, comm::ReduceOp::Sum);
    break;
  }
  case pb::Step::kTensorAllGather: {
    const auto &k = step.tensor_all_gather();
    if (split)
      tp->allGather(f(k.x()), f(k.y()), bufferFloats(k.x()), comm::DataType::F32);
    else
      copyIfDistinct(k.x(), k.y());
    break;
  }
  case pb::Step::kTensorReduceScatter: {
    const auto &k = step.tensor_reduce_scatter();
    if (split)
      tp->reduceScatter(f(k.x()), f(k.y()), bufferFloats(k.y()), comm::DataType::F32);
    else
      copyIfDistinct(k.x(), k.y());
    break;
  }
  case pb::Step::kBiasAdd: {
    const auto &k = step.bias_add();
    int64_t cols = paramFloats(k.bias_param());
    kc::biasAdd(f(k.x()), param(k.bias_param()), f(k.y()), bufferFloats(k.x()) / cols, cols,
                st);
    break;
  }
  case pb::Step::kBiasAddBackward: {
    const auto &k = step.bias_add_backward();
    int64_t cols = paramFloats(k.bias_grad());
    kc::biasGradAccumulate(f(k.dy()), grad(k.bias_grad()), bufferFloats(k.dy()) / cols, cols,
                           st);
    break;
  }
  default:
    throw PlanError("the GPU backend has no kernel for " + describeStep(planData, s));
  }
}

void CudaExecutor::zeroGrads() {
  checkCuda(cudaMemsetAsync(grads, 0, flatFloats * sizeof(float), compute), "zero gradients");
}

StepReport CudaExecutor::optimizerStep(const OptimizerConfig &cfg) {
  double *normSum = reinterpret_cast<double *>(scratch("norm_sum"));
  int *nonFinite = reinterpret_cast<int *>(scratch("non_finite"));
  float *gradScale = scratch("grad_scale");
  checkCuda(cudaMemsetAsync(normSum, 0, sizeof(double), compute), "zero the norm");
  checkCuda(cudaMemsetAsync(nonFinite, 0, sizeof(int), compute), "zero the flag");
  // Padding between params is zero in the gradients, so one pass covers all.
  kc::sumSquaresAndCheck(grads, flatFloats, normSum,
                         nonFinite, reinterpret_cast<double *>(scratch("norm_partials")),
                         compute);
  kc::clipCoefficient(normSum, nonFinite, static_cast<float>(cfg.clipGrad), 1.0f, gradScale,
                      compute);
  StepReport report;
  report.lr = learningRate(cfg, steps);
  kernels::AdamWStep s{static_cast<float>(report.lr), static_cast<float>(cfg.beta1),
                       static_cast<float>(cfg.beta2), static_cast<float>(cfg.eps),
                       static_cast<float>(cfg.weightDecay), steps + 1, 1.0f};
  kc::adamwChunks(s, static_cast<const kc::AdamChunk *>(adamChunks), numAdamChunks, params,
                  grads, adamM, adamV, gradScale, compute);
  zeroGrads();
  // The one host round trip of the step: the norm for the log.
  struct {
    double norm;
    int bad;
  } host{};
  checkCuda(cudaMemcpyAsync(&host.norm, normSum, sizeof(double), cudaMemcpyDeviceToHost,
                            compute),
            "copy the norm");
  checkCuda(cudaMemcpyAsync(&host.bad, nonFinite, sizeof(int), cudaMemcpyDeviceToHost, compute),
            "copy the flag");
  checkCuda(cudaStreamSynchronize(compute), "the optimizer step");
  ++steps;
  report.gradNorm = std::sqrt(host.norm);
  if (host.bad || !std::isfinite(report.gradNorm)) {
    std::ostringstream os;
    os << "iteration " << steps << ": gradient norm is " << report.gradNorm
       << " (a NaN or Inf gradient; the update was skipped on the GPU)";
    throw TrainingError(os.str());
  }
  if (cfg.clipGrad > 0) {
    double c = cfg.clipGrad / (report.gradNorm + 1e-6);
    if (c < 1.0)
      report.clipCoeff = c;
  }
  return report;
}

std::vector<float> CudaExecutor::paramsToHost() const {
  std::vector<float> out(flatFloats);
  checkCuda(cudaMemcpyAsync(out.data(), params, flatFloats * sizeof(float),
                            cudaMemcpyDeviceToHost, compute), "copy params");
  checkCuda(cudaStreamSynchronize(compute), "copy params");
  return out;
}

std::vector<float> CudaExecutor::gradsToHost() const {
  std::vector<float> out(flatFloats);
  checkCuda(cudaMemcpyAsync(out.data(), grads, flatFloats * sizeof(float),
                            cudaMemcpyDeviceToHost, compute), "copy grads");
  checkCuda(cudaStreamSynchronize(compute), "copy grads");
  return out;
}

void CudaExecutor::paramsFromHost(const std::vector<float> &flat) {
  if (static_cast<int64_t>(flat.size()) != flatFloats)
    throw std::invalid_argument("paramsFromHost: " + std::to_string(flat.size()) +
                                " floats for a flat size of " + std::to_string(flatFloats));
  checkCuda(cudaMemcpyAsync(params, flat.data(), flatFloats * sizeof(float),
                            cudaMemcpyHostToDevice, compute), "copy params");
  checkCuda(cudaStreamSynchronize(compute), "copy params");
}

std::vector<char> CudaExecutor::bufferToHost(int32_t id) const {
  std::vector<char> out(index.buffers[id]->bytes());
  checkCuda(cudaMemcpyAsync(out.data(), f(id), out.size(), cudaMemcpyDeviceToHost, compute),
            "copy a buffer");
  checkCuda(cudaStreamSynchronize(compute), "copy a buffer");
  return out;
}

size_t CudaExecutor::cachedGemmPlans() const { return lt->cachedPlans(); }

} // namespace mtc::runtime::gpu
