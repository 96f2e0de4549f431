// Which consecutive plan steps a fusing backend (Backend::fusesSteps) runs as one kernel, decided
// once from the plan (pure; tested on the CPU). A fusion only applies when
// the intermediate buffers are read by nothing outside the fused group, so
// skipping their writes cannot change any later step.
//   BiasGelu:            bias_add(x -> p); gelu(p -> y)          p kept (backward reads it)
//   BiasDropoutResidual: bias_add(x -> p); dropout(p -> d); add(d, r -> out)   p, d dead
//   DropoutResidual:     dropout(x -> d); add(d, r -> out)                     d dead
//   AddLayerNorm:        add(a, b -> out); layer_norm(out -> y)                out kept
// A bias_add of a position table (a 2-D bias) is never fused, nor a group
// whose outputs partly share arena bytes with its inputs (the kernel reads
// the one while it writes the other; exactly in place is fine).
// Linear steps fuse their bias through cuBLASLt epilogues instead (GemmPlan.h),
// and a following tanh GeLU too (LinearGeluFusion.h).
#pragma once
#include "plan.pb.h"

#include <vector>

namespace mtc::runtime {

enum class FusionKind {
  None, BiasGelu, BiasDropoutResidual, DropoutResidual, AddLayerNorm,
  LinearGelu, LinearGeluBackward // cuBLASLt GeLU epilogues (LinearGeluFusion.h)
};

struct StepFusion {
  FusionKind kind = FusionKind::None;
  int length = 1;        // steps covered, starting at this one
  int32_t residual = -1; // the add's other operand
};

// fusions[s] describes the group starting at step s; steps inside a group
// (not its first) have length 0 and are skipped.
std::vector<StepFusion> planStepFusions(const pb::Plan &plan);

} // namespace mtc::runtime
