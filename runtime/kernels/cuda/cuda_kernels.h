// The GPU backend's kernel API: kernels.h for device pointers, one call per
// plan step, each enqueued on `stream` (nothing here synchronizes or
// allocates). Same conventions as kernels.h: fp32 storage and compute,
// row-major, "accumulate" kernels add into their outputs. The arithmetic is
// math/*.h and kernels/cuda/{row_math,attention_rows}.h, shared with the CPU.
//
// Argument errors throw std::invalid_argument naming the kernel, before any
// launch; launch errors throw CudaError (kernels/cuda/CudaCheck.h).
#pragma once
#include "kernels/cuda/column_partials.h"
#include "kernels/cuda/device_types.h"
#include "kernels/kernels.h" // AttentionShape, AdamWStep, RotaryShape
#include "kernels/Operand.h" // In, Out, StorageType

#include <cstdint>
#include <cuda_runtime_api.h>

namespace mtc::kernels::cuda {

// ---- embedding ----
void embeddingForward(const int32_t *tokens, const float *wte, const float *wpe,
                      float *out, int64_t N, int64_t S, int64_t H,
                      int64_t vocabStart, int64_t vocabLocal, cudaStream_t stream);
// Accumulates dwte (atomics: the order of repeated tokens' sums varies) and
// dwpe (deterministic: one thread per position sums over the batch).
void embeddingBackward(const int32_t *tokens, const float *dout, float *dwte,
                       float *dwpe, int64_t N, int64_t S, int64_t H,
                       int64_t vocabStart, int64_t vocabLocal, cudaStream_t stream);

// ---- layer norm: one warp per row ----
void layerNormForward(const float *x, const float *gamma, const float *beta,
                      float *y, int64_t N, int64_t H, float eps, cudaStream_t stream);
// out = a + b, y = layerNorm(out): one warp per row, the row's sum written
// and re-read from cache instead of a second kernel over memory.
void addLayerNormForward(const float *a, const float *b, float *out, const float *gamma,
                         const float *beta, float *y, int64_t N, int64_t H, float eps,
                         cudaStream_t stream);
void layerNormBackwardInput(const float *x, const float *gamma, const float *dy,
                            float *dx, int64_t N, int64_t H, float eps,
                            cudaStream_t stream);
// Accumulates dgamma, dbeta (either may be null): row statistics, then the
// two-stage column sum of column_partials.h (deterministic). scratch holds
// layerNormWeightScratchFloats(N, H) floats.
void layerNormBackwardWeight(const float *x, const float *dy, float *dgamma,
                             float *dbeta, int64_t N, int64_t H, float eps,
                             float *scratch, cudaStream_t stream);
// 2 * N row statistics, then the gamma and beta partials.
inline int64_t layerNormWeightScratchFloats(int64_t N, int64_t H) {
  return 2 * N + 2 * gpu::columnPartials(N).chunks * H;
}
// Stage 2 of the column sum: out[h] += partials[c * H + h] over c in order.
void accumulateColumnPartials(const float *partials, int64_t chunks, float *out,
                              int64_t H, cudaStream_t stream);

// ---- memory ----
// dst[0, words) = word.
void fill32(uint32_t *dst, uint32_t word, int64_t words, cudaStream_t stream);
// x[i] = roundTo(type, x[i]) (math/precision.h: round to nearest even, the
// host's bits); F32 launches nothing.
void roundToStorage(float *x, int64_t n, StorageType type, cudaStream_t stream);
// dst[i] = src[i] in dst's storage type (kernels/Operand.h), rounded to nearest even.
void convert(In src, Out dst, int64_t n, cudaStream_t stream);

// ---- element-wise and fused element-wise ----
void geluForward(const float *x, float *y, int64_t n, bool exact, cudaStream_t stream);
void geluBackward(const float *x, const float *dy, float *dx, int64_t n, bool exact,
                  cudaStream_t stream);
void add(const float *a, const float *b, float *out, int64_t n, cudaStream_t stream);
void scale(const float *x, float alpha, float *out, int64_t n, cudaStream_t stream);
void dropout(const float *x, float *y, int64_t n, float rate, uint64_t seed,
             uint64_t stream, uint64_t offset, cudaStream_t cudaStream);
// y[r, c] = x[r, c] + bias[c] (x == y allowed).
void biasAdd(const float *x, const float *bias, float *y, int64_t rows,
             int64_t cols, cudaStream_t stream);
// dbias[c] += sum_r dy[r, c] (one thread per column, fixed order).
void biasGradAccumulate(const float *dy, float *dbias, int64_t rows,
                        int64_t cols, cudaStream_t stream);
// The element-wise kernels below (add, biasGelu, dropout and its fused forms)
// move 128-bit float4s where every tensor shares one 16-byte misalignment
// (kernels/cuda/vector_slots.h) and single floats elsewhere.
// Fused bias + GeLU: pre = x + bias (kept for backward), y = gelu(pre).
void biasGelu(const float *x, const float *bias, float *pre, float *y,
              int64_t rows, int64_t cols, cudaStream_t stream);
// Fused bias + dropout + residual: out = residual + dropout(x + bias).
void biasDropoutResidual(const float *x, const float *bias, const float *residual,
                         float *out, int64_t rows, int64_t cols, float rate,
                         uint64_t seed, uint64_t stream, cudaStream_t cudaStream);

// ---- BERT: token types and the pooler (kernels.h) ----
void tokenTypeAdd(const TokenTypeShape &t, const float *x, const int32_t *types,
                  const float *table, float *y, cudaStream_t stream);
void tokenTypeAddBackward(const TokenTypeShape &t, const int32_t *types, const float *dy,
                          float *dtable, cudaStream_t stream);
void firstToken(const float *x, float *y, int64_t B, int64_t S, int64_t H, bool owner,
                cudaStream_t stream);
void firstTokenBackward(const float *dy, float *dx, int64_t B, int64_t S, int64_t H, bool owner,
                        cudaStream_t stream);
void tanhForward(const float *x, float *y, int64_t n, cudaStream_t stream);
void tanhBackward(const float *y, const float *dy, float *dx, int64_t n, cudaStream_t stream);

// ---- LLaMA family (kernels.h): math/llama.h per element / row ----
// RMSNorm: one warp per row, the row sums in double.
void rmsNormForward(const float *x, const float *gamma, float *y, int64_t N, int64_t H,
                    float eps, cudaStream_t stream);
void rmsNormBackwardInput(const float *x, const float *gamma, const float *dy, float *dx,
                          int64_t N, int64_t H, float eps, cudaStream_t stream);
// Accumulates dgamma: the rows' 1 / rms, then the two-stage column sum.
// scratch holds rmsNormWeightScratchFloats(N, H) floats.
void rmsNormBackwardWeight(const float *x, const float *dy, float *dgamma, int64_t N,
                           int64_t H, float eps, float *scratch, cudaStream_t stream);
inline int64_t rmsNormWeightScratchFloats(int64_t N, int64_t H) {
  return N + gpu::columnPartials(N).chunks * H;
}
// x == y allowed.
void rotary(const RotaryShape &r, const float *x, float *y, cudaStream_t stream);
void swigluForward(const float *gate, const float *up, float *y, int64_t n,
                   cudaStream_t stream);
void swigluBackward(const float *gate, const float *up, const float *dy, float *dgate,
                    float *dup, int64_t n, cudaStream_t stream);

// ---- core attention, flash-attention style (no S x S matrix in memory) ----
// Head dimensions up to 128. Same layouts (grouped-query included) and dropout
// counters as kernels.h.
void attentionForward(const AttentionShape &a, const float *qkv, float *out,
                      float *lse, cudaStream_t stream);
// Generation: kernels.h's attentionDecode (keys, values: the cache).
void attentionDecode(const DecodeShape &d, const float *qkv, float *keys, float *values,
                     float *out, cudaStream_t stream);
// Overwrites dqkv. rowDot is scratch of batch * heads * seq floats.
void attentionBackward(const AttentionShape &a, const float *qkv,
                       const float *out, const float *lse, const float *dout,
                       float *dqkv, float *rowDot, cudaStream_t stream);
// The same two calls on tensor cores (flash_attention.cu): bf16 operands
// (the fp32 tensors rounded while staged), fp32 accumulation, for bf16/fp16
// plans; fp32 plans keep the CUDA-core kernels above (docs/gpu.md).
void flashAttentionForward(const AttentionShape &a, const float *qkv, float *out,
                           float *lse, cudaStream_t stream);
void flashAttentionBackward(const AttentionShape &a, const float *qkv, const float *out,
                            const float *lse, const float *dout, float *dqkv,
                            float *rowDot, cudaStream_t stream);

// ---- one block of context-parallel (ring) attention (attention_block.cu) ----
// kernels.h's attention blocks, fp32 on CUDA cores, head dimensions up to
// 128. Here blk.positions and blk.keyPositions are DEVICE memory (the backend
// uploads the host arrays), like the tensors and blk.whole.lengths. Every
// output element has one owning thread: the results are deterministic.
// first: attentionBlockForwardFirst, else attentionBlockForward.
void attentionBlockForward(const AttentionBlock &blk, const float *qkv, const float *kv,
                           float *out, float *lse, bool first, cudaStream_t stream);
// Adds dQ into dqkv's query columns and dK, dV into dkv's rows [0, keys).
// rowDot is scratch of batch * heads * queries floats.
void attentionBlockBackward(const AttentionBlock &blk, const float *qkv, const float *kv,
                            const float *out, const float *lse, const float *dout,
                            float *dqkv, float *dkv, float *rowDot, cudaStream_t stream);
// The launches' argument checks with blk.positions and blk.keyPositions in
// HOST memory: also that the positions lie in the sequence.
void checkAttentionBlockPositions(const char *kernel, const AttentionBlock &blk);
void packKeyValues(const AttentionShape &a, int64_t S, const float *qkv, float *kv,
                   cudaStream_t stream);
void addKeyValueGrads(const AttentionShape &a, int64_t S, int64_t kvRows, int64_t rows,
                      const float *dkv, float *dqkv, cudaStream_t stream);

// ---- vocabulary-parallel cross-entropy (kernels.h's three pieces) ----
void crossEntropyRowMax(const float *logits, float *rowMax, int64_t N, int64_t V,
                        int64_t validLocal, cudaStream_t stream);
void crossEntropySumExp(const float *logits, const int32_t *targets,
                        const float *rowMax, float *sumExp, float *targetLogit,
                        int64_t N, int64_t V, int64_t validLocal,
                        int64_t vocabStart, cudaStream_t stream);
// lossOut[0] = summed loss (double), lossOut[1] = counted rows; one block,
// fixed order. lossF32 (may be null) gets the plan's f32 [sum, count].
void crossEntropyLoss(const int32_t *targets, const float *rowMax,
                      const float *sumExp, const float *targetLogit, int64_t N,
                      double *lossOut, float *lossF32, cudaStream_t stream);
// gradScale is read from the device (the count is only known on device).
void crossEntropyBackward(const float *logits, const int32_t *targets,
                          const float *rowMax, const float *sumExp,
                          float *dlogits, int64_t N, int64_t V,
                          int64_t validLocal, int64_t vocabStart,
                          const float *lossF32, float gradScale,
                          cudaStream_t stream);

// ---- optimizer ----
// kernels.h's adamw on one device tensor: step.gradScale multiplies the
// gradient, weight decay applies to every element.
void adamw(const AdamWStep &step, float *param, const float *grad, float *m, float *v,
           int64_t n, cudaStream_t stream);
// adamwChunks: one launch over every parameter; chunks is a device array.
// step.gradScale may be overridden from the device (gradScaleOnDevice, null =
// use step.gradScale): clipping and loss-scale decisions then need no host
// round trip.
void adamwChunks(const AdamWStep &step, const AdamChunk *chunks, int64_t numChunks,
                 float *param, const float *grad, float *m, float *v,
                 const float *gradScaleOnDevice, cudaStream_t stream);
// out[0] += sum of squares (double), *nonFinite |= any NaN/Inf. Partial sums
// per block then one block combines them in a fixed order: `partials` is
// scratch of kNormPartials doubles.
constexpr int kNormPartials = kNormPartialCount;
void sumSquaresAndCheck(const float *x, int64_t n, double *out, int *nonFinite,
                        double *partials, cudaStream_t stream);
// gradScaleOut = clip coefficient times extraScale, from the device-side
// norm; NaN when nonFinite, which makes adamwChunks skip the update.
void clipCoefficient(const double *sumSquares, const int *nonFinite,
                     float clipNorm, float extraScale, float *gradScaleOut,
                     cudaStream_t stream);

} // namespace mtc::kernels::cuda
