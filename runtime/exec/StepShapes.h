// The sizes each kernel call needs, derived from a step's buffers and params.
// One function derives and checks them, so the validator and the executor can
// never disagree on what a step means.
#pragma once
#include "plan.pb.h"

#include <string>
#include <vector>

namespace mtc::runtime {

struct StepShape {
  int64_t rows = 0;       // N: token rows (micro-batch * sequence)
  int64_t seq = 0;        // S
  int64_t hidden = 0;     // H, or In for linear
  int64_t out = 0;        // Out for linear
  int64_t vocabLocal = 0; // embedding rows / logits columns on this rank
  int64_t validLocal = 0; // logits columns that are real vocabulary
  int64_t elements = 0;   // element-wise kernels
  int64_t batch = 0;      // attention
  int64_t idsSeq = 0;     // token-type ids per sample (a shard's x has fewer positions)
  int64_t experts = 0;    // mixture of experts: E, k picks a token, R permuted rows
  int64_t topk = 0;
  int64_t permuted = 0;
};

// Index of a plan's buffers and params by id (ids must be dense: 0..size-1).
struct PlanIndex {
  std::vector<const pb::Buffer *> buffers;
  std::vector<const pb::Param *> params;
};

// Builds the index; id problems are appended to `errors`.
PlanIndex indexPlan(const pb::Plan &plan, std::vector<std::string> &errors);

// Derives the shape of steps[stepIndex] and appends any inconsistency to `errors`
// as "step 12 (h.0 ln_1 fwd): ...".
StepShape deriveStepShape(const pb::Plan &plan, const PlanIndex &index,
                          int stepIndex, std::vector<std::string> &errors);

// A forward step's shape when it runs on `tokens` consecutive tokens of one
// sequence instead of the plan's micro-batch of `planTokens` (generation with
// a key/value cache): rows and element counts scale, batch 1, seq = tokens.
// The plan's buffers hold planTokens; tokens must be in [1, planTokens].
StepShape tokenWindowShape(const StepShape &full, int64_t planTokens, int64_t tokens);

// "step 12 (h.0 ln_1 fwd, layer_norm_forward)"
std::string describeStep(const pb::Plan &plan, int stepIndex);

} // namespace mtc::runtime
