#include "main/Sampling.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace mtc::runtime {

int32_t sampleToken(const float *logits, int64_t vocab, const SamplingOptions &options,
                    std::mt19937_64 &rng) {
  if (options.temperature <= 0 || options.topK == 1)
    return static_cast<int32_t>(std::max_element(logits, logits + vocab) - logits);
  std::vector<int32_t> ids(vocab);
  for (int64_t i = 0; i < vocab; ++i)
    ids[i] = static_cast<int32_t>(i);
  int64_t keep = options.topK > 0 ? std::min(options.topK, vocab) : vocab;
  std::partial_sort(ids.begin(), ids.begin() + keep, ids.end(),
                    [&](int32_t a, int32_t b) { return logits[a] > logits[b]; });
  // exp((l - max) / T): the softmax of the kept tokens, unnormalized.
  std::vector<double> weights(keep);
  const double top = logits[ids[0]];
  double total = 0;
  for (int64_t i = 0; i < keep; ++i)
    total += weights[i] = std::exp((logits[ids[i]] - top) / options.temperature);
  if (options.topP < 1.0) {
    // Keep a token while the tokens more likely than it hold less than top-p
    // (HF removes those whose ascending cumulative probability is <= 1 - p).
    double above = 0;
    int64_t nucleus = 0;
    while (nucleus < keep && (nucleus == 0 || above < options.topP * total))
      above += weights[nucleus++];
    weights.resize(nucleus);
  }
  std::discrete_distribution<int64_t> pick(weights.begin(), weights.end());
  return ids[pick(rng)];
}

} // namespace mtc::runtime
