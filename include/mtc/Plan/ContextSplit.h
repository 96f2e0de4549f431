//===- ContextSplit.h - Which tokens of a sequence each cp rank holds -*- C++ -*-===//
//
// Context parallelism splits every sequence over the cp ranks of a group.
// With causal attention a plain split would give the last rank the most work
// (its queries see every key), so the sequence is cut into 2 cp chunks and
// rank r holds chunks r and 2 cp - 1 - r (Megatron-LM's layout): every rank
// then does the same attention work. Bidirectional attention (BERT) splits
// into cp equal chunks, rank r holding chunk r.
//
// Example seq 16, cp 2, causal: chunks of 4; rank 0 holds positions
// 0-3 and 12-15, rank 1 holds 4-7 and 8-11.
//
// Ring attention: at step s (0 <= s < cp) rank r attends its queries to the
// key/value block of rank (r - s) mod cp. Under the causal layout only part
// of each block pair is unmasked, and ringBlock says which part to compute:
//   source == r: all local queries against all local keys (causal within);
//   source <  r: all queries against the source's first chunk (its second
//                chunk lies after both of r's);
//   source >  r: r's second chunk of queries against both source chunks (r's
//                first chunk lies before both).
// Every step then costs the same: half of the block pair's scores.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_CONTEXTSPLIT_H
#define MTC_PLAN_CONTEXTSPLIT_H

#include "mtc/Plan/Result.h"

#include <cstdint>
#include <vector>

namespace mtc {

class ContextSplit {
public:
  /// Checks seq >= 1, cp >= 1 and that 2 cp (causal) or cp divides seq.
  static Result<ContextSplit> create(int64_t seq, int cp, bool causal);

  int64_t seq() const { return seq_; }
  int cp() const { return cp_; }
  bool causal() const { return causal_; }
  /// Tokens per sequence on each rank: seq / cp.
  int64_t localSeq() const { return seq_ / cp_; }
  /// Positions in the whole sequence of rank's local tokens, in local order.
  std::vector<int64_t> positions(int rank) const;

  /// The part of one ring step's block pair that is computed: local query
  /// rows [firstQuery, firstQuery + queries) against the source's key rows
  /// [0, keys) (its local order).
  struct RingBlock {
    int source;
    int64_t firstQuery, queries, keys;
  };
  RingBlock ringBlock(int rank, int step) const;

private:
  ContextSplit(int64_t seq, int cp, bool causal) : seq_(seq), cp_(cp), causal_(causal) {}
  int64_t seq_;
  int cp_;
  bool causal_;
};

} // namespace mtc

#endif // MTC_PLAN_CONTEXTSPLIT_H
