#include "data/GptDataset.h"

#include "data/DataError.h"

#include <cfenv>
#include <cmath>
#include <cstdlib>
#include <random>

namespace mtc::data {
namespace {

uint64_t splitMix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}


std::string trim(const std::string &s) {
  size_t b = s.find_first_not_of(" \t");
  size_t e = s.find_last_not_of(" \t");
  return b == std::string::npos ? std::string() : s.substr(b, e - b + 1);
}

} // namespace

const char *splitName(Split split) {
  switch (split) {
  case Split::Train:
    return "train";
  case Split::Valid:
    return "valid";
  case Split::Test:
    return "test";
  }
  return "?";
}

std::array<DocumentRange, 3> splitDocuments(const std::string &ratios, int64_t documentCount) {
  if (documentCount < 0)
    throw DataError("split: negative document count " + std::to_string(documentCount));
  std::vector<double> weights;
  size_t start = 0;
  while (true) {
    size_t sep = ratios.find_first_of(",/", start);
    std::string field = trim(ratios.substr(start, sep == std::string::npos ? sep : sep - start));
    char *end = nullptr;
    double w = std::strtod(field.c_str(), &end);
    if (field.empty() || *end != '\0' || !std::isfinite(w) || w < 0)
      throw DataError("split '" + ratios + "': '" + field +
                      "' is not a non-negative number (expected e.g. \"949,50,1\")");
    weights.push_back(w);
    if (sep == std::string::npos)
      break;
    start = sep + 1;
  }
  if (weights.size() > 3)
    throw DataError("split '" + ratios + "' has " + std::to_string(weights.size()) +
                    " parts; at most 3 (train, valid, test)");
  weights.resize(3, 0.0);
  double sum = weights[0] + weights[1] + weights[2];
  if (sum <= 0)
    throw DataError("split '" + ratios + "': the weights sum to 0");

  // Megatron: cumulative sums of round(weight * n), then every boundary shifted by
  // the rounding excess so the last one lands on n. Python's round() rounds half
  // to even, as nearbyint does in the default rounding mode.
  std::array<int64_t, 4> index{0, 0, 0, 0};
  for (int k = 0; k < 3; ++k)
    index[k + 1] = index[k] + static_cast<int64_t>(std::nearbyint(
                                  weights[k] / sum * static_cast<double>(documentCount)));
  int64_t excess = index[3] - documentCount;
  for (int k = 1; k < 4; ++k)
    index[k] = std::max<int64_t>(0, index[k] - excess);
  std::array<DocumentRange, 3> ranges;
  for (int k = 0; k < 3; ++k)
    ranges[k] = DocumentRange{index[k], std::max(index[k], index[k + 1])};
  return ranges;
}

std::vector<int64_t> shuffledRange(int64_t n, uint64_t seed) {
  std::vector<int64_t> order(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i)
    order[i] = i;
  std::mt19937_64 rng(seed);
  for (int64_t i = n - 1; i > 0; --i) {
    auto j = static_cast<int64_t>(uniformBelow(rng, static_cast<uint64_t>(i) + 1));
    std::swap(order[i], order[j]);
  }
  return order;
}

GptDataset::GptDataset(const IndexedDataset &data, DocumentRange documents, int64_t seqLength,
                       uint64_t seed, std::string name)
    : data_(data), name_(std::move(name)), seqLength_(seqLength), seed_(seed) {
  if (seqLength <= 0)
    throw DataError("split '" + name_ + "': sequence length must be positive, got " +
                    std::to_string(seqLength));
  if (documents.begin < 0 || documents.end < documents.begin ||
      documents.end > data.documentCount())
    throw DataError("split '" + name_ + "': documents [" + std::to_string(documents.begin) +
                    ", " + std::to_string(documents.end) + ") are outside the dataset's " +
                    std::to_string(data.documentCount()) + " documents");
  firstToken_ = documents.size() ? data.documentStart(documents.begin) : 0;
  int64_t endToken = documents.size() ? data.documentStart(documents.end - 1) +
                                            data.documentLength(documents.end - 1)
                                      : 0;
  tokenCount_ = endToken - firstToken_;
  if (tokenCount_ < seqLength + 1)
    throw DataError("split '" + name_ + "' is too small: " + std::to_string(documents.size()) +
                    " documents [" + std::to_string(documents.begin) + ", " +
                    std::to_string(documents.end) + ") hold " + std::to_string(tokenCount_) +
                    " tokens, but one sample needs seq + 1 = " + std::to_string(seqLength + 1) +
                    " tokens");
  samplesPerEpoch_ = (tokenCount_ - 1) / seqLength;
}

int64_t GptDataset::unshuffledSample(int64_t index) const {
  if (index < 0)
    throw DataError("split '" + name_ + "': negative sample index " + std::to_string(index));
  int64_t epoch = index / samplesPerEpoch_;
  std::lock_guard<std::mutex> lock(mutex_);
  if (epoch != cachedEpoch_) {
    order_ = shuffledRange(samplesPerEpoch_, splitMix64(seed_ ^ splitMix64(epoch)));
    cachedEpoch_ = epoch;
  }
  return order_[index % samplesPerEpoch_];
}

void GptDataset::sample(int64_t index, int32_t *out) const {
  int64_t k = unshuffledSample(index);
  data_.readTokens(firstToken_ + k * seqLength_, seqLength_ + 1, out);
}

std::vector<int32_t> GptDataset::sample(int64_t index) const {
  std::vector<int32_t> tokens(seqLength_ + 1);
  sample(index, tokens.data());
  return tokens;
}

std::vector<int64_t> dataParallelSampleIndices(int64_t iteration, int64_t microBatchIndex,
                                               int64_t dpRank, int64_t dpSize,
                                               int64_t microBatchSize, int64_t globalBatch) {
  auto n = [](int64_t v) { return std::to_string(v); };
  if (dpSize <= 0 || microBatchSize <= 0 || globalBatch <= 0 || iteration < 0)
    throw DataError("batch layout: iteration " + n(iteration) + ", data-parallel size " +
                    n(dpSize) + ", micro-batch " + n(microBatchSize) + ", global batch " +
                    n(globalBatch) + ": sizes must be positive and the iteration non-negative");
  if (globalBatch % (microBatchSize * dpSize) != 0)
    throw DataError("batch layout: global batch " + n(globalBatch) +
                    " is not divisible by micro-batch " + n(microBatchSize) +
                    " x data-parallel size " + n(dpSize) + " = " + n(microBatchSize * dpSize));
  const int64_t microBatches = globalBatch / (microBatchSize * dpSize);
  if (dpRank < 0 || dpRank >= dpSize)
    throw DataError("batch layout: data-parallel rank " + n(dpRank) + " outside [0, " +
                    n(dpSize) + ")");
  if (microBatchIndex < 0 || microBatchIndex >= microBatches)
    throw DataError("batch layout: micro-batch index " + n(microBatchIndex) + " outside [0, " +
                    n(microBatches) + ") (global batch " + n(globalBatch) + " / (micro-batch " +
                    n(microBatchSize) + " x data-parallel size " + n(dpSize) + "))");
  const int64_t consumed = iteration * globalBatch;
  const int64_t first =
      consumed + microBatchIndex * microBatchSize * dpSize + dpRank * microBatchSize;
  std::vector<int64_t> indices(microBatchSize);
  for (int64_t k = 0; k < microBatchSize; ++k)
    indices[k] = first + k;
  return indices;
}

// Rejection sampling: std::uniform_int_distribution's algorithm differs
// between standard libraries.
uint64_t uniformBelow(std::mt19937_64 &rng, uint64_t bound) {
  const uint64_t threshold = (0 - bound) % bound; // 2^64 mod bound
  uint64_t r;
  do
    r = rng();
  while (r < threshold);
  return r % bound;
}

} // namespace mtc::data
