// AdamW with global-norm gradient clipping and Megatron-LM's learning-rate
// schedule (linear warm-up, then cosine decay to min_lr).
#pragma once
#include "exec/Backend.h"
#include "plan.pb.h"

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <vector>

namespace mtc::runtime {

class Executor;

struct OptimizerConfig {
  double lr = 1.5e-4, minLr = 0;
  int64_t warmupSteps = 0;
  int64_t decaySteps = 0; // total iterations of the schedule, warm-up included
  double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  double weightDecay = 0.01;
  double clipGrad = 1.0; // 0 disables clipping

  static OptimizerConfig fromPlan(const pb::Optimizer &o);
};

// Learning rate of the optimizer step that follows `completedSteps` steps.
// Megatron-LM's OptimizerParamScheduler.get_lr with num_steps = completedSteps:
//   warm-up (warmup > 0, n <= warmup): lr * n / warmup
//   n > decaySteps: minLr
//   else cosine: minLr + (lr - minLr) * 0.5 * (1 + cos(pi * (n - warmup) / (decay - warmup)))
// decaySteps <= warmupSteps means no decay: lr after the warm-up.
double learningRate(const OptimizerConfig &config, int64_t completedSteps);

class TrainingError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct StepReport {
  double gradNorm = 0; // before clipping
  double lr = 0;
  double clipCoeff = 1;
};

class Optimizer {
public:
  Optimizer(Executor &executor, OptimizerConfig config);

  // Sum of squares of all local gradients -> global sum of squares. The default
  // is the identity (one rank); with model parallelism it all-reduces over the
  // model-parallel group after counting replicated params on one rank only.
  using NormReducer = std::function<double(double localSumSquares)>;
  void setNormReducer(NormReducer reducer) { normReducer = std::move(reducer); }
  // The installed reducer (empty: identity), so another layout can chain it.
  const NormReducer &currentNormReducer() const { return normReducer; }
  // Params excluded from the local sum of squares (replicas counted elsewhere).
  void setCountedInNorm(int paramId, bool counted) { countedInNorm[paramId] = counted; }
  bool isCountedInNorm(int paramId) const { return countedInNorm[paramId]; }

  double globalGradNorm();
  // One AdamW step on the accumulated gradients (then zeroes them). `iteration`
  // is 1-based and used in error messages. Throws TrainingError on NaN/Inf norm.
  StepReport step(int64_t iteration);

  int64_t stepsTaken() const { return steps; }
  void setStepsTaken(int64_t n) { steps = n; }
  const OptimizerConfig &config() const { return cfg; }
  OptimizerConfig &config() { return cfg; }
  // AdamW moments in backend memory, laid out like Executor::flatParams().
  // Allocated on first use: with the distributed optimizer they are only a
  // checkpoint's staging, so they do not cost memory during training.
  DeviceArray &expAvg();
  DeviceArray &expAvgSq();

private:
  Executor &executor;
  OptimizerConfig cfg;
  NormReducer normReducer;
  std::vector<bool> countedInNorm;
  DeviceArray m, v;
  int64_t steps = 0;
};

} // namespace mtc::runtime
