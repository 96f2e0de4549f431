#include "data/PreTokenizer.h"

#include "data/RegexChars.h"

#include <cstdint>
#include <stdexcept>

namespace mtc::data {
namespace {

using regex::CharClass;

struct Char {
  uint32_t byteOffset;
  char32_t codePoint; // regex::kInvalid for a byte that is not valid UTF-8
  CharClass cls;
};

void decodeAll(std::string_view text, std::vector<Char> &chars) {
  chars.clear();
  for (size_t i = 0; i < text.size();) {
    char32_t cp;
    size_t len = regex::decodeUtf8(text, i, cp);
    chars.push_back({static_cast<uint32_t>(i), cp, regex::classify(cp)});
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
