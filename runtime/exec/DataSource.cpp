#include "exec/DataSource.h"

#include "data/DataError.h"

#include <vector>

namespace mtc::runtime {

void BatchSource::fill(int64_t iteration, int64_t microIndex, int32_t *tokens,
                       int32_t *targets) {
  const int64_t seq = geometry.seq;
  std::vector<int64_t> indices = data::dataParallelSampleIndices(
      iteration, microIndex, geometry.dpRank, geometry.dpSize, geometry.microBatch,
      geometry.globalBatch);
  std::vector<int32_t> sampleTokens(seq + 1);
  for (size_t b = 0; b < indices.size(); ++b) {
    sample(indices[b], sampleTokens.data());
    std::copy(sampleTokens.begin(), sampleTokens.begin() + seq, tokens + b * seq);
    std::copy(sampleTokens.begin() + 1, sampleTokens.end(), targets + b * seq);
  }
}

namespace {

uint64_t splitMix(uint64_t z) {
  z += 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

class SyntheticSource : public BatchSource {
public:
  SyntheticSource(BatchGeometry g, int64_t vocab, uint64_t seed)
      : BatchSource(g), vocab(vocab), seed(seed) {}
  std::string describe() const override {
    return "synthetic tokens (vocab " + std::to_string(vocab) + ")";
  }

protected:
  void sample(int64_t index, int32_t *out) override {
    uint64_t base = splitMix(seed ^ splitMix(static_cast<uint64_t>(index)));
    for (int64_t i = 0; i <= geometry.seq; ++i)
      out[i] = static_cast<int32_t>(splitMix(base + i) % static_cast<uint64_t>(vocab));
  }

private:
  int64_t vocab;
  uint64_t seed;
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
  void sample(int64_t index, int32_t *out) override {
    dataset.sample(index, out);
    for (int64_t i = 0; i <= geometry.seq; ++i)
      if (out[i] < 0 || out[i] >= vocab)
        throw data::DataError(name + ": sample " + std::to_string(index) + " holds token id " +
                              std::to_string(out[i]) + ", outside the model's vocabulary of " +
                              std::to_string(vocab) +
                              " (was the dataset tokenized for another model?)");
  }

private:
  const data::GptDataset &dataset;
  int64_t vocab;
  std::string name;
};

} // namespace

std::unique_ptr<BatchSource> makeSyntheticSource(BatchGeometry geometry, int64_t vocab,
                                                 uint64_t seed) {
  return std::make_unique<SyntheticSource>(geometry, vocab, seed);
}

IndexedData::IndexedData(const std::string &prefix, const std::string &split, int64_t seq,
                         uint64_t seed)
    : prefix(prefix), dataset(prefix) {
  ranges = data::splitDocuments(split, dataset.documentCount());
  for (int s = 0; s < 3; ++s) {
    if (ranges[s].size() == 0)
      continue;
    try {
      splits[s] = std::make_unique<data::GptDataset>(
          dataset, ranges[s], seq, seed, data::splitName(static_cast<data::Split>(s)));
    } catch (const data::DataError &e) {
      if (s == 0)
        throw; // no training without training data
      problems[s] = e.what(); // a tiny valid/test split only disables evaluation
    }
  }
}

std::unique_ptr<BatchSource> IndexedData::source(data::Split split, BatchGeometry geometry,
                                                 int64_t vocab) const {
  const auto &dataset = splits[static_cast<int>(split)];
  if (!dataset)
    return nullptr;
  return std::make_unique<DatasetSource>(geometry, *dataset, vocab,
                                         prefix + " [" + data::splitName(split) + "]");
}

} // namespace mtc::runtime
