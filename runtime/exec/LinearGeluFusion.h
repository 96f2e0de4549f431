// The linear + tanh-GeLU pairs a fusing backend runs as one cuBLASLt matmul
// with a GeLU epilogue (docs/gpu.md "GEMMs"); part of planStepFusions.
//   LinearGelu:         linear_forward(x -> p, bias); gelu(p -> y)
//                       p still written (the epilogue's aux output, backward reads it)
//   LinearGeluBackward: linear_backward_input(dy -> h); [linear_backward_weight];
//                       gelu_backward(pre, h -> dx)        h dead, never written
// The optional middle step is the weight gradient the plan puts between the
// two; it neither reads h nor writes anything the fused matmul reads, and runs
// first. A pair is only fused when the buffer the fused matmul writes shares
// no arena bytes with one it reads at the same time: the plan's arena reuses
// the memory of buffers that died, and the unfused steps wrote in another
// order.
#pragma once
#include "plan.pb.h"

#include <functional>
#include <vector>

namespace mtc::runtime {

struct StepFusion;

// Whether two buffers' arena ranges share bytes (separate pipeline-chunk
// arenas never do).
bool sharesArenaBytes(const pb::Buffer &a, const pb::Buffer &b);

// The plan's buffer `id`, or null.
const pb::Buffer *planBuffer(const pb::Plan &plan, int32_t id);

// For step s: the fusion starting there, or a StepFusion of kind None.
// `dead(id, steps)`: buffer id is no special buffer and exactly `steps` steps
// name it (StepFusion.cpp's count).
StepFusion linearGeluFusionAt(const pb::Plan &plan, int s,
                              const std::function<bool(int32_t, int)> &dead);

} // namespace mtc::runtime
