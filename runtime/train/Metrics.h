// Per-iteration metrics for plotting: CSV (FILE.csv) or JSON lines (anything else,
// e.g. FILE.jsonl). One row per iteration; validation columns only on
// iterations that evaluated. A resumed run appends to the file (the earlier
// run's rows stay; an iteration both ran is in the file twice, the later row
// being the resumed run's).
#pragma once
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

namespace mtc::runtime {

struct MetricsRow {
  int64_t iteration = 0;
  int64_t consumedSamples = 0;
  double learningRate = 0;
  double loss = 0;
  double gradNorm = 0;
  double iterationMs = 0;
  double tokensPerSecond = 0;
  std::optional<double> validLoss;
  // BERT's sentence-order loss (models with the binary head).
  std::optional<double> sopLoss, validSopLoss, validSopAccuracy;
  // Mixture of experts: the load-balancing loss, the mean over MoE layers
  // (Megatron-Core's logged load_balancing_loss), already times its coefficient.
  std::optional<double> loadBalancingLoss;
  // The entries routed to each expert in the iteration, over every MoE layer
  // and rank (empty for a dense model).
  std::vector<int64_t> expertTokens;
};

class MetricsWriter {
public:
  // Truncates PATH, or with `append` adds to it (a CSV header only when the file
  // is new or empty). Throws std::runtime_error naming the file when it cannot
  // be opened.
  // `sentenceOrder`: the model has BERT's binary head, so the rows carry
  // sop_loss (and valid_sop_loss) columns.
  // `moe`: a load_balancing_loss column.
  MetricsWriter(const std::string &path, bool append = false, bool sentenceOrder = false,
                bool moe = false);
  // Throws std::runtime_error naming the file when the row cannot be written
  // (e.g. the disk is full).
  void write(const MetricsRow &row);

private:
  std::string path;
  std::ofstream out;
  bool csv = false;
  bool sentenceOrder = false, moe = false;
};

} // namespace mtc::runtime
