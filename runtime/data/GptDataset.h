// GPT training samples over an indexed dataset, as Megatron-LM builds them.
//
// - splitDocuments: documents -> train/valid/test ranges from a ratio string such
//   as "949,50,1" (Megatron's get_train_valid_test_split_, rounding included).
// - GptDataset: the documents of one split, read as one token stream (they are
//   stored back to back, each ending in <|endoftext|>), cut into samples of
//   seq + 1 tokens; sample k of an epoch covers tokens [k*seq, k*seq + seq], so
//   consecutive samples share one token and inputs/targets are sample[0..seq) and
//   sample[1..seq]. Each epoch visits the samples in its own seeded random order;
//   sample(i) for i past one epoch continues into the next.
// - dataParallelSampleIndices: which samples a data-parallel rank reads for one
//   micro-batch of one iteration (Megatron's MegatronPretrainingSampler order).
#pragma once
#include "data/IndexedDataset.h"

#include <array>
#include <cstdint>
#include <mutex>
#include <random>
#include <string>
#include <vector>

namespace mtc::data {

struct DocumentRange {
  int64_t begin = 0; // first document
  int64_t end = 0;   // one past the last
  int64_t size() const { return end - begin; }
};

enum class Split { Train = 0, Valid = 1, Test = 2 };
const char *splitName(Split split);

// Up to three non-negative weights separated by ',' (or '/'); missing ones are 0.
// Throws DataError on anything else.
std::array<DocumentRange, 3> splitDocuments(const std::string &ratios, int64_t documentCount);

class GptDataset {
public:
  // Throws DataError, with the numbers, when the split holds fewer than seq + 1
  // tokens. `data` must outlive the dataset.
  GptDataset(const IndexedDataset &data, DocumentRange documents, int64_t seqLength,
             uint64_t seed, std::string name = "train");

  int64_t seqLength() const { return seqLength_; }
  int64_t tokenCount() const { return tokenCount_; }
  int64_t samplesPerEpoch() const { return samplesPerEpoch_; }

  // seq + 1 tokens of sample `index` (any index >= 0).
  std::vector<int32_t> sample(int64_t index) const;
  void sample(int64_t index, int32_t *out) const;
  // Where sample `index` lies in its epoch's unshuffled order.
  int64_t unshuffledSample(int64_t index) const;

private:
  const IndexedDataset &data_;
  std::string name_;
  int64_t seqLength_;
  uint64_t seed_;
  int64_t firstToken_;
  int64_t tokenCount_;
  int64_t samplesPerEpoch_;
  mutable std::mutex mutex_;             // guards the cached permutation
  mutable int64_t cachedEpoch_ = -1;
  mutable std::vector<int64_t> order_;
};

// A deterministic permutation of [0, n): Fisher-Yates driven by std::mt19937_64
// (whose output the C++ standard fixes) with our own unbiased bounded draw, so
// every platform and standard library agrees.
std::vector<int64_t> shuffledRange(int64_t n, uint64_t seed);

// Uniform in [0, bound) (bound > 0), the same on every platform.
uint64_t uniformBelow(std::mt19937_64 &rng, uint64_t bound);

// The micro-batch size samples that data-parallel rank `dpRank` of `dpSize` reads
// for micro-batch `microBatchIndex` of iteration `iteration`. The global batch of
// an iteration is samples [iteration * globalBatch, (iteration + 1) * globalBatch);
// it is read as globalBatch / (microBatch * dpSize) rounds, and in each round rank
// r takes the r-th run of microBatch samples. Throws DataError when the sizes do
// not divide or an index is out of range.
std::vector<int64_t> dataParallelSampleIndices(int64_t iteration, int64_t microBatchIndex,
                                               int64_t dpRank, int64_t dpSize,
                                               int64_t microBatchSize, int64_t globalBatch);

} // namespace mtc::data
