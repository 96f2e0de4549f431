#include "data/GptBlend.h"

#include "data/DataError.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace mtc::data {
namespace {

std::string str(int64_t v) { return std::to_string(v); }

// Megatron's mid_level_dataset_surplus default: each dataset of a weighted
// blend builds this share more samples than the blend takes from it.
constexpr double kMidLevelSurplus = 0.005;

// A number as Python's float() reads it, or nothing.
std::optional<double> parseNumber(const std::string &word) {
  char *end = nullptr;
  double value = std::strtod(word.c_str(), &end);
  if (word.empty() || *end != '\0')
    return std::nullopt;
  return value;
}

} // namespace

DataBlend parseDataPath(const std::string &dataPath) {
  std::istringstream in(dataPath);
  std::vector<std::string> words;
  for (std::string word; in >> word;)
    words.push_back(word);
  if (words.empty())
    throw DataError("--data-path is empty (expected PREFIX, or weights and prefixes such as "
                    "\"0.3 A 0.7 B\")");
  DataBlend blend;
  // An odd count is prefixes only; an even one is weight/prefix pairs when the
  // first word of each pair is a number (get_blend_from_list).
  bool weighted = words.size() % 2 == 0;
  size_t numbers = 0;
  if (weighted) {
    for (size_t i = 0; i < words.size(); i += 2)
      numbers += parseNumber(words[i]).has_value();
    weighted = numbers > 0;
    if (weighted && numbers != words.size() / 2)
      throw DataError("--data-path '" + dataPath + "': some prefixes have a weight and some "
                      "do not; give WEIGHT PREFIX pairs, or prefixes only");
  }
  for (size_t i = 0; i < words.size(); i += weighted ? 2 : 1) {
    if (weighted) {
      const double w = *parseNumber(words[i]);
      if (!std::isfinite(w) || w <= 0)
        throw DataError("--data-path '" + dataPath + "': weight '" + words[i] + "' of '" +
                        words[i + 1] + "' must be a positive number");
      blend.weights.push_back(w);
      blend.prefixes.push_back(words[i + 1]);
    } else {
      blend.prefixes.push_back(words[i]);
    }
  }
  if (blend.prefixes.size() >= 32767)
    throw DataError("--data-path names " + str(blend.prefixes.size()) +
                    " datasets; Megatron's blend index holds at most 32766");
  return blend;
}

std::vector<int64_t> samplesPerDataset(const std::vector<double> &weights, int64_t target,
                                       double surplus) {
  std::vector<int64_t> sizes;
  for (double w : weights)
    sizes.push_back(static_cast<int64_t>(
        std::ceil(std::ceil(static_cast<double>(target) * w) * (1 + surplus))));
  return sizes;
}

void buildBlendingIndices(const std::vector<double> &weights, int64_t size,
                          std::vector<int16_t> &datasetIndex,
                          std::vector<int64_t> &datasetSampleIndex) {
  datasetIndex.assign(static_cast<size_t>(size), 0);
  datasetSampleIndex.assign(static_cast<size_t>(size), 0);
  std::vector<int64_t> taken(weights.size(), 0);
  for (int64_t j = 0; j < size; ++j) {
    // The dataset furthest behind its share after j samples (1 for the first).
    const double at = std::max(static_cast<double>(j), 1.0);
    size_t best = 0;
    double bestError = weights[0] * at - static_cast<double>(taken[0]);
    for (size_t i = 1; i < weights.size(); ++i) {
      const double error = weights[i] * at - static_cast<double>(taken[i]);
      if (error > bestError) {
        bestError = error;
        best = i;
      }
    }
    datasetIndex[j] = static_cast<int16_t>(best);
    datasetSampleIndex[j] = taken[best]++;
  }
}

GptSamples::GptSamples(std::unique_ptr<GptDataset> dataset) {
  size_ = dataset->size();
  datasets_.push_back(std::move(dataset));
}

GptSamples::GptSamples(std::vector<std::unique_ptr<GptDataset>> datasets,
                       const std::vector<double> &weights, int64_t size)
    : datasets_(std::move(datasets)), blended_(true), size_(size) {
  buildBlendingIndices(normalizeWeights(weights), size, datasetIndex_, datasetSampleIndex_);
  std::vector<int64_t> taken(datasets_.size(), 0);
  for (int16_t i : datasetIndex_)
    ++taken[i];
  for (size_t i = 0; i < datasets_.size(); ++i)
    if (taken[i] > datasets_[i]->size())
      throw DataError("the blend takes " + str(taken[i]) + " samples from '" +
                      datasets_[i]->name() + "', which has " + str(datasets_[i]->size()));
}

std::pair<int, int64_t> GptSamples::source(int64_t index) const {
  if (index < 0 || index >= size_)
    throw DataError("sample " + str(index) + " outside the " + str(size_) +
                    " samples built for this run");
  if (!blended_)
    return {0, index};
  return {datasetIndex_[index], datasetSampleIndex_[index]};
}

void GptSamples::sample(int64_t index, int32_t *out) const {
  auto [dataset, sample] = source(index);
  datasets_[dataset]->sample(sample, out);
}

std::string GptSamples::describe() const {
  std::ostringstream os;
  os << size_ << " samples";
  for (const auto &d : datasets_)
    os << (blended_ ? (&d == &datasets_.front() ? " blended from " : ", ") : " from ") << "'"
       << d->name() << "' (" << d->tokensPerEpoch() << " tokens, " << d->epochs()
       << (d->epochs() == 1 ? " epoch)" : " epochs)");
  return os.str();
}

std::unique_ptr<GptSamples> buildGptSplit(const std::vector<const IndexedDataset *> &datasets,
                                          const DataBlend &blend, const std::string &split,
                                          const GptSplitRequest &request) {
  const int k = static_cast<int>(request.split);
  const std::string splitText = splitName(request.split);
  auto build = [&](size_t i, std::optional<int64_t> samples) {
    const IndexedDataset &data = *datasets[i];
    const IndexRange range = *splitIndices(split, data.sequenceCount())[k];
    return std::make_unique<GptDataset>(data, range, request.seqLength, samples, request.seed,
                                        data.prefix() + " [" + splitText + "]");
  };
  if (!splitIndices(split, 1)[k])
    return nullptr; // --split gives this split no share
  const bool weighted = !blend.weights.empty();
  if (datasets.size() == 1 && !weighted)
    return std::make_unique<GptSamples>(build(0, request.samples));

  std::vector<std::unique_ptr<GptDataset>> parts;
  std::vector<double> weights;
  int64_t size = 0;
  if (weighted) {
    const std::vector<double> normalized = normalizeWeights(blend.weights);
    const std::vector<int64_t> target = samplesPerDataset(normalized, request.samples, 0.0);
    const std::vector<int64_t> buffer =
        samplesPerDataset(normalized, request.samples, kMidLevelSurplus);
    for (size_t i = 0; i < datasets.size(); ++i) {
      parts.push_back(build(i, buffer[i]));
      size += target[i];
    }
    weights = normalized;
  } else {
    // One epoch of each, blended by size, as many samples as asked for if there are.
    int64_t available = 0;
    for (size_t i = 0; i < datasets.size(); ++i) {
      parts.push_back(build(i, std::nullopt));
      weights.push_back(static_cast<double>(parts.back()->size()));
      available += parts.back()->size();
    }
    size = std::min(request.samples, available);
  }
  return std::make_unique<GptSamples>(std::move(parts), weights, size);
}

} // namespace mtc::data
