#include "Progress.h"

#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace mtc::data {

Progress::Progress(uint64_t totalBytes)
    : totalBytes_(totalBytes), terminal_(::isatty(STDERR_FILENO) == 1), start_(Clock::now()),
      lastDraw_(start_) {}

void Progress::update(uint64_t bytesDone, int64_t documents, int64_t tokens) {
  auto now = Clock::now();
  auto interval = terminal_ ? std::chrono::milliseconds(100) : std::chrono::milliseconds(10000);
  if (now - lastDraw_ < interval)
    return;
  lastDraw_ = now;
  draw(bytesDone, documents, tokens);
}

void Progress::finish(uint64_t bytesDone, int64_t documents, int64_t tokens) {
  if (!terminal_)
    return; // the summary follows; a last plain line would repeat it
  draw(bytesDone, documents, tokens);
  std::fputc('\n', stderr);
}

void Progress::draw(uint64_t bytesDone, int64_t documents, int64_t tokens) {
  double seconds = std::chrono::duration<double>(Clock::now() - start_).count();
  double fraction =
      totalBytes_ ? std::min(1.0, static_cast<double>(bytesDone) / totalBytes_) : 1.0;
  double rate = seconds > 0 ? tokens / seconds : 0.0;
  if (terminal_) {
    constexpr int kWidth = 30;
    int filled = static_cast<int>(fraction * kWidth);
    char bar[kWidth + 1];
    for (int i = 0; i < kWidth; ++i)
      bar[i] = i < filled ? '#' : '.';
    bar[kWidth] = '\0';
    std::fprintf(stderr, "\r[%s] %5.1f%%  %.1f/%.1f MB  %lld docs  %lld tokens  %.0f tokens/s ",
                 bar, 100 * fraction, bytesDone / 1e6, totalBytes_ / 1e6,
                 static_cast<long long>(documents), static_cast<long long>(tokens), rate);
  } else {
    std::fprintf(stderr, "mtc-data: %.1f%% of input (%.1f/%.1f MB), %lld documents, %lld tokens, "
                 "%.0f tokens/s\n",
                 100 * fraction, bytesDone / 1e6, totalBytes_ / 1e6,
                 static_cast<long long>(documents), static_cast<long long>(tokens), rate);
  }
  std::fflush(stderr);
}

} // namespace mtc::data
