// Where micro-batches come from: a Megatron indexed dataset split into
// train/valid/test (runtime/data), or synthetic tokens for benchmarks. Both are
// pure functions of (iteration, micro-batch, data-parallel rank), so a resumed
// run reads exactly what an uninterrupted one would.
#pragma once
#include "data/GptDataset.h"
#include "data/IndexedDataset.h"

#include <array>
#include <cstdint>
#include <memory>
#include <string>

namespace mtc::runtime {

struct BatchGeometry {
  int64_t microBatch = 1, seq = 1;
  int64_t dpRank = 0, dpSize = 1;
  int64_t globalBatch = 1;
};

class BatchSource {
public:
  virtual ~BatchSource() = default;
  // Fills tokens and targets ([microBatch, seq] each) for micro-batch
  // `microIndex` of `iteration` (0-based).
  void fill(int64_t iteration, int64_t microIndex, int32_t *tokens, int32_t *targets);
  virtual std::string describe() const = 0;

protected:
  BatchSource(BatchGeometry geometry) : geometry(geometry) {}
  // seq + 1 tokens of sample `index`.
  virtual void sample(int64_t index, int32_t *out) = 0;
  BatchGeometry geometry;
};

// Random tokens in [0, vocab): a hash of (seed, sample, position).
std::unique_ptr<BatchSource> makeSyntheticSource(BatchGeometry geometry, int64_t vocab,
                                                 uint64_t seed);

// The train, valid and test splits of one indexed dataset.
class IndexedData {
public:
  // Throws data::DataError naming the files or the numbers.
  IndexedData(const std::string &prefix, const std::string &split, int64_t seq,
              uint64_t seed);
  // Null when the split is empty.
  std::unique_ptr<BatchSource> source(data::Split split, BatchGeometry geometry,
                                      int64_t vocab) const;
  int64_t documents(data::Split split) const { return ranges[static_cast<int>(split)].size(); }
  // Why a split is unusable ("" when it is fine or simply empty).
  const std::string &problem(data::Split split) const { return problems[static_cast<int>(split)]; }

private:
  std::string prefix;
  data::IndexedDataset dataset;
  std::array<data::DocumentRange, 3> ranges;
  std::unique_ptr<data::GptDataset> splits[3];
  std::string problems[3];
};

} // namespace mtc::runtime
