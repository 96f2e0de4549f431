// The training loop: micro-batches through the executor, the optimizer step,
// logging like Megatron-LM, evaluation, metrics and checkpoints.
#pragma once
#include "exec/Main.h"
#include "exec/Checkpoint.h"
#include "exec/DataSource.h"
#include "exec/Executor.h"
#include "exec/Metrics.h"
#include "exec/Optimizer.h"

#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mtc::comm {
class Communicator;
}

namespace mtc::runtime {

struct TrainConfig {
  std::string data;               // indexed dataset prefix
  std::string split = "949,50,1";
  bool synthetic = false;
  int64_t steps = 0;              // total iterations (a resumed run continues to it)
  int64_t globalBatch = 0;        // 0: the plan's
  std::optional<double> lr, minLr, weightDecay, clipGrad, beta2;
  std::optional<int64_t> warmup, decaySteps;
  int64_t seed = 1234;
  std::string save, load;
  int64_t saveInterval = 0;
  int64_t logInterval = 1;
  int64_t evalInterval = 0;
  int64_t evalIters = 10;
  std::string metrics;
  int64_t threads = 0;
  bool checkLifetimes = false;
  std::string exportSafetensors;  // after training
  std::string initFrom;           // safetensors weights to start from
};

struct TrainSummary {
  int64_t firstIteration = 0; // 0, or the resumed checkpoint's
  int64_t iterations = 0;     // run by this call
  int64_t tokens = 0;         // trained on by this call (all data-parallel ranks)
  double seconds = 0;
  std::vector<double> losses; // per iteration run by this call
  std::vector<double> gradNorms;
  double finalValidLoss = -1; // < 0 when never evaluated
};

class Trainer {
public:
  // `log` receives Megatron-style lines (null: quiet, e.g. ranks other than 0).
  Trainer(const pb::Plan &plan, TrainConfig config, comm::Communicator &world,
          std::ostream *log);
  ~Trainer();

  TrainSummary run();

  Executor &executor() { return *exec; }
  Optimizer &optimizer() { return *opt; }
  int64_t numMicroBatches() const { return microBatches; }
  // Mean validation loss over evalIters global batches of the valid split.
  double evaluate();

private:
  double trainIteration(int64_t iteration, double *gradNorm, double *lr);
  void logIteration(int64_t iteration, double ms, double lr, double loss, double gradNorm);
  void save(int64_t iteration);

  TrainConfig cfg;
  comm::Communicator &world;
  std::ostream *log;
  std::unique_ptr<Executor> exec;
  std::unique_ptr<Optimizer> opt;
  std::unique_ptr<comm::Communicator> dataGroup;   // same tensor/pipeline place
  std::unique_ptr<IndexedData> indexed;
  std::unique_ptr<BatchSource> train, valid;
  std::unique_ptr<MetricsWriter> metrics;
  BatchGeometry geometry;
  int64_t microBatches = 1;
  int64_t startIteration = 0;
  double logLossSum = 0;
  int64_t logLossCount = 0;
};


// A human-readable summary of a plan (--print-plan).
std::string describePlan(const pb::Plan &plan);

} // namespace mtc::runtime
