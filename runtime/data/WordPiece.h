// BERT's WordPiece tokenizer: the ids Google's tokenization.py (FullTokenizer,
// which Megatron-LM's BertWordPieceLowerCase / BertWordPieceCase use) gives a text.
//
// Basic tokenization, in the reference's order:
//   1. clean: drop U+0000, U+FFFD and control characters (categories C*, except
//      tab, newline and carriage return); whitespace (tab, newline, CR, Zs) becomes
//      a space, as do U+2028/U+2029 (Python's str.split() splits on them);
//   2. surround each CJK ideograph (the reference's code point ranges) with spaces;
//   3. split on spaces; then, per piece, with lower-casing: full lower-case mapping
//      (as Python's str.lower(), Greek final sigma included), NFD, and drop the
//      non-spacing marks (Mn); without it the piece is left as it is (no NFC);
//   4. split on punctuation: ASCII 33-47, 58-64, 91-96, 123-126 and categories P*,
//      each punctuation character a word of its own.
// WordPiece then splits each word greedily, longest vocabulary match first, pieces
// after the first spelled "##..."; a word with no such split, or longer than 100
// code points, is [UNK]. "[CLS]" etc. in the text are ordinary text (split at the
// brackets), as in the reference. Bytes that are not valid UTF-8 are dropped.
// Unicode properties come from ICU.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mtc::data {

// vocab.txt: one token per line, id = line number (from 0).
class WordPieceVocab {
public:
  // Throws DataError naming the file (and line) when it is missing, empty, has an
  // empty line or a repeated token, or lacks one of [PAD] [UNK] [CLS] [SEP] [MASK].
  static WordPieceVocab fromFile(const std::string &path);

  int32_t size() const { return static_cast<int32_t>(tokens_.size()); }
  int32_t idOf(const std::string &token) const; // -1 when not in the vocabulary
  // Throws DataError for an id outside [0, size()).
  const std::string &token(int32_t id) const;
  // Whether the token continues a word ("##..."): whole-word masking keeps such
  // pieces with the piece before them. Throws DataError for an id outside
  // [0, size()); continuationFlags() is the unchecked table (1 = continuation).
  bool isContinuation(int32_t id) const;
  const std::vector<uint8_t> &continuationFlags() const { return continuation_; }
  size_t longestTokenBytes() const { return longestTokenBytes_; }

  int32_t padId() const { return padId_; }
  int32_t unkId() const { return unkId_; }
  int32_t clsId() const { return clsId_; }
  int32_t sepId() const { return sepId_; }
  int32_t maskId() const { return maskId_; }

private:
  std::vector<std::string> tokens_;
  std::unordered_map<std::string, int32_t> ids_;
  std::vector<uint8_t> continuation_;
  size_t longestTokenBytes_ = 0;
  int32_t padId_ = -1, unkId_ = -1, clsId_ = -1, sepId_ = -1, maskId_ = -1;
};

class WordPieceTokenizer {
public:
  static constexpr size_t kMaxCharsPerWord = 100;

  // lowerCase: Megatron's BertWordPieceLowerCase (lower-case and strip accents);
  // otherwise BertWordPieceCase (neither).
  WordPieceTokenizer(WordPieceVocab vocab, bool lowerCase);
  static WordPieceTokenizer fromFile(const std::string &vocabPath, bool lowerCase) {
    return WordPieceTokenizer(WordPieceVocab::fromFile(vocabPath), lowerCase);
  }

  // Safe to call concurrently (no cache).
  std::vector<int32_t> encode(std::string_view text) const;
  void encodeAppend(std::string_view text, std::vector<int32_t> &ids) const;
  // Steps 1-4 alone: the words WordPiece runs on, as UTF-8.
  std::vector<std::string> basicTokenize(std::string_view text) const;

  const WordPieceVocab &vocab() const { return vocab_; }
  bool lowerCase() const { return lowerCase_; }

private:
  template <typename OnWord> void forEachWord(std::string_view text, OnWord &&onWord) const;
  void wordPiece(std::string_view word, size_t codePoints, std::vector<int32_t> &ids) const;

  WordPieceVocab vocab_;
  bool lowerCase_;
};

} // namespace mtc::data
