// AdamW with global-norm gradient clipping and Megatron-LM's learning-rate
// schedules (linear warm-up, then a constant, linear, cosine,
// inverse-square-root or warmup-stable-decay rate).
#pragma once
#include "backends/Backend.h"
#include "plan.pb.h"

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

namespace mtc::comm {
class Communicator;
}

namespace mtc::runtime {

class Executor;

// Megatron-LM's --lr-decay-style and --lr-wsd-decay-style values, in the
// order of mtc::kDecayStyles and mtc::kWsdDecayStyles (their spellings).
enum class DecayStyle { Constant, Linear, Cosine, InverseSquareRoot, WSD };
enum class WsdDecayStyle { Linear, Cosine, Exponential, MinusSqrt };
// By Megatron-LM's spelling ("inverse-square-root", "WSD", "minus_sqrt");
// throws std::invalid_argument listing the accepted names.
DecayStyle parseDecayStyle(const std::string &name);
WsdDecayStyle parseWsdDecayStyle(const std::string &name);

struct OptimizerConfig {
  double lr = 1.5e-4, minLr = 0;
  int64_t warmupSteps = 0;
  int64_t decaySteps = 0; // total iterations of the schedule, warm-up included
  DecayStyle decayStyle = DecayStyle::Cosine;
  int64_t wsdDecaySteps = 0; // WSD: the final decay's iterations
  WsdDecayStyle wsdDecayStyle = WsdDecayStyle::Exponential;
  double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
  double weightDecay = 0.01;
  double clipGrad = 1.0; // 0 disables clipping

  static OptimizerConfig fromPlan(const pb::Optimizer &o);
};

// Learning rate of the optimizer step that follows `completedSteps` steps:
// Megatron-LM's OptimizerParamScheduler.get_lr with num_steps = n, init_lr 0:
//   warm-up (warmup > 0, n <= warmup): lr * n / warmup
//   constant, or decaySteps <= warmupSteps (nothing to decay over): lr
//   n > decaySteps: minLr
//   inverse-square-root: max(minLr, lr * sqrt(max(warmup, 1) / max(n, 1)))
//   otherwise minLr + (lr - minLr) * coeff(r), r = (n - warmup) / (decay - warmup):
//     linear 1 - r, cosine (1 + cos(pi r)) / 2, WSD 1 until the last wsdDecaySteps
//     of the schedule, then the WSD style of r' = (n - (decay - wsdDecay)) / wsdDecay:
//     linear 1 - r', cosine (1 + cos(pi r')) / 2, exponential 2 * 0.5^r' - 1,
//     minus_sqrt 1 - sqrt(r').
double learningRate(const OptimizerConfig &config, int64_t completedSteps);
// Why the schedule cannot run (Megatron-LM asserts the same), "" when it can:
// min-lr above lr, warm-up not shorter than the decay, a WSD decay longer than
// what follows the warm-up. Names the flags.
std::string scheduleProblem(const OptimizerConfig &config);

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

// Tensor parallelism's share of the global gradient norm: a replicated param
// counts once (on tensor rank 0), the split ones are summed over `group`
// (null or one rank: nothing to do).
void configureTensorGradNorm(Executor &exec, Optimizer &opt, comm::Communicator *group);
// Expert parallelism: the norm adds the expert slices' squares over the
// expert group and counts every other parameter once.
void configureExpertGradNorm(Executor &exec, Optimizer &opt, comm::Communicator *group);

} // namespace mtc::runtime
