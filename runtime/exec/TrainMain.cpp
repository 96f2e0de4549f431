// The generated per-model `train` executable calls trainMain with its embedded plan.
#include "exec/Flags.h"
#include "exec/Main.h"
#include "exec/PlanValidator.h"
#include "exec/Trainer.h"

#include "comm/Communicator.h"

#include "data/GptDataset.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace mtc::runtime {

// Rank 0's world, or a 1-rank stand-in when the process was not started by
// mpirun (no MPI start-up cost, no MPI needed for quick single-rank runs).
std::unique_ptr<comm::Communicator> startWorld(int *argc, char ***argv) {
  if (comm::launchedByMpi())
    return comm::mpiWorld(argc, argv);
  return std::make_unique<comm::SelfCommunicator>();
}

pb::Plan parseEmbeddedPlan(const std::string &planBytes) {
  pb::Plan plan;
  if (!plan.ParseFromString(planBytes))
    throw PlanError("the embedded plan (" + std::to_string(planBytes.size()) +
                    " bytes) does not parse as an mtc.pb.Plan");
  return plan;
}

namespace {

// Kernel threads: more than any machine has is a typo, and an int besides.
constexpr double kMaxThreads = 4096;

// Each flag with the values it accepts, next to its meaning.
void addTrainFlags(FlagSet &flags, TrainConfig &cfg) {
  const Range count = Range::atLeast(0), positive = Range::atLeast(1);
  flags.add("data", &cfg.data, "indexed dataset prefix (PREFIX.bin and PREFIX.idx from mtc-data)");
  flags.add("vocab-file", &cfg.vocabFile,
            "BERT: the vocab.txt the data was tokenized with (its [CLS] [SEP] [MASK] [PAD] "
            "ids and word pieces)");
  flags.add("split", &cfg.split, "train,valid,test document weights");
  flags.add("synthetic", &cfg.synthetic, "train on random tokens (benchmarks without data)");
  flags.add("steps", &cfg.steps, "total training iterations (required)", positive);
  flags.add("global-batch", &cfg.globalBatch,
            "samples per iteration; a multiple of micro-batch x data-parallel size (0: the plan's)",
            Range::between(0, 1 << 30));
  flags.add("lr", &cfg.lr, "peak learning rate (default: the plan's)", Range::above(0));
  flags.add("min-lr", &cfg.minLr,
            "learning rate at the end of the cosine decay, at most --lr (default: the plan's)",
            count);
  flags.add("warmup", &cfg.warmup, "linear warm-up iterations (default: the plan's)", count);
  flags.add("decay-steps", &cfg.decaySteps,
            "iterations of the schedule, warm-up included, after which lr = min-lr "
            "(default: the plan's, else --steps)",
            positive);
  flags.add("weight-decay", &cfg.weightDecay, "AdamW weight decay (default: the plan's)", count);
  flags.add("clip-grad", &cfg.clipGrad,
            "global gradient-norm clipping, 0 = off (default: the plan's)", count);
  flags.add("beta2", &cfg.beta2, "AdamW beta2 (default: the plan's)", Range::fromBelow(0, 1));
  flags.add("seed", &cfg.seed, "seed of initialization, data order and dropout", count);
  flags.add("save", &cfg.save, "checkpoint folder to write");
  flags.add("load", &cfg.load, "checkpoint folder to resume from (its latest iteration)");
  flags.add("save-interval", &cfg.saveInterval,
            "with --save: save every K iterations (0: only at the end)", count);
  flags.add("log-interval", &cfg.logInterval, "print a log line every k iterations", positive);
  flags.add("eval-interval", &cfg.evalInterval,
            "evaluate on the valid split every E iterations (0: never)", count);
  flags.add("eval-iters", &cfg.evalIters, "global batches per evaluation", positive);
  flags.add("metrics", &cfg.metrics, "per-iteration metrics file: FILE.csv or JSON lines otherwise");
  flags.add("threads", &cfg.threads, "kernel threads per rank (0: OpenMP's default)",
            Range::between(0, kMaxThreads));
  flags.add("check-tensor-replicas", &cfg.checkTensorReplicas,
            "debug: check that replicated activations and params are bit-identical "
            "on every tensor-parallel rank");
  flags.add("check-lifetimes", &cfg.checkLifetimes,
            "debug: poison every buffer with NaN after its last use");
  flags.add("export-safetensors", &cfg.exportSafetensors,
            "write the final weights to FILE.safetensors: one file gathered from every "
            "rank, under Hugging Face's names (GPT2LMHeadModel, BertForPreTraining, "
            "LlamaForCausalLM), vocabulary padding dropped");
  flags.add("init-from", &cfg.initFrom,
            "start from the weights in FILE.safetensors (Hugging Face's or mtc's names): "
            "every param must be there with its shape, and nothing else but Hugging "
            "Face's known buffers, or the run stops naming what differs");
  flags.add("export-initial", &cfg.exportInitial,
            "write the weights before the first iteration to FILE.safetensors (as "
            "--export-safetensors)");
  flags.add("dump-grads", &cfg.dumpGrads,
            "write the first iteration's gradients (averaged over data-parallel replicas, "
            "before clipping) to FILE.safetensors (as --export-safetensors)");
  flags.add("dump-batch", &cfg.dumpBatch,
            "write every iteration's inputs (tokens, targets; BERT: token_types, lengths, "
            "sentence_labels) to FILE.safetensors (f32)");
  flags.add("pipeline-trace", &cfg.pipelineTrace,
            "pipeline: write the last iteration's measured timeline (Chrome trace JSON)");
  flags.add("dp-bucket-mb", &cfg.dpBucketMb,
            "data parallelism: all-reduce gradients in buckets of this many MiB, each "
            "started when its gradients are final (0: one all-reduce after the backward; "
            "default: the plan's)",
            Range::between(0, 1 << 20));
  flags.add("distributed-optimizer", &cfg.distributedOptimizer,
            "shard optimizer state over the data-parallel group (ZeRO-1; default: the plan's)");
  flags.add("precision", &cfg.precision,
            "fp32, bf16 or fp16 storage with fp32 compute (default: the plan's)");
  flags.add("initial-loss-scale", &cfg.initialLossScale,
            "fp16: the dynamic loss scale to start from (default 2^32)", Range::above(0));
  flags.add("inject-overflow-at", &cfg.injectOverflowAt,
            "test, fp16: make iteration N's gradients overflow", positive);
}

std::string number(double v) {
  std::ostringstream os;
  os << v;
  return os.str();
}

// The rules between flags, and between flags and the plan: all of them before
// any work, so a bad combination costs no start-up and loses nothing.
void checkTrainFlags(const pb::Plan &plan, const TrainConfig &cfg, const FlagSet &flags) {
  if (!flags.given("steps"))
    throw FlagError("--steps N is required (see --help)");
  if (cfg.synthetic && !cfg.data.empty())
    throw FlagError("give --data PREFIX or --synthetic, not both");
  if (!cfg.synthetic && cfg.data.empty())
    throw FlagError("no training data: give --data PREFIX (an indexed dataset made by "
                    "mtc-data) or --synthetic");
  if (!cfg.data.empty()) {
    try {
      data::splitDocuments(cfg.split, 0);
    } catch (const std::exception &e) {
      throw FlagError(std::string("--split: ") + e.what());
    }
  } else if (flags.given("split")) {
    throw FlagError("--split applies to --data only");
  }
  if (flags.given("save-interval") && cfg.saveInterval > 0 && cfg.save.empty())
    throw FlagError("--save-interval " + std::to_string(cfg.saveInterval) +
                    " needs --save DIR (where to write the checkpoints)");

  // The optimizer as it will run: the plan's settings with the flags on top.
  OptimizerConfig oc = OptimizerConfig::fromPlan(plan.optimizer());
  const double lr = cfg.lr.value_or(oc.lr), minLr = cfg.minLr.value_or(oc.minLr);
  if (minLr > lr)
    throw FlagError("--min-lr " + number(minLr) + (cfg.minLr ? "" : " (the plan's)") +
                    " is above --lr " + number(lr) + (cfg.lr ? "" : " (the plan's)") +
                    ": the learning rate would grow during the decay");

  // The batch the Trainer will use: it must split into whole micro-batches.
  const int64_t micro = std::max<int64_t>(1, plan.model().micro_batch());
  const int64_t dp = std::max<int64_t>(1, plan.parallel().data());
  const int64_t pp = std::max<int64_t>(1, plan.parallel().pipeline());
  int64_t globalBatch = cfg.globalBatch > 0 ? cfg.globalBatch : plan.parallel().global_batch();
  if (globalBatch <= 0)
    globalBatch = micro * dp;
  if (globalBatch % (micro * dp) != 0)
    throw FlagError("--global-batch " + std::to_string(globalBatch) +
                    (cfg.globalBatch > 0 ? "" : " (the plan's)") +
                    " is not divisible by micro-batch " + std::to_string(micro) +
                    " x data-parallel " + std::to_string(dp) + " = " +
                    std::to_string(micro * dp));
  if (pp > 1) {
    const int64_t compiled = std::max<int64_t>(1, plan.parallel().global_batch() / (micro * dp));
    if (globalBatch / (micro * dp) != compiled)
      throw FlagError("--global-batch " + std::to_string(globalBatch) + " gives " +
                      std::to_string(globalBatch / (micro * dp)) +
                      " micro-batches, but the pipeline schedule was compiled for global "
                      "batch " + std::to_string(plan.parallel().global_batch()) +
                      ": recompile with mtc-compile --global-batch " +
                      std::to_string(globalBatch));
  }

  // Mixed precision: the loss-scaling flags mean something for fp16 only.
  const std::string precision = cfg.precision.empty() ? plan.precision() : cfg.precision;
  try {
    parseStorageType(precision);
  } catch (const std::exception &e) {
    throw FlagError(std::string("--precision: ") + e.what());
  }
  if (precision != "fp16")
    for (const char *flag : {"initial-loss-scale", "inject-overflow-at"})
      if (flags.given(flag))
        throw FlagError(std::string("--") + flag + " applies to fp16 only (this run is " +
                        (precision.empty() ? std::string("fp32") : precision) + ")");
}

// The files rank 0 writes during or after the run: a missing folder found only
// then would lose the run's result, so look before the first iteration. Only
// rank 0 looks (the others may not see its file system), so a failure here
// is an ordinary error that aborts the job, not a flag error.
void checkOutputFolders(const TrainConfig &cfg) {
  for (const auto &[flag, path] :
       {std::pair<const char *, const std::string *>{"metrics", &cfg.metrics},
        {"export-safetensors", &cfg.exportSafetensors}, {"export-initial", &cfg.exportInitial},
        {"dump-grads", &cfg.dumpGrads}, {"dump-batch", &cfg.dumpBatch},
        {"pipeline-trace", &cfg.pipelineTrace}}) {
    if (path->empty())
      continue;
    std::error_code ec;
    if (std::filesystem::is_directory(*path, ec))
      throw std::invalid_argument(std::string("--") + flag + " '" + *path +
                                  "' is a folder; give a file name");
    std::filesystem::path folder = std::filesystem::path(*path).parent_path();
    if (!folder.empty() && !std::filesystem::is_directory(folder, ec))
      throw std::invalid_argument(std::string("--") + flag + " '" + *path + "': the folder '" +
                                  folder.string() + "' does not exist");
  }
}

} // namespace

// The backend every rank agreed it has (null: one rank could not make it;
// every rank printed why). `owned` keeps a made backend alive.
Backend *agreeOnBackend(comm::Communicator &world, BackendFactory makeBackend, const char *tool,
                        std::unique_ptr<Backend> &owned) {
  // Test hook: the host kernels on memory kept apart from the host's, so the
  // MPI tests prove the runtime copies data wherever a GPU needs it.
  if (!makeBackend) {
    const char *staged = std::getenv("MTC_TEST_STAGED_HOST");
    return staged && std::string(staged) == "1" ? &stagedHostBackend() : &hostBackend();
  }
  std::string error;
  try {
    owned = makeBackend(world);
  } catch (const std::exception &e) {
    error = e.what();
  }
  // Collective: a rank without a device must not leave the others waiting.
  std::string agreed = agreeOnError(world, error);
  if (agreed.empty())
    return owned.get();
  std::cout.flush();
  std::cerr << tool;
  if (world.size() > 1)
    std::cerr << " [rank " << world.rank() << "]";
  std::cerr << ": error: " << (error.empty() ? agreed : error) << std::endl;
  return nullptr;
}

int trainMain(int argc, char **argv, const std::string &planBytes, BackendFactory makeBackend) {
  std::unique_ptr<comm::Communicator> world;
  try {
    world = startWorld(&argc, &argv);
  } catch (const std::exception &e) {
    std::cerr << "train: error: " << e.what() << std::endl;
    return 1;
  }
  const int rank = world->rank();
  try {
    pb::Plan plan = parseEmbeddedPlan(planBytes);
    TrainConfig cfg;
    bool printPlan = false;
    FlagSet flags(argc > 0 ? argv[0] : "train",
                  "Trains model '" + plan.model().name() +
                      "' with its compiled plan. Launch with mpirun -np N for N ranks.");
    addTrainFlags(flags, cfg);
    flags.add("print-plan", &printPlan, "print the plan's summary and steps, then exit");
    if (!flags.parse(argc, argv)) {
      if (rank == 0)
        std::cout << flags.usage();
      return 0;
    }
    if (printPlan) {
      if (rank == 0)
        std::cout << describePlan(plan);
      return 0;
    }
    checkTrainFlags(plan, cfg, flags);
    if (rank == 0)
      checkOutputFolders(cfg);
    std::unique_ptr<Backend> owned;
    Backend *backend = agreeOnBackend(*world, makeBackend, "train", owned);
    if (!backend)
      return 1;
    Trainer trainer(plan, cfg, *world, rank == 0 ? &std::cout : nullptr, *backend);
    trainer.run();
    return 0;
  } catch (const FlagError &e) {
    // Every rank parsed the same flags and fails the same way, before any
    // collective: no abort needed, each rank exits with the usage status.
    std::cout.flush();
    std::cerr << "train";
    if (world->size() > 1)
      std::cerr << " [rank " << rank << "]";
    std::cerr << ": error: " << e.what() << std::endl;
    return 2;
  } catch (const std::exception &e) {
    std::cout.flush();
    std::cerr << "train";
    if (world->size() > 1)
      std::cerr << " [rank " << rank << "]";
    std::cerr << ": error: " << e.what() << std::endl;
    if (world->size() > 1)
      world->abort(1); // the other ranks may be waiting in a collective
    return 1;
  }
}

int trainMain(int argc, char **argv, const std::string &planBytes) {
  return trainMain(argc, argv, planBytes, nullptr);
}

} // namespace mtc::runtime
