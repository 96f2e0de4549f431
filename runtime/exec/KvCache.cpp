#include "exec/KvCache.h"
#include "exec/Executor.h"
#include "exec/PlanValidator.h"

namespace mtc::runtime {

namespace {

// Why step `s` cannot run on a window of new tokens ("" when it can).
std::string windowProblem(const pb::Plan &plan, int s, int64_t capacity) {
  const pb::Step &step = plan.steps(s);
  auto rows = [&](int32_t param) { return plan.params(param).shape(0); };
  switch (step.kernel_case()) {
  case pb::Step::kEmbeddingForward:
    if (step.embedding_forward().has_wpe() && rows(step.embedding_forward().wpe_param()) < capacity)
      return "its position table has " + std::to_string(rows(step.embedding_forward().wpe_param())) +
             " rows, fewer than the " + std::to_string(capacity) + " positions to cache";
    return "";
  case pb::Step::kBiasAdd: {
    const pb::Param &bias = plan.params(step.bias_add().bias_param());
    if (bias.shape_size() == 2 && bias.shape(0) < capacity)
      return "its position table has " + std::to_string(bias.shape(0)) + " rows, fewer than the " +
             std::to_string(capacity) + " positions to cache";
    return "";
  }
  case pb::Step::kAttention:
    if (!step.attention().causal() || step.attention().has_lengths())
      return "only causal attention without padding continues a sequence token by token";
    return "";
  case pb::Step::kLayerNormForward:
  case pb::Step::kRmsNormForward:
  case pb::Step::kLinearForward:
  case pb::Step::kGelu:
  case pb::Step::kAdd:
  case pb::Step::kDropout:
  case pb::Step::kRotary:
  case pb::Step::kSwiglu:
  case pb::Step::kCrossEntropy: // skipped: generation has no targets
    return "";
  default:
    return "this step kind does not run on a window of new tokens (one sequence, one rank)";
  }
}

} // namespace

KvCache::KvCache(Executor &executor, int64_t capacity) : limit(capacity) {
  const pb::Plan &plan = executor.plan();
  if (capacity <= 0)
    throw PlanError("a key/value cache needs room for at least one position (got " +
                    std::to_string(capacity) + ")");
  std::vector<std::string> problems;
  for (int s = 0; s < plan.forward_steps(); ++s) {
    const std::string why = windowProblem(plan, s, capacity);
    if (!why.empty())
      problems.push_back(describeStep(plan, s) + ": " + why);
  }
  if (!problems.empty()) {
    std::string text = "generation with a key/value cache cannot run this plan:";
    for (const std::string &p : problems)
      text += "\n  " + p;
    throw PlanError(text);
  }
  for (int s = 0; s < plan.forward_steps(); ++s) {
    if (plan.steps(s).kernel_case() != pb::Step::kAttention)
      continue;
    const pb::Attention &a = plan.steps(s).attention();
    const int64_t kvHeads = a.kv_heads() > 0 ? a.kv_heads() : a.heads();
    const int64_t floats = capacity * kvHeads * a.head_dim();
    const std::string what = "the key/value cache of " + describeStep(plan, s);
    layers[s] = {DeviceArray(executor.backend(), floats, what),
                 DeviceArray(executor.backend(), floats, what)};
  }
}

} // namespace mtc::runtime
