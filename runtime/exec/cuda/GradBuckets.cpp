#include "exec/cuda/GradBuckets.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace mtc::runtime::gpu {

std::vector<int> gradReadySteps(const pb::Plan &plan) {
  std::vector<int> ready(plan.params_size(), -1);
  auto mark = [&](int32_t param, int step) {
    if (param >= 0 && param < plan.params_size())
      ready[param] = std::max(ready[param], step);
  };
  for (int s = 0; s < plan.steps_size(); ++s) {
    const pb::Step &st = plan.steps(s);
    switch (st.kernel_case()) {
    case pb::Step::kEmbeddingBackward:
      mark(st.embedding_backward().wte_grad(), s);
      if (st.embedding_backward().has_wpe())
        mark(st.embedding_backward().wpe_grad(), s);
      break;
    case pb::Step::kLayerNormBackwardWeight:
      mark(st.layer_norm_backward_weight().gamma_grad(), s);
      mark(st.layer_norm_backward_weight().beta_grad(), s);
      break;
    case pb::Step::kLinearBackwardWeight:
      mark(st.linear_backward_weight().w_grad(), s);
      if (st.linear_backward_weight().has_bias())
        mark(st.linear_backward_weight().bias_grad(), s);
      break;
    case pb::Step::kBiasAddBackward:
      mark(st.bias_add_backward().bias_grad(), s);
      break;
    default:
      break;
    }
  }
  return ready;
}

std::vector<GradBucket> assignGradBuckets(const std::vector<int64_t> &paramOffsets,
                                          const std::vector<int64_t> &paramSizes,
                                          const std::vector<int> &readySteps,
                                          int64_t bucketFloats) {
  const int n = static_cast<int>(paramOffsets.size());
  if (static_cast<int>(paramSizes.size()) != n || static_cast<int>(readySteps.size()) != n)
    throw std::invalid_argument("assignGradBuckets: offsets, sizes and ready steps differ in "
                                "length (" + std::to_string(n) + ", " +
                                std::to_string(paramSizes.size()) + ", " +
                                std::to_string(readySteps.size()) + ")");
  if (bucketFloats <= 0)
    throw std::invalid_argument("assignGradBuckets: bucket size must be > 0 (got " +
                                std::to_string(bucketFloats) + ")");
  std::vector<GradBucket> buckets;
  int end = n;
  while (end > 0) {
    GradBucket b;
    b.endParam = end;
    int first = end;
    int64_t floats = 0;
    while (first > 0 && floats < bucketFloats) {
      --first;
      floats += paramSizes[first];
      b.readyStep = std::max(b.readyStep, readySteps[first]);
    }
    b.firstParam = first;
    b.offset = paramOffsets[first];
    // The span ends where the last param ends (alignment padding inside is
    // zero in every replica, so reducing it is harmless).
    b.count = paramOffsets[end - 1] + paramSizes[end - 1] - b.offset;
    buckets.push_back(b);
    end = first;
  }
  return buckets;
}

} // namespace mtc::runtime::gpu
