// Checks a compiled plan before anything is allocated, so a compiler bug shows
// up as a message naming the step and the buffer instead of a crash or garbage.
#pragma once
#include "plan.pb.h"

#include <stdexcept>
#include <string>
#include <vector>

namespace mtc::runtime {

// The plan format this runtime executes.
constexpr uint32_t kPlanFormatVersion = 1;

class PlanError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Returns every problem found (empty when the plan is valid).
std::vector<std::string> validatePlan(const pb::Plan &plan);
// Throws PlanError listing the problems (at most the first 20).
void checkPlan(const pb::Plan &plan);

int64_t numElements(const google::protobuf::RepeatedField<int64_t> &shape);
// Bytes an element of a buffer of this dtype takes (2 for BF16 and F16).
int64_t elementBytes(pb::DType dtype);

} // namespace mtc::runtime
