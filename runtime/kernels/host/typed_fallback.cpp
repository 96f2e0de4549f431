// The kernels on 16-bit operands (kernels.h, "the same kernels on operands
// stored in bf16 / fp16") that have no loop of their own over 16-bit data:
// the fp32 kernel on whole operands widened to fp32, its outputs rounded
// back. With every operand fp32 they call the fp32 kernel directly. The
// others are in the files of their fp32 kernels, which widen a row or a
// block at a time (host/typed_blocks.h).
#include "kernels/kernels.h"

#include <vector>

namespace mtc::kernels {
namespace {

// An fp32 view of an input: the array itself, or a widened copy.
class Wide {
public:
  Wide(In in, int64_t n) {
    if (!in || in.isF32()) {
      ptr = in.f32();
      return;
    }
    copy.resize(static_cast<size_t>(n));
    convert(in, copy.data(), n);
    ptr = copy.data();
  }
  operator const float *() const { return ptr; }

private:
  std::vector<float> copy;
  const float *ptr = nullptr;
};

// An fp32 view of an output; commit() rounds it into the operand. `load`:
// the kernel accumulates into it (the widened old values are its start).
class WideOut {
public:
  WideOut(Out out, int64_t n, bool load = false) : out(out), n(n) {
    if (!out || out.isF32()) {
      ptr = out.f32();
      return;
    }
    copy.assign(static_cast<size_t>(n), 0.f);
    if (load)
      convert(In(out), copy.data(), n);
    ptr = copy.data();
  }
  operator float *() const { return ptr; }
  void commit() {
    if (!copy.empty())
      convert(copy.data(), out, n);
  }

private:
  Out out;
  int64_t n;
  std::vector<float> copy;
  float *ptr = nullptr;
};

template <typename... Outs> void commit(Outs &...outs) { (outs.commit(), ...); }

int64_t qkvElements(int64_t tokens, int64_t heads, int64_t kvHeads, int64_t headDim) {
  return tokens * packedQkvWidth(heads, kvHeads, headDim);
}

} // namespace

void linearForward(In x, In w, In bias, Out y, int64_t N, int64_t In_, int64_t Out_,
                   bool transposedWeight) {
  Wide xw(x, N * In_), ww(w, In_ * Out_), b(bias, Out_);
  WideOut yw(y, N * Out_);
  linearForward(xw, ww, b, yw, N, In_, Out_, transposedWeight);
  commit(yw);
}

void linearBackwardInput(In dy, In w, Out dx, int64_t N, int64_t In_, int64_t Out_,
                         bool transposedWeight) {
  Wide d(dy, N * Out_), ww(w, In_ * Out_);
  WideOut o(dx, N * In_);
  linearBackwardInput(d, ww, o, N, In_, Out_, transposedWeight);
  commit(o);
}

void linearBackwardWeight(In x, In dy, Out dw, Out dbias, int64_t N, int64_t In_, int64_t Out_,
                          bool transposedWeight) {
  Wide xw(x, N * In_), d(dy, N * Out_);
  WideOut w(dw, In_ * Out_, true), b(dbias, Out_, true);
  linearBackwardWeight(xw, d, w, b, N, In_, Out_, transposedWeight);
  commit(w, b);
}

void attentionForward(const AttentionShape &a, In qkv, Out out, float *lse) {
  const int64_t tokens = a.batch * a.seq;
  Wide q(qkv, qkvElements(tokens, a.heads, a.kvHeads, a.headDim));
  WideOut o(out, tokens * a.heads * a.headDim);
  attentionForward(a, q, o, lse);
  commit(o);
}

void attentionBackward(const AttentionShape &a, In qkv, In out, const float *lse, In dout,
                       Out dqkv) {
  const int64_t tokens = a.batch * a.seq;
  const int64_t packed = qkvElements(tokens, a.heads, a.kvHeads, a.headDim);
  Wide q(qkv, packed), o(out, tokens * a.heads * a.headDim),
      d(dout, tokens * a.heads * a.headDim);
  WideOut dq(dqkv, packed);
  attentionBackward(a, q, o, lse, d, dq);
  commit(dq);
}

void attentionDecode(const DecodeShape &d, In qkv, Out keys, Out values, Out out) {
  const int64_t kv = d.capacity * (d.kvHeads ? d.kvHeads : d.heads) * d.headDim;
  Wide q(qkv, qkvElements(d.tokens, d.heads, d.kvHeads, d.headDim));
  WideOut k(keys, kv, true), v(values, kv, true), o(out, d.tokens * d.heads * d.headDim);
  attentionDecode(d, q, k, v, o);
  commit(k, v, o);
}

void crossEntropyRowMax(In logits, float *rowMax, int64_t N, int64_t V, int64_t validLocal) {
  Wide l(logits, N * V);
  crossEntropyRowMax(static_cast<const float *>(l), rowMax, N, V, validLocal);
}

void crossEntropySumExp(In logits, const int32_t *targets, const float *rowMax, float *sumExp,
                        float *targetLogit, int64_t N, int64_t V, int64_t validLocal,
                        int64_t vocabStart) {
  Wide l(logits, N * V);
  crossEntropySumExp(static_cast<const float *>(l), targets, rowMax, sumExp, targetLogit, N, V,
                     validLocal, vocabStart);
}

void crossEntropyBackward(In logits, const int32_t *targets, const float *rowMax,
                          const float *sumExp, Out dlogits, int64_t N, int64_t V,
                          int64_t validLocal, int64_t vocabStart, float gradScale) {
  Wide l(logits, N * V);
  WideOut d(dlogits, N * V);
  crossEntropyBackward(static_cast<const float *>(l), targets, rowMax, sumExp, d, N, V,
                       validLocal, vocabStart, gradScale);
  commit(d);
}

} // namespace mtc::kernels
