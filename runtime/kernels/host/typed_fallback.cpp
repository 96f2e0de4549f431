// The kernels on 16-bit operands (kernels.h, "the same kernels on operands
// stored in bf16 / fp16") that have no loop of their own over 16-bit data:
// the fp32 kernel on whole operands widened to fp32, its outputs rounded
// back. With every operand fp32 they call the fp32 kernel directly.
#include "host/common.h"
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

void embeddingForward(const int32_t *tokens, In wte, In wpe, Out out, int64_t N, int64_t S,
                      int64_t H, int64_t vocabStart, int64_t vocabLocal) {
  Wide t(wte, vocabLocal * H), p(wpe, S * H);
  WideOut o(out, N * H);
  embeddingForward(tokens, t, p, o, N, S, H, vocabStart, vocabLocal);
  commit(o);
}

void embeddingBackward(const int32_t *tokens, In dout, Out dwte, Out dwpe, int64_t N,
                       int64_t S, int64_t H, int64_t vocabStart, int64_t vocabLocal) {
  Wide d(dout, N * H);
  WideOut t(dwte, vocabLocal * H, true), p(dwpe, S * H, true);
  embeddingBackward(tokens, d, t, p, N, S, H, vocabStart, vocabLocal);
  commit(t, p);
}

void layerNormForward(In x, In gamma, In beta, Out y, int64_t N, int64_t H, float eps) {
  Wide xw(x, N * H), g(gamma, H), b(beta, H);
  WideOut yw(y, N * H);
  layerNormForward(xw, g, b, yw, N, H, eps);
  commit(yw);
}

void layerNormBackwardInput(In x, In gamma, In dy, Out dx, int64_t N, int64_t H, float eps) {
  Wide xw(x, N * H), g(gamma, H), d(dy, N * H);
  WideOut o(dx, N * H);
  layerNormBackwardInput(xw, g, d, o, N, H, eps);
  commit(o);
}

void layerNormBackwardWeight(In x, In dy, Out dgamma, Out dbeta, int64_t N, int64_t H,
                             float eps) {
  Wide xw(x, N * H), d(dy, N * H);
  WideOut g(dgamma, H, true), b(dbeta, H, true);
  layerNormBackwardWeight(xw, d, g, b, N, H, eps);
  commit(g, b);
}

void biasAdd(In x, In bias, Out y, int64_t rows, int64_t cols) {
  detail::requireNonNegative("biasAdd", "rows", rows);
  detail::requireNonNegative("biasAdd", "cols", cols);
  Wide xw(x, rows * cols), b(bias, cols);
  WideOut yw(y, rows * cols);
  const float *xs = xw, *bs = b;
  float *ys = yw;
#pragma omp parallel for schedule(static) if (rows * cols > detail::kParallelMinWork)
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      ys[r * cols + c] = xs[r * cols + c] + bs[c];
  commit(yw);
}

void biasGrad(In dy, Out dbias, int64_t rows, int64_t cols) {
  detail::requireNonNegative("biasGrad", "rows", rows);
  detail::requireNonNegative("biasGrad", "cols", cols);
  Wide d(dy, rows * cols);
  WideOut b(dbias, cols, true);
  const float *ds = d;
  float *bs = b;
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c)
      bs[c] += ds[r * cols + c];
  commit(b);
}

void geluForward(In x, Out y, int64_t n, bool exact) {
  Wide xw(x, n);
  WideOut yw(y, n);
  geluForward(xw, yw, n, exact);
  commit(yw);
}

void geluBackward(In x, In dy, Out dx, int64_t n, bool exact) {
  Wide xw(x, n), d(dy, n);
  WideOut o(dx, n);
  geluBackward(xw, d, o, n, exact);
  commit(o);
}

void add(In a, In b, Out out, int64_t n) {
  Wide aw(a, n), bw(b, n);
  WideOut o(out, n);
  add(aw, bw, o, n);
  commit(o);
}

void scale(In x, float alpha, Out out, int64_t n) {
  Wide xw(x, n);
  WideOut o(out, n);
  scale(xw, alpha, o, n);
  commit(o);
}

void dropout(In x, Out y, int64_t n, float rate, uint64_t seed, uint64_t stream,
             uint64_t offset) {
  Wide xw(x, n);
  WideOut yw(y, n);
  dropout(xw, yw, n, rate, seed, stream, offset);
  commit(yw);
}

void tokenTypeAdd(const TokenTypeShape &t, In x, const int32_t *types, In table, Out y) {
  const int64_t n = t.batch * t.seq * t.hidden;
  Wide xw(x, n), tw(table, t.typeCount * t.hidden);
  WideOut yw(y, n);
  tokenTypeAdd(t, xw, types, tw, yw);
  commit(yw);
}

void tokenTypeAddBackward(const TokenTypeShape &t, const int32_t *types, In dy, Out dtable) {
  Wide d(dy, t.batch * t.seq * t.hidden);
  WideOut tw(dtable, t.typeCount * t.hidden, true);
  tokenTypeAddBackward(t, types, d, tw);
  commit(tw);
}

void firstToken(In x, Out y, int64_t B, int64_t S, int64_t H, bool owner) {
  Wide xw(x, B * S * H);
  WideOut yw(y, B * H);
  firstToken(xw, yw, B, S, H, owner);
  commit(yw);
}

void firstTokenBackward(In dy, Out dx, int64_t B, int64_t S, int64_t H, bool owner) {
  Wide d(dy, B * H);
  WideOut o(dx, B * S * H);
  firstTokenBackward(d, o, B, S, H, owner);
  commit(o);
}

void tanhForward(In x, Out y, int64_t n) {
  Wide xw(x, n);
  WideOut yw(y, n);
  tanhForward(xw, yw, n);
  commit(yw);
}

void tanhBackward(In y, In dy, Out dx, int64_t n) {
  Wide yw(y, n), d(dy, n);
  WideOut o(dx, n);
  tanhBackward(yw, d, o, n);
  commit(o);
}

void rmsNormForward(In x, In gamma, Out y, int64_t N, int64_t H, float eps) {
  Wide xw(x, N * H), g(gamma, H);
  WideOut yw(y, N * H);
  rmsNormForward(xw, g, yw, N, H, eps);
  commit(yw);
}

void rmsNormBackwardInput(In x, In gamma, In dy, Out dx, int64_t N, int64_t H, float eps) {
  Wide xw(x, N * H), g(gamma, H), d(dy, N * H);
  WideOut o(dx, N * H);
  rmsNormBackwardInput(xw, g, d, o, N, H, eps);
  commit(o);
}

void rmsNormBackwardWeight(In x, In dy, Out dgamma, int64_t N, int64_t H, float eps) {
  Wide xw(x, N * H), d(dy, N * H);
  WideOut g(dgamma, H, true);
  rmsNormBackwardWeight(xw, d, g, N, H, eps);
  commit(g);
}

void rotary(const RotaryShape &r, In x, Out y) {
  const int64_t n = qkvElements(r.batch * r.seq, r.heads, r.kvHeads, r.headDim);
  Wide xw(x, n);
  WideOut yw(y, n);
  rotary(r, xw, yw);
  commit(yw);
}

void swigluForward(In gate, In up, Out y, int64_t n) {
  Wide g(gate, n), u(up, n);
  WideOut yw(y, n);
  swigluForward(g, u, yw, n);
  commit(yw);
}

void swigluBackward(In gate, In up, In dy, Out dgate, Out dup, int64_t n) {
  Wide g(gate, n), u(up, n), d(dy, n);
  WideOut dg(dgate, n), du(dup, n);
  swigluBackward(g, u, d, dg, du, n);
  commit(dg, du);
}

} // namespace mtc::kernels
