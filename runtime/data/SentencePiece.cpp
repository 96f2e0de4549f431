#include "data/SentencePiece.h"

#include "data/DataError.h"
#include "data/Utf8.h"
#include "sentencepiece_model.pb.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>

namespace mtc::data {
namespace {

using Proto = sentencepiece::ModelProto;
constexpr std::string_view kSpace = "\xE2\x96\x81"; // U+2581, SentencePiece's escaped space
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";

// Bytes in the UTF-8 character starting with lead byte `c` (1 for a stray byte:
// the text is valid UTF-8 by the time symbols are cut).
size_t charLength(unsigned char c) {
  return c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
}

// SentencePiece's DecodeUTF8: the length of the valid character at the start of
// `s`, or 0 when it does not start with one (its decoder then gives U+FFFD for
// one byte). No overlong forms, surrogates or code points above U+10FFFF.
size_t validCharLength(std::string_view s) {
  auto byte = [&](size_t i) { return static_cast<unsigned char>(s[i]); };
  auto trail = [&](size_t i) { return i < s.size() && (byte(i) & 0xC0) == 0x80; };
  unsigned char c = byte(0);
  if (c < 0x80)
    return 1;
  if ((c & 0xE0) == 0xC0 && trail(1))
    return c >= 0xC2 ? 2 : 0;
  if ((c & 0xF0) == 0xE0 && trail(1) && trail(2)) {
    uint32_t cp = ((c & 0x0Fu) << 12) | ((byte(1) & 0x3Fu) << 6) | (byte(2) & 0x3Fu);
    return cp >= 0x800 && (cp < 0xD800 || cp > 0xDFFF) ? 3 : 0;
  }
  if ((c & 0xF8) == 0xF0 && trail(1) && trail(2) && trail(3)) {
    uint32_t cp = ((c & 0x07u) << 18) | ((byte(1) & 0x3Fu) << 12) | ((byte(2) & 0x3Fu) << 6) |
                  (byte(3) & 0x3Fu);
    return cp >= 0x10000 && cp <= 0x10FFFF ? 4 : 0;
  }
  return 0;
}

std::string bytePiece(int b) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "<0x%02X>", b);
  return buffer;
}

// The byte a BYTE piece "<0xXX>" stands for (upper-case hex, as SentencePiece
// writes them), or -1.
int byteValue(const std::string &piece) {
  auto hex = [](char c) { return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1; };
  if (piece.size() != 6 || piece.compare(0, 3, "<0x") != 0 || piece[5] != '>' ||
      hex(piece[3]) < 0 || hex(piece[4]) < 0)
    return -1;
  return hex(piece[3]) * 16 + hex(piece[4]);
}

const char *modelTypeName(int type) {
  switch (type) {
  case sentencepiece::TrainerSpec::UNIGRAM: return "UNIGRAM";
  case sentencepiece::TrainerSpec::BPE: return "BPE";
  case sentencepiece::TrainerSpec::WORD: return "WORD";
  case sentencepiece::TrainerSpec::CHAR: return "CHAR";
  default: return "unknown";
  }
}

} // namespace

// One symbol of the text being merged: bytes [begin, begin + size) of the chunk.
struct SentencePieceTokenizer::Symbol {
  uint32_t begin, size;
  int32_t prev, next; // -1 at the ends
  int32_t key;        // piece id or character key for pair lookups; -1: merges with nothing
  bool frozen;        // a USER_DEFINED piece: never merges
};

// A pair that may merge; stale once either side has changed (SentencePiece
// checks the same way: the two sides no longer add up to `size`).
struct SentencePieceTokenizer::Candidate {
  float score;
  int32_t left, right;
  uint32_t size;
  int32_t piece;
  // Max-heap order: the higher score, then the leftmost pair.
  bool operator<(const Candidate &other) const {
    return score < other.score || (score == other.score && left > other.left);
  }
};

size_t SentencePieceTokenizer::StringHash::operator()(std::string_view s) const noexcept {
  uint64_t hash = 0xcbf29ce484222325ull; // FNV-1a: pieces are short
  for (char c : s)
    hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  return static_cast<size_t>(hash ^ (hash >> 29));
}

SentencePieceTokenizer SentencePieceTokenizer::fromFile(const std::string &path) {
  return SentencePieceTokenizer(path);
}

std::unique_ptr<SentencePieceTokenizer> SentencePieceTokenizer::load(const std::string &path) {
  return std::unique_ptr<SentencePieceTokenizer>(new SentencePieceTokenizer(path));
}

SentencePieceTokenizer::SentencePieceTokenizer(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw DataError(path + ": cannot open the SentencePiece model");
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad())
    throw DataError(path + ": cannot read the SentencePiece model");
  Proto model;
  if (bytes.empty() || !model.ParseFromString(bytes))
    throw DataError(path + ": not a SentencePiece ModelProto (the protobuf does not parse; "
                           "truncated or not a tokenizer.model?)");
  // Fields are written in number order: a file cut short loses these first.
  if (!model.has_trainer_spec())
    throw DataError(path + ": trainer_spec is missing (truncated file?)");
  if (!model.has_normalizer_spec())
    throw DataError(path + ": normalizer_spec is missing (truncated file?)");

  const auto &trainer = model.trainer_spec();
  const auto &normalizer = model.normalizer_spec();
  if (trainer.model_type() != sentencepiece::TrainerSpec::BPE)
    throw DataError(path + ": trainer_spec.model_type is " + modelTypeName(trainer.model_type()) +
                    "; only BPE models are supported");
  if (trainer.treat_whitespace_as_suffix())
    throw DataError(path + ": trainer_spec.treat_whitespace_as_suffix is true; not supported");
  if (!normalizer.name().empty() && normalizer.name() != "identity")
    throw DataError(path + ": normalizer_spec.name is '" + normalizer.name() +
                    "'; only the identity normalizer is supported");
  if (!normalizer.precompiled_charsmap().empty())
    throw DataError(path + ": normalizer_spec.precompiled_charsmap is not empty; only the "
                           "identity normalizer is supported");
  if (!normalizer.escape_whitespaces())
    throw DataError(path + ": normalizer_spec.escape_whitespaces is false; not supported");
  if (model.has_denormalizer_spec() &&
      !model.denormalizer_spec().precompiled_charsmap().empty())
    throw DataError(path + ": denormalizer_spec.precompiled_charsmap is not empty; "
                           "denormalization is not supported");
  byteFallback_ = trainer.byte_fallback();
  addDummyPrefix_ = normalizer.add_dummy_prefix();
  removeExtraWhitespaces_ = normalizer.remove_extra_whitespaces();
  unkSurface_ = trainer.unk_surface();

  if (model.pieces_size() == 0)
    throw DataError(path + ": pieces is empty");
  pieces_.reserve(model.pieces_size());
  byteValues_.assign(model.pieces_size(), 0);
  for (int i = 0; i < model.pieces_size(); ++i) {
    const auto &p = model.pieces(i);
    std::string where = path + ": pieces[" + std::to_string(i) + "]";
    if (p.piece().empty())
      throw DataError(where + ".piece is empty");
    if (!isValidUtf8(p.piece()))
      throw DataError(where + ".piece is not valid UTF-8");
    pieces_.push_back(p.piece());
    scores_.push_back(p.score());
    types_.push_back(static_cast<PieceType>(p.type()));
  }
  for (int32_t id = 0; id < vocabSize(); ++id) {
    std::string where = path + ": pieces[" + std::to_string(id) + "]";
    PieceType type = types_[id];
    bool isMergeable = type == PieceType::Normal || type == PieceType::UserDefined ||
                       type == PieceType::Unused;
    PieceMap &map = isMergeable ? mergeable_ : reserved_;
    if (mergeable_.count(pieces_[id]) || reserved_.count(pieces_[id]))
      throw DataError(where + ".piece '" + pieces_[id] + "' is already defined (id " +
                      std::to_string(pieceToId(pieces_[id])) + ")");
    map.emplace(pieces_[id], id);
    if (type == PieceType::Unknown) {
      if (unkId_ >= 0)
        throw DataError(where + ".type is UNKNOWN but pieces[" + std::to_string(unkId_) +
                        "] already is");
      unkId_ = id;
    } else if (type == PieceType::Byte) {
      if (!byteFallback_)
        throw DataError(where + ".type is BYTE but trainer_spec.byte_fallback is false");
      int value = byteValue(pieces_[id]);
      if (value < 0)
        throw DataError(where + ".type is BYTE but the piece '" + pieces_[id] +
                        "' is not <0xXX>");
      byteValues_[id] = static_cast<uint8_t>(value);
    } else if (type == PieceType::UserDefined) {
      userDefined_.push_back(pieces_[id]);
    } else if (type == PieceType::Unused) {
      hasUnused_ = true;
    }
  }
  std::stable_sort(userDefined_.begin(), userDefined_.end(),
                   [](const std::string &a, const std::string &b) { return a.size() > b.size(); });
  bosId_ = trainer.bos_id();
  eosId_ = trainer.eos_id();
  padId_ = trainer.pad_id();
  check(path);
  if (trainer.unk_id() != unkId_)
    throw DataError(path + ": trainer_spec.unk_id is " + std::to_string(trainer.unk_id()) +
                    " but the UNKNOWN piece is pieces[" + std::to_string(unkId_) + "]");
  buildMergeTables();
}

// The special ids and the byte pieces.
void SentencePieceTokenizer::check(const std::string &path) {
  if (unkId_ < 0)
    throw DataError(path + ": pieces has no piece of type UNKNOWN");
  auto checkId = [&](int32_t id, const char *field, PieceType want, const char *typeName) {
    if (id == -1)
      return;
    if (id < -1 || id >= vocabSize())
      throw DataError(path + ": trainer_spec." + field + " is " + std::to_string(id) +
                      ", outside [-1, " + std::to_string(vocabSize()) + ")");
    if (want != PieceType::Normal && types_[id] != want)
      throw DataError(path + ": trainer_spec." + field + " is " + std::to_string(id) +
                      " but pieces[" + std::to_string(id) + "] ('" + pieces_[id] +
                      "') is not of type " + typeName);
  };
  checkId(bosId_, "bos_id", PieceType::Control, "CONTROL");
  checkId(eosId_, "eos_id", PieceType::Control, "CONTROL");
  checkId(padId_, "pad_id", PieceType::Normal, "");
  std::fill(std::begin(byteIds_), std::end(byteIds_), -1);
  if (!byteFallback_)
    return;
  for (int b = 0; b < 256; ++b) {
    std::string name = bytePiece(b);
    auto it = reserved_.find(name);
    if (it == reserved_.end() || types_[it->second] != PieceType::Byte)
      throw DataError(path + ": trainer_spec.byte_fallback is true but pieces has no BYTE piece '" +
                      name + "' (byte fallback needs all 256)");
    byteIds_[b] = it->second;
  }
}

// The pair table (every split of a mergeable piece into two symbols that can
// occur), which pieces encode to themselves (the whole-run fast path), and
// whether runs may be split before spaces.
void SentencePieceTokenizer::buildMergeTables() {
  auto keyOf = [&](std::string_view s, bool create) -> int32_t {
    if (auto it = mergeable_.find(s); it != mergeable_.end())
      return it->second;
    if (charLength(static_cast<unsigned char>(s[0])) != s.size())
      return -1; // neither a piece nor one character: never a symbol
    if (auto it = charKeys_.find(s); it != charKeys_.end())
      return it->second;
    if (!create)
      return -1;
    int32_t key = vocabSize() + static_cast<int32_t>(charKeys_.size());
    charKeys_.emplace(s, key); // views into pieces_, which never moves again
    return key;
  };
  splitBeforeSpaces_ = true;
  for (const auto &[text, id] : mergeable_) {
    bool seenOther = false;
    for (size_t k = 0; k < text.size(); k += charLength(static_cast<unsigned char>(text[k]))) {
      bool isSpace = text.substr(k, kSpace.size()) == kSpace;
      if (isSpace && seenOther)
        splitBeforeSpaces_ = false;
      seenOther |= !isSpace;
      if (k == 0)
        continue;
      int32_t left = keyOf(text.substr(0, k), true), right = keyOf(text.substr(k), true);
      if (left >= 0 && right >= 0)
        pairs_.emplace(static_cast<uint64_t>(left) << 32 | static_cast<uint32_t>(right), id);
    }
  }
  encodesToItself_.assign(pieces_.size(), 0);
  std::vector<int32_t> ids;
  for (const auto &[text, id] : mergeable_) {
    ids.clear();
    bool lastWasUnk = false;
    encodeChunk(text, ids, lastWasUnk);
    encodesToItself_[id] = ids.size() == 1 && ids[0] == id;
  }
}

const std::string &SentencePieceTokenizer::piece(int32_t id) const {
  if (id < 0 || id >= vocabSize())
    throw DataError("SentencePiece id " + std::to_string(id) + " is outside [0, " +
                    std::to_string(vocabSize()) + ")");
  return pieces_[id];
}

SentencePieceTokenizer::PieceType SentencePieceTokenizer::pieceType(int32_t id) const {
  piece(id);
  return types_[id];
}

float SentencePieceTokenizer::score(int32_t id) const {
  piece(id);
  return scores_[id];
}

int32_t SentencePieceTokenizer::pieceToId(std::string_view text) const {
  if (auto it = reserved_.find(text); it != reserved_.end())
    return it->second;
  if (auto it = mergeable_.find(text); it != mergeable_.end())
    return it->second;
  return unkId_;
}

size_t SentencePieceTokenizer::userDefinedPrefix(std::string_view text) const {
  for (const std::string &u : userDefined_)
    if (text.substr(0, u.size()) == u)
      return u.size();
  return 0;
}

std::string SentencePieceTokenizer::normalize(std::string_view text) const {
  std::string out;
  if (removeExtraWhitespaces_) {
    size_t first = text.find_first_not_of(' ');
    if (first == std::string_view::npos)
      return out;
    text = text.substr(first, text.find_last_not_of(' ') - first + 1);
  }
  if (text.empty())
    return out;
  out.reserve(text.size() + text.size() / 4 + kSpace.size());
  if (addDummyPrefix_)
    out += kSpace;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] != ' ') {
      out += text[i];
    } else if (!removeExtraWhitespaces_ || text[i - 1] != ' ') {
      out += kSpace; // (with removal, text[0] is no space: i - 1 is safe)
    }
  }
  return out;
}

void SentencePieceTokenizer::encodeAppend(std::string_view text, std::vector<int32_t> &ids) const {
  std::string repaired;
  if (!isValidUtf8(text)) {
    repaired = replaceInvalidUtf8(text);
    text = repaired;
  }
  const std::string normalized = normalize(text);
  std::string_view rest = normalized;
  bool lastWasUnk = false;
  if (!splitBeforeSpaces_) {
    encodeChunk(rest, ids, lastWasUnk);
    return;
  }
  // Runs of "▁"s then other characters: "▁▁the", "▁cat", ",".
  while (!rest.empty()) {
    size_t end = 0;
    while (rest.substr(end, kSpace.size()) == kSpace)
      end += kSpace.size();
    end = std::min(rest.find(kSpace, end), rest.size());
    encodeChunk(rest.substr(0, end), ids, lastWasUnk);
    rest.remove_prefix(end);
  }
}

void SentencePieceTokenizer::encodeChunk(std::string_view chunk, std::vector<int32_t> &ids,
                                         bool &lastWasUnk) const {
  if (!encodesToItself_.empty()) {
    if (auto it = mergeable_.find(chunk); it != mergeable_.end() && encodesToItself_[it->second]) {
      ids.push_back(it->second);
      lastWasUnk = false;
      return;
    }
  }
  thread_local std::vector<Symbol> symbols; // scratch, not state: one per thread
  bpe(chunk, symbols);
  for (int32_t i = symbols.empty() ? -1 : 0; i != -1; i = symbols[i].next)
    emit(chunk.substr(symbols[i].begin, symbols[i].size), symbols[i].key, ids, lastWasUnk);
}

// bpe_model.cc's Encode: merge the best-scoring pair until none is left.
void SentencePieceTokenizer::bpe(std::string_view chunk, std::vector<Symbol> &symbols) const {
  symbols.clear();
  for (size_t at = 0; at < chunk.size();) {
    size_t length = userDefined_.empty() ? 0 : userDefinedPrefix(chunk.substr(at));
    bool frozen = length > 0;
    if (!frozen)
      length = std::min(charLength(static_cast<unsigned char>(chunk[at])), chunk.size() - at);
    std::string_view text = chunk.substr(at, length);
    int32_t key = -1;
    if (auto it = mergeable_.find(text); it != mergeable_.end())
      key = it->second;
    else if (auto it = charKeys_.find(text); it != charKeys_.end())
      key = it->second;
    int32_t index = static_cast<int32_t>(symbols.size());
    symbols.push_back({static_cast<uint32_t>(at), static_cast<uint32_t>(length), index - 1,
                       at + length < chunk.size() ? index + 1 : -1, key, frozen});
    at += length;
  }
  if (symbols.size() < 2)
    return;

  thread_local std::vector<Candidate> heap;
  heap.clear();
  UnusedSplits unusedSplits;
  auto consider = [&](int32_t left, int32_t right) {
    if (left < 0 || right < 0)
      return;
    const Symbol &l = symbols[left], &r = symbols[right];
    if (l.frozen || r.frozen || l.key < 0 || r.key < 0)
      return;
    auto it = pairs_.find(static_cast<uint64_t>(l.key) << 32 | static_cast<uint32_t>(r.key));
    if (it == pairs_.end())
      return;
    heap.push_back({scores_[it->second], left, right, l.size + r.size, it->second});
    std::push_heap(heap.begin(), heap.end());
    // SentencePiece's rev_merge: where each UNUSED piece was last seen to split.
    if (hasUnused_ && types_[it->second] == PieceType::Unused)
      unusedSplits[it->second] = l.size;
  };
  for (int32_t i = 0; i + 1 < static_cast<int32_t>(symbols.size()); ++i)
    consider(i, i + 1);
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end());
    Candidate top = heap.back();
    heap.pop_back();
    Symbol &l = symbols[top.left], &r = symbols[top.right];
    if (l.size == 0 || r.size == 0 || l.size + r.size != top.size)
      continue;
    l.size += r.size;
    l.key = top.piece;
    l.next = r.next;
    if (r.next >= 0)
      symbols[r.next].prev = top.left;
    r.size = 0;
    consider(l.prev, top.left);
    consider(top.left, l.next);
  }
  if (!unusedSplits.empty())
    resegmentUnused(chunk, unusedSplits, symbols);
}

// SentencePiece splits a symbol that is an UNUSED piece back into the pair last
// found to make that piece (its rev_merge), recursively (rare: only such models).
void SentencePieceTokenizer::resegmentUnused(std::string_view chunk, const UnusedSplits &splits,
                                             std::vector<Symbol> &symbols) const {
  std::vector<Symbol> out;
  auto keyOf = [&](std::string_view s) {
    if (auto m = mergeable_.find(s); m != mergeable_.end())
      return m->second;
    auto c = charKeys_.find(s);
    return c == charKeys_.end() ? -1 : c->second;
  };
  auto resegment = [&](auto &&self, uint32_t begin, uint32_t size) -> void {
    std::string_view text = chunk.substr(begin, size);
    int32_t key = keyOf(text);
    auto it = key >= 0 && key < vocabSize() && types_[key] == PieceType::Unused
                  ? splits.find(key) : splits.end();
    if (it == splits.end()) {
      out.push_back({begin, size, -1, -1, key, false});
      return;
    }
    // The recorded pair spells this same text: split it at the same place.
    uint32_t leftSize = it->second;
    self(self, begin, leftSize);
    self(self, begin + leftSize, size - leftSize);
  };
  for (int32_t i = 0; i != -1; i = symbols[i].next)
    resegment(resegment, symbols[i].begin, symbols[i].size);
  for (size_t i = 0; i < out.size(); ++i) {
    out[i].prev = static_cast<int32_t>(i) - 1;
    out[i].next = i + 1 < out.size() ? static_cast<int32_t>(i) + 1 : -1;
  }
  symbols = std::move(out);
}

void SentencePieceTokenizer::emit(std::string_view symbolText, int32_t key,
                                  std::vector<int32_t> &ids, bool &lastWasUnk) const {
  int32_t id = key >= 0 && key < vocabSize() ? key : -1;
  if (id < 0) {
    auto it = reserved_.find(symbolText); // a character that is a CONTROL piece, say
    id = it == reserved_.end() ? unkId_ : it->second;
  }
  if (id != unkId_) {
    ids.push_back(id);
    lastWasUnk = false;
  } else if (byteFallback_) {
    for (char c : symbolText)
      ids.push_back(byteIds_[static_cast<unsigned char>(c)]);
    lastWasUnk = false;
  } else if (!lastWasUnk) { // SentencePiece makes a run of unknowns one piece
    ids.push_back(unkId_);
    lastWasUnk = true;
  }
}

std::string SentencePieceTokenizer::decode(const std::vector<int32_t> &ids) const {
  std::string text, bytes;
  auto flushBytes = [&] {
    for (size_t at = 0; at < bytes.size();) {
      size_t length = validCharLength(std::string_view(bytes).substr(at));
      if (length == 0) {
        text += kReplacement;
        length = 1;
      } else {
        text.append(bytes, at, length);
      }
      at += length;
    }
    bytes.clear();
  };
  // SentencePiece strips the "▁" of the dummy prefix from the first piece that
  // starts the text; with remove_extra_whitespaces, from every piece until the
  // text is no longer empty.
  bool atStart = true, consumedPrefix = false;
  for (int32_t id : ids) {
    const std::string &p = piece(id);
    PieceType type = types_[id];
    if (type == PieceType::Byte) {
      bytes += static_cast<char>(byteValues_[id]);
      continue;
    }
    flushBytes();
    if (consumedPrefix || !text.empty())
      atStart = false;
    consumedPrefix = false;
    if (type == PieceType::Control)
      continue;
    if (id == unkId_) {
      text += unkSurface_;
      continue;
    }
    std::string_view rest = p;
    if (atStart && (addDummyPrefix_ || removeExtraWhitespaces_) &&
        rest.substr(0, kSpace.size()) == kSpace) {
      rest.remove_prefix(kSpace.size());
      consumedPrefix = !removeExtraWhitespaces_;
    }
    for (size_t at; (at = rest.find(kSpace)) != std::string_view::npos;) {
      text.append(rest.substr(0, at));
      text += ' ';
      rest.remove_prefix(at + kSpace.size());
    }
    text.append(rest);
  }
  flushBytes();
  return text;
}

} // namespace mtc::data
