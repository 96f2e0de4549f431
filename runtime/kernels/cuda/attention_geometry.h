// Where one (batch, query head) of core attention lives in the packed tensors
// and how its rows are masked and dropped: shared by the CUDA-core kernels
// (attention.cu), the tensor-core ones (flash_attention.cu) and the CPU
// emulation of the latter (test/unit/gpu/FlashTileTest.cpp).
#pragma once
#include "kernels/cuda/attention_rows.h"
#include "kernels/kernels.h"
#include "kernels/math/dropout.h"
#include "kernels/math/llama.h"

#include <cstdint>

namespace mtc::kernels::gpu {

MTC_HD inline int64_t kvHeadsOf(const AttentionShape &a) {
  return a.kvHeads ? a.kvHeads : a.heads;
}

// Where token 0 of sample b has query head h's q, its group's k and v, its
// out row and lse row (math/llama.h's grouped layout).
struct HeadGeometry {
  int64_t tokenStride, outStride; // floats between tokens in qkv / out
  int64_t qBase, kBase, vBase, outBase, lseBase;
};

MTC_HD inline HeadGeometry headGeometry(const AttentionShape &a, int64_t b, int64_t h) {
  int64_t r = a.heads / kvHeadsOf(a);
  HeadGeometry g;
  g.tokenStride = math::qkvRowWidth(a.heads, kvHeadsOf(a), a.headDim);
  g.outStride = a.heads * a.headDim;
  int64_t sample = b * a.seq * g.tokenStride;
  g.qBase = sample + math::qkvQueryColumn(h, r, a.headDim);
  g.kBase = sample + math::qkvKeyColumn(h, r, a.headDim);
  g.vBase = sample + math::qkvValueColumn(h, r, a.headDim);
  g.outBase = (b * a.seq * a.heads + h) * a.headDim;
  g.lseBase = (b * a.heads + h) * a.seq;
  return g;
}

// Masking and dropout numbering of (batch b, local head h): the dropout
// counter of (i, j) is ((b * totalHeads + headOffset + h) * S + i) * S + j.
MTC_HD inline AttentionRowInfo rowInfo(const AttentionShape &a, int64_t b, int64_t h) {
  int64_t total = a.totalHeads ? a.totalHeads : a.heads;
  AttentionRowInfo r;
  r.seq = a.seq, r.causal = a.causal, r.scale = a.scale;
  r.keys = attentionKeys(a.lengths, b, a.seq);
  r.dropout = a.dropout, r.invKeep = math::dropoutInvKeep(a.dropout);
  r.seed = a.seed, r.stream = a.stream;
  r.dropoutBase = static_cast<uint64_t>((b * total + a.headOffset + h) * a.seq) * a.seq;
  return r;
}

} // namespace mtc::kernels::gpu
