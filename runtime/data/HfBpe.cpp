#include "data/HfBpe.h"

#include "data/ByteLevel.h"
#include "data/DataError.h"

#include <unicode/utf8.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <memory>
#include <functional>

namespace mtc::data::hf {
namespace {

// Words of up to this many symbols merge by rescanning their pairs, longer
// ones through a heap; both take the lowest (rank, position) pair each time.
constexpr size_t kHeapMinSymbols = 24;
constexpr std::string_view kMetaspace = "\xE2\x96\x81"; // U+2581

size_t tableSize(size_t count) {
  size_t size = 16;
  while (size < 2 * count)
    size *= 2;
  return size;
}

std::string utf8Of(char32_t c) {
  char buffer[4];
  int32_t length = 0;
  U8_APPEND_UNSAFE(buffer, length, static_cast<UChar32>(c));
  return std::string(buffer, static_cast<size_t>(length));
}

std::atomic<uint64_t> nextCacheOwner{1};

} // namespace

WordCache &WordCache::forOwner(uint64_t owner) {
  // Two caches a thread, for the two models it used last.
  thread_local std::unique_ptr<WordCache> caches[2];
  if (caches[0] && caches[0]->owner_ == owner)
    return *caches[0];
  std::swap(caches[0], caches[1]);
  if (caches[0] && caches[0]->owner_ == owner)
    return *caches[0];
  // caches[1] is the one used last: keep it, reuse this one.
  if (!caches[0])
    caches[0] = std::make_unique<WordCache>();
  caches[0]->clear();
  caches[0]->owner_ = owner;
  return *caches[0];
}

void WordCache::clear() {
  slots_.assign(kMinSlots, Slot{0, 0});
  entries_.clear();
  count_ = 0;
}

// An entry: the hash (two int32s), the key's length, the ids' count, the key's
// bytes padded to whole int32s, the ids.
bool WordCache::find(uint64_t hash, std::string_view word, std::vector<int32_t> &ids) const {
  const size_t mask = slots_.size() - 1;
  const auto tag = static_cast<uint32_t>(hash >> 32);
  for (size_t slot = hash & mask;; slot = (slot + 1) & mask) {
    const Slot &s = slots_[slot];
    if (s.entry == 0)
      return false;
    if (s.tag != tag)
      continue;
    const int32_t *entry = entries_.data() + (s.entry - 1);
    if (static_cast<size_t>(entry[2]) == word.size() &&
        std::memcmp(entry + 4, word.data(), word.size()) == 0) {
      const int32_t *first = entry + 4 + (word.size() + 3) / 4;
      ids.insert(ids.end(), first, first + entry[3]);
      return true;
    }
  }
}

void WordCache::insert(uint64_t hash, std::string_view word, const std::vector<int32_t> &ids) {
  if (count_ >= slots_.size() / 2) {
    if (slots_.size() >= kMaxSlots) {
      clear();
    } else {
      std::vector<Slot> old(slots_.size() * 2, Slot{0, 0});
      old.swap(slots_);
      for (const Slot &s : old)
        if (s.entry != 0) {
          uint64_t h;
          std::memcpy(&h, entries_.data() + (s.entry - 1), sizeof h);
          place(s, h);
        }
    }
  }
  const size_t offset = entries_.size();
  entries_.resize(offset + 4 + (word.size() + 3) / 4, 0);
  std::memcpy(entries_.data() + offset, &hash, sizeof hash);
  entries_[offset + 2] = static_cast<int32_t>(word.size());
  entries_[offset + 3] = static_cast<int32_t>(ids.size());
  std::memcpy(entries_.data() + offset + 4, word.data(), word.size());
  entries_.insert(entries_.end(), ids.begin(), ids.end());
  place(Slot{static_cast<uint32_t>(hash >> 32), static_cast<uint32_t>(offset + 1)}, hash);
  ++count_;
}

void WordCache::place(const Slot &entry, uint64_t hash) {
  const size_t mask = slots_.size() - 1;
  size_t slot = hash & mask;
  while (slots_[slot].entry != 0)
    slot = (slot + 1) & mask;
  slots_[slot] = entry;
}

void U64Map::build(const std::vector<std::pair<uint64_t, uint64_t>> &entries) {
  size_t size = tableSize(entries.size());
  slots_.assign(size, Slot{kNone, kNone});
  mask_ = size - 1;
  shift_ = 64 - __builtin_ctzll(size);
  for (const auto &[key, value] : entries) {
    size_t slot = hash(key);
    while (slots_[slot].key != kNone && slots_[slot].key != key)
      slot = (slot + 1) & mask_;
    slots_[slot] = Slot{key, value}; // a repeated key keeps its last value
  }
}

void StringIndex::build(const std::vector<std::string> &keys) {
  keys_ = &keys;
  size_t size = tableSize(keys.size());
  slots_.assign(size, Slot{0, -1});
  mask_ = size - 1;
  for (size_t id = 0; id < keys.size(); ++id) {
    if (keys[id].empty())
      continue;
    size_t hash = std::hash<std::string_view>()(keys[id]);
    size_t slot = hash & mask_;
    while (slots_[slot].id >= 0)
      slot = (slot + 1) & mask_;
    slots_[slot] = Slot{static_cast<uint32_t>(hash >> 32), static_cast<int32_t>(id)};
  }
}

int32_t StringIndex::find(std::string_view key) const {
  if (slots_.empty() || key.empty())
    return -1;
  size_t hash = std::hash<std::string_view>()(key);
  const auto tag = static_cast<uint32_t>(hash >> 32);
  for (size_t slot = hash & mask_;; slot = (slot + 1) & mask_) {
    const Slot &s = slots_[slot];
    if (s.id < 0)
      return -1;
    if (s.hash == tag && (*keys_)[s.id] == key)
      return s.id;
  }
}

Bpe::Bpe(const JsonRef &model, bool byteLevel)
    : byteLevel_(byteLevel), cacheOwner_(nextCacheOwner.fetch_add(1)) {
  if (auto type = model.find("type"); type && type->string() != "BPE")
    type->fail("\"" + type->string() + "\" is not supported (only BPE models are)");
  if (auto dropout = model.find("dropout"); dropout && dropout->number() != 0.0)
    dropout->fail("is not supported (only null: BPE dropout is for training)");
  for (const char *key : {"continuing_subword_prefix", "end_of_word_suffix"})
    if (auto member = model.find(key); member && !member->string().empty())
      member->fail("\"" + member->string() + "\" is not supported (only null)");
  byteFallback_ = model.boolean("byte_fallback", false);
  fuseUnk_ = model.boolean("fuse_unk", false);
  ignoreMerges_ = model.boolean("ignore_merges", false);

  // The vocabulary: token -> id, ids dense from 0.
  JsonRef vocab = model.at("vocab");
  vocab.expectObject();
  const size_t count = vocab.value().size();
  if (count == 0)
    vocab.fail("is empty");
  if (count > (1u << 30))
    vocab.fail("holds more than 2^30 tokens");
  tokens_.assign(count, std::string());
  std::vector<bool> seen(count, false);
  for (auto it = vocab.value().begin(); it != vocab.value().end(); ++it) {
    JsonRef entry(it.value(), vocab.path() + "[\"" + it.key() + "\"]", vocab.file());
    auto id = static_cast<size_t>(entry.integer(0, static_cast<int64_t>(count) - 1));
    if (seen[id])
      entry.fail("repeats id " + std::to_string(id) + " (ids must be distinct and dense from 0)");
    if (it.key().empty())
      entry.fail("is an empty token");
    seen[id] = true;
    tokens_[id] = it.key();
  }
  index_.build(tokens_);

  std::fill(std::begin(asciiIds_), std::end(asciiIds_), -1);
  std::vector<std::pair<uint64_t, uint64_t>> chars;
  for (size_t id = 0; id < count; ++id) {
    const std::string &t = tokens_[id];
    int32_t i = 0, length = static_cast<int32_t>(t.size());
    UChar32 c;
    U8_NEXT(reinterpret_cast<const uint8_t *>(t.data()), i, length, c);
    if (c < 0 || i != length)
      continue;
    if (c < 128)
      asciiIds_[c] = static_cast<int32_t>(id);
    chars.emplace_back(static_cast<uint64_t>(c), id);
  }
  charIds_.build(chars);
  if (!byteLevel_ && index_.find(kMetaspace) >= 0) {
    metaspaceChunks_ = true;
    for (const std::string &t : tokens_)
      for (size_t at = t.find(kMetaspace, 1); at != std::string::npos && metaspaceChunks_;
           at = t.find(kMetaspace, at + 1))
        metaspaceChunks_ = t.compare(at - kMetaspace.size(), kMetaspace.size(), kMetaspace) == 0;
  }
  for (int b = 0; b < 256; ++b) {
    char name[8];
    std::snprintf(name, sizeof name, "<0x%02X>", b);
    byteFallbackIds_[b] = index_.find(name);
    byteSpelled_[b] = utf8Of(bytesToUnicode()[b]);
    byteIds_[b] = index_.find(byteSpelled_[b]);
  }
  if (byteLevel_) {
    rawTokens_.assign(count, std::string());
    for (size_t id = 0; id < count; ++id)
      if (auto raw = unicodeToBytes(tokens_[id]))
        rawTokens_[id] = *raw;
    rawIndex_.build(rawTokens_);
  }

  if (auto unk = model.find("unk_token")) {
    unkId_ = index_.find(unk->string());
    if (unkId_ < 0)
      unk->fail("\"" + unk->string() + "\" is not in model.vocab");
  }

  // Merges: "a b" strings (split at the first space) or ["a", "b"] pairs, best first.
  JsonRef merges = model.at("merges");
  const size_t mergeCount = merges.arraySize();
  if (mergeCount >= (1u << 31))
    merges.fail("holds too many merges");
  std::vector<std::pair<uint64_t, uint64_t>> entries;
  entries.reserve(mergeCount);
  for (size_t rank = 0; rank < mergeCount; ++rank) {
    JsonRef merge = merges.element(rank);
    std::string left, right;
    if (merge.value().is_string()) {
      std::string text = merge.string();
      size_t space = text.find(' ');
      if (space == std::string::npos)
        merge.fail("\"" + text + "\" is not two tokens separated by a space");
      left = text.substr(0, space);
      right = text.substr(space + 1);
    } else if (merge.value().is_array()) {
      if (merge.arraySize() != 2)
        merge.fail("must hold two tokens, not " + std::to_string(merge.arraySize()));
      left = merge.element(0).string();
      right = merge.element(1).string();
    } else {
      merge.fail(std::string("must be a string or a pair of strings, not ") +
                 jsonTypeName(merge.value()));
    }
    int32_t leftId = index_.find(left), rightId = index_.find(right);
    for (auto [id, part] : {std::pair{leftId, &left}, std::pair{rightId, &right}})
      if (id < 0)
        merge.fail("names \"" + *part + "\", which is not in model.vocab");
    int32_t mergedId = index_.find(left + right);
    if (mergedId < 0)
      merge.fail("makes \"" + left + right + "\", which is not in model.vocab");
    entries.emplace_back((static_cast<uint64_t>(leftId) << 32) | static_cast<uint32_t>(rightId),
                         (static_cast<uint64_t>(rank) << 32) | static_cast<uint32_t>(mergedId));
  }
  merges_.build(entries);
}

// One character (or, byte-level, one byte's character) of a word: its token, or
// the byte fallback, or the unknown token (HF's merge_word).
void Bpe::appendUnit(std::string_view spelled, int32_t id, std::vector<int32_t> &symbols,
                     bool &unkPending) const {
  if (id >= 0) {
    if (unkPending) {
      symbols.push_back(unkId_);
      unkPending = false;
    }
    symbols.push_back(id);
    return;
  }
  if (byteFallback_) {
    bool all = true;
    for (char b : spelled)
      all = all && byteFallbackIds_[static_cast<unsigned char>(b)] >= 0;
    if (all) {
      // As HF does, a pending unknown token waits for the next known character.
      for (char b : spelled)
        symbols.push_back(byteFallbackIds_[static_cast<unsigned char>(b)]);
      return;
    }
  }
  if (unkId_ < 0)
    return;
  if (unkPending && !fuseUnk_)
    symbols.push_back(unkId_);
  unkPending = true;
}

void Bpe::encodeWord(std::string_view word, std::vector<int32_t> &ids) const {
  if (word.empty())
    return;
  if (ignoreMerges_) {
    int32_t id = byteLevel_ ? rawIndex_.find(word) : index_.find(word);
    if (id >= 0) {
      ids.push_back(id);
      return;
    }
  }
  if (!metaspaceChunks_) {
    encodeChunk(word, ids);
    return;
  }
  // Cut before each "▁" that follows another character.
  const size_t m = kMetaspace.size();
  size_t begin = 0;
  for (size_t at = word.find(kMetaspace, 1); at != std::string_view::npos;
       at = word.find(kMetaspace, at + m)) {
    if (at >= m && word.compare(at - m, m, kMetaspace) == 0)
      continue;
    encodeChunk(word.substr(begin, at - begin), ids);
    begin = at;
  }
  encodeChunk(word.substr(begin), ids);
}

void Bpe::encodeChunk(std::string_view chunk, std::vector<int32_t> &ids) const {
  const bool cached = chunk.size() > 1 && chunk.size() <= WordCache::kMaxWordBytes;
  uint64_t hash = 0;
  WordCache *cache = nullptr;
  if (cached) {
    cache = &WordCache::forOwner(cacheOwner_);
    hash = std::hash<std::string_view>()(chunk);
    if (cache->find(hash, chunk, ids))
      return;
  }
  thread_local std::vector<int32_t> symbols;
  symbols.clear();
  bool unkPending = false;
  const auto *s = reinterpret_cast<const uint8_t *>(chunk.data());
  const auto length = static_cast<int32_t>(chunk.size());
  if (byteLevel_) {
    for (int32_t i = 0; i < length; ++i)
      appendUnit(byteSpelled_[s[i]], byteIds_[s[i]], symbols, unkPending);
  } else {
    for (int32_t i = 0; i < length;) {
      int32_t start = i;
      UChar32 c;
      U8_NEXT(s, i, length, c);
      int32_t id = c >= 0 && c < 128 ? asciiIds_[c] : -1;
      if (c >= 128) {
        uint64_t found = charIds_.find(static_cast<uint64_t>(c));
        id = found == U64Map::kNone ? -1 : static_cast<int32_t>(found);
      }
      appendUnit(chunk.substr(start, i - start), id, symbols, unkPending);
    }
  }
  if (unkPending)
    symbols.push_back(unkId_);
  if (symbols.size() >= kHeapMinSymbols)
    mergeByHeap(symbols);
  else if (symbols.size() > 1)
    mergeByScan(symbols);
  ids.insert(ids.end(), symbols.begin(), symbols.end());
  if (cached)
    cache->insert(hash, chunk, symbols);
}

void Bpe::mergeByScan(std::vector<int32_t> &symbols) const {
  // pairs[i]: the merge of symbols i and i + 1, (rank << 32 | id), or kNone.
  uint64_t pairs[kHeapMinSymbols];
  size_t n = symbols.size();
  for (size_t i = 0; i + 1 < n; ++i)
    pairs[i] = findMerge(symbols[i], symbols[i + 1]);
  while (n > 1) {
    size_t best = 0;
    for (size_t i = 1; i + 1 < n; ++i)
      if (pairs[i] < pairs[best])
        best = i;
    if (pairs[best] == U64Map::kNone)
      break;
    symbols[best] = static_cast<int32_t>(pairs[best] & 0xFFFFFFFFu);
    symbols.erase(symbols.begin() + static_cast<std::ptrdiff_t>(best) + 1);
    --n;
    // Pair best + 1 is gone; pairs best - 1 and best are new.
    for (size_t i = best + 1; i + 1 < n; ++i)
      pairs[i] = pairs[i + 1];
    if (best > 0)
      pairs[best - 1] = findMerge(symbols[best - 1], symbols[best]);
    if (best + 1 < n)
      pairs[best] = findMerge(symbols[best], symbols[best + 1]);
  }
}

// HF's Word::merge_all: a min-heap of (rank, position); an entry whose pair has
// since changed is skipped when it comes up.
void Bpe::mergeByHeap(std::vector<int32_t> &symbols) const {
  const size_t n = symbols.size();
  thread_local std::vector<int32_t> prev, next;
  thread_local std::vector<uint64_t> heap;
  prev.resize(n);
  next.resize(n);
  heap.clear();
  for (size_t i = 0; i < n; ++i) {
    prev[i] = static_cast<int32_t>(i) - 1;
    next[i] = i + 1 < n ? static_cast<int32_t>(i + 1) : -1;
  }
  auto push = [&](int32_t left, int32_t right) {
    uint64_t merge = findMerge(symbols[left], symbols[right]);
    if (merge != U64Map::kNone) {
      heap.push_back((merge & ~uint64_t{0xFFFFFFFFu}) | static_cast<uint32_t>(left));
      std::push_heap(heap.begin(), heap.end(), std::greater<uint64_t>());
    }
  };
  for (size_t i = 0; i + 1 < n; ++i)
    push(static_cast<int32_t>(i), static_cast<int32_t>(i + 1));
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), std::greater<uint64_t>());
    uint64_t top = heap.back();
    heap.pop_back();
    auto pos = static_cast<int32_t>(top & 0xFFFFFFFFu);
    int32_t right = next[pos];
    if (symbols[pos] < 0 || right < 0)
      continue;
    uint64_t merge = findMerge(symbols[pos], symbols[right]);
    if (merge == U64Map::kNone || (merge >> 32) != (top >> 32))
      continue;
    symbols[pos] = static_cast<int32_t>(merge & 0xFFFFFFFFu);
    symbols[right] = -1;
    next[pos] = next[right];
    if (next[pos] >= 0)
      prev[next[pos]] = pos;
    if (prev[pos] >= 0)
      push(prev[pos], pos);
    if (next[pos] >= 0)
      push(pos, next[pos]);
  }
  symbols.erase(std::remove(symbols.begin(), symbols.end(), -1), symbols.end());
}

} // namespace mtc::data::hf
