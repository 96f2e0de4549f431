// GPT-2's reversible byte <-> character mapping. The vocabulary files spell every
// token as characters; byte b is written as the character bytesToUnicode()[b]
// (printable Latin-1 bytes as themselves, the others shifted to U+0100 and up, so
// a space is "Ġ" U+0120).
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace mtc::data {

// Code point that stands for each byte.
const std::array<char32_t, 256> &bytesToUnicode();

// Converts a vocabulary spelling (UTF-8 of mapped characters) back to raw bytes;
// nullopt if it is not valid UTF-8 or holds a character outside the mapping.
std::optional<std::string> unicodeToBytes(std::string_view spelled);

} // namespace mtc::data
