// Where micro-batches come from: a Megatron indexed dataset split into
// train/valid/test (runtime/data), or synthetic tokens for benchmarks. Both are
// pure functions of (iteration, micro-batch, data-parallel rank), so a resumed
// run reads exactly what an uninterrupted one would.
//
// The data must fit the model's objective (pb::Model::objective): a causal
// language model reads GPT samples (targets are the next tokens); BERT reads
// Megatron's BERT samples (masked tokens, segments, padding, sentence order).
// A bidirectional encoder trained on next-token targets sees its answers, so
// the sources refuse the wrong objective instead of training on it.
#pragma once
#include "data/BertDataset.h"
#include "data/GptDataset.h"
#include "data/IndexedDataset.h"
#include "exec/MicroBatch.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>

namespace mtc::runtime {

struct BatchGeometry {
  int64_t microBatch = 1, seq = 1;
  int64_t dpRank = 0, dpSize = 1;
  int64_t globalBatch = 1;
};

// The objectives a plan can train (pb::Model::objective).
enum class Objective { CausalLm, MaskedLm, MaskedLmSop };
// Throws data::DataError for a name this runtime does not know.
Objective parseObjective(const std::string &name);

class BatchSource {
public:
  virtual ~BatchSource() = default;
  // Fills `out` (sized for the plan: MicroBatchInputs) for micro-batch
  // `microIndex` of `iteration` (0-based).
  void fill(int64_t iteration, int64_t microIndex, MicroBatchInputs &out);
  virtual std::string describe() const = 0;

protected:
  BatchSource(BatchGeometry geometry) : geometry(geometry) {}
  // Writes sample `index` as row `row` of the micro-batch.
  virtual void fillRow(int64_t index, int64_t row, MicroBatchInputs &out) = 0;
  BatchGeometry geometry;
};

// Random tokens in [0, vocab): a hash of (seed, sample, position). For the
// masked objectives, 15% of the positions are predicted and hold another
// random token, segments split the sequence in half and the sentence-order
// label is random (speed runs only: nothing to learn).
std::unique_ptr<BatchSource> makeSyntheticSource(BatchGeometry geometry, int64_t vocab,
                                                 uint64_t seed, Objective objective);

// What BERT samples need besides the dataset: the vocabulary's special ids
// and word pieces (vocab.txt).
struct BertDataConfig {
  std::string vocabFile;
  double maskProb = 0.15, shortSeqProb = 0.1;
};

// The train, valid and test splits of one indexed dataset.
class IndexedData {
public:
  // Throws data::DataError naming the files or the numbers. `bert` is read
  // for the masked objectives.
  IndexedData(const std::string &prefix, const std::string &split, int64_t seq,
              uint64_t seed, Objective objective, const BertDataConfig &bert, int64_t vocab);
  // Null when the split is empty.
  std::unique_ptr<BatchSource> source(data::Split split, BatchGeometry geometry,
                                      int64_t vocab) const;
  int64_t documents(data::Split split) const { return ranges[static_cast<int>(split)].size(); }
  // Why a split is unusable ("" when it is fine or simply empty).
  const std::string &problem(data::Split split) const { return problems[static_cast<int>(split)]; }

private:
  std::string prefix;
  data::IndexedDataset dataset;
  std::array<data::DocumentRange, 3> ranges;
  Objective objective;
  std::unique_ptr<data::GptDataset> splits[3];
  std::unique_ptr<data::BertDataset> bertSplits[3];
  std::string problems[3];
};

} // namespace mtc::runtime
