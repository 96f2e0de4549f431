// GPT-2's pre-tokenization: the split that runs before byte-level BPE.
//
// It reproduces the regular expression
//   's|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+
// by hand, with ICU's character classes: \p{L} and \p{N} are the Unicode general
// categories L* and N*, \s is the Unicode White_Space property. Bytes that are not
// valid UTF-8 are kept, each as a one-byte "other" character, so that every input
// splits losslessly (the pieces always concatenate back to the input).
#pragma once
#include <string_view>
#include <vector>

namespace mtc::data {

// Appends the pieces of `text` to `pieces`; they view into `text`.
void splitGpt2Pieces(std::string_view text, std::vector<std::string_view> &pieces);

} // namespace mtc::data
