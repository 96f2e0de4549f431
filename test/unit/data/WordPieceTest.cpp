#include "data/DataError.h"
#include "DataErrorOf.h"
#include "data/WordPiece.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

using namespace mtc::data;
namespace fs = std::filesystem;

namespace {

// scripts/setup.sh fetches it (CMake's MTC_BERT_VOCAB_FILE).
std::string bertVocabPath() { return MTC_BERT_VOCAB_FILE; }
// The golden file lives next to this source file (CMake says where: __FILE__
// may be a relative path, e.g. under ccache's base_dir).
std::string goldenPath() { return MTC_WORDPIECE_GOLDEN_FILE; }

const WordPieceTokenizer &uncased() {
  static WordPieceTokenizer tokenizer = WordPieceTokenizer::fromFile(bertVocabPath(), true);
  return tokenizer;
}
const WordPieceTokenizer &cased() {
  static WordPieceTokenizer tokenizer(uncased().vocab(), false);
  return tokenizer;
}

const nlohmann::json &golden() {
  static nlohmann::json json = [] {
    std::ifstream in(goldenPath());
    if (!in)
      throw std::runtime_error("cannot open " + goldenPath());
    return nlohmann::json::parse(in);
  }();
  return json;
}

using mtc::data::testing::errorOf;

std::string writeTemp(const std::string &name, const std::string &content) {
  auto path = fs::temp_directory_path() / ("mtc_wordpiece_" + name);
  std::ofstream(path, std::ios::binary) << content;
  return path.string();
}

std::string spell(const WordPieceVocab &vocab, const std::vector<int32_t> &ids) {
  std::string out;
  for (int32_t id : ids)
    out += (out.empty() ? "" : " ") + (id >= 0 && id < vocab.size() ? vocab.token(id) : "?");
  return out;
}

constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ull, kFnvPrime = 0x100000001b3ull;
uint64_t fnv1a(const void *data, size_t bytes, uint64_t hash = kFnvOffset) {
  for (size_t i = 0; i < bytes; ++i) {
    hash ^= static_cast<const unsigned char *>(data)[i];
    hash *= kFnvPrime;
  }
  return hash;
}
std::string hex(uint64_t value) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(value));
  return buffer;
}

// A small vocabulary for the algorithm's corner cases.
WordPieceTokenizer tinyTokenizer(bool lowerCase = true) {
  std::string path = writeTemp("tiny.txt", "[PAD]\n[UNK]\n[CLS]\n[SEP]\n[MASK]\n"
                                           "un\n##aff\n##able\n##a\n##ff\na\nab\n##b\n##\n"
                                           "\xc3\xa9\n" // é (precomposed)
                                           "Caf\n##\xc3\xa9\n");
  return WordPieceTokenizer::fromFile(path, lowerCase);
}

} // namespace

TEST(WordPieceVocab, BertBaseUncasedSpecialIds) {
  const WordPieceVocab &vocab = uncased().vocab();
  EXPECT_EQ(vocab.size(), 30522);
  EXPECT_EQ(vocab.padId(), 0);
  EXPECT_EQ(vocab.unkId(), 100);
  EXPECT_EQ(vocab.clsId(), 101);
  EXPECT_EQ(vocab.sepId(), 102);
  EXPECT_EQ(vocab.maskId(), 103);
  EXPECT_EQ(vocab.token(1996), "the");
  EXPECT_EQ(vocab.idOf("##s"), 2015);
  EXPECT_EQ(vocab.idOf("not a token"), -1);
  EXPECT_TRUE(vocab.isContinuation(2015));
  EXPECT_FALSE(vocab.isContinuation(1996));
  EXPECT_FALSE(vocab.isContinuation(vocab.clsId()));
  size_t continuations = 0;
  for (uint8_t flag : vocab.continuationFlags())
    continuations += flag;
  EXPECT_EQ(continuations, 5828u); // lines of vocab.txt starting with "##"
  EXPECT_NE(errorOf([&] { vocab.token(30522); }).find("30522"), std::string::npos);
  EXPECT_NE(errorOf([&] { vocab.isContinuation(-1); }).find("-1"), std::string::npos);
}

TEST(WordPiece, MatchesReferenceOnGoldenSet) {
  ASSERT_EQ(golden()["vocab"]["sha256"],
            "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3");
  const auto &cases = golden()["cases"];
  ASSERT_GE(cases.size(), 60u);
  for (const auto &c : cases) {
    std::string text = c["text"].get<std::string>();
    auto lower = c["lower"].get<std::vector<int32_t>>();
    auto casedIds = c["cased"].get<std::vector<int32_t>>();
    std::vector<int32_t> got = uncased().encode(text);
    EXPECT_EQ(got, lower) << "lower-case, text: " << c["text"].dump() << "\n  got:      "
                          << spell(uncased().vocab(), got)
                          << "\n  expected: " << spell(uncased().vocab(), lower);
    got = cased().encode(text);
    EXPECT_EQ(got, casedIds) << "cased, text: " << c["text"].dump() << "\n  got:      "
                             << spell(uncased().vocab(), got)
                             << "\n  expected: " << spell(uncased().vocab(), casedIds);
  }
}

// Every fortune of Debian's fortunes file, against a digest of the reference's ids.
TEST(WordPiece, MatchesReferenceOnFortunes) {
  const auto &expected = golden()["fortunes"];
  std::string path = expected["file"].get<std::string>();
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << "cannot open " << path << " (Debian's fortunes package; scripts/setup.sh)";
  std::stringstream buffer;
  buffer << in.rdbuf();
  std::string text = buffer.str();
  ASSERT_EQ(text.size(), expected["bytes"].get<size_t>()) << path << " is not the file the golden was made from";
  ASSERT_EQ(hex(fnv1a(text.data(), text.size())), expected["fnv1a64"]) << path;

  std::vector<std::string> fortunes(1);
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line == "%")
      fortunes.emplace_back();
    else
      fortunes.back() += line + "\n";
  }
  uint64_t hash = kFnvOffset;
  int64_t documents = 0, tokens = 0;
  for (const std::string &fortune : fortunes) {
    std::vector<int32_t> ids = uncased().encode(fortune);
    if (ids.empty())
      continue;
    ++documents;
    tokens += static_cast<int64_t>(ids.size());
    for (int32_t id : ids) {
      unsigned char le[4] = {static_cast<unsigned char>(id), static_cast<unsigned char>(id >> 8),
                             static_cast<unsigned char>(id >> 16),
                             static_cast<unsigned char>(id >> 24)};
      hash = fnv1a(le, 4, hash);
    }
  }
  EXPECT_EQ(documents, expected["documents"].get<int64_t>());
  EXPECT_EQ(tokens, expected["tokens"].get<int64_t>());
  EXPECT_EQ(hex(hash), expected["ids_fnv1a64"]);
}

// Where the npm reference departs from Google's tokenization.py, by hand.
TEST(WordPiece, FollowsGoogleWhereTheJsReferenceDoesNot) {
  using V = std::vector<std::string>;
  // CJK Extension B (U+20000) is an ideograph in the reference's ranges.
  EXPECT_EQ(uncased().basicTokenize("a\xf0\xa0\x80\x80" "b"), (V{"a", "\xf0\xa0\x80\x80", "b"}));
  // Unassigned code points (Cn, here U+0378) are control characters to the reference.
  EXPECT_EQ(uncased().basicTokenize("a\xcd\xb8" "b"), (V{"ab"}));
}

TEST(WordPiece, BasicTokenizerSteps) {
  using V = std::vector<std::string>;
  // ASCII symbols that are not Unicode punctuation ($ + < = > ^ ` | ~) still split.
  EXPECT_EQ(uncased().basicTokenize("$5^2+x|y~z"),
            (V{"$", "5", "^", "2", "+", "x", "|", "y", "~", "z"}));
  // Unicode symbols (Sm, Sc, So) outside ASCII do not split; P* does.
  EXPECT_EQ(uncased().basicTokenize("a\xe2\x82\xac" "b\xe2\x80\x94" "c"),
            (V{"a\xe2\x82\xac" "b", "\xe2\x80\x94", "c"}));
  // Lower-casing strips accents; cased keeps both.
  EXPECT_EQ(uncased().basicTokenize("Caf\xc3\xa9 NA\xc3\x8f" "VE"), (V{"cafe", "naive"}));
  EXPECT_EQ(cased().basicTokenize("Caf\xc3\xa9 NA\xc3\x8f" "VE"),
            (V{"Caf\xc3\xa9", "NA\xc3\x8f" "VE"}));
  // Cased mode does not compose: e + U+0301 stays two code points.
  EXPECT_EQ(cased().basicTokenize("e\xcc\x81"), (V{"e\xcc\x81"}));
  // Greek final sigma, as Python's str.lower().
  EXPECT_EQ(uncased().basicTokenize("\xce\x9f\xce\x94\xce\x9f\xce\xa3"),
            (V{"\xce\xbf\xce\xb4\xce\xbf\xcf\x82"}));
  // Controls and U+FFFD vanish without splitting; whitespace splits.
  EXPECT_EQ(uncased().basicTokenize("a\x07" "b\xef\xbf\xbd" "c\td\re\nf"),
            (V{"abc", "d", "e", "f"}));
  // Bytes that are not UTF-8 are dropped.
  EXPECT_EQ(uncased().basicTokenize("ab\xff" "cd \xc3"), (V{"abcd"}));
  EXPECT_EQ(uncased().basicTokenize(std::string("a\0b", 3)), (V{"ab"}));
  EXPECT_EQ(uncased().basicTokenize(" \t\n "), V{});
  EXPECT_TRUE(uncased().encode("").empty());
}

TEST(WordPiece, GreedyLongestMatchFirst) {
  WordPieceTokenizer tiny = tinyTokenizer();
  const WordPieceVocab &v = tiny.vocab();
  auto ids = [&](std::initializer_list<const char *> tokens) {
    std::vector<int32_t> out;
    for (const char *t : tokens)
      out.push_back(v.idOf(t));
    return out;
  };
  EXPECT_EQ(tiny.encode("unaffable"), ids({"un", "##aff", "##able"}));
  // "ab" wins over "a" + "##b"; continuation pieces take "##" only after the start.
  EXPECT_EQ(tiny.encode("abab"), ids({"ab", "##a", "##b"}));
  // A word whose tail has no piece is one [UNK], not a partial split.
  EXPECT_EQ(tiny.encode("unaffx a"), ids({"[UNK]", "a"}));
  // Punctuation splits before WordPiece: "##" is only ever a continuation piece.
  EXPECT_EQ(tiny.encode("a#"), ids({"a", "[UNK]"}));
  // 100 code points are allowed, 101 are [UNK]; the limit counts code points.
  EXPECT_EQ(tiny.encode(std::string(100, 'a')).size(), 100u);
  EXPECT_EQ(tiny.encode(std::string(101, 'a')), ids({"[UNK]"}));
  std::string accented;
  for (int i = 0; i < 100; ++i)
    accented += "\xc3\xa9";
  WordPieceTokenizer tinyCased = tinyTokenizer(false);
  EXPECT_EQ(tinyCased.encode(accented).front(), v.idOf("\xc3\xa9"));
  EXPECT_EQ(tinyCased.encode(accented + "\xc3\xa9"), ids({"[UNK]"}));
  EXPECT_EQ(tinyCased.encode("Caf\xc3\xa9"), ids({"Caf", "##\xc3\xa9"}));
  EXPECT_EQ(tiny.encode("Caf\xc3\xa9"), ids({"[UNK]"})); // "cafe": no piece "c"
  // The special tokens in text are text.
  EXPECT_EQ(uncased().encode("[MASK]"), (std::vector<int32_t>{1031, 7308, 1033}));
  EXPECT_TRUE(v.isContinuation(v.idOf("##")));
  EXPECT_FALSE(v.isContinuation(v.idOf("un")));
}

TEST(WordPieceVocab, ErrorsNameTheFileAndTheProblem) {
  std::string message = errorOf([] { WordPieceVocab::fromFile("/nonexistent/vocab.txt"); });
  EXPECT_NE(message.find("cannot open BERT vocabulary '/nonexistent/vocab.txt'"),
            std::string::npos)
      << message;

  std::string empty = writeTemp("empty.txt", "");
  message = errorOf([&] { WordPieceVocab::fromFile(empty); });
  EXPECT_NE(message.find("'" + empty + "' is empty"), std::string::npos) << message;

  std::string blank = writeTemp("blank.txt", "[PAD]\n[UNK]\n\n[CLS]\n");
  message = errorOf([&] { WordPieceVocab::fromFile(blank); });
  EXPECT_NE(message.find("line 3 is empty"), std::string::npos) << message;

  std::string repeated = writeTemp("repeated.txt", "[PAD]\n[UNK]\nthe\n[CLS]\nthe\n");
  message = errorOf([&] { WordPieceVocab::fromFile(repeated); });
  EXPECT_NE(message.find("line 5 repeats the token 'the' of line 3"), std::string::npos)
      << message;

  std::string lacking = writeTemp("lacking.txt", "[PAD]\n[UNK]\n[CLS]\nthe\n");
  message = errorOf([&] { WordPieceVocab::fromFile(lacking); });
  EXPECT_NE(message.find("lacks the special token(s) [SEP] [MASK]"), std::string::npos)
      << message;

  std::string badUtf8 = writeTemp("bad_utf8.txt", "[PAD]\nca\xff\n");
  message = errorOf([&] { WordPieceVocab::fromFile(badUtf8); });
  EXPECT_NE(message.find("line 2 is not valid UTF-8"), std::string::npos) << message;

  // CRLF line ends are accepted; ids are line numbers from 0.
  std::string crlf = writeTemp("crlf.txt", "[UNK]\r\n[SEP]\r\n[PAD]\r\n[MASK]\r\n[CLS]\r\n##x\r\n");
  WordPieceVocab vocab = WordPieceVocab::fromFile(crlf);
  EXPECT_EQ(vocab.size(), 6);
  EXPECT_EQ(vocab.unkId(), 0);
  EXPECT_EQ(vocab.clsId(), 4);
  EXPECT_EQ(vocab.idOf("##x"), 5);
  EXPECT_TRUE(vocab.isContinuation(5));
}
