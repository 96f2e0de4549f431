// Megatron-LM's --data-path and its blends: one or several indexed datasets,
// each split by --split, whose samples are interleaved as Megatron's
// BlendedMegatronDatasetBuilder and BlendedDataset interleave them
// (megatron/core/datasets/blended_*.py and helpers.cpp's
// build_blending_indices):
//
// - "A": one dataset, its split read as one GptDataset of the run's length.
// - "0.3 A 0.7 B": weights normalized; dataset i builds
//   ceil(ceil(n * w_i) * 1.005) samples for a split of n, the blend has
//   sum_i ceil(n * w_i) samples, and sample j comes from the dataset whose
//   share lags its weight most (ties to the lower index).
// - "A B": each dataset one epoch, weighted by its sample count, the blend
//   min(n, all samples) long.
#pragma once
#include "data/GptDataset.h"

#include <memory>
#include <string>
#include <vector>

namespace mtc::data {

struct DataBlend {
  std::vector<std::string> prefixes;
  std::vector<double> weights; // as given (not normalized); empty without weights
};

// Megatron's get_blend_from_list over the whitespace-separated words of
// `dataPath`. Throws DataError for an empty list, weights mixed with prefixes,
// and weights that are not positive numbers.
DataBlend parseDataPath(const std::string &dataPath);

// Megatron's target samples per dataset for a split of `target` samples:
// ceil(ceil(target * w) * (1 + surplus)) for each normalized weight w.
std::vector<int64_t> samplesPerDataset(const std::vector<double> &weights, int64_t target,
                                       double surplus);

// helpers.cpp build_blending_indices: for each of `size` samples, the dataset
// and that dataset's sample number.
void buildBlendingIndices(const std::vector<double> &weights, int64_t size,
                          std::vector<int16_t> &datasetIndex,
                          std::vector<int64_t> &datasetSampleIndex);

// One split's samples: one dataset, or a blend of several.
class GptSamples {
public:
  explicit GptSamples(std::unique_ptr<GptDataset> dataset);
  // Samples interleaved by `weights` (normalized here, as BlendedDataset does).
  // Throws DataError when a dataset would be asked for more samples than it has.
  GptSamples(std::vector<std::unique_ptr<GptDataset>> datasets,
             const std::vector<double> &weights, int64_t size);

  int64_t size() const { return size_; }
  int64_t seqLength() const { return datasets_.front()->seqLength(); }
  // seq + 1 tokens of sample `index` in [0, size()).
  void sample(int64_t index, int32_t *out) const;
  // Which dataset and which of its samples `index` is.
  std::pair<int, int64_t> source(int64_t index) const;
  const std::vector<std::unique_ptr<GptDataset>> &datasets() const { return datasets_; }
  std::string describe() const;

private:
  std::vector<std::unique_ptr<GptDataset>> datasets_;
  bool blended_ = false;
  int64_t size_ = 0;
  std::vector<int16_t> datasetIndex_;
  std::vector<int64_t> datasetSampleIndex_;
};

// What one split is built from.
struct GptSplitRequest {
  Split split = Split::Train;
  int64_t samples = 0; // the run reads this many (Megatron's train/valid/test size)
  int64_t seqLength = 0;
  int64_t seed = 0;
};

// The split's samples over `datasets` (in --data-path order) blended by
// `blend.weights`; null when --split gives the split no share. Throws
// DataError naming the dataset and numbers when it cannot be built.
std::unique_ptr<GptSamples> buildGptSplit(const std::vector<const IndexedDataset *> &datasets,
                                          const DataBlend &blend, const std::string &split,
                                          const GptSplitRequest &request);

} // namespace mtc::data
