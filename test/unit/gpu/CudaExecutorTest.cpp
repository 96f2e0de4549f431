// The GPU executor against the host executor on one compiled plan (path in
// MTC_GPU_TEST_PLAN, made by mtc-compile; see CMakeLists.txt): the same
// initial parameters, per-micro-batch losses, gradients and the parameters
// after AdamW steps. Skips without a GPU (or without a plan).
#include "GpuMain.h"
#include "exec/Executor.h"
#include "exec/Optimizer.h"
#include "exec/cuda/CudaExecutor.h"

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <random>
#include <sstream>

namespace {

using namespace mtc::runtime;
namespace pb = mtc::pb;

pb::Plan loadPlan() {
  const char *path = std::getenv("MTC_GPU_TEST_PLAN");
  pb::Plan plan;
  if (!path)
    return plan;
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  if (!plan.ParseFromString(ss.str()))
    ADD_FAILURE() << "cannot parse the plan " << path;
  return plan;
}

double maxRelDiff(const std::vector<float> &a, const float *b) {
  double worst = 0;
  for (size_t i = 0; i < a.size(); ++i)
    worst = std::max(worst, std::fabs(double(a[i]) - b[i]) / (1e-3 + std::fabs(double(b[i]))));
  return worst;
}

TEST(CudaExecutor, MatchesTheHostExecutor) {
  pb::Plan plan = loadPlan();
  if (plan.steps_size() == 0)
    GTEST_SKIP() << "MTC_GPU_TEST_PLAN is not set";
  ExecutorOptions hostOptions;
  hostOptions.seed = 7;
  Executor host(plan, hostOptions);
  gpu::CudaExecutorOptions gpuOptions;
  gpuOptions.seed = 7;
  gpu::CudaExecutor dev(plan, gpuOptions);
  ASSERT_EQ(dev.flatSize(), host.flatSize());
  std::vector<float> p0 = dev.paramsToHost();
  EXPECT_EQ(maxRelDiff(p0, host.flatParams()), 0.0) << "initialization differs";

  const int64_t n = plan.model().micro_batch() * plan.model().seq();
  std::mt19937 rng(3);
  std::uniform_int_distribution<int32_t> tok(0, int32_t(plan.model().vocab() - 1));
  OptimizerConfig cfg = OptimizerConfig::fromPlan(plan.optimizer());
  cfg.decaySteps = 10;
  Optimizer hostOpt(host, cfg);
  for (int step = 0; step < 3; ++step) {
    std::vector<int32_t> tokens(n), targets(n);
    for (int64_t i = 0; i < n; ++i)
      tokens[i] = tok(rng), targets[i] = i % 7 == 0 ? -1 : tok(rng);
    std::copy(tokens.begin(), tokens.end(), host.tokens());
    std::copy(targets.begin(), targets.end(), host.targets());
    MicroBatchLoss hl = host.forwardBackward(1.0f);
    dev.setBatch(tokens.data(), targets.data());
    MicroBatchLoss dl = dev.forwardBackward(1.0f);
    EXPECT_EQ(dl.count, hl.count);
    EXPECT_NEAR(dl.mean(), hl.mean(), 1e-5 * std::fabs(hl.mean())) << "step " << step;
    EXPECT_LT(maxRelDiff(dev.gradsToHost(), host.flatGrads()), 1e-3) << "gradients, step "
                                                                     << step;
    StepReport hr = hostOpt.step(step + 1);
    StepReport dr = dev.optimizerStep(cfg);
    EXPECT_NEAR(dr.gradNorm, hr.gradNorm, 1e-4 * hr.gradNorm);
    EXPECT_NEAR(dr.lr, hr.lr, 1e-12);
    EXPECT_LT(maxRelDiff(dev.paramsToHost(), host.flatParams()), 1e-3) << "params, step "
                                                                       << step;
  }
  EXPECT_GT(dev.cachedGemmPlans(), 0u);
}

TEST(CudaExecutor, ForwardOnlyMatchesWithoutDropout) {
  pb::Plan plan = loadPlan();
  if (plan.steps_size() == 0)
    GTEST_SKIP() << "MTC_GPU_TEST_PLAN is not set";
  Executor host(plan, {});
  gpu::CudaExecutor dev(plan, {});
  const int64_t n = plan.model().micro_batch() * plan.model().seq();
  std::vector<int32_t> tokens(n), targets(n);
  for (int64_t i = 0; i < n; ++i)
    tokens[i] = int32_t(i % plan.model().vocab()), targets[i] = int32_t((i + 1) % plan.model().vocab());
  std::copy(tokens.begin(), tokens.end(), host.tokens());
  std::copy(targets.begin(), targets.end(), host.targets());
  dev.setBatch(tokens.data(), targets.data());
  EXPECT_NEAR(dev.forward().mean(), host.forward().mean(), 1e-5 * host.forward().mean());
}

} // namespace

MTC_GPU_TEST_MAIN()
