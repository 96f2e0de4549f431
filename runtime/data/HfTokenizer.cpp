#include "data/HfTokenizer.h"

#include "data/DataError.h"
#include "data/HfAddedTokens.h"
#include "data/HfBpe.h"
#include "data/HfComponents.h"
#include "data/HfJson.h"
#include "data/Utf8.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <climits>
#include <deque>
#include <filesystem>
#include <functional>
#include <optional>

namespace mtc::data {
namespace {

using hf::AddedToken;
using hf::AddedTokenMatcher;
using hf::DecoderStep;
using hf::JsonRef;
using hf::NormalizerStep;
using hf::PreTokenizerStep;

bool isWhiteSpace(UChar32 c) { return u_isUWhiteSpace(c); }

// tokenizer_config.json's bos_token or eos_token: a string, an object with
// "content", or null (none); nullopt when absent.
std::optional<int32_t> configToken(const JsonRef &config, const char *key,
                                   const std::function<int32_t(std::string_view)> &idOf) {
  auto it = config.value().find(key);
  if (it == config.value().end())
    return std::nullopt;
  JsonRef member(*it, key, config.file());
  if (member.isNull())
    return -1;
  std::string token = member.value().is_object() ? member.at("content").string() : member.string();
  int32_t id = idOf(token);
  if (id < 0)
    member.fail("\"" + token + "\" is not a token of the tokenizer.json next to it");
  return id;
}

} // namespace

struct HfTokenizer::Impl {
  std::string file;
  std::vector<NormalizerStep> normalizers;
  std::vector<PreTokenizerStep> preTokenizers;
  bool byteLevel = false;
  std::optional<hf::Bpe> model;
  std::vector<AddedToken> added;
  AddedTokenMatcher matcher;
  std::vector<std::string> tokens; // every id's text
  std::vector<bool> special;
  std::vector<int32_t> addedIdOf; // id -> index in `added`, -1
  bool hasDecoder = false;
  std::vector<DecoderStep> decoders;
  std::vector<int32_t> prefix, suffix;
  int32_t bos = -1, eos = -1;

  int32_t idOf(std::string_view token) const {
    for (const AddedToken &a : added)
      if (a.content == token)
        return a.id;
    return model->find(token);
  }
  void encodeSection(std::string_view text, bool atStart, std::vector<int32_t> &ids) const;
  void readPostProcessor(const JsonRef &p);
};

void HfTokenizer::Impl::encodeSection(std::string_view text, bool atStart,
                                      std::vector<int32_t> &ids) const {
  std::string normalized;
  if (!normalizers.empty()) {
    normalized = hf::normalize(normalizers, text);
    text = normalized;
  }
  if (text.empty())
    return;
  if (preTokenizers.empty()) {
    model->encodeWord(text, ids);
    return;
  }
  thread_local std::vector<std::string_view> pieces;
  std::deque<std::string> arena;
  hf::preTokenize(preTokenizers, text, atStart, pieces, arena);
  for (std::string_view piece : pieces)
    model->encodeWord(piece, ids);
}

void HfTokenizer::Impl::readPostProcessor(const JsonRef &p) {
  std::string type = hf::typeOf(p);
  if (type == "Sequence") {
    JsonRef list = p.at("processors");
    for (size_t i = 0; i < list.arraySize(); ++i)
      readPostProcessor(list.element(i));
  } else if (type == "ByteLevel") {
    // Offsets only.
  } else if (type == "TemplateProcessing") {
    if (!prefix.empty() || !suffix.empty())
      p.fail("is a second TemplateProcessing, which is not supported");
    JsonRef single = p.at("single");
    JsonRef specials = p.at("special_tokens");
    bool seenA = false;
    for (size_t i = 0; i < single.arraySize(); ++i) {
      JsonRef piece = single.element(i);
      if (auto sequence = piece.find("Sequence")) {
        std::string name = sequence->at("id").string();
        if (name != "A" || seenA)
          sequence->at("id").fail("\"" + name + "\" is not supported (only one $A)");
        seenA = true;
      } else if (auto token = piece.find("SpecialToken")) {
        std::string name = token->at("id").string();
        JsonRef entry = specials.at(name);
        JsonRef entryIds = entry.at("ids");
        for (size_t k = 0; k < entryIds.arraySize(); ++k) {
          auto id = static_cast<int32_t>(entryIds.element(k).integer(0, INT32_MAX));
          if (id >= static_cast<int32_t>(tokens.size()))
            entryIds.element(k).fail("is not an id of the vocabulary");
          (seenA ? suffix : prefix).push_back(id);
        }
      } else {
        piece.fail("must be a Sequence or a SpecialToken");
      }
    }
    if (!seenA)
      single.fail("has no $A");
  } else {
    hf::unsupported(p, type);
  }
}

HfTokenizer::HfTokenizer(std::unique_ptr<const Impl> impl) : impl_(std::move(impl)) {}
HfTokenizer::HfTokenizer(HfTokenizer &&) noexcept = default;
HfTokenizer &HfTokenizer::operator=(HfTokenizer &&) noexcept = default;
HfTokenizer::~HfTokenizer() = default;

HfTokenizer HfTokenizer::fromFile(const std::string &path) {
  auto impl = std::make_unique<Impl>();
  impl->file = path;
  const nlohmann::json json = hf::parseJson(hf::readFile(path), path);
  JsonRef root(json, "", impl->file);
  root.expectObject();
  for (const char *key : {"truncation", "padding"})
    if (auto member = root.find(key))
      member->fail("is not supported (only null)");

  if (auto n = root.find("normalizer"))
    hf::readNormalizer(*n, impl->normalizers);
  if (auto p = root.find("pre_tokenizer"))
    hf::readPreTokenizer(*p, impl->preTokenizers);
  for (const PreTokenizerStep &step : impl->preTokenizers)
    impl->byteLevel = impl->byteLevel || step.kind == PreTokenizerStep::ByteLevel;
  for (const PreTokenizerStep &step : impl->preTokenizers)
    if (impl->byteLevel && step.kind == PreTokenizerStep::Metaspace)
      root.at("pre_tokenizer").fail("combines Metaspace and ByteLevel, which is not supported");
  impl->model.emplace(root.at("model"), impl->byteLevel);

  // Added tokens: a token of the vocabulary keeps its id; the others follow it.
  const int32_t modelSize = impl->model->size();
  impl->tokens.resize(static_cast<size_t>(modelSize));
  for (int32_t id = 0; id < modelSize; ++id)
    impl->tokens[id] = impl->model->token(id);
  if (auto added = root.find("added_tokens"))
    hf::readAddedTokens(*added, *impl->model, !impl->normalizers.empty(), impl->tokens,
                        impl->added);
  impl->special.assign(impl->tokens.size(), false);
  impl->addedIdOf.assign(impl->tokens.size(), -1);
  for (size_t i = 0; i < impl->added.size(); ++i) {
    impl->special[impl->added[i].id] = impl->added[i].special;
    impl->addedIdOf[impl->added[i].id] = static_cast<int32_t>(i);
  }
  for (size_t id = static_cast<size_t>(modelSize); id < impl->tokens.size(); ++id)
    if (impl->addedIdOf[id] < 0)
      root.at("added_tokens").fail("leaves id " + std::to_string(id) +
                                   " without a token (ids must be dense)");
  impl->matcher.build(impl->added);

  if (auto p = root.find("post_processor"))
    impl->readPostProcessor(*p);
  if (auto d = root.find("decoder")) {
    impl->hasDecoder = true;
    hf::readDecoder(*d, impl->decoders);
  }

  // BOS and EOS.
  std::optional<int32_t> bos, eos;
  auto configPath = std::filesystem::path(path).parent_path() / "tokenizer_config.json";
  std::error_code ec;
  if (std::filesystem::is_regular_file(configPath, ec)) {
    std::string configFile = configPath.string();
    const nlohmann::json config = hf::parseJson(hf::readFile(configFile), configFile);
    JsonRef configRoot(config, "", configFile);
    configRoot.expectObject();
    auto idOf = [&](std::string_view t) { return impl->idOf(t); };
    bos = configToken(configRoot, "bos_token", idOf);
    eos = configToken(configRoot, "eos_token", idOf);
  }
  auto firstOf = [&](std::initializer_list<std::string_view> names) {
    for (std::string_view name : names)
      if (int32_t id = impl->idOf(name); id >= 0)
        return id;
    return -1;
  };
  impl->bos = bos ? *bos
              : !impl->prefix.empty() ? impl->prefix.back()
                                      : firstOf({"<s>", "<|begin_of_text|>"});
  impl->eos = eos ? *eos
              : !impl->suffix.empty() ? impl->suffix.front()
                                      : firstOf({"</s>", "<|end_of_text|>"});
  return HfTokenizer(std::move(impl));
}

void HfTokenizer::encodeAppend(std::string_view input, std::vector<int32_t> &ids) const {
  std::string repaired;
  std::string_view text = input;
  if (!isValidUtf8(text)) {
    repaired = replaceInvalidUtf8(text);
    text = repaired;
  }
  const Impl &impl = *impl_;
  if (impl.matcher.empty()) {
    impl.encodeSection(text, true, ids);
    return;
  }
  // HF's AddedVocabulary::find_matches: sections between the added tokens, an
  // lstrip/rstrip token taking the white space beside it.
  const auto *s = reinterpret_cast<const uint8_t *>(text.data());
  const auto length = static_cast<int32_t>(text.size());
  size_t sectionStart = 0;
  for (size_t pos = 0; pos < text.size();) {
    if (!impl.matcher.mayStart(s[pos])) {
      ++pos;
      continue;
    }
    auto [index, size] = impl.matcher.match(text, pos);
    if (index < 0) {
      ++pos;
      continue;
    }
    const AddedToken &token = impl.added[static_cast<size_t>(index)];
    size_t start = pos, stop = pos + size;
    if (token.lstrip) {
      int32_t i = static_cast<int32_t>(start);
      while (i > static_cast<int32_t>(sectionStart)) {
        int32_t before = i;
        UChar32 c;
        U8_PREV(s, 0, i, c);
        if (!isWhiteSpace(c)) {
          i = before;
          break;
        }
      }
      start = static_cast<size_t>(std::max<int32_t>(i, static_cast<int32_t>(sectionStart)));
    }
    if (token.rstrip) {
      int32_t i = static_cast<int32_t>(stop);
      while (i < length) {
        int32_t before = i;
        UChar32 c;
        U8_NEXT(s, i, length, c);
        if (!isWhiteSpace(c)) {
          i = before;
          break;
        }
      }
      stop = static_cast<size_t>(i);
    }
    if (start > sectionStart)
      impl.encodeSection(text.substr(sectionStart, start - sectionStart), sectionStart == 0, ids);
    ids.push_back(token.id);
    sectionStart = pos = stop;
  }
  if (sectionStart < text.size())
    impl.encodeSection(text.substr(sectionStart), sectionStart == 0, ids);
}

std::string HfTokenizer::decode(const std::vector<int32_t> &ids) const {
  const Impl &impl = *impl_;
  std::vector<std::string> tokens;
  tokens.reserve(ids.size());
  for (int32_t id : ids) {
    if (id < 0 || id >= vocabSize())
      throw DataError(impl.file + ": token id " + std::to_string(id) +
                      " is outside the vocabulary [0, " + std::to_string(vocabSize()) + ")");
    if (!impl.special[id])
      tokens.push_back(impl.tokens[id]);
  }
  if (!impl.hasDecoder) {
    std::string joined;
    for (size_t i = 0; i < tokens.size(); ++i)
      joined += (i ? " " : "") + tokens[i];
    return joined;
  }
  for (const DecoderStep &step : impl.decoders)
    hf::applyDecoder(step, tokens);
  std::string text;
  for (const std::string &t : tokens)
    text += t;
  return text;
}

int32_t HfTokenizer::vocabSize() const { return static_cast<int32_t>(impl_->tokens.size()); }
int32_t HfTokenizer::bosId() const { return impl_->bos; }
int32_t HfTokenizer::eosId() const { return impl_->eos; }

std::string HfTokenizer::tokenText(int32_t id) const {
  if (id < 0 || id >= vocabSize())
    throw DataError(impl_->file + ": token id " + std::to_string(id) +
                    " is outside the vocabulary [0, " + std::to_string(vocabSize()) + ")");
  return impl_->tokens[id];
}

const std::vector<int32_t> &HfTokenizer::prefixIds() const { return impl_->prefix; }
const std::vector<int32_t> &HfTokenizer::suffixIds() const { return impl_->suffix; }
int32_t HfTokenizer::idOf(std::string_view token) const { return impl_->idOf(token); }
bool HfTokenizer::isSpecial(int32_t id) const {
  return id >= 0 && id < vocabSize() && impl_->special[id];
}

} // namespace mtc::data
