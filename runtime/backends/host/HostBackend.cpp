// The CPU backend: kernels/kernels.h on host memory, MPI communicators.
#include "backends/host/HostBackend.h"

#include "comm/ForwardingCommunicator.h"
#include "kernels/gemm.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <vector>

namespace mtc::runtime {
namespace {

class HostBackend : public Backend {
public:
  explicit HostBackend(bool addressable) : addressable(addressable) {}
  const char *name() const override {
    return addressable ? "host" : "host (staged)";
  }
  bool hostAddressable() const override { return addressable; }

  void *allocate(int64_t bytes, const std::string &what) override {
    size_t rounded = static_cast<size_t>((std::max<int64_t>(bytes, 1) + 63) / 64 * 64);
    void *p = std::aligned_alloc(64, rounded);
    if (!p)
      throw std::runtime_error("cannot allocate " + what + " (" + std::to_string(bytes) +
                               " bytes of host memory)");
    std::memset(p, 0, rounded);
    return p;
  }
  void release(void *device) override { std::free(device); }
  void toHost(void *host, const void *device, int64_t bytes) override {
    std::memcpy(host, device, static_cast<size_t>(bytes));
  }
  void toDevice(void *device, const void *host, int64_t bytes) override {
    std::memcpy(device, host, static_cast<size_t>(bytes));
  }
  void copy(void *dst, const void *src, int64_t bytes) override {
    if (dst != src)
      std::memmove(dst, src, static_cast<size_t>(bytes));
  }
  void fill32(void *dst, uint32_t word, int64_t words) override {
    uint32_t *p = static_cast<uint32_t *>(dst);
    std::fill(p, p + words, word);
  }
  void synchronize() override {}

  // The CPU has no TF32: fp32 GEMMs always multiply in full fp32.
  std::string selectCompute(kernels::StorageType type, bool) override {
    if (type != kernels::StorageType::BF16) {
      kernels::setGemmPrecision(kernels::GemmPrecision::Fp32);
      return "fp32 compute"; // oneDNN 2.6 has no fp16 GEMMs on the CPU
    }
    if (kernels::setGemmPrecision(kernels::GemmPrecision::Bf16) == kernels::GemmPrecision::Bf16)
      return "bf16 GEMMs with fp32 accumulation (oneDNN), fp32 element-wise compute";
    return "fp32 compute (notice: this CPU has no AVX512-BF16 or AMX instructions for bf16 "
           "GEMMs)";
  }

  std::unique_ptr<comm::Communicator> deviceGroup(comm::Communicator &group, bool) override {
    return std::make_unique<comm::ForwardingCommunicator>(group);
  }

  void embeddingForward(const int32_t *tokens, const float *wte, const float *wpe, float *out,
                        int64_t N, int64_t S, int64_t H, int64_t vocabStart,
                        int64_t vocabLocal) override {
    kernels::embeddingForward(tokens, wte, wpe, out, N, S, H, vocabStart, vocabLocal);
  }
  void embeddingBackward(const int32_t *tokens, const float *dout, float *dwte, float *dwpe,
                         int64_t N, int64_t S, int64_t H, int64_t vocabStart,
                         int64_t vocabLocal) override {
    kernels::embeddingBackward(tokens, dout, dwte, dwpe, N, S, H, vocabStart, vocabLocal);
  }
  void layerNormForward(const float *x, const float *gamma, const float *beta, float *y,
                        int64_t N, int64_t H, float eps) override {
    kernels::layerNormForward(x, gamma, beta, y, N, H, eps);
  }
  void layerNormBackwardInput(const float *x, const float *gamma, const float *dy, float *dx,
                              int64_t N, int64_t H, float eps) override {
    kernels::layerNormBackwardInput(x, gamma, dy, dx, N, H, eps);
  }
  void layerNormBackwardWeight(const float *x, const float *dy, float *dgamma, float *dbeta,
                               int64_t N, int64_t H, float eps) override {
    kernels::layerNormBackwardWeight(x, dy, dgamma, dbeta, N, H, eps);
  }
  void linearForward(const float *x, const float *w, const float *bias, float *y, int64_t N,
                     int64_t In, int64_t Out, bool transposed) override {
    kernels::linearForward(x, w, bias, y, N, In, Out, transposed);
  }
  void linearBackwardInput(const float *dy, const float *w, float *dx, int64_t N, int64_t In,
                           int64_t Out, bool transposed) override {
    kernels::linearBackwardInput(dy, w, dx, N, In, Out, transposed);
  }
  void linearBackwardWeight(const float *x, const float *dy, float *dw, float *dbias,
                            int64_t N, int64_t In, int64_t Out, bool transposed) override {
    kernels::linearBackwardWeight(x, dy, dw, dbias, N, In, Out, transposed);
  }
  void tokenTypeAdd(const kernels::TokenTypeShape &t, const float *x, const int32_t *types,
                    const float *table, float *y) override {
    kernels::tokenTypeAdd(t, x, types, table, y);
  }
  void tokenTypeAddBackward(const kernels::TokenTypeShape &t, const int32_t *types,
                            const float *dy, float *dtable) override {
    kernels::tokenTypeAddBackward(t, types, dy, dtable);
  }
  void firstToken(const float *x, float *y, int64_t B, int64_t S, int64_t H,
                  bool owner) override {
    kernels::firstToken(x, y, B, S, H, owner);
  }
  void firstTokenBackward(const float *dy, float *dx, int64_t B, int64_t S, int64_t H,
                          bool owner) override {
    kernels::firstTokenBackward(dy, dx, B, S, H, owner);
  }
  void tanhForward(const float *x, float *y, int64_t n) override {
    kernels::tanhForward(x, y, n);
  }
  void tanhBackward(const float *y, const float *dy, float *dx, int64_t n) override {
    kernels::tanhBackward(y, dy, dx, n);
  }
  void rmsNormForward(const float *x, const float *gamma, float *y, int64_t N, int64_t H,
                      float eps) override {
    kernels::rmsNormForward(x, gamma, y, N, H, eps);
  }
  void rmsNormBackwardInput(const float *x, const float *gamma, const float *dy, float *dx,
                            int64_t N, int64_t H, float eps) override {
    kernels::rmsNormBackwardInput(x, gamma, dy, dx, N, H, eps);
  }
  void rmsNormBackwardWeight(const float *x, const float *dy, float *dgamma, int64_t N,
                             int64_t H, float eps) override {
    kernels::rmsNormBackwardWeight(x, dy, dgamma, N, H, eps);
  }
  void rotary(const kernels::RotaryShape &r, const float *x, float *y) override {
    kernels::rotary(r, x, y);
  }
  void swigluForward(const float *gate, const float *up, float *y, int64_t n) override {
    kernels::swigluForward(gate, up, y, n);
  }
  void swigluBackward(const float *gate, const float *up, const float *dy, float *dgate,
                      float *dup, int64_t n) override {
    kernels::swigluBackward(gate, up, dy, dgate, dup, n);
  }
  void geluForward(const float *x, float *y, int64_t n, bool exact) override {
    kernels::geluForward(x, y, n, exact);
  }
  void geluBackward(const float *x, const float *dy, float *dx, int64_t n, bool exact) override {
    kernels::geluBackward(x, dy, dx, n, exact);
  }
  void add(const float *a, const float *b, float *out, int64_t n) override {
    kernels::add(a, b, out, n);
  }
  void scale(const float *x, float alpha, float *out, int64_t n) override {
    kernels::scale(x, alpha, out, n);
  }
  void dropout(const float *x, float *y, int64_t n, float rate, uint64_t seed, uint64_t stream,
               uint64_t offset) override {
    kernels::dropout(x, y, n, rate, seed, stream, offset);
  }
  void biasAdd(const float *x, const float *bias, float *y, int64_t rows,
               int64_t cols) override {
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c)
        y[r * cols + c] = x[r * cols + c] + bias[c];
  }
  // The executor runs StepFusion's groups through the two fused kernels below
  // (one pass over memory instead of two or three; the same bits).
  bool fusesSteps() const override { return true; }
  void biasGelu(const float *x, const float *bias, float *pre, float *y, int64_t rows,
                int64_t cols) override {
    kernels::biasGeluForward(x, bias, pre, y, rows, cols);
  }
  void biasDropoutResidual(const float *x, const float *bias, const float *residual, float *out,
                           int64_t rows, int64_t cols, float rate, uint64_t seed,
                           uint64_t stream) override {
    kernels::biasDropoutResidual(x, bias, residual, out, rows, cols, rate, seed, stream);
  }
  void biasGrad(const float *dy, float *dbias, int64_t rows, int64_t cols) override {
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < cols; ++c)
        dbias[c] += dy[r * cols + c];
  }
  void attentionForward(const kernels::AttentionShape &a, const float *qkv, float *out,
                        float *lse) override {
    kernels::attentionForward(a, qkv, out, lse);
  }
  void attentionBackward(const kernels::AttentionShape &a, const float *qkv, const float *out,
                         const float *lse, const float *dout, float *dqkv) override {
    kernels::attentionBackward(a, qkv, out, lse, dout, dqkv);
  }
  void attentionDecode(const kernels::DecodeShape &d, const float *qkv, float *keys,
                       float *values, float *out) override {
    kernels::attentionDecode(d, qkv, keys, values, out);
  }
  void attentionBlockForward(const kernels::AttentionBlock &blk, const float *qkv,
                             const float *kv, float *out, float *lse, bool first) override {
    (first ? kernels::attentionBlockForwardFirst : kernels::attentionBlockForward)(blk, qkv, kv,
                                                                                 out, lse);
  }
  void attentionBlockBackward(const kernels::AttentionBlock &blk, const float *qkv,
                              const float *kv, const float *out, const float *lse,
                              const float *dout, float *dqkv, float *dkv) override {
    kernels::attentionBlockBackward(blk, qkv, kv, out, lse, dout, dqkv, dkv);
  }
  void packKeyValues(const kernels::AttentionShape &a, int64_t S, const float *qkv,
                     float *kv) override {
    kernels::packKeyValues(a, S, qkv, kv);
  }
  void addKeyValueGrads(const kernels::AttentionShape &a, int64_t S, int64_t kvRows,
                        int64_t rows, const float *dkv, float *dqkv) override {
    kernels::addKeyValueGrads(a, S, kvRows, rows, dkv, dqkv);
  }
  void crossEntropyRowMax(const float *logits, float *rowMax, int64_t N, int64_t V,
                          int64_t validLocal) override {
    kernels::crossEntropyRowMax(logits, rowMax, N, V, validLocal);
  }
  void crossEntropySumExp(const float *logits, const int32_t *targets, const float *rowMax,
                          float *sumExp, float *targetLogit, int64_t N, int64_t V,
                          int64_t validLocal, int64_t vocabStart) override {
    kernels::crossEntropySumExp(logits, targets, rowMax, sumExp, targetLogit, N, V, validLocal,
                                vocabStart);
  }
  double crossEntropyLoss(const int32_t *targets, const float *rowMax, const float *sumExp,
                          const float *targetLogit, int64_t N, float *lossBuffer,
                          int64_t *count) override {
    double sum = kernels::crossEntropyLoss(targets, rowMax, sumExp, targetLogit, N, count);
    lossBuffer[0] = static_cast<float>(sum);
    lossBuffer[1] = static_cast<float>(*count);
    return sum;
  }
  void crossEntropyBackward(const float *logits, const int32_t *targets, const float *rowMax,
                            const float *sumExp, float *dlogits, int64_t N, int64_t V,
                            int64_t validLocal, int64_t vocabStart, const float *lossBuffer,
                            float gradScale) override {
    const float count = lossBuffer[1];
    kernels::crossEntropyBackward(logits, targets, rowMax, sumExp, dlogits, N, V, validLocal,
                                  vocabStart, count > 0 ? gradScale / count : 0.f);
  }
  double sumSquares(const float *x, int64_t n) override { return kernels::sumSquares(x, n); }
  void launchKernel(const char *, const void *args, void (*host)(const void *)) override {
    host(args);
  }
  bool hasNonFinite(const float *x, int64_t n) override {
    return kernels::hasNonFinite(x, n);
  }
  void adamw(const kernels::AdamWStep &s, float *param, const float *grad, float *m, float *v,
             int64_t n) override {
    kernels::adamw(s, param, grad, m, v, n);
  }
  void roundToStorage(float *x, int64_t n, kernels::StorageType type) override {
    kernels::roundToStorage(x, n, type);
  }
  void convert(kernels::In src, kernels::Out dst, int64_t n) override {
    kernels::convert(src, dst, n);
  }

  void addLayerNorm(const float *a, const float *b, float *out, const float *gamma,
                    const float *beta, float *y, int64_t N, int64_t H, float eps) override {
    kernels::addLayerNormForward(a, b, out, gamma, beta, y, N, H, eps);
  }
  // A linear step and the GeLU next to it (the GPU's cuBLASLt epilogues) run
  // as the steps they replace: no faster on the CPU, and the same bits.
  void linearBiasGelu(const float *x, const float *w, const float *bias, float *pre, float *y,
                      int64_t N, int64_t In, int64_t Out, bool transposed) override {
    kernels::linearForward(x, w, bias, pre, N, In, Out, transposed);
    kernels::geluForward(pre, y, N * Out, /*exact=*/false);
  }
  void linearBackwardInputGelu(const float *dy, const float *w, const float *pre, float *dx,
                               int64_t N, int64_t In, int64_t Out, bool transposed) override {
    std::vector<float> h(static_cast<size_t>(N * In));
    kernels::linearBackwardInput(dy, w, h.data(), N, In, Out, transposed);
    kernels::geluBackward(pre, h.data(), dx, N * In, /*exact=*/false);
  }

private:
  bool addressable;
};

// The host backend proper: the kernels on 16-bit operands are kernels.h's
// typed kernels, which read and write the 16-bit data themselves. The staged
// backend keeps Backend's defaults (16-bit operands widened into fp32
// scratch around the fp32 kernels), the path a device backend without a
// 16-bit kernel takes, so the tests run it.
class NativeHostBackend final : public HostBackend {
public:
  NativeHostBackend() : HostBackend(true) {}

  using In = kernels::In;
  using Out = kernels::Out;
  void embeddingForward(const int32_t *tokens, In wte, In wpe, Out out, int64_t N, int64_t S,
                        int64_t H, int64_t vocabStart, int64_t vocabLocal) override {
    kernels::embeddingForward(tokens, wte, wpe, out, N, S, H, vocabStart, vocabLocal);
  }
  void embeddingBackward(const int32_t *tokens, In dout, Out dwte, Out dwpe, int64_t N,
                         int64_t S, int64_t H, int64_t vocabStart, int64_t vocabLocal) override {
    kernels::embeddingBackward(tokens, dout, dwte, dwpe, N, S, H, vocabStart, vocabLocal);
  }
  void layerNormForward(In x, In gamma, In beta, Out y, int64_t N, int64_t H,
                        float eps) override {
    kernels::layerNormForward(x, gamma, beta, y, N, H, eps);
  }
  void layerNormBackwardInput(In x, In gamma, In dy, Out dx, int64_t N, int64_t H,
                              float eps) override {
    kernels::layerNormBackwardInput(x, gamma, dy, dx, N, H, eps);
  }
  void layerNormBackwardWeight(In x, In dy, Out dgamma, Out dbeta, int64_t N, int64_t H,
                               float eps) override {
    kernels::layerNormBackwardWeight(x, dy, dgamma, dbeta, N, H, eps);
  }
  void linearForward(In x, In w, In bias, Out y, int64_t N, int64_t in, int64_t out,
                     bool transposed) override {
    kernels::linearForward(x, w, bias, y, N, in, out, transposed);
  }
  void linearBackwardInput(In dy, In w, Out dx, int64_t N, int64_t in, int64_t out,
                           bool transposed) override {
    kernels::linearBackwardInput(dy, w, dx, N, in, out, transposed);
  }
  void linearBackwardWeight(In x, In dy, Out dw, Out dbias, int64_t N, int64_t in, int64_t out,
                            bool transposed) override {
    kernels::linearBackwardWeight(x, dy, dw, dbias, N, in, out, transposed);
  }
  void geluForward(In x, Out y, int64_t n, bool exact) override {
    kernels::geluForward(x, y, n, exact);
  }
  void geluBackward(In x, In dy, Out dx, int64_t n, bool exact) override {
    kernels::geluBackward(x, dy, dx, n, exact);
  }
  void add(In a, In b, Out out, int64_t n) override { kernels::add(a, b, out, n); }
  void scale(In x, float alpha, Out out, int64_t n) override {
    kernels::scale(x, alpha, out, n);
  }
  void dropout(In x, Out y, int64_t n, float rate, uint64_t seed, uint64_t stream,
               uint64_t offset) override {
    kernels::dropout(x, y, n, rate, seed, stream, offset);
  }
  void biasAdd(In x, In bias, Out y, int64_t rows, int64_t cols) override {
    kernels::biasAdd(x, bias, y, rows, cols);
  }
  void biasGrad(In dy, Out dbias, int64_t rows, int64_t cols) override {
    kernels::biasGrad(dy, dbias, rows, cols);
  }
  void tokenTypeAdd(const kernels::TokenTypeShape &t, In x, const int32_t *types, In table,
                    Out y) override {
    kernels::tokenTypeAdd(t, x, types, table, y);
  }
  void tokenTypeAddBackward(const kernels::TokenTypeShape &t, const int32_t *types, In dy,
                            Out dtable) override {
    kernels::tokenTypeAddBackward(t, types, dy, dtable);
  }
  void firstToken(In x, Out y, int64_t B, int64_t S, int64_t H, bool owner) override {
    kernels::firstToken(x, y, B, S, H, owner);
  }
  void firstTokenBackward(In dy, Out dx, int64_t B, int64_t S, int64_t H, bool owner) override {
    kernels::firstTokenBackward(dy, dx, B, S, H, owner);
  }
  void tanhForward(In x, Out y, int64_t n) override { kernels::tanhForward(x, y, n); }
  void tanhBackward(In y, In dy, Out dx, int64_t n) override {
    kernels::tanhBackward(y, dy, dx, n);
  }
  void rmsNormForward(In x, In gamma, Out y, int64_t N, int64_t H, float eps) override {
    kernels::rmsNormForward(x, gamma, y, N, H, eps);
  }
  void rmsNormBackwardInput(In x, In gamma, In dy, Out dx, int64_t N, int64_t H,
                            float eps) override {
    kernels::rmsNormBackwardInput(x, gamma, dy, dx, N, H, eps);
  }
  void rmsNormBackwardWeight(In x, In dy, Out dgamma, int64_t N, int64_t H, float eps) override {
    kernels::rmsNormBackwardWeight(x, dy, dgamma, N, H, eps);
  }
  void rotary(const kernels::RotaryShape &r, In x, Out y) override { kernels::rotary(r, x, y); }
  void swigluForward(In gate, In up, Out y, int64_t n) override {
    kernels::swigluForward(gate, up, y, n);
  }
  void swigluBackward(In gate, In up, In dy, Out dgate, Out dup, int64_t n) override {
    kernels::swigluBackward(gate, up, dy, dgate, dup, n);
  }
  void attentionForward(const kernels::AttentionShape &a, In qkv, Out out, float *lse) override {
    kernels::attentionForward(a, qkv, out, lse);
  }
  void attentionBackward(const kernels::AttentionShape &a, In qkv, In out, const float *lse,
                         In dout, Out dqkv) override {
    kernels::attentionBackward(a, qkv, out, lse, dout, dqkv);
  }
  void attentionDecode(const kernels::DecodeShape &d, In qkv, Out keys, Out values,
                       Out out) override {
    kernels::attentionDecode(d, qkv, keys, values, out);
  }
  void crossEntropyRowMax(In logits, float *rowMax, int64_t N, int64_t V,
                          int64_t validLocal) override {
    kernels::crossEntropyRowMax(logits, rowMax, N, V, validLocal);
  }
  void crossEntropySumExp(In logits, const int32_t *targets, const float *rowMax, float *sumExp,
                          float *targetLogit, int64_t N, int64_t V, int64_t validLocal,
                          int64_t vocabStart) override {
    kernels::crossEntropySumExp(logits, targets, rowMax, sumExp, targetLogit, N, V, validLocal,
                                vocabStart);
  }
  void crossEntropyBackward(In logits, const int32_t *targets, const float *rowMax,
                            const float *sumExp, Out dlogits, int64_t N, int64_t V,
                            int64_t validLocal, int64_t vocabStart, const float *lossBuffer,
                            float gradScale) override {
    const float count = lossBuffer[1];
    kernels::crossEntropyBackward(logits, targets, rowMax, sumExp, dlogits, N, V, validLocal,
                                  vocabStart, count > 0 ? gradScale / count : 0.f);
  }
};

} // namespace

Backend &hostBackend() {
  static NativeHostBackend backend;
  return backend;
}

Backend &stagedHostBackend() {
  static HostBackend backend(false);
  return backend;
}

} // namespace mtc::runtime
