#include "exec/StepFusion.h"
#include "exec/LinearGeluFusion.h"

#include <unordered_map>

namespace mtc::runtime {
namespace {

// Reads of each buffer id over the whole plan (any step, any operand slot).
struct ReadCounts {
  std::unordered_map<int32_t, int> reads;
  explicit ReadCounts(const pb::Plan &plan) {
    auto add = [&](int32_t id) { ++reads[id]; };
    for (const pb::Step &s : plan.steps()) {
      switch (s.kernel_case()) {
      case pb::Step::kGelu: add(s.gelu().x()); break;
      case pb::Step::kGeluBackward: add(s.gelu_backward().x()); add(s.gelu_backward().dy()); break;
      case pb::Step::kAdd: add(s.add().a()); add(s.add().b()); break;
      case pb::Step::kDropout: add(s.dropout().x()); break;
      case pb::Step::kBiasAdd: add(s.bias_add().x()); break;
      default:
        // Other kinds only matter as readers: count every buffer they name
        // conservatively through the generic reflection below.
        break;
      }
    }
    // Any other step that names a buffer counts as a reader of it.
    for (const pb::Step &s : plan.steps()) {
      switch (s.kernel_case()) {
      case pb::Step::kGelu: case pb::Step::kGeluBackward: case pb::Step::kAdd:
      case pb::Step::kDropout: case pb::Step::kBiasAdd:
        continue;
      default: break;
      }
      const google::protobuf::Reflection *refl = s.GetReflection();
      const google::protobuf::FieldDescriptor *oneof =
          refl->GetOneofFieldDescriptor(s, s.GetDescriptor()->FindOneofByName("kernel"));
      if (!oneof)
        continue;
      const google::protobuf::Message &k = refl->GetMessage(s, oneof);
      const google::protobuf::Descriptor *d = k.GetDescriptor();
      for (int f = 0; f < d->field_count(); ++f) {
        const google::protobuf::FieldDescriptor *fd = d->field(f);
        if (fd->cpp_type() == google::protobuf::FieldDescriptor::CPPTYPE_INT32 &&
            !fd->is_repeated() && (!fd->has_presence() || k.GetReflection()->HasField(k, fd)))
          add(k.GetReflection()->GetInt32(k, fd));
      }
    }
  }
  int of(int32_t id) const {
    auto it = reads.find(id);
    return it == reads.end() ? 0 : it->second;
  }
};

// The fused kernels add a bias vector; a position table (2-D) is added per
// sample with the rank's row offset, which they do not take.
bool vectorBias(const pb::Plan &plan, const pb::BiasAdd &bias) {
  for (const pb::Param &p : plan.params())
    if (p.id() == bias.bias_param())
      return p.shape_size() == 1;
  return false;
}

// Whether two buffers partly share arena bytes. The memory planner may give
// a buffer that dies at a group's first step and one born inside the group
// the same bytes; unfused, the second is written after the first was read,
// but a fused kernel writes its outputs while it still reads its inputs.
// Exactly the same bytes are fine: the fused kernels read element i before
// they write element i, and no other.
bool partlyOverlap(const pb::Plan &plan, int32_t a, int32_t b) {
  const pb::Buffer *p = planBuffer(plan, a), *q = planBuffer(plan, b);
  if (!p || !q)
    return true; // unknown: assume the worst
  if (p->offset() == q->offset() && p->bytes() == q->bytes())
    return false; // in place (or another arena: sharesArenaBytes says no)
  return sharesArenaBytes(*p, *q);
}

bool isSpecial(const pb::Plan &plan, int32_t id) {
  return id == plan.loss() || id == plan.logits() || id == plan.tokens() ||
         id == plan.targets() || (plan.has_sop_loss() && id == plan.sop_loss());
}

} // namespace

std::vector<StepFusion> planStepFusions(const pb::Plan &plan) {
  const int n = plan.steps_size();
  std::vector<StepFusion> out(n);
  ReadCounts counts(plan);
  auto overlap = [&](int32_t x, int32_t y) { return partlyOverlap(plan, x, y); };
  auto dead = [&](int32_t id, int readers) {
    return !isSpecial(plan, id) && counts.of(id) == readers;
  };
  for (int s = 0; s < n; ++s) {
    if (out[s].length == 0)
      continue;
    const pb::Step &a = plan.steps(s);
    StepFusion linear = linearGeluFusionAt(plan, s, dead);
    if (linear.kind != FusionKind::None) {
      out[s] = linear;
      for (int k = 1; k < linear.length; ++k)
        out[s + k].length = 0;
      continue;
    }
    const pb::Step *b = s + 1 < n ? &plan.steps(s + 1) : nullptr;
    const pb::Step *c = s + 2 < n ? &plan.steps(s + 2) : nullptr;
    auto residualOf = [](const pb::Add &add, int32_t d) {
      return add.a() == d ? add.b() : add.b() == d ? add.a() : -1;
    };
    if (a.has_bias_add() && !vectorBias(plan, a.bias_add()))
      continue;
    if (a.has_bias_add() && b && b->has_dropout() && c && c->has_add()) {
      int32_t p = a.bias_add().y(), d = b->dropout().y();
      int32_t r = residualOf(c->add(), d);
      int32_t sum = c->add().out(), x = a.bias_add().x();
      if (b->dropout().x() == p && r >= 0 && r != d && dead(p, 1) && dead(d, 1) &&
          !overlap(sum, x) && !overlap(sum, r)) {
        out[s] = {FusionKind::BiasDropoutResidual, 3, r};
        out[s + 1].length = out[s + 2].length = 0;
        continue;
      }
    }
    // The fused kernel computes the tanh approximation; the exact GeLU runs alone.
    if (a.has_bias_add() && b && b->has_gelu() && !b->gelu().exact() &&
        b->gelu().x() == a.bias_add().y() && !overlap(b->gelu().y(), a.bias_add().y()) &&
        !overlap(a.bias_add().y(), a.bias_add().x()) &&
        !overlap(b->gelu().y(), a.bias_add().x())) {
      out[s] = {FusionKind::BiasGelu, 2, -1};
      out[s + 1].length = 0;
      continue;
    }
    if (a.has_dropout() && b && b->has_add()) {
      int32_t d = a.dropout().y();
      int32_t r = residualOf(b->add(), d);
      int32_t sum = b->add().out(), x = a.dropout().x();
      if (r >= 0 && r != d && x != d && dead(d, 1) && !overlap(sum, x) && !overlap(sum, r)) {
        out[s] = {FusionKind::DropoutResidual, 2, r};
        out[s + 1].length = 0;
      }
      continue;
    }
    // The residual add and the layer norm of its sum, which stays written (the
    // residual stream and the layer norm's backward read it). The kernel
    // works row by row: reads a row of the addends, writes the row's sum,
    // then the row's output. So the sum and the output may each lie exactly
    // on an addend (the arena often puts the output where the dying addend
    // was), but not partly, and the output never on the sum.
    if (a.has_add() && b && b->has_layer_norm_forward() &&
        b->layer_norm_forward().x() == a.add().out()) {
      const int32_t sum = a.add().out(), y = b->layer_norm_forward().y();
      const pb::Buffer *yb = planBuffer(plan, y), *sb = planBuffer(plan, sum);
      if (!overlap(sum, a.add().a()) && !overlap(sum, a.add().b()) && !overlap(y, a.add().a()) &&
          !overlap(y, a.add().b()) && yb && sb && !sharesArenaBytes(*yb, *sb)) {
        out[s] = {FusionKind::AddLayerNorm, 2, -1};
        out[s + 1].length = 0;
      }
    }
  }
  return out;
}

} // namespace mtc::runtime
