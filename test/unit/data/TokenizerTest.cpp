#include "data/DataError.h"
#include "DataErrorOf.h"
#include "data/PreTokenizer.h"
#include "data/Tokenizer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <functional>
#include <sstream>

using namespace mtc::data;

namespace {

Tokenizer &gpt2() {
  static Tokenizer tokenizer = Tokenizer::fromDirectory(MTC_BPE_DIR);
  return tokenizer;
}

std::vector<std::string> pieces(std::string_view text) {
  std::vector<std::string_view> views;
  splitGpt2Pieces(text, views);
  return std::vector<std::string>(views.begin(), views.end());
}

using mtc::data::testing::errorOf;

std::string writeTemp(const std::string &name, const std::string &content) {
  auto path = std::filesystem::temp_directory_path() / ("mtc_tok_" + name);
  std::ofstream(path, std::ios::binary) << content;
  return path.string();
}

} // namespace

TEST(Tokenizer, KnownIds) {
  EXPECT_EQ(gpt2().encode("Hello world"), (std::vector<int32_t>{15496, 995}));
  EXPECT_EQ(gpt2().vocabSize(), 50257);
  EXPECT_EQ(gpt2().endOfTextId(), 50256);
}

TEST(Tokenizer, MatchesReferenceEncoderOnGoldenSet) {
  std::ifstream in(MTC_GOLDEN_FILE);
  ASSERT_TRUE(in) << "cannot open " << MTC_GOLDEN_FILE;
  nlohmann::json golden = nlohmann::json::parse(in);
  ASSERT_GE(golden["cases"].size(), 40u);
  for (const auto &c : golden["cases"]) {
    std::string text = c["text"].get<std::string>();
    std::vector<int32_t> expected = c["ids"].get<std::vector<int32_t>>();
    EXPECT_EQ(gpt2().encode(text), expected) << "text: " << text;
    EXPECT_EQ(gpt2().decode(expected), text);
  }
}

TEST(Tokenizer, EndOfTextIsSpecialWhenLiteral) {
  EXPECT_EQ(gpt2().encode("<|endoftext|>"), (std::vector<int32_t>{50256}));
  EXPECT_EQ(gpt2().encode("a<|endoftext|> b"), (std::vector<int32_t>{64, 50256, 275}));
  EXPECT_EQ(gpt2().encode("<|endoftext|><|endoftext|>"), (std::vector<int32_t>{50256, 50256}));
  // A partial marker is ordinary text.
  EXPECT_EQ(gpt2().encode("<|endoftext|"), (std::vector<int32_t>{27, 91, 437, 1659, 5239, 91}));
  // The reference encoder spells it out; encodeOrdinary does the same.
  std::vector<int32_t> ordinary;
  gpt2().encodeOrdinary("<|endoftext|>", ordinary);
  EXPECT_EQ(ordinary, (std::vector<int32_t>{27, 91, 437, 1659, 5239, 91, 29}));
  EXPECT_EQ(gpt2().decode({64, 50256, 275}), "a<|endoftext|> b");
}

TEST(Tokenizer, RoundTripsArbitraryBytes) {
  std::string allBytes;
  for (int b = 0; b < 256; ++b)
    allBytes.push_back(static_cast<char>(b));
  for (std::string text : {allBytes, std::string("\xff\xfe invalid \xc3 utf-8 \xe2\x82"),
                           std::string("caf\xc3\xa9 \xf0\x9f\x8d\x95 <|endoftext|>\n\n  x")}) {
    std::vector<int32_t> ids = gpt2().encode(text);
    EXPECT_FALSE(ids.empty());
    EXPECT_EQ(gpt2().decode(ids), text);
  }
}

TEST(Tokenizer, DecodeRejectsUnknownId) {
  EXPECT_NE(errorOf([] { gpt2().decode({1, 50257}); }).find("50257"), std::string::npos);
  EXPECT_NE(errorOf([] { gpt2().decode({-1}); }).find("-1"), std::string::npos);
}

TEST(Tokenizer, MissingFileErrorNamesIt) {
  std::string message = errorOf([] { Tokenizer::fromDirectory("/nonexistent/bpe"); });
  EXPECT_NE(message.find("/nonexistent/bpe/encoder.json"), std::string::npos) << message;
}

TEST(Tokenizer, CorruptFilesAreRejectedWithTheirNames) {
  std::string vocab = std::string(MTC_BPE_DIR) + "/vocab.bpe";
  std::string encoder = std::string(MTC_BPE_DIR) + "/encoder.json";
  std::string badJson = writeTemp("bad.json", "{\"a\": 0, ");
  std::string message = errorOf([&] { Tokenizer(badJson, vocab); });
  EXPECT_NE(message.find(badJson), std::string::npos) << message;
  EXPECT_NE(message.find("not valid JSON"), std::string::npos) << message;

  std::string badMerges = writeTemp("bad.bpe", "#version: 0.2\n\xc4\xa0 t\nonly-one-field\n");
  message = errorOf([&] { Tokenizer(encoder, badMerges); });
  EXPECT_NE(message.find(badMerges + "' line 3"), std::string::npos) << message;

  std::string unknownMerge = writeTemp("unknown.bpe", "#version: 0.2\nzzzzqqq xxxyyy\n");
  message = errorOf([&] { Tokenizer(encoder, unknownMerge); });
  EXPECT_NE(message.find("line 2"), std::string::npos) << message;
  EXPECT_NE(message.find("missing from encoder.json"), std::string::npos) << message;
}

TEST(PreTokenizer, FollowsGpt2Regex) {
  using V = std::vector<std::string>;
  EXPECT_EQ(pieces("Hello world"), (V{"Hello", " world"}));
  EXPECT_EQ(pieces("hello   world"), (V{"hello", "  ", " world"}));
  EXPECT_EQ(pieces("x\t\ty"), (V{"x", "\t", "\t", "y"}));
  EXPECT_EQ(pieces("end  "), (V{"end", "  "}));
  EXPECT_EQ(pieces("don't"), (V{"don", "'t"}));
  EXPECT_EQ(pieces("DON'T"), (V{"DON", "'", "T"}));
  EXPECT_EQ(pieces("we'll they're"), (V{"we", "'ll", " they", "'re"}));
  EXPECT_EQ(pieces("!'s"), (V{"!'", "s"}));
  EXPECT_EQ(pieces("abc123 45"), (V{"abc", "123", " 45"}));
  EXPECT_EQ(pieces("a\n\nb"), (V{"a", "\n", "\n", "b"}));
  EXPECT_EQ(pieces("e\xcc\x81"), (V{"e", "\xcc\x81"})); // combining mark is not a letter
  EXPECT_EQ(pieces(""), V{});
}
