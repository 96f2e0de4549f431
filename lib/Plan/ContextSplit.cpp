//===- ContextSplit.cpp - Megatron's load-balanced sequence split ---------===//
#include "mtc/Plan/ContextSplit.h"

#include <string>

namespace mtc {

Result<ContextSplit> ContextSplit::create(int64_t seq, int cp, bool causal) {
  if (seq < 1 || cp < 1)
    return Error{"context split: seq and cp must be >= 1, got seq=" + std::to_string(seq) +
                 " cp=" + std::to_string(cp)};
  const int64_t chunks = causal ? 2 * static_cast<int64_t>(cp) : cp;
  if (seq % chunks != 0)
    return Error{"context split: " +
                 std::string(causal ? "2 * context-parallel size " : "context-parallel size ") +
                 std::to_string(chunks) + " does not divide the sequence length " +
                 std::to_string(seq) +
                 (causal ? " (causal attention cuts each sequence into 2 cp chunks)" : "")};
  return ContextSplit(seq, cp, causal);
}

std::vector<int64_t> ContextSplit::positions(int rank) const {
  std::vector<int64_t> p;
  p.reserve(localSeq());
  if (!causal_) {
    for (int64_t i = 0; i < localSeq(); ++i)
      p.push_back(rank * localSeq() + i);
    return p;
  }
  const int64_t chunk = seq_ / (2 * cp_);
  for (int64_t c : {static_cast<int64_t>(rank), 2 * static_cast<int64_t>(cp_) - 1 - rank})
    for (int64_t i = 0; i < chunk; ++i)
      p.push_back(c * chunk + i);
  return p;
}

ContextSplit::RingBlock ContextSplit::ringBlock(int rank, int step) const {
  const int source = ((rank - step) % cp_ + cp_) % cp_;
  const int64_t local = localSeq(), chunk = local / 2;
  if (!causal_ || source == rank)
    return {source, 0, local, local};
  if (source < rank)
    return {source, 0, local, chunk};
  return {source, chunk, chunk, local};
}

} // namespace mtc
