// Linear layers (GEMMs) and the bias or position-table adds.
#include "exec/StepChecker.h"
#include "exec/StepRegistry.h"
#include "exec/StepRun.h"

namespace mtc::runtime {
namespace {

using F = pb::DType;

// Linear: x [N, In], W [In, Out] (or [Out, In] transposed), y [N, Out].
void linearShape(StepChecker &c, StepShape &s, const pb::Param *w, bool transposed,
                 const pb::Buffer *x, const pb::Buffer *y, const pb::Param *bias,
                 bool hasBias) {
  if (!c.matrix(w, "weight"))
    return;
  s.hidden = transposed ? w->shape(1) : w->shape(0);
  s.out = transposed ? w->shape(0) : w->shape(1);
  if (x)
    s.rows = c.rowsOf(x, s.hidden, "input");
  else if (y)
    s.rows = c.rowsOf(y, s.out, "output");
  c.expectCount(x, s.rows * s.hidden, "input");
  c.expectCount(y, s.rows * s.out, "output");
  if (hasBias)
    c.expectCount(bias, s.out, "bias");
}

// A bias [hidden], or a position table [positions, hidden] over a
// [batch, seq, hidden] input.
void biasShape(StepChecker &c, StepShape &s, const pb::Buffer *x, const pb::Param *bias) {
  if (!x || !bias)
    return;
  s.hidden = c.width(x);
  s.rows = c.rowsOf(x, s.hidden, "x");
  s.elements = c.count(x);
  if (bias->shape_size() == 2) {
    if (x->shape_size() != 3 || bias->shape(0) < x->shape(1) || bias->shape(1) != s.hidden)
      c.fail("position table '" + bias->name() + "' does not fit input '" + x->name() + "'");
    else {
      s.batch = x->shape(0);
      s.seq = x->shape(1);
    }
  } else {
    c.expectCount(bias, s.hidden, "bias");
  }
}

const StepRegistration registered[] = {
    StepRegistration({
        pb::Step::kLinearForward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.linear_forward();
          linearShape(c, s, c.param(k.w_param(), "w_param"), k.transposed_weight(),
                      c.buffer(k.x(), "x", F::F32), c.buffer(k.y(), "y", F::F32),
                      k.has_bias() ? c.param(k.bias_param(), "bias_param") : nullptr,
                      k.has_bias());
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.linear_forward();
          const StepShape &sh = r.shape();
          r.dev().linearForward(r.out(k.x()), r.weightsIn(k.w_param()),
                                k.has_bias() ? r.weightsIn(k.bias_param()) : kernels::In(), r.out(k.y()),
                                sh.rows, sh.hidden, sh.out, k.transposed_weight());
        },
        runsOnAnyWindow,
    }),
    StepRegistration({
        pb::Step::kLinearBackwardInput,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.linear_backward_input();
          // Input of the backward is dy [N, Out]; its output dx [N, In].
          linearShape(c, s, c.param(k.w_param(), "w_param"), k.transposed_weight(),
                      c.buffer(k.dx(), "dx", F::F32), c.buffer(k.dy(), "dy", F::F32), nullptr,
                      false);
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.linear_backward_input();
          const StepShape &sh = r.shape();
          r.dev().linearBackwardInput(r.out(k.dy()), r.weightsIn(k.w_param()), r.out(k.dx()), sh.rows,
                                      sh.hidden, sh.out, k.transposed_weight());
        },
    }),
    StepRegistration({
        pb::Step::kLinearBackwardWeight,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.linear_backward_weight();
          linearShape(c, s, c.param(k.w_grad(), "w_grad"), k.transposed_weight(),
                      c.buffer(k.x(), "x", F::F32), c.buffer(k.dy(), "dy", F::F32),
                      k.has_bias() ? c.param(k.bias_grad(), "bias_grad") : nullptr,
                      k.has_bias());
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.linear_backward_weight();
          const StepShape &sh = r.shape();
          r.dev().linearBackwardWeight(r.out(k.x()), r.out(k.dy()), r.grad(k.w_grad()),
                                       k.has_bias() ? r.grad(k.bias_grad()) : nullptr, sh.rows,
                                       sh.hidden, sh.out, k.transposed_weight());
        },
    }),
    StepRegistration({
        pb::Step::kBiasAdd,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.bias_add();
          const pb::Buffer *x = c.buffer(k.x(), "x", F::F32);
          const pb::Param *bias = c.param(k.bias_param(), "bias_param");
          c.expectCount(c.buffer(k.y(), "y", F::F32), c.count(x), "y");
          biasShape(c, s, x, bias);
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.bias_add();
          const StepShape &sh = r.shape();
          // A position table: on a sequence shard, local row s is the local
          // sequence's rank * seq + s, at its whole-sequence position.
          if (r.param(k.bias_param()).shape_size() == 2)
            addPositionRows(r.dev(), r.f(k.x()), r.weights(k.bias_param()), r.f(k.y()),
                            sh.batch, sh.seq, sh.hidden, r.firstRow(sh.seq), r.context());
          else
            r.dev().biasAdd(r.out(k.x()), r.weightsIn(k.bias_param()), r.out(k.y()), sh.rows,
                            sh.hidden);
        },
        [](const pb::Step &step, const pb::Plan &plan, int64_t capacity) -> std::string {
          const pb::Param &bias = plan.params(step.bias_add().bias_param());
          if (bias.shape_size() == 2 && bias.shape(0) < capacity)
            return "its position table has " + std::to_string(bias.shape(0)) +
                   " rows, fewer than the " + std::to_string(capacity) + " positions to cache";
          return "";
        },
    }),
    StepRegistration({
        pb::Step::kBiasAddBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.bias_add_backward();
          const pb::Buffer *dy = c.buffer(k.dy(), "dy", F::F32);
          biasShape(c, s, dy, c.param(k.bias_grad(), "bias_grad"));
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.bias_add_backward();
          const StepShape &sh = r.shape();
          if (r.param(k.bias_grad()).shape_size() == 2)
            accumulatePositionRows(r.dev(), r.f(k.dy()), r.grad(k.bias_grad()), sh.batch,
                                   sh.seq, sh.hidden, r.firstRow(sh.seq), r.context());
          else
            r.dev().biasGrad(r.out(k.dy()), r.grad(k.bias_grad()), sh.rows, sh.hidden);
        },
    }),
};

} // namespace
} // namespace mtc::runtime
