#include "train/Trainer.h"
#include "exec/PlanValidator.h"
#include "exec/TensorParallel.h"
#include "interop/WeightFiles.h"
#include "mtc/Plan/RankGrid.h"

#include "comm/Communicator.h"
#include "comm/Launch.h"
#include "kernels/kernels.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <iostream>
#include <limits>
#include <sstream>

namespace mtc::runtime {

using comm::throwIfAnyRankFails;

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

// A person watches standard output: it is a terminal, and not one a launcher
// made up. OpenMPI (and PMI-based launchers, srun) give every rank a
// pseudo-terminal even when the job's output goes to a file, where a progress
// bar's carriage returns become pages of partial lines.
bool watchedTerminal() {
  return isatty(STDOUT_FILENO) && comm::readLaunch().launcher == comm::Launcher::None;
}

} // namespace

OptimizerConfig optimizerConfigFor(const pb::Plan &plan, const TrainConfig &cfg) {
  OptimizerConfig oc = OptimizerConfig::fromPlan(plan.optimizer());
  if (cfg.lr) oc.lr = *cfg.lr;
  if (cfg.minLr) oc.minLr = *cfg.minLr;
  if (cfg.warmup) oc.warmupSteps = *cfg.warmup;
  if (cfg.decaySteps) oc.decaySteps = *cfg.decaySteps;
  if (!cfg.decayStyle.empty()) oc.decayStyle = parseDecayStyle(cfg.decayStyle);
  if (cfg.wsdDecaySteps) oc.wsdDecaySteps = *cfg.wsdDecaySteps;
  if (!cfg.wsdDecayStyle.empty()) oc.wsdDecayStyle = parseWsdDecayStyle(cfg.wsdDecayStyle);
  if (cfg.weightDecay) oc.weightDecay = *cfg.weightDecay;
  if (cfg.clipGrad) oc.clipGrad = *cfg.clipGrad;
  if (cfg.beta1) oc.beta1 = *cfg.beta1;
  if (cfg.beta2) oc.beta2 = *cfg.beta2;
  if (cfg.eps) oc.eps = *cfg.eps;
  if (oc.decaySteps <= 0)
    oc.decaySteps = cfg.steps; // Megatron-LM: lr-decay-iters defaults to train-iters
  return oc;
}

Trainer::Trainer(const pb::Plan &plan, TrainConfig config, comm::Communicator &world,
                 std::ostream *log, Backend &backend)
    : cfg(std::move(config)), world(world), log(log), backend(backend) {
  if (cfg.threads > 0)
    kernels::setNumThreads(static_cast<int>(cfg.threads));
  if (cfg.steps <= 0)
    throw std::invalid_argument("--steps must be positive (got " + std::to_string(cfg.steps) + ")");
  if (cfg.logInterval <= 0)
    cfg.logInterval = 1;

  // The rank grid in Megatron-LM's tp-cp-dp-pp order: tensor rank varies fastest.
  const int64_t tp = atLeastOne(plan.parallel().tensor());
  const int64_t pp = atLeastOne(plan.parallel().pipeline());
  const int64_t cp = atLeastOne(plan.parallel().context());
  const int64_t dp = atLeastOne(plan.parallel().data());
  const int64_t ep = atLeastOne(plan.parallel().expert());
  if (tp * cp * pp * dp != world.size())
    throw std::invalid_argument(
        "the plan was compiled for tensor " + std::to_string(tp) +
        (cp > 1 ? " x context " + std::to_string(cp) : std::string()) + " x pipeline " +
        std::to_string(pp) + " x data " + std::to_string(dp) + " = " +
        std::to_string(tp * cp * pp * dp) + " ranks, but this job has " +
        std::to_string(world.size()) + " (mpirun -np " + std::to_string(tp * cp * pp * dp) +
        ")");
  if (cfg.injectOverflowRank >= world.size())
    throw std::invalid_argument("--inject-overflow-rank " +
                                std::to_string(cfg.injectOverflowRank) + " is not a rank of this " +
                                std::to_string(world.size()) + "-rank job");
  // The same pure function the compiler and mtc-plan use (lib/Plan/RankGrid).
  Result<RankGrid> grid =
      RankGrid::create(world.size(), static_cast<int>(tp), static_cast<int>(pp),
                       static_cast<int>(dp), /*vp=*/1, static_cast<int>(cp), static_cast<int>(ep));
  if (!grid)
    throw std::invalid_argument(grid.error());
  const RankCoord coord = grid.value().coord(world.rank());
  const int64_t tpRank = coord.tp, dpRank = coord.dp, ppRank = coord.pp, cpRank = coord.cp;
  std::unique_ptr<comm::Communicator> tensorGroupOwned;
  if (tp > 1) { // keyed by the group's first rank, members in grid order
    tensorMpi = world.split(grid.value().tpGroup(world.rank()).front(),
                            static_cast<int>(tpRank));
    tensorGroupOwned = backend.deviceGroup(*tensorMpi, /*overlap=*/false);
  }
  if (cp > 1) { // ring attention and the loss, ranks in context order
    contextMpi = world.split(grid.value().cpGroup(world.rank()).front(),
                             static_cast<int>(cpRank));
    contextGroup = backend.deviceGroup(*contextMpi, /*overlap=*/false);
  }
  if (dp * cp > 1) {
    // Replicated parameters' gradients are reduced over data x context
    // ranks (Megatron-LM's data-parallel group with context parallelism).
    const std::vector<int> replicas = grid.value().dataContextGroup(world.rank());
    dataMpi = world.split(replicas.front(), static_cast<int>(cpRank + cp * dpRank));
    // Gradient buckets all-reduce beside the backward.
    dataGroup = backend.deviceGroup(*dataMpi, /*overlap=*/true);
  }

  if (ep > 1) {
    // Expert group: ranks in expert-rank order (RankGrid's); expert-data
    // group: the replicas of this rank's experts.
    const std::vector<int> experts = grid.value().epGroup(world.rank());
    const std::vector<int> replicas = grid.value().expertDataGroup(world.rank());
    const int mine = static_cast<int>(std::find(experts.begin(), experts.end(), world.rank()) -
                                      experts.begin());
    expertMpi = world.split(experts.front(), mine);
    expertGroup = backend.deviceGroup(*expertMpi, /*overlap=*/false);
    expertDataMpi = world.split(world.size() + replicas.front(),
                                static_cast<int>(std::find(replicas.begin(), replicas.end(),
                                                           world.rank()) -
                                                 replicas.begin()));
    if (expertDataMpi->size() > 1)
      expertDataGroup = backend.deviceGroup(*expertDataMpi, /*overlap=*/false);
  }

  ExecutorOptions options;
  options.backend = &backend;
  options.seed = static_cast<uint64_t>(cfg.seed);
  options.checkLifetimes = cfg.checkLifetimes;
  options.checkTensorReplicas = cfg.checkTensorReplicas;
  options.checkWeightCopy = cfg.checkWeightCopy;
  options.precision = cfg.precision.empty() ? plan.precision() : cfg.precision;
  if (tensorGroupOwned)
    tensorDevice = countingCommunicator(std::move(tensorGroupOwned), &tensorTraffic);
  tensorGroup = tensorDevice.get();
  options.tensorGroup = tensorGroup;
  options.contextGroup = contextGroup.get();
  options.expertGroup = expertGroup.get();
  // Pipeline parallelism: every rank of a stage runs that stage's plan.
  exec = std::make_unique<Executor>(pp > 1 ? stagePlanFor(plan, ppRank) : plan, options);

  const OptimizerConfig oc = optimizerConfigFor(plan, cfg);
  if (std::string problem = scheduleProblem(oc); !problem.empty())
    throw std::invalid_argument(problem);
  opt = std::make_unique<Optimizer>(*exec, oc);
  configureTensorGradNorm(*exec, *opt, tensorGroup);
  configureExpertGradNorm(*exec, *opt, expertGroup.get());
  if (pp > 1) {
    PipelineOptions po;
    po.p2p = cfg.pipelineP2p == "staged" ? PipelineP2p::Staged : PipelineP2p::Grouped;
    // Context ranks lie between tensor and data ranks: to the pipeline they
    // are more replicas of each stage.
    pipeline = std::make_unique<PipelineRunner>(*exec, *opt, world, plan, tp, dp * cp, pp, po);
  }
  // Whole-model files: one data-parallel replica of every tensor and pipeline
  // place holds all the weights.
  for (int r = 0; r < world.size(); ++r) {
    const RankCoord c = grid.value().coord(r);
    // With experts spread over the expert group, its ranks together hold them.
    const std::vector<int> experts = grid.value().epGroup(r);
    const bool firstExpertReplica = experts.front() == grid.value().epGroup(
        grid.value().rankOf({c.tp, 0, c.pp, 0})).front();
    if ((c.dp == 0 && c.cp == 0) || (ep > 1 && firstExpertReplica))
      weightHolders.push_back(r);
    // --dump-batch: what each replica's first stage feeds (ascending dp).
    if (c.tp == 0 && c.pp == 0 && c.cp == 0)
      batchRecorders.push_back(r);
  }
  recordsBatches = tpRank == 0 && ppRank == 0 && cpRank == 0;
  contextSize = cp;

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
  if (pipeline && microBatches != static_cast<int64_t>(std::max<int64_t>(
                                      1, plan.parallel().global_batch() / (micro * dp))))
    throw std::invalid_argument(
        "--global-batch " + std::to_string(globalBatch) + " gives " +
        std::to_string(microBatches) + " micro-batches, but the pipeline schedule was "
        "compiled for global batch " + std::to_string(plan.parallel().global_batch()) +
        ": recompile with mtc-compile --global-batch " + std::to_string(globalBatch));
  geometry = {micro, plan.model().seq(), dpRank, dp, globalBatch};
  if (!cfg.dumpBatch.empty())
    batchDump = std::make_unique<BatchDump>(geometry, microBatches);

  const int64_t vocab = plan.model().vocab();
  const Objective objective = parseObjective(plan.model().objective());
  hasSop = objective == Objective::MaskedLmSop;
  hasMoe = plan.model().experts() > 0;
  if (cfg.synthetic) {
    train = makeSyntheticSource(geometry, vocab, static_cast<uint64_t>(cfg.seed), objective);
    valid =
        makeSyntheticSource(geometry, vocab, static_cast<uint64_t>(cfg.seed) + 1, objective);
  } else if (!cfg.data.empty()) {
    IndexedDataConfig data;
    data.dataPath = cfg.data;
    data.split = cfg.split;
    data.seq = plan.model().seq();
    data.seed = cfg.seed;
    data.objective = objective;
    data.bert.vocabFile = cfg.vocabFile;
    if (objective == Objective::CausalLm) {
      data.gptVocabFile = cfg.vocabFile;
      data.gptMergeFile = cfg.mergeFile;
      data.tokenizerType = cfg.tokenizerType;
      data.tokenizerModel = cfg.tokenizerModel;
    }
    data.modelVocab = vocab;
    // Megatron's split sizes (training.py get_train_valid_test_num_samples):
    // they fix how many epochs its sample order spans.
    data.trainSamples = cfg.steps * globalBatch;
    data.validSamples =
        cfg.evalInterval > 0 ? (cfg.steps / cfg.evalInterval + 1) * cfg.evalIters * globalBatch : 0;
    indexed = std::make_unique<IndexedData>(data);
    train = indexed->source(data::Split::Train, geometry);
    valid = indexed->source(data::Split::Valid, geometry);
    if (!train)
      throw std::invalid_argument("--split " + cfg.split + " leaves no training data in '" +
                                  cfg.data + "' (" + indexed->problem(data::Split::Train) + ")");
    if (log)
      for (const std::string &line : indexed->describe())
        *log << line << "\n";
    if (!valid && cfg.evalInterval > 0 && log)
      *log << "note: no usable validation split (" << indexed->problem(data::Split::Valid)
           << "); evaluation is off\n";
  } else {
    throw std::invalid_argument("no training data: give --data PREFIX (an indexed dataset "
                                "made by mtc-data) or --synthetic");
  }

  if (!cfg.initFrom.empty()) {
    // Every rank reads the file and checks it against the whole model (the
    // top-level plan holds every stage's params).
    std::string report;
    throwIfAnyRankFails<FormatError>(world, "--init-from: ", [&] {
      importSafetensors(cfg.initFrom, *exec, plan, &report);
    });
    if (log)
      *log << "init-from: " << report << "\n";
  }
  if (!cfg.load.empty())
    loadForResume();
  if (!cfg.save.empty()) {
    // Never overwrite or hide a checkpoint this run did not write.
    std::vector<std::string> notices;
    throwIfAnyRankFails<CheckpointError>(world, "", [&] {
      if (world.rank() == 0)
        notices = prepareSaveDir(cfg.save, startIteration, plan);
    });
    for (const std::string &notice : notices)
      if (log)
        *log << notice << "\n";
    if (world.size() > 1)
      checkSaveFolderShared(world, cfg.save);
  }
  if (!cfg.metrics.empty() && world.rank() == 0) {
    // A resumed run adds to the earlier run's metrics instead of truncating them.
    const bool append = startIteration > 0;
    metrics = std::make_unique<MetricsWriter>(cfg.metrics, append, hasSop, hasMoe);
    if (append && log)
      *log << "appending metrics to '" << cfg.metrics << "' (resumed at iteration "
           << startIteration << ")\n";
  }
  // Rank 0 holds every value logged: losses are shared over the pipeline
  // group (it is on the first stage, Megatron's writer on the last) and
  // averaged over data-parallel replicas; the gradient norm is global.
  if (!cfg.tensorboardDir.empty() && world.rank() == 0) {
    tensorboard = std::make_unique<TensorBoardWriter>(cfg.tensorboardDir, startIteration + 1);
    if (log)
      *log << "TensorBoard events: '" << tensorboard->path() << "'\n";
  }
  setUpDataParallelAndPrecision(plan);
}

void Trainer::loadForResume() {
  CheckpointLocation location;
  throwIfAnyRankFails<CheckpointError>(world, "", [&] { location = findCheckpoint(cfg.load); });
  agreeOnCheckpointFound(world, location, cfg.load);
  for (const std::string &notice : location.notices)
    if (log)
      *log << notice << "\n";
  if (location.folder.empty()) {
    if (log)
      *log << "warning: no checkpoint in '" << cfg.load << "', training from scratch\n";
    return;
  }
  TrainingState state = loadCheckpoint(location.folder, *exec, opt.get(), world);
  startIteration = state.iteration;
  if (state.lossScale > 0)
    loadedLossScale = {state.lossScale, state.lossScaleGrowthTracker,
                       state.lossScaleHysteresisTracker};
  if (!state.notice.empty() && log)
    *log << state.notice << "\n";
  if (state.seed != static_cast<uint64_t>(cfg.seed) && log)
    *log << "warning: the checkpoint was trained with --seed " << state.seed
         << ", this run uses " << cfg.seed << ": data order and dropout will differ\n";
  if (log)
    *log << "loaded checkpoint from '" << location.folder << "' at iteration "
         << startIteration << " (consumed samples " << state.consumedSamples << ")\n";
}

void Trainer::setUpDataParallelAndPrecision(const pb::Plan &plan) {
  const bool distributed = cfg.distributedOptimizer || plan.distributed_optimizer();
  const int64_t bucketBytes =
      cfg.dpBucketMb >= 0 ? static_cast<int64_t>(cfg.dpBucketMb * 1024 * 1024)
                          : (plan.dp_bucket_bytes() > 0 ? plan.dp_bucket_bytes() : 4 << 20);
  if (distributed && expertGroup)
    throw std::invalid_argument("the distributed optimizer with expert parallelism (ep " +
                                std::to_string(expertGroup->size()) +
                                ") is not built yet (docs/moe.md): drop "
                                "--use-distributed-optimizer or use ep 1");
  if (distributed && dataGroup) {
    zero = std::make_unique<ZeroOptimizer>(*exec, *opt, *dataGroup);
    if (!cfg.load.empty())
      zero->scatterState(); // a loaded checkpoint filled the full moments
    if (log)
      *log << "distributed optimizer: " << zero->shard().end - zero->shard().begin << " of "
           << exec->flatSize() << " parameters per data rank, optimizer state "
           << zero->stateBytes() << " bytes per rank\n";
  } else if (dataGroup && !pipeline && bucketBytes > 0 && !expertGroup) {
    // (Expert parallelism reduces after the backward, by group: above.)
    gradBuckets = std::make_unique<GradBuckets>(*exec, *dataGroup, bucketBytes);
    if (log)
      *log << gradBuckets->describe() << "\n";
  }
  const kernels::StorageType storage =
      parseStorageType(cfg.precision.empty() ? plan.precision() : cfg.precision);
  const std::string compute = exec->backend().selectCompute(storage, !cfg.noTf32);
  if (storage == kernels::StorageType::F32 && compute != "fp32 compute" && log)
    *log << "compute: " << compute << "\n";
  if (storage != kernels::StorageType::F32) {
    const kernels::StorageType gradients = gradientStorage(
        storage, cfg.accumulateAllreduceGradsInFp32, cfg.gradReduceInBf16);
    precision = std::make_unique<MixedPrecision>(*exec, storage, gradients);
    if (zero)
      zero->setGradientStorage(gradients);
    if (log)
      *log << "mixed precision: " << storageTypeName(storage) << " parameters and activations"
           << (precision->storesActivations()
                   ? std::string(" (stored in ") + storageTypeName(storage) + ")"
                   : std::string(" (rounded in fp32 buffers: the plan was compiled for fp32)"))
           << ", " << compute << ", fp32 master weights, gradients accumulated and reduced in "
           << storageTypeName(gradients) << "\n";
    if (pipeline && pipeline->setTransferType(storage) && log)
      *log << "pipeline: point-to-point transfers in " << storageTypeName(storage) << "\n";
  }
  if (storage == kernels::StorageType::FP16) {
    LossScalerConfig lc;
    if (cfg.initialLossScale > 0)
      lc.initialScale = cfg.initialLossScale;
    lossScaler = std::make_unique<LossScaler>(lc);
    if (loadedLossScale.scale > 0)
      lossScaler->restore(loadedLossScale);
  }
  if (gradBuckets || precision)
    exec->setStepObserver([this](int step) {
      if (precision)
        precision->afterStep(step);
      if (gradBuckets)
        gradBuckets->afterStep(step);
    });
}

Trainer::~Trainer() = default;

std::vector<int64_t> Trainer::iterationExpertLoad() {
  std::vector<int64_t> load = exec->takeExpertLoad();
  load.resize(static_cast<size_t>(exec->plan().model().experts()), 0);
  // Stages hold other layers and data ranks other tokens: their counts add;
  // tensor ranks route the same tokens.
  world.allReduce(load.data(), load.size(), comm::DataType::I64, comm::ReduceOp::Sum);
  const int64_t tp = std::max<int64_t>(1, exec->plan().parallel().tensor());
  for (int64_t &n : load)
    n /= tp;
  return load;
}

void Trainer::reduceDataParallelGradients() {
  if (!expertGroup) {
    dataGroup->allReduceSum(exec->flatGrads(), static_cast<size_t>(exec->flatSize()));
    return;
  }
  // Expert parallelism: the expert slices differ between the data ranks of
  // an expert group; each is summed over its replicas (the expert-data
  // group), every other parameter over all data ranks. Both are then divided
  // by the data ranks, as Megatron-Core scales expert gradients by 1 / dp:
  // an expert's gradient already holds every expert rank's tokens.
  int id = 0;
  while (id < exec->numParams()) {
    const bool expert = exec->paramInfo(id).expert_split();
    const int64_t begin = exec->paramOffset(id);
    int64_t end = begin;
    while (id < exec->numParams() && exec->paramInfo(id).expert_split() == expert)
      end = exec->paramOffset(id) + exec->paramElements(id), ++id;
    comm::Communicator *group = expert ? expertDataGroup.get() : dataGroup.get();
    if (group && end > begin)
      group->allReduceSum(exec->flatGrads() + begin, static_cast<size_t>(end - begin));
  }
}

namespace {
// The mean of each term over the data-parallel replicas.
LossTerms replicaMean(comm::Communicator &group, const LossTerms &mine) {
  double terms[5] = {mine.lm, mine.sop, mine.sopAccuracy, mine.moeAux, mine.moeLayers};
  group.allReduceSum(terms, 5);
  return LossTerms{terms[0], terms[1], terms[2], terms[3], terms[4]}.scaled(1.0 / group.size());
}
} // namespace

LossTerms Trainer::trainIteration(int64_t iteration, double *gradNorm, double *lr,
                                  bool *skipped) {
  *skipped = false;
  const double lossScale = lossScaler ? lossScaler->scale() : 1.0;
  // Context ranks each backpropagate their tokens' share of the loss; the
  // data group averages over data x context ranks, so each share counts cp
  // times (Megatron-LM scales the loss by the context size the same way).
  const float scale = static_cast<float>(lossScale * static_cast<double>(contextSize) /
                                         static_cast<double>(microBatches));
  LossTerms lossSum;
  if (pipeline) {
    const uint64_t key = exec->dropoutCounter();
    auto fill = [&](int64_t mb, MicroBatchInputs &in) {
      train->fill(iteration, mb, in);
      if (batchDump && recordsBatches)
        batchDump->record(mb, in);
    };
    lossSum = pipeline->runIteration(fill, scale, key).scaled(static_cast<double>(microBatches));
    exec->setDropoutCounter(key + static_cast<uint64_t>(microBatches));
  }
  for (int64_t mb = 0; mb < (pipeline ? 0 : microBatches); ++mb) {
    train->fill(iteration, mb, exec->inputs());
    if (batchDump && recordsBatches)
      batchDump->record(mb, exec->inputs());
    if (gradBuckets && mb + 1 == microBatches)
      gradBuckets->beginLastMicroBatch(); // buckets start during this backward
    lossSum += exec->forwardBackward(scale).terms();
  }
  if (batchDump && recordsBatches)
    batchDump->endIteration();
  LossTerms loss = lossSum.scaled(1.0 / static_cast<double>(microBatches));
  if (dataGroup) {
    // Data parallelism: average gradients and the reported loss over replicas.
    if (zero) {
      // The distributed optimizer reduce-scatters in its step.
    } else if (gradBuckets) {
      GradSyncTimes t = gradBuckets->finish();
      gradSyncTotal.exposedSeconds += t.exposedSeconds;
      gradSyncTotal.buckets += t.buckets;
      gradSyncTotal.overlapped += t.overlapped;
    } else {
      auto syncStart = Clock::now();
      reduceDataParallelGradients();
      gradSyncTotal.exposedSeconds += secondsSince(syncStart);
      backend.scale(exec->flatGrads(), 1.0f / dataGroup->size(), exec->flatGrads(),
                    exec->flatSize());
    }
    loss = replicaMean(*dataGroup, loss);
  }
  // Sequence-parallel layer norms and biases saw one shard each. After the
  // data-parallel buckets, which may still be reducing the same gradients
  // (both are sums: the order does not change the result).
  if (tensorGroup)
    reduceTensorGradients(*exec, *tensorGroup);
  if (precision)
    precision->afterGradientReduction();
  if (!std::isfinite(loss.total()))
    throw TrainingError("iteration " + std::to_string(iteration + 1) + ": lm loss is " +
                        format("%g", loss.lm) +
                        (hasSop ? ", sop loss " + format("%g", loss.sop) : "") +
                        " (diverged, or a compiler bug: rerun with --check-lifetimes)");
  if (!cfg.dumpGrads.empty() && iteration == startIteration) {
    dumpGradients();
    if (log)
      *log << "dumped the gradients of iteration " << iteration + 1 << " to '"
           << cfg.dumpGrads << "'" << std::endl;
  }
  if (lossScaler) {
    if (cfg.injectOverflowAt == iteration + 1 &&
        (cfg.injectOverflowRank < 0 || cfg.injectOverflowRank == world.rank()))
      backend.fill32(exec->flatGrads(), 0x7F800000u, 1); // +Inf
    // Every rank must agree to skip: any rank's overflow skips the step. The
    // same reduction checks that every rank (every pipeline stage) scaled by
    // the same value, which the scaler's identical updates guarantee.
    const double before = lossScaler->scale();
    double flags[3] = {backend.hasNonFinite(exec->flatGrads(), exec->flatSize()) ? 1.0 : 0.0,
                       before, -before};
    world.allReduceMax(flags, 3);
    if (flags[1] != -flags[2])
      throw TrainingError("iteration " + std::to_string(iteration + 1) +
                          ": the fp16 loss scale differs across ranks (" +
                          format("%g", -flags[2]) + " to " + format("%g", flags[1]) + ")");
    const double overflow = flags[0];
    if (!lossScaler->update(overflow > 0)) {
      exec->zeroGrads();
      *gradNorm = 0;
      *skipped = true;
      *lr = learningRate(opt->config(), opt->stepsTaken());
      if (log)
        *log << "iteration " << iteration + 1 << ": gradients overflowed in fp16, step skipped;"
             << " loss scale " << format("%.17g", before) << " -> "
             << format("%.17g", lossScaler->scale()) << std::endl;
      return loss;
    }
    backend.scale(exec->flatGrads(), static_cast<float>(1.0 / lossScale), exec->flatGrads(),
                  exec->flatSize());
  }
  // The step refreshes the kernels' 16-bit weight copy (Executor::refreshWeights).
  StepReport report = zero ? zero->step(iteration + 1) : opt->step(iteration + 1);
  *gradNorm = report.gradNorm;
  *lr = report.lr;
  return loss;
}

LossTerms Trainer::evaluate(int64_t done) {
  LossTerms sum;
  int64_t count = 0;
  // As Megatron's validation iterator: each evaluation reads the next evalIters
  // batches, so evaluation k (at iteration (k + 1) * evalInterval) reads
  // batches [k * evalIters, (k + 1) * evalIters), whether or not the run resumed.
  const int64_t first = (done / cfg.evalInterval - 1) * cfg.evalIters;
  for (int64_t e = first; e < first + cfg.evalIters; ++e) {
    if (pipeline) {
      auto fill = [&](int64_t mb, MicroBatchInputs &in) { valid->fill(e, mb, in); };
      sum += pipeline->evaluateIteration(fill, exec->dropoutCounter())
                 .scaled(static_cast<double>(microBatches));
      count += microBatches;
      continue;
    }
    for (int64_t mb = 0; mb < microBatches; ++mb) {
      valid->fill(e, mb, exec->inputs());
      sum += exec->forward().terms();
      ++count;
    }
  }
  LossTerms loss = count ? sum.scaled(1.0 / count) : LossTerms{};
  if (dataGroup) {
    loss = replicaMean(*dataGroup, loss);
  }
  return loss;
}

void Trainer::logIteration(int64_t iteration, double ms, double lr, const LossTerms &loss,
                           double gradNorm) {
  if (!log)
    return;
  // Megatron-LM's training_log line, field for field, with mtc's throughput
  // at the end. "nan iterations" stays 0: a non-finite loss stops the run.
  char stamp[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d %H:%M:%S", std::localtime(&now));
  const double tokensPerSecond = geometry.globalBatch * geometry.seq / (ms / 1000.0);
  // Megatron's BERT logs the sentence-order loss beside the LM loss.
  std::string sop = hasSop ? format(" sop loss: %.6E |", loss.sop) : "";
  // Megatron-Core's track_moe_metrics adds the MoE layers' mean.
  if (loss.moeLayers > 0)
    sop += format(" load_balancing_loss: %.6E |", loss.loadBalancingLoss());
  // The expert load over the interval: the least and most loaded expert's
  // entries against the mean (1 / 1: balanced).
  if (!intervalExpertLoad.empty()) {
    int64_t total = 0;
    for (int64_t n : intervalExpertLoad)
      total += n;
    const double mean = static_cast<double>(total) / intervalExpertLoad.size();
    const auto [least, most] =
        std::minmax_element(intervalExpertLoad.begin(), intervalExpertLoad.end());
    if (mean > 0)
      sop += format(" expert load min/max: %.2f/", *least / mean) + format("%.2f |", *most / mean);
  }
  char line[640];
  std::snprintf(line, sizeof line,
                " [%s] iteration %8lld/%8lld | consumed samples: %12lld | elapsed time per "
                "iteration (ms): %.1f | learning rate: %.6E | global batch size: %5lld | "
                "lm loss: %.6E |%s loss scale: %.1f | grad norm: %.3f | number of skipped "
                "iterations: %3lld | number of nan iterations: %3d | throughput (tokens/s): "
                "%.0f |",
                stamp, static_cast<long long>(iteration), static_cast<long long>(cfg.steps),
                static_cast<long long>(iteration * geometry.globalBatch), ms, lr,
                static_cast<long long>(geometry.globalBatch), loss.lm, sop.c_str(),
                lossScaler ? lossScaler->scale() : 1.0, gradNorm,
                static_cast<long long>(skippedInInterval), 0, tokensPerSecond);
  *log << line << std::endl;
}

void Trainer::logToTensorBoard(const MetricsRow &row, bool skipped) {
  // Megatron-LM's tags, each also against consumed samples (its "vs samples"
  // series); a step whose fp16 gradients overflowed has no gradient norm.
  Scalars perStep{{"lm loss", row.loss}, {"learning-rate", row.learningRate},
                  {"batch-size", static_cast<double>(geometry.globalBatch)}};
  if (row.sopLoss)
    perStep.push_back({"sop loss", *row.sopLoss});
  if (row.loadBalancingLoss) // Megatron-Core's tag
    perStep.push_back({"load_balancing_loss", *row.loadBalancingLoss});
  if (!skipped)
    perStep.push_back({"grad-norm", row.gradNorm});
  if (lossScaler)
    perStep.push_back({"loss-scale", lossScaler->scale()});
  Scalars perSample;
  for (const auto &[tag, value] : perStep)
    perSample.push_back({tag + " vs samples", value});
  // Time and memory, against iterations only. Memory is rank 0's own, as in
  // Megatron (the writing rank's device): measured activation bytes.
  perStep.push_back({"iteration-time", row.iterationMs / 1000.0});
  perStep.push_back({"tokens-per-second", row.tokensPerSecond});
  const int64_t ownArena = exec->plan().memory().arena_bytes();
  perStep.push_back({"mem-activation-peak-bytes",
                     static_cast<double>(pipeline ? pipeline->peakActivationBytes()
                                                  : exec->measuredPeakBytes())});
  perStep.push_back({"mem-activation-allocated-bytes",
                     static_cast<double>(ownArena + (pipeline ? pipeline->allocatedActivationBytes()
                                                              : 0))});
  // Each expert's share of the iteration's routed entries (1 / E: balanced).
  int64_t routed = 0;
  for (int64_t n : row.expertTokens)
    routed += n;
  for (size_t e = 0; e < row.expertTokens.size() && routed > 0; ++e)
    perStep.push_back({"moe/expert_load/" + std::to_string(e),
                       static_cast<double>(row.expertTokens[e]) / routed});
  tensorboard->addScalars(row.iteration, perStep);
  tensorboard->addScalars(row.consumedSamples, perSample);
}

void Trainer::logValidationToTensorBoard(int64_t iteration, const LossTerms &valid) {
  const int64_t samples = iteration * geometry.globalBatch;
  Scalars perStep, perSample;
  std::vector<std::pair<std::string, double>> terms{{"lm loss", valid.lm}};
  if (hasSop)
    terms.push_back({"sop loss", valid.sop});
  for (const auto &[name, loss] : terms) {
    // Megatron's perplexity, exp(min(20, loss)), as the log line prints it.
    const double ppl = std::exp(std::min(20.0, loss));
    perStep.insert(perStep.end(), {{name + " validation", loss}, {name + " validation ppl", ppl}});
    perSample.insert(perSample.end(), {{name + " validation vs samples", loss},
                                       {name + " validation ppl vs samples", ppl}});
  }
  tensorboard->addScalars(iteration, perStep);
  tensorboard->addScalars(samples, perSample);
}

void Trainer::save(int64_t iteration) {
  TrainingState state;
  state.iteration = iteration;
  state.consumedSamples = iteration * geometry.globalBatch;
  state.seed = static_cast<uint64_t>(cfg.seed);
  state.dropoutCounter = exec->dropoutCounter();
  if (lossScaler) {
    state.lossScale = lossScaler->state().scale;
    state.lossScaleGrowthTracker = lossScaler->state().growthTracker;
    state.lossScaleHysteresisTracker = lossScaler->state().hysteresisTracker;
  }
  auto start = Clock::now();
  if (zero)
    zero->gatherState(); // the checkpoint holds the full moments
  std::string folder;
  // The parameters are the fp32 master weights in every precision.
  folder = saveCheckpoint(cfg.save, state, *exec, *opt, world);
  if (log)
    *log << "saved checkpoint at iteration " << iteration << " to '" << folder << "' in "
         << format("%.2f", secondsSince(start)) << " s" << std::endl;
}

TrainSummary Trainer::run() {
  TrainSummary summary;
  summary.firstIteration = startIteration;
  const bool progressBar =
      log == &std::cout && (cfg.progress || watchedTerminal()) && cfg.logInterval > 1;
  // With --save, a pre-empted job saves before it goes (Megatron-LM's
  // --exit-signal-handler, on by default here).
  ExitSignals signals(cfg.exitSignalHandler || !cfg.save.empty());
  if (log)
    *log << "training '" << exec->plan().model().name() << "' on " << train->describe()
         << ": " << cfg.steps << " iterations, global batch " << geometry.globalBatch << " ("
         << microBatches << " micro-batches of " << geometry.microBatch << " x "
         << geometry.seq << " tokens), " << world.size() << " rank(s)" << std::endl;
  if (!cfg.exportInitial.empty()) {
    exportWeights(cfg.exportInitial);
    if (log)
      *log << "exported the initial weights to '" << cfg.exportInitial << "'" << std::endl;
  }
  auto runStart = Clock::now();
  auto logStart = Clock::now();
  int64_t sinceLog = 0;
  double lastLoss = 0;
  int64_t lastSaved = -1, lastDone = startIteration;
  for (int64_t it = startIteration; it < cfg.steps; ++it) {
    auto iterationStart = Clock::now();
    double gradNorm = 0, lr = 0;
    bool skipped = false;
    LossTerms loss = trainIteration(it, &gradNorm, &lr, &skipped);
    double ms = secondsSince(iterationStart) * 1000.0;
    const int64_t done = it + 1;
    lastDone = done;
    summary.losses.push_back(loss.lm);
    if (hasSop)
      summary.sopLosses.push_back(loss.sop);
    summary.gradNorms.push_back(gradNorm);
    summary.tokens += geometry.globalBatch * geometry.seq;
    lastLoss = loss.lm;
    if (skipped) {
      ++skippedInInterval;
    } else { // Megatron-LM averages the logged loss over applied steps
      logLossSum += loss;
      ++logLossCount;
    }
    ++sinceLog;

    MetricsRow row;
    row.iteration = done;
    row.consumedSamples = done * geometry.globalBatch;
    row.learningRate = lr;
    row.loss = loss.lm;
    row.gradNorm = gradNorm;
    row.iterationMs = ms;
    row.tokensPerSecond = geometry.globalBatch * geometry.seq / (ms / 1000.0);
    if (hasSop)
      row.sopLoss = loss.sop;
    if (hasMoe) {
      if (loss.moeLayers > 0)
        row.loadBalancingLoss = loss.loadBalancingLoss();
      row.expertTokens = iterationExpertLoad();
      intervalExpertLoad.resize(row.expertTokens.size(), 0);
      for (size_t e = 0; e < row.expertTokens.size(); ++e)
        intervalExpertLoad[e] += row.expertTokens[e];
    }
    const bool logLine = done % cfg.logInterval == 0 || done == cfg.steps;
    if (logLine) {
      if (progressBar)
        std::cout << "\r\033[K";
      double meanMs = secondsSince(logStart) * 1000.0 / sinceLog;
      logIteration(done, meanMs, lr,
                   logLossSum.scaled(1.0 / std::max<int64_t>(1, logLossCount)), gradNorm);
      logLossSum = {};
      logLossCount = 0;
      intervalExpertLoad.clear();
      skippedInInterval = 0;
      sinceLog = 0;
      logStart = Clock::now();
    } else if (progressBar) {
      int64_t inInterval = done % cfg.logInterval, width = 30;
      int64_t filled = inInterval * width / cfg.logInterval;
      std::cout << "\r [" << std::string(filled, '=') << std::string(width - filled, ' ')
                << "] " << done << "/" << cfg.steps << std::flush;
    }
    if (tensorboard)
      logToTensorBoard(row, skipped);
    if (cfg.evalInterval > 0 && valid && done % cfg.evalInterval == 0) {
      LossTerms valid = evaluate(done);
      double validLoss = valid.lm;
      row.validLoss = validLoss;
      summary.finalValidLoss = validLoss;
      if (hasSop) {
        summary.finalValidSopLoss = valid.sop;
        row.validSopLoss = valid.sop;
        row.validSopAccuracy = valid.sopAccuracy;
      }
      if (log) {
        std::string rule(100, '-');
        char line[256];
        std::string sop = hasSop ? format(" sop loss value: %.6E |", valid.sop) +
                                       format(" sop accuracy: %.4f |", valid.sopAccuracy)
                                 : "";
        std::snprintf(line, sizeof line,
                      " validation loss at iteration %lld | lm loss value: %.6E | lm loss "
                      "PPL: %.6E |%s",
                      static_cast<long long>(done), validLoss,
                      std::exp(std::min(20.0, validLoss)), sop.c_str());
        *log << rule << "\n" << line << "\n" << rule << std::endl;
      }
      if (tensorboard)
        logValidationToTensorBoard(done, valid);
    }
    if (metrics)
      metrics->write(row);
    const bool saveNow = !cfg.save.empty() && cfg.saveInterval > 0 && done % cfg.saveInterval == 0;
    // Before a checkpoint too: a run resumed from it keeps what led to it.
    if (tensorboard && (logLine || saveNow))
      tensorboard->flush();
    if (saveNow) {
      save(done);
      lastSaved = done;
    }
    if (done < cfg.steps && (summary.exit = earlyExit(done, runStart, signals, &summary.signal)) !=
                                EarlyExit::None)
      break;
  }
  summary.iterations = lastDone - startIteration;
  summary.seconds = secondsSince(runStart);
  if (tensorGroup && log && summary.iterations > 0) {
    const double n = static_cast<double>(summary.iterations);
    char line[256];
    std::snprintf(line, sizeof line,
                  "tensor-parallel traffic per step per rank: %.1f all-reduces, %.1f "
                  "all-gathers, %.1f reduce-scatters; payload %.0f bytes, ring wire %.0f bytes",
                  tensorTraffic.allReduces / n, tensorTraffic.allGathers / n,
                  tensorTraffic.reduceScatters / n, tensorTraffic.payloadBytes / n,
                  tensorTraffic.wireBytes / n);
    *log << line << std::endl;
  }
  if (dataGroup && !zero && log && summary.iterations > 0) {
    char line[256];
    std::snprintf(line, sizeof line,
                  "data-parallel all-reduce: %lld of %lld buckets started during the backward; "
                  "exposed communication %.2f ms per step",
                  static_cast<long long>(gradSyncTotal.overlapped),
                  static_cast<long long>(gradSyncTotal.buckets),
                  gradSyncTotal.exposedSeconds * 1000.0 / summary.iterations);
    *log << line << std::endl;
  }
  if (cfg.checkTensorReplicas && tensorGroup) {
    int params = requireReplicatedParams(*exec, *tensorGroup);
    if (log)
      *log << "tensor replicas: " << exec->replicaChecks() << " dropout outputs and " << params
           << " replicated params bit-identical across the tensor group" << std::endl;
  }
  if (pipeline && summary.iterations > 0) {
    // Collective over the pipeline group: every stage sends its timeline.
    // Rank 0 writes the files after the last collective; every rank learns
    // whether that failed, so none waits for it in a later one.
    std::string report;
    throwIfAnyRankFails<std::runtime_error>(world, "", [&] {
      report = pipeline->writeTrace(cfg.pipelineTrace, startIteration);
    });
    if (log && !report.empty())
      *log << report << std::endl;
  }
  if (tensorboard)
    tensorboard->flush();
  if (!cfg.save.empty() && lastSaved != lastDone && summary.iterations > 0)
    save(lastDone);
  if (batchDump && summary.iterations > 0)
    throwIfAnyRankFails<std::runtime_error>(world, "", [&] {
      batchDump->write(cfg.dumpBatch, world, batchRecorders, startIteration);
    });
  // Weights of a run stopped early are not the final ones: the checkpoint
  // holds them, and the resumed run exports. (Every rank agreed on the exit.)
  if (!cfg.exportSafetensors.empty() && summary.exit == EarlyExit::None) {
    exportWeights(cfg.exportSafetensors);
    if (log)
      *log << "exported weights to '" << cfg.exportSafetensors << "'" << std::endl;
  }
  if (log) {
    *log << (summary.exit == EarlyExit::None ? "training finished: " : "training stopped: ")
         << summary.iterations << " iterations (" << startIteration + 1 << " to " << lastDone
         << " of " << cfg.steps << "), " << summary.tokens
         << " tokens in " << format("%.2f", summary.seconds) << " s ("
         << format("%.0f", summary.seconds > 0 ? summary.tokens / summary.seconds : 0)
         << " tokens/s)";
    if (summary.iterations > 0)
      *log << " | final train loss: " << format("%.6E", lastLoss);
    if (summary.finalValidLoss >= 0)
      *log << " | final valid loss: " << format("%.6E", summary.finalValidLoss) << " (PPL "
           << format("%.3f", std::exp(std::min(20.0, summary.finalValidLoss))) << ")";
    *log << std::endl;
    // What this rank's activations took against the plan (a pipeline stage
    // reports its own in the pipeline's summary).
    if (!pipeline && summary.iterations > 0) {
      const pb::MemoryReport &m = exec->plan().memory();
      *log << "activation memory (rank 0): measured peak " << exec->measuredPeakBytes()
           << " B, plan " << m.activation_peak_bytes() << " B";
      if (exec->contextShard().split())
        *log << "; ring attention's key/value blocks " << exec->contextRingBytes() << " B, plan "
             << m.context_ring_bytes() << " B";
      *log << std::endl;
    }
  }
  return summary;
}

EarlyExit Trainer::earlyExit(int64_t done, std::chrono::steady_clock::time_point start,
                             const ExitSignals &signals, int *signal) {
  EarlyExit exit = EarlyExit::None;
  std::string why;
  // Every rank must stop after the same iteration: a signal may reach one
  // rank only, and clocks differ, so the ranks agree on the largest.
  if (signals.enabled() || cfg.exitDurationMins > 0) {
    double flags[2] = {static_cast<double>(signals.received()),
                       cfg.exitDurationMins > 0 && secondsSince(start) > cfg.exitDurationMins * 60
                           ? 1.0
                           : 0.0};
    world.allReduceMax(flags, 2);
    if (flags[0] > 0) {
      *signal = static_cast<int>(flags[0]);
      exit = EarlyExit::Signal;
      why = std::string("received ") + ExitSignals::name(*signal);
    } else if (flags[1] > 0) {
      exit = EarlyExit::Duration;
      why = "--exit-duration-in-mins " + format("%g", cfg.exitDurationMins) + " reached";
    }
  }
  if (exit == EarlyExit::None && cfg.exitInterval > 0 && done % cfg.exitInterval == 0) {
    exit = EarlyExit::Interval;
    why = "--exit-interval " + std::to_string(cfg.exitInterval);
  }
  if (exit != EarlyExit::None && log)
    *log << "exiting after iteration " << done << " of " << cfg.steps << ": " << why
         << (cfg.save.empty() ? " (no --save: nothing is kept)" : ", saving first")
         << std::endl;
  return exit;
}

void Trainer::writeGathered(const std::string &path, float *flat, float scale) {
  throwIfAnyRankFails<FormatError>(world, "writing '" + path + "': ", [&] {
    std::vector<FullTensor> tensors = gatherFullTensors(*exec, flat, world, weightHolders);
    if (world.rank() == 0) {
      if (scale != 1.f)
        for (FullTensor &t : tensors)
          for (float &v : t.data)
            v *= scale;
      writeWeightFile(path, tensors, exec->plan().model());
    }
  });
}

void Trainer::exportWeights(const std::string &path) {
  // The parameters are the fp32 master weights in every precision.
  writeGathered(path, exec->flatParams(), 1.f);
}

void Trainer::dumpGradients() {
  float *grads = exec->flatGrads();
  DeviceArray reduced;
  if (zero) {
    // The distributed optimizer reduce-scatters in its step: average a copy
    // over the replicas here, as the replicated optimizer has.
    reduced = DeviceArray(backend, exec->flatSize(), "the gradient dump");
    backend.copy(reduced.data(), grads, exec->flatSize() * 4);
    dataGroup->allReduceSum(reduced.data(), static_cast<size_t>(exec->flatSize()));
    backend.scale(reduced.data(), 1.0f / dataGroup->size(), reduced.data(), exec->flatSize());
    if (precision)
      precision->roundGradients(reduced.data(), exec->flatSize());
    grads = reduced.data();
  }
  // fp16: the gradients of the loss, not of the scaled loss (the optimizer
  // multiplies by the same factor).
  const float unscale = lossScaler ? static_cast<float>(1.0 / lossScaler->scale()) : 1.f;
  writeGathered(cfg.dumpGrads, grads, unscale);
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
     << o.warmup_steps() << ", decay " << o.decay_steps() << " ("
     << (o.decay_style().empty() ? "cosine" : o.decay_style());
  if (o.decay_style() == "WSD")
    os << ", final " << o.wsd_decay_steps() << " " << o.wsd_decay_style();
  os << "), betas (" << o.beta1() << ", "
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
