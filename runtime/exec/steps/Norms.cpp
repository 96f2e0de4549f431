// Layer norm (GPT, BERT) and RMSNorm (LLaMA): forward, input and weight
// gradients.
#include "exec/StepChecker.h"
#include "exec/StepRegistry.h"
#include "exec/StepRun.h"

namespace mtc::runtime {
namespace {

using F = pb::DType;

void normShape(StepChecker &c, StepShape &s, const pb::Buffer *x, const pb::Param *gamma,
               const pb::Param *beta,
               std::initializer_list<std::pair<const pb::Buffer *, const char *>> same) {
  if (!x)
    return;
  s.hidden = c.width(x);
  s.rows = c.rowsOf(x, s.hidden, "x");
  c.expectCount(gamma, s.hidden, "gamma");
  c.expectCount(beta, s.hidden, "beta");
  for (auto [b, role] : same)
    c.expectCount(b, s.rows * s.hidden, role);
}

const StepRegistration registered[] = {
    StepRegistration({
        pb::Step::kLayerNormForward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.layer_norm_forward();
          normShape(c, s, c.buffer(k.x(), "x", F::F32), c.param(k.gamma_param(), "gamma_param"),
                    c.param(k.beta_param(), "beta_param"),
                    {{c.buffer(k.y(), "y", F::F32), "y"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.layer_norm_forward();
          r.dev().layerNormForward(r.out(k.x()), r.weightsIn(k.gamma_param()),
                                   r.weightsIn(k.beta_param()), r.out(k.y()), r.shape().rows,
                                   r.shape().hidden, k.eps());
        },
        runsOnAnyWindow,
    }),
    StepRegistration({
        pb::Step::kLayerNormBackwardInput,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.layer_norm_backward_input();
          normShape(c, s, c.buffer(k.x(), "x", F::F32), c.param(k.gamma_param(), "gamma_param"),
                    nullptr,
                    {{c.buffer(k.dy(), "dy", F::F32), "dy"}, {c.buffer(k.dx(), "dx", F::F32), "dx"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.layer_norm_backward_input();
          r.dev().layerNormBackwardInput(r.out(k.x()), r.weightsIn(k.gamma_param()), r.out(k.dy()),
                                         r.out(k.dx()), r.shape().rows, r.shape().hidden, k.eps());
        },
    }),
    StepRegistration({
        pb::Step::kLayerNormBackwardWeight,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.layer_norm_backward_weight();
          normShape(c, s, c.buffer(k.x(), "x", F::F32), c.param(k.gamma_grad(), "gamma_grad"),
                    c.param(k.beta_grad(), "beta_grad"), {{c.buffer(k.dy(), "dy", F::F32), "dy"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.layer_norm_backward_weight();
          r.dev().layerNormBackwardWeight(r.out(k.x()), r.out(k.dy()), r.grad(k.gamma_grad()),
                                          r.grad(k.beta_grad()), r.shape().rows,
                                          r.shape().hidden, k.eps());
        },
    }),
    StepRegistration({
        pb::Step::kRmsNormForward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.rms_norm_forward();
          normShape(c, s, c.buffer(k.x(), "x", F::F32), c.param(k.gamma_param(), "gamma_param"),
                    nullptr, {{c.buffer(k.y(), "y", F::F32), "y"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.rms_norm_forward();
          r.dev().rmsNormForward(r.out(k.x()), r.weightsIn(k.gamma_param()), r.out(k.y()),
                                 r.shape().rows, r.shape().hidden, k.eps());
        },
        runsOnAnyWindow,
    }),
    StepRegistration({
        pb::Step::kRmsNormBackwardInput,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.rms_norm_backward_input();
          normShape(c, s, c.buffer(k.x(), "x", F::F32), c.param(k.gamma_param(), "gamma_param"),
                    nullptr,
                    {{c.buffer(k.dy(), "dy", F::F32), "dy"}, {c.buffer(k.dx(), "dx", F::F32), "dx"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.rms_norm_backward_input();
          r.dev().rmsNormBackwardInput(r.out(k.x()), r.weightsIn(k.gamma_param()), r.out(k.dy()),
                                       r.out(k.dx()), r.shape().rows, r.shape().hidden, k.eps());
        },
    }),
    StepRegistration({
        pb::Step::kRmsNormBackwardWeight,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.rms_norm_backward_weight();
          normShape(c, s, c.buffer(k.x(), "x", F::F32), c.param(k.gamma_grad(), "gamma_grad"),
                    nullptr, {{c.buffer(k.dy(), "dy", F::F32), "dy"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.rms_norm_backward_weight();
          r.dev().rmsNormBackwardWeight(r.out(k.x()), r.out(k.dy()), r.grad(k.gamma_grad()),
                                        r.shape().rows, r.shape().hidden, k.eps());
        },
    }),
};

} // namespace
} // namespace mtc::runtime
