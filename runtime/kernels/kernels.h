// The CPU backend's kernel API: fp32, row-major, one call per plan step.
//
// Conventions shared by every kernel:
//  - N is the number of token rows (micro-batch * sequence), H the hidden size.
//  - "accumulate" kernels add into their outputs (gradient buffers are zeroed once
//    per optimizer step and receive every micro-batch's contribution), all other
//    kernels overwrite their outputs.
//  - The per-element / per-row arithmetic lives in math/*.h as MTC_HD functions so
//    the CUDA kernels run exactly the same math.
//  - The packed QKV layout is Megatron-LM's: for each token, heads are contiguous
//    and each head holds [q(hd) | k(hd) | v(hd)], so a column split by whole heads
//    is a contiguous slice. With grouped-query attention (kvHeads < heads) each
//    of the kvHeads groups holds [q(hd) x r | k(hd) | v(hd)], r = heads / kvHeads
//    (math/llama.h), so a split by whole groups is a contiguous slice.
#pragma once
#include "kernels/Operand.h"
#include "kernels/math/hd.h"

#include <cstddef>
#include <cstdint>

namespace mtc::kernels {

// ---- embedding ----
// out[n, :] = wte[tokens[n] - vocab_start, :] (zero if the token is outside
// [vocab_start, vocab_start + vocab_local)) + (wpe ? wpe[n % S, :] : 0).
void embeddingForward(const int32_t *tokens, const float *wte, const float *wpe,
                      float *out, int64_t N, int64_t S, int64_t H,
                      int64_t vocabStart, int64_t vocabLocal);
// Accumulates dwte (rows of tokens in range) and dwpe (may be null).
void embeddingBackward(const int32_t *tokens, const float *dout, float *dwte,
                       float *dwpe, int64_t N, int64_t S, int64_t H,
                       int64_t vocabStart, int64_t vocabLocal);

// ---- layer norm (statistics recomputed in backward) ----
void layerNormForward(const float *x, const float *gamma, const float *beta,
                      float *y, int64_t N, int64_t H, float eps);
// The residual add and the layer norm after it in one pass per row:
// out = a + b (kept: the residual stream), y = layerNorm(out). The same bits
// as add() then layerNormForward().
void addLayerNormForward(const float *a, const float *b, float *out, const float *gamma,
                         const float *beta, float *y, int64_t N, int64_t H, float eps);
void layerNormBackwardInput(const float *x, const float *gamma, const float *dy,
                            float *dx, int64_t N, int64_t H, float eps);
// Accumulates dgamma and dbeta (either may be null).
void layerNormBackwardWeight(const float *x, const float *dy, float *dgamma,
                             float *dbeta, int64_t N, int64_t H, float eps);

// ---- linear: y[N, Out] = x[N, In] * W + bias ----
// W is [In, Out] (GPT-2 Conv1D layout) or, with transposedWeight, [Out, In]
// (the tied output layer reads the [vocab, H] embedding table). bias may be null.
void linearForward(const float *x, const float *w, const float *bias, float *y,
                   int64_t N, int64_t In, int64_t Out, bool transposedWeight);
// dx[N, In] = dy * W^T (overwrites).
void linearBackwardInput(const float *dy, const float *w, float *dx, int64_t N,
                         int64_t In, int64_t Out, bool transposedWeight);
// Accumulates dW (same layout as W) and dbias (may be null).
void linearBackwardWeight(const float *x, const float *dy, float *dw,
                          float *dbias, int64_t N, int64_t In, int64_t Out,
                          bool transposedWeight);

// ---- element-wise ----
// exact: x * Phi(x) (erf); otherwise the tanh approximation.
void geluForward(const float *x, float *y, int64_t n, bool exact);
void geluBackward(const float *x, const float *dy, float *dx, int64_t n, bool exact);
void add(const float *a, const float *b, float *out, int64_t n);
void scale(const float *x, float alpha, float *out, int64_t n);
// y = x * keep / (1 - rate), keep drawn from Philox keyed by (seed, stream) at
// counter offset + i. Applying it to dy with the same key is its backward.
void dropout(const float *x, float *y, int64_t n, float rate, uint64_t seed,
             uint64_t stream, uint64_t offset);

// ---- fused element-wise groups (exec/StepFusion.h), bitwise equal to the
// steps they replace ----
// pre = x + bias (per column; kept for backward), y = geluForward(pre, exact =
// false), over rows x cols (x and y must not alias).
void biasGeluForward(const float *x, const float *bias, float *pre, float *y, int64_t rows,
                     int64_t cols);
// out = residual + dropout(x + bias) over rows x cols, bias per column (may be
// null); the dropout counters are dropout()'s at offset 0 over the rows * cols
// elements; rate 0 adds without drawing.
void biasDropoutResidual(const float *x, const float *bias, const float *residual, float *out,
                         int64_t rows, int64_t cols, float rate, uint64_t seed,
                         uint64_t stream);

// ---- storage rounding (bf16/fp16 runs keep fp32 arrays of rounded values) ----
enum class StorageType; // math/precision.h
// x[i] = roundTo(type, x[i]): the same bits, bf16 vectorized, threaded.
void roundToStorage(float *x, int64_t n, StorageType type);

// ---- BERT: token types and the pooler ----
// Shapes: x [B, S, H] holds positions [offset, offset + S) of sequences whose
// token-type ids are types [B, idsSeq] (a sequence-parallel shard has
// offset = rank * S); table [typeCount, H].
struct TokenTypeShape {
  int64_t batch, seq, hidden, idsSeq, offset, typeCount;
};
// y = x + table[type] per position; ids outside [0, typeCount) add nothing.
void tokenTypeAdd(const TokenTypeShape &t, const float *x, const int32_t *types,
                  const float *table, float *y);
// Accumulates dtable[type] += dy per position (positions in order).
void tokenTypeAddBackward(const TokenTypeShape &t, const int32_t *types, const float *dy,
                          float *dtable);
// y[b, :] = x[b, 0, :] for x [B, S, H], y [B, H]; zeros when !owner (a
// sequence shard that does not hold position 0).
void firstToken(const float *x, float *y, int64_t B, int64_t S, int64_t H, bool owner);
// dx = 0 but dx[b, 0, :] = dy[b, :] when owner (overwrites dx).
void firstTokenBackward(const float *dy, float *dx, int64_t B, int64_t S, int64_t H,
                        bool owner);
void tanhForward(const float *x, float *y, int64_t n);
// dx = dy * (1 - y^2), from tanh's output y.
void tanhBackward(const float *y, const float *dy, float *dx, int64_t n);

// ---- core attention on packed QKV ----
// qkv [B, S, heads, 3, hd]; out [B, S, heads, hd]; lse [B, heads, S] (log-sum-exp
// of the scaled scores, kept for backward). Causal masks j > i. Attention dropout
// draws from (seed, stream) at counter ((b * heads + h) * S + i) * S + j.
// Grouped-query attention (kvHeads < heads): qkv [B, S, kvHeads, r + 2, hd] (the
// group's r query heads, its key, its value); query head h reads the k and v of
// group h / r. Backward sums a group's dk and dv over its query heads in
// ascending order.
struct AttentionShape {
  int64_t batch, seq, heads, headDim;
  bool causal;
  float scale;
  float dropout;
  uint64_t seed, stream;
  // Added for tensor parallelism: a rank holding heads [headOffset, headOffset +
  // heads) of totalHeads (0 = heads) draws the dropout of the global head
  // index, so a head split reproduces the unsplit run's dropout mask. The
  // counter becomes ((b * totalHeads + headOffset + h) * S + i) * S + j.
  int64_t headOffset = 0;
  int64_t totalHeads = 0;
  // BERT's padding: when set ([batch], in the memory the kernel runs on),
  // sample b attends only to keys [0, lengths[b]) (clamped to [1, seq]).
  const int32_t *lengths = nullptr;
  // Grouped-query attention: this rank's key/value heads (0 = heads); heads
  // must be a multiple of it.
  int64_t kvHeads = 0;
};
void attentionForward(const AttentionShape &a, const float *qkv, float *out,
                      float *lse);
// Causal attention of new tokens against a key/value cache (generation): one
// sequence whose positions [0, position) are cached in keys and values
// ([capacity, kvHeads, hd] each). The `tokens` new tokens (positions
// [position, position + tokens)) arrive in qkv [tokens, packed QKV row as
// above]; their keys and values are stored into rows position.. of the
// cache, then out[i] ([heads, hd] per token) = softmax(scale q_i K^T) V over
// cache rows [0, position + i]: row i of what attentionForward gives for the
// whole sequence. position + tokens <= capacity.
struct DecodeShape {
  int64_t tokens, position, capacity, heads, kvHeads, headDim;
  float scale;
};
void attentionDecode(const DecodeShape &d, const float *qkv, float *keys, float *values,
                     float *out);
// Overwrites dqkv.
void attentionBackward(const AttentionShape &a, const float *qkv,
                       const float *out, const float *lse, const float *dout,
                       float *dqkv);

// ---- one block of context-parallel (ring) attention ----
// Context parallelism splits every sequence over ranks (mtc/Plan/ContextSplit.h);
// attention then runs one key/value block at a time as blocks travel around
// the ring, merging each block's result by log-sum-exp. Every row carries its
// position in the whole sequence, so the causal mask, BERT's padding lengths
// and the dropout draws are attentionForward's on the whole sequence.
// `whole` is the one-rank shape (seq = the whole sequence, batch, heads and
// their offset, kvHeads, dropout, lengths). Local tensors hold localSeq rows
// per sample: qkv and dqkv in the packed layout above, out and dout [B,
// localSeq, heads, hd], lse [B, heads, localSeq]. A key/value block is
// kv [B, kvRows, kvHeads, 2, hd] (each group's key then value: only the
// key/value heads travel).
struct AttentionBlock {
  AttentionShape whole;
  int64_t localSeq;
  const int64_t *positions;    // [localSeq] whole-sequence position of each local row
  int64_t firstQuery, queries; // the local query rows this block serves
  int64_t kvRows;              // rows per sample of kv
  int64_t keys;                // the block is kv's rows [0, keys) ...
  const int64_t *keyPositions; // ... at these whole-sequence positions
};
// Merges the block into out and lse (each row's result over the blocks
// before); first: overwrites them. A row that attends to none of the block's
// keys keeps what it had (first: out 0, lse -inf).
void attentionBlockForward(const AttentionBlock &blk, const float *qkv, const float *kv,
                           float *out, float *lse);
void attentionBlockForwardFirst(const AttentionBlock &blk, const float *qkv, const float *kv,
                                float *out, float *lse);
// With the final out and lse of the forward: adds the block's part of dQ into
// dqkv's query columns and its dK and dV into dkv's rows [0, keys) (dkv
// travels with its block and returns to the block's owner).
void attentionBlockBackward(const AttentionBlock &blk, const float *qkv, const float *kv,
                            const float *out, const float *lse, const float *dout, float *dqkv,
                            float *dkv);
// kv [B, S, kvHeads, 2, hd] = the key and value heads of qkv [B, S, packed].
void packKeyValues(const AttentionShape &a, int64_t S, const float *qkv, float *kv);
// dqkv's key and value columns of rows [0, rows) of each sample += dkv's
// (dkv [B, kvRows, kvHeads, 2, hd], dqkv [B, S, packed]).
void addKeyValueGrads(const AttentionShape &a, int64_t S, int64_t kvRows, int64_t rows,
                      const float *dkv, float *dqkv);

// ---- LLaMA family: RMSNorm, rotary position embeddings, SwiGLU ----
// y = x * rsqrt(mean(x^2) + eps) * gamma over the last dimension H of N rows
// (the row's sum of squares accumulated in double; rsqrt recomputed in backward).
void rmsNormForward(const float *x, const float *gamma, float *y, int64_t N, int64_t H,
                    float eps);
// Overwrites dx.
void rmsNormBackwardInput(const float *x, const float *gamma, const float *dy, float *dx,
                          int64_t N, int64_t H, float eps);
// Accumulates dgamma += sum over rows (in order) of dy * x * rsqrt(...).
void rmsNormBackwardWeight(const float *x, const float *dy, float *dgamma, int64_t N,
                           int64_t H, float eps);
// Rotary position embedding (HuggingFace's rotate_half) of the q and k heads of
// a packed QKV tensor [batch, seq, (heads + 2 * kvHeads) * headDim] in the
// grouped layout above (kvHeads 0 = heads); v heads are copied. At position
// p, pair i (elements i and i + headDim/2) turns by p * theta^(-2i/headDim);
// inverse turns by the negative angle (the backward, applied to the
// gradient). headDim must be even. x == y is allowed. Row s of each sample
// is at position `position` + s (generation: new tokens after cached ones).
struct RotaryShape {
  int64_t batch, seq, heads, kvHeads, headDim;
  double theta;
  bool inverse;
  int64_t position = 0;
};
void rotary(const RotaryShape &r, const float *x, float *y);
// y = silu(gate) * up, silu(g) = g * sigmoid(g).
void swigluForward(const float *gate, const float *up, float *y, int64_t n);
// Overwrites dgate = dy * up * silu'(gate) and dup = dy * silu(gate).
void swigluBackward(const float *gate, const float *up, const float *dy, float *dgate,
                    float *dup, int64_t n);

// ---- kernels steps launch by name (Backend::launch) ----
// Each is its argument struct: `name` (the key the CUDA backend finds it by,
// kernels/cuda/DeviceKernels.h), `host` (the host kernel), and its
// per-element math as MTC_HD functions, which both backends run.

// y = max(x, 0)^2: squared ReLU (Primer, Nemotron). NaN stays NaN.
struct SquaredReluForward {
  static constexpr const char *name = "squared_relu_forward";
  static void host(const SquaredReluForward &k);
  MTC_HD static float at(float x) {
    const float r = x < 0.f ? 0.f : x;
    return r * r;
  }
  const float *x;
  float *y;
  int64_t n;
};
// dx = 2 max(x, 0) dy (overwrites).
struct SquaredReluBackward {
  static constexpr const char *name = "squared_relu_backward";
  static void host(const SquaredReluBackward &k);
  MTC_HD static float at(float x, float dy) { return x < 0.f ? 0.f : 2.f * x * dy; }
  const float *x;
  const float *dy;
  float *dx;
  int64_t n;
};

// ---- mixture of experts: routing, dispatch, combine (math/moe.h) ----
// N tokens, E experts, k experts per token (1 <= k <= E), H the hidden size.
// An entry is one (token t, pick j) pair, index t * k + j. The permuted layout
// holds each kept entry's row once, expert by expert (expert 0's first), in
// token order within an expert; its `rows` rows are N k without a capacity
// and min(N k, E capacity) with one, and rows past the kept total are unused
// (zero in the outputs below). The per-expert GEMMs run on each expert's rows
// [sum of earlier kept, + kept[e]).

// probs [N, E] = softmax of each row of logits (fp32; the auxiliary loss and
// the backward read it), experts [N, k] and weights [N, k] as moeRouteRow.
struct MoeRoute {
  static constexpr const char *name = "moe_route";
  static void host(const MoeRoute &k);
  const float *logits;
  float *probs;
  int32_t *experts;
  float *weights;
  int64_t N, E, k;
};
// dlogits [N, E] (overwrites) from dweights [N, k] (may be null) and the
// probabilities' gradient auxGrad (may be null): one [E] row for every token
// (auxGradStride 0, the auxiliary loss's), or [N, E] (auxGradStride E).
struct MoeRouteBackward {
  static constexpr const char *name = "moe_route_backward";
  static void host(const MoeRouteBackward &k);
  const float *probs;
  const int32_t *experts;
  const float *weights;
  const float *dweights;
  const float *auxGrad;
  float *dlogits;
  int64_t N, E, k;
  int64_t auxGradStride = 0;
};
// Sorts the entries by expert: routed [E] counts the entries each expert was
// picked for (before dropping; the auxiliary loss reads it), kept [E] those it
// keeps, rowOf [N k] the permuted row of each entry (-1: dropped), entryOf
// [rows] the entry of each permuted row (-1: unused). capacity 0 keeps every
// entry; otherwise each expert keeps its first `capacity` entries by
// moeKeptBefore (dropByPosition: Megatron's "position" policy, else "probs").
struct MoeDispatch {
  static constexpr const char *name = "moe_dispatch";
  static void host(const MoeDispatch &k);
  const int32_t *experts;
  const float *weights;
  int32_t *routed, *kept, *rowOf, *entryOf;
  int64_t N, E, k, rows, capacity;
  bool dropByPosition;
};
// xp [rows, H]: row r = x's row of entry entryOf[r]'s token (zero if unused),
// times the entry's weight when `weights` [N, k] is given (MoeCombineBackward's
// row gradient is that gather).
struct MoePermute {
  static constexpr const char *name = "moe_permute";
  static void host(const MoePermute &k);
  const float *x;
  const int32_t *entryOf;
  float *xp;
  int64_t rows, k, H;
  const float *weights = nullptr;
};
// Its backward: dx [N, H] (overwrites) = sum over the token's kept entries, in
// pick order, of dxp's row.
struct MoePermuteBackward {
  static constexpr const char *name = "moe_permute_backward";
  static void host(const MoePermuteBackward &k);
  const float *dxp;
  const int32_t *rowOf;
  float *dx;
  int64_t N, k, H;
};
// y [N, H] (overwrites) = sum over the token's kept entries, in pick order, of
// weight x yp's row: the experts' outputs weighted and summed back per token (a
// token whose every entry was dropped gets 0; the residual carries it).
// Weights null: weight 1 (MoePermuteBackward is this sum).
struct MoeCombine {
  static constexpr const char *name = "moe_combine";
  static void host(const MoeCombine &k);
  const float *yp;
  const int32_t *rowOf;
  const float *weights;
  float *y;
  int64_t N, k, H;
};
// Its backward (both overwrite): dyp [rows, H] = weight x dy's row of the
// row's token (zero if unused); dweights [N, k] = dy's row . yp's row (zero if
// dropped).
struct MoeCombineBackward {
  static constexpr const char *name = "moe_combine_backward";
  static void host(const MoeCombineBackward &k);
  const float *yp;
  const int32_t *rowOf;
  const int32_t *entryOf;
  const float *weights;
  const float *dy;
  float *dyp, *dweights;
  int64_t N, k, H, rows;
};
// sums [E] = each column of probs [N, E] summed over the rows in order (in
// double): with routed, all the auxiliary loss needs (math/moe.h).
struct MoeProbSums {
  static constexpr const char *name = "moe_prob_sums";
  static void host(const MoeProbSums &k);
  const float *probs;
  float *sums;
  int64_t N, E;
};

// ---- cross-entropy over a (possibly vocabulary-split) logits row ----
// The three pieces are separate so tensor parallelism can all-reduce between
// them without ever gathering logits. Columns >= validLocal are padding and
// ignored. Targets < 0 are ignored rows. vocabStart is this shard's first id.
void crossEntropyRowMax(const float *logits, float *rowMax, int64_t N,
                        int64_t V, int64_t validLocal);
// sumExp[n] = sum_v exp(logits[n, v] - rowMax[n]); targetLogit[n] = logits of the
// target when it falls in this shard, else 0.
void crossEntropySumExp(const float *logits, const int32_t *targets,
                        const float *rowMax, float *sumExp, float *targetLogit,
                        int64_t N, int64_t V, int64_t validLocal,
                        int64_t vocabStart);
// Returns the summed loss over counted rows; *count gets their number.
double crossEntropyLoss(const int32_t *targets, const float *rowMax,
                        const float *sumExp, const float *targetLogit,
                        int64_t N, int64_t *count);
// dlogits = (softmax - onehot) * gradScale on counted rows, 0 elsewhere and on padding.
void crossEntropyBackward(const float *logits, const int32_t *targets,
                          const float *rowMax, const float *sumExp,
                          float *dlogits, int64_t N, int64_t V,
                          int64_t validLocal, int64_t vocabStart,
                          float gradScale);

// ---- optimizer ----
double sumSquares(const float *x, int64_t n);
// True when any of the `n` values is inf or NaN (fp16 loss scaling's check).
bool hasNonFinite(const float *x, int64_t n);
struct AdamWStep {
  float lr, beta1, beta2, eps, weightDecay;
  int64_t step; // 1-based, for bias correction
  float gradScale; // multiplies the gradient first (clipping, loss-scale undo)
};
void adamw(const AdamWStep &s, float *param, const float *grad, float *m,
           float *v, int64_t n);

// ---- the same kernels on operands stored in bf16 / fp16 (kernels/Operand.h) ----
// Each operand has its own storage type; the kernels compute in fp32. The
// result is bit for bit the fp32 kernel's on the operands widened to fp32,
// with every output rounded once to its type (to nearest even): an
// accumulating output adds the kernel's contribution to its widened value and
// rounds the sum. With every operand fp32 they are the fp32 kernels. Each
// widens what it reads in the fp32 kernel's own units (a block, a row, an
// attention tile, a GEMM's operands once) on the thread that computes them,
// never a whole-operand copy per call (host/typed_blocks.h, typed_rows.h).
void embeddingForward(const int32_t *tokens, In wte, In wpe, Out out, int64_t N, int64_t S,
                      int64_t H, int64_t vocabStart, int64_t vocabLocal);
void embeddingBackward(const int32_t *tokens, In dout, Out dwte, Out dwpe, int64_t N,
                       int64_t S, int64_t H, int64_t vocabStart, int64_t vocabLocal);
void layerNormForward(In x, In gamma, In beta, Out y, int64_t N, int64_t H, float eps);
void layerNormBackwardInput(In x, In gamma, In dy, Out dx, int64_t N, int64_t H, float eps);
void layerNormBackwardWeight(In x, In dy, Out dgamma, Out dbeta, int64_t N, int64_t H,
                             float eps);
void linearForward(In x, In w, In bias, Out y, int64_t N, int64_t In_, int64_t Out_,
                   bool transposedWeight);
void linearBackwardInput(In dy, In w, Out dx, int64_t N, int64_t In_, int64_t Out_,
                         bool transposedWeight);
void linearBackwardWeight(In x, In dy, Out dw, Out dbias, int64_t N, int64_t In_, int64_t Out_,
                          bool transposedWeight);
// y[r, c] = x[r, c] + bias[c]; dbias[c] += sum over rows (in order) of dy[r, c].
void biasAdd(In x, In bias, Out y, int64_t rows, int64_t cols);
void biasGrad(In dy, Out dbias, int64_t rows, int64_t cols);
void geluForward(In x, Out y, int64_t n, bool exact);
void geluBackward(In x, In dy, Out dx, int64_t n, bool exact);
void add(In a, In b, Out out, int64_t n);
void scale(In x, float alpha, Out out, int64_t n);
void dropout(In x, Out y, int64_t n, float rate, uint64_t seed, uint64_t stream,
             uint64_t offset);
void tokenTypeAdd(const TokenTypeShape &t, In x, const int32_t *types, In table, Out y);
void tokenTypeAddBackward(const TokenTypeShape &t, const int32_t *types, In dy, Out dtable);
void firstToken(In x, Out y, int64_t B, int64_t S, int64_t H, bool owner);
void firstTokenBackward(In dy, Out dx, int64_t B, int64_t S, int64_t H, bool owner);
void tanhForward(In x, Out y, int64_t n);
void tanhBackward(In y, In dy, Out dx, int64_t n);
void attentionForward(const AttentionShape &a, In qkv, Out out, float *lse);
void attentionBackward(const AttentionShape &a, In qkv, In out, const float *lse, In dout,
                       Out dqkv);
void attentionDecode(const DecodeShape &d, In qkv, Out keys, Out values, Out out);
void rmsNormForward(In x, In gamma, Out y, int64_t N, int64_t H, float eps);
void rmsNormBackwardInput(In x, In gamma, In dy, Out dx, int64_t N, int64_t H, float eps);
void rmsNormBackwardWeight(In x, In dy, Out dgamma, int64_t N, int64_t H, float eps);
void rotary(const RotaryShape &r, In x, Out y);
void swigluForward(In gate, In up, Out y, int64_t n);
void swigluBackward(In gate, In up, In dy, Out dgate, Out dup, int64_t n);
void crossEntropyRowMax(In logits, float *rowMax, int64_t N, int64_t V, int64_t validLocal);
void crossEntropySumExp(In logits, const int32_t *targets, const float *rowMax, float *sumExp,
                        float *targetLogit, int64_t N, int64_t V, int64_t validLocal,
                        int64_t vocabStart);
void crossEntropyBackward(In logits, const int32_t *targets, const float *rowMax,
                          const float *sumExp, Out dlogits, int64_t N, int64_t V,
                          int64_t validLocal, int64_t vocabStart, float gradScale);

// Elements of the packed QKV rows of an attention or rotary shape: heads + 2
// kvHeads (kvHeads 0 = heads) head vectors per token.
inline int64_t packedQkvWidth(int64_t heads, int64_t kvHeads, int64_t headDim) {
  return (heads + 2 * (kvHeads ? kvHeads : heads)) * headDim;
}

// ---- initialization, layout independent ----
// Element i of the full tensor named `nameHash` gets
// mean + std * N(0,1) drawn from Philox(seed, nameHash) at counter i. A shard
// fills its slice by passing the full-tensor flat indices it owns.
enum class InitKind { Normal, Zeros, Ones };
void initialize(float *out, InitKind kind, float stddev, uint64_t seed,
                uint64_t nameHash, const int64_t *fullShape,
                const int64_t *sliceOffset, const int64_t *sliceShape,
                int rank);
uint64_t hashName(const char *name); // FNV-1a 64

// Threads used by the host kernels (OpenMP); 0 = the OpenMP default.
void setNumThreads(int n);

} // namespace mtc::kernels
