// Picking the next token from a row of logits, as Hugging Face's generate()
// does with do_sample: the logits divided by the temperature, then the top-k
// most likely tokens, then of those the smallest set of the most likely whose
// probabilities reach top-p (nucleus sampling; always at least one token),
// then a draw from what is left, renormalized.
#pragma once
#include <cstdint>
#include <random>

namespace mtc::runtime {

struct SamplingOptions {
  int64_t topK = 0;        // 0: all tokens
  double topP = 1.0;       // in (0, 1]; 1: no nucleus filter
  double temperature = 1.0; // 0: greedy
};

// Greedy (the first most likely token) when temperature is 0 or topK is 1;
// otherwise draws from `rng`. `vocab` columns of `logits` are real tokens.
int32_t sampleToken(const float *logits, int64_t vocab, const SamplingOptions &options,
                    std::mt19937_64 &rng);

} // namespace mtc::runtime
