#include "data/Utf8.h"

#include <cstdint>
#include <unicode/utf8.h>

namespace mtc::data {

bool isValidUtf8(std::string_view text) {
  const auto *s = reinterpret_cast<const uint8_t *>(text.data());
  int32_t length = static_cast<int32_t>(text.size()), i = 0;
  while (i < length) {
    UChar32 c;
    U8_NEXT(s, i, length, c);
    if (c < 0)
      return false;
  }
  return true;
}

std::string replaceInvalidUtf8(std::string_view text) {
  if (isValidUtf8(text))
    return std::string(text);
  const auto *s = reinterpret_cast<const uint8_t *>(text.data());
  int32_t length = static_cast<int32_t>(text.size()), i = 0;
  std::string out;
  out.reserve(text.size() + 8);
  while (i < length) {
    int32_t start = i;
    UChar32 c;
    U8_NEXT_OR_FFFD(s, i, length, c);
    if (c == 0xFFFD && !(i - start == 3 && s[start] == 0xEF && s[start + 1] == 0xBF &&
                         s[start + 2] == 0xBD))
      out += "\xEF\xBF\xBD";
    else
      out.append(text.data() + start, static_cast<size_t>(i - start));
  }
  return out;
}

} // namespace mtc::data
