#include "exec/StepShapes.h"
#include "exec/PlanValidator.h"
#include "exec/StepChecker.h"
#include "exec/StepRegistry.h"

#include <sstream>

namespace mtc::runtime {

std::string describeStep(const pb::Plan &plan, int stepIndex) {
  std::ostringstream os;
  os << "step " << stepIndex;
  if (stepIndex < 0 || stepIndex >= plan.steps_size())
    return os.str();
  const pb::Step &step = plan.steps(stepIndex);
  const auto *field = pb::Step::descriptor()->FindFieldByNumber(step.kernel_case());
  os << " (" << (step.location().empty() ? "?" : step.location()) << ", "
     << (field ? field->name() : "no kernel") << ")";
  return os.str();
}

StepShape tokenWindowShape(const StepShape &full, int64_t planTokens, int64_t tokens) {
  StepShape s = full;
  if (full.rows > 0)
    s.rows = tokens;
  if (full.seq > 0)
    s.seq = tokens;
  if (full.batch > 0)
    s.batch = 1;
  // Element-wise steps: per-token rows of elements / planTokens.
  s.elements = full.elements / planTokens * tokens;
  return s;
}

PlanIndex indexPlan(const pb::Plan &plan, std::vector<std::string> &errors) {
  PlanIndex index;
  index.buffers.assign(plan.buffers_size(), nullptr);
  for (const pb::Buffer &b : plan.buffers()) {
    if (b.id() < 0 || b.id() >= plan.buffers_size()) {
      errors.push_back("buffer '" + b.name() + "' has id " + std::to_string(b.id()) +
                       ", outside 0.." + std::to_string(plan.buffers_size() - 1));
    } else if (index.buffers[b.id()]) {
      errors.push_back("buffer id " + std::to_string(b.id()) + " is used twice ('" +
                       index.buffers[b.id()]->name() + "' and '" + b.name() + "')");
    } else {
      index.buffers[b.id()] = &b;
    }
  }
  index.params.assign(plan.params_size(), nullptr);
  for (const pb::Param &p : plan.params()) {
    if (p.id() < 0 || p.id() >= plan.params_size()) {
      errors.push_back("param '" + p.name() + "' has id " + std::to_string(p.id()) +
                       ", outside 0.." + std::to_string(plan.params_size() - 1));
    } else if (index.params[p.id()]) {
      errors.push_back("param id " + std::to_string(p.id()) + " is used twice ('" +
                       index.params[p.id()]->name() + "' and '" + p.name() + "')");
    } else {
      index.params[p.id()] = &p;
    }
  }
  return index;
}

StepShape deriveStepShape(const pb::Plan &plan, const PlanIndex &index,
                          int stepIndex, std::vector<std::string> &errors) {
  StepChecker c(plan, index, stepIndex, errors);
  StepShape s;
  const pb::Step &step = plan.steps(stepIndex);
  if (step.kernel_case() == pb::Step::KERNEL_NOT_SET)
    c.fail("has no kernel set (a newer compiler's step kind?)");
  else if (const StepKind *kind = findStepKind(step.kernel_case()))
    kind->shape(step, c, s);
  else
    c.fail("is a step kind this runtime has no implementation of");
  return s;
}

} // namespace mtc::runtime
