#include "data/PreTokenizer.h"

#include <unicode/uchar.h>

#include <cstdint>
#include <stdexcept>

namespace mtc::data {
namespace {

// The regex only ever asks which of these four disjoint classes a character is in.
enum class CharClass : uint8_t { Letter, Number, Space, Other };

struct Char {
  uint32_t byteOffset;
  char32_t codePoint; // 0xFFFFFFFF for a byte that is not valid UTF-8
  CharClass cls;
};

constexpr char32_t kInvalid = 0xFFFFFFFF;

CharClass classify(char32_t cp) {
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

// ASCII is most of real text; classify it once.
struct AsciiTable {
  CharClass cls[128];
  AsciiTable() {
    for (char32_t c = 0; c < 128; ++c)
      cls[c] = classify(c);
  }
};

// Decodes one UTF-8 sequence at text[i]; returns its length (1 for a bad byte,
// whose code point is then kInvalid). Overlong forms, surrogates and values past
// U+10FFFF count as bad bytes, as a strict decoder would treat them.
size_t decodeUtf8(std::string_view text, size_t i, char32_t &cp) {
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
  static const char32_t kMinForLength[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (value < kMinForLength[len] || value > 0x10FFFF ||
      (value >= 0xD800 && value <= 0xDFFF)) {
    cp = kInvalid;
    return 1;
  }
  cp = value;
  return len;
}

void decodeAll(std::string_view text, std::vector<Char> &chars) {
  static const AsciiTable ascii;
  chars.clear();
  for (size_t i = 0; i < text.size();) {
    char32_t cp;
    size_t len = decodeUtf8(text, i, cp);
    CharClass cls = cp < 128 ? ascii.cls[cp] : classify(cp);
    chars.push_back({static_cast<uint32_t>(i), cp, cls});
    i += len;
  }
}

// Length of a contraction ('s 't 're 've 'm 'll 'd, lower case only, as in the
// regex) starting at chars[i], or 0.
size_t contractionLength(const std::vector<Char> &chars, size_t i) {
  if (chars[i].codePoint != U'\'' || i + 1 >= chars.size())
    return 0;
  char32_t c1 = chars[i + 1].codePoint;
  if (c1 == U's' || c1 == U't' || c1 == U'm' || c1 == U'd')
    return 2;
  if (i + 2 >= chars.size())
    return 0;
  char32_t c2 = chars[i + 2].codePoint;
  if ((c1 == U'r' && c2 == U'e') || (c1 == U'v' && c2 == U'e') ||
      (c1 == U'l' && c2 == U'l'))
    return 3;
  return 0;
}

} // namespace

void splitGpt2Pieces(std::string_view text, std::vector<std::string_view> &pieces) {
  if (text.size() > UINT32_MAX)
    throw std::length_error("splitGpt2Pieces: text longer than 4 GiB");
  thread_local std::vector<Char> chars;
  decodeAll(text, chars);
  const size_t n = chars.size();
  auto emit = [&](size_t first, size_t last) { // chars [first, last)
    size_t begin = chars[first].byteOffset;
    size_t end = last < n ? chars[last].byteOffset : text.size();
    pieces.push_back(text.substr(begin, end - begin));
  };

  size_t i = 0;
  while (i < n) {
    if (size_t len = contractionLength(chars, i)) {
      emit(i, i + len);
      i += len;
      continue;
    }
    // " ?\p{L}+", " ?\p{N}+" and " ?[^\s\p{L}\p{N}]+": the classes are disjoint,
    // so the class of the first character after an optional space picks the branch.
    size_t start = i;
    if (chars[i].codePoint == U' ' && i + 1 < n && chars[i + 1].cls != CharClass::Space)
      start = i + 1;
    CharClass cls = chars[start].cls;
    if (cls != CharClass::Space) {
      size_t end = start + 1;
      while (end < n && chars[end].cls == cls)
        ++end;
      emit(i, end);
      i = end;
      continue;
    }
    // "\s+(?!\S)" then "\s+": a whitespace run keeps its last character back for
    // the next word (" ?\p{L}+" etc.) unless the run ends the text or is a single
    // character.
    size_t end = i + 1;
    while (end < n && chars[end].cls == CharClass::Space)
      ++end;
    if (end < n && end - i >= 2)
      --end;
    emit(i, end);
    i = end;
  }
}

} // namespace mtc::data
