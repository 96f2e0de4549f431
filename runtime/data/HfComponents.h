// The steps of a HuggingFace tokenizer.json around its model: the normalizer,
// the pre-tokenizer and the decoder, each read from the file (a Sequence
// flattened into its steps, anything unsupported refused by a DataError naming
// the JSON path) and applied as HF tokenizers applies it. Internal to mtc_data
// (HfTokenizer.cpp); HfTokenizer.h lists what is supported.
#pragma once
#include "data/HfJson.h"

#include <unicode/normalizer2.h>

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace mtc::data::hf {

// The component's "type".
std::string typeOf(const JsonRef &component);
// Refuses the component's "type", `type`.
[[noreturn]] void unsupported(const JsonRef &component, const std::string &type);
// Replaces every occurrence of `pattern` in `text` (none when it is empty).
void replaceAll(std::string &text, std::string_view pattern, std::string_view content);

// ---- normalizers --------------------------------------------------------

struct NormalizerStep {
  enum Kind { Prepend, Replace, Unicode } kind;
  std::string text, content;
  const icu::Normalizer2 *unicode = nullptr;
};

// Appends the steps of the "normalizer" `n`.
void readNormalizer(const JsonRef &n, std::vector<NormalizerStep> &steps);
// `text` after every step.
std::string normalize(const std::vector<NormalizerStep> &steps, std::string_view text);

// ---- pre-tokenizers ------------------------------------------------------

enum class Prepend { Always, First, Never };

struct PreTokenizerStep {
  enum Kind { SplitGpt2, SplitLlama3, ByteLevel, Metaspace } kind = SplitGpt2;
  bool addPrefixSpace = false, useRegex = false, split = true;
  std::string replacement;
  Prepend prepend = Prepend::Always;
};

// Appends the steps of the "pre_tokenizer" `p`.
void readPreTokenizer(const JsonRef &p, std::vector<PreTokenizerStep> &steps);
// The pieces of `text` (a section between added tokens; `atStart` when it
// begins the input) after every step. They view into `text` or into strings
// that the steps add to `arena`.
void preTokenize(const std::vector<PreTokenizerStep> &steps, std::string_view text, bool atStart,
                 std::vector<std::string_view> &pieces, std::deque<std::string> &arena);

// ---- decoders ------------------------------------------------------------

struct DecoderStep {
  enum Kind { ByteLevel, Metaspace, Replace, ByteFallback, Fuse, Strip } kind = Fuse;
  std::string pattern, content; // Replace; Metaspace's replacement; Strip's character
  bool prependNever = false;    // Metaspace
  int64_t start = 0, stop = 0;  // Strip
};

// Appends the steps of the "decoder" `d`.
void readDecoder(const JsonRef &d, std::vector<DecoderStep> &steps);
// One step over the tokens' texts, in place.
void applyDecoder(const DecoderStep &step, std::vector<std::string> &tokens);

} // namespace mtc::data::hf
