#include "optim/ZeroOptimizer.h"
#include "exec/Executor.h"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace mtc::runtime {

FlatShard flatShard(int64_t elements, int rank, int size) {
  FlatShard s;
  s.padded = (elements + size - 1) / size;
  s.begin = std::min<int64_t>(elements, rank * s.padded);
  s.end = std::min<int64_t>(elements, s.begin + s.padded);
  return s;
}

ZeroOptimizer::ZeroOptimizer(Executor &exec, Optimizer &replicated,
                             comm::Communicator &dataGroup)
    : exec(exec), replicated(replicated), group(dataGroup),
      mine(flatShard(exec.flatSize(), dataGroup.rank(), dataGroup.size())),
      m(exec.backend(), mine.padded, "the distributed optimizer's first moments"),
      v(exec.backend(), mine.padded, "the distributed optimizer's second moments"),
      gradShard(exec.backend(), mine.padded, "the distributed optimizer's gradient shard"),
      staging(exec.backend(), mine.padded * dataGroup.size(),
              "the distributed optimizer's staging buffer") {}

namespace {
/// Calls fn(paramId, flatBegin, flatEnd) for each param's overlap with the shard.
template <typename Fn> void forEachOverlap(Executor &exec, const FlatShard &shard, Fn fn) {
  for (int id = 0; id < exec.numParams(); ++id) {
    int64_t b = std::max(exec.paramOffset(id), shard.begin);
    int64_t e = std::min(exec.paramOffset(id) + exec.paramElements(id), shard.end);
    if (b < e)
      fn(id, b, e);
  }
}
} // namespace

StepReport ZeroOptimizer::step(int64_t iteration) {
  Backend &dev = exec.backend();
  const int64_t n = exec.flatSize();
  const int d = group.size();
  // Reduce-scatter: every rank sums the group's gradients of its own shard.
  dev.copy(staging.data(), exec.flatGrads(), n * 4);
  dev.fill32(staging.data() + n, 0, staging.size() - n);
  group.reduceScatter(staging.data(), gradShard.data(), static_cast<size_t>(mine.padded),
                      comm::DataType::F32);
  dev.scale(gradShard.data(), 1.0f / static_cast<float>(d), gradShard.data(), mine.padded);
  if (gradStorage != kernels::StorageType::F32)
    dev.roundToStorage(gradShard.data(), mine.padded, gradStorage);

  // Global norm: this shard's squares (replicas counted once, as the
  // replicated optimizer counts them), summed over the model-parallel group
  // by its reducer, then over the data-parallel shards.
  const OptimizerConfig &cfg = replicated.config();
  double local = 0;
  forEachOverlap(exec, mine, [&](int id, int64_t b, int64_t e) {
    if (replicated.isCountedInNorm(id))
      local += dev.sumSquares(gradShard.data() + (b - mine.begin), e - b);
  });
  const auto &reducer = replicated.currentNormReducer();
  double global = reducer ? reducer(local) : local;
  group.allReduceSum(&global, 1);
  StepReport report;
  report.gradNorm = std::sqrt(global);
  if (!std::isfinite(report.gradNorm)) {
    std::ostringstream os;
    os << "iteration " << iteration << ": gradient norm is " << report.gradNorm
       << " (a NaN or Inf gradient; lower the learning rate or check the data)";
    throw TrainingError(os.str());
  }
  if (cfg.clipGrad > 0) {
    double coeff = cfg.clipGrad / (report.gradNorm + 1e-6);
    if (coeff < 1.0)
      report.clipCoeff = coeff;
  }
  report.lr = learningRate(cfg, replicated.stepsTaken());
  replicated.setStepsTaken(replicated.stepsTaken() + 1);
  const int64_t steps = replicated.stepsTaken();

  // AdamW on this shard; parameters cut by the shard boundary keep their
  // own weight-decay setting on each side.
  forEachOverlap(exec, mine, [&](int id, int64_t b, int64_t e) {
    bool decay = exec.paramInfo(id).weight_decay();
    kernels::AdamWStep s{static_cast<float>(report.lr), static_cast<float>(cfg.beta1),
                         static_cast<float>(cfg.beta2), static_cast<float>(cfg.eps),
                         decay ? static_cast<float>(cfg.weightDecay) : 0.f, steps,
                         static_cast<float>(report.clipCoeff)};
    const int64_t local = b - mine.begin;
    dev.adamw(s, exec.flatParams() + b, gradShard.data() + local, m.data() + local,
              v.data() + local, e - b);
  });

  // All-gather the updated parameters.
  dev.copy(gradShard.data(), exec.flatParams() + mine.begin, (mine.end - mine.begin) * 4);
  group.allGather(gradShard.data(), staging.data(), static_cast<size_t>(mine.padded),
                  comm::DataType::F32);
  dev.copy(exec.flatParams(), staging.data(), n * 4);
  exec.refreshWeights("the distributed optimizer's all-gather");
  exec.zeroGrads();
  return report;
}

void ZeroOptimizer::gatherState() {
  const int64_t n = exec.flatSize();
  for (auto [shardState, full] : {std::pair{&m, &replicated.expAvg()},
                                  std::pair{&v, &replicated.expAvgSq()}}) {
    group.allGather(shardState->data(), staging.data(), static_cast<size_t>(mine.padded),
                    comm::DataType::F32);
    exec.backend().copy(full->data(), staging.data(), n * 4);
  }
}

void ZeroOptimizer::scatterState() {
  for (auto [shardState, full] : {std::pair{&m, &replicated.expAvg()},
                                  std::pair{&v, &replicated.expAvgSq()}}) {
    exec.backend().fill32(shardState->data(), 0, shardState->size());
    exec.backend().copy(shardState->data(), full->data() + mine.begin,
                        (mine.end - mine.begin) * 4);
  }
}

} // namespace mtc::runtime
