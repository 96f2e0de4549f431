#include "exec/Optimizer.h"
#include "exec/Executor.h"


#include <cmath>
#include <sstream>

namespace mtc::runtime {

OptimizerConfig OptimizerConfig::fromPlan(const pb::Optimizer &o) {
  OptimizerConfig c;
  c.lr = o.lr();
  c.minLr = o.min_lr();
  c.warmupSteps = o.warmup_steps();
  c.decaySteps = o.decay_steps();
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
  if (c.decaySteps <= c.warmupSteps)
    return c.lr;
  if (n > c.decaySteps)
    return c.minLr;
  double ratio = static_cast<double>(n - c.warmupSteps) /
                 static_cast<double>(c.decaySteps - c.warmupSteps);
  double coeff = 0.5 * (std::cos(M_PI * ratio) + 1.0);
  return c.minLr + coeff * (c.lr - c.minLr);
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
  executor.zeroGrads();
  return report;
}

} // namespace mtc::runtime
