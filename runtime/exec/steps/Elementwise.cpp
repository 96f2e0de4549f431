// Element-wise steps: activations and their gradients, residual adds, dropout.
#include "exec/StepChecker.h"
#include "exec/StepRegistry.h"
#include "exec/StepRun.h"

#include <stdexcept>

namespace mtc::runtime {
namespace {

const StepRegistration registered[] = {
    StepRegistration({
        pb::Step::kGelu,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          s.elements = c.elementwise({{step.gelu().x(), "x"}, {step.gelu().y(), "y"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.gelu();
          r.dev().geluForward(r.out(k.x()), r.out(k.y()), r.shape().elements, k.exact());
        },
        runsOnAnyWindow,
    }),
    StepRegistration({
        pb::Step::kGeluBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.gelu_backward();
          s.elements = c.elementwise({{k.x(), "x"}, {k.dy(), "dy"}, {k.dx(), "dx"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.gelu_backward();
          r.dev().geluBackward(r.out(k.x()), r.out(k.dy()), r.out(k.dx()), r.shape().elements,
                               k.exact());
        },
    }),
    StepRegistration({
        pb::Step::kTanh,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          s.elements = c.elementwise({{step.tanh().x(), "x"}, {step.tanh().y(), "y"}});
        },
        [](const pb::Step &step, StepRun &r) {
          r.dev().tanhForward(r.out(step.tanh().x()), r.out(step.tanh().y()), r.shape().elements);
        },
    }),
    StepRegistration({
        pb::Step::kTanhBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.tanh_backward();
          s.elements = c.elementwise({{k.y(), "y"}, {k.dy(), "dy"}, {k.dx(), "dx"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.tanh_backward();
          r.dev().tanhBackward(r.out(k.y()), r.out(k.dy()), r.out(k.dx()), r.shape().elements);
        },
    }),
    StepRegistration({
        pb::Step::kSwiglu,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.swiglu();
          s.elements = c.elementwise({{k.gate(), "gate"}, {k.up(), "up"}, {k.y(), "y"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.swiglu();
          r.dev().swigluForward(r.out(k.gate()), r.out(k.up()), r.out(k.y()), r.shape().elements);
        },
        runsOnAnyWindow,
    }),
    StepRegistration({
        pb::Step::kSwigluBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.swiglu_backward();
          s.elements = c.elementwise({{k.gate(), "gate"}, {k.up(), "up"}, {k.dy(), "dy"},
                                      {k.dgate(), "dgate"}, {k.dup(), "dup"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.swiglu_backward();
          r.dev().swigluBackward(r.out(k.gate()), r.out(k.up()), r.out(k.dy()), r.out(k.dgate()),
                                 r.out(k.dup()), r.shape().elements);
        },
    }),
    StepRegistration({
        pb::Step::kSquaredRelu,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.squared_relu();
          s.elements = c.elementwise({{k.x(), "x"}, {k.y(), "y"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.squared_relu();
          r.dev().launch(kernels::SquaredReluForward{r.f(k.x()), r.f(k.y()), r.shape().elements});
        },
        runsOnAnyWindow,
    }),
    StepRegistration({
        pb::Step::kSquaredReluBackward,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.squared_relu_backward();
          s.elements = c.elementwise({{k.x(), "x"}, {k.dy(), "dy"}, {k.dx(), "dx"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.squared_relu_backward();
          r.dev().launch(kernels::SquaredReluBackward{r.f(k.x()), r.f(k.dy()), r.f(k.dx()),
                                                      r.shape().elements});
        },
    }),
    StepRegistration({
        pb::Step::kAdd,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.add();
          s.elements = c.elementwise({{k.a(), "a"}, {k.b(), "b"}, {k.out(), "out"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.add();
          r.dev().add(r.out(k.a()), r.out(k.b()), r.out(k.out()), r.shape().elements);
        },
        runsOnAnyWindow,
    }),
    StepRegistration({
        pb::Step::kDropout,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.dropout();
          s.elements = c.elementwise({{k.x(), "x"}, {k.y(), "y"}});
          if (!(k.rate() >= 0.f && k.rate() < 1.f))
            c.fail("dropout rate " + std::to_string(k.rate()) + " must be in [0, 1)");
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.dropout();
          const int64_t n = r.shape().elements;
          const pb::Buffer &x = r.buffer(k.x());
          if (r.training && k.rate() > 0.f && (r.sequenceShards() || r.context().split())) {
            // Sequence rows of the whole tensor's mask: [batch, rows, hidden].
            if (x.shape_size() != 3)
              throw std::runtime_error("dropout on sequence rows needs a [batch, seq, hidden] "
                                       "input, '" + x.name() + "' is not");
            dropoutOnRows(r.dev(), r.in(k.x()), r.out(k.y()), x.shape(0), x.shape(1),
                          r.firstRow(x.shape(1)), x.shape(2), r.context(), k.rate(), r.seed(),
                          k.stream());
          } else if (r.training && k.rate() > 0.f) {
            r.dev().dropout(r.out(k.x()), r.out(k.y()), n, k.rate(), r.seed(), k.stream(), 0);
            r.checkReplicated(r.f(k.y()), n);
          } else {
            r.dev().convert(r.in(k.x()), r.out(k.y()), n);
          }
        },
        runsOnAnyWindow,
    }),
};

} // namespace
} // namespace mtc::runtime
