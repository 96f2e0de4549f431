#include "data/Llama3PreTokenizer.h"

#include <unicode/uchar.h>

#include <cstdint>
#include <stdexcept>

namespace mtc::data {
namespace {

// The classes the regex distinguishes. They are disjoint; Space and Newline
// (\r, \n) together are \s.
enum class Cls : uint8_t { Letter, Number, Space, Newline, Other };

struct Char {
  char32_t cp;  // 0xFFFFFFFF for a byte that is not valid UTF-8
  uint32_t len; // bytes
  Cls cls;
};

constexpr char32_t kInvalid = 0xFFFFFFFF;

Cls classify(char32_t cp) {
  if (cp == U'\r' || cp == U'\n')
    return Cls::Newline;
  if (cp == kInvalid)
    return Cls::Other;
  if (u_isUWhiteSpace(static_cast<UChar32>(cp)))
    return Cls::Space;
  uint32_t mask = U_GET_GC_MASK(static_cast<UChar32>(cp));
  if (mask & U_GC_L_MASK)
    return Cls::Letter;
  if (mask & U_GC_N_MASK)
    return Cls::Number;
  return Cls::Other;
}

struct AsciiTable {
  Cls cls[128];
  AsciiTable() {
    for (char32_t c = 0; c < 128; ++c)
      cls[c] = classify(c);
  }
};
const AsciiTable kAscii;

// The character at text[i] (i < text.size()). Overlong forms, surrogates and
// values past U+10FFFF count as single bad bytes.
inline Char charAt(std::string_view text, size_t i) {
  auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  unsigned char b0 = byte(i);
  if (b0 < 0x80)
    return {b0, 1, kAscii.cls[b0]};
  size_t len;
  char32_t value;
  if ((b0 & 0xE0) == 0xC0) {
    len = 2;
    value = b0 & 0x1F;
  } else if ((b0 & 0xF0) == 0xE0) {
    len = 3;
    value = b0 & 0x0F;
  } else if ((b0 & 0xF8) == 0xF0) {
    len = 4;
    value = b0 & 0x07;
  } else {
    return {kInvalid, 1, Cls::Other};
  }
  if (i + len > text.size())
    return {kInvalid, 1, Cls::Other};
  for (size_t k = 1; k < len; ++k) {
    unsigned char b = byte(i + k);
    if ((b & 0xC0) != 0x80)
      return {kInvalid, 1, Cls::Other};
    value = (value << 6) | (b & 0x3F);
  }
  static constexpr char32_t kMinForLength[5] = {0, 0, 0x80, 0x800, 0x10000};
  if (value < kMinForLength[len] || value > 0x10FFFF || (value >= 0xD800 && value <= 0xDFFF))
    return {kInvalid, 1, Cls::Other};
  return {value, static_cast<uint32_t>(len), classify(value)};
}

// The characters (?i:x) matches for the letters of the contractions: simple case
// folding puts U+017F LATIN SMALL LETTER LONG S with s; no other non-ASCII
// character folds to t, r, e, v, m, l or d (a unit test checks this against ICU).
inline char32_t foldContractionLetter(char32_t cp) {
  if (cp == 0x17F)
    return U's';
  if (cp >= U'A' && cp <= U'Z')
    return cp + 32;
  return cp;
}

// Bytes of the contraction at text[i] ("'" plus s|t|re|ve|m|ll|d, any case), or 0.
size_t contractionBytes(std::string_view text, size_t i) {
  const size_t n = text.size();
  if (text[i] != '\'' || i + 1 >= n)
    return 0;
  Char c1 = charAt(text, i + 1);
  char32_t f1 = foldContractionLetter(c1.cp);
  if (f1 == U's' || f1 == U't' || f1 == U'm' || f1 == U'd')
    return 1 + c1.len;
  if (f1 != U'r' && f1 != U'v' && f1 != U'l')
    return 0;
  size_t j = i + 1 + c1.len;
  if (j >= n)
    return 0;
  Char c2 = charAt(text, j);
  char32_t f2 = foldContractionLetter(c2.cp);
  if ((f1 == U'l' && f2 == U'l') || (f1 != U'l' && f2 == U'e'))
    return 1 + c1.len + c2.len;
  return 0;
}

// End of the run of characters of class `cls` starting at text[i].
inline size_t runEnd(std::string_view text, size_t i, Cls cls) {
  while (i < text.size()) {
    Char c = charAt(text, i);
    if (c.cls != cls)
      break;
    i += c.len;
  }
  return i;
}

} // namespace

void splitLlama3Pieces(std::string_view text, std::vector<std::string_view> &pieces) {
  if (text.size() > UINT32_MAX)
    throw std::length_error("splitLlama3Pieces: text longer than 4 GiB");
  const size_t n = text.size();
  size_t i = 0;
  while (i < n) {
    size_t end;
    Char c0 = charAt(text, i);
    size_t next = i + c0.len;
    if (size_t len = c0.cp == U'\'' ? contractionBytes(text, i) : 0) {
      // (?i:'s|'t|'re|'ve|'m|'ll|'d)
      end = i + len;
    } else if (c0.cls == Cls::Letter) {
      // [^\r\n\p{L}\p{N}]?\p{L}+ without the optional character
      end = runEnd(text, next, Cls::Letter);
    } else if ((c0.cls == Cls::Other || c0.cls == Cls::Space) && next < n &&
               charAt(text, next).cls == Cls::Letter) {
      // [^\r\n\p{L}\p{N}]?\p{L}+ with it
      end = runEnd(text, next, Cls::Letter);
    } else if (c0.cls == Cls::Number) {
      // \p{N}{1,3}
      end = next;
      for (int k = 1; k < 3 && end < n; ++k) {
        Char c = charAt(text, end);
        if (c.cls != Cls::Number)
          break;
        end += c.len;
      }
    } else if (c0.cls == Cls::Other ||
               (c0.cp == U' ' && next < n && charAt(text, next).cls == Cls::Other)) {
      // " ?[^\s\p{L}\p{N}]+[\r\n]*"
      end = runEnd(text, runEnd(text, c0.cls == Cls::Other ? i : next, Cls::Other),
                   Cls::Newline);
    } else {
      // c0 is \s. "\s*[\r\n]+" backtracks to the run's last \r or \n; without
      // one, "\s+(?!\S)" keeps the run's last character back for the next piece
      // unless the run ends the text or is that one character ("\s+").
      size_t lastNewlineEnd = 0, lastCharBegin = i;
      end = i;
      while (end < n) {
        Char c = charAt(text, end);
        if (c.cls != Cls::Space && c.cls != Cls::Newline)
          break;
        lastCharBegin = end;
        end += c.len;
        if (c.cls == Cls::Newline)
          lastNewlineEnd = end;
      }
      if (lastNewlineEnd != 0)
        end = lastNewlineEnd;
      else if (end < n && lastCharBegin > i)
        end = lastCharBegin;
    }
    pieces.push_back(text.substr(i, end - i));
    i = end;
  }
}

} // namespace mtc::data
