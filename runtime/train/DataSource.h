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
#include "data/GptBlend.h"
#include "data/IndexedDataset.h"
#include "exec/MicroBatch.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

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

// Where the data comes from and how much of it a run reads.
struct IndexedDataConfig {
  std::string dataPath;           // --data-path: PREFIX, or "W1 PREFIX1 W2 PREFIX2 ..."
  std::string split = "969,30,1"; // Megatron's default
  int64_t seq = 0;
  int64_t seed = 0;
  Objective objective = Objective::CausalLm;
  BertDataConfig bert;            // the masked objectives
  // GPT: the tokenizer's files (encoder.json, vocab.bpe) whose ids the data
  // must hold; empty: any id of the model's vocabulary.
  std::string gptVocabFile, gptMergeFile;
  // GPT: or a model's own tokenizer (data/ModelTokenizer.h), by Megatron's
  // --tokenizer-type name.
  std::string tokenizerType, tokenizerModel;
  int64_t modelVocab = 0;
  // GPT: samples the run reads from each split (Megatron's train/valid sizes,
  // which fix how many epochs its sample order covers); 0 builds no split.
  int64_t trainSamples = 0, validSamples = 0;
};

// The train and valid splits of one indexed dataset or a blend of several.
class IndexedData {
public:
  // Opens every dataset, checks its token ids against the vocabulary and builds
  // the splits. Throws data::DataError naming the files or the numbers.
  explicit IndexedData(const IndexedDataConfig &config);
  ~IndexedData();
  // Null when the split is not built or unusable (problem() says why).
  std::unique_ptr<BatchSource> source(data::Split split, BatchGeometry geometry) const;
  // Why a split is unusable ("" when it is fine or not asked for).
  const std::string &problem(data::Split split) const { return problems[static_cast<int>(split)]; }
  // What the log says about the data.
  std::vector<std::string> describe() const;

private:
  IndexedDataConfig config;
  std::vector<std::unique_ptr<data::IndexedDataset>> datasets;
  std::unique_ptr<data::GptSamples> gptSplits[3];
  std::unique_ptr<data::BertDataset> bertSplits[3];
  std::string problems[3];
  std::string tokenizerLine; // the model tokenizer the ids were checked against
};

} // namespace mtc::runtime
