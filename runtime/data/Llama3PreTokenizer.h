// Llama 3's pre-tokenization: the split that runs before its tiktoken BPE.
//
// It reproduces the regular expression of Meta's tokenizer.py (and of the
// Split pre-tokenizer in Llama 3's tokenizer.json)
//   (?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|
//    ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+
// by hand, as tiktoken's fancy-regex finds its matches one after another
// (leftmost-first alternation, backtracking into \s* and \s+):
//   - \p{L} and \p{N} are the Unicode general categories L* and N* (ICU's tables);
//   - \s and \S are the Unicode White_Space property, as Rust's regex defines
//     them (so U+0085 is a space and U+FEFF is not, unlike JavaScript's \s);
//   - (?i:...) is Unicode simple case folding, so "'S" and "'ſ" (U+017F, which
//     folds to s) are contractions too.
// Bytes that are not valid UTF-8 are kept, each as a one-byte "other" character
// (callers pass valid UTF-8: TextTokenizer replaces invalid input first).
#pragma once
#include <string_view>
#include <vector>

namespace mtc::data {

// Appends the pieces of `text` to `pieces`; they view into `text` and
// concatenate back to it. Throws std::length_error past 4 GiB.
void splitLlama3Pieces(std::string_view text, std::vector<std::string_view> &pieces);

} // namespace mtc::data
