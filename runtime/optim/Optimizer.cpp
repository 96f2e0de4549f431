#include "optim/Optimizer.h"
#include "exec/Executor.h"
#include "comm/Communicator.h"
#include "mtc/Support/LrSchedule.h"


#include <algorithm>
#include <cmath>
#include <sstream>

namespace mtc::runtime {

namespace {
template <typename Style>
Style parseStyle(const std::string &name, const std::vector<std::string> &names,
                 const char *flag) {
  for (size_t i = 0; i < names.size(); ++i)
    if (names[i] == name)
      return static_cast<Style>(i);
  std::string list;
  for (const std::string &n : names)
    list += (list.empty() ? "" : ", ") + n;
  throw std::invalid_argument(std::string(flag) + " must be one of " + list + ", got '" + name +
                              "'");
}
} // namespace

DecayStyle parseDecayStyle(const std::string &name) {
  return parseStyle<DecayStyle>(name, kDecayStyles, "--lr-decay-style");
}
WsdDecayStyle parseWsdDecayStyle(const std::string &name) {
  return parseStyle<WsdDecayStyle>(name, kWsdDecayStyles, "--lr-wsd-decay-style");
}

OptimizerConfig OptimizerConfig::fromPlan(const pb::Optimizer &o) {
  OptimizerConfig c;
  c.lr = o.lr();
  c.minLr = o.min_lr();
  c.warmupSteps = o.warmup_steps();
  c.decaySteps = o.decay_steps();
  // Plans from before the field was written decayed along a cosine.
  c.decayStyle = parseDecayStyle(o.decay_style().empty() ? "cosine" : o.decay_style());
  c.wsdDecaySteps = o.wsd_decay_steps();
  c.wsdDecayStyle =
      parseWsdDecayStyle(o.wsd_decay_style().empty() ? "exponential" : o.wsd_decay_style());
  c.beta1 = o.beta1();
  c.beta2 = o.beta2();
  c.eps = o.eps();
  c.weightDecay = o.weight_decay();
  c.clipGrad = o.clip_grad();
  return c;
}

double learningRate(const OptimizerConfig &c, int64_t n) {
  if (c.warmupSteps > 0 && n <= c.warmupSteps)
    return c.lr * static_cast<double>(n) / static_cast<double>(c.warmupSteps);
  // No decay left after the warm-up (scheduleProblem refuses this for runs;
  // Megatron-LM asserts): the peak rate.
  if (c.decayStyle == DecayStyle::Constant || c.decaySteps <= c.warmupSteps)
    return c.lr;
  if (n > c.decaySteps)
    return c.minLr;
  if (c.decayStyle == DecayStyle::InverseSquareRoot) {
    const double warmup = static_cast<double>(std::max<int64_t>(c.warmupSteps, 1));
    const double steps = static_cast<double>(std::max<int64_t>(n, 1));
    return std::max(c.minLr, c.lr * std::sqrt(warmup) / std::sqrt(steps));
  }
  const double ratio = static_cast<double>(n - c.warmupSteps) /
                       static_cast<double>(c.decaySteps - c.warmupSteps);
  double coeff = 1;
  switch (c.decayStyle) {
  case DecayStyle::Linear:
    coeff = 1.0 - ratio;
    break;
  case DecayStyle::Cosine:
    coeff = 0.5 * (std::cos(M_PI * ratio) + 1.0);
    break;
  case DecayStyle::WSD: {
    const int64_t annealStart = c.decaySteps - c.wsdDecaySteps;
    if (n <= annealStart)
      break;
    const double r = static_cast<double>(n - annealStart) / static_cast<double>(c.wsdDecaySteps);
    switch (c.wsdDecayStyle) {
    case WsdDecayStyle::Linear:
      coeff = 1.0 - r;
      break;
    case WsdDecayStyle::Cosine:
      coeff = 0.5 * (std::cos(M_PI * r) + 1.0);
      break;
    case WsdDecayStyle::Exponential:
      coeff = 2.0 * std::pow(0.5, r) - 1.0;
      break;
    case WsdDecayStyle::MinusSqrt:
      coeff = 1.0 - std::sqrt(r);
      break;
    }
    break;
  }
  case DecayStyle::Constant:
  case DecayStyle::InverseSquareRoot:
    break; // returned above
  }
  return c.minLr + coeff * (c.lr - c.minLr);
}

std::string scheduleProblem(const OptimizerConfig &c) {
  auto text = [](double v) {
    std::ostringstream os;
    os << v;
    return os.str();
  };
  if (c.minLr > c.lr)
    return "--min-lr " + text(c.minLr) + " is above --lr " + text(c.lr) +
           ": the learning rate would grow during the decay";
  if (c.decayStyle == DecayStyle::Constant)
    return "";
  if (c.warmupSteps >= c.decaySteps)
    return "--lr-warmup-iters " + std::to_string(c.warmupSteps) +
           " leaves nothing of --lr-decay-iters " + std::to_string(c.decaySteps) +
           " to decay over (the warm-up must be shorter; or --lr-decay-style constant)";
  if (c.decayStyle == DecayStyle::WSD &&
      (c.wsdDecaySteps < 1 || c.wsdDecaySteps > c.decaySteps - c.warmupSteps))
    return "--lr-decay-style WSD needs --lr-wsd-decay-iters in [1, " +
           std::to_string(c.decaySteps - c.warmupSteps) +
           "] (what follows the warm-up), got " + std::to_string(c.wsdDecaySteps);
  return "";
}

Optimizer::Optimizer(Executor &executor, OptimizerConfig config)
    : executor(executor), cfg(config), countedInNorm(executor.numParams(), true) {}

DeviceArray &Optimizer::expAvg() {
  if (m.empty())
    m = DeviceArray(executor.backend(), executor.flatSize(), "the AdamW first moments");
  return m;
}

DeviceArray &Optimizer::expAvgSq() {
  if (v.empty())
    v = DeviceArray(executor.backend(), executor.flatSize(), "the AdamW second moments");
  return v;
}

double Optimizer::globalGradNorm() {
  double local = 0;
  for (int id = 0; id < executor.numParams(); ++id)
    if (countedInNorm[id])
      local += executor.backend().sumSquares(executor.grad(id), executor.paramElements(id));
  double global = normReducer ? normReducer(local) : local;
  return std::sqrt(global);
}

StepReport Optimizer::step(int64_t iteration) {
  StepReport report;
  report.gradNorm = globalGradNorm();
  if (!std::isfinite(report.gradNorm)) {
    std::ostringstream os;
    os << "iteration " << iteration << ": gradient norm is " << report.gradNorm
       << " (a NaN or Inf gradient; lower the learning rate, check the data, or run "
          "with --check-lifetimes)";
    throw TrainingError(os.str());
  }
  // Megatron-LM: clip_coeff = max_norm / (total_norm + 1e-6), applied when < 1.
  if (cfg.clipGrad > 0) {
    double coeff = cfg.clipGrad / (report.gradNorm + 1e-6);
    if (coeff < 1.0)
      report.clipCoeff = coeff;
  }
  report.lr = learningRate(cfg, steps);
  ++steps;
  float *firstMoments = expAvg().data(), *secondMoments = expAvgSq().data();
  for (int id = 0; id < executor.numParams(); ++id) {
    bool decay = executor.paramInfo(id).weight_decay();
    kernels::AdamWStep s{static_cast<float>(report.lr), static_cast<float>(cfg.beta1),
                         static_cast<float>(cfg.beta2), static_cast<float>(cfg.eps),
                         decay ? static_cast<float>(cfg.weightDecay) : 0.f, steps,
                         static_cast<float>(report.clipCoeff)};
    int64_t offset = executor.paramOffset(id);
    executor.backend().adamw(s, executor.param(id), executor.grad(id),
                             firstMoments + offset, secondMoments + offset,
                             executor.paramElements(id));
  }
  executor.refreshWeights("the optimizer step");
  executor.zeroGrads();
  return report;
}

void configureExpertGradNorm(Executor &exec, Optimizer &opt, comm::Communicator *group) {
  if (!group || group->size() <= 1)
    return;
  // The expert slices differ between the expert ranks and their squares add
  // up; every other parameter is the same data replica on each: count it once.
  if (group->rank() != 0)
    for (int id = 0; id < exec.numParams(); ++id)
      if (!exec.paramInfo(id).expert_split())
        opt.setCountedInNorm(id, false);
  Optimizer::NormReducer inner = opt.currentNormReducer();
  opt.setNormReducer([group, inner](double local) {
    double sum = inner ? inner(local) : local;
    group->allReduceSum(&sum, 1);
    return sum;
  });
}

void configureTensorGradNorm(Executor &exec, Optimizer &opt, comm::Communicator *group) {
  if (!group || group->size() <= 1)
    return;
  // Replicated params are identical on every tensor rank: count them once.
  if (group->rank() != 0)
    for (int id = 0; id < exec.numParams(); ++id)
      if (!exec.paramInfo(id).tensor_split())
        opt.setCountedInNorm(id, false);
  opt.setNormReducer([group](double local) {
    group->allReduceSum(&local, 1);
    return local;
  });
}

} // namespace mtc::runtime
