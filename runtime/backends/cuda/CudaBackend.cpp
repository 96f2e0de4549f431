#include "backends/cuda/CudaBackend.h"
#include "backends/Staging.h"
#include "backends/cuda/DeviceChoice.h"
#include "backends/cuda/DeviceCheck.h"
#include "backends/cuda/DeviceCommunicator.h"

#include "comm/Communicator.h"
#include "comm/Launch.h"
#include "kernels/cuda/CudaCheck.h"
#include "kernels/cuda/DeviceKernels.h"
#include "kernels/cuda/GemmOperands.h"
#include "kernels/cuda/GemmPlan.h"
#include "kernels/cuda/LtGemm.h"
#include "kernels/cuda/cuda_kernels.h"
#include "kernels/math/layer_norm.h"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <stdexcept>
#include <utility>

namespace mtc::runtime::gpu {
namespace kc = kernels::cuda;
namespace kg = kernels::gpu;
using kc::checkCuda;

namespace {

// The device results the host reads back, in one allocation: the loss
// (sum, count) in double, and the squared norm with its NaN/Inf flag next to
// each other so one copy brings both.
struct ReduceBlock {
  double loss[2];
  double normSum;
  int32_t nonFinite;
  int32_t pad;
  double normPartials[kc::kNormPartials];
};
// Its pinned host mirror.
struct HostResults {
  double loss[2];
  double normSum;
  int32_t nonFinite;
  int32_t pad;
};
static_assert(offsetof(ReduceBlock, normSum) == offsetof(HostResults, normSum) &&
              offsetof(ReduceBlock, pad) == offsetof(HostResults, pad));
// normSum and nonFinite, copied together.
constexpr size_t kNormBytes = offsetof(ReduceBlock, pad) - offsetof(ReduceBlock, normSum);

void requireBytes(int64_t bytes, const char *call) {
  if (bytes < 0)
    throw std::invalid_argument(std::string("CudaBackend::") + call + ": " +
                                std::to_string(bytes) + " bytes");
}

} // namespace

std::unique_ptr<Backend> makeCudaBackend(comm::Communicator &world) {
  DeviceStatus status = probeDevices();
  double missing = status.usable ? 0 : 1;
  world.allReduce(&missing, 1, comm::DataType::F64, comm::ReduceOp::Sum);
  if (!status.usable)
    throw std::runtime_error("no usable GPU: " + status.problem);
  if (missing > 0)
    throw std::runtime_error("no usable GPU: " + std::to_string(static_cast<int>(missing)) +
                             " of the " + std::to_string(world.size()) +
                             " ranks have none (see their messages)");
  // Every rank passed the collective above, so a rank's own error here meets
  // the others' agreement in agreeOnBackend.
  comm::Launch launch = comm::readLaunch();
  return std::make_unique<CudaBackend>(deviceForLocalRank(
      launch.localRank, launch.localRankVariable, status.devices, world.size()));
}

// ---------------------------------------------------------------- lifetime

CudaBackend::CudaBackend(int device, int64_t gemmWorkspaceBytes) : deviceIndex(device) {
  try {
    checkCuda(cudaSetDevice(device), "cudaSetDevice");
    cudaDeviceProp prop{};
    checkCuda(cudaGetDeviceProperties(&prop, device), "cudaGetDeviceProperties");
    smMajor = prop.major;
    nameOfDevice = std::string(prop.name) + " (device " + std::to_string(device) + ", sm_" +
                   std::to_string(prop.major) + std::to_string(prop.minor) + ")";
    checkCuda(cudaStreamCreateWithFlags(&compute, cudaStreamNonBlocking), "cudaStreamCreate");
    gemmWorkspace = allocate(gemmWorkspaceBytes, "the cuBLASLt workspace");
    lt = std::make_unique<kc::LtGemm>(gemmWorkspace, static_cast<size_t>(gemmWorkspaceBytes));
    reduceBlock = allocate(sizeof(ReduceBlock), "the loss and norm results");
    checkCuda(cudaMallocHost(&pinned, sizeof(HostResults)), "cudaMallocHost(results)");
  } catch (...) {
    releaseAll();
    throw;
  }
}

CudaBackend::~CudaBackend() { releaseAll(); }

void CudaBackend::releaseAll() {
  if (compute)
    cudaStreamSynchronize(compute);
  lt.reset();
  releaseStaging();
  for (Scratch *s :
       {&layerNormStats, &attentionRowDot, &biasGradVector, &copyBounce, &gemmOperands})
    s->reset();
  for (PositionsOnDevice &p : ringPositions)
    cudaFree(p.device);
  ringPositions.clear();
  if (gemmWorkspace)
    cudaFree(gemmWorkspace);
  if (reduceBlock)
    cudaFree(reduceBlock);
  if (pinned)
    cudaFreeHost(pinned);
  if (compute)
    cudaStreamDestroy(compute);
  gemmWorkspace = reduceBlock = pinned = nullptr;
  compute = nullptr;
}

std::vector<std::pair<std::string, int64_t>> CudaBackend::memoryByUse() const {
  std::map<std::string, int64_t> byUse;
  for (const auto &[ptr, block] : liveBlocks) {
    // "the activation arena of 123456 bytes": one use whatever its size (a
    // short number, as in "fp32" or "16-bit", is part of the name).
    const std::string &what = block.second;
    std::string use;
    for (size_t i = 0; i < what.size();) {
      size_t j = i;
      while (j < what.size() && std::isdigit(static_cast<unsigned char>(what[j])))
        ++j;
      if (j == i)
        use += what[i++];
      else
        use += j - i >= 4 ? std::string("N") : what.substr(i, j - i), i = j;
    }
    byUse[use] += block.first;
  }
  for (const Scratch *s :
       {&layerNormStats, &attentionRowDot, &biasGradVector, &copyBounce, &gemmOperands})
    if (s->bytes() > 0)
      byUse[s->use] += s->bytes();
  std::vector<std::pair<std::string, int64_t>> sorted(byUse.begin(), byUse.end());
  std::stable_sort(sorted.begin(), sorted.end(),
                   [](const auto &a, const auto &b) { return a.second > b.second; });
  return sorted;
}

void *CudaBackend::Scratch::get(int64_t bytes, cudaStream_t stream, const char *what) {
  if (bytes <= capacity)
    return ptr;
  // Kernels enqueued earlier may still read the old buffer.
  kc::waitForStream(stream, "grow scratch");
  reset();
  int64_t grown = std::max<int64_t>(bytes, 4096);
  if (cudaMalloc(&ptr, static_cast<size_t>(grown)) != cudaSuccess) {
    cudaGetLastError();
    ptr = nullptr;
    throw kc::CudaError(std::string("cannot allocate ") + std::to_string(grown) +
                        " bytes of GPU scratch for " + what);
  }
  capacity = grown;
  return ptr;
}

void CudaBackend::Scratch::reset() {
  if (ptr)
    cudaFree(ptr);
  ptr = nullptr;
  capacity = 0;
}

// ------------------------------------------------------------------ memory

void *CudaBackend::allocate(int64_t bytes, const std::string &what) {
  if (bytes < 0)
    throw std::invalid_argument("cannot allocate " + what + ": " + std::to_string(bytes) +
                                " bytes");
  // Whole 64-byte lines, as the host backend: a zero-byte request still
  // gets a distinct pointer.
  size_t rounded = static_cast<size_t>((std::max<int64_t>(bytes, 1) + 63) / 64 * 64);
  void *p = nullptr;
  cudaError_t e = cudaMalloc(&p, rounded);
  if (e != cudaSuccess) {
    cudaGetLastError(); // an allocation failure must not fail the next launch
    size_t freeBytes = 0, totalBytes = 0;
    cudaMemGetInfo(&freeBytes, &totalBytes);
    throw kc::CudaError("cannot allocate " + what + " (" + std::to_string(bytes) +
                        " bytes of GPU memory; " + std::to_string(freeBytes >> 20) +
                        " MiB free of " + std::to_string(totalBytes >> 20) +
                        "): " + cudaGetErrorString(e));
  }
  cudaError_t z = cudaMemsetAsync(p, 0, rounded, compute);
  if (z != cudaSuccess) {
    cudaFree(p);
    checkCuda(z, ("zero " + what).c_str());
  }
  liveBlocks[p] = {static_cast<int64_t>(rounded), what};
  return p;
}

void CudaBackend::release(void *device) {
  if (!device)
    return;
  // Work enqueued before may still use the memory. Called from destructors,
  // also while an earlier error unwinds: never throws (that error is the one
  // reported).
  try {
    kc::waitForStream(compute, "release device memory");
  } catch (const std::exception &) {
  }
  liveBlocks.erase(device);
  cudaFree(device);
  cudaGetLastError();
}

void CudaBackend::toHost(void *host, const void *device, int64_t bytes) {
  requireBytes(bytes, "toHost");
  if (bytes == 0)
    return;
  checkCuda(cudaMemcpyAsync(host, device, static_cast<size_t>(bytes), cudaMemcpyDeviceToHost,
                            compute),
            "copy device to host");
  kc::waitForStream(compute, "copy device to host");
}

void CudaBackend::toDevice(void *device, const void *host, int64_t bytes) {
  requireBytes(bytes, "toDevice");
  if (bytes == 0)
    return;
  checkCuda(cudaMemcpyAsync(device, host, static_cast<size_t>(bytes), cudaMemcpyHostToDevice,
                            compute),
            "copy host to device");
  // The caller may reuse the host memory on return.
  kc::waitForStream(compute, "copy host to device");
}

void CudaBackend::copy(void *dst, const void *src, int64_t bytes) {
  requireBytes(bytes, "copy");
  if (bytes == 0 || dst == src)
    return;
  const size_t n = static_cast<size_t>(bytes);
  auto d = reinterpret_cast<uintptr_t>(dst), s = reinterpret_cast<uintptr_t>(src);
  bool overlap = d < s + n && s < d + n;
  if (!overlap) {
    checkCuda(cudaMemcpyAsync(dst, src, n, cudaMemcpyDeviceToDevice, compute), "copy");
    return;
  }
  // cudaMemcpy does not promise memmove semantics: bounce through scratch.
  void *tmp = copyBounce.get(bytes, compute, "an overlapping copy");
  checkCuda(cudaMemcpyAsync(tmp, src, n, cudaMemcpyDeviceToDevice, compute), "copy");
  checkCuda(cudaMemcpyAsync(dst, tmp, n, cudaMemcpyDeviceToDevice, compute), "copy");
}

void CudaBackend::fill32(void *dst, uint32_t word, int64_t words) {
  kc::fill32(static_cast<uint32_t *>(dst), word, words, compute);
}

void CudaBackend::synchronize() {
  kc::waitForStream(compute, "synchronize the compute stream");
}

std::unique_ptr<comm::Communicator> CudaBackend::deviceGroup(comm::Communicator &group,
                                                             bool overlap) {
  return std::make_unique<DeviceCommunicator>(group, compute, overlap);
}

size_t CudaBackend::cachedGemmPlans() const { return lt->cachedPlans(); }

// ----------------------------------------------------------------- kernels

void CudaBackend::embeddingForward(const int32_t *tokens, const float *wte, const float *wpe,
                                   float *out, int64_t N, int64_t S, int64_t H,
                                   int64_t vocabStart, int64_t vocabLocal) {
  kc::embeddingForward(tokens, wte, wpe, out, N, S, H, vocabStart, vocabLocal, compute);
}

void CudaBackend::embeddingBackward(const int32_t *tokens, const float *dout, float *dwte,
                                    float *dwpe, int64_t N, int64_t S, int64_t H,
                                    int64_t vocabStart, int64_t vocabLocal) {
  kc::embeddingBackward(tokens, dout, dwte, dwpe, N, S, H, vocabStart, vocabLocal, compute);
}

void CudaBackend::layerNormForward(const float *x, const float *gamma, const float *beta,
                                   float *y, int64_t N, int64_t H, float eps) {
  kc::layerNormForward(x, gamma, beta, y, N, H, eps, compute);
}

void CudaBackend::layerNormBackwardInput(const float *x, const float *gamma, const float *dy,
                                         float *dx, int64_t N, int64_t H, float eps) {
  kc::layerNormBackwardInput(x, gamma, dy, dx, N, H, eps, compute);
}

void CudaBackend::layerNormBackwardWeight(const float *x, const float *dy, float *dgamma,
                                          float *dbeta, int64_t N, int64_t H, float eps) {
  int64_t bytes = kc::layerNormWeightScratchFloats(std::max<int64_t>(N, 0), H) *
                  int64_t(sizeof(float));
  auto *scratch = static_cast<float *>(
      layerNormStats.get(bytes, compute, "layer-norm statistics and column partials"));
  kc::layerNormBackwardWeight(x, dy, dgamma, dbeta, N, H, eps, scratch, compute);
}

std::string CudaBackend::selectCompute(kernels::StorageType type, bool allowTf32) {
  // A bf16/fp16 plan already rounds every stored value to 8 (11) bits: bf16
  // attention operands add rounding of that size. An fp32 plan keeps the
  // CUDA-core attention, which matches the host backend to fp32 accuracy.
  tensorCoreAttention = type != kernels::StorageType::F32;
  // bf16 and TF32 tensor-core GEMMs (and this build's kernels) need sm_80.
  const bool tensorCores = smMajor >= 8;
  operandType = kg::GemmDataType::F32;
  fp32Compute = kg::GemmCompute::F32;
  const std::string notice = " (notice: this GPU (sm_" + std::to_string(smMajor) +
                             "x) has no bf16/TF32 tensor cores)";
  if (type == kernels::StorageType::F32) {
    if (!allowTf32)
      return "fp32 compute";
    if (!tensorCores)
      return "fp32 compute" + notice;
    fp32Compute = kg::GemmCompute::TF32;
    return "TF32 tensor-core GEMMs with fp32 accumulation (cuBLASLt; --no-tf32 for full fp32 "
           "products), fp32 element-wise compute";
  }
  const std::string attention =
      ", flash attention on bf16 tensor cores (fp32 accumulation), fp32 element-wise compute";
  if (!tensorCores)
    return "fp32 GEMMs" + attention + notice;
  const bool bf16 = type == kernels::StorageType::BF16;
  operandType = bf16 ? kg::GemmDataType::BF16 : kg::GemmDataType::F16;
  return std::string(bf16 ? "bf16" : "fp16") +
         " GEMMs with fp32 accumulation (cuBLASLt tensor cores)" + attention;
}

kg::LinearGemmShape CudaBackend::gemmShape(kg::GemmKind kind, int64_t N, int64_t In,
                                           int64_t Out, bool transposed, bool bias,
                                           bool gelu) const {
  kg::LinearGemmShape s{kind, N, In, Out, transposed, bias, operandType};
  s.compute = fp32Compute;
  s.gelu = gelu;
  return s;
}

// One linear step as one cuBLASLt matmul (GemmPlan.h). Returns the epilogue
// that ran: the planned one, or None when the heuristic has no algorithm with
// it (or there are no rows); the caller then applies it with kernels. 16-bit
// operand types first copy A and B to scratch.
kg::GemmEpilogue CudaBackend::matmul(const kg::LinearGemmShape &shape, const Operands &o,
                                     void *epilogueVector) {
  kg::ColumnMajorGemm g = kg::planLinearGemm(shape); // checks the shape
  if (shape.rows == 0)
    return kg::GemmEpilogue::None; // cuBLASLt takes no empty matrices
  // The heuristic is queried once per distinct matmul; LtGemm caches it.
  if (!lt->prepare(g)) {
    g = kc::LtGemm::withoutEpilogue(g);
    lt->prepare(g); // the plain matmul has an algorithm or throws
  }
  auto operand = [&](kg::GemmOperand which) -> const void * {
    switch (which) {
    case kg::GemmOperand::X: return o.x;
    case kg::GemmOperand::W: return o.w;
    case kg::GemmOperand::DY: return o.dy;
    default: return o.out;
    }
  };
  auto stored = [&](kg::GemmOperand which) {
    switch (which) {
    case kg::GemmOperand::X: return o.xStored;
    case kg::GemmOperand::W: return o.wStored;
    case kg::GemmOperand::DY: return o.dyStored;
    default: return false;
    }
  };
  const void *a = operand(g.a), *b = operand(g.b);
  if (g.type != kg::GemmDataType::F32 && !(stored(g.a) && stored(g.b))) {
    // Exact copies of fp32 operands: the values were stored rounded
    // (docs/gpu.md "GEMMs"). 16-bit activations and weights need none.
    const int64_t aElements = g.lda * g.aCols(), bElements = g.ldb * g.bCols();
    auto *scratch = static_cast<char *>(gemmOperands.get(
        kg::gemmOperandScratchBytes(g), compute, "16-bit GEMM operands"));
    char *b16 = scratch + (aElements * 2 + kg::kGemmOperandAlign - 1) / kg::kGemmOperandAlign *
                              kg::kGemmOperandAlign;
    if (!stored(g.a)) {
      kc::toGemmOperand(static_cast<const float *>(a), scratch, aElements, g.type, compute);
      a = scratch;
    }
    if (!stored(g.b)) {
      kc::toGemmOperand(static_cast<const float *>(b), b16, bElements, g.type, compute);
      b = b16;
    }
  }
  lt->run(g, {a, b, o.out, g.usesVector() ? epilogueVector : nullptr, o.aux}, compute);
  return g.epilogue;
}

void CudaBackend::linearForward(const float *x, const float *w, const float *bias, float *y,
                                int64_t N, int64_t In, int64_t Out, bool transposed) {
  Operands o;
  o.x = x, o.w = w, o.out = y;
  if (matmul(gemmShape(kg::GemmKind::Forward, N, In, Out, transposed, bias != nullptr), o,
             const_cast<float *>(bias)) == kg::GemmEpilogue::None &&
      bias)
    kc::biasAdd(y, bias, y, N, Out, compute);
}

void CudaBackend::linearBiasGelu(const float *x, const float *w, const float *bias, float *pre,
                                 float *y, int64_t N, int64_t In, int64_t Out,
                                 bool transposed) {
  if (!bias)
    throw std::invalid_argument("CudaBackend::linearBiasGelu: the fused step needs a bias");
  Operands o;
  o.x = x, o.w = w, o.out = y, o.aux = pre;
  kg::LinearGemmShape shape = gemmShape(kg::GemmKind::Forward, N, In, Out, transposed, true,
                                        /*gelu=*/true);
  // Without the GeLU epilogue: the pre-activation into `pre` (bias by the
  // Bias epilogue or the kernel), then the GeLU.
  if (N > 0 && lt->prepare(kg::planLinearGemm(shape))) {
    matmul(shape, o, const_cast<float *>(bias));
    return;
  }
  shape.gelu = false;
  o.out = pre, o.aux = nullptr;
  if (matmul(shape, o, const_cast<float *>(bias)) == kg::GemmEpilogue::Bias)
    kc::geluForward(pre, y, N * Out, /*exact=*/false, compute);
  else
    kc::biasGelu(pre, bias, pre, y, N, Out, compute);
}

void CudaBackend::linearBackwardInput(const float *dy, const float *w, float *dx, int64_t N,
                                      int64_t In, int64_t Out, bool transposed) {
  Operands o;
  o.dy = dy, o.w = w, o.out = dx;
  matmul(gemmShape(kg::GemmKind::BackwardInput, N, In, Out, transposed, false), o, nullptr);
}

void CudaBackend::linearBackwardInputGelu(const float *dy, const float *w, const float *pre,
                                          float *dx, int64_t N, int64_t In, int64_t Out,
                                          bool transposed) {
  Operands o;
  o.dy = dy, o.w = w, o.out = dx, o.aux = const_cast<float *>(pre);
  kg::LinearGemmShape shape = gemmShape(kg::GemmKind::BackwardInput, N, In, Out, transposed,
                                        false, /*gelu=*/true);
  // Fallback: the input gradient into dx, then dx *= gelu'(pre) in place.
  if (matmul(shape, o, nullptr) != kg::GemmEpilogue::DGelu)
    kc::geluBackward(pre, dx, dx, N * In, /*exact=*/false, compute);
}

void CudaBackend::linearBackwardWeight(const float *x, const float *dy, float *dw,
                                       float *dbias, int64_t N, int64_t In, int64_t Out,
                                       bool transposed) {
  Operands o;
  o.x = x, o.dy = dy, o.out = dw;
  // The BGrad epilogue writes the bias gradient while gradients accumulate:
  // it goes to scratch and one Out-sized add accumulates it.
  float *vector = dbias ? static_cast<float *>(biasGradVector.get(
                              Out * int64_t(sizeof(float)), compute, "the bias gradient"))
                        : nullptr;
  if (matmul(gemmShape(kg::GemmKind::BackwardWeight, N, In, Out, transposed, dbias != nullptr),
             o, vector) != kg::GemmEpilogue::None)
    kc::add(dbias, vector, dbias, Out, compute);
  else if (dbias)
    kc::biasGradAccumulate(dy, dbias, N, Out, compute);
}

bool CudaBackend::storedAsOperand(kernels::In x) const {
  return (x.type == kernels::StorageType::BF16 && operandType == kg::GemmDataType::BF16) ||
         (x.type == kernels::StorageType::FP16 && operandType == kg::GemmDataType::F16);
}

void CudaBackend::linearForward(kernels::In x, kernels::In w, kernels::In bias, kernels::Out y,
                                int64_t N, int64_t In, int64_t Out, bool transposed) {
  if (x.isF32() && w.isF32() && (!bias || bias.isF32()) && y.isF32())
    return linearForward(x.f32(), w.f32(), bias.f32(), y.f32(), N, In, Out, transposed);
  Staging s(*this);
  Operands o;
  o.xStored = storedAsOperand(x), o.wStored = storedAsOperand(w);
  o.x = o.xStored ? x.data : s.in(x, N * In);
  o.w = o.wStored ? w.data : s.in(w, In * Out);
  float *out = s.out(y, N * Out);
  const float *b = s.in(bias, Out);
  o.out = out;
  if (matmul(gemmShape(kg::GemmKind::Forward, N, In, Out, transposed, b != nullptr), o,
             const_cast<float *>(b)) == kg::GemmEpilogue::None &&
      b)
    kc::biasAdd(out, b, out, N, Out, compute);
  s.commit();
}

void CudaBackend::linearBackwardInput(kernels::In dy, kernels::In w, kernels::Out dx, int64_t N,
                                      int64_t In, int64_t Out, bool transposed) {
  if (dy.isF32() && w.isF32() && dx.isF32())
    return linearBackwardInput(dy.f32(), w.f32(), dx.f32(), N, In, Out, transposed);
  Staging s(*this);
  Operands o;
  o.dyStored = storedAsOperand(dy), o.wStored = storedAsOperand(w);
  o.dy = o.dyStored ? dy.data : s.in(dy, N * Out);
  o.w = o.wStored ? w.data : s.in(w, In * Out);
  o.out = s.out(dx, N * In);
  matmul(gemmShape(kg::GemmKind::BackwardInput, N, In, Out, transposed, false), o, nullptr);
  s.commit();
}

void CudaBackend::linearBackwardWeight(kernels::In x, kernels::In dy, kernels::Out dw,
                                       kernels::Out dbias, int64_t N, int64_t In, int64_t Out,
                                       bool transposed) {
  if (x.isF32() && dy.isF32() && dw.isF32() && (!dbias || dbias.isF32()))
    return linearBackwardWeight(x.f32(), dy.f32(), dw.f32(), dbias.f32(), N, In, Out,
                                transposed);
  Staging s(*this);
  Operands o;
  o.xStored = storedAsOperand(x), o.dyStored = storedAsOperand(dy);
  o.x = o.xStored ? x.data : s.in(x, N * In);
  o.dy = o.dyStored ? dy.data : s.in(dy, N * Out);
  o.out = s.out(dw, In * Out, /*load=*/true);
  float *bias = s.out(dbias, Out, /*load=*/true);
  float *vector = bias ? static_cast<float *>(biasGradVector.get(
                             Out * int64_t(sizeof(float)), compute, "the bias gradient"))
                       : nullptr;
  if (matmul(gemmShape(kg::GemmKind::BackwardWeight, N, In, Out, transposed, bias != nullptr),
             o, vector) != kg::GemmEpilogue::None)
    kc::add(bias, vector, bias, Out, compute);
  else if (bias)
    kc::biasGradAccumulate(o.dyStored ? s.in(dy, N * Out) : static_cast<const float *>(o.dy),
                           bias, N, Out, compute);
  s.commit();
}

void CudaBackend::tokenTypeAdd(const kernels::TokenTypeShape &t, const float *x,
                               const int32_t *types, const float *table, float *y) {
  kc::tokenTypeAdd(t, x, types, table, y, compute);
}

void CudaBackend::tokenTypeAddBackward(const kernels::TokenTypeShape &t, const int32_t *types,
                                       const float *dy, float *dtable) {
  kc::tokenTypeAddBackward(t, types, dy, dtable, compute);
}

void CudaBackend::firstToken(const float *x, float *y, int64_t B, int64_t S, int64_t H,
                             bool owner) {
  kc::firstToken(x, y, B, S, H, owner, compute);
}

void CudaBackend::firstTokenBackward(const float *dy, float *dx, int64_t B, int64_t S,
                                     int64_t H, bool owner) {
  kc::firstTokenBackward(dy, dx, B, S, H, owner, compute);
}

void CudaBackend::tanhForward(const float *x, float *y, int64_t n) {
  kc::tanhForward(x, y, n, compute);
}

void CudaBackend::tanhBackward(const float *y, const float *dy, float *dx, int64_t n) {
  kc::tanhBackward(y, dy, dx, n, compute);
}

void CudaBackend::rmsNormForward(const float *x, const float *gamma, float *y, int64_t N,
                                 int64_t H, float eps) {
  kc::rmsNormForward(x, gamma, y, N, H, eps, compute);
}

void CudaBackend::rmsNormBackwardInput(const float *x, const float *gamma, const float *dy,
                                       float *dx, int64_t N, int64_t H, float eps) {
  kc::rmsNormBackwardInput(x, gamma, dy, dx, N, H, eps, compute);
}

// The rows' 1 / rms go to the layer-norm statistics scratch (the two never
// run at once: one stream).
void CudaBackend::rmsNormBackwardWeight(const float *x, const float *dy, float *dgamma,
                                        int64_t N, int64_t H, float eps) {
  int64_t bytes = kc::rmsNormWeightScratchFloats(std::max<int64_t>(N, 0), H) *
                  int64_t(sizeof(float));
  auto *scratch = static_cast<float *>(
      layerNormStats.get(bytes, compute, "RMSNorm statistics and column partials"));
  kc::rmsNormBackwardWeight(x, dy, dgamma, N, H, eps, scratch, compute);
}

void CudaBackend::rotary(const kernels::RotaryShape &r, const float *x, float *y) {
  kc::rotary(r, x, y, compute);
}

void CudaBackend::swigluForward(const float *gate, const float *up, float *y, int64_t n) {
  kc::swigluForward(gate, up, y, n, compute);
}

void CudaBackend::swigluBackward(const float *gate, const float *up, const float *dy,
                                 float *dgate, float *dup, int64_t n) {
  kc::swigluBackward(gate, up, dy, dgate, dup, n, compute);
}

void CudaBackend::geluForward(const float *x, float *y, int64_t n, bool exact) {
  kc::geluForward(x, y, n, exact, compute);
}

void CudaBackend::geluBackward(const float *x, const float *dy, float *dx, int64_t n,
                               bool exact) {
  kc::geluBackward(x, dy, dx, n, exact, compute);
}

void CudaBackend::add(const float *a, const float *b, float *out, int64_t n) {
  kc::add(a, b, out, n, compute);
}

void CudaBackend::scale(const float *x, float alpha, float *out, int64_t n) {
  kc::scale(x, alpha, out, n, compute);
}

void CudaBackend::dropout(const float *x, float *y, int64_t n, float rate, uint64_t seed,
                          uint64_t stream, uint64_t offset) {
  kc::dropout(x, y, n, rate, seed, stream, offset, compute);
}

void CudaBackend::biasAdd(const float *x, const float *bias, float *y, int64_t rows,
                          int64_t cols) {
  kc::biasAdd(x, bias, y, rows, cols, compute);
}

void CudaBackend::biasGrad(const float *dy, float *dbias, int64_t rows, int64_t cols) {
  kc::biasGradAccumulate(dy, dbias, rows, cols, compute);
}

void CudaBackend::attentionForward(const kernels::AttentionShape &a, const float *qkv,
                                   float *out, float *lse) {
  if (tensorCoreAttention)
    kc::flashAttentionForward(a, qkv, out, lse, compute);
  else
    kc::attentionForward(a, qkv, out, lse, compute);
}

void CudaBackend::attentionBackward(const kernels::AttentionShape &a, const float *qkv,
                                    const float *out, const float *lse, const float *dout,
                                    float *dqkv) {
  int64_t rows = std::max<int64_t>(a.batch, 0) * std::max<int64_t>(a.heads, 0) *
                 std::max<int64_t>(a.seq, 0);
  auto *rowDot = static_cast<float *>(
      attentionRowDot.get(rows * int64_t(sizeof(float)), compute, "attention row sums"));
  if (tensorCoreAttention)
    kc::flashAttentionBackward(a, qkv, out, lse, dout, dqkv, rowDot, compute);
  else
    kc::attentionBackward(a, qkv, out, lse, dout, dqkv, rowDot, compute);
}

void CudaBackend::attentionDecode(const kernels::DecodeShape &d, const float *qkv, float *keys,
                                  float *values, float *out) {
  kc::attentionDecode(d, qkv, keys, values, out, compute);
}

// Ring attention's positions arrive in host memory (Backend.h). A context
// shard's arrays never change, so each distinct array is uploaded once and
// looked up by its values (a few short arrays: cp of them per shard).
const int64_t *CudaBackend::positionsOnDevice(const int64_t *host, int64_t n) {
  if (n <= 0)
    return nullptr;
  for (const PositionsOnDevice &p : ringPositions)
    if (static_cast<int64_t>(p.host.size()) >= n &&
        std::equal(host, host + n, p.host.begin()))
      return p.device;
  // Many distinct arrays means shapes keep changing: start over (after the
  // kernels that may still read the old ones).
  constexpr size_t kMaxArrays = 64;
  if (ringPositions.size() >= kMaxArrays) {
    kc::waitForStream(compute, "free ring attention positions");
    for (PositionsOnDevice &p : ringPositions)
      cudaFree(p.device);
    ringPositions.clear();
  }
  PositionsOnDevice p;
  p.host.assign(host, host + n);
  const size_t bytes = static_cast<size_t>(n) * sizeof(int64_t);
  if (cudaMalloc(reinterpret_cast<void **>(&p.device), bytes) != cudaSuccess) {
    cudaGetLastError();
    throw kc::CudaError("cannot allocate " + std::to_string(bytes) +
                        " bytes of GPU memory for ring attention positions");
  }
  // Stream-ordered: the entry keeps its host copy alive until freed above,
  // after the stream has drained.
  cudaError_t e = cudaMemcpyAsync(p.device, p.host.data(), bytes, cudaMemcpyHostToDevice,
                                  compute);
  if (e != cudaSuccess) {
    cudaFree(p.device);
    checkCuda(e, "copy ring attention positions to the device");
  }
  ringPositions.push_back(std::move(p));
  return ringPositions.back().device;
}

void CudaBackend::attentionBlockForward(const kernels::AttentionBlock &blk, const float *qkv,
                                        const float *kv, float *out, float *lse, bool first) {
  kc::checkAttentionBlockPositions(
      first ? "CudaBackend::attentionBlockForwardFirst" : "CudaBackend::attentionBlockForward",
      blk);
  kernels::AttentionBlock onDevice = blk;
  onDevice.positions =
      positionsOnDevice(blk.positions, blk.queries > 0 ? blk.firstQuery + blk.queries : 0);
  onDevice.keyPositions = positionsOnDevice(blk.keyPositions, blk.keys);
  kc::attentionBlockForward(onDevice, qkv, kv, out, lse, first, compute);
}

void CudaBackend::attentionBlockBackward(const kernels::AttentionBlock &blk, const float *qkv,
                                         const float *kv, const float *out, const float *lse,
                                         const float *dout, float *dqkv, float *dkv) {
  kc::checkAttentionBlockPositions("CudaBackend::attentionBlockBackward", blk);
  kernels::AttentionBlock onDevice = blk;
  onDevice.positions =
      positionsOnDevice(blk.positions, blk.queries > 0 ? blk.firstQuery + blk.queries : 0);
  onDevice.keyPositions = positionsOnDevice(blk.keyPositions, blk.keys);
  int64_t rows = std::max<int64_t>(blk.whole.batch, 0) * std::max<int64_t>(blk.whole.heads, 0) *
                 std::max<int64_t>(blk.queries, 0);
  auto *rowDot = static_cast<float *>(
      attentionRowDot.get(rows * int64_t(sizeof(float)), compute, "attention row sums"));
  kc::attentionBlockBackward(onDevice, qkv, kv, out, lse, dout, dqkv, dkv, rowDot, compute);
}

void CudaBackend::packKeyValues(const kernels::AttentionShape &a, int64_t S, const float *qkv,
                                float *kv) {
  kc::packKeyValues(a, S, qkv, kv, compute);
}

void CudaBackend::addKeyValueGrads(const kernels::AttentionShape &a, int64_t S, int64_t kvRows,
                                   int64_t rows, const float *dkv, float *dqkv) {
  kc::addKeyValueGrads(a, S, kvRows, rows, dkv, dqkv, compute);
}

void CudaBackend::crossEntropyRowMax(const float *logits, float *rowMax, int64_t N, int64_t V,
                                     int64_t validLocal) {
  kc::crossEntropyRowMax(logits, rowMax, N, V, validLocal, compute);
}

void CudaBackend::crossEntropySumExp(const float *logits, const int32_t *targets,
                                     const float *rowMax, float *sumExp, float *targetLogit,
                                     int64_t N, int64_t V, int64_t validLocal,
                                     int64_t vocabStart) {
  kc::crossEntropySumExp(logits, targets, rowMax, sumExp, targetLogit, N, V, validLocal,
                         vocabStart, compute);
}

double CudaBackend::crossEntropyLoss(const int32_t *targets, const float *rowMax,
                                     const float *sumExp, const float *targetLogit, int64_t N,
                                     float *lossBuffer, int64_t *count) {
  auto *block = static_cast<ReduceBlock *>(reduceBlock);
  auto *host = static_cast<HostResults *>(pinned);
  kc::crossEntropyLoss(targets, rowMax, sumExp, targetLogit, N, block->loss, lossBuffer,
                       compute);
  checkCuda(cudaMemcpyAsync(host->loss, block->loss, sizeof host->loss,
                            cudaMemcpyDeviceToHost, compute),
            "copy the loss");
  kc::waitForStream(compute, "the loss");
  if (count)
    *count = static_cast<int64_t>(host->loss[1]);
  return host->loss[0];
}

void CudaBackend::crossEntropyBackward(const float *logits, const int32_t *targets,
                                       const float *rowMax, const float *sumExp,
                                       float *dlogits, int64_t N, int64_t V,
                                       int64_t validLocal, int64_t vocabStart,
                                       const float *lossBuffer, float gradScale) {
  kc::crossEntropyBackward(logits, targets, rowMax, sumExp, dlogits, N, V, validLocal,
                           vocabStart, lossBuffer, gradScale, compute);
}

// normSum and nonFinite of the pinned results get x's sum of squares and
// whether any element is NaN/Inf.
void CudaBackend::squaresAndCheck(const float *x, int64_t n) {
  auto *block = static_cast<ReduceBlock *>(reduceBlock);
  auto *host = static_cast<HostResults *>(pinned);
  checkCuda(cudaMemsetAsync(&block->normSum, 0, kNormBytes, compute), "zero the norm");
  kc::sumSquaresAndCheck(x, n, &block->normSum, &block->nonFinite, block->normPartials,
                         compute);
  checkCuda(cudaMemcpyAsync(&host->normSum, &block->normSum, kNormBytes,
                            cudaMemcpyDeviceToHost, compute),
            "copy the norm");
  kc::waitForStream(compute, "the sum of squares");
}

double CudaBackend::sumSquares(const float *x, int64_t n) {
  squaresAndCheck(x, n);
  return static_cast<HostResults *>(pinned)->normSum;
}

bool CudaBackend::hasNonFinite(const float *x, int64_t n) {
  squaresAndCheck(x, n);
  return static_cast<HostResults *>(pinned)->nonFinite != 0;
}

void CudaBackend::launchKernel(const char *name, const void *args, void (*)(const void *)) {
  const kc::DeviceKernel run = kc::findDeviceKernel(name);
  if (!run)
    throw std::logic_error(std::string("the CUDA backend has no kernel '") + name +
                           "' (kernels/cuda/DeviceKernels.h)");
  run(args, compute);
}

void CudaBackend::adamw(const kernels::AdamWStep &s, float *param, const float *grad, float *m,
                        float *v, int64_t n) {
  kc::adamw(s, param, grad, m, v, n, compute);
}

void CudaBackend::roundToStorage(float *x, int64_t n, kernels::StorageType type) {
  kc::roundToStorage(x, n, type, compute);
}

void CudaBackend::convert(kernels::In src, kernels::Out dst, int64_t n) {
  kc::convert(src, dst, n, compute);
}

void CudaBackend::biasGelu(const float *x, const float *bias, float *pre, float *y,
                           int64_t rows, int64_t cols) {
  kc::biasGelu(x, bias, pre, y, rows, cols, compute);
}

void CudaBackend::biasDropoutResidual(const float *x, const float *bias, const float *residual,
                                      float *out, int64_t rows, int64_t cols, float rate,
                                      uint64_t seed, uint64_t stream) {
  kc::biasDropoutResidual(x, bias, residual, out, rows, cols, rate, seed, stream, compute);
}

void CudaBackend::addLayerNorm(const float *a, const float *b, float *out, const float *gamma,
                               const float *beta, float *y, int64_t N, int64_t H, float eps) {
  kc::addLayerNormForward(a, b, out, gamma, beta, y, N, H, eps, compute);
}

} // namespace mtc::runtime::gpu
