// The training loop: micro-batches through the executor, the optimizer step,
// logging like Megatron-LM, evaluation, metrics and checkpoints.
#pragma once
#include "train/BatchDump.h"
#include "checkpoint/Checkpoint.h"
#include "train/DataSource.h"
#include "train/ExitSignals.h"
#include "backends/host/HostBackend.h"
#include "exec/Executor.h"
#include "optim/GradBuckets.h"
#include "optim/LossScaler.h"
#include "optim/Precision.h"
#include "optim/ZeroOptimizer.h"
#include "train/Metrics.h"
#include "train/TensorBoard.h"
#include "optim/Optimizer.h"
#include "exec/TensorParallel.h"
#include "pipeline/PipelineRunner.h"

#include <chrono>
#include <iosfwd>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mtc::comm {
class Communicator;
}

namespace mtc::runtime {

struct TrainConfig {
  std::string data;               // --data-path: a prefix or a weighted blend of prefixes
  std::string split = "969,30,1"; // Megatron's default
  bool synthetic = false;
  int64_t steps = 0;              // total iterations (a resumed run continues to it)
  int64_t globalBatch = 0;        // 0: the plan's
  // Optimizer and schedule; unset: the plan's.
  std::optional<double> lr, minLr, weightDecay, clipGrad, beta1, beta2, eps;
  std::optional<int64_t> warmup, decaySteps, wsdDecaySteps;
  std::string decayStyle, wsdDecayStyle;
  int64_t seed = 1234;
  std::string save, load;
  int64_t saveInterval = 0;
  // Stopping early (Megatron-LM's): after an iteration that is a multiple of
  // exitInterval, after exitDurationMins of training, or on SIGTERM/SIGINT;
  // each saves first when --save is given.
  int64_t exitInterval = 0;
  double exitDurationMins = 0;
  bool exitSignalHandler = false; // implied by --save
  int64_t logInterval = 1;
  bool progress = false; // a progress bar even where no person watches
  int64_t evalInterval = 0;
  int64_t evalIters = 10;
  std::string metrics;
  std::string tensorboardDir;     // an existing folder for TensorBoard event files
  int64_t threads = 0;
  bool checkLifetimes = false;
  bool checkWeightCopy = false; // bf16/fp16: the kernels' weight copy is fresh before every forward
  bool checkTensorReplicas = false; // dropout outputs and replicated params
  std::string exportSafetensors;  // after training
  std::string initFrom;           // safetensors weights to start from
  // Numerics checks against a reference implementation (test/integration/numerics):
  std::string exportInitial;      // weights before the first iteration
  std::string dumpGrads;          // gradients of the first iteration, before clipping
  std::string dumpBatch;          // every iteration's inputs (tokens, targets, BERT's)
  // The tokenizer the data was made with: BERT's vocab.txt, or for a causal LM
  // GPT-2-style encoder.json with mergeFile's vocab.bpe.
  std::string vocabFile, mergeFile;
  // Or a LLaMA-family model's own tokenizer (Megatron's --tokenizer-type and
  // --tokenizer-model): the data's ids are checked against it.
  std::string tokenizerType, tokenizerModel;
  std::string pipelineTrace;      // pipeline: the last iteration's measured timeline
  // Pipeline transfers: "grouped" (NCCL semantics, the default) or "staged"
  // (tagged MPI), PipelineRunner.h.
  std::string pipelineP2p = "grouped";
  // Data parallelism: gradient bucket size; 0 all-reduces after the backward.
  double dpBucketMb = -1; // < 0: the plan's (mtc-compile --dp-bucket-mb, default 4)
  // Distributed optimizer (ZeRO-1) and storage precision; empty/false: the plan's.
  bool distributedOptimizer = false;
  std::string precision;
  double initialLossScale = 0;    // fp16; 0: 2^32
  bool noTf32 = false;            // fp32 GEMMs without TF32 (CUDA; the CPU has none)
  // The dtype gradients accumulate and reduce in (Megatron's defaults: fp32
  // for bf16, fp16 for fp16): --accumulate-allreduce-grads-in-fp32 forces
  // fp32, --grad-reduce-in-bf16 keeps a bf16 run's gradients in bf16.
  bool accumulateAllreduceGradsInFp32 = false;
  bool gradReduceInBf16 = false;
  int64_t injectOverflowAt = 0;   // test: make iteration N's gradients overflow
  int64_t injectOverflowRank = -1; // test: only on this world rank (-1: every rank)
};

// Why a run ended before --train-iters.
enum class EarlyExit { None, Interval, Duration, Signal };

struct TrainSummary {
  int64_t firstIteration = 0; // 0, or the resumed checkpoint's
  int64_t iterations = 0;     // run by this call
  EarlyExit exit = EarlyExit::None;
  int signal = 0;             // with EarlyExit::Signal: which one
  int64_t tokens = 0;         // trained on by this call (all data-parallel ranks)
  double seconds = 0;
  std::vector<double> losses; // per iteration run by this call (the LM loss)
  std::vector<double> sopLosses; // BERT's sentence-order loss, per iteration
  std::vector<double> gradNorms;
  double finalValidLoss = -1; // < 0 when never evaluated
  double finalValidSopLoss = -1;
};

class Trainer {
public:
  // `log` receives Megatron-style lines (null: quiet, e.g. ranks other than 0).
  // Memory and kernels come from `backend`; `world` is an MPI communicator.
  Trainer(const pb::Plan &plan, TrainConfig config, comm::Communicator &world,
          std::ostream *log, Backend &backend = hostBackend());
  ~Trainer();

  TrainSummary run();

  Executor &executor() { return *exec; }
  Optimizer &optimizer() { return *opt; }
  int64_t numMicroBatches() const { return microBatches; }
  // Mean validation loss over evalIters global batches of the valid split, at
  // iteration `done` (a multiple of --eval-interval).
  LossTerms evaluate(int64_t done);

private:
  // The data-parallel reduction of the flat gradients (sums; the caller scales).
  void reduceDataParallelGradients();
  // Mixture of experts: the entries routed to each expert in the last
  // iteration, summed over every MoE layer and rank (collective).
  std::vector<int64_t> iterationExpertLoad();
  std::vector<int64_t> intervalExpertLoad; // summed over the log interval
  // `skipped`: fp16 gradients overflowed, so the optimizer did not step.
  LossTerms trainIteration(int64_t iteration, double *gradNorm, double *lr, bool *skipped);
  void logIteration(int64_t iteration, double ms, double lr, const LossTerms &loss,
                    double gradNorm);
  // Whether to stop after iteration `done` (--exit-interval,
  // --exit-duration-in-mins, a caught signal), agreed by every rank.
  EarlyExit earlyExit(int64_t done, std::chrono::steady_clock::time_point start,
                      const ExitSignals &signals, int *signal);
  // --tensorboard-dir: an iteration's scalars under Megatron-LM's tags.
  void logToTensorBoard(const MetricsRow &row, bool skipped);
  void logValidationToTensorBoard(int64_t iteration, const LossTerms &valid);
  void save(int64_t iteration);
  // --load: finds, verifies and loads the checkpoint (sets startIteration).
  void loadForResume();
  // Collective: gathers `flat` (weights or gradients, times `scale`) from
  // weightHolders into one file written by rank 0; a failure anywhere fails
  // every rank with its message.
  void writeGathered(const std::string &path, float *flat, float scale);
  // --export-initial, --export-safetensors: the (master) weights.
  void exportWeights(const std::string &path);
  // --dump-grads: the iteration's gradients, averaged over the replicas.
  void dumpGradients();
  void setUpDataParallelAndPrecision(const pb::Plan &plan);

  TrainConfig cfg;
  comm::Communicator &world;
  std::ostream *log;
  // The tensor group (MPI, and the counted device group over it): declared
  // before the executor, which uses it, so they outlive it.
  std::unique_ptr<comm::Communicator> tensorMpi, tensorDevice;
  // The context group (context parallelism), likewise before the executor.
  std::unique_ptr<comm::Communicator> contextMpi, contextGroup;
  int64_t contextSize = 1;
  // Expert parallelism: the expert group (the all-to-alls; before the
  // executor) and the expert-data group, over which the expert slices'
  // gradients are reduced (null with one rank).
  std::unique_ptr<comm::Communicator> expertMpi, expertGroup, expertDataMpi, expertDataGroup;
  std::unique_ptr<Executor> exec;
  std::unique_ptr<Optimizer> opt;
  Backend &backend;
  // Same tensor/pipeline place (data x context ranks): the MPI group and its
  // Backend::deviceGroup.
  std::unique_ptr<comm::Communicator> dataMpi, dataGroup;
  std::unique_ptr<GradBuckets> gradBuckets;         // overlapped data-parallel all-reduce
  GradSyncTimes gradSyncTotal;                      // summed over the iterations
  std::unique_ptr<ZeroOptimizer> zero;              // distributed optimizer
  std::unique_ptr<MixedPrecision> precision;        // bf16/fp16 storage
  std::unique_ptr<LossScaler> lossScaler;           // fp16 only
  LossScalerState loadedLossScale;                  // from --load (scale 0: none)
  comm::Communicator *tensorGroup = nullptr;       // tensorDevice, or null
  TensorTraffic tensorTraffic;                     // what tensorGroup moved
  std::unique_ptr<IndexedData> indexed;
  std::unique_ptr<BatchSource> train, valid;
  std::unique_ptr<MetricsWriter> metrics;
  std::unique_ptr<TensorBoardWriter> tensorboard; // rank 0, which knows every loss
  std::unique_ptr<PipelineRunner> pipeline; // pipeline > 1: this rank's schedule
  BatchGeometry geometry;
  int64_t microBatches = 1;
  std::vector<int> weightHolders; // world ranks of data- and context-parallel rank 0
  int64_t startIteration = 0;
  LossTerms logLossSum;
  bool hasSop = false; // the plan trains a sentence-order head (BERT)
  bool hasMoe = false; // the plan has mixture-of-experts layers (load-balancing loss)
  int64_t logLossCount = 0;
  int64_t skippedInInterval = 0; // since the last log line
  // --dump-batch: recorded by one rank per replica (recordsBatches).
  std::unique_ptr<BatchDump> batchDump;
  std::vector<int> batchRecorders; // world ranks, replica r's at index r
  bool recordsBatches = false;
};


// The optimizer as the run uses it: the plan's settings with the flags on
// top; the schedule lasts --train-iters unless the plan or a flag says.
OptimizerConfig optimizerConfigFor(const pb::Plan &plan, const TrainConfig &config);

// A human-readable summary of a plan (--print-plan).
std::string describePlan(const pb::Plan &plan);

} // namespace mtc::runtime
