// The BPE model of a HuggingFace tokenizer.json ("model": {"type": "BPE"}), as
// HF tokenizers' models::bpe runs it on one pre-tokenized word: the word's
// characters become their vocabulary tokens (a character the vocabulary lacks
// becomes its UTF-8 bytes' <0xXX> tokens under byte_fallback, else the unk token,
// consecutive ones fused into one under fuse_unk, else nothing); then the
// adjacent pair with the lowest merge rank is merged, the leftmost of equal
// ranks, until no pair has a merge. Under ignore_merges a word that is itself a
// token is that token. Internal to mtc_data.
#pragma once
#include "data/HfJson.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mtc::data::hf {

// Open addressing, uint64 keys (never ~0) to uint64 values; built once.
class U64Map {
public:
  void build(const std::vector<std::pair<uint64_t, uint64_t>> &entries);
  // The value, or ~0 when `key` is absent.
  uint64_t find(uint64_t key) const {
    if (slots_.empty())
      return kNone;
    for (size_t slot = hash(key);; slot = (slot + 1) & mask_) {
      if (slots_[slot].key == key)
        return slots_[slot].value;
      if (slots_[slot].key == kNone)
        return kNone;
    }
  }
  static constexpr uint64_t kNone = ~uint64_t{0};

private:
  size_t hash(uint64_t key) const {
    return static_cast<size_t>((key * 0x9E3779B97F4A7C15ull) >> shift_);
  }
  struct Slot {
    uint64_t key, value;
  };
  std::vector<Slot> slots_; // key and value side by side: one cache miss a lookup
  size_t mask_ = 0;
  int shift_ = 64;
};

// Open addressing from strings to ids; the strings are keys[id] of a vector
// that outlives the index. Ids whose key is empty are left out.
class StringIndex {
public:
  void build(const std::vector<std::string> &keys);
  int32_t find(std::string_view key) const;

private:
  const std::vector<std::string> *keys_ = nullptr;
  struct Slot {
    uint32_t hash; // the key's hash, high bits: most misses end without a compare
    int32_t id;
  };
  std::vector<Slot> slots_;
  size_t mask_ = 0;
};

// The ids of recent words, as HF's BPE keeps them: a cache of each thread's
// own (no locks, nothing shared), tagged with the model it serves; it forgets
// everything when full.
class WordCache {
public:
  static constexpr size_t kMaxWordBytes = 256;
  // This thread's cache for the model `owner`.
  static WordCache &forOwner(uint64_t owner);
  bool find(uint64_t hash, std::string_view word, std::vector<int32_t> &ids) const;
  void insert(uint64_t hash, std::string_view word, const std::vector<int32_t> &ids);

private:
  static constexpr size_t kMinSlots = 1 << 12, kMaxSlots = 1 << 20; // half of them filled at most
  struct Slot {
    uint32_t tag;   // the hash's high half
    uint32_t entry; // 1 + the entry's offset in entries_; 0: empty
  };
  void clear();
  void place(const Slot &slot, uint64_t hash);
  uint64_t owner_ = 0;
  std::vector<Slot> slots_;
  std::vector<int32_t> entries_; // each entry's key and ids side by side
  size_t count_ = 0;
};

class Bpe {
public:
  // `model` is tokenizer.json's "model". With `byteLevel` (a ByteLevel
  // pre-tokenizer precedes it) words arrive as raw bytes and each byte stands for
  // the character GPT-2's byte-to-unicode mapping spells it with.
  Bpe(const JsonRef &model, bool byteLevel);
  // The indexes point into the vocabulary: a Bpe stays where it was built.
  Bpe(const Bpe &) = delete;
  Bpe &operator=(const Bpe &) = delete;

  // Appends the ids of one word.
  void encodeWord(std::string_view word, std::vector<int32_t> &ids) const;

  // Ids are [0, size()): the vocabulary must number its tokens densely.
  int32_t size() const { return static_cast<int32_t>(tokens_.size()); }
  const std::string &token(int32_t id) const { return tokens_[id]; }
  // -1 when `spelled` is not in the vocabulary.
  int32_t find(std::string_view spelled) const { return index_.find(spelled); }

private:
  void appendUnit(std::string_view spelled, int32_t id, std::vector<int32_t> &symbols,
                  bool &unkPending) const;
  uint64_t findMerge(int32_t left, int32_t right) const {
    return merges_.find((static_cast<uint64_t>(left) << 32) | static_cast<uint32_t>(right));
  }
  void mergeByScan(std::vector<int32_t> &symbols) const;
  void mergeByHeap(std::vector<int32_t> &symbols) const;

  void encodeChunk(std::string_view chunk, std::vector<int32_t> &ids) const;

  bool byteLevel_;
  uint64_t cacheOwner_; // this model's WordCache
  // True when "▁" is a token and no token has "▁" after another character: then
  // no merge joins the symbols either side of a "▁" that follows another
  // character, and the word is merged in chunks cut there (the same ids as one
  // merge over the word, where long texts without a pre-tokenizer cost
  // O(n log n) in the heap).
  bool metaspaceChunks_ = false;
  bool byteFallback_ = false, fuseUnk_ = false, ignoreMerges_ = false;
  int32_t unkId_ = -1;
  std::vector<std::string> tokens_;  // spelled as in the file
  StringIndex index_;
  std::vector<std::string> rawTokens_; // byteLevel: each token's bytes ("" if it has none)
  StringIndex rawIndex_;
  U64Map merges_;                     // (left << 32 | right) -> (rank << 32 | merged id)
  U64Map charIds_;                    // code point -> id of the one-character token
  int32_t asciiIds_[128];
  int32_t byteIds_[256];              // byteLevel: the token of each byte's character
  std::string byteSpelled_[256];      // byteLevel: that character in UTF-8
  int32_t byteFallbackIds_[256];      // <0xXX>, -1 where absent
};

} // namespace mtc::data::hf
