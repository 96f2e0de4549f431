// What a step kind's shape rule (exec/StepRegistry.h) checks a step with:
// its buffers and params looked up by id with their roles, element counts
// compared, every problem recorded as "step 12 (h.0 ln_1 fwd, ...): ...".
#pragma once
#include "exec/PlanValidator.h"
#include "exec/StepShapes.h"
#include "plan.pb.h"

#include <string>
#include <vector>

namespace mtc::runtime {

// Collects the problems of one step with its description in front.
class StepChecker {
public:
  StepChecker(const pb::Plan &plan, const PlanIndex &index, int stepIndex,
              std::vector<std::string> &errors)
      : plan(plan), index(index), where(describeStep(plan, stepIndex)),
        errors(errors) {}

  void fail(const std::string &message) { errors.push_back(where + ": " + message); ok = false; }

  const pb::Buffer *buffer(int32_t id, const char *role, pb::DType dtype) {
    if (id < 0 || id >= static_cast<int32_t>(index.buffers.size()) || !index.buffers[id]) {
      fail(std::string(role) + " is buffer id " + std::to_string(id) +
           ", which is not a buffer of the plan (" +
           std::to_string(index.buffers.size()) + " buffers)");
      return nullptr;
    }
    const pb::Buffer *b = index.buffers[id];
    // A floating-point role takes the plan's storage type (bf16/fp16 plans).
    const bool floating = b->dtype() == pb::F32 || b->dtype() == pb::BF16 || b->dtype() == pb::F16;
    if (b->dtype() != dtype && !(dtype == pb::F32 && floating)) {
      fail(std::string(role) + " buffer '" + b->name() + "' must be " +
           pb::DType_Name(dtype) + ", is " + pb::DType_Name(b->dtype()));
      return nullptr;
    }
    return b;
  }
  const pb::Param *param(int32_t id, const char *role) {
    if (id < 0 || id >= static_cast<int32_t>(index.params.size()) || !index.params[id]) {
      fail(std::string(role) + " is param id " + std::to_string(id) +
           ", which is not a param of the plan (" +
           std::to_string(index.params.size()) + " params)");
      return nullptr;
    }
    return index.params[id];
  }
  // Last dimension of a buffer (its row width).
  int64_t width(const pb::Buffer *b) {
    return b && b->shape_size() ? b->shape(b->shape_size() - 1) : 0;
  }
  int64_t count(const pb::Buffer *b) { return b ? numElements(b->shape()) : 0; }
  int64_t count(const pb::Param *p) { return p ? numElements(p->shape()) : 0; }
  void expectCount(const pb::Buffer *b, int64_t expected, const char *role) {
    if (b && count(b) != expected)
      fail(std::string(role) + " buffer '" + b->name() + "' has " +
           std::to_string(count(b)) + " elements, the kernel needs " +
           std::to_string(expected));
  }
  void expectCount(const pb::Param *p, int64_t expected, const char *role) {
    if (p && count(p) != expected)
      fail(std::string(role) + " param '" + p->name() + "' has " +
           std::to_string(count(p)) + " elements, the kernel needs " +
           std::to_string(expected));
  }
  // Rows of a [N, width] buffer; fails when width does not divide it.
  int64_t rowsOf(const pb::Buffer *b, int64_t rowWidth, const char *role) {
    if (!b || rowWidth <= 0)
      return 0;
    if (count(b) % rowWidth != 0) {
      fail(std::string(role) + " buffer '" + b->name() + "' has " +
           std::to_string(count(b)) + " elements, not a multiple of the row width " +
           std::to_string(rowWidth));
      return 0;
    }
    return count(b) / rowWidth;
  }
  // A 2-D param [rows, cols]; returns false (with a message) otherwise.
  bool matrix(const pb::Param *p, const char *role) {
    if (p && p->shape_size() != 2) {
      fail(std::string(role) + " param '" + p->name() + "' must be 2-D, has " +
           std::to_string(p->shape_size()) + " dimensions");
      return false;
    }
    return p != nullptr;
  }
  // Query heads and key/value groups of a packed QKV row; false (with the
  // failure recorded) when they do not make one.
  bool qkvHeads(int64_t heads, int64_t kvHeads, int64_t headDim) {
    if (heads <= 0 || headDim <= 0 || kvHeads < 0 || (kvHeads > 0 && heads % kvHeads != 0)) {
      fail("heads " + std::to_string(heads) + ", kv_heads " + std::to_string(kvHeads) +
           " and head_dim " + std::to_string(headDim) +
           " must be positive (kv_heads 0 or a divisor of heads)");
      return false;
    }
    return true;
  }
  // Element-wise steps: the first buffer's element count, which every other
  // (id, role) must have.
  int64_t elementwise(std::initializer_list<std::pair<int32_t, const char *>> ids) {
    int64_t n = -1;
    for (auto [id, role] : ids) {
      const pb::Buffer *b = buffer(id, role, pb::DType::F32);
      if (n < 0)
        n = count(b);
      else
        expectCount(b, n, role);
    }
    return n < 0 ? 0 : n;
  }

  const pb::Plan &plan;
  const PlanIndex &index;
  std::string where;
  std::vector<std::string> &errors;
  bool ok = true;
};

// Width of a packed QKV row: heads queries, then kv_heads keys and values.
inline int64_t qkvWidth(int64_t heads, int64_t kvHeads, int64_t headDim) {
  return (heads + 2 * (kvHeads ? kvHeads : heads)) * headDim;
}

} // namespace mtc::runtime
