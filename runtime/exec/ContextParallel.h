// Context parallelism in the executor: which whole-sequence positions this
// rank's tokens hold (mtc/Plan/ContextSplit.h), the per-position work that
// follows them (inputs, position tables, rotary angles, dropout counters),
// and ring attention over the context group.
#pragma once
#include "backends/Backend.h"
#include "comm/Communicator.h"
#include "kernels/kernels.h"

#include <cstdint>
#include <vector>

namespace mtc::runtime {

// `length` consecutive local rows from `local` on, at whole-sequence
// positions from `whole` on.
struct PositionRun {
  int64_t local, whole, length;
};

// One ring step's block (mtc/Plan/ContextSplit.h's RingBlock): local query
// rows [firstQuery, firstQuery + queries) against the source rank's key rows
// [0, keys).
struct RingStep {
  int source;
  int64_t firstQuery, queries, keys;
};

class ContextShard {
public:
  ContextShard() = default;
  // One rank holding whole sequences of wholeSeq tokens: local row i is
  // position i.
  static ContextShard unsplit(int64_t wholeSeq);
  // Rank `rank` of `size` holding its share of sequences of wholeSeq tokens;
  // throws std::invalid_argument naming sizes that do not divide.
  static ContextShard create(int64_t wholeSeq, int size, int rank, bool causal);

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool split() const { return size_ > 1; }
  int64_t wholeSeq() const { return wholeSeq_; }
  int64_t localSeq() const { return wholeSeq_ / size_; }
  // Whole-sequence positions of rank r's local rows (split() only).
  const std::vector<int64_t> &positionsOf(int r) const { return positions_[r]; }
  // This rank's ring steps, in order (split() only).
  const std::vector<RingStep> &ringSteps() const { return ringSteps_; }

  // The runs of local rows [first, first + n) (a sequence-parallel shard of
  // them), `local` counted from first. Unsplit: one run at position first
  // (generation continues past the plan's sequence).
  std::vector<PositionRun> runsOf(int64_t first, int64_t n) const;

private:
  int rank_ = 0, size_ = 1;
  int64_t wholeSeq_ = 0;
  std::vector<std::vector<int64_t>> positions_; // every rank's (ContextSplit)
  std::vector<RingStep> ringSteps_;             // this rank's (ContextSplit)
};

// local[b, i] = whole[b, position of local row i] for per-token inputs
// [batch, wholeSeq] (tokens, targets, token types).
std::vector<int32_t> localRows(const ContextShard &ctx, const std::vector<int32_t> &whole,
                               int64_t batch);

// Dropout of local rows [first, first + rows) of [batch, rows, hidden] with
// the counters of the whole [batch, wholeSeq, hidden] tensor, so the shards
// of every rank together draw the one-rank run's mask.
void dropoutOnRows(Backend &dev, kernels::In x, kernels::Out y, int64_t batch, int64_t rows,
                   int64_t first, int64_t hidden, const ContextShard &ctx, float rate,
                   uint64_t seed, uint64_t stream);

// A position table [positions, hidden] added to each [rows, hidden] sample
// whose rows are local rows [first, first + rows); the backward accumulates
// each sample's dy into those table rows, samples in order.
void addPositionRows(Backend &dev, const float *x, const float *table, float *y, int64_t batch,
                     int64_t rows, int64_t hidden, int64_t first, const ContextShard &ctx);
void accumulatePositionRows(Backend &dev, const float *dy, float *dtable, int64_t batch,
                            int64_t rows, int64_t hidden, int64_t first,
                            const ContextShard &ctx);

// Ring attention over the context group (rank i of the group is context
// rank i). `whole` is the attention of the whole sequence (seq = wholeSeq;
// heads, their offset and dropout as the one-rank run's); qkv, out, lse,
// dout and dqkv hold the local rows. Each step posts the exchange of the
// next key/value block before computing the current one. scratch (backend
// memory) grows to what the blocks need.
void ringAttentionForward(Backend &dev, comm::Communicator &group, const ContextShard &ctx,
                          const kernels::AttentionShape &whole, const float *qkv, float *out,
                          float *lse, DeviceArray &scratch);
// Key/value blocks circulate again; the gradient of each block travels with
// it, each rank adding its part, and returns to the block's owner.
void ringAttentionBackward(Backend &dev, comm::Communicator &group, const ContextShard &ctx,
                           const kernels::AttentionShape &whole, const float *qkv,
                           const float *out, const float *lse, const float *dout, float *dqkv,
                           DeviceArray &scratch);

} // namespace mtc::runtime
