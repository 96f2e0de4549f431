// GPT training samples over an indexed dataset, built as Megatron-LM's
// GPTDataset builds them (megatron/core/datasets/gpt_dataset.py with
// helpers.cpp's build_sample_idx), so the same data, seed, split and run length
// give the same samples in the same order as a Megatron run:
//
// - The split's sequences (Megatron's GPT "documents") are repeated for as many
//   epochs as the requested samples need, and that list is shuffled with
//   NumPy's RandomState(seed) (the last epoch on its own when it is used for
//   less than 80% of its samples: Megatron's "separate final epoch").
// - The shuffled token stream is cut into samples of seq + 1 tokens;
//   consecutive samples share one token (inputs sample[0, seq), targets
//   sample[1, seq]). A sample may span several sequences.
// - The samples are shuffled with the same RandomState (the separate final
//   epoch's on their own).
//
// splitIndices gives the train/valid/test ranges by Megatron's current rule;
// dataParallelSampleIndices says which samples a data-parallel rank reads.
#pragma once
#include "data/IndexedDataset.h"

#include <array>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace mtc::data {

// Elements [begin, end) of a dataset: sequences for GPT, documents for BERT.
struct IndexRange {
  int64_t begin = 0; // first element
  int64_t end = 0;   // one past the last
  int64_t size() const { return end - begin; }
};
using DocumentRange = IndexRange;

enum class Split { Train = 0, Valid = 1, Test = 2 };
const char *splitName(Split split);

// Megatron's --split: up to three non-negative numbers (digits and '.') separated
// by ',' or '/', missing ones 0, normalized; split k covers elements
// [round(c_k * n), round(c_{k+1} * n)) where c are the cumulative fractions
// (Python's round, half to even). A zero weight gives no range (Megatron builds
// no dataset for it); a range may also round to no elements. Throws DataError on
// anything else.
std::array<std::optional<IndexRange>, 3> splitIndices(const std::string &ratios, int64_t count);

// NumPy's sum of a float64 array (pairwise summation), which Megatron's
// weight normalization uses; and that normalization.
double numpySum(const std::vector<double> &values);
std::vector<double> normalizeWeights(const std::vector<double> &weights);

class GptDataset {
public:
  // The samples of `sequences` of `data` for a run that reads `numSamples`
  // samples (none given: one epoch, as Megatron's unweighted blends). Throws
  // DataError, with the numbers, when the range holds fewer than 2 tokens, when
  // seq < 2 or the seed is outside [0, 2^32). `data` must outlive the dataset.
  GptDataset(const IndexedDataset &data, IndexRange sequences, int64_t seqLength,
             std::optional<int64_t> numSamples, int64_t seed, std::string name = "train");

  int64_t seqLength() const { return seqLength_; }
  int64_t tokensPerEpoch() const { return tokensPerEpoch_; }
  int64_t epochs() const { return epochs_; }
  bool separateFinalEpoch() const { return separateFinalEpoch_; }
  // Samples built (Megatron's len(dataset)); at least the requested number.
  int64_t size() const { return static_cast<int64_t>(shuffleIndex_.size()); }
  const std::string &name() const { return name_; }

  // seq + 1 tokens of sample `index` in [0, size()).
  void sample(int64_t index, int32_t *out) const;
  std::vector<int32_t> sample(int64_t index) const;

  // Megatron's three indices, for tests: the shuffled sequence ids, the
  // (document-index position, offset) where each sample starts, the sample order.
  const std::vector<int32_t> &documentIndex() const { return documentIndex_; }
  const std::vector<int64_t> &sampleIndex() const { return sampleIndex_; }
  const std::vector<int64_t> &shuffleIndex() const { return shuffleIndex_; }

private:
  void buildSampleIndex();

  const IndexedDataset &data_;
  std::string name_;
  IndexRange sequences_;
  int64_t seqLength_;
  int64_t tokensPerEpoch_ = 0;
  int64_t epochs_ = 1;
  bool separateFinalEpoch_ = false;
  std::vector<int32_t> documentIndex_;
  std::vector<int64_t> sampleIndex_; // 2 per sample + 2: position, offset
  std::vector<int64_t> shuffleIndex_;
};

// A deterministic permutation of [0, n): Fisher-Yates driven by std::mt19937_64
// (whose output the C++ standard fixes) with our own unbiased bounded draw, so
// every platform and standard library agrees. (mtc-data --shuffle-documents and
// BERT's sample order.)
std::vector<int64_t> shuffledRange(int64_t n, uint64_t seed);

// Uniform in [0, bound) (bound > 0), the same on every platform.
uint64_t uniformBelow(std::mt19937_64 &rng, uint64_t bound);

// The micro-batch size samples that data-parallel rank `dpRank` of `dpSize` reads
// for micro-batch `microBatchIndex` of iteration `iteration`. The global batch of
// an iteration is samples [iteration * globalBatch, (iteration + 1) * globalBatch);
// it is read as globalBatch / (microBatch * dpSize) rounds, and in each round rank
// r takes the r-th run of microBatch samples (Megatron's
// MegatronPretrainingSampler). Throws DataError when the sizes do not divide or
// an index is out of range.
std::vector<int64_t> dataParallelSampleIndices(int64_t iteration, int64_t microBatchIndex,
                                               int64_t dpRank, int64_t dpSize,
                                               int64_t microBatchSize, int64_t globalBatch);

} // namespace mtc::data
