// The two-stage column sum behind the layer-norm / RMSNorm weight gradients
// (dgamma[h] = sum over N rows of a per-element term): one thread per column
// over all rows leaves a GPU with H / 256 blocks (3 for H = 768). Stage 1
// splits the rows into chunks; a block sums one chunk for kColumnsPerBlock
// columns and writes partial[chunk * H + h]. Stage 2 adds a column's partials
// in chunk order. Every sum has a fixed order (rows within a chunk strided by
// warp, warps in order, then chunks in order): deterministic run to run.
// MTC_HD so the CPU tests run the same layout.
#pragma once
#include "kernels/math/hd.h"

#include <cstdint>

namespace mtc::kernels::gpu {

constexpr int64_t kColumnsPerBlock = 32;   // one warp's lanes: coalesced rows
constexpr int64_t kRowGroupsPerBlock = 8;  // warps of a stage-1 block
constexpr int64_t kMaxRowChunks = 64;      // bounds the scratch and stage 2
constexpr int64_t kMinRowsPerChunk = 32;   // below this a chunk is all overhead

struct ColumnPartials {
  int64_t rowsPerChunk = 1, chunks = 0;
  // Rows [begin, end) of a chunk.
  MTC_HD int64_t begin(int64_t chunk) const { return chunk * rowsPerChunk; }
  MTC_HD int64_t end(int64_t chunk, int64_t rows) const {
    int64_t e = (chunk + 1) * rowsPerChunk;
    return e < rows ? e : rows;
  }
  // Chunk-major: a stage-1 block writes kColumnsPerBlock consecutive floats.
  MTC_HD static int64_t index(int64_t chunk, int64_t h, int64_t cols) {
    return chunk * cols + h;
  }
};

MTC_HD inline ColumnPartials columnPartials(int64_t rows) {
  ColumnPartials p;
  if (rows <= 0)
    return p;
  int64_t per = (rows + kMaxRowChunks - 1) / kMaxRowChunks;
  p.rowsPerChunk = per > kMinRowsPerChunk ? per : kMinRowsPerChunk;
  p.chunks = (rows + p.rowsPerChunk - 1) / p.rowsPerChunk;
  return p;
}

// Stage 2 for one column: the partials in chunk order.
MTC_HD inline float sumColumnPartials(const float *partials, int64_t chunks, int64_t h,
                                      int64_t cols) {
  float acc = 0.0f;
  for (int64_t c = 0; c < chunks; ++c)
    acc += partials[ColumnPartials::index(c, h, cols)];
  return acc;
}

// Stage 1's order within a chunk for one column: row group g (a warp) sums
// rows begin + g, begin + g + kRowGroupsPerBlock, ...; the groups' sums are
// then added in group order. term(row) gives the row's element.
template <class Term>
MTC_HD float sumChunkColumn(const ColumnPartials &p, int64_t chunk, int64_t rows,
                            Term term) {
  float total = 0.0f;
  for (int64_t g = 0; g < kRowGroupsPerBlock; ++g) {
    float acc = 0.0f;
    for (int64_t r = p.begin(chunk) + g; r < p.end(chunk, rows); r += kRowGroupsPerBlock)
      acc += term(r);
    total += acc;
  }
  return total;
}

} // namespace mtc::kernels::gpu
