// Llama 3's tokenizer: tiktoken byte-level BPE read from Meta's ranks file
// (tokenizer.model: one line "base64(token bytes) rank" per token), with the 256
// special tokens of Meta's llama3/tokenizer.py appended after the ranks.
//
// encodeAppend() gives the ids of Meta's Tokenizer.encode(s, bos=False,
// eos=False), i.e. tiktoken's encode with allowed_special=set() and
// disallowed_special=(): special-token spellings such as "<|eot_id|>" are
// ordinary text there. encodeWithSpecials() turns each spelling into its
// special id instead, as HF's tokenizer.json encoder does. Text is split by
// splitLlama3Pieces(); a piece that is a token becomes its id, any other piece
// goes through tiktoken's byte_pair_merge (repeatedly merge the adjacent pair
// whose bytes rank lowest, leftmost first). Invalid UTF-8 is replaced first
// (U+FFFD per maximal invalid subpart), as TextTokenizer promises.
//
// encodeAppend() also cuts the text as Meta's wrapper does before tiktoken sees
// it: every 400,000 characters, and where more than 25,000 consecutive
// characters are all whitespace (Python's isspace) or all not; the slices are
// encoded separately. encodeWithSpecials() encodes the text whole, as HF does.
//
// decode() concatenates the tokens' bytes; a special token decodes to its
// spelling (tiktoken's decode_bytes does the same). The result is raw bytes: a
// list of ids that cuts a character's bytes apart decodes to invalid UTF-8.
//
// Immutable after construction, no caches: every method may be called from
// several threads at once.
#pragma once
#include "data/TextTokenizer.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mtc::data {

class TikTokenTokenizer final : public TextTokenizer {
public:
  static constexpr int32_t kNumSpecialTokens = 256;

  // Reads a ranks file. Throws DataError naming the file and line for a missing
  // file, a malformed line (two space-separated fields, strict base64 with
  // padding, a decimal rank), an empty or over-long token, a repeated token or
  // rank, ranks that are not exactly 0..N-1, or a missing single-byte token.
  // Empty lines are skipped (as Meta's loader does). Special tokens get ids
  // N..N+255 (128000.. for Llama 3).
  static TikTokenTokenizer fromFile(const std::string &path);

  // Special spellings are ordinary text.
  void encodeAppend(std::string_view text, std::vector<int32_t> &ids) const override;
  // Each special spelling ("<|begin_of_text|>", "<|eot_id|>", ...) in the text
  // becomes its id; the text between them is encoded as by encodeAppend.
  void encodeWithSpecials(std::string_view text, std::vector<int32_t> &ids) const;
  std::string decode(const std::vector<int32_t> &ids) const override;

  int32_t vocabSize() const override { return numBaseTokens_ + kNumSpecialTokens; }
  int32_t bosId() const override { return numBaseTokens_; }     // <|begin_of_text|>
  int32_t eosId() const override { return numBaseTokens_ + 1; } // <|end_of_text|>
  // The token's bytes, or a special token's spelling. Throws DataError out of range.
  std::string tokenText(int32_t id) const override { return std::string(tokenBytes(id)); }
  std::string_view tokenBytes(int32_t id) const;

  int32_t numBaseTokens() const { return numBaseTokens_; }
  // The id of a special token by its spelling ("<|eot_id|>"); throws DataError
  // for a name that is not one.
  int32_t specialTokenId(std::string_view spelling) const;
  // -1 where `spelling` is no special token.
  int32_t findSpecialToken(std::string_view spelling) const;
  // Meta's 256 special spellings, in id order.
  static std::vector<std::string> llama3SpecialTokens();

private:
  TikTokenTokenizer() = default;
  int32_t rankOf(std::string_view bytes) const; // -1 where no token has these bytes
  void insertRank(int32_t id);
  void encodeValidUtf8(std::string_view text, std::vector<int32_t> &ids) const;
  void bytePairMerge(std::string_view piece, std::vector<int32_t> &ids) const;
  void bytePairMergeWithHeap(std::string_view piece, std::vector<int32_t> &ids) const;

  int32_t numBaseTokens_ = 0;
  std::string bytes_;            // every token's bytes, base tokens then specials
  std::vector<uint32_t> offsets_; // token id -> start in bytes_; one past the end last
  struct Slot {
    uint64_t first; // the token's first 8 bytes, zero-padded
    uint32_t size;
    int32_t id; // -1: empty
  };
  std::vector<Slot> table_; // open addressing: base-token bytes -> id
  uint64_t tableMask_ = 0;
};

} // namespace mtc::data
