#include "data/ByteLevel.h"

#include <unordered_map>

namespace mtc::data {

const std::array<char32_t, 256> &bytesToUnicode() {
  static const std::array<char32_t, 256> table = [] {
    std::array<char32_t, 256> t{};
    std::array<bool, 256> printable{};
    for (int b = '!'; b <= '~'; ++b)
      printable[b] = true;
    for (int b = 0xA1; b <= 0xAC; ++b)
      printable[b] = true;
    for (int b = 0xAE; b <= 0xFF; ++b)
      printable[b] = true;
    char32_t next = 256;
    for (int b = 0; b < 256; ++b)
      t[b] = printable[b] ? static_cast<char32_t>(b) : next++;
    return t;
  }();
  return table;
}

std::optional<std::string> unicodeToBytes(std::string_view spelled) {
  static const std::unordered_map<char32_t, unsigned char> inverse = [] {
    std::unordered_map<char32_t, unsigned char> m;
    const auto &forward = bytesToUnicode();
    for (int b = 0; b < 256; ++b)
      m[forward[b]] = static_cast<unsigned char>(b);
    return m;
  }();
  // Every mapped character is below U+0800: one or two UTF-8 bytes.
  std::string out;
  for (size_t i = 0; i < spelled.size();) {
    auto b0 = static_cast<unsigned char>(spelled[i]);
    char32_t cp;
    if (b0 < 0x80) {
      cp = b0;
      i += 1;
    } else if ((b0 & 0xE0) == 0xC0 && i + 1 < spelled.size() &&
               (static_cast<unsigned char>(spelled[i + 1]) & 0xC0) == 0x80) {
      cp = ((b0 & 0x1F) << 6) | (static_cast<unsigned char>(spelled[i + 1]) & 0x3F);
      i += 2;
    } else {
      return std::nullopt;
    }
    auto it = inverse.find(cp);
    if (it == inverse.end())
      return std::nullopt;
    out.push_back(static_cast<char>(it->second));
  }
  return out;
}

} // namespace mtc::data
