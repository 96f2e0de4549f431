#include "data/WordPiece.h"

#include "data/DataError.h"

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <utility>

namespace mtc::data {
namespace {

// The reference's _is_chinese_char ranges: CJK Unified Ideographs and their
// extensions A-E, and the compatibility ideographs. Hangul, kana and CJK
// punctuation are not among them.
bool isChineseChar(UChar32 c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x20000 && c <= 0x2A6DF) || (c >= 0x2A700 && c <= 0x2B73F) ||
         (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B820 && c <= 0x2CEAF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

// ASCII symbols such as "$" and "^" are not Unicode punctuation; the reference
// counts every non-alphanumeric printable ASCII character.
bool isPunctuation(UChar32 c) {
  if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) ||
      (c >= 123 && c <= 126))
    return true;
  return (U_GET_GC_MASK(c) & U_GC_P_MASK) != 0;
}

// Categories Cc, Cf, Cn, Co, Cs; tab, newline and CR count as whitespace instead.
bool isControl(UChar32 c) {
  if (c == '\t' || c == '\n' || c == '\r')
    return false;
  return (U_GET_GC_MASK(c) & U_GC_C_MASK) != 0;
}

// After cleaning, the reference's str.split() also splits on U+2028 and U+2029
// (line/paragraph separators are neither control nor Zs, but Python whitespace).
bool isSpace(UChar32 c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == 0x2028 || c == 0x2029 ||
         u_charType(c) == U_SPACE_SEPARATOR;
}

void appendUtf8(UChar32 c, std::string &out) {
  char buffer[4];
  int32_t length = 0;
  U8_APPEND_UNSAFE(buffer, length, c);
  out.append(buffer, length);
}

// Python's str.lower() (full mapping, context-sensitive final sigma), NFD, then
// the non-spacing marks dropped: the reference's lower() + _run_strip_accents.
void lowerAndStripAccents(const UChar32 *begin, const UChar32 *end, std::u32string &out) {
  thread_local std::vector<UChar> source, lowered, decomposed;
  source.clear();
  for (const UChar32 *c = begin; c != end; ++c) {
    if (*c <= 0xFFFF) {
      source.push_back(static_cast<UChar>(*c));
    } else {
      source.push_back(U16_LEAD(*c));
      source.push_back(U16_TRAIL(*c));
    }
  }
  auto run = [](std::vector<UChar> &dest, auto &&call) {
    if (dest.size() < 16)
      dest.resize(16);
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = call(dest.data(), static_cast<int32_t>(dest.size()), &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) {
      dest.resize(static_cast<size_t>(length));
      status = U_ZERO_ERROR;
      length = call(dest.data(), static_cast<int32_t>(dest.size()), &status);
    }
    if (U_FAILURE(status))
      throw DataError(std::string("WordPiece: ICU failed to normalize text: ") +
                      u_errorName(status));
    return length;
  };
  const int32_t sourceLength = static_cast<int32_t>(source.size());
  int32_t lowerLength = run(lowered, [&](UChar *dest, int32_t capacity, UErrorCode *status) {
    // "" is the root locale: no Turkish or Lithuanian rules, as str.lower().
    return u_strToLower(dest, capacity, source.data(), sourceLength, "", status);
  });
  UErrorCode status = U_ZERO_ERROR;
  const UNormalizer2 *nfd = unorm2_getNFDInstance(&status);
  if (U_FAILURE(status))
    throw DataError(std::string("WordPiece: ICU has no NFD data: ") + u_errorName(status));
  int32_t nfdLength = run(decomposed, [&](UChar *dest, int32_t capacity, UErrorCode *error) {
    return unorm2_normalize(nfd, lowered.data(), lowerLength, dest, capacity, error);
  });
  for (int32_t i = 0; i < nfdLength;) {
    UChar32 c;
    U16_NEXT(decomposed.data(), i, nfdLength, c);
    if (u_charType(c) != U_NON_SPACING_MARK)
      out.push_back(static_cast<char32_t>(c));
  }
}

std::string vocabError(const std::string &path, const std::string &what) {
  return "BERT vocabulary '" + path + "' " + what;
}

} // namespace

WordPieceVocab WordPieceVocab::fromFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw DataError("cannot open BERT vocabulary '" + path +
                    "' (run scripts/setup.sh to fetch bert-base-uncased's vocab.txt)");
  WordPieceVocab vocab;
  std::string line;
  while (std::getline(in, line)) {
    const size_t lineNumber = vocab.tokens_.size() + 1;
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (line.empty())
      throw DataError(vocabError(path, "line " + std::to_string(lineNumber) +
                                           " is empty (one token per line, id = line - 1)"));
    for (int32_t i = 0, n = static_cast<int32_t>(line.size()); i < n;) {
      UChar32 c;
      U8_NEXT(line.data(), i, n, c);
      if (c < 0)
        throw DataError(vocabError(path, "line " + std::to_string(lineNumber) +
                                             " is not valid UTF-8"));
    }
    auto [it, inserted] = vocab.ids_.emplace(line, static_cast<int32_t>(vocab.tokens_.size()));
    if (!inserted)
      throw DataError(vocabError(path, "line " + std::to_string(lineNumber) +
                                           " repeats the token '" + line + "' of line " +
                                           std::to_string(it->second + 1)));
    vocab.continuation_.push_back(line.rfind("##", 0) == 0 ? 1 : 0);
    vocab.longestTokenBytes_ = std::max(vocab.longestTokenBytes_, line.size());
    vocab.tokens_.push_back(std::move(line));
  }
  if (in.bad())
    throw DataError(vocabError(path, "could not be read"));
  if (vocab.tokens_.empty())
    throw DataError(vocabError(path, "is empty"));
  if (vocab.tokens_.size() > static_cast<size_t>(INT32_MAX))
    throw DataError(vocabError(path, "has more than 2^31 - 1 tokens"));

  std::string missing;
  auto special = [&](const char *name, int32_t &id) {
    id = vocab.idOf(name);
    if (id < 0)
      missing += std::string(missing.empty() ? "" : " ") + name;
  };
  special("[PAD]", vocab.padId_);
  special("[UNK]", vocab.unkId_);
  special("[CLS]", vocab.clsId_);
  special("[SEP]", vocab.sepId_);
  special("[MASK]", vocab.maskId_);
  if (!missing.empty())
    throw DataError(vocabError(path, "lacks the special token(s) " + missing +
                                         " (BERT needs [PAD] [UNK] [CLS] [SEP] [MASK])"));
  return vocab;
}

int32_t WordPieceVocab::idOf(const std::string &token) const {
  auto it = ids_.find(token);
  return it == ids_.end() ? -1 : it->second;
}

const std::string &WordPieceVocab::token(int32_t id) const {
  if (id < 0 || id >= size())
    throw DataError("token id " + std::to_string(id) + " is outside the BERT vocabulary [0, " +
                    std::to_string(size()) + ")");
  return tokens_[id];
}

bool WordPieceVocab::isContinuation(int32_t id) const {
  token(id); // throws for an id outside the vocabulary
  return continuation_[id] != 0;
}

WordPieceTokenizer::WordPieceTokenizer(WordPieceVocab vocab, bool lowerCase)
    : vocab_(std::move(vocab)), lowerCase_(lowerCase) {}

template <typename OnWord>
void WordPieceTokenizer::forEachWord(std::string_view text, OnWord &&onWord) const {
  // 1 and 2: clean, space out CJK ideographs.
  thread_local std::u32string cleaned;
  cleaned.clear();
  if (text.size() > static_cast<size_t>(INT32_MAX))
    throw DataError("WordPiece: a text longer than 2 GiB");
  const int32_t length = static_cast<int32_t>(text.size());
  for (int32_t i = 0; i < length;) {
    UChar32 c;
    U8_NEXT(text.data(), i, length, c);
    if (c <= 0 || c == 0xFFFD || isControl(c)) // c < 0: bytes that are not UTF-8
      continue;
    if (isSpace(c)) {
      cleaned.push_back(U' ');
    } else if (isChineseChar(c)) {
      cleaned.push_back(U' ');
      cleaned.push_back(static_cast<char32_t>(c));
      cleaned.push_back(U' ');
    } else {
      cleaned.push_back(static_cast<char32_t>(c));
    }
  }

  // 3 and 4: per space-separated piece, normalize, then split on punctuation.
  thread_local std::u32string normalized;
  thread_local std::string word;
  const size_t n = cleaned.size();
  for (size_t start = 0; start < n;) {
    if (cleaned[start] == U' ') {
      ++start;
      continue;
    }
    size_t end = start;
    bool ascii = true;
    while (end < n && cleaned[end] != U' ') {
      ascii = ascii && cleaned[end] < 0x80;
      ++end;
    }
    normalized.clear();
    if (!lowerCase_) {
      normalized.assign(cleaned, start, end - start);
    } else if (ascii) { // ASCII is its own NFD and has no marks
      for (size_t k = start; k < end; ++k) {
        char32_t c = cleaned[k];
        normalized.push_back(c >= U'A' && c <= U'Z' ? c + 32 : c);
      }
    } else {
      const auto *data = reinterpret_cast<const UChar32 *>(cleaned.data());
      lowerAndStripAccents(data + start, data + end, normalized);
    }
    start = end;

    word.clear();
    size_t codePoints = 0;
    for (char32_t c : normalized) {
      if (isPunctuation(static_cast<UChar32>(c))) {
        if (codePoints) {
          onWord(std::string_view(word), codePoints);
          word.clear();
          codePoints = 0;
        }
        appendUtf8(static_cast<UChar32>(c), word);
        onWord(std::string_view(word), size_t{1});
        word.clear();
      } else {
        appendUtf8(static_cast<UChar32>(c), word);
        ++codePoints;
      }
    }
    if (codePoints)
      onWord(std::string_view(word), codePoints);
  }
}

void WordPieceTokenizer::wordPiece(std::string_view word, size_t codePoints,
                                   std::vector<int32_t> &ids) const {
  if (codePoints > kMaxCharsPerWord) {
    ids.push_back(vocab_.unkId());
    return;
  }
  // Byte offset of each code point, then the end.
  thread_local std::vector<size_t> offsets;
  offsets.clear();
  for (int32_t i = 0, n = static_cast<int32_t>(word.size()); i < n;) {
    offsets.push_back(static_cast<size_t>(i));
    U8_FWD_1_UNSAFE(word.data(), i);
  }
  offsets.push_back(word.size());

  thread_local std::string key;
  const size_t firstNew = ids.size();
  const size_t count = offsets.size() - 1;
  for (size_t start = 0; start < count;) {
    int32_t found = -1;
    size_t end = count;
    for (; end > start; --end) {
      size_t bytes = offsets[end] - offsets[start];
      if (bytes + (start > 0 ? 2 : 0) > vocab_.longestTokenBytes())
        continue; // longer than any token: cannot match
      key.assign(start > 0 ? "##" : "");
      key.append(word.substr(offsets[start], bytes));
      found = vocab_.idOf(key);
      if (found >= 0)
        break;
    }
    if (found < 0) { // the whole word is unknown, not just this part
      ids.resize(firstNew);
      ids.push_back(vocab_.unkId());
      return;
    }
    ids.push_back(found);
    start = end;
  }
}

void WordPieceTokenizer::encodeAppend(std::string_view text, std::vector<int32_t> &ids) const {
  forEachWord(text, [&](std::string_view word, size_t codePoints) {
    wordPiece(word, codePoints, ids);
  });
}

std::vector<int32_t> WordPieceTokenizer::encode(std::string_view text) const {
  std::vector<int32_t> ids;
  encodeAppend(text, ids);
  return ids;
}

std::vector<std::string> WordPieceTokenizer::basicTokenize(std::string_view text) const {
  std::vector<std::string> words;
  forEachWord(text, [&](std::string_view word, size_t) { words.emplace_back(word); });
  return words;
}

} // namespace mtc::data
