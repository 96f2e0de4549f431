#include "data/GptDataset.h"

#include "data/DataError.h"
#include "data/NumpyRandom.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <numeric>

namespace mtc::data {
namespace {

std::string str(int64_t v) { return std::to_string(v); }

// Megatron separates the final epoch when fewer than this share of its samples
// are used (gpt_dataset.py: threshold).
constexpr double kFinalEpochThreshold = 0.80;

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

double numpySum(const std::vector<double> &values) {
  // numpy's pairwise_sum: sequential below 8 values, 8 interleaved partial sums
  // up to its block of 128, halves (multiples of 8) above.
  auto sum = [](auto &self, const double *a, size_t n) -> double {
    if (n < 8) {
      double res = 0.;
      for (size_t i = 0; i < n; ++i)
        res += a[i];
      return res;
    }
    if (n <= 128) {
      double r[8];
      for (int j = 0; j < 8; ++j)
        r[j] = a[j];
      size_t i = 8;
      for (; i < n - n % 8; i += 8)
        for (int j = 0; j < 8; ++j)
          r[j] += a[i + j];
      double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
      for (; i < n; ++i)
        res += a[i];
      return res;
    }
    size_t half = n / 2;
    half -= half % 8;
    return self(self, a, half) + self(self, a + half, n - half);
  };
  return sum(sum, values.data(), values.size());
}

std::vector<double> normalizeWeights(const std::vector<double> &weights) {
  const double total = numpySum(weights);
  std::vector<double> normalized;
  for (double w : weights)
    normalized.push_back(w / total);
  return normalized;
}

std::array<std::optional<IndexRange>, 3> splitIndices(const std::string &ratios,
                                                      int64_t count) {
  if (count < 0)
    throw DataError("split: negative count " + str(count));
  std::vector<double> weights;
  size_t start = 0;
  while (true) {
    size_t sep = ratios.find_first_of(",/", start);
    std::string field = ratios.substr(start, sep == std::string::npos ? sep : sep - start);
    const size_t b = field.find_first_not_of(" \t"), e = field.find_last_not_of(" \t");
    field = b == std::string::npos ? std::string() : field.substr(b, e - b + 1);
    // Megatron reads the runs of digits and '.'; anything else would be dropped
    // there without a word, so it is refused here.
    char *end = nullptr;
    double w = std::strtod(field.c_str(), &end);
    if (field.empty() || field.find_first_not_of("0123456789.") != std::string::npos ||
        *end != '\0')
      throw DataError("split '" + ratios + "': '" + field +
                      "' is not a non-negative number (expected e.g. \"969,30,1\")");
    weights.push_back(w);
    if (sep == std::string::npos)
      break;
    start = sep + 1;
  }
  if (weights.size() > 3)
    throw DataError("split '" + ratios + "' has " + str(weights.size()) +
                    " parts; at most 3 (train, valid, test)");
  weights.resize(3, 0.0);
  if (weights[0] + weights[1] + weights[2] <= 0)
    throw DataError("split '" + ratios + "': the weights sum to 0");
  // blended_megatron_dataset_config.py: normalized weights, their running sums
  // as book-ends, and each book-end times n rounded as Python's round() (half
  // to even, as nearbyint in the default rounding mode).
  const std::vector<double> fractions = normalizeWeights(weights);
  std::array<std::optional<IndexRange>, 3> ranges;
  double low = 0;
  for (int k = 0; k < 3; ++k) {
    const double high = low + fractions[k];
    if (high > low)
      ranges[k] = IndexRange{
          static_cast<int64_t>(std::nearbyint(low * static_cast<double>(count))),
          static_cast<int64_t>(std::nearbyint(high * static_cast<double>(count)))};
    low = high;
  }
  return ranges;
}

GptDataset::GptDataset(const IndexedDataset &data, IndexRange sequences, int64_t seqLength,
                       std::optional<int64_t> numSamples, int64_t seed, std::string name)
    : data_(data), name_(std::move(name)), sequences_(sequences), seqLength_(seqLength) {
  if (seqLength < 2)
    throw DataError("split '" + name_ + "': the sequence length must be at least 2, got " +
                    str(seqLength));
  if (sequences.begin < 0 || sequences.end < sequences.begin ||
      sequences.end > data.sequenceCount())
    throw DataError("split '" + name_ + "': sequences [" + str(sequences.begin) + ", " +
                    str(sequences.end) + ") are outside the dataset's " +
                    str(data.sequenceCount()) + " sequences");
  if (sequences.end > INT32_MAX)
    throw DataError("split '" + name_ + "': Megatron's document index holds int32 sequence "
                    "ids; the dataset has " + str(data.sequenceCount()) + " sequences");
  if (numSamples && *numSamples < 0)
    throw DataError("split '" + name_ + "': negative sample count " + str(*numSamples));
  for (int64_t s = sequences.begin; s < sequences.end; ++s)
    tokensPerEpoch_ += data.sequenceLength(s);
  // Megatron would loop forever on an empty split and assert on one token.
  if (tokensPerEpoch_ < 2)
    throw DataError("split '" + name_ + "' is too small: sequences [" + str(sequences.begin) +
                    ", " + str(sequences.end) + ") of '" + data.prefix() + "' hold " +
                    str(tokensPerEpoch_) + " tokens; a sample needs at least 2");

  // _get_num_epochs: enough epochs for numSamples samples of seq + 1 tokens
  // (neighbours share one, hence numSamples * seq + 1).
  if (numSamples) {
    const int64_t needed = *numSamples * seqLength + 1;
    epochs_ = std::max<int64_t>(1, (needed + tokensPerEpoch_ - 1) / tokensPerEpoch_);
  }
  int64_t samplesBeforeFinal = 0;
  if (epochs_ > 1) {
    samplesBeforeFinal = ((epochs_ - 1) * tokensPerEpoch_ - 1) / seqLength;
    const int64_t fromFinal = *numSamples - samplesBeforeFinal;
    const int64_t perEpoch = (tokensPerEpoch_ - 1) / seqLength;
    separateFinalEpoch_ =
        fromFinal < static_cast<int64_t>(kFinalEpochThreshold * static_cast<double>(perEpoch));
  }

  NumpyRandomState random(seed);
  // _build_document_index: the split's sequence ids once per epoch, shuffled as
  // one array, or the epochs before the last and the last one separately.
  const int64_t n = sequences.size();
  auto epochsOfIds = [&](int64_t epochs) {
    std::vector<int32_t> ids(static_cast<size_t>(epochs * n));
    for (int64_t e = 0; e < epochs; ++e)
      std::iota(ids.begin() + e * n, ids.begin() + (e + 1) * n,
                static_cast<int32_t>(sequences.begin));
    random.shuffle(ids);
    return ids;
  };
  if (separateFinalEpoch_) {
    documentIndex_ = epochsOfIds(epochs_ - 1);
    std::vector<int32_t> last = epochsOfIds(1);
    documentIndex_.insert(documentIndex_.end(), last.begin(), last.end());
  } else {
    documentIndex_ = epochsOfIds(epochs_);
  }

  buildSampleIndex();

  // _build_shuffle_index: [0, samples) shuffled, or the samples before the
  // final epoch and those from it each shuffled on their own.
  const int64_t total = static_cast<int64_t>(sampleIndex_.size() / 2) - 1;
  const int64_t first = separateFinalEpoch_ ? samplesBeforeFinal : total;
  std::vector<int64_t> head(static_cast<size_t>(first));
  std::iota(head.begin(), head.end(), int64_t{0});
  random.shuffle(head);
  if (first < total) {
    std::vector<int64_t> tail(static_cast<size_t>(total - first));
    std::iota(tail.begin(), tail.end(), first);
    random.shuffle(tail);
    head.insert(head.end(), tail.begin(), tail.end());
  }
  shuffleIndex_ = std::move(head);
}

// helpers.cpp build_sample_idx (drop_last_partial_sequence, one extra token):
// walk the shuffled sequences, recording where each sample of seq + 1 tokens
// starts; a sample ends on the token the next one starts with.
void GptDataset::buildSampleIndex() {
  const int64_t samples = (epochs_ * tokensPerEpoch_ - 1) / seqLength_;
  sampleIndex_.assign(static_cast<size_t>(2 * (samples + 1)), 0);
  int64_t position = 0, offset = 0;
  const int64_t last = static_cast<int64_t>(documentIndex_.size()) - 1;
  for (int64_t s = 1; s <= samples; ++s) {
    int64_t remaining = seqLength_ + 1;
    while (remaining != 0) {
      const int64_t length = data_.sequenceLength(documentIndex_[position]) - offset;
      remaining -= length;
      if (remaining <= 0) {
        offset += remaining + length - 1;
        remaining = 0;
      } else if (position == last) {
        // The stream ends exactly where the last sample does.
        offset = data_.sequenceLength(documentIndex_[position]) - 1;
        break;
      } else {
        ++position;
        offset = 0;
      }
    }
    sampleIndex_[2 * s] = position;
    sampleIndex_[2 * s + 1] = offset;
  }
}

void GptDataset::sample(int64_t index, int32_t *out) const {
  if (index < 0 || index >= size())
    throw DataError("split '" + name_ + "': sample " + str(index) + " outside the " +
                    str(size()) + " samples built for this run");
  const int64_t k = shuffleIndex_[index];
  const int64_t beginPos = sampleIndex_[2 * k], beginOffset = sampleIndex_[2 * k + 1];
  const int64_t endPos = sampleIndex_[2 * k + 2], endOffset = sampleIndex_[2 * k + 3];
  int64_t written = 0;
  for (int64_t p = beginPos; p <= endPos; ++p) {
    const int64_t sequence = documentIndex_[p];
    const int64_t from = p == beginPos ? beginOffset : 0;
    const int64_t to = p == endPos ? endOffset + 1 : data_.sequenceLength(sequence);
    data_.readSequence(sequence, from, to - from, out + written);
    written += to - from;
  }
  if (written != seqLength_ + 1)
    throw DataError("split '" + name_ + "': sample " + str(index) + " has " + str(written) +
                    " tokens, expected " + str(seqLength_ + 1) + " (internal error)");
}

std::vector<int32_t> GptDataset::sample(int64_t index) const {
  std::vector<int32_t> tokens(static_cast<size_t>(seqLength_ + 1));
  sample(index, tokens.data());
  return tokens;
}

std::vector<int64_t> shuffledRange(int64_t n, uint64_t seed) {
  std::vector<int64_t> order(static_cast<size_t>(n));
  std::iota(order.begin(), order.end(), int64_t{0});
  std::mt19937_64 rng(seed);
  for (int64_t i = n - 1; i > 0; --i) {
    auto j = static_cast<int64_t>(uniformBelow(rng, static_cast<uint64_t>(i) + 1));
    std::swap(order[i], order[j]);
  }
  return order;
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

} // namespace mtc::data
