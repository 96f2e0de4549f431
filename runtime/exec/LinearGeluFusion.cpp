#include "exec/LinearGeluFusion.h"
#include "exec/StepFusion.h"

namespace mtc::runtime {
const pb::Buffer *planBuffer(const pb::Plan &plan, int32_t id) {
  if (id >= 0 && id < plan.buffers_size() && plan.buffers(id).id() == id)
    return &plan.buffers(id);
  for (const pb::Buffer &b : plan.buffers())
    if (b.id() == id)
      return &b;
  return nullptr;
}

namespace {

// Whether two buffers may share bytes (unknown buffers: assume they do).
bool mayOverlap(const pb::Plan &plan, int32_t a, int32_t b) {
  if (a == b)
    return true;
  const pb::Buffer *x = planBuffer(plan, a), *y = planBuffer(plan, b);
  return !x || !y || sharesArenaBytes(*x, *y);
}

} // namespace

bool sharesArenaBytes(const pb::Buffer &a, const pb::Buffer &b) {
  if (a.transient_arena() != b.transient_arena() || a.weight_grad_arena() != b.weight_grad_arena() ||
      a.b_to_w_arena() != b.b_to_w_arena())
    return false;
  if (!a.transient_arena() && a.pipeline_chunk() != b.pipeline_chunk())
    return false; // the transient arena is the whole stage's
  return a.offset() < b.offset() + b.bytes() && b.offset() < a.offset() + a.bytes();
}

StepFusion linearGeluFusionAt(const pb::Plan &plan, int s,
                              const std::function<bool(int32_t, int)> &dead) {
  const int n = plan.steps_size();
  const pb::Step &a = plan.steps(s);
  if (a.has_linear_forward() && s + 1 < n && plan.steps(s + 1).has_gelu()) {
    const pb::LinearForward &l = a.linear_forward();
    const pb::Gelu &g = plan.steps(s + 1).gelu();
    // cuBLASLt's GeLU is the tanh approximation: exact-erf GeLU keeps its kernel.
    if (l.has_bias() && !g.exact() && g.x() == l.y() && g.y() != l.y() &&
        !mayOverlap(plan, g.y(), l.x()))
      return {FusionKind::LinearGelu, 2, -1};
  }
  if (a.has_linear_backward_input()) {
    const pb::LinearBackwardInput &bi = a.linear_backward_input();
    int gb = s + 1;
    if (gb < n && plan.steps(gb).has_linear_backward_weight()) {
      const pb::LinearBackwardWeight &bw = plan.steps(gb).linear_backward_weight();
      if (bw.x() == bi.dx() || bw.dy() == bi.dx())
        return {};
      ++gb;
    }
    if (gb >= n || !plan.steps(gb).has_gelu_backward())
      return {};
    const pb::GeluBackward &g = plan.steps(gb).gelu_backward();
    const int32_t h = bi.dx();
    // h is named by its definer and the GeLU backward only: skipping its write
    // changes nothing else.
    if (g.exact() || g.dy() != h || g.x() == h || g.dx() == h || !dead(h, 2))
      return {};
    if (mayOverlap(plan, g.dx(), bi.dy()) || mayOverlap(plan, g.dx(), g.x()))
      return {};
    return {FusionKind::LinearGeluBackward, gb - s + 1, -1};
  }
  return {};
}

} // namespace mtc::runtime
