#include "kernels/cuda/GemmMemory.h"

#include <algorithm>
#include <stdexcept>

namespace mtc::kernels::gpu {
namespace {

int64_t elementsOf(const pb::Plan &plan, int32_t buffer) {
  for (const pb::Buffer &b : plan.buffers())
    if (b.id() == buffer) {
      int64_t n = 1;
      for (int64_t d : b.shape())
        n *= d;
      return n;
    }
  throw std::invalid_argument("predictGemmMemory: a linear step names buffer " +
                              std::to_string(buffer) + ", which the plan does not have");
}

// In and Out of a weight stored [In, Out], or [Out, In] when transposed.
std::pair<int64_t, int64_t> weightInOut(const pb::Plan &plan, int32_t param, bool transposed) {
  for (const pb::Param &p : plan.params())
    if (p.id() == param && p.shape_size() == 2)
      return transposed ? std::pair{p.shape(1), p.shape(0)} : std::pair{p.shape(0), p.shape(1)};
  throw std::invalid_argument("predictGemmMemory: a linear step's weight " +
                              std::to_string(param) + " is not a 2-D parameter of the plan");
}

int64_t largestOperandScratch(const pb::Plan &plan, GemmDataType type) {
  int64_t largest = 0;
  auto consider = [&](GemmKind kind, int32_t param, bool transposed, int32_t rowsOf,
                      bool rowsAreOut) {
    auto [in, out] = weightInOut(plan, param, transposed);
    const int64_t rows = elementsOf(plan, rowsOf) / (rowsAreOut ? out : in);
    LinearGemmShape s{kind, rows, in, out, transposed, false, type};
    largest = std::max(largest, gemmOperandScratchBytes(planLinearGemm(s)));
  };
  for (const pb::Step &step : plan.steps()) {
    if (step.has_linear_forward()) {
      const auto &k = step.linear_forward();
      consider(GemmKind::Forward, k.w_param(), k.transposed_weight(), k.x(), false);
    } else if (step.has_linear_backward_input()) {
      const auto &k = step.linear_backward_input();
      consider(GemmKind::BackwardInput, k.w_param(), k.transposed_weight(), k.dy(), true);
    } else if (step.has_linear_backward_weight()) {
      const auto &k = step.linear_backward_weight();
      consider(GemmKind::BackwardWeight, k.w_grad(), k.transposed_weight(), k.x(), false);
    }
  }
  for (const pb::Plan &stage : plan.stage_plans())
    largest = std::max(largest, largestOperandScratch(stage, type));
  return largest;
}

// fp32 bytes of the largest 16-bit output a linear step writes (input
// gradients and outputs; weight gradients are fp32 arrays).
int64_t largestOutputStaging(const pb::Plan &plan) {
  int64_t largest = 0;
  for (const pb::Step &step : plan.steps()) {
    if (step.has_linear_forward())
      largest = std::max(largest, elementsOf(plan, step.linear_forward().y()) * 4);
    else if (step.has_linear_backward_input())
      largest = std::max(largest, elementsOf(plan, step.linear_backward_input().dx()) * 4);
  }
  for (const pb::Plan &stage : plan.stage_plans())
    largest = std::max(largest, largestOutputStaging(stage));
  return largest;
}

// A plan compiled for 16 bits stores its activations in the GEMMs' operand
// type, and the kernels read a 16-bit weight copy: no operand is copied.
bool storesSixteenBits(const pb::Plan &plan) {
  for (const pb::Buffer &b : plan.buffers())
    if (b.dtype() == pb::BF16 || b.dtype() == pb::F16)
      return true;
  return false;
}

} // namespace

GemmMemory predictGemmMemory(const pb::Plan &plan, const std::string &precision) {
  GemmMemory m;
  if (storesSixteenBits(plan)) {
    m.outputStagingBytes = largestOutputStaging(plan);
    return m;
  }
  if (precision == "bf16")
    m.operandScratchBytes = largestOperandScratch(plan, GemmDataType::BF16);
  else if (precision == "fp16")
    m.operandScratchBytes = largestOperandScratch(plan, GemmDataType::F16);
  else if (!precision.empty() && precision != "fp32")
    throw std::invalid_argument("predictGemmMemory: unknown precision '" + precision + "'");
  return m;
}

} // namespace mtc::kernels::gpu
