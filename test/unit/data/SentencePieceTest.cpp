// SentencePieceTokenizer against the golden ids of the npm packages' encoders
// (scripts/tokenizers/make_sentencepiece.sh), on known ids, and on bad files.
#include "data/DataError.h"
#include "DataErrorOf.h"
#include "data/SentencePiece.h"
#include "data/Tokenizer.h"
#include "data/Utf8.h"
#include "sentencepiece_model.pb.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <thread>
#include <tuple>

using namespace mtc::data;
using mtc::data::testing::errorOf;
namespace fs = std::filesystem;

namespace {

std::string tokDir() { return MTC_TOKENIZERS_DIR; }
std::string modelPath(const std::string &family) {
  return tokDir() + "/" + family + "/tokenizer.model";
}

// One loaded tokenizer per family; nullptr when setup has not made it.
const SentencePieceTokenizer *tokenizer(const std::string &family) {
  static std::map<std::string, std::unique_ptr<SentencePieceTokenizer>> loaded;
  auto &slot = loaded[family];
  if (!slot && fs::exists(modelPath(family)))
    slot = SentencePieceTokenizer::load(modelPath(family));
  return slot.get();
}

#define REQUIRE_MODEL(family)                                                             \
  const SentencePieceTokenizer *tok = tokenizer(family);                                  \
  if (!tok)                                                                                \
    GTEST_SKIP() << modelPath(family) << " is absent (scripts/setup.sh makes it)";

nlohmann::json readJson(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw std::runtime_error("cannot open " + path);
  return nlohmann::json::parse(in);
}

std::string readBytes(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::string writeTemp(const std::string &name, const std::string &content) {
  auto path = fs::temp_directory_path() / ("mtc_sentencepiece_" + name);
  std::ofstream(path, std::ios::binary) << content;
  return path.string();
}

std::string spell(const SentencePieceTokenizer &tok, const std::vector<int32_t> &ids) {
  std::string out;
  for (int32_t id : ids)
    out += (out.empty() ? "" : " ") + std::to_string(id) + ":" +
           (id >= 0 && id < tok.vocabSize() ? tok.tokenText(id) : "?");
  return out;
}

void checkGolden(const std::string &family) {
  REQUIRE_MODEL(family);
  std::string goldenPath = tokDir() + "/golden/" + family + "-sp.json";
  if (!fs::exists(goldenPath))
    GTEST_SKIP() << goldenPath << " is absent (scripts/setup.sh makes it)";
  nlohmann::json corpus = readJson(tokDir() + "/golden/corpus.json");
  nlohmann::json golden = readJson(goldenPath);
  ASSERT_EQ(corpus.size(), golden.size());
  size_t encodeMismatches = 0, roundTripMismatches = 0, decodeMismatches = 0, shown = 0;
  for (size_t i = 0; i < corpus.size(); ++i) {
    std::string text = corpus[i].get<std::string>();
    std::vector<int32_t> ids = tok->encode(text);
    auto expected = golden[i]["ids"].get<std::vector<int32_t>>();
    if (ids != expected) {
      ++encodeMismatches;
      if (shown++ < 5)
        ADD_FAILURE() << family << " string " << i << " '" << text << "'\n  got      "
                      << spell(*tok, ids) << "\n  expected " << spell(*tok, expected);
    }
    // A "▁" in the text is SentencePiece's escaped space: it decodes as a space.
    std::string want = replaceInvalidUtf8(text);
    for (size_t at; (at = want.find("\xE2\x96\x81")) != std::string::npos;)
      want.replace(at, 3, " ");
    if (std::string back = tok->decode(ids); back != want) {
      if (roundTripMismatches++ < 5)
        ADD_FAILURE() << family << " string " << i << " '" << text << "' decodes as '" << back
                      << "'";
    }
    if (std::string back = tok->decode(expected); back != golden[i]["decoded"].get<std::string>()) {
      if (decodeMismatches++ < 5)
        ADD_FAILURE() << family << " string " << i << ": decode gives '" << back
                      << "', the package's decoder '" << golden[i]["decoded"].get<std::string>()
                      << "'";
    }
  }
  std::printf("%s: %zu strings, %zu encode mismatches, %zu round-trip mismatches, "
              "%zu decode mismatches against the package's decoder\n",
              family.c_str(), corpus.size(), encodeMismatches, roundTripMismatches,
              decodeMismatches);
  EXPECT_EQ(encodeMismatches, 0u);
  EXPECT_EQ(roundTripMismatches, 0u);
  EXPECT_EQ(decodeMismatches, 0u);
}

TEST(SentencePiece, Llama2GoldenCorpus) { checkGolden("llama2"); }
TEST(SentencePiece, MistralGoldenCorpus) { checkGolden("mistral"); }

TEST(SentencePiece, Llama2KnownIds) {
  REQUIRE_MODEL("llama2");
  EXPECT_EQ(tok->vocabSize(), 32000);
  EXPECT_EQ(tok->bosId(), 1);
  EXPECT_EQ(tok->eosId(), 2);
  EXPECT_EQ(tok->unkId(), 0);
  EXPECT_EQ(tok->padId(), -1);
  EXPECT_EQ(tok->tokenText(1), "<s>");
  EXPECT_EQ(tok->encode("Hello world"), (std::vector<int32_t>{15043, 3186}));
  EXPECT_EQ(tok->encode("\n"), (std::vector<int32_t>{29871, 13}));
  EXPECT_EQ(tok->encode(""), std::vector<int32_t>{});
  // "<s>" in text is ordinary text, as in SentencePiece.
  std::vector<int32_t> ids = tok->encode("<s>");
  EXPECT_EQ(std::count(ids.begin(), ids.end(), 1), 0) << spell(*tok, ids);
  EXPECT_EQ(tok->decode(ids), "<s>");
  EXPECT_EQ(tok->decode({1, 15043, 3186, 2}), "Hello world");
  EXPECT_EQ(tok->decode({}), "");
}

TEST(SentencePiece, MistralKnownIds) {
  REQUIRE_MODEL("mistral");
  EXPECT_EQ(tok->encode("grabbed"), (std::vector<int32_t>{13300}));
  EXPECT_EQ(tok->encode(" grabbed"), (std::vector<int32_t>{28705, 13300}));
  EXPECT_EQ(tok->encode("           grabbed"), (std::vector<int32_t>{17422, 13300}));
  EXPECT_EQ(tok->encode("ax\n####\nboo"),
            (std::vector<int32_t>{6056, 13, 2000, 13, 1798, 28709}));
}

TEST(SentencePiece, ByteFallback) {
  REQUIRE_MODEL("mistral");
  // Not in the vocabulary: its four UTF-8 bytes.
  EXPECT_EQ(tok->encode("🦙"), (std::vector<int32_t>{28705, 243, 162, 169, 156}));
  EXPECT_EQ(tok->encode("🦙Ꙋ"),
            (std::vector<int32_t>{28705, 243, 162, 169, 156, 237, 156, 141}));
  EXPECT_EQ(tok->decode({28705, 243, 162, 169, 156}), "🦙");
  EXPECT_EQ(tok->decode({243, 162, 169, 156}), "🦙");
  EXPECT_EQ(tok->pieceType(243), SentencePieceTokenizer::PieceType::Byte);
}

TEST(SentencePiece, InvalidUtf8) {
  REQUIRE_MODEL("llama2");
  // Read as U+FFFD per maximal invalid subpart before encoding.
  EXPECT_EQ(tok->encode("a\xFF" "b"), tok->encode("a\uFFFD" "b"));
  EXPECT_EQ(tok->encode("x\xF0\x9F\x98"), tok->encode("x\uFFFD"));
  EXPECT_EQ(tok->encode("\xC0\xAF"), tok->encode("\uFFFD\uFFFD"));
  EXPECT_EQ(tok->decode(tok->encode("a\xFF" "b")), "a\uFFFD" "b");
  // Bytes that do not make a character: U+FFFD per byte, as SentencePiece decodes.
  int32_t f0 = tok->pieceToId("<0xF0>"), x9f = tok->pieceToId("<0x9F>"),
          ff = tok->pieceToId("<0xFF>");
  EXPECT_EQ(tok->decode({f0, x9f}), "\uFFFD\uFFFD");
  EXPECT_EQ(tok->decode({ff}), "\uFFFD");
  EXPECT_EQ(tok->decode({f0, x9f, tok->pieceToId("<0x98>"), tok->pieceToId("<0x80>")}), "😀");
  // Read strictly: an overlong form, a surrogate and a code point past U+10FFFF
  // are bad bytes too, each its own U+FFFD, and what follows them still decodes.
  auto bytes = [&](std::initializer_list<int> values) {
    std::vector<int32_t> ids;
    for (int v : values) {
      char piece[8];
      std::snprintf(piece, sizeof piece, "<0x%02X>", v);
      ids.push_back(tok->pieceToId(piece));
    }
    return ids;
  };
  EXPECT_EQ(tok->decode(bytes({0xC0, 0xAF, 0x41})), "\uFFFD\uFFFDA");
  EXPECT_EQ(tok->decode(bytes({0xED, 0xA0, 0x80})), "\uFFFD\uFFFD\uFFFD");
  EXPECT_EQ(tok->decode(bytes({0xF4, 0x90, 0x80, 0x80})), "\uFFFD\uFFFD\uFFFD\uFFFD");
  EXPECT_EQ(tok->decode(bytes({0xC3, 0xA9, 0xE2, 0x82})), "\u00E9\uFFFD\uFFFD");
}

TEST(SentencePiece, DecodeRules) {
  REQUIRE_MODEL("llama2");
  int32_t space = tok->pieceToId("\xE2\x96\x81");
  int32_t hello = tok->pieceToId("\xE2\x96\x81Hello");
  EXPECT_EQ(tok->decode({hello, hello}), "Hello Hello");
  EXPECT_EQ(tok->decode({space, space, hello}), "  Hello"); // only the first "▁" goes
  EXPECT_EQ(tok->decode({2, hello}), "Hello");             // control pieces give nothing
  EXPECT_EQ(tok->decode({0, hello}), " \xE2\x81\x87  Hello");
  EXPECT_EQ(tok->decode({tok->pieceToId("<0x41>"), hello}), "A Hello");
  EXPECT_NE(errorOf([&] { tok->decode({32000}); }).find("32000"), std::string::npos);
  EXPECT_NE(errorOf([&] { tok->decode({-1}); }).find("-1"), std::string::npos);
  EXPECT_EQ(tok->pieceToId("no such piece"), 0);
}

TEST(SentencePiece, ThreadsShareOneTokenizer) {
  REQUIRE_MODEL("llama2");
  std::vector<int32_t> expected = tok->encode("The quick brown fox 🦊 jumps.");
  std::vector<std::thread> threads;
  std::atomic<int> bad{0};
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&] {
      for (int i = 0; i < 200; ++i)
        if (tok->encode("The quick brown fox 🦊 jumps.") != expected)
          ++bad;
    });
  for (auto &thread : threads)
    thread.join();
  EXPECT_EQ(bad.load(), 0);
}

// Each thread remembers the chunks it has encoded: a second pass over the
// corpus (every chunk remembered), a fresh thread, and a second tokenizer on
// this thread (its own memory) give the same ids; so do chunks too long to
// remember.
TEST(SentencePiece, ChunkCacheGivesTheSameIds) {
  REQUIRE_MODEL("llama2");
  nlohmann::json corpus = readJson(tokDir() + "/golden/corpus.json");
  std::vector<std::string> texts;
  for (const auto &text : corpus)
    texts.push_back(text.get<std::string>());
  texts.push_back(std::string(300, 'a') + " " + std::string(300, 'a') + " b" + std::string(257, 'c'));
  texts.push_back("\xE2\x96\x81" + std::string(400, ' ') + "x\n\n\n");
  auto encodeAll = [&](const SentencePieceTokenizer &t) {
    std::vector<std::vector<int32_t>> all;
    for (const std::string &text : texts)
      all.push_back(t.encode(text));
    return all;
  };
  const auto first = encodeAll(*tok);
  EXPECT_EQ(encodeAll(*tok), first);
  std::vector<std::vector<int32_t>> inThread;
  std::thread([&] { inThread = encodeAll(*tok); }).join();
  EXPECT_EQ(inThread, first);
  auto second = SentencePieceTokenizer::load(modelPath("llama2"));
  EXPECT_EQ(encodeAll(*second), first);
  EXPECT_EQ(encodeAll(*tok), first);
  EXPECT_EQ(tok->decode(first[texts.size() - 2]), texts[texts.size() - 2]);
}

// ---- bad files -----------------------------------------------------------

sentencepiece::ModelProto realModel() {
  sentencepiece::ModelProto model;
  EXPECT_TRUE(model.ParseFromString(readBytes(modelPath("llama2"))));
  return model;
}

std::string save(const std::string &name, const sentencepiece::ModelProto &model) {
  return writeTemp(name, model.SerializeAsString());
}

// The message names the file and contains `field`.
void expectRefused(const std::string &path, const std::string &field) {
  std::string message = errorOf([&] { SentencePieceTokenizer::fromFile(path); });
  EXPECT_NE(message.find(path), std::string::npos) << message;
  EXPECT_NE(message.find(field), std::string::npos) << message;
}

TEST(SentencePiece, RefusesMissingAndGarbageFiles) {
  expectRefused("/nonexistent/tokenizer.model", "cannot open");
  expectRefused(writeTemp("empty.model", ""), "does not parse");
  expectRefused(writeTemp("garbage.model", std::string("\xFF\xFF\xFF\xFF garbage \x07\x01", 17)),
                "does not parse");
}

TEST(SentencePiece, RefusesTruncatedFiles) {
  if (!fs::exists(modelPath("llama2")))
    GTEST_SKIP() << modelPath("llama2") << " is absent";
  std::string bytes = readBytes(modelPath("llama2"));
  // Cut inside a piece: the protobuf does not parse.
  expectRefused(writeTemp("cut.model", bytes.substr(0, bytes.size() / 2 + 3)), "does not parse");
  // Cut where trainer_spec (field 2) starts: pieces parse, the specs are missing.
  sentencepiece::ModelProto model = realModel();
  model.clear_trainer_spec();
  model.clear_normalizer_spec();
  std::string pieces = model.SerializeAsString();
  ASSERT_EQ(bytes.compare(0, pieces.size(), pieces), 0);
  expectRefused(writeTemp("cut2.model", pieces), "trainer_spec");
  // Every cut of the last kilobyte is refused, never a crash.
  for (size_t cut = bytes.size() - 1024; cut < bytes.size(); cut += 7)
    EXPECT_NE(errorOf([&] { SentencePieceTokenizer::fromFile(writeTemp("cutN.model", bytes.substr(0, cut))); }),
              "(no error)") << cut;
}

TEST(SentencePiece, RefusesWhatItDoesNotImplement) {
  if (!fs::exists(modelPath("llama2")))
    GTEST_SKIP() << modelPath("llama2") << " is absent";
  auto model = realModel();
  model.mutable_trainer_spec()->set_model_type(sentencepiece::TrainerSpec::UNIGRAM);
  std::string path = save("unigram.model", model);
  std::string message = errorOf([&] { SentencePieceTokenizer::fromFile(path); });
  EXPECT_EQ(message, path + ": trainer_spec.model_type is UNIGRAM; only BPE models are supported");

  model = realModel();
  model.mutable_normalizer_spec()->set_name("nmt_nfkc");
  expectRefused(save("nfkc.model", model), "normalizer_spec.name");
  model = realModel();
  model.mutable_normalizer_spec()->set_precompiled_charsmap("xx");
  expectRefused(save("charsmap.model", model), "normalizer_spec.precompiled_charsmap");
  model = realModel();
  model.mutable_trainer_spec()->set_treat_whitespace_as_suffix(true);
  expectRefused(save("suffix.model", model), "trainer_spec.treat_whitespace_as_suffix");
  model = realModel();
  model.mutable_normalizer_spec()->set_escape_whitespaces(false);
  expectRefused(save("escape.model", model), "normalizer_spec.escape_whitespaces");
}

TEST(SentencePiece, RefusesBadPieces) {
  if (!fs::exists(modelPath("llama2")))
    GTEST_SKIP() << modelPath("llama2") << " is absent";
  using Piece = sentencepiece::ModelProto::SentencePiece;
  // A byte piece missing (made NORMAL and renamed).
  auto model = realModel();
  model.mutable_pieces(3 + 0x41)->set_type(Piece::NORMAL);
  model.mutable_pieces(3 + 0x41)->set_piece("zzz-not-a-piece");
  expectRefused(save("nobyte.model", model), "<0x41>");
  expectRefused(save("nobyte.model", model), "trainer_spec.byte_fallback");
  // Byte pieces without byte_fallback.
  model = realModel();
  model.mutable_trainer_spec()->set_byte_fallback(false);
  expectRefused(save("nofallback.model", model), "pieces[3].type is BYTE");
  // A repeated piece.
  model = realModel();
  model.mutable_pieces(500)->set_piece(model.pieces(400).piece());
  expectRefused(save("duplicate.model", model), "pieces[500].piece");
  // An empty piece.
  model = realModel();
  model.mutable_pieces(500)->set_piece("");
  expectRefused(save("emptypiece.model", model), "pieces[500].piece is empty");
  // No UNKNOWN piece, and two.
  model = realModel();
  model.mutable_pieces(0)->set_type(Piece::CONTROL);
  expectRefused(save("nounk.model", model), "UNKNOWN");
  model = realModel();
  model.mutable_pieces(2)->set_type(Piece::UNKNOWN);
  expectRefused(save("twounk.model", model), "pieces[2].type is UNKNOWN");
  // Special ids out of range or of the wrong type.
  model = realModel();
  model.mutable_trainer_spec()->set_bos_id(40000);
  expectRefused(save("bos.model", model), "trainer_spec.bos_id");
  model = realModel();
  model.mutable_trainer_spec()->set_eos_id(500);
  expectRefused(save("eos.model", model), "trainer_spec.eos_id");
  model = realModel();
  model.mutable_trainer_spec()->set_unk_id(5);
  expectRefused(save("unkid.model", model), "trainer_spec.unk_id");
  // A BYTE piece that does not name a byte.
  model = realModel();
  model.mutable_pieces(3)->set_piece("<0xZZ>");
  expectRefused(save("badbyte.model", model), "pieces[3].type is BYTE");
  model = realModel();
  model.clear_pieces();
  expectRefused(save("nopieces.model", model), "pieces is empty");
}

// ---- a hand-made model: no byte fallback, USER_DEFINED and UNUSED pieces ----

std::string tinyModel(const std::string &name,
                      const std::vector<std::tuple<std::string, float, int>> &pieces,
                      bool removeExtraWhitespaces = false) {
  sentencepiece::ModelProto model;
  for (auto &[piece, score, type] : pieces) {
    auto *p = model.add_pieces();
    p->set_piece(piece);
    p->set_score(score);
    p->set_type(static_cast<sentencepiece::ModelProto::SentencePiece::Type>(type));
  }
  model.mutable_trainer_spec()->set_model_type(sentencepiece::TrainerSpec::BPE);
  // The default bos/eos ids 1 and 2 must be CONTROL pieces; these models may lack them.
  auto idOf = [&](const std::string &piece) {
    for (size_t i = 0; i < pieces.size(); ++i)
      if (std::get<0>(pieces[i]) == piece)
        return static_cast<int32_t>(i);
    return -1;
  };
  model.mutable_trainer_spec()->set_bos_id(idOf("<s>"));
  model.mutable_trainer_spec()->set_eos_id(idOf("</s>"));
  model.mutable_normalizer_spec()->set_name("identity");
  model.mutable_normalizer_spec()->set_remove_extra_whitespaces(removeExtraWhitespaces);
  return save(name, model);
}

constexpr int kNormal = 1, kUnknown = 2, kControl = 3, kUser = 4, kUnused = 5;

TEST(SentencePiece, TinyModelMergesAndUnknowns) {
  std::string path = tinyModel("tiny.model", {{"<unk>", 0, kUnknown}, {"<s>", 0, kControl},
      {"</s>", 0, kControl}, {"\xE2\x96\x81", -1, kNormal}, {"a", -2, kNormal},
      {"b", -3, kNormal}, {"ab", -4, kNormal}, {"\xE2\x96\x81" "a", -5, kNormal},
      {"\xE2\x96\x81" "ab", -6, kNormal}, {"bb", -0.5f, kNormal}, {"<x>", 0, kUser}});
  auto tok = SentencePieceTokenizer::fromFile(path);
  // "▁" "a" "b": "▁a" (-5) beats "ab" (-4)? No: "ab" scores higher, then "▁ab".
  EXPECT_EQ(tok.encode("ab"), (std::vector<int32_t>{8}));
  // "bb" (-0.5) beats "ab" (-4): "▁a" "bb".
  EXPECT_EQ(tok.encode("abb"), (std::vector<int32_t>{7, 9}));
  // Ties go to the leftmost pair: "bbb" -> "bb" "b".
  EXPECT_EQ(tok.encode("bbb"), (std::vector<int32_t>{3, 9, 5}));
  // Unknown characters: a run is one <unk> (no byte fallback).
  EXPECT_EQ(tok.encode("xyz a"), (std::vector<int32_t>{3, 0, 7}));
  EXPECT_EQ(tok.decode(tok.encode("xyz a")), " \xE2\x81\x87  a");
  // A USER_DEFINED piece is one symbol, never merged.
  EXPECT_EQ(tok.encode("a<x>b"), (std::vector<int32_t>{7, 10, 5}));
  EXPECT_EQ(tok.decode({7, 10, 5}), "a<x>b");
}

TEST(SentencePiece, TinyModelUnusedPiecesResegment) {
  // "ab" is UNUSED: it merges like any piece and is split back into "a" "b".
  std::string path = tinyModel("unused.model", {{"<unk>", 0, kUnknown},
      {"\xE2\x96\x81", -1, kNormal}, {"a", -2, kNormal}, {"b", -3, kNormal},
      {"ab", -0.1f, kUnused}, {"\xE2\x96\x81" "a", -5, kNormal}, {"abc", -0.2f, kNormal},
      {"c", -3, kNormal}});
  auto tok = SentencePieceTokenizer::fromFile(path);
  EXPECT_EQ(tok.encode("ab"), (std::vector<int32_t>{1, 2, 3}));
  // "ab" merges first, so "▁a" never forms; then "abc" from "ab" "c".
  EXPECT_EQ(tok.encode("abc"), (std::vector<int32_t>{1, 6}));
}

TEST(SentencePiece, TinyModelRemovesExtraWhitespace) {
  std::string path = tinyModel("spaces.model", {{"<unk>", 0, kUnknown},
      {"\xE2\x96\x81", -1, kNormal}, {"a", -2, kNormal}}, true);
  auto tok = SentencePieceTokenizer::fromFile(path);
  EXPECT_EQ(tok.encode("  a   a  "), (std::vector<int32_t>{1, 2, 1, 2}));
  EXPECT_EQ(tok.encode("   "), std::vector<int32_t>{});
  EXPECT_EQ(tok.bosId(), -1);
}

// ---- speed ------------------------------------------------------------------

TEST(SentencePiece, AtLeastAsFastAsGpt2Bpe) {
  REQUIRE_MODEL("llama2");
  std::string bpeDir = MTC_BPE_DIR;
  if (!fs::exists(bpeDir + "/vocab.bpe"))
    GTEST_SKIP() << bpeDir << " has no GPT-2 files";
  nlohmann::json corpus = readJson(tokDir() + "/golden/corpus.json");
  std::vector<std::string> texts;
  size_t bytes = 0;
  for (auto &s : corpus) {
    texts.push_back(s.get<std::string>());
    bytes += texts.back().size();
  }
  Tokenizer gpt2 = Tokenizer::fromDirectory(bpeDir);
  // Both remember the words they have seen (GPT-2 in the instance, SentencePiece
  // per thread): the first pass is cold, later ones warm.
  std::vector<int32_t> ids;
  auto rate = [&](auto &&encodeAll) {
    auto start = std::chrono::steady_clock::now();
    encodeAll();
    std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    return bytes / took.count() / 1e6;
  };
  auto fresh = SentencePieceTokenizer::load(modelPath("llama2")); // nothing remembered yet
  auto spPass = [&] { for (auto &t : texts) { ids.clear(); fresh->encodeAppend(t, ids); } };
  auto bpePass = [&] { for (auto &t : texts) { ids.clear(); gpt2.encodeAppend(t, ids); } };
  double spCold = rate(spPass), bpeCold = rate(bpePass), sp = 0, bpe = 0;
  for (int pass = 0; pass < 3; ++pass) {
    sp = std::max(sp, rate(spPass));
    bpe = std::max(bpe, rate(bpePass));
  }
  std::printf("encode speed on the corpus (%.1f MB, one thread): SentencePiece llama2 %.1f MB/s "
              "cold, %.1f warm; GPT-2 BPE %.1f MB/s cold, %.1f warm\n",
              bytes / 1e6, spCold, sp, bpeCold, bpe);
  // A loose bound: the machine is shared, timings are noisy.
  EXPECT_GT(sp, 0.5 * bpe);
}

} // namespace
