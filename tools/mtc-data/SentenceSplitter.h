// Sentence splitting for mtc-data --split-sentences, in place of the nltk punkt
// model Megatron-LM's preprocess_data.py uses (no nltk here). Rule-based:
//
// A sentence ends after a run of '.', '!' or '?', optionally followed by closing
// quotes or brackets (" ' ) ] } ” ’ »), when whitespace follows (newlines are
// whitespace) and then an upper-case or title-case letter, a digit, or an opening
// quote or bracket (" ' ( [ “ ‘ « ¿ ¡). A lone '.' does not end a sentence after
// - a common abbreviation (Mr. Mrs. Dr. Prof. St. vs. etc. No. Fig. Jan. Inc. ...,
//   compared without case), or
// - initials: single letters each followed by '.', such as "J." "U.S." "e.g." "i.e."
//   "a.m." (so "Plan A. Then" is not split either; punkt has the same ambiguity).
// Sentences are trimmed of surrounding whitespace; empty ones are dropped.
#pragma once
#include <string_view>
#include <vector>

namespace mtc::data {

// The sentences of `text`, as views into it, in order.
std::vector<std::string_view> splitSentences(std::string_view text);

} // namespace mtc::data
