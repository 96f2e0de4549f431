// BERT training samples over an indexed dataset whose documents are split into
// sentences (one sequence per sentence), as Megatron-LM builds them:
//
// - the samples mapping (Megatron's helpers.cpp build_mapping): each document's
//   sentences are walked and cut into runs that reach a target length
//   (seqLength - 3, sometimes shorter); a run is a sample;
// - each epoch visits the samples in its own seeded random order;
// - sample(i) draws from an RNG seeded by (seed, i): segments A and B (swapped
//   half the time for sentence-order prediction), truncation to the target,
//   [CLS] A [SEP] B [SEP], whole-word n-gram masking, padding.
//
// The rules, and where the random bits differ from Megatron's, are in
// docs/data.md ("BERT samples").
#pragma once
#include "data/GptDataset.h"
#include "data/IndexedDataset.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace mtc::data {

struct BertSpecialTokens {
  int32_t cls, sep, mask, pad;
};

struct BertDatasetOptions {
  int64_t seqLength = 512;  // max_seq_length, [CLS] and [SEP]s included
  double maskProb = 0.15;   // masked_lm_prob
  double shortSeqProb = 0.1;
  uint64_t seed = 1234;
  bool binaryHead = true;   // sentence-order prediction (A/B swapped half the time)
  BertSpecialTokens special;
  int64_t vocabSize = 0;    // random replacements are drawn from [0, vocabSize)
  std::vector<bool> isContinuation; // per id: token starts with "##" (whole-word masking); may be empty
};

struct BertSample {
  std::vector<int32_t> tokens;     // [seqLength]: [CLS] A [SEP] B [SEP] then pad ids
  std::vector<int32_t> tokenTypes; // [seqLength]: 0 for [CLS] A [SEP], 1 for B [SEP], 0 for padding
  std::vector<int32_t> labels;     // [seqLength]: the original id at masked positions, -1 elsewhere
  int32_t length = 0;              // tokens before padding
  int32_t isRandom = 0;            // sentence-order label: 1 when A and B were swapped
};

class BertDataset {
public:
  // Throws DataError (naming the split and the numbers) for invalid options and
  // when the documents hold no usable sample. `data` must outlive the dataset.
  BertDataset(const IndexedDataset &data, DocumentRange documents, BertDatasetOptions options,
              std::string name = "train");

  int64_t samplesPerEpoch() const { return static_cast<int64_t>(mapping_.size()); }
  const BertDatasetOptions &options() const { return options_; }

  // Sample `index` (any index >= 0; epochs continue with a new order). A pure
  // function of the files, the options and the index; safe to call concurrently.
  // Throws DataError for a token id outside [0, vocabSize).
  void sample(int64_t index, BertSample &out) const;

  // One entry of the samples mapping: sentences [firstSentence, endSentence)
  // of one document, cut to targetLength tokens (without [CLS] and [SEP]s).
  struct Span {
    int64_t firstSentence;
    int64_t endSentence;
    int32_t targetLength;
  };
  // The mapping entry sample `index` reads (its epoch's shuffled order applied).
  Span span(int64_t index) const;

private:
  const IndexedDataset &data_;
  BertDatasetOptions options_;
  std::string name_;
  std::vector<Span> mapping_;          // one epoch, in document order
  mutable std::mutex mutex_;           // guards the cached permutation
  mutable int64_t cachedEpoch_ = -1;
  mutable std::vector<int64_t> order_;
};

} // namespace mtc::data
