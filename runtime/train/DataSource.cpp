#include "train/DataSource.h"

#include "data/DataError.h"
#include "data/ModelTokenizer.h"
#include "data/Tokenizer.h"
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

// GPT samples; their ids were checked against the vocabulary when the data
// was opened.
class DatasetSource : public BatchSource {
public:
  DatasetSource(BatchGeometry g, const data::GptSamples &samples, std::string name)
      : BatchSource(g), samples(samples), name(std::move(name)) {}
  std::string describe() const override {
    return name + " (" + samples.describe() + ")";
  }

protected:
  void fillRow(int64_t index, int64_t row, MicroBatchInputs &out) override {
    std::vector<int32_t> sample(geometry.seq + 1);
    samples.sample(index, sample.data());
    writeCausalRow(sample.data(), geometry.seq, row, out);
  }

private:
  const data::GptSamples &samples;
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

namespace {

// The BERT sampler's options from the vocabulary the data was tokenized with.
data::BertDatasetOptions bertOptions(const IndexedDataConfig &config) {
  const BertDataConfig &bert = config.bert;
  if (bert.vocabFile.empty())
    throw data::DataError("a BERT model reads its data with the vocabulary it was "
                          "tokenized with: give --vocab-file vocab.txt");
  data::WordPieceVocab words = data::WordPieceVocab::fromFile(bert.vocabFile);
  if (words.size() > config.modelVocab)
    throw data::DataError("'" + bert.vocabFile + "' has " + std::to_string(words.size()) +
                          " tokens, more than the model's vocabulary of " +
                          std::to_string(config.modelVocab));
  data::BertDatasetOptions options;
  options.seqLength = config.seq;
  options.maskProb = bert.maskProb;
  options.shortSeqProb = bert.shortSeqProb;
  options.seed = static_cast<uint64_t>(config.seed);
  options.binaryHead = config.objective == Objective::MaskedLmSop;
  options.special = {words.clsId(), words.sepId(), words.maskId(), words.padId()};
  options.vocabSize = words.size();
  for (uint8_t flag : words.continuationFlags())
    options.isContinuation.push_back(flag != 0);
  return options;
}

// The ids a GPT model's data may hold, and what to call that range; `line`
// describes a model tokenizer for the log.
std::pair<int64_t, std::string> gptVocabulary(const IndexedDataConfig &config,
                                              std::string &line) {
  if (!config.tokenizerModel.empty()) {
    auto kind = data::modelTokenizerKind(config.tokenizerType);
    if (!kind)
      throw data::DataError("--tokenizer-model is read by the LLaMA-family tokenizer types, "
                            "not " + config.tokenizerType);
    data::ModelTokenizer tokenizer = data::ModelTokenizer::open(*kind, config.tokenizerModel);
    if (tokenizer.vocabSize() > config.modelVocab)
      throw data::DataError("--tokenizer-model '" + config.tokenizerModel + "' has " +
                            std::to_string(tokenizer.vocabSize()) +
                            " tokens, more than the model's vocabulary of " +
                            std::to_string(config.modelVocab));
    auto id = [](int32_t v) { return v < 0 ? std::string("none") : std::to_string(v); };
    line = "tokenizer: " + config.tokenizerType + " '" + tokenizer.path() + "', " +
           std::to_string(tokenizer.vocabSize()) + " tokens (bos " + id(tokenizer.bosId()) +
           (tokenizer.prefix().empty() ? "" : ", put before each document") +
           ", end of document " + id(tokenizer.eodId()) + ")";
    return {tokenizer.vocabSize(), "the tokenizer '" + config.tokenizerModel + "'"};
  }
  if (config.gptVocabFile.empty())
    return {config.modelVocab, "the model's vocabulary"};
  data::Tokenizer tokenizer(config.gptVocabFile, config.gptMergeFile);
  if (tokenizer.vocabSize() > config.modelVocab)
    throw data::DataError("--vocab-file '" + config.gptVocabFile + "' has " +
                          std::to_string(tokenizer.vocabSize()) +
                          " tokens, more than the model's vocabulary of " +
                          std::to_string(config.modelVocab));
  return {tokenizer.vocabSize(), "the vocabulary '" + config.gptVocabFile + "'"};
}

} // namespace

IndexedData::IndexedData(const IndexedDataConfig &config) : config(config) {
  const data::DataBlend blend = data::parseDataPath(config.dataPath);
  const bool bert = config.objective != Objective::CausalLm;
  if (bert && blend.prefixes.size() > 1)
    throw data::DataError("--data-path '" + config.dataPath + "': blends of several datasets "
                          "are implemented for GPT models; a BERT model reads one");
  data::BertDatasetOptions options;
  std::pair<int64_t, std::string> vocabulary;
  if (bert) {
    options = bertOptions(config);
    vocabulary = {options.vocabSize, "the vocabulary '" + config.bert.vocabFile + "'"};
  } else {
    vocabulary = gptVocabulary(config, tokenizerLine);
  }
  std::vector<const data::IndexedDataset *> opened;
  for (const std::string &prefix : blend.prefixes) {
    datasets.push_back(std::make_unique<data::IndexedDataset>(prefix));
    // Now rather than when a sample holding a bad id is first read.
    datasets.back()->checkTokenIds(vocabulary.first, vocabulary.second);
    opened.push_back(datasets.back().get());
  }

  for (int s = 0; s < 2; ++s) {
    const auto split = static_cast<data::Split>(s);
    try {
      if (bert) {
        // Megatron splits BERT data by documents.
        auto range = data::splitIndices(config.split, datasets[0]->documentCount())[s];
        if (range && range->size() > 0)
          bertSplits[s] = std::make_unique<data::BertDataset>(*datasets[0], *range, options,
                                                              data::splitName(split));
        else
          problems[s] = "--split " + config.split + " gives it no documents";
        continue;
      }
      const int64_t samples = s == 0 ? config.trainSamples : config.validSamples;
      if (samples <= 0)
        continue;
      gptSplits[s] = data::buildGptSplit(opened, blend, config.split,
                                         {split, samples, config.seq, config.seed});
      if (!gptSplits[s])
        problems[s] = "--split " + config.split + " gives it no share";
      else if (gptSplits[s]->size() < samples)
        throw data::DataError("the " + std::string(data::splitName(split)) + " split has " +
                              std::to_string(gptSplits[s]->size()) + " samples, the run reads " +
                              std::to_string(samples));
    } catch (const data::DataError &e) {
      if (s == 0)
        throw; // no training without training data
      gptSplits[s].reset();
      problems[s] = e.what(); // an unusable valid split only disables evaluation
    }
  }
}

IndexedData::~IndexedData() = default;

std::vector<std::string> IndexedData::describe() const {
  std::vector<std::string> lines;
  if (!tokenizerLine.empty())
    lines.push_back(tokenizerLine);
  for (int s = 0; s < 2; ++s)
    if (gptSplits[s])
      lines.push_back(std::string(data::splitName(static_cast<data::Split>(s))) + " data: " +
                      gptSplits[s]->describe());
  return lines;
}

std::unique_ptr<BatchSource> IndexedData::source(data::Split split,
                                                 BatchGeometry geometry) const {
  std::string name = config.dataPath + " [" + data::splitName(split) + "]";
  if (const auto &bert = bertSplits[static_cast<int>(split)])
    return std::make_unique<BertSource>(geometry, *bert, name);
  const auto &samples = gptSplits[static_cast<int>(split)];
  if (!samples)
    return nullptr;
  return std::make_unique<DatasetSource>(geometry, *samples, name);
}

} // namespace mtc::runtime
