// The backend interface's host side: HostView and DeviceArray on a backend
// whose memory is the host's and on the staged one whose memory the runtime
// must copy, and the executor giving the same numbers on both.
#include "TinyPlan.h"

#include "backends/host/HostBackend.h"
#include "exec/Executor.h"
#include "optim/Optimizer.h"

#include <gtest/gtest.h>

#include <vector>

namespace mtc::runtime {
namespace {

TEST(HostView, AliasesHostMemoryAndCopiesStagedMemory) {
  for (Backend *b : {&hostBackend(), &stagedHostBackend()}) {
    DeviceArray a(*b, 4, "test floats");
    const float values[4] = {1, 2, 3, 4};
    a.fromHost(values, 4);
    HostView view(*b, a.data(), a.size());
    EXPECT_EQ(view.data() == a.data(), b->hostAddressable()) << b->name();
    EXPECT_EQ(view.data()[2], 3.f);
    view.data()[2] = 30.f;
    // Until commit() the device keeps its value unless the view is the memory.
    EXPECT_EQ(a.toHost()[2], b->hostAddressable() ? 30.f : 3.f) << b->name();
    view.commit();
    EXPECT_EQ(a.toHost()[2], 30.f) << b->name();
  }
}

TEST(DeviceArray, MovesOwnershipAndChecksSizes) {
  DeviceArray a(stagedHostBackend(), 8, "test floats");
  float *p = a.data();
  DeviceArray b = std::move(a);
  EXPECT_EQ(b.data(), p);
  EXPECT_EQ(a.data(), nullptr);
  EXPECT_EQ(a.size(), 0);
  std::vector<float> three(3, 1.f);
  EXPECT_THROW(b.fromHost(three.data(), 3), std::invalid_argument);
  for (float v : b.toHost())
    EXPECT_EQ(v, 0.f); // allocate() zeroes
}

TEST(Backend, StagedExecutorAndOptimizerMatchTheHostBitForBit) {
  pb::Plan plan = testing::makeTinyPlan();
  ExecutorOptions host, staged;
  staged.backend = &stagedHostBackend();
  Executor a(plan, host), b(plan, staged);
  Optimizer optA(a, {}), optB(b, {});
  for (int step = 0; step < 3; ++step) {
    testing::fillPatternBatch(a);
    testing::fillPatternBatch(b);
    MicroBatchLoss la = a.forwardBackward(1.0f), lb = b.forwardBackward(1.0f);
    EXPECT_EQ(la.sum, lb.sum);
    EXPECT_EQ(la.count, lb.count);
    StepReport ra = optA.step(step + 1), rb = optB.step(step + 1);
    EXPECT_EQ(ra.gradNorm, rb.gradNorm);
  }
  std::vector<float> pa(a.flatParams(), a.flatParams() + a.flatSize());
  HostView vb(b.backend(), b.flatParams(), b.flatSize());
  EXPECT_EQ(pa, std::vector<float>(vb.data(), vb.data() + vb.size()));
  EXPECT_EQ(a.logitsToHost().size(), b.logitsToHost().size());
}

} // namespace
} // namespace mtc::runtime
