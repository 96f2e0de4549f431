// Per-iteration metrics for plotting: CSV (FILE.csv) or JSON lines (anything else,
// e.g. FILE.jsonl). One row per iteration; validation columns only on
// iterations that evaluated.
#pragma once
#include <cstdint>
#include <fstream>
#include <optional>
#include <string>

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
};

class MetricsWriter {
public:
  // Throws std::runtime_error naming the file when it cannot be created.
  explicit MetricsWriter(const std::string &path);
  void write(const MetricsRow &row);

private:
  std::ofstream out;
  bool csv = false;
};

} // namespace mtc::runtime
