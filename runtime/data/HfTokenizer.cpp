#include "data/HfTokenizer.h"

#include "data/ByteLevel.h"
#include "data/DataError.h"
#include "data/HfBpe.h"
#include "data/HfJson.h"
#include "data/Llama3PreTokenizer.h"
#include "data/PreTokenizer.h"
#include "data/Utf8.h"

#include <unicode/bytestream.h>
#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <climits>
#include <deque>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>

namespace mtc::data {
namespace {

using hf::JsonRef;

constexpr std::string_view kGpt2Regex =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";
constexpr std::string_view kLlama3Regex =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

std::string typeOf(const JsonRef &component) {
  return component.at("type").string();
}

[[noreturn]] void unsupported(const JsonRef &component, const std::string &type) {
  component.at("type").fail("\"" + type + "\" is not supported");
}

void replaceAll(std::string &text, std::string_view pattern, std::string_view content) {
  if (pattern.empty() || text.find(pattern) == std::string::npos)
    return;
  std::string out;
  out.reserve(text.size());
  size_t begin = 0;
  for (size_t found; (found = text.find(pattern, begin)) != std::string::npos;
       begin = found + pattern.size()) {
    out.append(text, begin, found - begin);
    out.append(content);
  }
  out.append(text, begin, std::string::npos);
  text.swap(out);
}

// A String pattern ({"String": "▁"}); Regex patterns are refused.
std::string stringPattern(const JsonRef &component) {
  JsonRef pattern = component.at("pattern");
  if (auto regex = pattern.find("Regex"))
    regex->fail("is not supported here (only {\"String\": ...} patterns)");
  std::string s = pattern.at("String").string();
  if (s.empty())
    pattern.at("String").fail("is empty");
  return s;
}

bool isWhiteSpace(UChar32 c) { return u_isUWhiteSpace(c); }

// ---- normalizers --------------------------------------------------------

struct NormalizerStep {
  enum Kind { Prepend, Replace, Unicode } kind;
  std::string text, content;
  const icu::Normalizer2 *unicode = nullptr;
};

void readNormalizer(const JsonRef &n, std::vector<NormalizerStep> &steps) {
  std::string type = typeOf(n);
  if (type == "Sequence") {
    JsonRef list = n.at("normalizers");
    for (size_t i = 0; i < list.arraySize(); ++i)
      readNormalizer(list.element(i), steps);
  } else if (type == "Prepend") {
    steps.push_back({NormalizerStep::Prepend, n.at("prepend").string(), {}});
  } else if (type == "Replace") {
    steps.push_back({NormalizerStep::Replace, stringPattern(n), n.at("content").string()});
  } else if (type == "NFC" || type == "NFD" || type == "NFKC" || type == "NFKD") {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2 *unicode =
        type == "NFC"    ? icu::Normalizer2::getNFCInstance(status)
        : type == "NFD"  ? icu::Normalizer2::getNFDInstance(status)
        : type == "NFKC" ? icu::Normalizer2::getNFKCInstance(status)
                         : icu::Normalizer2::getNFKDInstance(status);
    if (U_FAILURE(status))
      n.fail(std::string("cannot load ICU's ") + type + " data: " + u_errorName(status));
    steps.push_back({NormalizerStep::Unicode, {}, {}, unicode});
  } else {
    unsupported(n, type);
  }
}

// ---- pre-tokenizers ------------------------------------------------------

enum class Prepend { Always, First, Never };

Prepend readPrependScheme(const JsonRef &component) {
  auto scheme = component.find("prepend_scheme");
  if (!scheme) // older files: add_prefix_space
    return component.boolean("add_prefix_space", true) ? Prepend::Always : Prepend::Never;
  std::string s = scheme->string();
  if (s == "always" || s == "first" || s == "never") {
    if (component.find("add_prefix_space") && !component.boolean("add_prefix_space", true) &&
        s != "never")
      scheme->fail("\"" + s + "\" contradicts add_prefix_space false");
    return s == "always" ? Prepend::Always : s == "first" ? Prepend::First : Prepend::Never;
  }
  scheme->fail("\"" + s + "\" is not one of always, first, never");
}

struct PreTokenizerStep {
  enum Kind { SplitGpt2, SplitLlama3, ByteLevel, Metaspace } kind = SplitGpt2;
  bool addPrefixSpace = false, useRegex = false, split = true;
  std::string replacement;
  Prepend prepend = Prepend::Always;
};

void readPreTokenizer(const JsonRef &p, std::vector<PreTokenizerStep> &steps) {
  std::string type = typeOf(p);
  if (!steps.empty() && steps.back().kind == PreTokenizerStep::ByteLevel)
    p.fail("follows a ByteLevel pre-tokenizer, which is supported only last");
  if (type == "Sequence") {
    JsonRef list = p.at("pretokenizers");
    for (size_t i = 0; i < list.arraySize(); ++i)
      readPreTokenizer(list.element(i), steps);
  } else if (type == "Split") {
    JsonRef pattern = p.at("pattern");
    if (!pattern.find("Regex"))
      pattern.fail("is not supported (only Llama 3's and GPT-2's Regex patterns)");
    std::string regex = pattern.at("Regex").string();
    PreTokenizerStep step;
    step.kind = PreTokenizerStep::SplitGpt2;
    if (regex == kLlama3Regex)
      step.kind = PreTokenizerStep::SplitLlama3;
    else if (regex != kGpt2Regex)
      pattern.at("Regex").fail("\"" + regex +
                               "\" is not supported (only Llama 3's and GPT-2's patterns)");
    if (std::string behavior = p.at("behavior").string(); behavior != "Isolated")
      p.at("behavior").fail("\"" + behavior + "\" is not supported (only Isolated)");
    if (p.boolean("invert", false))
      p.at("invert").fail("true is not supported");
    steps.push_back(step);
  } else if (type == "ByteLevel") {
    PreTokenizerStep step;
    step.kind = PreTokenizerStep::ByteLevel;
    step.addPrefixSpace = p.boolean("add_prefix_space", true);
    step.useRegex = p.boolean("use_regex", true);
    steps.push_back(step);
  } else if (type == "Metaspace") {
    PreTokenizerStep step;
    step.kind = PreTokenizerStep::Metaspace;
    step.replacement = p.character("replacement");
    step.prepend = readPrependScheme(p);
    step.split = p.boolean("split", true);
    steps.push_back(step);
  } else {
    unsupported(p, type);
  }
}

// ---- decoders ------------------------------------------------------------

struct DecoderStep {
  enum Kind { ByteLevel, Metaspace, Replace, ByteFallback, Fuse, Strip } kind = Fuse;
  std::string pattern, content; // Replace; Metaspace's replacement; Strip's character
  bool prependNever = false;    // Metaspace
  int64_t start = 0, stop = 0;  // Strip
};

DecoderStep decoderStep(DecoderStep::Kind kind, std::string pattern = {},
                        std::string content = {}) {
  DecoderStep step;
  step.kind = kind;
  step.pattern = std::move(pattern);
  step.content = std::move(content);
  return step;
}

void readDecoder(const JsonRef &d, std::vector<DecoderStep> &steps) {
  std::string type = typeOf(d);
  if (type == "Sequence") {
    JsonRef list = d.at("decoders");
    for (size_t i = 0; i < list.arraySize(); ++i)
      readDecoder(list.element(i), steps);
  } else if (type == "ByteLevel") {
    steps.push_back(decoderStep(DecoderStep::ByteLevel));
  } else if (type == "Metaspace") {
    DecoderStep step = decoderStep(DecoderStep::Metaspace, {}, d.character("replacement"));
    step.prependNever = readPrependScheme(d) == Prepend::Never;
    steps.push_back(step);
  } else if (type == "Replace") {
    steps.push_back(decoderStep(DecoderStep::Replace, stringPattern(d), d.at("content").string()));
  } else if (type == "ByteFallback") {
    steps.push_back(decoderStep(DecoderStep::ByteFallback));
  } else if (type == "Fuse") {
    steps.push_back(decoderStep(DecoderStep::Fuse));
  } else if (type == "Strip") {
    DecoderStep step = decoderStep(DecoderStep::Strip, {}, d.character("content"));
    step.start = d.at("start").integer(0, INT32_MAX);
    step.stop = d.at("stop").integer(0, INT32_MAX);
    steps.push_back(step);
  } else {
    unsupported(d, type);
  }
}

std::vector<std::string_view> characters(std::string_view s) {
  std::vector<std::string_view> chars;
  const auto *p = reinterpret_cast<const uint8_t *>(s.data());
  int32_t length = static_cast<int32_t>(s.size());
  for (int32_t i = 0; i < length;) {
    int32_t start = i;
    U8_FWD_1(p, i, length);
    chars.push_back(s.substr(start, i - start));
  }
  return chars;
}

// Rust's String::from_utf8 succeeds.
void flushBytes(std::string &bytes, std::vector<std::string> &out) {
  if (bytes.empty())
    return;
  if (isValidUtf8(bytes)) {
    out.push_back(bytes);
  } else {
    for (size_t i = 0; i < bytes.size(); ++i)
      out.emplace_back("\xEF\xBF\xBD"); // one U+FFFD per byte, as HF's ByteFallback
  }
  bytes.clear();
}

std::optional<uint8_t> byteFallbackValue(std::string_view token) {
  if (token.size() != 6 || token.substr(0, 3) != "<0x" || token[5] != '>')
    return std::nullopt;
  // Rust's u8::from_str_radix(.., 16): two hex digits, or "+" and one.
  auto digit = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  int hi = digit(token[3]), lo = digit(token[4]);
  if (token[3] == '+' && lo >= 0)
    return static_cast<uint8_t>(lo);
  if (hi < 0 || lo < 0)
    return std::nullopt;
  return static_cast<uint8_t>(hi * 16 + lo);
}

void applyDecoder(const DecoderStep &step, std::vector<std::string> &tokens) {
  std::vector<std::string> out;
  switch (step.kind) {
  case DecoderStep::ByteLevel: {
    std::string bytes;
    for (const std::string &t : tokens) {
      if (auto raw = unicodeToBytes(t))
        bytes += *raw;
      else
        bytes += t; // a character outside the mapping: the token's own bytes
    }
    out.push_back(replaceInvalidUtf8(bytes));
    break;
  }
  case DecoderStep::Metaspace:
    for (size_t i = 0; i < tokens.size(); ++i) {
      std::string s;
      for (std::string_view c : characters(tokens[i])) {
        if (c != step.content)
          s += c;
        else if (i != 0 || step.prependNever)
          s += ' ';
      }
      out.push_back(std::move(s));
    }
    break;
  case DecoderStep::Replace:
    for (std::string &t : tokens)
      replaceAll(t, step.pattern, step.content);
    return;
  case DecoderStep::ByteFallback: {
    std::string bytes;
    for (std::string &t : tokens) {
      if (auto b = byteFallbackValue(t)) {
        bytes.push_back(static_cast<char>(*b));
      } else {
        flushBytes(bytes, out);
        out.push_back(std::move(t));
      }
    }
    flushBytes(bytes, out);
    break;
  }
  case DecoderStep::Fuse: {
    std::string all;
    for (const std::string &t : tokens)
      all += t;
    out.push_back(std::move(all));
    break;
  }
  case DecoderStep::Strip:
    for (const std::string &t : tokens) {
      std::vector<std::string_view> chars = characters(t);
      size_t begin = 0, end = chars.size();
      for (int64_t i = 0; i < step.start && begin < end && chars[begin] == step.content; ++i)
        ++begin;
      for (int64_t i = 0; i < step.stop && end > begin && chars[end - 1] == step.content; ++i)
        --end;
      std::string s;
      for (size_t i = begin; i < end; ++i)
        s += chars[i];
      out.push_back(std::move(s));
    }
    break;
  }
  tokens.swap(out);
}

// ---- added tokens ----------------------------------------------------------

struct AddedToken {
  std::string content;
  int32_t id;
  bool lstrip, rstrip, special;
};

// A byte trie of the added tokens' contents: at each position the longest
// content that starts there (HF's aho-corasick, leftmost-longest).
class AddedTokenMatcher {
public:
  void build(const std::vector<AddedToken> &tokens) {
    nodes_.assign(1, Node{});
    for (size_t t = 0; t < tokens.size(); ++t) {
      int32_t node = 0;
      for (char ch : tokens[t].content) {
        auto b = static_cast<unsigned char>(ch);
        starts_[static_cast<unsigned char>(tokens[t].content[0])] = true;
        auto it = nodes_[node].children.find(b);
        if (it == nodes_[node].children.end()) {
          nodes_.push_back(Node{});
          it = nodes_[node].children.emplace(b, static_cast<int32_t>(nodes_.size() - 1)).first;
        }
        node = it->second;
      }
      nodes_[node].token = static_cast<int32_t>(t);
    }
  }
  // The token starting at `pos` (longest), and its length; -1 if none.
  std::pair<int32_t, size_t> match(std::string_view text, size_t pos) const {
    std::pair<int32_t, size_t> best{-1, 0};
    if (!starts_[static_cast<unsigned char>(text[pos])])
      return best;
    int32_t node = 0;
    for (size_t i = pos; i < text.size(); ++i) {
      auto it = nodes_[node].children.find(static_cast<unsigned char>(text[i]));
      if (it == nodes_[node].children.end())
        break;
      node = it->second;
      if (nodes_[node].token >= 0)
        best = {nodes_[node].token, i + 1 - pos};
    }
    return best;
  }
  bool empty() const { return nodes_.size() <= 1; }
  bool mayStart(unsigned char b) const { return starts_[b]; }

private:
  struct Node {
    std::map<unsigned char, int32_t> children;
    int32_t token = -1;
  };
  std::vector<Node> nodes_{1};
  bool starts_[256] = {};
};

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
  std::string normalize(std::string_view text) const;
  void preTokenize(std::string_view text, bool atStart, std::vector<std::string_view> &pieces,
                   std::deque<std::string> &arena) const;
  void encodeSection(std::string_view text, bool atStart, std::vector<int32_t> &ids) const;
  void readPostProcessor(const JsonRef &p);
};

std::string HfTokenizer::Impl::normalize(std::string_view text) const {
  std::string s(text);
  for (const NormalizerStep &step : normalizers) {
    switch (step.kind) {
    case NormalizerStep::Prepend:
      if (!s.empty())
        s.insert(0, step.text);
      break;
    case NormalizerStep::Replace:
      replaceAll(s, step.text, step.content);
      break;
    case NormalizerStep::Unicode: {
      std::string out;
      icu::StringByteSink<std::string> sink(&out, static_cast<int32_t>(s.size()));
      UErrorCode status = U_ZERO_ERROR;
      step.unicode->normalizeUTF8(0, icu::StringPiece(s.data(), static_cast<int32_t>(s.size())),
                                  sink, nullptr, status);
      if (U_FAILURE(status))
        throw DataError("Unicode normalization failed: " + std::string(u_errorName(status)));
      s.swap(out);
      break;
    }
    }
  }
  return s;
}

void HfTokenizer::Impl::preTokenize(std::string_view text, bool atStart,
                                    std::vector<std::string_view> &pieces,
                                    std::deque<std::string> &arena) const {
  pieces.assign(1, text);
  std::vector<std::string_view> next;
  for (const PreTokenizerStep &step : preTokenizers) {
    next.clear();
    for (size_t p = 0; p < pieces.size(); ++p) {
      std::string_view piece = pieces[p];
      switch (step.kind) {
      case PreTokenizerStep::SplitGpt2:
        splitGpt2Pieces(piece, next);
        break;
      case PreTokenizerStep::SplitLlama3:
        splitLlama3Pieces(piece, next);
        break;
      case PreTokenizerStep::ByteLevel:
        if (step.addPrefixSpace && (piece.empty() || piece[0] != ' '))
          piece = arena.emplace_back(" " + std::string(piece));
        if (step.useRegex)
          splitGpt2Pieces(piece, next);
        else
          next.push_back(piece);
        break;
      case PreTokenizerStep::Metaspace: {
        std::string s(piece);
        replaceAll(s, " ", step.replacement);
        bool startsWith = s.compare(0, step.replacement.size(), step.replacement) == 0;
        if (!startsWith && (step.prepend == Prepend::Always ||
                            (step.prepend == Prepend::First && atStart && p == 0)))
          s.insert(0, step.replacement);
        std::string_view owned = arena.emplace_back(std::move(s));
        if (!step.split) {
          next.push_back(owned);
          break;
        }
        // MergedWithNext: each replacement starts a piece (HF merges a
        // replacement into what follows it unless that is a replacement too).
        size_t begin = 0;
        for (size_t found = owned.find(step.replacement, 1); found != std::string_view::npos;
             found = owned.find(step.replacement, found + step.replacement.size())) {
          next.push_back(owned.substr(begin, found - begin));
          begin = found;
        }
        if (begin < owned.size())
          next.push_back(owned.substr(begin));
        break;
      }
      }
    }
    pieces.swap(next);
  }
}

void HfTokenizer::Impl::encodeSection(std::string_view text, bool atStart,
                                      std::vector<int32_t> &ids) const {
  std::string normalized;
  if (!normalizers.empty()) {
    normalized = normalize(text);
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
  preTokenize(text, atStart, pieces, arena);
  for (std::string_view piece : pieces)
    model->encodeWord(piece, ids);
}

void HfTokenizer::Impl::readPostProcessor(const JsonRef &p) {
  std::string type = typeOf(p);
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
    unsupported(p, type);
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
    readNormalizer(*n, impl->normalizers);
  if (auto p = root.find("pre_tokenizer"))
    readPreTokenizer(*p, impl->preTokenizers);
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
  if (auto added = root.find("added_tokens")) {
    for (size_t i = 0; i < added->arraySize(); ++i) {
      JsonRef a = added->element(i);
      AddedToken token{a.at("content").string(),
                       static_cast<int32_t>(a.at("id").integer(0, (1 << 30))),
                       a.boolean("lstrip", false), a.boolean("rstrip", false),
                       a.boolean("special", false)};
      if (token.content.empty())
        a.at("content").fail("is empty");
      if (a.boolean("single_word", false))
        a.at("single_word").fail("true is not supported");
      if (a.boolean("normalized", !token.special) && !impl->normalizers.empty())
        a.at("normalized").fail("true is not supported where there is a normalizer");
      int32_t inVocab = impl->model->find(token.content);
      if (inVocab >= 0 && inVocab != token.id)
        a.at("id").fail("is " + std::to_string(token.id) + ", but model.vocab gives \"" +
                        token.content + "\" id " + std::to_string(inVocab));
      if (inVocab < 0 && token.id < modelSize)
        a.at("id").fail("is " + std::to_string(token.id) + ", which model.vocab gives \"" +
                        impl->tokens[token.id] + "\"");
      if (token.id >= static_cast<int32_t>(impl->tokens.size()))
        impl->tokens.resize(static_cast<size_t>(token.id) + 1);
      for (const AddedToken &other : impl->added)
        if (other.id == token.id || other.content == token.content)
          a.fail("repeats the added token \"" + other.content + "\" (id " +
                 std::to_string(other.id) + ")");
      impl->tokens[token.id] = token.content;
      impl->added.push_back(std::move(token));
    }
  }
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
    readDecoder(*d, impl->decoders);
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
    applyDecoder(step, tokens);
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
