// Which steps a fusing backend runs as one kernel (exec/StepFusion.h), on a
// hand-made plan.
#include "exec/StepFusion.h"

#include <gtest/gtest.h>

namespace {

using namespace mtc::runtime;
namespace pb = mtc::pb;

pb::Param *addParam(pb::Plan &plan, const std::string &name, std::vector<int64_t> shape,
                    bool decay) {
  pb::Param *p = plan.add_params();
  p->set_id(plan.params_size() - 1);
  p->set_name(name);
  for (int64_t d : shape) {
    p->add_shape(d);
    p->add_full_shape(d);
  }
  p->set_weight_decay(decay);
  return p;
}

// Each buffer gets its own arena bytes, after the previous one's.
int32_t addBuffer(pb::Plan &plan, int64_t elements) {
  const int64_t offset = plan.buffers_size() == 0
                             ? 0
                             : plan.buffers(plan.buffers_size() - 1).offset() +
                                   plan.buffers(plan.buffers_size() - 1).bytes();
  pb::Buffer *b = plan.add_buffers();
  b->set_id(plan.buffers_size() - 1);
  b->add_shape(elements);
  b->set_bytes(elements * 4);
  b->set_offset(offset);
  return b->id();
}

// The buffers every plan names (never fused over).
void addSpecialBuffers(pb::Plan &plan) {
  plan.set_loss(addBuffer(plan, 2));
  plan.set_logits(addBuffer(plan, 1));
  plan.set_tokens(addBuffer(plan, 8));
  plan.set_targets(addBuffer(plan, 8));
}

// x -> bias_add -> p -> dropout -> d -> add(d, r) -> out ; then gelu of a bias_add.
pb::Plan fusionPlan() {
  pb::Plan plan;
  plan.mutable_model()->set_micro_batch(2);
  plan.mutable_model()->set_seq(4);
  addParam(plan, "b", {3}, false);
  int32_t x = addBuffer(plan, 24), p = addBuffer(plan, 24), d = addBuffer(plan, 24),
          r = addBuffer(plan, 24), out = addBuffer(plan, 24), p2 = addBuffer(plan, 24),
          y = addBuffer(plan, 24);
  addSpecialBuffers(plan);
  auto *s0 = plan.add_steps()->mutable_bias_add();
  s0->set_x(x), s0->set_bias_param(0), s0->set_y(p);
  auto *s1 = plan.add_steps()->mutable_dropout();
  s1->set_x(p), s1->set_y(d), s1->set_rate(0.1f), s1->set_stream(3);
  auto *s2 = plan.add_steps()->mutable_add();
  s2->set_a(r), s2->set_b(d), s2->set_out(out);
  auto *s3 = plan.add_steps()->mutable_bias_add();
  s3->set_x(out), s3->set_bias_param(0), s3->set_y(p2);
  auto *s4 = plan.add_steps()->mutable_gelu();
  s4->set_x(p2), s4->set_y(y);
  auto *s5 = plan.add_steps()->mutable_gelu_backward(); // reads p2: must stay written
  s5->set_x(p2), s5->set_dy(y), s5->set_dx(x);
  return plan;
}

TEST(StepFusion, FusesBiasDropoutResidualAndBiasGelu) {
  pb::Plan plan = fusionPlan();
  std::vector<StepFusion> f = planStepFusions(plan);
  ASSERT_EQ(f.size(), 6u);
  EXPECT_EQ(f[0].kind, FusionKind::BiasDropoutResidual);
  EXPECT_EQ(f[0].length, 3);
  EXPECT_EQ(f[0].residual, 3); // r
  EXPECT_EQ(f[1].length, 0);
  EXPECT_EQ(f[2].length, 0);
  EXPECT_EQ(f[3].kind, FusionKind::BiasGelu);
  EXPECT_EQ(f[4].length, 0);
  EXPECT_EQ(f[5].kind, FusionKind::None);
  EXPECT_EQ(f[5].length, 1);
}

TEST(StepFusion, ExactGeluIsNotFused) {
  // The fused bias + GeLU kernel is the tanh approximation's.
  pb::Plan plan = fusionPlan();
  plan.mutable_steps(4)->mutable_gelu()->set_exact(true);
  std::vector<StepFusion> f = planStepFusions(plan);
  ASSERT_EQ(f.size(), 6u);
  EXPECT_EQ(f[3].kind, FusionKind::None);
  EXPECT_EQ(f[3].length, 1);
  EXPECT_EQ(f[4].length, 1);
}

TEST(StepFusion, KeepsStepsWhoseIntermediateIsReadElsewhere) {
  pb::Plan plan = fusionPlan();
  // A later step reads the dropout output d: it must be materialized.
  auto *extra = plan.add_steps()->mutable_gelu();
  extra->set_x(2), extra->set_y(6);
  std::vector<StepFusion> f = planStepFusions(plan);
  EXPECT_NE(f[0].kind, FusionKind::BiasDropoutResidual);
  EXPECT_EQ(f[1].length, 1); // the dropout runs on its own
}

TEST(StepFusion, OutputsPartlySharingBytesWithInputsAreNotFused) {
  // The memory planner may place a group's output where an input that dies
  // at its first step was: a fused kernel would overwrite what it still reads.
  pb::Plan plan = fusionPlan();
  plan.mutable_buffers(4)->set_offset(plan.buffers(0).offset() + 8); // out inside x
  plan.mutable_buffers(6)->set_offset(plan.buffers(5).offset() + 4);  // y partly on p2
  std::vector<StepFusion> f = planStepFusions(plan);
  EXPECT_EQ(f[0].kind, FusionKind::None);
  EXPECT_EQ(f[1].kind, FusionKind::None);
  EXPECT_EQ(f[1].length, 1);
  EXPECT_EQ(f[3].kind, FusionKind::None);
  EXPECT_EQ(f[4].length, 1);
  // In another pipeline chunk's arena the same offsets are other memory.
  plan.mutable_buffers(4)->set_pipeline_chunk(1);
  plan.mutable_buffers(6)->set_pipeline_chunk(1);
  f = planStepFusions(plan);
  EXPECT_EQ(f[0].kind, FusionKind::BiasDropoutResidual);
  EXPECT_EQ(f[3].kind, FusionKind::BiasGelu);
  // Exactly in place (element i read before it is written) fuses.
  plan.mutable_buffers(4)->set_pipeline_chunk(0);
  plan.mutable_buffers(4)->set_offset(plan.buffers(0).offset());
  f = planStepFusions(plan);
  EXPECT_EQ(f[0].kind, FusionKind::BiasDropoutResidual);
}

// add(a, b -> out); layer_norm(out -> y): out stays written, y must share no
// byte with a, b or out (rows of them are read after y's first row is written).
pb::Plan addLayerNormPlan() {
  pb::Plan plan;
  plan.mutable_model()->set_micro_batch(2);
  plan.mutable_model()->set_seq(4);
  addParam(plan, "g", {3}, false);
  addParam(plan, "b", {3}, false);
  int32_t a = addBuffer(plan, 24), b = addBuffer(plan, 24), out = addBuffer(plan, 24),
          y = addBuffer(plan, 24);
  for (int32_t id : {a, b, out, y})
    plan.mutable_buffers(id)->set_offset(id * 96);
  addSpecialBuffers(plan);
  auto *add = plan.add_steps()->mutable_add();
  add->set_a(a), add->set_b(b), add->set_out(out);
  auto *ln = plan.add_steps()->mutable_layer_norm_forward();
  ln->set_x(out), ln->set_gamma_param(0), ln->set_beta_param(1), ln->set_y(y), ln->set_eps(1e-5f);
  auto *later = plan.add_steps()->mutable_gelu(); // a later reader of the sum
  later->set_x(out), later->set_y(b);
  return plan;
}

TEST(StepFusion, FusesTheResidualAddWithTheLayerNormAfterIt) {
  pb::Plan plan = addLayerNormPlan();
  std::vector<StepFusion> f = planStepFusions(plan);
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[0].kind, FusionKind::AddLayerNorm);
  EXPECT_EQ(f[0].length, 2);
  EXPECT_EQ(f[1].length, 0);
  EXPECT_EQ(f[2].length, 1);
  // The sum exactly over an addend: element-wise in place, still fused.
  plan.mutable_buffers(2)->set_offset(plan.buffers(0).offset());
  EXPECT_EQ(planStepFusions(plan)[0].kind, FusionKind::AddLayerNorm);
  // y exactly over a dying addend (where the arena puts it): each row of the
  // addend is read before that row of y is written. Partly over it, or over
  // the sum at all: refused.
  pb::Plan onB = addLayerNormPlan();
  onB.mutable_buffers(3)->set_offset(onB.buffers(1).offset());
  EXPECT_EQ(planStepFusions(onB)[0].kind, FusionKind::AddLayerNorm);
  pb::Plan overA = addLayerNormPlan();
  overA.mutable_buffers(3)->set_offset(overA.buffers(0).offset() + 12);
  EXPECT_EQ(planStepFusions(overA)[0].kind, FusionKind::None);
  pb::Plan overSum = addLayerNormPlan();
  overSum.mutable_buffers(3)->set_offset(overSum.buffers(2).offset());
  EXPECT_EQ(planStepFusions(overSum)[0].kind, FusionKind::None);
  // A layer norm of something else is not the sum's.
  pb::Plan other = addLayerNormPlan();
  other.mutable_steps(1)->mutable_layer_norm_forward()->set_x(0);
  EXPECT_EQ(planStepFusions(other)[0].kind, FusionKind::None);
}

TEST(StepFusion, PositionTablesAreNotFused) {
  pb::Plan plan = fusionPlan();
  // The bias becomes a [positions, hidden] table: added per sample with a
  // row offset the fused kernels do not take.
  plan.mutable_params(0)->clear_shape();
  for (int64_t d : {8, 3})
    plan.mutable_params(0)->add_shape(d);
  std::vector<StepFusion> f = planStepFusions(plan);
  EXPECT_EQ(f[0].kind, FusionKind::None); // bias_add + dropout + add: not fused
  EXPECT_EQ(f[0].length, 1);
  EXPECT_EQ(f[1].kind, FusionKind::DropoutResidual); // no bias in it: still fused
  EXPECT_EQ(f[3].kind, FusionKind::None); // bias_add + gelu: not fused
  EXPECT_EQ(f[4].length, 1);              // the gelu runs on its own
}

// The MLP of a GPT-2 layer as the plan has it: linear(x -> p, bias); gelu(p -> y)
// forward; linear_dx(dy -> h); linear_dw; gelu_grad(p, h -> dp) backward.
// Buffers get disjoint arena ranges unless a test makes them share.
pb::Plan mlpPlan() {
  pb::Plan plan;
  plan.mutable_model()->set_micro_batch(2);
  plan.mutable_model()->set_seq(4);
  addParam(plan, "w", {3, 12}, true);
  addParam(plan, "b", {12}, false);
  int32_t x = addBuffer(plan, 24), p = addBuffer(plan, 96), y = addBuffer(plan, 96),
          dy = addBuffer(plan, 96), h = addBuffer(plan, 96), dp = addBuffer(plan, 96);
  addSpecialBuffers(plan);
  int64_t offset = 0;
  for (pb::Buffer &b : *plan.mutable_buffers())
    b.set_offset(offset), offset += b.bytes();
  auto *fwd = plan.add_steps()->mutable_linear_forward();
  fwd->set_x(x), fwd->set_w_param(0), fwd->set_has_bias(true), fwd->set_bias_param(1);
  fwd->set_y(p);
  auto *g = plan.add_steps()->mutable_gelu();
  g->set_x(p), g->set_y(y);
  auto *bi = plan.add_steps()->mutable_linear_backward_input();
  bi->set_dy(dy), bi->set_w_param(0), bi->set_dx(h);
  auto *bw = plan.add_steps()->mutable_linear_backward_weight();
  bw->set_x(y), bw->set_dy(dy), bw->set_w_grad(0), bw->set_has_bias(true), bw->set_bias_grad(1);
  auto *gb = plan.add_steps()->mutable_gelu_backward();
  gb->set_x(p), gb->set_dy(h), gb->set_dx(dp);
  return plan;
}

TEST(StepFusion, FusesLinearWithTanhGeluForwardAndBackward) {
  pb::Plan plan = mlpPlan();
  std::vector<StepFusion> f = planStepFusions(plan);
  ASSERT_EQ(f.size(), 5u);
  EXPECT_EQ(f[0].kind, FusionKind::LinearGelu);
  EXPECT_EQ(f[0].length, 2);
  EXPECT_EQ(f[1].length, 0);
  EXPECT_EQ(f[2].kind, FusionKind::LinearGeluBackward);
  EXPECT_EQ(f[2].length, 3); // the weight gradient in between runs inside the group
  EXPECT_EQ(f[3].length, 0);
  EXPECT_EQ(f[4].length, 0);
}

TEST(StepFusion, FusesAdjacentBackwardInputAndGeluBackward) {
  pb::Plan plan = mlpPlan();
  plan.mutable_steps()->DeleteSubrange(3, 1); // no weight-gradient step between
  std::vector<StepFusion> f = planStepFusions(plan);
  ASSERT_EQ(f.size(), 4u);
  EXPECT_EQ(f[2].kind, FusionKind::LinearGeluBackward);
  EXPECT_EQ(f[2].length, 2);
  EXPECT_EQ(f[3].length, 0);
}

TEST(StepFusion, ExactGeluOrNoBiasKeepsTheLinearStepsApart) {
  pb::Plan exact = mlpPlan();
  exact.mutable_steps(1)->mutable_gelu()->set_exact(true);
  exact.mutable_steps(4)->mutable_gelu_backward()->set_exact(true);
  for (const StepFusion &f : planStepFusions(exact))
    EXPECT_NE(f.length, 0);
  pb::Plan noBias = mlpPlan();
  noBias.mutable_steps(0)->mutable_linear_forward()->set_has_bias(false);
  EXPECT_EQ(planStepFusions(noBias)[0].kind, FusionKind::None);
}

TEST(StepFusion, LinearGeluBackwardNeedsTheGradientDeadAfterTheGelu) {
  pb::Plan plan = mlpPlan();
  auto *reader = plan.add_steps()->mutable_gelu(); // h read once more
  reader->set_x(4), reader->set_y(2);
  std::vector<StepFusion> f = planStepFusions(plan);
  EXPECT_EQ(f[2].kind, FusionKind::None);
  EXPECT_EQ(f[3].length, 1);
  EXPECT_EQ(f[4].length, 1);
}

TEST(StepFusion, LinearGeluIsNotFusedWhenItsOutputSharesArenaBytesWithAnInput) {
  // The fused matmul writes the GeLU's output while it reads the linear's
  // input (forward) or dy (backward): reused arena memory must not fuse.
  pb::Plan forward = mlpPlan();
  forward.mutable_buffers(2)->set_offset(forward.buffers(0).offset()); // y on x
  EXPECT_EQ(planStepFusions(forward)[0].kind, FusionKind::None);
  pb::Plan backward = mlpPlan();
  backward.mutable_buffers(5)->set_offset(backward.buffers(3).offset() + 8); // dp on dy
  EXPECT_EQ(planStepFusions(backward)[2].kind, FusionKind::None);
  // Separate pipeline-chunk arenas never share bytes.
  backward.mutable_buffers(5)->set_pipeline_chunk(1);
  EXPECT_EQ(planStepFusions(backward)[2].kind, FusionKind::LinearGeluBackward);
}
} // namespace
