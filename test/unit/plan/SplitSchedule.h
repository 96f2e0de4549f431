// Test helper: a hand-made split schedule, the given order with each
// backward's weight-gradient step (W) right after its input gradient (B).
#pragma once
#include "mtc/Plan/Schedule.h"

#include <vector>

namespace mtc {

inline PipelineSchedule withWeightGradsAfterBackwards(const PipelineSchedule &s) {
  PipelineSchedule split = s;
  split.splitBackward = true;
  for (RankSchedule &rs : split.ranks) {
    std::vector<Step> steps;
    for (const Step &st : rs.steps) {
      steps.push_back(st);
      if (st.kind == StepKind::Backward)
        steps.push_back({StepKind::WeightGrad, st.chunk, st.microbatch});
    }
    rs.steps = steps;
  }
  return split;
}

} // namespace mtc
