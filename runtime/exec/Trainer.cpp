#include "exec/Trainer.h"
#include "exec/PlanValidator.h"

#include "comm/Communicator.h"
#include "kernels/kernels.h"

#include <unistd.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <sstream>

namespace mtc::runtime {
namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::string format(const char *fmt, double value) {
  char text[64];
  std::snprintf(text, sizeof text, fmt, value);
  return text;
}

int64_t atLeastOne(int64_t v) { return v > 0 ? v : 1; }

} // namespace

Trainer::Trainer(const pb::Plan &plan, TrainConfig config, comm::Communicator &world,
                 std::ostream *log)
    : cfg(std::move(config)), world(world), log(log) {
  if (cfg.threads > 0)
    kernels::setNumThreads(static_cast<int>(cfg.threads));
  if (cfg.steps <= 0)
    throw std::invalid_argument("--steps must be positive (got " + std::to_string(cfg.steps) + ")");
  if (cfg.logInterval <= 0)
    cfg.logInterval = 1;

  // The rank grid in Megatron-LM's tp-dp-pp order: tensor rank varies fastest.
  const int64_t tp = atLeastOne(plan.parallel().tensor());
  const int64_t pp = atLeastOne(plan.parallel().pipeline());
  const int64_t dp = atLeastOne(plan.parallel().data());
  if (tp * pp * dp != world.size())
    throw std::invalid_argument(
        "the plan was compiled for tensor " + std::to_string(tp) + " x pipeline " +
        std::to_string(pp) + " x data " + std::to_string(dp) + " = " +
        std::to_string(tp * pp * dp) + " ranks, but this job has " +
        std::to_string(world.size()) + " (mpirun -np " + std::to_string(tp * pp * dp) + ")");
  if (pp > 1)
    throw std::invalid_argument("pipeline parallelism (" + std::to_string(pp) +
                                " stages) is not supported by this runtime yet");
  const int64_t tpRank = world.rank() % tp;
  const int64_t dpRank = (world.rank() / tp) % dp;
  const int64_t ppRank = world.rank() / (tp * dp);
  std::unique_ptr<comm::Communicator> tensorGroup;
  if (tp > 1)
    tensorGroup = world.split(static_cast<int>(dpRank + dp * ppRank), static_cast<int>(tpRank));
  if (dp > 1)
    dataGroup = world.split(static_cast<int>(tpRank + tp * ppRank), static_cast<int>(dpRank));

  ExecutorOptions options;
  options.seed = static_cast<uint64_t>(cfg.seed);
  options.checkLifetimes = cfg.checkLifetimes;
  options.tensorGroup = tensorGroup.release(); // lives as long as the process
  exec = std::make_unique<Executor>(plan, options);

  OptimizerConfig oc = OptimizerConfig::fromPlan(plan.optimizer());
  if (cfg.lr) oc.lr = *cfg.lr;
  if (cfg.minLr) oc.minLr = *cfg.minLr;
  if (cfg.warmup) oc.warmupSteps = *cfg.warmup;
  if (cfg.decaySteps) oc.decaySteps = *cfg.decaySteps;
  if (cfg.weightDecay) oc.weightDecay = *cfg.weightDecay;
  if (cfg.clipGrad) oc.clipGrad = *cfg.clipGrad;
  if (cfg.beta2) oc.beta2 = *cfg.beta2;
  if (oc.decaySteps <= 0)
    oc.decaySteps = cfg.steps; // Megatron-LM: lr-decay-iters defaults to train-iters
  opt = std::make_unique<Optimizer>(*exec, oc);

  const int64_t micro = plan.model().micro_batch();
  int64_t globalBatch = cfg.globalBatch > 0 ? cfg.globalBatch : plan.parallel().global_batch();
  if (globalBatch <= 0)
    globalBatch = micro * dp;
  if (globalBatch % (micro * dp) != 0)
    throw std::invalid_argument("--global-batch " + std::to_string(globalBatch) +
                                " is not divisible by micro-batch " + std::to_string(micro) +
                                " x data-parallel " + std::to_string(dp) + " = " +
                                std::to_string(micro * dp));
  microBatches = globalBatch / (micro * dp);
  geometry = {micro, plan.model().seq(), dpRank, dp, globalBatch};

  const int64_t vocab = plan.model().vocab();
  if (cfg.synthetic) {
    train = makeSyntheticSource(geometry, vocab, static_cast<uint64_t>(cfg.seed));
    valid = makeSyntheticSource(geometry, vocab, static_cast<uint64_t>(cfg.seed) + 1);
  } else if (!cfg.data.empty()) {
    indexed = std::make_unique<IndexedData>(cfg.data, cfg.split, plan.model().seq(),
                                            static_cast<uint64_t>(cfg.seed));
    train = indexed->source(data::Split::Train, geometry, vocab);
    valid = indexed->source(data::Split::Valid, geometry, vocab);
    if (!train)
      throw std::invalid_argument("--split " + cfg.split + " leaves no training documents in '" +
                                  cfg.data + "'");
    if (!valid && cfg.evalInterval > 0 && log)
      *log << "note: no usable validation split ("
           << (indexed->problem(data::Split::Valid).empty() ? "empty"
                                                           : indexed->problem(data::Split::Valid))
           << "); evaluation is off\n";
  } else {
    throw std::invalid_argument("no training data: give --data PREFIX (an indexed dataset "
                                "made by mtc-data) or --synthetic");
  }

  if (!cfg.initFrom.empty()) {
    std::string report;
    importSafetensors(cfg.initFrom, *exec, &report);
    if (log)
      *log << "init-from: " << report << "\n";
  }
  if (!cfg.load.empty()) {
    bool present = latestIteration(cfg.load) >= 0 ||
                   std::ifstream(cfg.load + "/checkpoint.json").good();
    if (present) {
      TrainingState state = loadCheckpoint(cfg.load, *exec, opt.get(), world);
      startIteration = state.iteration;
      if (state.seed != static_cast<uint64_t>(cfg.seed) && log)
        *log << "warning: the checkpoint was trained with --seed " << state.seed
             << ", this run uses " << cfg.seed << ": data order and dropout will differ\n";
      if (log)
        *log << "loaded checkpoint from '" << cfg.load << "' at iteration " << startIteration
             << " (consumed samples " << state.consumedSamples << ")\n";
    } else if (log) {
      *log << "warning: no checkpoint in '" << cfg.load << "', training from scratch\n";
    }
  }
  if (!cfg.metrics.empty() && world.rank() == 0)
    metrics = std::make_unique<MetricsWriter>(cfg.metrics);
}

Trainer::~Trainer() = default;

double Trainer::trainIteration(int64_t iteration, double *gradNorm, double *lr) {
  const float scale = 1.0f / static_cast<float>(microBatches);
  double lossSum = 0;
  for (int64_t mb = 0; mb < microBatches; ++mb) {
    train->fill(iteration, mb, exec->tokens(), exec->targets());
    lossSum += exec->forwardBackward(scale).mean();
  }
  double loss = lossSum / static_cast<double>(microBatches);
  if (dataGroup) {
    // Data parallelism: average gradients and the reported loss over replicas.
    dataGroup->allReduceSum(exec->flatGrads(), static_cast<size_t>(exec->flatSize()));
    kernels::scale(exec->flatGrads(), 1.0f / dataGroup->size(), exec->flatGrads(),
                   exec->flatSize());
    dataGroup->allReduceSum(&loss, 1);
    loss /= dataGroup->size();
  }
  if (!std::isfinite(loss))
    throw TrainingError("iteration " + std::to_string(iteration + 1) + ": lm loss is " +
                        format("%g", loss) +
                        " (diverged, or a compiler bug: rerun with --check-lifetimes)");
  StepReport report = opt->step(iteration + 1);
  *gradNorm = report.gradNorm;
  *lr = report.lr;
  return loss;
}

double Trainer::evaluate() {
  if (!valid)
    return -1;
  double sum = 0;
  int64_t count = 0;
  for (int64_t e = 0; e < cfg.evalIters; ++e)
    for (int64_t mb = 0; mb < microBatches; ++mb) {
      valid->fill(e, mb, exec->tokens(), exec->targets());
      sum += exec->forward().mean();
      ++count;
    }
  double loss = count ? sum / count : 0;
  if (dataGroup) {
    dataGroup->allReduceSum(&loss, 1);
    loss /= dataGroup->size();
  }
  return loss;
}

void Trainer::logIteration(int64_t iteration, double ms, double lr, double loss,
                           double gradNorm) {
  if (!log)
    return;
  char line[512];
  double tokensPerSecond = geometry.globalBatch * geometry.seq / (ms / 1000.0);
  std::snprintf(line, sizeof line,
                " iteration %8lld/%8lld | consumed samples: %12lld | elapsed time per "
                "iteration (ms): %.1f | learning rate: %.6E | global batch size: %5lld | "
                "lm loss: %.6E | grad norm: %.3f | loss scale: 1.0 | tokens/s: %.0f |",
                static_cast<long long>(iteration), static_cast<long long>(cfg.steps),
                static_cast<long long>(iteration * geometry.globalBatch), ms, lr,
                static_cast<long long>(geometry.globalBatch), loss, gradNorm, tokensPerSecond);
  *log << line << std::endl;
}

void Trainer::save(int64_t iteration) {
  TrainingState state;
  state.iteration = iteration;
  state.consumedSamples = iteration * geometry.globalBatch;
  state.seed = static_cast<uint64_t>(cfg.seed);
  state.dropoutCounter = exec->dropoutCounter();
  auto start = Clock::now();
  std::string folder = saveCheckpoint(cfg.save, state, *exec, *opt, world);
  if (log)
    *log << "saved checkpoint at iteration " << iteration << " to '" << folder << "' in "
         << format("%.2f", secondsSince(start)) << " s" << std::endl;
}

TrainSummary Trainer::run() {
  TrainSummary summary;
  summary.firstIteration = startIteration;
  const bool progressBar = log == &std::cout && isatty(STDOUT_FILENO) && cfg.logInterval > 1;
  if (log)
    *log << "training '" << exec->plan().model().name() << "' on " << train->describe()
         << ": " << cfg.steps << " iterations, global batch " << geometry.globalBatch << " ("
         << microBatches << " micro-batches of " << geometry.microBatch << " x "
         << geometry.seq << " tokens), " << world.size() << " rank(s)" << std::endl;
  auto runStart = Clock::now();
  auto logStart = Clock::now();
  int64_t sinceLog = 0;
  double lastLoss = 0;
  int64_t lastSaved = -1;
  for (int64_t it = startIteration; it < cfg.steps; ++it) {
    auto iterationStart = Clock::now();
    double gradNorm = 0, lr = 0;
    double loss = trainIteration(it, &gradNorm, &lr);
    double ms = secondsSince(iterationStart) * 1000.0;
    const int64_t done = it + 1;
    summary.losses.push_back(loss);
    summary.gradNorms.push_back(gradNorm);
    summary.tokens += geometry.globalBatch * geometry.seq;
    lastLoss = loss;
    logLossSum += loss;
    ++logLossCount;
    ++sinceLog;

    MetricsRow row{done, done * geometry.globalBatch, lr, loss, gradNorm, ms,
                   geometry.globalBatch * geometry.seq / (ms / 1000.0), std::nullopt};
    if (done % cfg.logInterval == 0 || done == cfg.steps) {
      if (progressBar)
        std::cout << "\r\033[K";
      double meanMs = secondsSince(logStart) * 1000.0 / sinceLog;
      logIteration(done, meanMs, lr, logLossSum / logLossCount, gradNorm);
      logLossSum = 0;
      logLossCount = 0;
      sinceLog = 0;
      logStart = Clock::now();
    } else if (progressBar) {
      int64_t inInterval = done % cfg.logInterval, width = 30;
      int64_t filled = inInterval * width / cfg.logInterval;
      std::cout << "\r [" << std::string(filled, '=') << std::string(width - filled, ' ')
                << "] " << done << "/" << cfg.steps << std::flush;
    }
    if (cfg.evalInterval > 0 && valid && done % cfg.evalInterval == 0) {
      double validLoss = evaluate();
      row.validLoss = validLoss;
      summary.finalValidLoss = validLoss;
      if (log) {
        std::string rule(100, '-');
        char line[256];
        std::snprintf(line, sizeof line,
                      " validation loss at iteration %lld | lm loss value: %.6E | lm loss "
                      "PPL: %.6E |",
                      static_cast<long long>(done), validLoss,
                      std::exp(std::min(20.0, validLoss)));
        *log << rule << "\n" << line << "\n" << rule << std::endl;
      }
    }
    if (metrics)
      metrics->write(row);
    if (!cfg.save.empty() && cfg.saveInterval > 0 && done % cfg.saveInterval == 0) {
      save(done);
      lastSaved = done;
    }
  }
  summary.iterations = cfg.steps > startIteration ? cfg.steps - startIteration : 0;
  summary.seconds = secondsSince(runStart);
  if (!cfg.save.empty() && lastSaved != cfg.steps && summary.iterations > 0)
    save(cfg.steps);
  if (!cfg.exportSafetensors.empty() && world.rank() == 0) {
    exportSafetensors(cfg.exportSafetensors, *exec);
    if (log)
      *log << "exported weights to '" << cfg.exportSafetensors << "'" << std::endl;
  }
  if (log) {
    *log << "training finished: " << summary.iterations << " iterations ("
         << startIteration + 1 << " to " << cfg.steps << "), " << summary.tokens
         << " tokens in " << format("%.2f", summary.seconds) << " s ("
         << format("%.0f", summary.seconds > 0 ? summary.tokens / summary.seconds : 0)
         << " tokens/s)";
    if (summary.iterations > 0)
      *log << " | final train loss: " << format("%.6E", lastLoss);
    if (summary.finalValidLoss >= 0)
      *log << " | final valid loss: " << format("%.6E", summary.finalValidLoss) << " (PPL "
           << format("%.3f", std::exp(std::min(20.0, summary.finalValidLoss))) << ")";
    *log << std::endl;
  }
  return summary;
}

std::string describePlan(const pb::Plan &plan) {
  std::ostringstream os;
  const pb::Model &m = plan.model();
  const pb::Parallel &p = plan.parallel();
  int64_t paramElements = 0;
  for (const pb::Param &param : plan.params())
    paramElements += numElements(param.shape());
  os << "plan format " << plan.format_version() << ": model '" << m.name() << "' (" << m.arch()
     << ", " << m.layers() << " layers, hidden " << m.hidden() << ", heads " << m.heads()
     << ", ffn " << m.ffn() << ", vocab " << m.vocab() << " padded " << m.padded_vocab()
     << ", seq " << m.seq() << ", micro-batch " << m.micro_batch() << ", fingerprint "
     << m.fingerprint() << ")\n";
  os << "grid: tensor " << p.tensor() << ", pipeline " << p.pipeline() << ", data " << p.data()
     << ", sequence parallel " << (p.sequence_parallel() ? "on" : "off") << ", global batch "
     << p.global_batch() << "\n";
  const pb::Optimizer &o = plan.optimizer();
  os << "optimizer: AdamW lr " << o.lr() << " min " << o.min_lr() << ", warm-up "
     << o.warmup_steps() << ", decay " << o.decay_steps() << ", betas (" << o.beta1() << ", "
     << o.beta2() << "), eps " << o.eps() << ", weight decay " << o.weight_decay()
     << ", clip " << o.clip_grad() << "\n";
  os << "params: " << plan.params_size() << " tensors, " << paramElements << " elements on this rank\n";
  const pb::MemoryReport &r = plan.memory();
  os << "memory: params " << r.param_bytes() << " B, grads " << r.grad_bytes()
     << " B, optimizer " << r.optimizer_bytes() << " B, activation peak "
     << r.activation_peak_bytes() << " B, arena " << r.arena_bytes() << " B\n";
  os << "buffers: " << plan.buffers_size() << "; steps: " << plan.steps_size() << " ("
     << plan.forward_steps() << " forward)\n";
  for (int s = 0; s < plan.steps_size(); ++s) {
    const pb::Step &step = plan.steps(s);
    const auto *field = pb::Step::descriptor()->FindFieldByNumber(step.kernel_case());
    os << "  " << s << (s < plan.forward_steps() ? " F " : " B ")
       << (field ? field->name() : "?") << "  " << step.location() << "\n";
  }
  return os.str();
}

} // namespace mtc::runtime
