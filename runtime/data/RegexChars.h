// What the pre-tokenizers' regexes (GPT-2's, Llama 3's) ask of a character: its
// code point, read strictly from UTF-8 (data/Utf8.h's decodeUtf8), and which of \p{L}, \p{N}, \s (Unicode
// White_Space, as Python's regex and Rust's regex read it) it belongs to.
// Shared by PreTokenizer.cpp and Llama3PreTokenizer.cpp; inline, as they call it
// once per byte of text.
#pragma once
#include "data/Utf8.h"

#include <unicode/uchar.h>

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace mtc::data::regex {

using data::decodeUtf8;
using data::kInvalid;

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

} // namespace mtc::data::regex
