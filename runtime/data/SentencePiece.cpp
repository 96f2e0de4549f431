#include "data/SentencePiece.h"

#include "data/DataError.h"
#include "data/Utf8.h"
#include "sentencepiece_model.pb.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <cstdio>
#include <fstream>
#include <iterator>

namespace mtc::data {
namespace {

using Proto = sentencepiece::ModelProto;
constexpr std::string_view kSpace = "\xE2\x96\x81"; // U+2581, SentencePiece's escaped space
constexpr std::string_view kReplacement = "\xEF\xBF\xBD";
std::atomic<uint64_t> nextInstance{1}; // SentencePieceTokenizer::instance_

// Bytes in the UTF-8 character starting with lead byte `c` (1 for a stray byte:
// the text is valid UTF-8 by the time symbols are cut).
size_t charLength(unsigned char c) {
  return c < 0x80 ? 1 : c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
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

namespace {

uint64_t mix(uint64_t key) { // murmur3's finalizer
  key ^= key >> 33;
  key *= 0xff51afd7ed558ccdull;
  key ^= key >> 33;
  key *= 0xc4ceb9fe1a85ec53ull;
  return key ^ (key >> 33);
}

// FNV-1a, mixed: its low bits pick a chunk cache slot, its high bits tag it.
uint64_t hashText(std::string_view s) {
  uint64_t hash = 0xcbf29ce484222325ull;
  for (char c : s)
    hash = (hash ^ static_cast<unsigned char>(c)) * 0x100000001b3ull;
  hash = mix(hash);
  return hash == ~0ull ? 0 : hash; // ~0 marks an empty slot
}

uint64_t pairKey(int32_t left, int32_t right) {
  return static_cast<uint64_t>(left) << 32 | static_cast<uint32_t>(right);
}

// The code point of the valid UTF-8 character at `s` and its length.
uint32_t decodeChar(const char *s, size_t length) {
  auto b = [&](size_t i) { return static_cast<unsigned char>(s[i]) & 0x3Fu; };
  unsigned char c = static_cast<unsigned char>(s[0]);
  switch (length) {
  case 1: return c;
  case 2: return (c & 0x1Fu) << 6 | b(1);
  case 3: return (c & 0x0Fu) << 12 | b(1) << 6 | b(2);
  default: return (c & 0x07u) << 18 | b(1) << 12 | b(2) << 6 | b(3);
  }
}

} // namespace

void SentencePieceTokenizer::FlatTable::build(const std::vector<Slot> &entries) {
  size_t size = 16;
  while (size < entries.size() * 2)
    size *= 2;
  slots.assign(size, Slot{});
  mask = size - 1;
  shift = 64 - __builtin_ctzll(size);
  for (const Slot &entry : entries) {
    size_t at = home(entry.key);
    while (slots[at].key != ~0ull && slots[at].key != entry.key)
      at = (at + 1) & mask;
    if (slots[at].key == ~0ull)
      slots[at] = entry; // the first entry of a key wins
  }
}

// The symbol keys of characters, the pair table (every split of a mergeable
// piece into two symbols that can occur), the bigrams, and which pieces encode
// to themselves (the whole-run fast path).
void SentencePieceTokenizer::buildMergeTables() {
  bmpCharKeys_.assign(0x10000, -1);
  std::vector<FlatTable::Slot> pieceEntries, pairEntries, bigramEntries;
  std::vector<uint64_t> hashes;
  for (int32_t id = 0; id < vocabSize(); ++id)
    if (mergeableId(pieces_[id]) == id) // the map is built: mergeableId is exact here
      pieceEntries.push_back({hashText(pieces_[id]), id, 0});
  // Equal hashes: the table keeps the first; lookups confirm the text and fall
  // back to mergeable_ on a mismatch.
  pieceIndex_.build(pieceEntries);

  int32_t nextKey = vocabSize();
  auto keyForChar = [&](std::string_view c) {
    int32_t id = mergeableId(c);
    if (id >= 0)
      return id;
    uint32_t cp = decodeChar(c.data(), c.size());
    int32_t &slot = cp < 0x10000 ? bmpCharKeys_[cp] : astralCharKeys_[cp];
    if (slot < 0)
      slot = nextKey++;
    return slot;
  };
  for (const auto &[text, id] : mergeable_) {
    int32_t previous = -1;
    for (size_t k = 0; k < text.size();) {
      size_t length = charLength(static_cast<unsigned char>(text[k]));
      int32_t key = keyForChar(text.substr(k, length));
      if (mergeableId(text.substr(k, length)) >= 0) {
        uint32_t cp = decodeChar(text.data() + k, length);
        (cp < 0x10000 ? bmpCharKeys_[cp] : astralCharKeys_[cp]) = key;
      }
      if (previous >= 0)
        bigramEntries.push_back({pairKey(previous, key), 1, 0});
      previous = key;
      k += length;
    }
  }
  bigrams_.build(bigramEntries);
  // No piece holds "▁" after another character: then a "▁" that follows
  // another character starts a chunk no merge crosses into.
  splitBeforeSpaces_ = true;
  for (const auto &[text, id] : mergeable_) {
    size_t other = 0;
    while (text.compare(other, kSpace.size(), kSpace) == 0)
      other += kSpace.size();
    if (other < text.size() && text.find(kSpace, other) != std::string_view::npos)
      splitBeforeSpaces_ = false;
  }
  instance_ = nextInstance++;
  reservedChars_ = false;
  for (const auto &[text, id] : reserved_)
    reservedChars_ = reservedChars_ || text.size() == charLength(static_cast<unsigned char>(text[0]));
  for (const auto &[text, id] : mergeable_) {
    for (size_t k = charLength(static_cast<unsigned char>(text[0])); k < text.size();
         k += charLength(static_cast<unsigned char>(text[k]))) {
      int32_t left = symbolKey(text.substr(0, k)), right = symbolKey(text.substr(k));
      if (left >= 0 && right >= 0)
        pairEntries.push_back({pairKey(left, right), id, scores_[id]});
    }
  }
  pairs_.build(pairEntries);
  // Two ASCII characters: direct tables instead of the hash lookups.
  asciiBigrams_.assign(128 * 128, 0);
  asciiPairs_.assign(128 * 128, nullptr);
  for (uint32_t a = 0; a < 128; ++a)
    for (uint32_t b = 0; b < 128; ++b) {
      int32_t left = charKey(a), right = charKey(b);
      if (left < 0 || right < 0)
        continue;
      asciiBigrams_[a * 128 + b] = bigrams_.find(pairKey(left, right)) != nullptr;
      asciiPairs_[a * 128 + b] = findPair(left, right);
    }

  std::vector<int32_t> ids;
  encodesToItself_.assign(pieces_.size(), 0);
  std::vector<Symbol> symbols;
  for (const auto &[text, id] : mergeable_) {
    ids.clear();
    symbols.clear();
    bool lastWasUnk = false;
    for (size_t k = 0; k < text.size();) {
      size_t length = charLength(static_cast<unsigned char>(text[k]));
      symbols.push_back({static_cast<uint32_t>(k), static_cast<uint32_t>(length), 0, 0,
                         symbolKey(text.substr(k, length)), false});
      k += length;
    }
    encodeRun(text, symbols, ids, lastWasUnk);
    encodesToItself_[id] = ids.size() == 1 && ids[0] == id;
  }
}

int32_t SentencePieceTokenizer::mergeableId(std::string_view text) const {
  return mergeableId(text, hashText(text));
}

int32_t SentencePieceTokenizer::mergeableId(std::string_view text, uint64_t hash) const {
  if (!pieceIndex_.slots.empty()) {
    const FlatTable::Slot *slot = pieceIndex_.find(hash);
    if (!slot)
      return -1;
    if (pieces_[slot->value] == text)
      return slot->value;
  }
  auto it = mergeable_.find(text); // before the index exists, or a hash collision
  return it == mergeable_.end() ? -1 : it->second;
}

int32_t SentencePieceTokenizer::charKey(uint32_t cp) const {
  if (cp < 0x10000)
    return bmpCharKeys_[cp];
  auto it = astralCharKeys_.find(cp);
  return it == astralCharKeys_.end() ? -1 : it->second;
}

int32_t SentencePieceTokenizer::symbolKey(std::string_view text) const {
  int32_t id = mergeableId(text);
  if (id >= 0 || text.empty())
    return id;
  size_t length = charLength(static_cast<unsigned char>(text[0]));
  return length == text.size() ? charKey(decodeChar(text.data(), length)) : -1;
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

void SentencePieceTokenizer::normalize(std::string_view text, std::string &out) const {
  out.clear();
  if (removeExtraWhitespaces_) {
    size_t first = text.find_first_not_of(' ');
    if (first == std::string_view::npos)
      return;
    text = text.substr(first, text.find_last_not_of(' ') - first + 1);
  }
  if (text.empty())
    return;
  // At most every byte a space, and the dummy prefix: written byte by byte.
  out.resize((text.size() + 1) * kSpace.size());
  char *to = out.data();
  auto putSpace = [&] {
    std::memcpy(to, kSpace.data(), kSpace.size());
    to += kSpace.size();
  };
  if (addDummyPrefix_)
    putSpace();
  char previous = 0; // (with removal, text[0] is no space)
  for (char c : text) {
    if (c != ' ')
      *to++ = c;
    else if (!removeExtraWhitespaces_ || previous != ' ')
      putSpace();
    previous = c;
  }
  out.resize(static_cast<size_t>(to - out.data()));
}

namespace {

// Each thread's memory of chunks it has encoded, for the tokenizer `owner`
// (a number no other tokenizer gets). Per thread, so no lock and no sharing:
// the tokenizer itself stays immutable. Bounded by clearing when full.
//
// The entries lie one after another in one arena of int32s (no allocation per
// entry): the chunk's length, its ids' count, its bytes padded to whole int32s,
// its ids. A slot holds 32 bits of the chunk's hash and where its entry starts.
class ChunkCache {
public:
  static constexpr size_t kMaxChunkBytes = 256;   // longer chunks are not remembered
  static constexpr size_t kMaxSlots = size_t{1} << 21; // at most half full: ~1M entries

  uint64_t owner() const { return owner_; }
  void reset(uint64_t owner) {
    owner_ = owner;
    slots_.assign(kMinSlots, Slot{0, kFree});
    arena_.clear();
    count_ = 0;
  }
  // Appends the remembered ids of `chunk` to `ids`; false when there are none.
  bool find(uint64_t hash, std::string_view chunk, std::vector<int32_t> &ids) const {
    const size_t mask = slots_.size() - 1;
    const auto tag = static_cast<uint32_t>(hash >> 32);
    for (size_t at = hash & mask;; at = (at + 1) & mask) {
      const Slot &slot = slots_[at];
      if (slot.entry == kFree)
        return false;
      if (slot.tag != tag)
        continue;
      const int32_t *entry = arena_.data() + slot.entry;
      if (static_cast<size_t>(entry[0]) == chunk.size() &&
          std::memcmp(entry + 2, chunk.data(), chunk.size()) == 0) {
        const int32_t *first = entry + 2 + words(chunk.size());
        ids.insert(ids.end(), first, first + entry[1]);
        return true;
      }
    }
  }
  // Starts fetching the slot where a lookup of `hash` begins.
  void prefetch(uint64_t hash) const { __builtin_prefetch(&slots_[hash & (slots_.size() - 1)]); }
  // Remembers `chunk` (not found before) as `count` ids.
  void insert(uint64_t hash, std::string_view chunk, const int32_t *ids, size_t count) {
    if ((count_ + 1) * 2 > slots_.size()) {
      if (slots_.size() >= kMaxSlots) {
        reset(owner_);
      } else { // grow: the hashes are not kept, so rehash each entry's text
        std::vector<Slot> old(slots_.size() * 2, Slot{0, kFree});
        old.swap(slots_);
        for (const Slot &slot : old)
          if (slot.entry != kFree)
            place(slot.entry, hashText(textOf(slot.entry)));
      }
    }
    const size_t offset = arena_.size();
    arena_.resize(offset + 2 + words(chunk.size()), 0);
    arena_[offset] = static_cast<int32_t>(chunk.size());
    arena_[offset + 1] = static_cast<int32_t>(count);
    std::memcpy(arena_.data() + offset + 2, chunk.data(), chunk.size());
    arena_.insert(arena_.end(), ids, ids + count);
    place(static_cast<uint32_t>(offset), hash);
    ++count_;
  }

private:
  struct Slot {
    uint32_t tag;   // the hash's high half
    uint32_t entry; // offset of the entry in arena_; kFree: an empty slot
  };
  static constexpr uint32_t kFree = ~0u;
  static constexpr size_t kMinSlots = size_t{1} << 12;
  static size_t words(size_t bytes) { return (bytes + 3) / 4; }
  std::string_view textOf(uint32_t entry) const {
    return {reinterpret_cast<const char *>(arena_.data() + entry + 2),
            static_cast<size_t>(arena_[entry])};
  }
  void place(uint32_t entry, uint64_t hash) {
    const size_t mask = slots_.size() - 1;
    size_t at = hash & mask;
    while (slots_[at].entry != kFree)
      at = (at + 1) & mask;
    slots_[at] = Slot{static_cast<uint32_t>(hash >> 32), entry};
  }

  uint64_t owner_ = 0;
  std::vector<Slot> slots_;
  std::vector<int32_t> arena_;
  size_t count_ = 0;
};

} // namespace

void SentencePieceTokenizer::encodeAppend(std::string_view text, std::vector<int32_t> &ids) const {
  std::string repaired;
  if (!isValidUtf8(text)) {
    repaired = replaceInvalidUtf8(text);
    text = repaired;
  }
  thread_local std::string normalized; // scratch, not state: one per thread
  normalize(text, normalized);
  if (!splitBeforeSpaces_ || !byteFallback_) {
    encodeNormalized(normalized, ids);
    return;
  }
  // Chunks of "▁"s then other characters ("▁the", "▁▁▁x", "\n\t"): no merge
  // crosses into a "▁" after another character here, so each encodes alone.
  // Without byte fallback a run of unknowns spans chunks: that path does not come here.
  thread_local ChunkCache cache;
  if (cache.owner() != instance_)
    cache.reset(instance_);
  std::string_view rest = normalized;
  struct Chunk {
    std::string_view text;
    uint64_t hash; // when cached: no longer than kMaxChunkBytes
  };
  auto nextChunk = [&] {
    size_t end = 0;
    while (rest.compare(end, kSpace.size(), kSpace) == 0)
      end += kSpace.size();
    end = std::min(rest.find(kSpace, end), rest.size());
    Chunk chunk{rest.substr(0, end), 0};
    rest.remove_prefix(end);
    if (chunk.text.size() <= ChunkCache::kMaxChunkBytes) {
      chunk.hash = hashText(chunk.text);
      cache.prefetch(chunk.hash);
    }
    return chunk;
  };
  // One chunk ahead: its cache slot is fetched while this one is encoded.
  for (Chunk next = nextChunk(); !next.text.empty();) {
    const auto [chunk, hash] = next;
    next = nextChunk();
    if (chunk.size() > ChunkCache::kMaxChunkBytes) {
      encodeNormalized(chunk, ids);
      continue;
    }
    // One lookup for a chunk seen before, pieces included; a new chunk is
    // looked up as a piece, then merged.
    if (cache.find(hash, chunk, ids))
      continue;
    const size_t first = ids.size();
    const int32_t id = mergeableId(chunk, hash);
    if (id >= 0 && encodesToItself_[id])
      ids.push_back(id);
    else
      encodeNormalized(chunk, ids, /*wholeIsNoPiece=*/true);
    cache.insert(hash, chunk, ids.data() + first, ids.size() - first);
  }
}

void SentencePieceTokenizer::encodeNormalized(std::string_view normalized,
                                              std::vector<int32_t> &ids, bool wholeIsNoPiece) const {
  thread_local std::vector<Symbol> symbols, run; // scratch, not state: one per thread
  symbols.clear();
  for (size_t at = 0; at < normalized.size();) {
    size_t length = userDefined_.empty() ? 0 : userDefinedPrefix(normalized.substr(at));
    bool frozen = length > 0;
    int32_t key;
    if (frozen) {
      key = mergeableId(normalized.substr(at, length));
    } else {
      length = charLength(static_cast<unsigned char>(normalized[at]));
      key = charKey(decodeChar(normalized.data() + at, length));
    }
    symbols.push_back({static_cast<uint32_t>(at), static_cast<uint32_t>(length), 0, 0, key, frozen});
    at += length;
  }
  bool lastWasUnk = false;
  // Cut the text between two symbols that no merge can join: a character in no
  // piece, a USER_DEFINED symbol, or two characters adjacent in no piece. Each
  // run encodes alone, most of them by the whole-run lookup.
  auto joinable = [&](const Symbol &a, const Symbol &b) {
    if (a.frozen || b.frozen || a.key < 0 || b.key < 0)
      return false;
    if (a.size == 1 && b.size == 1)
      return asciiBigrams_[asciiIndex(normalized[a.begin], normalized[b.begin])] != 0;
    return bigrams_.find(pairKey(a.key, b.key)) != nullptr;
  };
  for (size_t begin = 0; begin < symbols.size();) {
    size_t end = begin + 1;
    while (end < symbols.size() && joinable(symbols[end - 1], symbols[end]))
      ++end;
    run.assign(symbols.begin() + begin, symbols.begin() + end);
    const bool whole = begin == 0 && end == symbols.size();
    encodeRun(normalized, run, ids, lastWasUnk, wholeIsNoPiece && whole);
    begin = end;
  }
}

void SentencePieceTokenizer::encodeRun(std::string_view text, std::vector<Symbol> &symbols,
                                       std::vector<int32_t> &ids, bool &lastWasUnk,
                                       bool isNoPiece) const {
  uint32_t begin = symbols.front().begin;
  uint32_t size = symbols.back().begin + symbols.back().size - begin;
  if (symbols.size() > 1 && !isNoPiece && !encodesToItself_.empty()) {
    int32_t id = mergeableId(text.substr(begin, size));
    if (id >= 0 && encodesToItself_[id]) {
      ids.push_back(id);
      lastWasUnk = false;
      return;
    }
  }
  for (size_t i = 0; i < symbols.size(); ++i) {
    symbols[i].prev = static_cast<int32_t>(i) - 1;
    symbols[i].next = i + 1 < symbols.size() ? static_cast<int32_t>(i) + 1 : -1;
  }
  if (symbols.size() > 1) {
    if (hasUnused_ || symbols.size() > kScanLimit)
      mergeWithHeap(text, symbols);
    else
      mergeByScan(text, symbols);
  }
  for (int32_t i = 0; i != -1; i = symbols[i].next)
    emit(text.substr(symbols[i].begin, symbols[i].size), symbols[i].key, ids, lastWasUnk);
}

// Short runs: find the best pair by a scan (the highest score, the leftmost of
// equals), keeping each symbol's pair with its right neighbour. The same merges
// as the heap in fewer steps; the list stays in `symbols` order.
void SentencePieceTokenizer::mergeByScan(std::string_view text, std::vector<Symbol> &symbols) const {
  struct Entry {
    uint32_t begin, size;
    int32_t key;
    bool frozen;
    const FlatTable::Slot *pair; // with the next entry; nullptr when none
  };
  Entry entries[kScanLimit];
  size_t n = symbols.size();
  auto pairOf = [&](const Entry &l, const Entry &r) -> const FlatTable::Slot * {
    if (l.frozen || r.frozen || l.key < 0 || r.key < 0)
      return nullptr;
    if (l.size == 1 && r.size == 1) // two ASCII characters
      return asciiPairs_[asciiIndex(text[l.begin], text[r.begin])];
    return findPair(l.key, r.key);
  };
  for (size_t i = 0; i < n; ++i)
    entries[i] = {symbols[i].begin, symbols[i].size, symbols[i].key, symbols[i].frozen, nullptr};
  for (size_t i = 0; i + 1 < n; ++i)
    entries[i].pair = pairOf(entries[i], entries[i + 1]);
  while (n > 1) {
    size_t best = n;
    for (size_t i = 0; i + 1 < n; ++i)
      if (entries[i].pair && (best == n || entries[i].pair->score > entries[best].pair->score))
        best = i;
    if (best == n)
      break;
    Entry &merged = entries[best];
    merged.size += entries[best + 1].size;
    merged.key = merged.pair->value;
    std::copy(entries + best + 2, entries + n, entries + best + 1);
    --n;
    merged.pair = best + 1 < n ? pairOf(merged, entries[best + 1]) : nullptr;
    if (best > 0)
      entries[best - 1].pair = pairOf(entries[best - 1], merged);
  }
  symbols.resize(n);
  for (size_t i = 0; i < n; ++i)
    symbols[i] = {entries[i].begin, entries[i].size, static_cast<int32_t>(i) - 1,
                  i + 1 < n ? static_cast<int32_t>(i) + 1 : -1, entries[i].key, entries[i].frozen};
}

// bpe_model.cc's Encode: a heap of candidate pairs, merged best first.
void SentencePieceTokenizer::mergeWithHeap(std::string_view text, std::vector<Symbol> &symbols) const {
  thread_local std::vector<Candidate> heap;
  heap.clear();
  UnusedSplits unusedSplits;
  auto consider = [&](int32_t left, int32_t right) {
    if (left < 0 || right < 0)
      return;
    const Symbol &l = symbols[left], &r = symbols[right];
    if (l.frozen || r.frozen || l.key < 0 || r.key < 0)
      return;
    const FlatTable::Slot *pair = findPair(l.key, r.key);
    if (!pair)
      return;
    heap.push_back({pair->score, left, right, l.size + r.size, pair->value});
    std::push_heap(heap.begin(), heap.end());
    // SentencePiece's rev_merge: where each UNUSED piece was last seen to split.
    if (hasUnused_ && types_[pair->value] == PieceType::Unused)
      unusedSplits[pair->value] = l.size;
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
    resegmentUnused(text, unusedSplits, symbols);
}

// SentencePiece splits a symbol that is an UNUSED piece back into the pair last
// found to make that piece (its rev_merge), recursively (rare: only such models).
void SentencePieceTokenizer::resegmentUnused(std::string_view text, const UnusedSplits &splits,
                                             std::vector<Symbol> &symbols) const {
  std::vector<Symbol> out;
  auto resegment = [&](auto &&self, uint32_t begin, uint32_t size, bool frozen) -> void {
    int32_t key = symbolKey(text.substr(begin, size));
    auto it = key >= 0 && key < vocabSize() && types_[key] == PieceType::Unused
                  ? splits.find(key) : splits.end();
    if (it == splits.end()) {
      out.push_back({begin, size, -1, -1, key, frozen});
      return;
    }
    // The recorded pair spells this same text: split it at the same place.
    self(self, begin, it->second, false);
    self(self, begin + it->second, size - it->second, false);
  };
  for (int32_t i = 0; i != -1; i = symbols[i].next)
    resegment(resegment, symbols[i].begin, symbols[i].size, symbols[i].frozen);
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
    id = unkId_;
    // A character that is a CONTROL piece, say (most models have none).
    bool oneChar = symbolText.size() == charLength(static_cast<unsigned char>(symbolText[0]));
    if (!oneChar || reservedChars_)
      if (auto it = reserved_.find(symbolText); it != reserved_.end())
        id = it->second;
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
  // SentencePiece's DecodeUTF8 reads strictly (no overlong forms, surrogates
  // or code points past U+10FFFF) and gives one U+FFFD per bad byte.
  auto flushBytes = [&] {
    for (size_t at = 0; at < bytes.size();) {
      char32_t cp;
      size_t length = decodeUtf8(bytes, at, cp);
      if (cp == kInvalid)
        text += kReplacement;
      else
        text.append(bytes, at, length);
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
