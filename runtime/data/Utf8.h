// UTF-8 as the LLaMA family's reference tokenizers receive it: Python and Rust
// strings are valid Unicode, and a file read with bytes.decode("utf-8", "replace")
// (or JavaScript's TextDecoder) turns each maximal invalid subpart into U+FFFD.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace mtc::data {

// `text` with each maximal ill-formed subpart (Unicode's "best practice", which
// ICU's U8_NEXT_OR_FFFD follows) replaced by U+FFFD; valid text comes back as is.
std::string replaceInvalidUtf8(std::string_view text);
bool isValidUtf8(std::string_view text);

// The code point decodeUtf8 gives a byte that starts no valid UTF-8 sequence.
constexpr char32_t kInvalid = 0xFFFFFFFF;

// Decodes the UTF-8 sequence at text[i] (i < text.size()); returns its length.
// A byte that starts no valid sequence is one character of its own, code point
// kInvalid: overlong forms, surrogates and values past U+10FFFF included, as a
// strict decoder reads them.
inline size_t decodeUtf8(std::string_view text, size_t i, char32_t &cp) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b0 = byte(i);
  size_t len;
  char32_t value;
  if (b0 < 0x80) {
    cp = b0;
    return 1;
  } else if ((b0 & 0xE0) == 0xC0) {
    len = 2;
    value = b0 & 0x1F;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3;
    value = b0 & 0x0F;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4;
    value = b0 & 0x07;
  } else {
    cp = kInvalid;
    return 1;
  }
  if (i + len > text.size()) {
    cp = kInvalid;
    return 1;
  }
  for (size_t k = 1; k < len; ++k) {
    unsigned char b = byte(i + k);
    if ((b & 0xC0) != 0x80) {
      cp = kInvalid;
      return 1;
    }
    value = (value << 6) | (b & 0x3F);
  }
  static constexpr char32_t kMinForLength[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (value < kMinForLength[len] || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF)) {
    cp = kInvalid;
    return 1;
  }
  cp = value;
  return len;
}


} // namespace mtc::data
