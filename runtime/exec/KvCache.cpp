#include "exec/KvCache.h"
#include "exec/Executor.h"
#include "exec/PlanValidator.h"
#include "exec/StepRegistry.h"

namespace mtc::runtime {

namespace {

// Why step `s` cannot run on a window of new tokens ("" when it can).
std::string windowProblem(const pb::Plan &plan, int s, int64_t capacity) {
  const pb::Step &step = plan.steps(s);
  const StepKind *kind = findStepKind(step.kernel_case());
  if (!kind || !kind->windowProblem)
    return "this step kind does not run on a window of new tokens (one sequence, one rank)";
  return kind->windowProblem(step, plan, capacity);
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
