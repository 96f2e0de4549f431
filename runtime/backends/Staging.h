// One kernel call's fp32 views of bf16/fp16 operands in a backend's memory
// (Backend's typed defaults, and device backends' own typed kernels for the
// operands they do not take as stored).
#pragma once
#include "backends/Backend.h"

#include <vector>

namespace mtc::runtime {

// One call's fp32 views. Inputs are widened when taken; outputs are rounded
// back by commit(), only after the fp32 method returned.
class Staging {
  using In = kernels::In;
  using Out = kernels::Out;

public:
  explicit Staging(Backend &b) : b(b) {}

  const float *in(In x, int64_t n) {
    if (!x || x.isF32())
      return x.f32();
    float *s = take(n);
    b.convert(x, s, n);
    return s;
  }
  // `load`: the kernel accumulates into it.
  float *out(Out y, int64_t n, bool load = false) {
    if (!y || y.isF32())
      return y.f32();
    float *s = take(n);
    if (load)
      b.convert(In(y), s, n);
    outs.push_back({s, y, n});
    return s;
  }
  void commit() {
    for (const Pending &p : outs)
      b.convert(p.scratch, p.target, p.n);
  }

private:
  struct Pending {
    float *scratch;
    Out target;
    int64_t n;
  };
  float *take(int64_t n) {
    if (next == b.stagingBuffers.size())
      b.stagingBuffers.push_back({});
    Backend::StagingBuffer &buf = b.stagingBuffers[next++];
    if (buf.floats < n) {
      if (buf.data)
        b.release(buf.data);
      buf.data = nullptr;
      buf.floats = 0;
      buf.data = static_cast<float *>(b.allocate(n * 4, "fp32 staging of a 16-bit operand"));
      buf.floats = n;
    }
    return buf.data;
  }

  Backend &b;
  size_t next = 0;
  std::vector<Pending> outs;
};

} // namespace mtc::runtime
