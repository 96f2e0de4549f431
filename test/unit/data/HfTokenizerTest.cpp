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
