#include "data/HfComponents.h"

#include "data/ByteLevel.h"
#include "data/DataError.h"
#include "data/Llama3PreTokenizer.h"
#include "data/PreTokenizer.h"
#include "data/Utf8.h"

#include <unicode/bytestream.h>
#include <unicode/utf8.h>

#include <climits>
#include <optional>

namespace mtc::data::hf {

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

namespace {

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

} // namespace

// ---- normalizers --------------------------------------------------------

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

std::string normalize(const std::vector<NormalizerStep> &steps, std::string_view text) {
  std::string s(text);
  for (const NormalizerStep &step : steps) {
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

// ---- pre-tokenizers ------------------------------------------------------

namespace {

constexpr std::string_view kGpt2Regex =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";
constexpr std::string_view kLlama3Regex =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

// Metaspace's prepend_scheme, which the pre-tokenizer and the decoder both read.
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

} // namespace

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

void preTokenize(const std::vector<PreTokenizerStep> &steps, std::string_view text, bool atStart,
                 std::vector<std::string_view> &pieces, std::deque<std::string> &arena) {
  pieces.assign(1, text);
  std::vector<std::string_view> next;
  for (const PreTokenizerStep &step : steps) {
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

// ---- decoders ------------------------------------------------------------

namespace {

DecoderStep decoderStep(DecoderStep::Kind kind, std::string pattern = {},
                        std::string content = {}) {
  DecoderStep step;
  step.kind = kind;
  step.pattern = std::move(pattern);
  step.content = std::move(content);
  return step;
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

} // namespace

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

} // namespace mtc::data::hf
