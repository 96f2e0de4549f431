// The generated per-model `train` executable calls trainMain with its embedded plan.
#include "exec/Flags.h"
#include "exec/PlanValidator.h"
#include "exec/Trainer.h"

#include "comm/Communicator.h"

#include <iostream>

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

int trainMain(int argc, char **argv, const std::string &planBytes) {
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
    flags.add("data", &cfg.data, "indexed dataset prefix (PREFIX.bin and PREFIX.idx from mtc-data)");
    flags.add("split", &cfg.split, "train,valid,test document weights");
    flags.add("synthetic", &cfg.synthetic, "train on random tokens (benchmarks without data)");
    flags.add("steps", &cfg.steps, "total training iterations (required)");
    flags.add("global-batch", &cfg.globalBatch,
              "samples per iteration; a multiple of micro-batch x data-parallel size (0: the plan's)");
    flags.add("lr", &cfg.lr, "peak learning rate (default: the plan's)");
    flags.add("min-lr", &cfg.minLr, "learning rate at the end of the cosine decay (default: the plan's)");
    flags.add("warmup", &cfg.warmup, "linear warm-up iterations (default: the plan's)");
    flags.add("decay-steps", &cfg.decaySteps,
              "iterations of the schedule, warm-up included, after which lr = min-lr "
              "(default: the plan's, else --steps)");
    flags.add("weight-decay", &cfg.weightDecay, "AdamW weight decay (default: the plan's)");
    flags.add("clip-grad", &cfg.clipGrad, "global gradient-norm clipping, 0 = off (default: the plan's)");
    flags.add("beta2", &cfg.beta2, "AdamW beta2 (default: the plan's)");
    flags.add("seed", &cfg.seed, "seed of initialization, data order and dropout");
    flags.add("save", &cfg.save, "checkpoint folder to write");
    flags.add("load", &cfg.load, "checkpoint folder to resume from (its latest iteration)");
    flags.add("save-interval", &cfg.saveInterval, "save every K iterations (0: only at the end)");
    flags.add("log-interval", &cfg.logInterval, "print a log line every k iterations");
    flags.add("eval-interval", &cfg.evalInterval, "evaluate on the valid split every E iterations (0: never)");
    flags.add("eval-iters", &cfg.evalIters, "global batches per evaluation");
    flags.add("metrics", &cfg.metrics, "per-iteration metrics file: FILE.csv or JSON lines otherwise");
    flags.add("threads", &cfg.threads, "kernel threads per rank (0: OpenMP's default)");
    flags.add("check-tensor-replicas", &cfg.checkTensorReplicas,
              "debug: check that replicated activations and params are bit-identical "
              "on every tensor-parallel rank");
    flags.add("check-lifetimes", &cfg.checkLifetimes,
              "debug: poison every buffer with NaN after its last use");
    flags.add("export-safetensors", &cfg.exportSafetensors, "write the final weights to FILE.safetensors");
    flags.add("init-from", &cfg.initFrom, "start from the weights in FILE.safetensors");
    flags.add("export-initial", &cfg.exportInitial,
              "write the weights before the first iteration to FILE.safetensors");
    flags.add("dump-grads", &cfg.dumpGrads,
              "write the first iteration's gradients (before clipping) to FILE.safetensors");
    flags.add("dump-batch", &cfg.dumpBatch,
              "write every iteration's tokens and targets to FILE.safetensors (f32)");
    flags.add("pipeline-trace", &cfg.pipelineTrace,
              "pipeline: write the last iteration's measured timeline (Chrome trace JSON)");
    flags.add("dp-bucket-mb", &cfg.dpBucketMb,
              "data parallelism: all-reduce gradients in buckets of this many MiB, each "
              "started when its gradients are final (0: one all-reduce after the backward)");
    flags.add("distributed-optimizer", &cfg.distributedOptimizer,
              "shard optimizer state over the data-parallel group (ZeRO-1; default: the plan's)");
    flags.add("precision", &cfg.precision,
              "fp32, bf16 or fp16 storage with fp32 compute (default: the plan's)");
    flags.add("initial-loss-scale", &cfg.initialLossScale,
              "fp16: the dynamic loss scale to start from (default 2^32)");
    flags.add("inject-overflow-at", &cfg.injectOverflowAt,
              "test: make iteration N's gradients overflow (fp16 loss scaling)");
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
    if (!flags.given("steps"))
      throw FlagError("--steps N is required (see --help)");
    Trainer trainer(plan, cfg, *world, rank == 0 ? &std::cout : nullptr);
    trainer.run();
    return 0;
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

} // namespace mtc::runtime
