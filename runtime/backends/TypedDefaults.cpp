// Backend's kernels on bf16/fp16 operands, by default: 16-bit operands are
// widened into fp32 scratch of the backend's own memory, the fp32 method
// runs, and the outputs are rounded back (Backend::convert). Bit for bit
// what kernels.h's typed kernels compute; a backend overrides the ones it
// runs on 16-bit data itself (the host backend, all of them).
#include "backends/Backend.h"
#include "backends/Staging.h"

#include <algorithm>

namespace mtc::runtime {

using kernels::In;
using kernels::Out;

void Backend::releaseStaging() {
  for (StagingBuffer &buf : stagingBuffers)
    if (buf.data)
      release(buf.data);
  stagingBuffers.clear();
}

namespace {
bool f32(std::initializer_list<In> operands) {
  return std::all_of(operands.begin(), operands.end(), [](In o) { return !o || o.isF32(); });
}
int64_t qkvElements(int64_t tokens, int64_t heads, int64_t kvHeads, int64_t headDim) {
  return tokens * kernels::packedQkvWidth(heads, kvHeads, headDim);
}
} // namespace

void Backend::embeddingForward(const int32_t *tokens, In wte, In wpe, Out out, int64_t N,
                               int64_t S, int64_t H, int64_t vocabStart, int64_t vocabLocal) {
  if (f32({wte, wpe, out}))
    return embeddingForward(tokens, wte.f32(), wpe.f32(), out.f32(), N, S, H, vocabStart,
                            vocabLocal);
  Staging s(*this);
  embeddingForward(tokens, s.in(wte, vocabLocal * H), s.in(wpe, S * H), s.out(out, N * H), N, S,
                   H, vocabStart, vocabLocal);
  s.commit();
}

void Backend::embeddingBackward(const int32_t *tokens, In dout, Out dwte, Out dwpe, int64_t N,
                                int64_t S, int64_t H, int64_t vocabStart, int64_t vocabLocal) {
  if (f32({dout, dwte, dwpe}))
    return embeddingBackward(tokens, dout.f32(), dwte.f32(), dwpe.f32(), N, S, H, vocabStart,
                             vocabLocal);
  Staging s(*this);
  embeddingBackward(tokens, s.in(dout, N * H), s.out(dwte, vocabLocal * H, true),
                    s.out(dwpe, S * H, true), N, S, H, vocabStart, vocabLocal);
  s.commit();
}

void Backend::layerNormForward(In x, In gamma, In beta, Out y, int64_t N, int64_t H, float eps) {
  if (f32({x, gamma, beta, y}))
    return layerNormForward(x.f32(), gamma.f32(), beta.f32(), y.f32(), N, H, eps);
  Staging s(*this);
  layerNormForward(s.in(x, N * H), s.in(gamma, H), s.in(beta, H), s.out(y, N * H), N, H, eps);
  s.commit();
}

void Backend::layerNormBackwardInput(In x, In gamma, In dy, Out dx, int64_t N, int64_t H,
                                     float eps) {
  if (f32({x, gamma, dy, dx}))
    return layerNormBackwardInput(x.f32(), gamma.f32(), dy.f32(), dx.f32(), N, H, eps);
  Staging s(*this);
  layerNormBackwardInput(s.in(x, N * H), s.in(gamma, H), s.in(dy, N * H), s.out(dx, N * H), N,
                         H, eps);
  s.commit();
}

void Backend::layerNormBackwardWeight(In x, In dy, Out dgamma, Out dbeta, int64_t N, int64_t H,
                                      float eps) {
  if (f32({x, dy, dgamma, dbeta}))
    return layerNormBackwardWeight(x.f32(), dy.f32(), dgamma.f32(), dbeta.f32(), N, H, eps);
  Staging s(*this);
  layerNormBackwardWeight(s.in(x, N * H), s.in(dy, N * H), s.out(dgamma, H, true),
                          s.out(dbeta, H, true), N, H, eps);
  s.commit();
}

void Backend::linearForward(In x, In w, In bias, Out y, int64_t N, int64_t In_, int64_t Out_,
                            bool transposed) {
  if (f32({x, w, bias, y}))
    return linearForward(x.f32(), w.f32(), bias.f32(), y.f32(), N, In_, Out_, transposed);
  Staging s(*this);
  linearForward(s.in(x, N * In_), s.in(w, In_ * Out_), s.in(bias, Out_), s.out(y, N * Out_), N,
                In_, Out_, transposed);
  s.commit();
}

void Backend::linearBackwardInput(In dy, In w, Out dx, int64_t N, int64_t In_, int64_t Out_,
                                  bool transposed) {
  if (f32({dy, w, dx}))
    return linearBackwardInput(dy.f32(), w.f32(), dx.f32(), N, In_, Out_, transposed);
  Staging s(*this);
  linearBackwardInput(s.in(dy, N * Out_), s.in(w, In_ * Out_), s.out(dx, N * In_), N, In_, Out_,
                      transposed);
  s.commit();
}

void Backend::linearBackwardWeight(In x, In dy, Out dw, Out dbias, int64_t N, int64_t In_,
                                   int64_t Out_, bool transposed) {
  if (f32({x, dy, dw, dbias}))
    return linearBackwardWeight(x.f32(), dy.f32(), dw.f32(), dbias.f32(), N, In_, Out_,
                                transposed);
  Staging s(*this);
  linearBackwardWeight(s.in(x, N * In_), s.in(dy, N * Out_), s.out(dw, In_ * Out_, true),
                       s.out(dbias, Out_, true), N, In_, Out_, transposed);
  s.commit();
}

void Backend::geluForward(In x, Out y, int64_t n, bool exact) {
  if (f32({x, y}))
    return geluForward(x.f32(), y.f32(), n, exact);
  Staging s(*this);
  geluForward(s.in(x, n), s.out(y, n), n, exact);
  s.commit();
}

void Backend::geluBackward(In x, In dy, Out dx, int64_t n, bool exact) {
  if (f32({x, dy, dx}))
    return geluBackward(x.f32(), dy.f32(), dx.f32(), n, exact);
  Staging s(*this);
  geluBackward(s.in(x, n), s.in(dy, n), s.out(dx, n), n, exact);
  s.commit();
}

void Backend::add(In a, In b, Out out, int64_t n) {
  if (f32({a, b, out}))
    return add(a.f32(), b.f32(), out.f32(), n);
  Staging s(*this);
  add(s.in(a, n), s.in(b, n), s.out(out, n), n);
  s.commit();
}

void Backend::scale(In x, float alpha, Out out, int64_t n) {
  if (f32({x, out}))
    return scale(x.f32(), alpha, out.f32(), n);
  Staging s(*this);
  scale(s.in(x, n), alpha, s.out(out, n), n);
  s.commit();
}

void Backend::dropout(In x, Out y, int64_t n, float rate, uint64_t seed, uint64_t stream,
                      uint64_t offset) {
  if (f32({x, y}))
    return dropout(x.f32(), y.f32(), n, rate, seed, stream, offset);
  Staging s(*this);
  dropout(s.in(x, n), s.out(y, n), n, rate, seed, stream, offset);
  s.commit();
}

void Backend::biasAdd(In x, In bias, Out y, int64_t rows, int64_t cols) {
  if (f32({x, bias, y}))
    return biasAdd(x.f32(), bias.f32(), y.f32(), rows, cols);
  Staging s(*this);
  biasAdd(s.in(x, rows * cols), s.in(bias, cols), s.out(y, rows * cols), rows, cols);
  s.commit();
}

void Backend::biasGrad(In dy, Out dbias, int64_t rows, int64_t cols) {
  if (f32({dy, dbias}))
    return biasGrad(dy.f32(), dbias.f32(), rows, cols);
  Staging s(*this);
  biasGrad(s.in(dy, rows * cols), s.out(dbias, cols, true), rows, cols);
  s.commit();
}

void Backend::tokenTypeAdd(const kernels::TokenTypeShape &t, In x, const int32_t *types,
                           In table, Out y) {
  if (f32({x, table, y}))
    return tokenTypeAdd(t, x.f32(), types, table.f32(), y.f32());
  const int64_t n = t.batch * t.seq * t.hidden;
  Staging s(*this);
  tokenTypeAdd(t, s.in(x, n), types, s.in(table, t.typeCount * t.hidden), s.out(y, n));
  s.commit();
}

void Backend::tokenTypeAddBackward(const kernels::TokenTypeShape &t, const int32_t *types,
                                   In dy, Out dtable) {
  if (f32({dy, dtable}))
    return tokenTypeAddBackward(t, types, dy.f32(), dtable.f32());
  Staging s(*this);
  tokenTypeAddBackward(t, types, s.in(dy, t.batch * t.seq * t.hidden),
                       s.out(dtable, t.typeCount * t.hidden, true));
  s.commit();
}

void Backend::firstToken(In x, Out y, int64_t B, int64_t S, int64_t H, bool owner) {
  if (f32({x, y}))
    return firstToken(x.f32(), y.f32(), B, S, H, owner);
  Staging s(*this);
  firstToken(s.in(x, B * S * H), s.out(y, B * H), B, S, H, owner);
  s.commit();
}

void Backend::firstTokenBackward(In dy, Out dx, int64_t B, int64_t S, int64_t H, bool owner) {
  if (f32({dy, dx}))
    return firstTokenBackward(dy.f32(), dx.f32(), B, S, H, owner);
  Staging s(*this);
  firstTokenBackward(s.in(dy, B * H), s.out(dx, B * S * H), B, S, H, owner);
  s.commit();
}

void Backend::tanhForward(In x, Out y, int64_t n) {
  if (f32({x, y}))
    return tanhForward(x.f32(), y.f32(), n);
  Staging s(*this);
  tanhForward(s.in(x, n), s.out(y, n), n);
  s.commit();
}

void Backend::tanhBackward(In y, In dy, Out dx, int64_t n) {
  if (f32({y, dy, dx}))
    return tanhBackward(y.f32(), dy.f32(), dx.f32(), n);
  Staging s(*this);
  tanhBackward(s.in(y, n), s.in(dy, n), s.out(dx, n), n);
  s.commit();
}

void Backend::rmsNormForward(In x, In gamma, Out y, int64_t N, int64_t H, float eps) {
  if (f32({x, gamma, y}))
    return rmsNormForward(x.f32(), gamma.f32(), y.f32(), N, H, eps);
  Staging s(*this);
  rmsNormForward(s.in(x, N * H), s.in(gamma, H), s.out(y, N * H), N, H, eps);
  s.commit();
}

void Backend::rmsNormBackwardInput(In x, In gamma, In dy, Out dx, int64_t N, int64_t H,
                                   float eps) {
  if (f32({x, gamma, dy, dx}))
    return rmsNormBackwardInput(x.f32(), gamma.f32(), dy.f32(), dx.f32(), N, H, eps);
  Staging s(*this);
  rmsNormBackwardInput(s.in(x, N * H), s.in(gamma, H), s.in(dy, N * H), s.out(dx, N * H), N, H,
                       eps);
  s.commit();
}

void Backend::rmsNormBackwardWeight(In x, In dy, Out dgamma, int64_t N, int64_t H, float eps) {
  if (f32({x, dy, dgamma}))
    return rmsNormBackwardWeight(x.f32(), dy.f32(), dgamma.f32(), N, H, eps);
  Staging s(*this);
  rmsNormBackwardWeight(s.in(x, N * H), s.in(dy, N * H), s.out(dgamma, H, true), N, H, eps);
  s.commit();
}

void Backend::rotary(const kernels::RotaryShape &r, In x, Out y) {
  if (f32({x, y}))
    return rotary(r, x.f32(), y.f32());
  const int64_t n = qkvElements(r.batch * r.seq, r.heads, r.kvHeads, r.headDim);
  Staging s(*this);
  rotary(r, s.in(x, n), s.out(y, n));
  s.commit();
}

void Backend::swigluForward(In gate, In up, Out y, int64_t n) {
  if (f32({gate, up, y}))
    return swigluForward(gate.f32(), up.f32(), y.f32(), n);
  Staging s(*this);
  swigluForward(s.in(gate, n), s.in(up, n), s.out(y, n), n);
  s.commit();
}

void Backend::swigluBackward(In gate, In up, In dy, Out dgate, Out dup, int64_t n) {
  if (f32({gate, up, dy, dgate, dup}))
    return swigluBackward(gate.f32(), up.f32(), dy.f32(), dgate.f32(), dup.f32(), n);
  Staging s(*this);
  swigluBackward(s.in(gate, n), s.in(up, n), s.in(dy, n), s.out(dgate, n), s.out(dup, n), n);
  s.commit();
}

void Backend::attentionForward(const kernels::AttentionShape &a, In qkv, Out out, float *lse) {
  if (f32({qkv, out}))
    return attentionForward(a, qkv.f32(), out.f32(), lse);
  const int64_t tokens = a.batch * a.seq;
  Staging s(*this);
  attentionForward(a, s.in(qkv, qkvElements(tokens, a.heads, a.kvHeads, a.headDim)),
                   s.out(out, tokens * a.heads * a.headDim), lse);
  s.commit();
}

void Backend::attentionBackward(const kernels::AttentionShape &a, In qkv, In out,
                                const float *lse, In dout, Out dqkv) {
  if (f32({qkv, out, dout, dqkv}))
    return attentionBackward(a, qkv.f32(), out.f32(), lse, dout.f32(), dqkv.f32());
  const int64_t tokens = a.batch * a.seq, rows = tokens * a.heads * a.headDim;
  const int64_t packed = qkvElements(tokens, a.heads, a.kvHeads, a.headDim);
  Staging s(*this);
  attentionBackward(a, s.in(qkv, packed), s.in(out, rows), lse, s.in(dout, rows),
                    s.out(dqkv, packed));
  s.commit();
}

void Backend::attentionDecode(const kernels::DecodeShape &d, In qkv, Out keys, Out values,
                              Out out) {
  if (f32({qkv, keys, values, out}))
    return attentionDecode(d, qkv.f32(), keys.f32(), values.f32(), out.f32());
  const int64_t kv = d.capacity * (d.kvHeads ? d.kvHeads : d.heads) * d.headDim;
  Staging s(*this);
  attentionDecode(d, s.in(qkv, qkvElements(d.tokens, d.heads, d.kvHeads, d.headDim)),
                  s.out(keys, kv, true), s.out(values, kv, true),
                  s.out(out, d.tokens * d.heads * d.headDim));
  s.commit();
}

void Backend::crossEntropyRowMax(In logits, float *rowMax, int64_t N, int64_t V,
                                 int64_t validLocal) {
  if (f32({logits}))
    return crossEntropyRowMax(logits.f32(), rowMax, N, V, validLocal);
  Staging s(*this);
  crossEntropyRowMax(s.in(logits, N * V), rowMax, N, V, validLocal);
}

void Backend::crossEntropySumExp(In logits, const int32_t *targets, const float *rowMax,
                                 float *sumExp, float *targetLogit, int64_t N, int64_t V,
                                 int64_t validLocal, int64_t vocabStart) {
  if (f32({logits}))
    return crossEntropySumExp(logits.f32(), targets, rowMax, sumExp, targetLogit, N, V,
                              validLocal, vocabStart);
  Staging s(*this);
  crossEntropySumExp(s.in(logits, N * V), targets, rowMax, sumExp, targetLogit, N, V,
                     validLocal, vocabStart);
}

void Backend::crossEntropyBackward(In logits, const int32_t *targets, const float *rowMax,
                                   const float *sumExp, Out dlogits, int64_t N, int64_t V,
                                   int64_t validLocal, int64_t vocabStart,
                                   const float *lossBuffer, float gradScale) {
  if (f32({logits, dlogits}))
    return crossEntropyBackward(logits.f32(), targets, rowMax, sumExp, dlogits.f32(), N, V,
                                validLocal, vocabStart, lossBuffer, gradScale);
  Staging s(*this);
  crossEntropyBackward(s.in(logits, N * V), targets, rowMax, sumExp, s.out(dlogits, N * V), N,
                       V, validLocal, vocabStart, lossBuffer, gradScale);
  s.commit();
}

} // namespace mtc::runtime
