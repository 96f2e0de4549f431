// The generated per-model `train` executable calls trainMain with its embedded plan.
#include "mtc/Support/FlagVocabulary.h"
#include "mtc/Support/Flags.h"
#include "mtc/Support/LrSchedule.h"
#include "main/Main.h"
#include "main/ProgramSetup.h"
#include "pipeline/PipelineBubble.h"
#include "exec/PlanValidator.h"
#include "train/Trainer.h"

#include "comm/Communicator.h"
#include "comm/Launch.h"

#include "data/GptBlend.h"
#include "data/ModelTokenizer.h"
#include "io/DurableFile.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>

namespace mtc::runtime {

namespace {

// Kernel threads: more than any machine has is a typo, and an int besides.
constexpr double kMaxThreads = 4096;

// Each flag with the values it accepts, next to its meaning, by topic. Names
// are Megatron-LM's where Megatron has the flag (docs/flags.md).
void addTrainFlags(FlagSet &flags, TrainConfig &cfg) {
  const ValueRange count = ValueRange::atLeast(0), positive = ValueRange::atLeast(1);
  const std::string plans = "(default: the plan's)";

  flags.topic(flag::kTraining);
  flags.add(FlagSpec{"train-iters", {"steps"}, "total training iterations (a resumed run "
                     "continues to this count)"}, &cfg.steps, "", positive)
      .required()
      .valueName("N");
  flags.add(flag::globalBatchSize, &cfg.globalBatch,
            "(0: the plan's), a multiple of micro-batch x data-parallel size",
            ValueRange::between(0, 1 << 30));
  flags.add(flag::seed, &cfg.seed, "of initialization, data order and dropout", count);
  flags.add(flag::threads, &cfg.threads, "", ValueRange::between(0, kMaxThreads));

  flags.topic(flag::kData);
  flags.add(FlagSpec{"data-path", {"data"}, "indexed dataset prefix (PREFIX.bin and PREFIX.idx "
                     "from mtc-data or Megatron's preprocess_data.py), or a blend as one quoted "
                     "argument: \"0.3 A 0.7 B\" (weights and prefixes, sampled as Megatron's "
                     "BlendedDataset) or \"A B\" (weighted by size)"}, &cfg.data)
      .valueName("PREFIX");
  flags.add("vocab-file", &cfg.vocabFile,
            "the tokenizer the data was made with. BERT: its vocab.txt (the [CLS] [SEP] "
            "[MASK] [PAD] ids and word pieces; required). GPT-style models: a GPT-2-style "
            "encoder.json, with --merge-file; the data's ids are checked against it")
      .valueName("FILE");
  flags.add("merge-file", &cfg.mergeFile,
            "GPT-style models: the vocab.bpe merges that go with --vocab-file")
      .valueName("FILE");
  flags.add("tokenizer-type", &cfg.tokenizerType,
            "GPT-style models: the LLaMA-family tokenizer the data was made with, read from "
            "--tokenizer-model; the data's ids are checked against its vocabulary")
      .choices(data::modelTokenizerTypes());
  flags.add("tokenizer-model", &cfg.tokenizerModel,
            "with --tokenizer-type: the model's tokenizer.model or tokenizer.json")
      .valueName("FILE");
  flags.add("split", &cfg.split,
            "train,valid,test weights; Megatron's split: GPT by sequences, BERT by documents");
  flags.add(FlagSpec{"mock-data", {"synthetic"}, "train on random tokens (benchmarks without "
                     "data)"}, &cfg.synthetic);

  flags.topic(flag::kOptimizer);
  flags.add(flag::lr, &cfg.lr, plans, ValueRange::above(0));
  flags.add(flag::minLr, &cfg.minLr, plans, count);
  flags.add(flag::lrDecayStyle, &cfg.decayStyle, plans).choices(kDecayStyles);
  flags.add(flag::lrWarmupIters, &cfg.warmup, plans, count).valueName("N");
  flags.add(flag::lrDecayIters, &cfg.decaySteps, "(default: the plan's, else --train-iters)",
            positive)
      .valueName("N");
  flags.add(flag::lrWsdDecayIters, &cfg.wsdDecaySteps, plans, positive).valueName("N");
  flags.add(flag::lrWsdDecayStyle, &cfg.wsdDecayStyle, plans).choices(kWsdDecayStyles);
  flags.add(flag::adamBeta1, &cfg.beta1, plans, ValueRange::fromBelow(0, 1));
  flags.add(flag::adamBeta2, &cfg.beta2, plans, ValueRange::fromBelow(0, 1));
  flags.add(flag::adamEps, &cfg.eps, plans, ValueRange::above(0));
  flags.add(flag::weightDecay, &cfg.weightDecay, plans, count);
  flags.add(flag::clipGrad, &cfg.clipGrad, plans, count);

  flags.topic(flag::kParallel);
  flags.add(flag::dpBucketMb, &cfg.dpBucketMb, plans, ValueRange::between(0, 1 << 20));
  flags.add(flag::distributedOptimizer, &cfg.distributedOptimizer, plans);
  flags.add("pipeline-p2p", &cfg.pipelineP2p,
            "pipeline transfers: grouped (default: NCCL send/recv groups in an order that "
            "cannot deadlock; MPI with NCCL's matching on the CPU) or staged (tagged MPI, "
            "device buffers through host memory)")
      .choices({"grouped", "staged"});

  flags.topic(flag::kPrecision);
  flags.add(flag::precision, &cfg.precision, plans).choices({"fp32", "bf16", "fp16"});
  flags.addSwitch(flag::bf16.name, &cfg.precision, "bf16", flag::bf16.help);
  flags.addSwitch(flag::fp16.name, &cfg.precision, "fp16", flag::fp16.help);
  flags.add("initial-loss-scale", &cfg.initialLossScale,
            "fp16: the dynamic loss scale to start from (default 2^32)", ValueRange::above(0));
  flags.add("no-tf32", &cfg.noTf32,
            "fp32 runs on a GPU: multiply fp32 GEMM operands in full fp32 instead of TF32 "
            "tensor cores (slower, closer to the CPU backend; no effect on the CPU)");
  flags.add("accumulate-allreduce-grads-in-fp32", &cfg.accumulateAllreduceGradsInFp32,
            "accumulate and reduce gradients in fp32 (the default for bf16 and fp32; fp16 runs "
            "keep them in fp16 without it, as Megatron-LM)");
  flags.add("grad-reduce-in-bf16", &cfg.gradReduceInBf16,
            "bf16: accumulate and reduce gradients in bf16 instead of fp32");

  flags.topic(flag::kCheckpoints);
  flags.add("save", &cfg.save, "checkpoint folder to write").valueName("DIR");
  flags.add("load", &cfg.load, "checkpoint folder to resume from (its latest iteration)")
      .valueName("DIR");
  flags.add("save-interval", &cfg.saveInterval,
            "with --save: save every K iterations (0: only at the end)", count)
      .valueName("K");
  flags.add("exit-interval", &cfg.exitInterval,
            "stop after the iteration that is a multiple of K, saving first with --save "
            "(0: never)", count)
      .valueName("K");
  flags.add("exit-duration-in-mins", &cfg.exitDurationMins,
            "stop after the first iteration that ends this many minutes after the start, "
            "saving first with --save (0: never)", count)
      .valueName("MINUTES");
  flags.add("exit-signal-handler", &cfg.exitSignalHandler,
            "on SIGTERM, SIGINT or SIGUSR1, finish the iteration, save (needs --save) and exit "
            "with status 128 + the signal's number (on by default with --save)");
  flags.add("init-from", &cfg.initFrom,
            "start from the weights in FILE.safetensors (Hugging Face's or mtc's names): "
            "every param must be there with its shape, and nothing else but Hugging "
            "Face's known buffers, or the run stops naming what differs")
      .valueName("FILE");
  flags.add("export-safetensors", &cfg.exportSafetensors,
            "write the final weights to FILE.safetensors: one file gathered from every "
            "rank, under Hugging Face's names (GPT2LMHeadModel, BertForPreTraining, "
            "LlamaForCausalLM), vocabulary padding dropped")
      .valueName("FILE");

  flags.topic(flag::kEvaluation);
  flags.add("eval-interval", &cfg.evalInterval,
            "evaluate on the valid split every E iterations (0: never)", count)
      .valueName("E");
  flags.add("eval-iters", &cfg.evalIters, "global batches per evaluation", positive);

  flags.topic(flag::kLogging);
  flags.add("log-interval", &cfg.logInterval,
            "print Megatron-LM's log line every K iterations", positive)
      .valueName("K");
  flags.add("metrics", &cfg.metrics,
            "per-iteration metrics file: FILE.csv, or JSON lines otherwise (docs/runtime.md)")
      .valueName("FILE");
  flags.add("progress", &cfg.progress,
            "draw a progress bar between log lines even under a launcher or into a file "
            "(default: only on a terminal of a one-process run)");
  flags.add("tensorboard-dir", &cfg.tensorboardDir,
            "folder for TensorBoard event files, created when missing (rank 0 writes a new "
            "file per run: "
            "losses, learning rate, grad norm, loss scale, throughput, memory, validation "
            "loss and perplexity under Megatron-LM's tags)")
      .valueName("DIR");
  flags.add("pipeline-trace", &cfg.pipelineTrace,
            "pipeline: write the last iteration's measured timeline (Chrome trace JSON, with the "
            "bubble report) and its picture (FILE without .json, plus .svg)")
      .valueName("FILE");

  flags.topic(flag::kDebug);
  flags.add("check-tensor-replicas", &cfg.checkTensorReplicas,
            "check that replicated activations and params are bit-identical on every "
            "tensor-parallel rank");
  flags.add("check-lifetimes", &cfg.checkLifetimes,
            "poison every buffer with NaN after its last use");
  flags.add("check-weight-copy", &cfg.checkWeightCopy,
            "bf16/fp16: before every forward, check that the kernels' 16-bit weight copy is "
            "the fp32 parameters rounded (a writer that skipped the refresh fails, named)");
  flags.add("export-initial", &cfg.exportInitial,
            "write the weights before the first iteration to FILE.safetensors (as "
            "--export-safetensors)")
      .valueName("FILE");
  flags.add("dump-grads", &cfg.dumpGrads,
            "write the first iteration's gradients (averaged over data-parallel replicas, "
            "before clipping) to FILE.safetensors (as --export-safetensors)")
      .valueName("FILE");
  flags.add("dump-batch", &cfg.dumpBatch,
            "write every iteration's inputs (tokens, targets; BERT: token_types, lengths, "
            "sentence_labels) to FILE.safetensors (f32)").valueName("FILE");
  flags.add("inject-overflow-at", &cfg.injectOverflowAt,
            "test, fp16: make iteration N's gradients overflow", positive)
      .valueName("N");
  flags.add("inject-overflow-rank", &cfg.injectOverflowRank,
            "test, fp16: only this world rank's gradients overflow (default: every rank's)",
            count)
      .valueName("R");
}

// The rules between flags, and between flags and the plan: all of them before
// any work, so a bad combination costs no start-up and loses nothing.
void checkTrainFlags(const pb::Plan &plan, const TrainConfig &cfg, const FlagSet &flags) {
  const std::string data = flags.spelling("data-path"), mock = flags.spelling("mock-data");
  if (cfg.synthetic && !cfg.data.empty())
    throw FlagError("give " + data + " PREFIX or " + mock + ", not both");
  if (!cfg.synthetic && cfg.data.empty())
    throw FlagError("no training data: give " + data + " PREFIX (an indexed dataset made by "
                    "mtc-data) or " + mock);
  if (!cfg.data.empty()) {
    try {
      data::splitIndices(cfg.split, 0);
    } catch (const std::exception &e) {
      throw FlagError(std::string("--split: ") + e.what());
    }
    try {
      data::parseDataPath(cfg.data);
    } catch (const std::exception &e) {
      throw FlagError(e.what());
    }
    // Megatron's sample order draws from NumPy's RandomState(seed).
    if (cfg.seed > 0xffffffffLL)
      throw FlagError(flags.spelling("seed") + " " + std::to_string(cfg.seed) +
                      " orders the data as Megatron does, with NumPy's RandomState(seed): "
                      "give a seed below 2^32");
  } else {
    for (const char *flag : {"split", "vocab-file", "merge-file", "tokenizer-type",
                             "tokenizer-model"})
      if (flags.given(flag))
        throw FlagError(std::string("--") + flag + " applies to " + data + " only");
  }
  // --vocab-file means the tokenizer of the plan's kind of model.
  const bool causal = parseObjective(plan.model().objective()) == Objective::CausalLm;
  if (causal && flags.given("vocab-file") != flags.given("merge-file"))
    throw FlagError("a GPT-style model's tokenizer is two files: give --vocab-file "
                    "encoder.json with --merge-file vocab.bpe");
  if (flags.given("tokenizer-type") != flags.given("tokenizer-model"))
    throw FlagError("a LLaMA-family tokenizer is a type and a file: give --tokenizer-type "
                    "with --tokenizer-model");
  if (flags.given("tokenizer-model") && (!causal || flags.given("vocab-file")))
    throw FlagError(causal ? "give --tokenizer-model or --vocab-file, not both"
                           : "--tokenizer-model is for causal models; a BERT model reads "
                             "--vocab-file vocab.txt");
  if (!causal && flags.given("merge-file"))
    throw FlagError("--merge-file is for GPT-style BPE tokenizers; a BERT model reads "
                    "--vocab-file vocab.txt alone");
  if (flags.given("save-interval") && cfg.saveInterval > 0 && cfg.save.empty())
    throw FlagError("--save-interval " + std::to_string(cfg.saveInterval) +
                    " needs --save DIR (where to write the checkpoints)");

  if (cfg.exitSignalHandler && cfg.save.empty())
    throw FlagError("--exit-signal-handler saves before it exits: give --save DIR");

  // The schedule as it will run: the plan's settings with the flags on top.
  try {
    if (std::string problem = scheduleProblem(optimizerConfigFor(plan, cfg)); !problem.empty())
      throw FlagError(problem);
  } catch (const std::invalid_argument &e) { // a style name the plan does not know
    throw FlagError(e.what());
  }

  // The batch the Trainer will use: it must split into whole micro-batches.
  const int64_t micro = std::max<int64_t>(1, plan.model().micro_batch());
  const int64_t dp = std::max<int64_t>(1, plan.parallel().data());
  const int64_t pp = std::max<int64_t>(1, plan.parallel().pipeline());
  int64_t globalBatch = cfg.globalBatch > 0 ? cfg.globalBatch : plan.parallel().global_batch();
  if (globalBatch <= 0)
    globalBatch = micro * dp;
  if (globalBatch % (micro * dp) != 0)
    throw FlagError(flags.spelling("global-batch-size") + " " + std::to_string(globalBatch) +
                    (cfg.globalBatch > 0 ? "" : " (the plan's)") +
                    " is not divisible by micro-batch " + std::to_string(micro) +
                    " x data-parallel " + std::to_string(dp) + " = " +
                    std::to_string(micro * dp));
  if (pp > 1) {
    const int64_t compiled = std::max<int64_t>(1, plan.parallel().global_batch() / (micro * dp));
    if (globalBatch / (micro * dp) != compiled)
      throw FlagError(flags.spelling("global-batch-size") + " " + std::to_string(globalBatch) +
                      " gives " +
                      std::to_string(globalBatch / (micro * dp)) +
                      " micro-batches, but the pipeline schedule was compiled for global "
                      "batch " + std::to_string(plan.parallel().global_batch()) +
                      ": recompile with mtc-compile --global-batch-size " +
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
    for (const char *flag : {"initial-loss-scale", "inject-overflow-at", "inject-overflow-rank"})
      if (flags.given(flag))
        throw FlagError(std::string("--") + flag + " applies to fp16 only (this run is " +
                        (precision.empty() ? std::string("fp32") : precision) + ")");
  if (cfg.gradReduceInBf16 && precision != "bf16")
    throw FlagError("--grad-reduce-in-bf16 applies to bf16 only (this run is " +
                    (precision.empty() ? std::string("fp32") : precision) + ")");
  if (cfg.gradReduceInBf16 && cfg.accumulateAllreduceGradsInFp32)
    throw FlagError("--grad-reduce-in-bf16 and --accumulate-allreduce-grads-in-fp32 contradict "
                    "each other: give one");
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
    // --pipeline-trace also writes its picture next to the trace.
    if (std::string(flag) == "pipeline-trace" &&
        std::filesystem::is_directory(svgPathForTrace(*path), ec))
      throw std::invalid_argument(std::string("--pipeline-trace '") + *path + "': its picture '" +
                                  svgPathForTrace(*path) + "' is a folder; give another name");
    std::filesystem::path folder = std::filesystem::path(*path).parent_path();
    if (!folder.empty() && !std::filesystem::is_directory(folder, ec))
      throw std::invalid_argument(std::string("--") + flag + " '" + *path + "': the folder '" +
                                  folder.string() + "' does not exist");
  }
  // A folder, not a file (TensorBoard reads every event file in it); a
  // missing one is created by rank 0 (as SummaryWriter does), which is also
  // where a folder that cannot be created or written shows. A file in the
  // way shows here, on every rank, before the run.
  if (!cfg.tensorboardDir.empty()) {
    const std::string file = fileInTheWayOf(cfg.tensorboardDir);
    if (!file.empty())
      throw std::invalid_argument(
          "--tensorboard-dir '" + cfg.tensorboardDir + "' " +
          (std::filesystem::path(file) ==
                   std::filesystem::path(cfg.tensorboardDir).lexically_normal()
               ? std::string("is not a folder")
               : "cannot be created: '" + file + "' is not a folder"));
  }
}

} // namespace

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
                      "' with its compiled plan. Launch with mpirun -np N or srun --mpi=pmix "
                      "-n N for N ranks (docs/cluster.md).");
    addTrainFlags(flags, cfg);
    flags.add("print-plan", &printPlan, "print the plan's summary and steps, then exit")
        .standalone();
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
    comm::Launch launch = comm::readLaunch();
    if (launch.launcher != comm::Launcher::None) {
      std::string placement = comm::describePlacement(*world, launch);
      if (rank == 0)
        std::cout << placement << std::endl;
    }
    std::unique_ptr<Backend> owned;
    Backend *backend = agreeOnBackend(*world, makeBackend, "train", owned);
    if (!backend)
      return 1;
    Trainer trainer(plan, cfg, *world, rank == 0 ? &std::cout : nullptr, *backend);
    TrainSummary summary = trainer.run();
    // A pre-empted run saved and stops, but it did not finish: the shell
    // status of a process ended by that signal, so job scripts see it.
    return summary.exit == EarlyExit::Signal ? 128 + summary.signal : 0;
  } catch (const FlagError &e) {
    // Every rank parsed the same flags and fails the same way, before any
    // collective: no abort needed, each rank exits with the usage status,
    // and one of them says why.
    if (rank == 0) {
      std::cout.flush();
      std::cerr << "train: error: " << e.what() << std::endl;
    }
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
