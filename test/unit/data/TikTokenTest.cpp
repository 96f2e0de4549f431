// Llama 3's tiktoken tokenizer: the pre-tokenizer's split on tricky strings,
// the golden corpus (ids from scripts/tokenizers/tiktoken_golden.js), special
// tokens, and the refusals of malformed ranks files.
#include "data/Llama3PreTokenizer.h"
#include "data/TikToken.h"
#include "data/Tokenizer.h"
#include "DataErrorOf.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <thread>
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

namespace {

const std::string kModel = std::string(MTC_TOKENIZERS_DIR) + "/llama3/tokenizer.model";
const std::string kGolden = std::string(MTC_TOKENIZERS_DIR) + "/golden/llama3-tiktoken.json";

const TikTokenTokenizer *llama3() {
  static std::unique_ptr<TikTokenTokenizer> tokenizer =
      std::filesystem::exists(kModel)
          ? std::make_unique<TikTokenTokenizer>(TikTokenTokenizer::fromFile(kModel))
          : nullptr;
  return tokenizer.get();
}

#define REQUIRE_LLAMA3()                                                                   \
  if (!llama3())                                                                           \
  GTEST_SKIP() << kModel << " is absent (scripts/setup.sh makes it)"

using Ids = std::vector<int32_t>;
using mtc::data::testing::errorOf;

std::string writeTemp(const std::string &name, const std::string &content) {
  auto path = std::filesystem::temp_directory_path() / ("mtc_tiktoken_" + name);
  std::ofstream(path, std::ios::binary) << content;
  return path.string();
}

std::string base64(std::string_view bytes) {
  static const char alphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    uint32_t v = (uint8_t(bytes[i]) << 16) | (uint8_t(bytes[i + 1]) << 8) | uint8_t(bytes[i + 2]);
    for (int k = 3; k >= 0; --k)
      out += alphabet[(v >> (6 * k)) & 63];
  }
  if (bytes.size() - i == 1) {
    uint32_t v = uint8_t(bytes[i]) << 16;
    out += std::string{alphabet[v >> 18], alphabet[(v >> 12) & 63], '=', '='};
  } else if (bytes.size() - i == 2) {
    uint32_t v = (uint8_t(bytes[i]) << 16) | (uint8_t(bytes[i + 1]) << 8);
    out += std::string{alphabet[v >> 18], alphabet[(v >> 12) & 63], alphabet[(v >> 6) & 63], '='};
  }
  return out;
}

// A small ranks file: the 256 bytes, then "ab", "cd", "abcd", "bc".
std::string tinyRanks() {
  std::string text;
  for (int b = 0; b < 256; ++b)
    text += base64(std::string(1, char(b))) + " " + std::to_string(b) + "\n";
  const char *merged[] = {"ab", "cd", "abcd", "bc"};
  for (int k = 0; k < 4; ++k)
    text += base64(merged[k]) + " " + std::to_string(256 + k) + "\n";
  return text;
}

} // namespace

TEST(TikToken, KnownIdsAndSpecialTokens) {
  REQUIRE_LLAMA3();
  const TikTokenTokenizer &t = *llama3();
  EXPECT_EQ(t.encode("Hello world"), (Ids{9906, 1917}));
  EXPECT_EQ(t.numBaseTokens(), 128000);
  EXPECT_EQ(t.vocabSize(), 128256);
  EXPECT_EQ(t.bosId(), 128000);
  EXPECT_EQ(t.eosId(), 128001);
  EXPECT_EQ(t.specialTokenId("<|begin_of_text|>"), 128000);
  EXPECT_EQ(t.specialTokenId("<|reserved_special_token_3|>"), 128005);
  EXPECT_EQ(t.specialTokenId("<|start_header_id|>"), 128006);
  EXPECT_EQ(t.specialTokenId("<|end_header_id|>"), 128007);
  EXPECT_EQ(t.specialTokenId("<|reserved_special_token_4|>"), 128008);
  EXPECT_EQ(t.specialTokenId("<|eot_id|>"), 128009);
  EXPECT_EQ(t.specialTokenId("<|reserved_special_token_5|>"), 128010);
  EXPECT_EQ(t.specialTokenId("<|reserved_special_token_250|>"), 128255);
  EXPECT_EQ(t.findSpecialToken("<|reserved_special_token_251|>"), -1);
  EXPECT_EQ(t.findSpecialToken("<|eom_id|>"), -1); // Llama 3.1's, not Llama 3's
  EXPECT_NE(errorOf([&] { t.specialTokenId("eot_id"); }).find("not one of Llama 3's special"),
            std::string::npos);
  EXPECT_EQ(t.tokenText(128009), "<|eot_id|>");
  EXPECT_EQ(t.tokenText(9906), "Hello");
  EXPECT_EQ(t.decode({128000, 9906, 1917, 128009}), "<|begin_of_text|>Hello world<|eot_id|>");
  EXPECT_NE(errorOf([&] { t.decode({128256}); }).find("outside the vocabulary"), std::string::npos);
  EXPECT_NE(errorOf([&] { t.decode({-1}); }).find("outside the vocabulary"), std::string::npos);
}

TEST(TikToken, SpecialSpellingsAreOrdinaryTextUnlessAsked) {
  REQUIRE_LLAMA3();
  const TikTokenTokenizer &t = *llama3();
  const std::string chat = "<|start_header_id|>user<|end_header_id|>\n\nHi<|eot_id|>";
  Ids ordinary = {27, 91, 2527, 8932, 851, 91, 29, 882, 27, 91, 408, 8932, 851, 91, 1363, 13347,
                  27, 91, 68, 354, 851, 91, 29};
  EXPECT_EQ(t.encode(chat), ordinary);
  Ids withSpecials;
  t.encodeWithSpecials(chat, withSpecials);
  EXPECT_EQ(withSpecials, (Ids{128006, 882, 128007, 271, 13347, 128009}));
  EXPECT_EQ(t.decode(withSpecials), chat);
  Ids overlapping;
  t.encodeWithSpecials("<|<|eot_id|><|eom_id|>", overlapping);
  Ids expected = t.encode("<|");
  expected.push_back(128009);
  for (int32_t id : t.encode("<|eom_id|>"))
    expected.push_back(id);
  EXPECT_EQ(overlapping, expected);
}

TEST(TikToken, InvalidUtf8IsReplacedFirst) {
  REQUIRE_LLAMA3();
  const TikTokenTokenizer &t = *llama3();
  EXPECT_EQ(t.encode("a\xFF" "b\xE4\xBD"), t.encode("a\xEF\xBF\xBD" "b\xEF\xBF\xBD"));
  // decode gives raw bytes: half a character is invalid UTF-8.
  Ids ids = t.encode("\xE4\xBD\xA0\xE5\xA5\xBD");
  std::string joined;
  for (int32_t id : ids)
    joined += t.decode({id});
  EXPECT_EQ(joined, "\xE4\xBD\xA0\xE5\xA5\xBD");
}

TEST(TikToken, MatchesGoldenCorpus) {
  REQUIRE_LLAMA3();
  if (!std::filesystem::exists(kGolden))
    GTEST_SKIP() << kGolden << " is absent (scripts/setup.sh makes it)";
  std::ifstream in(kGolden);
  nlohmann::json golden = nlohmann::json::parse(in);
  const TikTokenTokenizer &t = *llama3();
  size_t cases = 0, encodeMismatches = 0, decodeMismatches = 0;
  for (const auto &c : golden["cases"]) {
    std::string text = c["text"].get<std::string>();
    Ids expected = c["ids"].get<Ids>();
    Ids got = t.encode(text);
    ++cases;
    if (got != expected && ++encodeMismatches <= 10)
      ADD_FAILURE() << "encode mismatch on: " << text;
    if (t.decode(got) != text || t.decode(expected) != c["decode"].get<std::string>())
      if (++decodeMismatches <= 10)
        ADD_FAILURE() << "decode mismatch on: " << text;
  }
  EXPECT_EQ(cases, 15363u);
  EXPECT_EQ(encodeMismatches, 0u);
  EXPECT_EQ(decodeMismatches, 0u);
}

// Pieces of 128 bytes and more take the heap (BytePairMergeOnTinyRanks checks
// its order; tiktoken_golden.js's corpus has three such pieces).
TEST(TikToken, LongPiecesRoundTrip) {
  REQUIRE_LLAMA3();
  const TikTokenTokenizer &t = *llama3();
  std::mt19937 rng(3);
  const std::string letters = "abcdefghijklmnopqrstuvwxyzeeaaoo";
  for (int trial = 0; trial < 50; ++trial) {
    std::string word;
    for (int k = 0; k < 400; ++k)
      word += letters[rng() % letters.size()];
    Ids ids = t.encode(word);
    EXPECT_EQ(t.decode(ids), word);
  }
  std::string ab;
  for (int k = 0; k < 200; ++k)
    ab += "ab";
  Ids one = t.encode("abab"), many = t.encode(ab);
  EXPECT_EQ(t.decode(many), ab);
  EXPECT_EQ(many.size() % one.size(), 0u);
}

// Meta's wrapper encodes a run of more than 25,000 characters that are all
// (non-)whitespace in slices of 25,000, and cuts texts every 400,000
// characters; Python's isspace counts U+001F (bidi class S) as whitespace.
TEST(TikToken, SlicesLongRunsAsMetasWrapper) {
  REQUIRE_LLAMA3();
  const TikTokenTokenizer &t = *llama3();
  auto concat = [&](std::initializer_list<std::string> slices) {
    Ids ids;
    for (const std::string &slice : slices)
      t.encodeAppend(slice, ids);
    return ids;
  };
  const std::string a25k(25000, 'a');
  EXPECT_EQ(t.encode(a25k), concat({a25k}));
  EXPECT_EQ(t.encode(a25k + "a"), concat({a25k, "a"}));
  EXPECT_EQ(t.encode("x " + a25k + "aa b"), concat({"x " + a25k, "aa b"}));
  // Whitespace runs too, and a run restarts at every change of kind.
  const std::string s25k(25000, ' ');
  EXPECT_EQ(t.encode(s25k + "  x"), concat({s25k, "  x"}));
  EXPECT_EQ(t.encode(a25k + " " + a25k), concat({a25k + " " + a25k}));
  EXPECT_EQ(t.encode(std::string(24999, 'a') + "\x1f" + "a"),
            concat({std::string(24999, 'a') + "\x1f" + "a"}));
  // Characters, not bytes: 25,001 two-byte characters cut after 25,000.
  std::string e, e25k;
  for (int k = 0; k < 25000; ++k)
    e25k += "\xc3\xa9";
  EXPECT_EQ(t.encode(e25k + "\xc3\xa9"), concat({e25k, "\xc3\xa9"}));
  // Every 400,000 characters, whatever the runs.
  std::string words;
  while (words.size() < 400000)
    words += "word ";
  words.resize(400000);
  EXPECT_EQ(t.encode(words + "tail"), concat({words, "tail"}));
  EXPECT_EQ(t.decode(t.encode(words + "tail")), words + "tail");
}

TEST(TikToken, ConcurrentEncodesAgree) {
  REQUIRE_LLAMA3();
  const TikTokenTokenizer &t = *llama3();
  std::string text;
  for (int k = 0; k < 2000; ++k)
    text += "The quick brown fox's " + std::to_string(k) + " jumps\n";
  Ids expected = t.encode(text);
  std::vector<Ids> results(4);
  std::vector<std::thread> threads;
  for (auto &r : results)
    threads.emplace_back([&] { r = t.encode(text); });
  for (auto &th : threads)
    th.join();
  for (const Ids &r : results)
    EXPECT_EQ(r, expected);
}

TEST(TikToken, BytePairMergeOnTinyRanks) {
  TikTokenTokenizer t = TikTokenTokenizer::fromFile(writeTemp("tiny", tinyRanks()));
  EXPECT_EQ(t.vocabSize(), 260 + 256);
  EXPECT_EQ(t.bosId(), 260);
  EXPECT_EQ(t.encode("abcd"), (Ids{258}));         // a piece that is a token
  EXPECT_EQ(t.encode("abcde"), (Ids{258, 'e'}));   // ab, cd, then abcd
  EXPECT_EQ(t.encode("bcd"), (Ids{'b', 257}));     // cd (257) before bc (259)
  EXPECT_EQ(t.encode("abc"), (Ids{256, 'c'}));     // ab (256) before bc (259)
  EXPECT_EQ(t.encode("xbcx"), (Ids{'x', 259, 'x'}));
  std::string longPiece;
  for (int k = 0; k < 100; ++k)
    longPiece += "abcdbc";
  Ids ids = t.encode(longPiece); // the heap: abcd then bc, 100 times
  ASSERT_EQ(ids.size(), 200u);
  for (size_t k = 0; k < ids.size(); k += 2)
    EXPECT_EQ((Ids{ids[k], ids[k + 1]}), (Ids{258, 259}));
}

TEST(TikToken, RefusesMalformedRanksFiles) {
  auto refusal = [](const std::string &name, const std::string &content) {
    std::string path = writeTemp(name, content);
    std::string message = errorOf([&] { TikTokenTokenizer::fromFile(path); });
    EXPECT_NE(message.find(path), std::string::npos) << message;
    return message;
  };
  auto has = [](const std::string &message, const std::string &part) {
    EXPECT_NE(message.find(part), std::string::npos) << message;
  };
  const std::string good = tinyRanks();
  EXPECT_NE(errorOf([] { TikTokenTokenizer::fromFile("/nonexistent/tokenizer.model"); })
                .find("cannot open tiktoken ranks file '/nonexistent/tokenizer.model'"),
            std::string::npos);
  has(refusal("bad_base64", good + "YW*j 260\n"), "line 261: token 'YW*j' is not valid base64");
  has(refusal("bad_padding", good + "YW=j 260\n"), "line 261");
  has(refusal("bad_length", good + "YWJ 260\n"), "not valid base64");
  has(refusal("one_field", good + "YWJj\n"), "line 261: expected \"BASE64 RANK\"");
  has(refusal("three_fields", good + "YWJj 260 1\n"), "line 261: expected");
  has(refusal("bad_rank", good + "YWJj -5\n"), "line 261: rank '-5' is not a decimal");
  has(refusal("gap", good + "YWJj 261\n"), "line 261: rank 261 is outside [0, 261)");
  has(refusal("dup_rank", good + "YWJj 259\n"), "rank 259 repeats that of line");
  has(refusal("dup_token", good + base64("ab") + " 260\n"), "token 'ab' repeats that of line 257");
  has(refusal("huge_line", good + std::string(5000, 'A') + " 260\n"), "line 261 is 5004 bytes long");
  has(refusal("huge_token", good + base64(std::string(1500, 'z')) + " 260\n"),
      "token of 1500 bytes");
  std::string noByte = good;
  noByte.replace(noByte.find(base64("A") + " 65\n"), base64("A").size() + 4, base64("zz") + " 65\n");
  has(refusal("missing_byte", noByte), "lacks the token for byte 65");
  has(refusal("empty", ""), "has 0 tokens");
  // Empty lines and CRLF endings are accepted, as Meta's loader does.
  std::string crlf;
  for (size_t pos = 0, eol; (eol = good.find('\n', pos)) != std::string::npos; pos = eol + 1)
    crlf += good.substr(pos, eol - pos) + "\r\n\n";
  EXPECT_EQ(TikTokenTokenizer::fromFile(writeTemp("crlf", crlf)).encode("abcd"), (Ids{258}));
}

// Speed against GPT-2's Tokenizer on the golden corpus, one thread; run with
// --gtest_also_run_disabled_tests --gtest_filter='*SpeedVsGpt2*'.
TEST(TikToken, DISABLED_SpeedVsGpt2) {
  REQUIRE_LLAMA3();
  std::ifstream in(std::string(MTC_TOKENIZERS_DIR) + "/golden/corpus.json");
  if (!in)
    GTEST_SKIP() << "no golden corpus";
  std::vector<std::string> corpus = nlohmann::json::parse(in).get<std::vector<std::string>>();
  size_t bytes = 0;
  for (const auto &s : corpus)
    bytes += s.size();
  Tokenizer gpt2 = Tokenizer::fromDirectory(MTC_BPE_DIR);
  const TikTokenTokenizer &t = *llama3();
  auto measure = [&](const char *name, const std::function<size_t()> &pass) {
    double best = 1e9;
    size_t tokens = 0;
    for (int round = 0; round < 5; ++round) {
      auto start = std::chrono::steady_clock::now();
      tokens = pass();
      best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    }
    std::printf("%-28s %8.2f MB/s  %zu tokens for %zu bytes\n", name, bytes / best / 1e6, tokens, bytes);
  };
  std::vector<int32_t> ids;
  measure("GPT-2 Tokenizer (its cache warm)", [&] {
    size_t n = 0;
    for (const auto &s : corpus) {
      ids.clear();
      gpt2.encodeOrdinary(s, ids);
      n += ids.size();
    }
    return n;
  });
  measure("Llama 3 TikTokenTokenizer", [&] {
    size_t n = 0;
    for (const auto &s : corpus) {
      ids.clear();
      t.encodeAppend(s, ids);
      n += ids.size();
    }
    return n;
  });
}
