// What the pre-tokenizers' regexes (GPT-2's, Llama 3's) ask of a character: its
// code point, read strictly from UTF-8, and which of \p{L}, \p{N}, \s (Unicode
// White_Space, as Python's regex and Rust's regex read it) it belongs to.
// Shared by PreTokenizer.cpp and Llama3PreTokenizer.cpp; inline, as they call it
// once per byte of text.
#pragma once
#include <unicode/uchar.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace mtc::data::regex {

// The code point of a byte that starts no valid UTF-8 sequence.
constexpr char32_t kInvalid = 0xFFFFFFFF;

// Disjoint classes; an invalid byte is Other.
enum class CharClass : uint8_t { Letter, Number, Space, Other };

inline CharClass classifyWithIcu(char32_t cp) {
  if (cp == kInvalid)
    return CharClass::Other;
  if (u_isUWhiteSpace(static_cast<UChar32>(cp)))
    return CharClass::Space;
  uint32_t mask = U_GET_GC_MASK(static_cast<UChar32>(cp));
  if (mask & U_GC_L_MASK)
    return CharClass::Letter;
  if (mask & U_GC_N_MASK)
    return CharClass::Number;
  return CharClass::Other;
}

// ASCII is most of real text: classified once.
struct AsciiClasses {
  CharClass cls[128];
  AsciiClasses() {
    for (char32_t c = 0; c < 128; ++c)
      cls[c] = classifyWithIcu(c);
  }
};

inline const AsciiClasses kAsciiClasses;

inline CharClass classify(char32_t cp) {
  return cp < 128 ? kAsciiClasses.cls[cp] : classifyWithIcu(cp);
}

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

} // namespace mtc::data::regex
