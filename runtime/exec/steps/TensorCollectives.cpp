// Tensor parallelism's collectives in the plan: the all-reduce after a row
// split, and sequence parallelism's all-gather and reduce-scatter along the
// sequence of [batch, seq, hidden]. With one tensor rank, copies.
#include "exec/StepChecker.h"
#include "exec/StepRegistry.h"
#include "exec/StepRun.h"

#include <algorithm>

namespace mtc::runtime {
namespace {

using F = pb::DType;

// The shard is the smaller side: x of a gather, y of a reduce-scatter.
void sequenceShape(StepChecker &c, StepShape &s, int32_t xId, int32_t yId, bool gather) {
  auto *x = c.buffer(xId, "x", F::F32);
  auto *y = c.buffer(yId, "y", F::F32);
  const pb::Buffer *shard = gather ? x : y;
  int64_t t = std::max<int64_t>(1, c.plan.parallel().tensor());
  if (shard && shard->shape_size() != 3) {
    c.fail("shard buffer '" + shard->name() + "' must be [batch, seq, hidden]");
    return;
  }
  if (!shard)
    return;
  s.batch = shard->shape(0);
  s.seq = shard->shape(1);
  s.hidden = shard->shape(2);
  s.elements = c.count(shard);
  c.expectCount(gather ? y : x, s.elements * t, gather ? "y" : "x");
}

using SequenceCollective = void (*)(Backend &, comm::Communicator &, const float *, float *,
                                    int64_t, int64_t, int64_t, DeviceArray &);

void runSequence(StepRun &r, int32_t x, int32_t y, SequenceCollective collective) {
  const StepShape &sh = r.shape();
  if (r.shard().size > 1)
    collective(r.dev(), *r.tensorGroup(), r.f(x), r.f(y), sh.batch, sh.seq, sh.hidden,
               r.commScratch());
  else
    r.dev().copy(r.f(y), r.f(x), sh.elements * 4);
}

const StepRegistration registered[] = {
    StepRegistration({
        pb::Step::kTensorAllReduce,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          const auto &k = step.tensor_all_reduce();
          s.elements = c.elementwise({{k.x(), "x"}, {k.y(), "y"}});
        },
        [](const pb::Step &step, StepRun &r) {
          const auto &k = step.tensor_all_reduce();
          const int64_t n = r.shape().elements;
          r.dev().copy(r.f(k.y()), r.f(k.x()), n * 4);
          if (r.shard().size > 1)
            r.tensorGroup()->allReduceSum(r.f(k.y()), n);
        },
    }),
    StepRegistration({
        pb::Step::kTensorAllGather,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          sequenceShape(c, s, step.tensor_all_gather().x(), step.tensor_all_gather().y(), true);
        },
        [](const pb::Step &step, StepRun &r) {
          runSequence(r, step.tensor_all_gather().x(), step.tensor_all_gather().y(),
                      allGatherSequence);
        },
    }),
    StepRegistration({
        pb::Step::kTensorReduceScatter,
        [](const pb::Step &step, StepChecker &c, StepShape &s) {
          sequenceShape(c, s, step.tensor_reduce_scatter().x(), step.tensor_reduce_scatter().y(),
                        false);
        },
        [](const pb::Step &step, StepRun &r) {
          runSequence(r, step.tensor_reduce_scatter().x(), step.tensor_reduce_scatter().y(),
                      reduceScatterSequence);
        },
    }),
};

} // namespace
} // namespace mtc::runtime
