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

// ---- small tokenizer.json files written here ----------------------------

namespace {

// A directory of its own for each file, so that no tokenizer_config.json is
// picked up unless a test writes one.
std::string writeTokenizer(const std::string &name, const nlohmann::json &json,
                           const std::string &config = "") {
  fs::path dir = fs::temp_directory_path() / ("mtc_hf_" + name);
  fs::create_directories(dir);
  fs::remove(dir / "tokenizer_config.json");
  std::ofstream(dir / "tokenizer.json") << json.dump();
  if (!config.empty())
    std::ofstream(dir / "tokenizer_config.json") << config;
  return (dir / "tokenizer.json").string();
}

nlohmann::json tinyBpe() {
  return nlohmann::json::parse(R"({
    "added_tokens": [],
    "normalizer": null, "pre_tokenizer": null, "post_processor": null, "decoder": null,
    "model": {"type": "BPE", "dropout": null, "unk_token": null,
              "continuing_subword_prefix": null, "end_of_word_suffix": null,
              "vocab": {"a": 0, "b": 1, "c": 2, "ab": 3, "bc": 4, "aa": 5, "aaaa": 6},
              "merges": ["a b", "b c", "a a", "aa aa"]}})");
}

std::string refusal(const std::string &name, const nlohmann::json &json) {
  std::string path = writeTokenizer(name, json);
  return errorOf([&] { HfTokenizer::fromFile(path); });
}

} // namespace

TEST(HfTokenizer, MergesLowestRankFirstThenLeftmost) {
  nlohmann::json json = tinyBpe();
  HfTokenizer t = HfTokenizer::fromFile(writeTokenizer("merges", json));
  EXPECT_EQ(t.encode("abc"), (Ids{3, 2}));          // "a b" ranks before "b c"
  EXPECT_EQ(t.encode("aaaaa"), (Ids{6, 0}));        // leftmost pairs first
  EXPECT_EQ(t.encode("x"), Ids{});                  // no unk token: dropped
  // 40 symbols go through the heap: the same result as the scan.
  Ids fortyOne(10, 6);
  fortyOne.push_back(0);
  EXPECT_EQ(t.encode(std::string(41, 'a')), fortyOne);
  json["model"]["merges"] = nlohmann::json::parse(R"([["b", "c"], ["a", "b"]])");
  HfTokenizer pairs = HfTokenizer::fromFile(writeTokenizer("merge_pairs", json));
  EXPECT_EQ(pairs.encode("abc"), (Ids{0, 4}));
  EXPECT_EQ(pairs.decode({0, 4}), "a bc"); // no decoder: tokens joined by spaces
}

TEST(HfTokenizer, ByteFallbackUnknownAndIgnoreMerges) {
  nlohmann::json json = tinyBpe();
  json["model"]["vocab"]["<unk>"] = 7;
  json["model"]["vocab"]["<0xC3>"] = 8;
  json["model"]["vocab"]["<0xA9>"] = 9;
  json["model"]["vocab"]["abc"] = 10;
  json["model"]["unk_token"] = "<unk>";
  json["model"]["byte_fallback"] = true;
  json["model"]["fuse_unk"] = true;
  HfTokenizer fused = HfTokenizer::fromFile(writeTokenizer("fallback", json));
  EXPECT_EQ(fused.encode("ab\xC3\xA9"), (Ids{3, 8, 9}));              // é: <0xC3><0xA9>
  EXPECT_EQ(fused.encode("a\xC3\xBC\xC3\xBC" "b"), (Ids{0, 7, 1}));  // üü: one <unk>
  EXPECT_EQ(fused.encode("abc"), (Ids{3, 2}));
  json["model"]["fuse_unk"] = false;
  json["model"]["ignore_merges"] = true;
  HfTokenizer apart = HfTokenizer::fromFile(writeTokenizer("unfused", json));
  EXPECT_EQ(apart.encode("a\xC3\xBC\xC3\xBC" "b"), (Ids{0, 7, 7, 1}));
  EXPECT_EQ(apart.encode("abc"), (Ids{10})); // a token itself under ignore_merges
}

TEST(HfTokenizer, MetaspaceAddedTokensTemplateAndConfig) {
  nlohmann::json json = nlohmann::json::parse(R"({
    "added_tokens": [
      {"id": 0, "content": "<s>", "special": true, "normalized": false},
      {"id": 1, "content": "</s>", "special": true, "normalized": false},
      {"id": 5, "content": "<m>", "special": false, "lstrip": true, "rstrip": true,
       "normalized": false}],
    "pre_tokenizer": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first",
                      "split": true},
    "post_processor": {"type": "TemplateProcessing",
      "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}},
                 {"Sequence": {"id": "A", "type_id": 0}},
                 {"SpecialToken": {"id": "</s>", "type_id": 0}}],
      "special_tokens": {"<s>": {"id": "<s>", "ids": [0], "tokens": ["<s>"]},
                         "</s>": {"id": "</s>", "ids": [1], "tokens": ["</s>"]}}},
    "decoder": {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "first"},
    "model": {"type": "BPE", "vocab": {"<s>": 0, "</s>": 1, "▁": 2, "a": 3, "▁a": 4},
              "merges": ["▁ a"]}})");
  HfTokenizer t = HfTokenizer::fromFile(writeTokenizer("metaspace", json));
  EXPECT_EQ(t.encode("a a"), (Ids{4, 4}));
  EXPECT_EQ(t.encode("  a"), (Ids{2, 4}));
  EXPECT_EQ(t.encode("<s>a"), (Ids{0, 3}));      // "first": not after an added token
  EXPECT_EQ(t.encode("a <m>  a"), (Ids{4, 5, 3})); // <m> takes the spaces either side
  EXPECT_EQ(t.prefixIds(), (Ids{0}));
  EXPECT_EQ(t.suffixIds(), (Ids{1}));
  EXPECT_EQ(t.bosId(), 0);
  EXPECT_EQ(t.eosId(), 1);
  EXPECT_EQ(t.decode({0, 4, 4, 1}), "a a"); // special tokens give nothing
  EXPECT_EQ(t.decode({2, 2, 4}), "  a");    // only the first token loses its "▁"
  EXPECT_EQ(t.decode({4, 5}), "a<m>");

  HfTokenizer configured = HfTokenizer::fromFile(writeTokenizer(
      "config", json, R"({"bos_token": {"content": "</s>"}, "eos_token": null})"));
  EXPECT_EQ(configured.bosId(), 1);
  EXPECT_EQ(configured.eosId(), -1);
  std::string bad = writeTokenizer("bad_config", json, R"({"bos_token": "<nope>"})");
  EXPECT_NE(errorOf([&] { HfTokenizer::fromFile(bad); })
                .find("tokenizer_config.json: bos_token \"<nope>\" is not a token"),
            std::string::npos);
}

TEST(HfTokenizer, ByteFallbackDecoderGivesOneReplacementPerBadByte) {
  nlohmann::json json = tinyBpe();
  json["model"]["vocab"]["<0xE6>"] = 7;
  json["model"]["vocab"]["<0x97>"] = 8;
  json["model"]["vocab"]["<0xA5>"] = 9;
  json["decoder"] = nlohmann::json::parse(
      R"({"type": "Sequence", "decoders": [{"type": "ByteFallback"}, {"type": "Fuse"},
          {"type": "Strip", "content": "a", "start": 1, "stop": 1}]})");
  HfTokenizer t = HfTokenizer::fromFile(writeTokenizer("bytefallback_decoder", json));
  EXPECT_EQ(t.decode({7, 8, 9}), "\xE6\x97\xA5");
  EXPECT_EQ(t.decode({1, 7, 8, 1}), "b\xEF\xBF\xBD\xEF\xBF\xBD" "b");
  EXPECT_EQ(t.decode({0, 0, 1, 0, 0}), "ab" "a"); // Strip: one "a" each end
}

TEST(HfTokenizer, RefusesWhatItDoesNotImplementByName) {
  auto with = [](const char *pointer, const char *value) {
    nlohmann::json json = tinyBpe();
    json[nlohmann::json::json_pointer(pointer)] = nlohmann::json::parse(value);
    return json;
  };
  struct Case {
    const char *pointer, *value, *message;
  } cases[] = {
      {"/pre_tokenizer", R"({"type": "Digits", "individual_digits": true})",
       "pre_tokenizer.type \"Digits\" is not supported"},
      {"/pre_tokenizer", R"({"type": "Sequence", "pretokenizers": [{"type": "Digits"}]})",
       "pre_tokenizer.pretokenizers[0].type \"Digits\" is not supported"},
      {"/pre_tokenizer", R"({"type": "Split", "pattern": {"Regex": "\\d+"},
                            "behavior": "Isolated", "invert": false})",
       "pre_tokenizer.pattern.Regex \"\\d+\" is not supported"},
      {"/pre_tokenizer", R"({"type": "Split", "pattern": {"String": " "},
                            "behavior": "Isolated", "invert": false})",
       "pre_tokenizer.pattern is not supported"},
      {"/pre_tokenizer", R"({"type": "Sequence", "pretokenizers": [
                              {"type": "ByteLevel"}, {"type": "Metaspace", "replacement": "_"}]})",
       "pre_tokenizer.pretokenizers[1] follows a ByteLevel pre-tokenizer"},
      {"/normalizer", R"({"type": "Lowercase"})", "normalizer.type \"Lowercase\" is not supported"},
      {"/normalizer", R"({"type": "Replace", "pattern": {"Regex": " +"}, "content": " "})",
       "normalizer.pattern.Regex is not supported"},
      {"/decoder", R"({"type": "CTC"})", "decoder.type \"CTC\" is not supported"},
      {"/post_processor", R"({"type": "BertProcessing"})",
       "post_processor.type \"BertProcessing\" is not supported"},
      {"/model/type", R"("WordPiece")", "model.type \"WordPiece\" is not supported"},
      {"/model/dropout", "0.1", "model.dropout is not supported"},
      {"/model/continuing_subword_prefix", R"("##")",
       "model.continuing_subword_prefix \"##\" is not supported"},
      {"/model/merges/0", R"("a x")", "model.merges[0] names \"x\", which is not in model.vocab"},
      {"/model/merges/0", R"("c c")", "model.merges[0] makes \"cc\", which is not in model.vocab"},
      {"/model/merges/0", R"("ab")", "model.merges[0] \"ab\" is not two tokens"},
      {"/model/merges/0", "7", "model.merges[0] must be a string or a pair of strings"},
      {"/model/vocab/b", "0", "model.vocab[\"b\"] repeats id 0"},
      {"/model/vocab/b", "99", "model.vocab[\"b\"] is 99, outside [0, 6]"},
      {"/model/vocab/b", R"("1")", "model.vocab[\"b\"] must be an integer, not a string"},
      {"/model/vocab", "[]", "model.vocab must be an object, not an array"},
      {"/model/unk_token", R"("<unk>")", "model.unk_token \"<unk>\" is not in model.vocab"},
      {"/added_tokens", R"([{"id": 7, "content": "<x>", "single_word": true}])",
       "added_tokens[0].single_word true is not supported"},
      {"/added_tokens", R"([{"id": 1, "content": "<x>"}])",
       "added_tokens[0].id is 1, which model.vocab gives \"b\""},
      {"/added_tokens", R"([{"id": 9, "content": "<x>"}])",
       "added_tokens leaves id 7 without a token"},
      {"/added_tokens", R"([{"id": 8, "content": "a"}])",
       "added_tokens[0].id is 8, but model.vocab gives \"a\" id 0"},
      {"/truncation", R"({"max_length": 8})", "truncation is not supported"},
      {"/model/merges", R"({"a": "b"})", "model.merges must be an array, not an object"},
  };
  int n = 0;
  for (const Case &c : cases) {
    std::string error = refusal("refuse" + std::to_string(n++), with(c.pointer, c.value));
    EXPECT_NE(error.find(c.message), std::string::npos) << c.pointer << ": " << error;
    EXPECT_NE(error.find("tokenizer.json: "), std::string::npos) << error;
  }
  nlohmann::json noModel = tinyBpe();
  noModel.erase("model");
  EXPECT_NE(refusal("no_model", noModel).find("tokenizer.json: model is missing"),
            std::string::npos);
}

TEST(HfTokenizer, RefusesMalformedFiles) {
  fs::path dir = fs::temp_directory_path() / "mtc_hf_malformed";
  fs::create_directories(dir);
  auto write = [&](const std::string &text) {
    std::ofstream(dir / "tokenizer.json") << text;
    return errorOf([&] { HfTokenizer::fromFile((dir / "tokenizer.json").string()); });
  };
  EXPECT_NE(write("{\"model\": ").find("tokenizer.json: not valid JSON"), std::string::npos);
  EXPECT_NE(write("[1, 2]").find("tokenizer.json: the top level must be an object"),
            std::string::npos);
  EXPECT_NE(write(std::string(100000, '[') + std::string(100000, ']')).find("nested deeper"),
            std::string::npos);
  EXPECT_NE(write("{\"model\": {\"type\": \"BPE\", \"vocab\": {}, \"merges\": []}}")
                .find("model.vocab is empty"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { HfTokenizer::fromFile((dir / "absent.json").string()); })
                .find("cannot open"),
            std::string::npos);
}
