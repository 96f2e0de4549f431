#include "exec/StepRegistry.h"

#include <cstdio>
#include <cstdlib>
#include <vector>

namespace mtc::runtime {

namespace {

// By the record's field number in Step's oneof. A function-local static: the
// registrations run during static initialization, in any order.
std::vector<StepKind> &table() {
  static std::vector<StepKind> kinds;
  return kinds;
}

} // namespace

const StepKind *findStepKind(pb::Step::KernelCase kind) {
  const auto &kinds = table();
  const size_t at = static_cast<size_t>(kind);
  return at < kinds.size() && kinds[at].run ? &kinds[at] : nullptr;
}

StepRegistration::StepRegistration(const StepKind &kind) {
  auto &kinds = table();
  const size_t at = static_cast<size_t>(kind.kind);
  if (kinds.size() <= at)
    kinds.resize(at + 1);
  if (kinds[at].run || !kind.shape || !kind.run) {
    const auto *field = pb::Step::descriptor()->FindFieldByNumber(kind.kind);
    std::fprintf(stderr, "mtc runtime: step kind %s is registered %s\n",
                 field ? field->name().c_str() : "?",
                 kinds[at].run ? "twice" : "without a shape rule or a run function");
    std::abort();
  }
  kinds[at] = kind;
}

std::string runsOnAnyWindow(const pb::Step &, const pb::Plan &, int64_t) { return ""; }

} // namespace mtc::runtime
