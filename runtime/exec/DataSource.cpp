#include "exec/DataSource.h"

#include "data/DataError.h"
#include "data/WordPiece.h"

#include <vector>

namespace mtc::runtime {

Objective parseObjective(const std::string &name) {
  if (name.empty() || name == "causal_lm")
    return Objective::CausalLm; // plans from before objectives were named
  if (name == "masked_lm")
    return Objective::MaskedLm;
  if (name == "masked_lm+sop")
    return Objective::MaskedLmSop;
  throw data::DataError("the plan's objective '" + name +
                        "' is unknown to this runtime (causal_lm, masked_lm, masked_lm+sop)");
}

void BatchSource::fill(int64_t iteration, int64_t microIndex, MicroBatchInputs &out) {
  std::vector<int64_t> indices = data::dataParallelSampleIndices(
      iteration, microIndex, geometry.dpRank, geometry.dpSize, geometry.microBatch,
      geometry.globalBatch);
  for (size_t b = 0; b < indices.size(); ++b)
    fillRow(indices[b], static_cast<int64_t>(b), out);
}

namespace {

// The layout BERT's inputs must have; a plan for another objective has none.
void requireBertInputs(const MicroBatchInputs &out, const BatchGeometry &g) {
  const size_t rows = static_cast<size_t>(g.microBatch), ids = rows * g.seq;
  if (out.tokenTypes.size() != ids || out.lengths.size() != rows)
    throw data::DataError("BERT samples need a model with token types and padding "
                          "lengths (a masked-LM plan)");
}

// A causal LM's row: seq + 1 tokens, inputs [0, seq) and targets [1, seq].
void writeCausalRow(const int32_t *sample, int64_t seq, int64_t row, MicroBatchInputs &out) {
  std::copy(sample, sample + seq, out.tokens.begin() + row * seq);
  std::copy(sample + 1, sample + seq + 1, out.targets.begin() + row * seq);
}

uint64_t splitMix(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class SyntheticSource : public BatchSource {
public:
  SyntheticSource(BatchGeometry g, int64_t vocab, uint64_t seed, Objective objective)
      : BatchSource(g), vocab(vocab), seed(seed), objective(objective) {}
  std::string describe() const override {
    return std::string(objective == Objective::CausalLm ? "synthetic tokens"
                                                        : "synthetic masked tokens") +
           " (vocab " + std::to_string(vocab) + ")";
  }

protected:
  void fillRow(int64_t index, int64_t row, MicroBatchInputs &out) override {
    const int64_t seq = geometry.seq;
    uint64_t base = splitMix(seed ^ splitMix(static_cast<uint64_t>(index)));
    auto token = [&](int64_t i) {
      return static_cast<int32_t>(splitMix(base + i) % static_cast<uint64_t>(vocab));
    };
    if (objective == Objective::CausalLm) {
      std::vector<int32_t> sample(seq + 1);
      for (int64_t i = 0; i <= seq; ++i)
        sample[i] = token(i);
      writeCausalRow(sample.data(), seq, row, out);
      return;
    }
    requireBertInputs(out, geometry);
    for (int64_t i = 0; i < seq; ++i) {
      const size_t at = static_cast<size_t>(row * seq + i);
      const uint64_t draw = splitMix(base ^ splitMix(~static_cast<uint64_t>(i)));
      const bool predicted = draw % 100 < 15;
      out.targets[at] = predicted ? token(i) : -1;
      // A predicted position shows another token: the answer is not in the input.
      out.tokens[at] = predicted && vocab > 1
                           ? static_cast<int32_t>((token(i) + 1 + draw % (vocab - 1)) % vocab)
                           : token(i);
      out.tokenTypes[at] = i < seq / 2 ? 0 : 1;
    }
    out.lengths[row] = static_cast<int32_t>(seq);
    if (!out.sentenceLabels.empty())
      out.sentenceLabels[row] = static_cast<int32_t>(splitMix(base) & 1);
  }

private:
  int64_t vocab;
  uint64_t seed;
  Objective objective;
};

class DatasetSource : public BatchSource {
public:
  DatasetSource(BatchGeometry g, const data::GptDataset &dataset, int64_t vocab,
                std::string name)
      : BatchSource(g), dataset(dataset), vocab(vocab), name(std::move(name)) {}
  std::string describe() const override {
    return name + " (" + std::to_string(dataset.tokenCount()) + " tokens, " +
           std::to_string(dataset.samplesPerEpoch()) + " samples per epoch)";
  }

protected:
  void fillRow(int64_t index, int64_t row, MicroBatchInputs &out) override {
    std::vector<int32_t> sample(geometry.seq + 1);
    dataset.sample(index, sample.data());
    for (int32_t id : sample)
      if (id < 0 || id >= vocab)
        throw data::DataError(name + ": sample " + std::to_string(index) + " holds token id " +
                              std::to_string(id) + ", outside the model's vocabulary of " +
                              std::to_string(vocab) +
                              " (was the dataset tokenized for another model?)");
    writeCausalRow(sample.data(), geometry.seq, row, out);
  }

private:
  const data::GptDataset &dataset;
  int64_t vocab;
  std::string name;
};

class BertSource : public BatchSource {
public:
  BertSource(BatchGeometry g, const data::BertDataset &dataset, std::string name)
      : BatchSource(g), dataset(dataset), name(std::move(name)) {}
  std::string describe() const override {
    return name + " (BERT samples: " + std::to_string(dataset.samplesPerEpoch()) +
           " per epoch)";
  }

protected:
  void fillRow(int64_t index, int64_t row, MicroBatchInputs &out) override {
    requireBertInputs(out, geometry);
    data::BertSample sample;
    dataset.sample(index, sample);
    const int64_t seq = geometry.seq;
    if (static_cast<int64_t>(sample.tokens.size()) != seq)
      throw data::DataError(name + ": sample " + std::to_string(index) + " has " +
                            std::to_string(sample.tokens.size()) + " tokens, the model " +
                            std::to_string(seq));
    std::copy(sample.tokens.begin(), sample.tokens.end(), out.tokens.begin() + row * seq);
    std::copy(sample.labels.begin(), sample.labels.end(), out.targets.begin() + row * seq);
    std::copy(sample.tokenTypes.begin(), sample.tokenTypes.end(),
              out.tokenTypes.begin() + row * seq);
    out.lengths[row] = sample.length;
    if (!out.sentenceLabels.empty())
      out.sentenceLabels[row] = sample.isRandom;
  }

private:
  const data::BertDataset &dataset;
  std::string name;
};

} // namespace

std::unique_ptr<BatchSource> makeSyntheticSource(BatchGeometry geometry, int64_t vocab,
                                                 uint64_t seed, Objective objective) {
  return std::make_unique<SyntheticSource>(geometry, vocab, seed, objective);
}

IndexedData::IndexedData(const std::string &prefix, const std::string &split, int64_t seq,
                         uint64_t seed, Objective objective, const BertDataConfig &bert,
                         int64_t vocab)
    : prefix(prefix), dataset(prefix), objective(objective) {
  ranges = data::splitDocuments(split, dataset.documentCount());
  data::BertDatasetOptions options;
  if (objective != Objective::CausalLm) {
    if (bert.vocabFile.empty())
      throw data::DataError("a BERT model reads its data with the vocabulary it was "
                            "tokenized with: give --vocab-file vocab.txt");
    data::WordPieceVocab words = data::WordPieceVocab::fromFile(bert.vocabFile);
    if (words.size() > vocab)
      throw data::DataError("'" + bert.vocabFile + "' has " + std::to_string(words.size()) +
                            " tokens, more than the model's vocabulary of " +
                            std::to_string(vocab));
    options.seqLength = seq;
    options.maskProb = bert.maskProb;
    options.shortSeqProb = bert.shortSeqProb;
    options.seed = seed;
    options.binaryHead = objective == Objective::MaskedLmSop;
    options.special = {words.clsId(), words.sepId(), words.maskId(), words.padId()};
    options.vocabSize = words.size();
    for (uint8_t flag : words.continuationFlags())
      options.isContinuation.push_back(flag != 0);
  }
  for (int s = 0; s < 3; ++s) {
    if (ranges[s].size() == 0)
      continue;
    const char *name = data::splitName(static_cast<data::Split>(s));
    try {
      if (objective == Objective::CausalLm)
        splits[s] = std::make_unique<data::GptDataset>(dataset, ranges[s], seq, seed, name);
      else
        bertSplits[s] = std::make_unique<data::BertDataset>(dataset, ranges[s], options, name);
    } catch (const data::DataError &e) {
      if (s == 0)
        throw; // no training without training data
      problems[s] = e.what(); // a tiny valid/test split only disables evaluation
    }
  }
}

std::unique_ptr<BatchSource> IndexedData::source(data::Split split, BatchGeometry geometry,
                                                 int64_t vocab) const {
  std::string name = prefix + " [" + data::splitName(split) + "]";
  if (const auto &bert = bertSplits[static_cast<int>(split)])
    return std::make_unique<BertSource>(geometry, *bert, name);
  const auto &dataset = splits[static_cast<int>(split)];
  if (!dataset)
    return nullptr;
  return std::make_unique<DatasetSource>(geometry, *dataset, vocab, name);
}

} // namespace mtc::runtime
