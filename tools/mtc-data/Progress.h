// Progress on stderr for mtc-data: a redrawn bar on a terminal, a plain line
// every few seconds otherwise (logs and CI keep every line).
#pragma once
#include <chrono>
#include <cstdint>

namespace mtc::data {

class Progress {
public:
  explicit Progress(uint64_t totalBytes);
  // Cheap to call often; draws at most every 100 ms (terminal) or 10 s (plain).
  void update(uint64_t bytesDone, int64_t documents, int64_t tokens);
  // Ends the bar's line on a terminal.
  void finish(uint64_t bytesDone, int64_t documents, int64_t tokens);

private:
  void draw(uint64_t bytesDone, int64_t documents, int64_t tokens);

  using Clock = std::chrono::steady_clock;
  uint64_t totalBytes_;
  bool terminal_;
  Clock::time_point start_;
  Clock::time_point lastDraw_;
};

} // namespace mtc::data
