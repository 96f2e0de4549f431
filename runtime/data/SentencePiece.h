// SentencePiece's BPE model read from its tokenizer.model (a ModelProto), as
// Llama 2, TinyLlama and Mistral ship it: the ids SentencePieceProcessor's
// Encode gives a text (without BOS/EOS) and the text its Decode gives ids.
//
// Encoding, as SentencePiece's normalizer and bpe_model.cc do:
//   1. text that is not valid UTF-8 is first read as TextTokenizer.h says (each
//      maximal invalid subpart becomes U+FFFD);
//   2. normalize (only the "identity" rule): with remove_extra_whitespaces, drop
//      leading and trailing spaces (U+0020) and collapse runs; a text left empty
//      encodes to no ids; with add_dummy_prefix, prepend a space; with
//      escape_whitespaces, every space becomes "▁" (U+2581);
//   3. split into symbols: each USER_DEFINED piece (longest match) is a symbol
//      that never merges, every other character is a symbol;
//   4. repeatedly merge the adjacent pair whose concatenation is a NORMAL,
//      USER_DEFINED or UNUSED piece of the highest score, ties to the leftmost
//      pair; a symbol made of an UNUSED piece is split back into the pair that
//      made it, as SentencePiece resegments;
//   5. a symbol that is not a piece becomes its UTF-8 bytes' <0xXX> pieces with
//      byte_fallback, otherwise the unknown piece (a run of unknown symbols is one
//      unknown id). "<s>" and the like in the text are ordinary text.
// Decoding joins the pieces, "▁" as a space; runs of BYTE pieces are joined into
// bytes and read as UTF-8, each byte that is not part of a valid character
// giving U+FFFD (SentencePiece's rule, one per byte); the first piece of the text
// loses one leading "▁" (the dummy prefix); CONTROL pieces give nothing and the
// unknown piece gives trainer_spec.unk_surface (" ⁇ ").
//
// Speed: the normalized text is cut where no merge can join two characters (a
// character in no piece, two characters adjacent in no piece, a "▁" after
// another character); a chunk that is a piece encoding to itself needs no
// merging. Each thread remembers the chunks it has encoded for this tokenizer
// in one flat arena (as GPT-2's Tokenizer caches words, but per thread: the
// object itself is immutable and safe to share between threads), so a chunk
// seen before costs one lookup, its slot fetched while the chunk before it is
// encoded. Pairs and bigrams of two ASCII characters are direct tables.
//
// Refused with DataError (by file and field): model types other than BPE,
// normalizer rules other than "identity" or a precompiled_charsmap,
// a denormalizer, treat_whitespace_as_suffix, escape_whitespaces false, empty or
// repeated pieces, no or several UNKNOWN pieces, BYTE pieces without
// byte_fallback, byte_fallback without all 256 <0xXX> BYTE pieces, special ids
// that do not name a piece of the right type, and files that do not parse.
#pragma once
#include "data/TextTokenizer.h"

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mtc::data {

class SentencePieceTokenizer final : public TextTokenizer {
public:
  // SentencePiece's ModelProto.SentencePiece.Type.
  enum class PieceType : uint8_t {
    Normal = 1, Unknown = 2, Control = 3, UserDefined = 4, Unused = 5, Byte = 6
  };

  // Throws DataError naming the file (and field) when it is missing, does not
  // parse, or asks for something not implemented (see above).
  static SentencePieceTokenizer fromFile(const std::string &path);
  static std::unique_ptr<SentencePieceTokenizer> load(const std::string &path);
  // The lookup tables hold views into pieces_: moving keeps them, copying would not.
  SentencePieceTokenizer(SentencePieceTokenizer &&) = default;
  SentencePieceTokenizer &operator=(SentencePieceTokenizer &&) = default;
  SentencePieceTokenizer(const SentencePieceTokenizer &) = delete;
  SentencePieceTokenizer &operator=(const SentencePieceTokenizer &) = delete;

  void encodeAppend(std::string_view text, std::vector<int32_t> &ids) const override;
  std::string decode(const std::vector<int32_t> &ids) const override;
  int32_t vocabSize() const override { return static_cast<int32_t>(pieces_.size()); }
  int32_t bosId() const override { return bosId_; }
  int32_t eosId() const override { return eosId_; }
  int32_t unkId() const { return unkId_; }
  int32_t padId() const { return padId_; }
  // The piece itself ("▁the", "<0x0A>", "<s>"); throws DataError out of range.
  std::string tokenText(int32_t id) const override { return std::string(piece(id)); }
  const std::string &piece(int32_t id) const;
  PieceType pieceType(int32_t id) const;
  float score(int32_t id) const;
  // The id of a piece, as SentencePiece's PieceToId: unkId() when there is none.
  int32_t pieceToId(std::string_view piece) const;

private:
  struct Symbol;
  struct Candidate;
  struct StringHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const noexcept;
  };
  using PieceMap = std::unordered_map<std::string_view, int32_t, StringHash, std::equal_to<>>;
  // Open addressing with linear probing over 64-bit keys (never ~0): the pair
  // and bigram lookups are the inner loop, and std::unordered_map's node chasing
  // costs more than the merging itself.
  struct FlatTable {
    struct Slot {
      uint64_t key = ~0ull;
      int32_t value = -1;
      float score = 0;
    };
    std::vector<Slot> slots;
    uint64_t mask = 0;
    int shift = 64;
    void build(const std::vector<Slot> &entries);
    // Fibonacci hashing: the keys' high bits spread over the table.
    size_t home(uint64_t key) const { return (key * 0x9E3779B97F4A7C15ull) >> shift; }
    const Slot *find(uint64_t key) const {
      for (size_t at = home(key);; at = (at + 1) & mask) {
        const Slot &slot = slots[at];
        if (slot.key == key)
          return &slot;
        if (slot.key == ~0ull)
          return nullptr;
      }
    }
  };
  using UnusedSplits = std::unordered_map<int32_t, uint32_t>; // UNUSED piece -> left size
  // Runs longer than this merge with a heap (SentencePiece's way), shorter ones
  // by scanning.
  static constexpr size_t kScanLimit = 48;

  explicit SentencePieceTokenizer(const std::string &path);
  void check(const std::string &path);
  void buildMergeTables();
  void normalize(std::string_view text, std::string &out) const;
  int32_t mergeableId(std::string_view text) const;          // -1 when none
  int32_t mergeableId(std::string_view text, uint64_t hash) const;
  int32_t charKey(uint32_t codePoint) const;                  // -1 when in no piece
  int32_t symbolKey(std::string_view text) const;             // piece id, char key or -1
  const FlatTable::Slot *findPair(int32_t left, int32_t right) const {
    return pairs_.find(static_cast<uint64_t>(left) << 32 | static_cast<uint32_t>(right));
  }
  // wholeIsNoPiece: `normalized` is known not to be a piece encoding to itself.
  void encodeNormalized(std::string_view normalized, std::vector<int32_t> &ids,
                        bool wholeIsNoPiece = false) const;
  // Encodes `symbols` (one run no merge crosses) of `text`; isNoPiece: the run
  // is known not to be a piece encoding to itself.
  void encodeRun(std::string_view text, std::vector<Symbol> &symbols, std::vector<int32_t> &ids,
                 bool &lastWasUnk, bool isNoPiece = false) const;
  void mergeByScan(std::string_view text, std::vector<Symbol> &symbols) const;
  // Where the pair of ASCII characters (a, b) sits in asciiBigrams_ and asciiPairs_.
  static size_t asciiIndex(char a, char b) {
    return static_cast<unsigned char>(a) * 128 + static_cast<unsigned char>(b);
  }
  void mergeWithHeap(std::string_view text, std::vector<Symbol> &symbols) const;
  void resegmentUnused(std::string_view text, const UnusedSplits &splits,
                       std::vector<Symbol> &symbols) const;
  void emit(std::string_view symbolText, int32_t key, std::vector<int32_t> &ids,
            bool &lastWasUnk) const;
  size_t userDefinedPrefix(std::string_view text) const;

  std::vector<std::string> pieces_;
  std::vector<float> scores_;
  std::vector<PieceType> types_;
  std::vector<uint8_t> byteValues_; // per BYTE piece: its byte
  PieceMap mergeable_; // NORMAL, USER_DEFINED, UNUSED: what merges may make
  PieceMap reserved_;  // UNKNOWN, CONTROL, BYTE
  FlatTable pieceIndex_; // string hash -> mergeable id (first of equal hashes), for speed
  // Symbol keys: a mergeable piece's id, or (>= vocabSize()) a character of a
  // mergeable piece that is no mergeable piece itself. Characters in no piece
  // have no key: they never merge.
  std::vector<int32_t> bmpCharKeys_;                 // code point < 0x10000 -> key
  std::unordered_map<uint32_t, int32_t> astralCharKeys_;
  FlatTable pairs_;   // (left key, right key) -> the piece they make, its score
  FlatTable bigrams_; // (key, key) of two characters adjacent inside some piece
  // The same for two ASCII characters (a symbol of one byte is one), by asciiIndex.
  std::vector<uint8_t> asciiBigrams_;
  std::vector<const FlatTable::Slot *> asciiPairs_; // into pairs_.slots
  std::vector<uint8_t> encodesToItself_; // per mergeable id: its text encodes to {id}
  std::vector<std::string> userDefined_; // longest first
  int32_t byteIds_[256];
  int32_t unkId_ = -1, bosId_ = -1, eosId_ = -1, padId_ = -1;
  std::string unkSurface_;
  bool byteFallback_ = false, addDummyPrefix_ = true, removeExtraWhitespaces_ = true;
  bool hasUnused_ = false;
  bool reservedChars_ = true; // some UNKNOWN, CONTROL or BYTE piece is one character
  // No piece holds "▁" after another character (true of Llama's and Mistral's).
  bool splitBeforeSpaces_ = false;
  uint64_t instance_ = 0; // names this tokenizer in the per-thread chunk caches
};

} // namespace mtc::data
