// UTF-8 as the LLaMA family's reference tokenizers receive it: Python and Rust
// strings are valid Unicode, and a file read with bytes.decode("utf-8", "replace")
// (or JavaScript's TextDecoder) turns each maximal invalid subpart into U+FFFD.
#pragma once
#include <string>
#include <string_view>

namespace mtc::data {

// `text` with each maximal ill-formed subpart (Unicode's "best practice", which
// ICU's U8_NEXT_OR_FFFD follows) replaced by U+FFFD; valid text comes back as is.
std::string replaceInvalidUtf8(std::string_view text);
bool isValidUtf8(std::string_view text);

} // namespace mtc::data
