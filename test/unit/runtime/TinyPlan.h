// A hand-built plan for the runtime tests: embedding (+ positions) -> final layer
// norm -> tied output layer (transposed wte) -> cross-entropy, with its backward.
// Vocabulary 11 padded to 16, hidden 8, micro-batch 2, sequence 4.
#pragma once
#include "exec/Executor.h"
#include "plan.pb.h"

#include <string>
#include <vector>

namespace mtc::runtime::testing {

struct TinyDims {
  int64_t vocab = 11, paddedVocab = 16, hidden = 8, batch = 2, seq = 4;
};

// Buffer ids of the tiny plan.
enum TinyBuffer {
  kTokens, kTargets, kEmb, kLn, kLogits, kRowMax, kSumExp, kTargetLogit, kLoss,
  kDLogits, kDLn, kDEmb, kNumBuffers
};
enum TinyParam { kWte, kWpe, kLnGamma, kLnBeta };

// Every buffer has its own arena bytes (no reuse); activation_peak_bytes is the
// hand-computed 1672 for the default dimensions.
pb::Plan makeTinyPlan(const TinyDims &dims = {});

// Appends param `name` (next id, normal init with std 1) holding the box
// `shape` at offset 0 of `fullShape` (default: the whole tensor).
pb::Param *appendParam(pb::Plan &plan, const std::string &name, const std::vector<int64_t> &shape,
                       std::vector<int64_t> fullShape = {});

// Fills a micro-batch of any plan with a fixed pattern of ids below 11.
void fillPatternBatch(Executor &exec);

// The lines of a text file (metrics, logs) the runtime wrote.
std::vector<std::string> readLines(const std::string &path);

} // namespace mtc::runtime::testing
