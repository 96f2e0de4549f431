// The GPU implementation of Backend (backends/Backend.h): device memory from
// cudaMalloc, the kernels of kernels/cuda/cuda_kernels.h and cuBLASLt GEMMs,
// all enqueued on one compute stream, and NCCL for device buffers
// (DeviceCommunicator.h). The host waits only where Backend.h says a call
// returns a host value (toHost, toDevice, sumSquares, hasNonFinite,
// crossEntropyLoss) and in synchronize().
#pragma once
#include "backends/Backend.h"
#include "kernels/cuda/GemmPlan.h"

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include <cuda_runtime_api.h>

namespace mtc::kernels::cuda {
class LtGemm;
}

namespace mtc::runtime::gpu {

// The CUDA backend on this rank's GPU (deviceForLocalRank: its local rank on
// the node, comm/Launch.h); a BackendFactory of main/Main.h. Collective over
// `world`: every rank probes its device and all agree first, so a rank
// without a GPU makes every rank throw std::runtime_error("no usable GPU:
// ...") instead of leaving the others waiting in a later collective.
std::unique_ptr<Backend> makeCudaBackend(comm::Communicator &world);

class CudaBackend final : public Backend {
public:
  // Uses `device` (cudaSetDevice) from this thread on.
  explicit CudaBackend(int device,
                       int64_t gemmWorkspaceBytes = kernels::gpu::kGemmWorkspaceBytes);
  ~CudaBackend() override;
  CudaBackend(const CudaBackend &) = delete;
  CudaBackend &operator=(const CudaBackend &) = delete;

  const char *name() const override { return "cuda"; }
  bool hostAddressable() const override { return false; }
  int device() const { return deviceIndex; }
  const std::string &deviceName() const { return nameOfDevice; }
  cudaStream_t stream() const { return compute; }

  void *allocate(int64_t bytes, const std::string &what) override;
  void release(void *device) override;
  void toHost(void *host, const void *device, int64_t bytes) override;
  void toDevice(void *device, const void *host, int64_t bytes) override;
  void copy(void *dst, const void *src, int64_t bytes) override;
  void fill32(void *dst, uint32_t word, int64_t words) override;
  void synchronize() override;

  std::unique_ptr<comm::Communicator> deviceGroup(comm::Communicator &group,
                                                  bool overlap) override;

  void embeddingForward(const int32_t *tokens, const float *wte, const float *wpe, float *out,
                        int64_t N, int64_t S, int64_t H, int64_t vocabStart,
                        int64_t vocabLocal) override;
  void embeddingBackward(const int32_t *tokens, const float *dout, float *dwte, float *dwpe,
                         int64_t N, int64_t S, int64_t H, int64_t vocabStart,
                         int64_t vocabLocal) override;
  void layerNormForward(const float *x, const float *gamma, const float *beta, float *y,
                        int64_t N, int64_t H, float eps) override;
  void layerNormBackwardInput(const float *x, const float *gamma, const float *dy, float *dx,
                              int64_t N, int64_t H, float eps) override;
  void layerNormBackwardWeight(const float *x, const float *dy, float *dgamma, float *dbeta,
                               int64_t N, int64_t H, float eps) override;
  void linearForward(const float *x, const float *w, const float *bias, float *y, int64_t N,
                     int64_t In, int64_t Out, bool transposedWeight) override;
  void linearBackwardInput(const float *dy, const float *w, float *dx, int64_t N, int64_t In,
                           int64_t Out, bool transposedWeight) override;
  void linearBackwardWeight(const float *x, const float *dy, float *dw, float *dbias,
                            int64_t N, int64_t In, int64_t Out,
                            bool transposedWeight) override;
  void tokenTypeAdd(const kernels::TokenTypeShape &t, const float *x, const int32_t *types,
                    const float *table, float *y) override;
  void tokenTypeAddBackward(const kernels::TokenTypeShape &t, const int32_t *types,
                            const float *dy, float *dtable) override;
  void firstToken(const float *x, float *y, int64_t B, int64_t S, int64_t H,
                  bool owner) override;
  void firstTokenBackward(const float *dy, float *dx, int64_t B, int64_t S, int64_t H,
                          bool owner) override;
  void tanhForward(const float *x, float *y, int64_t n) override;
  void tanhBackward(const float *y, const float *dy, float *dx, int64_t n) override;
  void rmsNormForward(const float *x, const float *gamma, float *y, int64_t N, int64_t H,
                      float eps) override;
  void rmsNormBackwardInput(const float *x, const float *gamma, const float *dy, float *dx,
                            int64_t N, int64_t H, float eps) override;
  void rmsNormBackwardWeight(const float *x, const float *dy, float *dgamma, int64_t N,
                             int64_t H, float eps) override;
  void rotary(const kernels::RotaryShape &r, const float *x, float *y) override;
  void swigluForward(const float *gate, const float *up, float *y, int64_t n) override;
  void swigluBackward(const float *gate, const float *up, const float *dy, float *dgate,
                      float *dup, int64_t n) override;
  void geluForward(const float *x, float *y, int64_t n, bool exact) override;
  void geluBackward(const float *x, const float *dy, float *dx, int64_t n, bool exact) override;
  void add(const float *a, const float *b, float *out, int64_t n) override;
  void scale(const float *x, float alpha, float *out, int64_t n) override;
  void dropout(const float *x, float *y, int64_t n, float rate, uint64_t seed, uint64_t stream,
               uint64_t offset) override;
  void biasAdd(const float *x, const float *bias, float *y, int64_t rows,
               int64_t cols) override;
  void biasGrad(const float *dy, float *dbias, int64_t rows, int64_t cols) override;
  // 16-bit runs: the GEMMs read 16-bit activations and weights as stored
  // (no operand copies); outputs go through fp32 scratch (Backend's typed
  // defaults cover every other kernel).
  using Backend::linearForward;
  using Backend::linearBackwardInput;
  using Backend::linearBackwardWeight;
  void linearForward(kernels::In x, kernels::In w, kernels::In bias, kernels::Out y, int64_t N,
                     int64_t In, int64_t Out, bool transposedWeight) override;
  void linearBackwardInput(kernels::In dy, kernels::In w, kernels::Out dx, int64_t N, int64_t In,
                           int64_t Out, bool transposedWeight) override;
  void linearBackwardWeight(kernels::In x, kernels::In dy, kernels::Out dw, kernels::Out dbias,
                            int64_t N, int64_t In, int64_t Out, bool transposedWeight) override;
  void attentionForward(const kernels::AttentionShape &a, const float *qkv, float *out,
                        float *lse) override;
  void attentionBackward(const kernels::AttentionShape &a, const float *qkv, const float *out,
                         const float *lse, const float *dout, float *dqkv) override;
  void attentionDecode(const kernels::DecodeShape &d, const float *qkv, float *keys,
                       float *values, float *out) override;
  // Ring attention (kernels/cuda/attention_block.cu): the blocks' host
  // position arrays are uploaded once per distinct content (ringPositions).
  void attentionBlockForward(const kernels::AttentionBlock &blk, const float *qkv,
                             const float *kv, float *out, float *lse, bool first) override;
  void attentionBlockBackward(const kernels::AttentionBlock &blk, const float *qkv,
                              const float *kv, const float *out, const float *lse,
                              const float *dout, float *dqkv, float *dkv) override;
  void packKeyValues(const kernels::AttentionShape &a, int64_t S, const float *qkv,
                     float *kv) override;
  void addKeyValueGrads(const kernels::AttentionShape &a, int64_t S, int64_t kvRows,
                        int64_t rows, const float *dkv, float *dqkv) override;
  void crossEntropyRowMax(const float *logits, float *rowMax, int64_t N, int64_t V,
                          int64_t validLocal) override;
  void crossEntropySumExp(const float *logits, const int32_t *targets, const float *rowMax,
                          float *sumExp, float *targetLogit, int64_t N, int64_t V,
                          int64_t validLocal, int64_t vocabStart) override;
  double crossEntropyLoss(const int32_t *targets, const float *rowMax, const float *sumExp,
                          const float *targetLogit, int64_t N, float *lossBuffer,
                          int64_t *count) override;
  void crossEntropyBackward(const float *logits, const int32_t *targets, const float *rowMax,
                            const float *sumExp, float *dlogits, int64_t N, int64_t V,
                            int64_t validLocal, int64_t vocabStart, const float *lossBuffer,
                            float gradScale) override;
  double sumSquares(const float *x, int64_t n) override;
  bool hasNonFinite(const float *x, int64_t n) override;
  void launchKernel(const char *name, const void *args, void (*host)(const void *)) override;
  void adamw(const kernels::AdamWStep &s, float *param, const float *grad, float *m, float *v,
             int64_t n) override;
  void roundToStorage(float *x, int64_t n, kernels::StorageType type) override;
  void convert(kernels::In src, kernels::Out dst, int64_t n) override;
  // bf16/fp16 storage: tensor-core GEMMs on 16-bit operand copies (sm_80+
  // for bf16) and attention on the tensor-core flash kernels; fp32: TF32
  // GEMMs unless !allowTf32 (sm_80+), CUDA-core attention. Without the
  // hardware, fp32 GEMMs and a notice, as the host backend does.
  std::string selectCompute(kernels::StorageType type, bool allowTf32) override;

  bool fusesSteps() const override { return true; }
  void biasGelu(const float *x, const float *bias, float *pre, float *y, int64_t rows,
                int64_t cols) override;
  void biasDropoutResidual(const float *x, const float *bias, const float *residual,
                           float *out, int64_t rows, int64_t cols, float rate, uint64_t seed,
                           uint64_t stream) override;
  void addLayerNorm(const float *a, const float *b, float *out, const float *gamma,
                    const float *beta, float *y, int64_t N, int64_t H, float eps) override;
  void linearBiasGelu(const float *x, const float *w, const float *bias, float *pre, float *y,
                      int64_t N, int64_t In, int64_t Out, bool transposedWeight) override;
  void linearBackwardInputGelu(const float *dy, const float *w, const float *pre, float *dx,
                               int64_t N, int64_t In, int64_t Out,
                               bool transposedWeight) override;

  // Distinct cuBLASLt matmuls prepared so far (each queried once).
  size_t cachedGemmPlans() const;

  // Device memory this backend holds now, by use: allocate()'s live blocks
  // grouped by their `what` (sizes folded to "N"), and each kernel scratch
  // at its grown size. Largest first; mtc-gpu-bench prints it beside the
  // plan's prediction.
  std::vector<std::pair<std::string, int64_t>> memoryByUse() const;

private:
  // Device scratch that grows to the largest request: kernel scratch whose
  // size depends on the call's shape.
  class Scratch {
  public:
    explicit Scratch(const char *use) : use(use) {}
    void *get(int64_t bytes, cudaStream_t stream, const char *what);
    void reset();
    int64_t bytes() const { return capacity; }
    const char *const use;

  private:
    void *ptr = nullptr;
    int64_t capacity = 0;
  };
  struct Operands {
    const void *x = nullptr, *w = nullptr, *dy = nullptr;
    // Already in the GEMM's 16-bit operand type (read as stored, not copied).
    bool xStored = false, wStored = false, dyStored = false;
    void *out = nullptr;
    void *aux = nullptr; // the GeLU epilogues' pre-activation
  };
  // The shape in the selected operand and compute types.
  kernels::gpu::LinearGemmShape gemmShape(kernels::gpu::GemmKind kind, int64_t N, int64_t In,
                                          int64_t Out, bool transposed, bool bias,
                                          bool gelu = false) const;
  kernels::gpu::GemmEpilogue matmul(const kernels::gpu::LinearGemmShape &shape,
                                    const Operands &o, void *epilogueVector);
  void squaresAndCheck(const float *x, int64_t n);
  // Whether a 16-bit operand is stored in the GEMMs' operand type.
  bool storedAsOperand(kernels::In x) const;
  void releaseAll();

  int deviceIndex = 0;
  int smMajor = 0; // compute capability: 8 = Ampere, 9 = Hopper
  std::string nameOfDevice;
  // selectCompute's choice; exact fp32 until a run selects.
  kernels::gpu::GemmDataType operandType = kernels::gpu::GemmDataType::F32;
  kernels::gpu::GemmCompute fp32Compute = kernels::gpu::GemmCompute::F32;
  cudaStream_t compute = nullptr;
  void *gemmWorkspace = nullptr;
  std::unique_ptr<kernels::cuda::LtGemm> lt;
  // Fixed-size device results read back by the host (ReduceBlock in the .cpp)
  // and their pinned host copy.
  void *reduceBlock = nullptr;
  void *pinned = nullptr;
  Scratch layerNormStats{"scratch: layer-norm statistics"},
      attentionRowDot{"scratch: attention row sums"}, biasGradVector{"scratch: bias gradient"},
      copyBounce{"scratch: overlapping copies"};
  // 16-bit copies of A and B (gemmOperandScratchBytes)
  Scratch gemmOperands{"scratch: 16-bit GEMM operands"};
  // allocate()'s live blocks: bytes (rounded) and use, for memoryByUse().
  std::unordered_map<void *, std::pair<int64_t, std::string>> liveBlocks;
  bool tensorCoreAttention = false; // selectCompute: not an fp32 plan
  // Device copies of ring attention's position arrays (a context shard's
  // never change): the host values each holds and where they live. A block
  // reuses any entry whose values begin with its own.
  struct PositionsOnDevice {
    std::vector<int64_t> host; // also the upload's source: kept while it may run
    int64_t *device = nullptr;
  };
  std::vector<PositionsOnDevice> ringPositions;
  const int64_t *positionsOnDevice(const int64_t *host, int64_t n);
};

} // namespace mtc::runtime::gpu
