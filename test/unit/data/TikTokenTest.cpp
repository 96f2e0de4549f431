// Llama 3's tiktoken tokenizer: the pre-tokenizer's split on tricky strings.
#include "data/Llama3PreTokenizer.h"

#include <gtest/gtest.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <random>
#include <string>
#include <vector>

using namespace mtc::data;

namespace {

std::vector<std::string> llama3Pieces(std::string_view text) {
  std::vector<std::string_view> views;
  splitLlama3Pieces(text, views);
  return std::vector<std::string>(views.begin(), views.end());
}

using Pieces = std::vector<std::string>;

std::string utf8(char32_t cp) {
  char buffer[4];
  int32_t length = 0;
  UBool error = false;
  U8_APPEND(buffer, length, 4, static_cast<UChar32>(cp), error);
  (void)error;
  return std::string(buffer, length);
}

} // namespace

TEST(Llama3PreTokenizer, WordsSpacesAndNumbers) {
  EXPECT_EQ(llama3Pieces(""), Pieces{});
  EXPECT_EQ(llama3Pieces("Hello world"), (Pieces{"Hello", " world"}));
  EXPECT_EQ(llama3Pieces("1234567"), (Pieces{"123", "456", "7"}));
  EXPECT_EQ(llama3Pieces(" 123"), (Pieces{" ", "123"}));
  EXPECT_EQ(llama3Pieces("$100"), (Pieces{"$", "100"}));
  EXPECT_EQ(llama3Pieces("a  b"), (Pieces{"a", " ", " b"}));
  EXPECT_EQ(llama3Pieces("x  !"), (Pieces{"x", " ", " !"}));
  EXPECT_EQ(llama3Pieces("x\t!"), (Pieces{"x", "\t", "!"}));
  EXPECT_EQ(llama3Pieces("\tword"), (Pieces{"\tword"}));
  EXPECT_EQ(llama3Pieces("!abc"), (Pieces{"!abc"}));
  EXPECT_EQ(llama3Pieces("!!!abc"), (Pieces{"!!!", "abc"}));
  EXPECT_EQ(llama3Pieces("end   "), (Pieces{"end", "   "}));
  EXPECT_EQ(llama3Pieces(" "), (Pieces{" "}));
  EXPECT_EQ(llama3Pieces("\xE4\xBD\xA0\xE5\xA5\xBD \xE4\xB8\x96\xE7\x95\x8C"),
            (Pieces{"\xE4\xBD\xA0\xE5\xA5\xBD", " \xE4\xB8\x96\xE7\x95\x8C"}));
}

TEST(Llama3PreTokenizer, Newlines) {
  EXPECT_EQ(llama3Pieces("\nword"), (Pieces{"\n", "word"}));
  EXPECT_EQ(llama3Pieces("a\r\n"), (Pieces{"a", "\r\n"}));
  EXPECT_EQ(llama3Pieces("\r\n\r\n"), (Pieces{"\r\n\r\n"}));
  // \s*[\r\n]+ backtracks to the run's last newline.
  EXPECT_EQ(llama3Pieces("a   \n\n  b"), (Pieces{"a", "   \n\n", " ", " b"}));
  EXPECT_EQ(llama3Pieces("a \n b"), (Pieces{"a", " \n", " b"}));
  EXPECT_EQ(llama3Pieces("a  \n"), (Pieces{"a", "  \n"}));
  // Punctuation takes the newlines that follow it.
  EXPECT_EQ(llama3Pieces("hello!!!\n\nworld"), (Pieces{"hello", "!!!\n\n", "world"}));
  EXPECT_EQ(llama3Pieces(" ...\r\n x"), (Pieces{" ...\r\n", " x"}));
}

TEST(Llama3PreTokenizer, Contractions) {
  EXPECT_EQ(llama3Pieces("don't"), (Pieces{"don", "'t"}));
  EXPECT_EQ(llama3Pieces("I'm he's THEY'RE we'VE it'LL I'D"),
            (Pieces{"I", "'m", " he", "'s", " THEY", "'RE", " we", "'VE", " it", "'LL", " I",
                    "'D"}));
  EXPECT_EQ(llama3Pieces("'sam"), (Pieces{"'s", "am"}));
  EXPECT_EQ(llama3Pieces("'x"), (Pieces{"'x"}));
  EXPECT_EQ(llama3Pieces("'r"), (Pieces{"'r"}));
  EXPECT_EQ(llama3Pieces("'l'"), (Pieces{"'l", "'"}));
  // U+017F LATIN SMALL LETTER LONG S case-folds to s.
  EXPECT_EQ(llama3Pieces("x'\xC5\xBFt"), (Pieces{"x", "'\xC5\xBF", "t"}));
}

// (?i) in Rust's regex is simple case folding: exactly the characters ICU folds
// to a contraction's letter make a contraction.
TEST(Llama3PreTokenizer, ContractionCaseFoldingMatchesIcu) {
  for (char32_t cp = 0; cp <= 0x10FFFF; ++cp) {
    if (cp >= 0xD800 && cp <= 0xDFFF)
      continue;
    char32_t folded = static_cast<char32_t>(u_foldCase(static_cast<UChar32>(cp), U_FOLD_CASE_DEFAULT));
    bool single = folded == U's' || folded == U't' || folded == U'm' || folded == U'd';
    bool letter = (U_GET_GC_MASK(static_cast<UChar32>(cp)) & U_GC_L_MASK) != 0;
    if (single) {
      EXPECT_EQ(llama3Pieces("'" + utf8(cp) + "x"), (Pieces{"'" + utf8(cp), "x"}))
          << "U+" << std::hex << cp;
    } else if (letter && cp < 0x3000) { // a letter that is no contraction: "'" + word
      EXPECT_EQ(llama3Pieces("'" + utf8(cp) + "x"), (Pieces{"'" + utf8(cp) + "x"}))
          << "U+" << std::hex << cp;
    }
    bool first = folded == U'r' || folded == U'v' || folded == U'l';
    if (first) {
      std::string second = folded == U'l' ? "L" : "E";
      EXPECT_EQ(llama3Pieces("'" + utf8(cp) + second + "1"),
                (Pieces{"'" + utf8(cp) + second, "1"}))
          << "U+" << std::hex << cp;
    }
  }
}

// \s is White_Space: U+0085 is a space, U+FEFF (not White_Space) is not.
TEST(Llama3PreTokenizer, WhiteSpaceIsTheUnicodeProperty) {
  EXPECT_EQ(llama3Pieces("x\xC2\x85\xC2\x85y"), (Pieces{"x", "\xC2\x85", "\xC2\x85y"}));
  EXPECT_EQ(llama3Pieces("a\xEF\xBB\xBF\xEF\xBB\xBF b"),
            (Pieces{"a", "\xEF\xBB\xBF\xEF\xBB\xBF", " b"}));
  EXPECT_EQ(llama3Pieces("x\xC2\xA0y"), (Pieces{"x", "\xC2\xA0y"}));
  EXPECT_EQ(llama3Pieces("x\xE3\x80\x80\xE3\x80\x80y"),
            (Pieces{"x", "\xE3\x80\x80", "\xE3\x80\x80y"}));
}

TEST(Llama3PreTokenizer, PiecesConcatenateBackEvenForInvalidUtf8) {
  std::mt19937 rng(7);
  const char alphabet[] = {'a', ' ', '\n', '\r', '\'', 's', '1', '!', '\t',
                           '\xC5', '\xBF', '\xE4', '\xBD', '\xA0', '\xFF', '\x80'};
  for (int trial = 0; trial < 2000; ++trial) {
    std::string text;
    size_t length = rng() % 24;
    for (size_t k = 0; k < length; ++k)
      text += alphabet[rng() % sizeof(alphabet)];
    std::vector<std::string_view> views;
    splitLlama3Pieces(text, views);
    std::string joined;
    for (std::string_view v : views) {
      EXPECT_FALSE(v.empty());
      joined += v;
    }
    EXPECT_EQ(joined, text);
  }
}
