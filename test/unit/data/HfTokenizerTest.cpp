// HfTokenizer: the LLaMA family's tokenizer.json files against transformers.js's
// ids on the golden corpus (scripts/tokenizers/make_hf.sh), and the refusals of
// what it does not implement, on small files written here.
#include "data/HfTokenizer.h"

#include "DataErrorOf.h"
#include "data/DataError.h"
#include "data/Tokenizer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <thread>

using namespace mtc::data;
using mtc::data::testing::errorOf;
using Ids = std::vector<int32_t>;
namespace fs = std::filesystem;

namespace {

const std::string kTokDir = MTC_TOKENIZERS_DIR;

std::string modelFile(const std::string &model) {
  return kTokDir + "/" + model + "/tokenizer.json";
}

// The tokenizer of MODEL (llama2, mistral, llama3), read once; null when absent.
const HfTokenizer *load(const std::string &model) {
  static std::map<std::string, std::unique_ptr<HfTokenizer>> loaded;
  auto it = loaded.find(model);
  if (it == loaded.end()) {
    std::unique_ptr<HfTokenizer> tokenizer;
    if (fs::exists(modelFile(model)))
      tokenizer = std::make_unique<HfTokenizer>(HfTokenizer::fromFile(modelFile(model)));
    it = loaded.emplace(model, std::move(tokenizer)).first;
  }
  return it->second.get();
}

#define LOAD_OR_SKIP(var, model)                                                          \
  const HfTokenizer *var = load(model);                                                    \
  if (!var)                                                                                \
    GTEST_SKIP() << modelFile(model) << " is absent (run scripts/setup.sh)";

nlohmann::json readJson(const std::string &path) {
  std::ifstream in(path);
  return nlohmann::json::parse(in);
}

const std::vector<std::string> &corpus() {
  static const std::vector<std::string> strings =
      readJson(kTokDir + "/golden/corpus.json").get<std::vector<std::string>>();
  return strings;
}

Ids encodeWithSpecials(const HfTokenizer &t, std::string_view text) {
  Ids ids = t.prefixIds();
  t.encodeAppend(text, ids);
  ids.insert(ids.end(), t.suffixIds().begin(), t.suffixIds().end());
  return ids;
}

void checkGolden(const std::string &model) {
  const HfTokenizer *t = load(model);
  std::string goldenPath = kTokDir + "/golden/" + model + "-hf.json";
  if (!t || !fs::exists(goldenPath))
    GTEST_SKIP() << goldenPath << " or its tokenizer.json is absent (run scripts/setup.sh)";
  nlohmann::json golden = readJson(goldenPath);
  const auto &strings = corpus();
  ASSERT_EQ(golden["ids"].size(), strings.size());
  size_t encodeMismatches = 0, decodeMismatches = 0;
  for (size_t i = 0; i < strings.size(); ++i) {
    Ids expected = golden["ids"][i].get<Ids>();
    Ids actual = encodeWithSpecials(*t, strings[i]);
    if (actual != expected && ++encodeMismatches <= 5)
      ADD_FAILURE() << model << " string " << i << " encodes differently: \""
                    << strings[i].substr(0, 200) << "\"\n  expected "
                    << ::testing::PrintToString(expected) << "\n  actual   "
                    << ::testing::PrintToString(actual);
    std::string decoded = t->decode(expected);
    if (decoded != golden["decoded"][i].get<std::string>() && ++decodeMismatches <= 5)
      ADD_FAILURE() << model << " string " << i << " decodes to \"" << decoded
                    << "\", expected \"" << golden["decoded"][i].get<std::string>() << "\"";
  }
  EXPECT_EQ(encodeMismatches, 0u) << "of " << strings.size();
  EXPECT_EQ(decodeMismatches, 0u) << "of " << strings.size();
  std::cout << model << ": " << strings.size() << " strings, " << encodeMismatches
            << " encode and " << decodeMismatches << " decode mismatches\n";
}

} // namespace

TEST(HfTokenizer, Llama2MatchesTransformersJsOnGoldenCorpus) { checkGolden("llama2"); }
TEST(HfTokenizer, MistralMatchesTransformersJsOnGoldenCorpus) { checkGolden("mistral"); }
TEST(HfTokenizer, Llama3MatchesTransformersJsOnGoldenCorpus) { checkGolden("llama3"); }

TEST(HfTokenizer, KnownIds) {
  LOAD_OR_SKIP(mistral, "mistral");
  EXPECT_EQ(encodeWithSpecials(*mistral, "Hello world"), (Ids{1, 22557, 1526}));
  EXPECT_EQ(encodeWithSpecials(*mistral, " <s> x</s>"), (Ids{1, 259, 1, 28705, 1318, 2}));
  EXPECT_EQ(mistral->vocabSize(), 32000);
  EXPECT_EQ(mistral->bosId(), 1);
  EXPECT_EQ(mistral->eosId(), 2);
  EXPECT_EQ(mistral->prefixIds(), (Ids{1}));
  EXPECT_EQ(mistral->suffixIds(), Ids{});
  EXPECT_EQ(mistral->tokenText(22557), "\xE2\x96\x81Hello");
  EXPECT_EQ(mistral->idOf("<0x0A>"), 13);
  EXPECT_EQ(mistral->idOf("no such token"), -1);
  EXPECT_TRUE(mistral->isSpecial(1));
  EXPECT_FALSE(mistral->isSpecial(22557));

  LOAD_OR_SKIP(llama2, "llama2");
  EXPECT_EQ(encodeWithSpecials(*llama2, "Hello world"), (Ids{1, 15043, 3186}));
  // Byte fallback: U+1F389 is not a token.
  EXPECT_EQ(llama2->encode("I'm 12345 \xF0\x9F\x8E\x89"),
            (Ids{306, 29915, 29885, 29871, 29896, 29906, 29941, 29946, 29945, 29871, 243, 162,
                 145, 140}));
  EXPECT_EQ(llama2->decode({1, 306, 29915, 29885, 29871, 243, 162, 145, 140, 2}),
            "I'm \xF0\x9F\x8E\x89");
  EXPECT_EQ(llama2->vocabSize(), 32000);
  EXPECT_EQ(llama2->bosId(), 1);
  EXPECT_EQ(llama2->eosId(), 2);

  LOAD_OR_SKIP(llama3, "llama3");
  EXPECT_EQ(encodeWithSpecials(*llama3, "Hello world"), (Ids{9906, 1917}));
  EXPECT_EQ(llama3->encode("<|begin_of_text|>hi<|eot_id|>"), (Ids{128000, 6151, 128009}));
  EXPECT_EQ(llama3->encode("\xE6\x97\xA5\xE6\x9C\xAC\n\n  ok"), (Ids{102433, 271, 220, 5509}));
  EXPECT_EQ(llama3->decode({128000, 9906, 1917, 128001}), "Hello world");
  EXPECT_EQ(llama3->vocabSize(), 128256);
  EXPECT_EQ(llama3->bosId(), 128000);
  EXPECT_EQ(llama3->eosId(), 128001);
  EXPECT_EQ(llama3->prefixIds(), Ids{}); // its post-processor is ByteLevel alone
  EXPECT_EQ(llama3->tokenText(1917), "\xC4\xA0world");
}

TEST(HfTokenizer, InvalidUtf8ReadsAsReplacementCharacters) {
  LOAD_OR_SKIP(llama2, "llama2");
  EXPECT_EQ(llama2->encode("a\xFF" "b"), llama2->encode("a\xEF\xBF\xBD" "b"));
  LOAD_OR_SKIP(llama3, "llama3");
  EXPECT_EQ(llama3->encode("a\xE6\x97" "b"), llama3->encode("a\xEF\xBF\xBD" "b"));
}

TEST(HfTokenizer, DecodeRejectsUnknownIds) {
  LOAD_OR_SKIP(llama3, "llama3");
  EXPECT_NE(errorOf([&] { llama3->decode({1, 128256}); }).find("token id 128256 is outside"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { llama3->decode({-1}); }).find("token id -1"), std::string::npos);
  EXPECT_NE(errorOf([&] { llama3->tokenText(-5); }).find("token id -5"), std::string::npos);
}

TEST(HfTokenizer, SafeFromSeveralThreads) {
  LOAD_OR_SKIP(llama3, "llama3");
  const auto &strings = corpus();
  const size_t count = std::min<size_t>(strings.size(), 2000);
  std::vector<Ids> expected(count);
  for (size_t i = 0; i < count; ++i)
    expected[i] = llama3->encode(strings[i]);
  std::vector<size_t> wrong(4, 0);
  std::vector<std::thread> threads;
  for (size_t t = 0; t < wrong.size(); ++t)
    threads.emplace_back([&, t] {
      for (size_t i = t; i < count; i += 1 + t % 2)
        wrong[t] += llama3->encode(strings[i]) != expected[i];
    });
  for (auto &thread : threads)
    thread.join();
  EXPECT_EQ(wrong, std::vector<size_t>(wrong.size(), 0));
}

// Single-thread speed on the golden corpus, GPT-2's Tokenizer (which caches the
// ids of each piece) measured in the same run.
TEST(HfTokenizer, SpeedAgainstGpt2Tokenizer) {
  LOAD_OR_SKIP(llama3, "llama3");
  LOAD_OR_SKIP(llama2, "llama2");
  if (!fs::exists(std::string(MTC_BPE_DIR) + "/encoder.json"))
    GTEST_SKIP() << "GPT-2's files are absent";
  const auto &strings = corpus();
  size_t bytes = 0;
  for (const auto &s : strings)
    bytes += s.size();
  auto seconds = [&](const std::function<void(const std::string &, Ids &)> &encode) {
    Ids ids;
    double best = 1e9;
    for (int round = 0; round < 3; ++round) {
      auto start = std::chrono::steady_clock::now();
      for (const auto &s : strings) {
        ids.clear();
        encode(s, ids);
      }
      best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                                          start).count());
    }
    return best;
  };
  Tokenizer gpt2 = Tokenizer::fromDirectory(MTC_BPE_DIR);
  double gpt2Seconds = seconds([&](const std::string &s, Ids &ids) { gpt2.encodeAppend(s, ids); });
  double llama3Seconds =
      seconds([&](const std::string &s, Ids &ids) { llama3->encodeAppend(s, ids); });
  double llama2Seconds =
      seconds([&](const std::string &s, Ids &ids) { llama2->encodeAppend(s, ids); });
  auto mbps = [&](double s) { return static_cast<double>(bytes) / s / 1e6; };
  std::cout << "corpus " << bytes << " bytes, MB/s: GPT-2 Tokenizer " << mbps(gpt2Seconds)
            << ", HfTokenizer llama3 " << mbps(llama3Seconds) << ", llama2 "
            << mbps(llama2Seconds) << "\n";
  RecordProperty("gpt2_mb_per_s", std::to_string(mbps(gpt2Seconds)));
  RecordProperty("llama3_mb_per_s", std::to_string(mbps(llama3Seconds)));
  RecordProperty("llama2_mb_per_s", std::to_string(mbps(llama2Seconds)));
}
