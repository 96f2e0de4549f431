#include "data/Llama3PreTokenizer.h"

#include "data/RegexChars.h"

#include <cstdint>
#include <stdexcept>

namespace mtc::data {
namespace {

// The classes the regex distinguishes. They are disjoint; Space and Newline
// (\r, \n) together are \s.
enum class Cls : uint8_t { Letter, Number, Space, Newline, Other };

struct Char {
  char32_t cp;  // regex::kInvalid for a byte that is not valid UTF-8
  uint32_t len; // bytes
  Cls cls;
};

// The character at text[i] (i < text.size()); see regex::decodeUtf8.
inline Char charAt(std::string_view text, size_t i) {
  char32_t cp;
  size_t len = regex::decodeUtf8(text, i, cp);
  if (cp == U'\r' || cp == U'\n')
    return {cp, 1, Cls::Newline};
  switch (regex::classify(cp)) {
  case regex::CharClass::Letter:
    return {cp, static_cast<uint32_t>(len), Cls::Letter};
  case regex::CharClass::Number:
    return {cp, static_cast<uint32_t>(len), Cls::Number};
  case regex::CharClass::Space:
    return {cp, static_cast<uint32_t>(len), Cls::Space};
  case regex::CharClass::Other:
    break;
  }
  return {cp, static_cast<uint32_t>(len), Cls::Other};
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
