// What the runtime needs from a device: memory, the kernel set plan steps
// call, ordering, and communicators for device buffers. One Executor,
// Trainer, PipelineRunner and optimizer drive every backend through this
// interface (llm.c's CPU/CUDA pairs, XLA's StreamExecutor); a backend is
// this interface and nothing else. The host backend (CPU kernels, MPI) and
// the CUDA backend (our kernels + cuBLASLt + NCCL, backends/cuda/) implement it.
//
// Semantics every implementation keeps:
//  - Pointers called "device" point into memory from allocate(). On a host
//    backend that is host memory (hostAddressable()); elsewhere the host must
//    not dereference them: use toHost/toDevice or HostView (below).
//  - Work is ordered: a kernel, copy or communicator operation sees the
//    results of everything enqueued before it on this backend. toHost,
//    sumSquares, hasNonFinite and crossEntropyLoss return host values and so
//    wait for what they read. Nothing else needs to block the host.
//  - Kernels have the semantics of kernels/kernels.h (fp32, row-major,
//    "accumulate" kernels add into their outputs).
#pragma once
#include "kernels/Operand.h"
#include "kernels/kernels.h"
#include "kernels/math/precision.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace mtc::comm {
class Communicator;
}

namespace mtc::runtime {

class Backend {
public:
  virtual ~Backend() = default;
  virtual const char *name() const = 0; // "host", "cuda"
  // True when device memory is host memory (HostView then copies nothing).
  virtual bool hostAddressable() const = 0;

  // ---- memory ----
  // Zeroed, 64-byte aligned; throws std::runtime_error naming `what` and the
  // size when the memory is not there.
  virtual void *allocate(int64_t bytes, const std::string &what) = 0;
  virtual void release(void *device) = 0;
  virtual void toHost(void *host, const void *device, int64_t bytes) = 0;
  virtual void toDevice(void *device, const void *host, int64_t bytes) = 0;
  // Device to device; the ranges may overlap (memmove).
  virtual void copy(void *dst, const void *src, int64_t bytes) = 0;
  // dst[0, words) = word (poisoning, zeroing, test hooks).
  virtual void fill32(void *dst, uint32_t word, int64_t words) = 0;
  // Waits for everything enqueued so far.
  virtual void synchronize() = 0;

  // ---- communication ----
  // A communicator over the ranks of `group` (an MPI communicator, which
  // must outlive the result) that takes this backend's device buffers,
  // ordered with the kernels as above. Host buffers may be passed too (loss
  // and norm scalars) and go over `group`. `overlap`: collectives run beside
  // the kernels and iallReduce returns before completing (data-parallel
  // gradient buckets); Request::wait() then orders later work after it.
  virtual std::unique_ptr<comm::Communicator> deviceGroup(comm::Communicator &group,
                                                          bool overlap) = 0;

  // ---- kernels (kernels.h) ----
  virtual void embeddingForward(const int32_t *tokens, const float *wte, const float *wpe,
                                float *out, int64_t N, int64_t S, int64_t H,
                                int64_t vocabStart, int64_t vocabLocal) = 0;
  virtual void embeddingBackward(const int32_t *tokens, const float *dout, float *dwte,
                                 float *dwpe, int64_t N, int64_t S, int64_t H,
                                 int64_t vocabStart, int64_t vocabLocal) = 0;
  virtual void layerNormForward(const float *x, const float *gamma, const float *beta, float *y,
                                int64_t N, int64_t H, float eps) = 0;
  virtual void layerNormBackwardInput(const float *x, const float *gamma, const float *dy,
                                      float *dx, int64_t N, int64_t H, float eps) = 0;
  virtual void layerNormBackwardWeight(const float *x, const float *dy, float *dgamma,
                                       float *dbeta, int64_t N, int64_t H, float eps) = 0;
  virtual void linearForward(const float *x, const float *w, const float *bias, float *y,
                             int64_t N, int64_t In, int64_t Out, bool transposedWeight) = 0;
  virtual void linearBackwardInput(const float *dy, const float *w, float *dx, int64_t N,
                                   int64_t In, int64_t Out, bool transposedWeight) = 0;
  virtual void linearBackwardWeight(const float *x, const float *dy, float *dw, float *dbias,
                                    int64_t N, int64_t In, int64_t Out,
                                    bool transposedWeight) = 0;
  virtual void geluForward(const float *x, float *y, int64_t n, bool exact) = 0;
  virtual void geluBackward(const float *x, const float *dy, float *dx, int64_t n,
                            bool exact) = 0;
  virtual void add(const float *a, const float *b, float *out, int64_t n) = 0;
  virtual void scale(const float *x, float alpha, float *out, int64_t n) = 0;
  virtual void dropout(const float *x, float *y, int64_t n, float rate, uint64_t seed,
                       uint64_t stream, uint64_t offset) = 0;
  // y[r, c] = x[r, c] + bias[c]; dbias[c] += sum_r dy[r, c] (rows in order).
  virtual void biasAdd(const float *x, const float *bias, float *y, int64_t rows,
                       int64_t cols) = 0;
  virtual void biasGrad(const float *dy, float *dbias, int64_t rows, int64_t cols) = 0;
  virtual void tokenTypeAdd(const kernels::TokenTypeShape &t, const float *x,
                            const int32_t *types, const float *table, float *y) = 0;
  virtual void tokenTypeAddBackward(const kernels::TokenTypeShape &t, const int32_t *types,
                                    const float *dy, float *dtable) = 0;
  virtual void firstToken(const float *x, float *y, int64_t B, int64_t S, int64_t H,
                          bool owner) = 0;
  virtual void firstTokenBackward(const float *dy, float *dx, int64_t B, int64_t S, int64_t H,
                                  bool owner) = 0;
  virtual void tanhForward(const float *x, float *y, int64_t n) = 0;
  virtual void tanhBackward(const float *y, const float *dy, float *dx, int64_t n) = 0;
  // The LLaMA family (kernels.h): RMSNorm, rotary embeddings on packed QKV,
  // SwiGLU.
  virtual void rmsNormForward(const float *x, const float *gamma, float *y, int64_t N,
                              int64_t H, float eps) = 0;
  virtual void rmsNormBackwardInput(const float *x, const float *gamma, const float *dy,
                                    float *dx, int64_t N, int64_t H, float eps) = 0;
  virtual void rmsNormBackwardWeight(const float *x, const float *dy, float *dgamma, int64_t N,
                                     int64_t H, float eps) = 0;
  virtual void rotary(const kernels::RotaryShape &r, const float *x, float *y) = 0;
  virtual void swigluForward(const float *gate, const float *up, float *y, int64_t n) = 0;
  virtual void swigluBackward(const float *gate, const float *up, const float *dy, float *dgate,
                              float *dup, int64_t n) = 0;
  // a.lengths, when set, points to device memory.
  virtual void attentionForward(const kernels::AttentionShape &a, const float *qkv, float *out,
                                float *lse) = 0;
  virtual void attentionBackward(const kernels::AttentionShape &a, const float *qkv,
                                 const float *out, const float *lse, const float *dout,
                                 float *dqkv) = 0;
  // Generation: new tokens against the key/value cache (keys, values: device).
  virtual void attentionDecode(const kernels::DecodeShape &d, const float *qkv, float *keys,
                               float *values, float *out) = 0;
  // Context parallelism's ring attention (kernels.h's attention blocks):
  // blk.positions and blk.keyPositions are host memory, the tensors and
  // blk.whole.lengths backend memory. The defaults throw: a backend without
  // them cannot run a context-parallel plan.
  virtual void attentionBlockForward(const kernels::AttentionBlock &blk, const float *qkv,
                                     const float *kv, float *out, float *lse, bool first);
  virtual void attentionBlockBackward(const kernels::AttentionBlock &blk, const float *qkv,
                                      const float *kv, const float *out, const float *lse,
                                      const float *dout, float *dqkv, float *dkv);
  virtual void packKeyValues(const kernels::AttentionShape &a, int64_t S, const float *qkv,
                             float *kv);
  virtual void addKeyValueGrads(const kernels::AttentionShape &a, int64_t S, int64_t kvRows,
                                int64_t rows, const float *dkv, float *dqkv);
  virtual void crossEntropyRowMax(const float *logits, float *rowMax, int64_t N, int64_t V,
                                  int64_t validLocal) = 0;
  virtual void crossEntropySumExp(const float *logits, const int32_t *targets,
                                  const float *rowMax, float *sumExp, float *targetLogit,
                                  int64_t N, int64_t V, int64_t validLocal,
                                  int64_t vocabStart) = 0;
  // The summed loss over counted rows (double) and their number, returned to
  // the host; lossBuffer (device, 2 floats) also gets [sum, count] for the
  // backward step.
  virtual double crossEntropyLoss(const int32_t *targets, const float *rowMax,
                                  const float *sumExp, const float *targetLogit, int64_t N,
                                  float *lossBuffer, int64_t *count) = 0;
  // dlogits = (softmax - onehot) * gradScale / count, count = lossBuffer[1]
  // read where it lives (0 counted rows: zero gradient).
  virtual void crossEntropyBackward(const float *logits, const int32_t *targets,
                                    const float *rowMax, const float *sumExp, float *dlogits,
                                    int64_t N, int64_t V, int64_t validLocal,
                                    int64_t vocabStart, const float *lossBuffer,
                                    float gradScale) = 0;
  // Host results: the sum of squares in double, and whether any is NaN/Inf.
  virtual double sumSquares(const float *x, int64_t n) = 0;
  virtual bool hasNonFinite(const float *x, int64_t n) = 0;
  virtual void adamw(const kernels::AdamWStep &s, float *param, const float *grad, float *m,
                     float *v, int64_t n) = 0;
  // Rounds x[n] in place to the storage type (round to nearest even).
  virtual void roundToStorage(float *x, int64_t n, kernels::StorageType type) = 0;
  // dst[0, n) = src[0, n) in dst's storage type (kernels/Operand.h; round to
  // nearest even when narrowing).
  virtual void convert(kernels::In src, kernels::Out dst, int64_t n) = 0;
  // Chooses what the GEMMs compute in for a run that stores `type` and says
  // so for the log ("fp32 compute"). `allowTf32` false (train --no-tf32)
  // keeps fp32 GEMMs at full fp32 products where a device has TF32. The
  // default computes everything in fp32.
  virtual std::string selectCompute(kernels::StorageType type, bool allowTf32);

  // ---- the kernels on operands stored in bf16 / fp16 (kernels/Operand.h) ----
  // The same kernels with each floating-point operand in its own storage
  // type (kernels.h's typed overloads: fp32 compute, each output rounded
  // once). The defaults widen 16-bit operands into backend scratch, run the
  // fp32 method above and round the outputs back (Backend.cpp); a backend
  // overrides those it runs on 16-bit data itself. All-fp32 operands take the
  // fp32 method.
  virtual void embeddingForward(const int32_t *tokens, kernels::In wte, kernels::In wpe,
                                kernels::Out out, int64_t N, int64_t S, int64_t H,
                                int64_t vocabStart, int64_t vocabLocal);
  virtual void embeddingBackward(const int32_t *tokens, kernels::In dout, kernels::Out dwte,
                                 kernels::Out dwpe, int64_t N, int64_t S, int64_t H,
                                 int64_t vocabStart, int64_t vocabLocal);
  virtual void layerNormForward(kernels::In x, kernels::In gamma, kernels::In beta,
                                kernels::Out y, int64_t N, int64_t H, float eps);
  virtual void layerNormBackwardInput(kernels::In x, kernels::In gamma, kernels::In dy,
                                      kernels::Out dx, int64_t N, int64_t H, float eps);
  virtual void layerNormBackwardWeight(kernels::In x, kernels::In dy, kernels::Out dgamma,
                                       kernels::Out dbeta, int64_t N, int64_t H, float eps);
  virtual void linearForward(kernels::In x, kernels::In w, kernels::In bias, kernels::Out y,
                             int64_t N, int64_t In, int64_t Out, bool transposedWeight);
  virtual void linearBackwardInput(kernels::In dy, kernels::In w, kernels::Out dx, int64_t N,
                                   int64_t In, int64_t Out, bool transposedWeight);
  virtual void linearBackwardWeight(kernels::In x, kernels::In dy, kernels::Out dw,
                                    kernels::Out dbias, int64_t N, int64_t In, int64_t Out,
                                    bool transposedWeight);
  virtual void geluForward(kernels::In x, kernels::Out y, int64_t n, bool exact);
  virtual void geluBackward(kernels::In x, kernels::In dy, kernels::Out dx, int64_t n,
                            bool exact);
  virtual void add(kernels::In a, kernels::In b, kernels::Out out, int64_t n);
  virtual void scale(kernels::In x, float alpha, kernels::Out out, int64_t n);
  virtual void dropout(kernels::In x, kernels::Out y, int64_t n, float rate, uint64_t seed,
                       uint64_t stream, uint64_t offset);
  virtual void biasAdd(kernels::In x, kernels::In bias, kernels::Out y, int64_t rows,
                       int64_t cols);
  virtual void biasGrad(kernels::In dy, kernels::Out dbias, int64_t rows, int64_t cols);
  virtual void tokenTypeAdd(const kernels::TokenTypeShape &t, kernels::In x,
                            const int32_t *types, kernels::In table, kernels::Out y);
  virtual void tokenTypeAddBackward(const kernels::TokenTypeShape &t, const int32_t *types,
                                    kernels::In dy, kernels::Out dtable);
  virtual void firstToken(kernels::In x, kernels::Out y, int64_t B, int64_t S, int64_t H,
                          bool owner);
  virtual void firstTokenBackward(kernels::In dy, kernels::Out dx, int64_t B, int64_t S,
                                  int64_t H, bool owner);
  virtual void tanhForward(kernels::In x, kernels::Out y, int64_t n);
  virtual void tanhBackward(kernels::In y, kernels::In dy, kernels::Out dx, int64_t n);
  virtual void rmsNormForward(kernels::In x, kernels::In gamma, kernels::Out y, int64_t N,
                              int64_t H, float eps);
  virtual void rmsNormBackwardInput(kernels::In x, kernels::In gamma, kernels::In dy,
                                    kernels::Out dx, int64_t N, int64_t H, float eps);
  virtual void rmsNormBackwardWeight(kernels::In x, kernels::In dy, kernels::Out dgamma,
                                     int64_t N, int64_t H, float eps);
  virtual void rotary(const kernels::RotaryShape &r, kernels::In x, kernels::Out y);
  virtual void swigluForward(kernels::In gate, kernels::In up, kernels::Out y, int64_t n);
  virtual void swigluBackward(kernels::In gate, kernels::In up, kernels::In dy,
                              kernels::Out dgate, kernels::Out dup, int64_t n);
  virtual void attentionForward(const kernels::AttentionShape &a, kernels::In qkv,
                                kernels::Out out, float *lse);
  virtual void attentionBackward(const kernels::AttentionShape &a, kernels::In qkv,
                                 kernels::In out, const float *lse, kernels::In dout,
                                 kernels::Out dqkv);
  virtual void attentionDecode(const kernels::DecodeShape &d, kernels::In qkv,
                               kernels::Out keys, kernels::Out values, kernels::Out out);
  virtual void crossEntropyRowMax(kernels::In logits, float *rowMax, int64_t N, int64_t V,
                                  int64_t validLocal);
  virtual void crossEntropySumExp(kernels::In logits, const int32_t *targets,
                                  const float *rowMax, float *sumExp, float *targetLogit,
                                  int64_t N, int64_t V, int64_t validLocal,
                                  int64_t vocabStart);
  virtual void crossEntropyBackward(kernels::In logits, const int32_t *targets,
                                    const float *rowMax, const float *sumExp,
                                    kernels::Out dlogits, int64_t N, int64_t V,
                                    int64_t validLocal, int64_t vocabStart,
                                    const float *lossBuffer, float gradScale);

  // ---- kernels without a method of their own ----
  // A step kind added since this interface (exec/StepRegistry.h) runs its
  // kernel through launch(), so adding one edits no backend. Kernel is an
  // argument struct of kernels/kernels.h with a `name` and a static
  // `host(const Kernel &)` that runs it on host memory: a host backend calls
  // that; a device backend runs what is registered under `name` for it
  // (kernels/cuda/DeviceKernels.h) and throws naming the kernel when nothing is.
  template <typename Kernel> void launch(const Kernel &kernel) {
    launchKernel(Kernel::name, &kernel,
                 [](const void *args) { Kernel::host(*static_cast<const Kernel *>(args)); });
  }
  virtual void launchKernel(const char *name, const void *args,
                            void (*host)(const void *args)) = 0;

  // Fused element-wise groups (exec/StepFusion.h: the executor fuses
  // only when fusesSteps() is true; the defaults throw std::logic_error).
  virtual bool fusesSteps() const { return false; }
  // pre = x + bias (kept for backward), y = gelu(pre).
  virtual void biasGelu(const float *x, const float *bias, float *pre, float *y, int64_t rows,
                        int64_t cols);
  // out = residual + dropout(x + bias); bias may be null; dropout counters
  // as dropout() over rows * cols elements at offset 0.
  virtual void biasDropoutResidual(const float *x, const float *bias, const float *residual,
                                   float *out, int64_t rows, int64_t cols, float rate,
                                   uint64_t seed, uint64_t stream);
  // The residual add and the layer norm after it (AddLayerNorm): out = a + b
  // (kept), y = layerNormForward(out).
  virtual void addLayerNorm(const float *a, const float *b, float *out, const float *gamma,
                            const float *beta, float *y, int64_t N, int64_t H, float eps);
  // A linear step and the tanh GeLU after it (StepFusion's LinearGelu):
  // pre = x W + bias (kept for backward), y = gelu(pre). Shapes as linearForward.
  virtual void linearBiasGelu(const float *x, const float *w, const float *bias, float *pre,
                              float *y, int64_t N, int64_t In, int64_t Out,
                              bool transposedWeight);
  // The input gradient of a linear step and the tanh GeLU backward before it
  // (LinearGeluBackward): dx = (dy W^T) * gelu'(pre).
  virtual void linearBackwardInputGelu(const float *dy, const float *w, const float *pre,
                                       float *dx, int64_t N, int64_t In, int64_t Out,
                                       bool transposedWeight);

protected:
  // The typed defaults' fp32 scratch (grown, reused call after call); a
  // backend that owns device memory frees it with releaseStaging() before
  // its memory goes away.
  struct StagingBuffer {
    float *data = nullptr;
    int64_t floats = 0;
  };
  std::vector<StagingBuffer> stagingBuffers;
  void releaseStaging();
  friend class Staging;
};

// Host access to device floats: on a host-addressable backend the memory
// itself, elsewhere a host copy (made at construction unless `load` is
// false) that commit() writes back.
class HostView {
public:
  HostView(Backend &backend, float *device, int64_t n, bool load = true);
  float *data() { return backend->hostAddressable() ? device : copy.data(); }
  float *operator+(int64_t offset) { return data() + offset; }
  int64_t size() const { return count; }
  void commit();

private:
  Backend *backend;
  float *device;
  int64_t count;
  std::vector<float> copy;
};

// Floats in backend memory, released with the object.
class DeviceArray {
public:
  DeviceArray() = default;
  DeviceArray(Backend &backend, int64_t n, const std::string &what);
  ~DeviceArray();
  DeviceArray(DeviceArray &&other) noexcept;
  DeviceArray &operator=(DeviceArray &&other) noexcept;
  DeviceArray(const DeviceArray &) = delete;
  DeviceArray &operator=(const DeviceArray &) = delete;

  float *data() const { return ptr; }
  int64_t size() const { return count; }
  bool empty() const { return count == 0; }
  std::vector<float> toHost() const;
  void fromHost(const float *host, int64_t n);

private:
  Backend *backend = nullptr;
  float *ptr = nullptr;
  int64_t count = 0;
};

} // namespace mtc::runtime
