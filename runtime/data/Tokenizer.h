// GPT-2's byte-level BPE tokenizer, read from the standard encoder.json (token
// string -> id) and vocab.bpe (merges, best first) files.
//
// encode() produces the ids OpenAI's GPT-2 encoder produces, except that the text
// "<|endoftext|>" becomes the single special id 50256 wherever it appears (GPT-2's
// reference encoder would spell it out as 7 ordinary tokens; encodeOrdinary() does
// that). Any byte string encodes, including invalid UTF-8, and decode(encode(s)) == s.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mtc::data {

class Tokenizer {
public:
  static constexpr std::string_view kEndOfTextText = "<|endoftext|>";

  // Throws DataError naming the file when either is missing or malformed.
  Tokenizer(const std::string &encoderJsonPath, const std::string &vocabBpePath);
  // Reads DIR/encoder.json and DIR/vocab.bpe.
  static Tokenizer fromDirectory(const std::string &dir);

  // Not safe to call concurrently on one instance (it fills a cache); give each
  // thread its own copy.
  std::vector<int32_t> encode(std::string_view text);
  // Appends to `ids`; "<|endoftext|>" is recognized as the special token.
  void encodeAppend(std::string_view text, std::vector<int32_t> &ids);
  // Appends to `ids`; "<|endoftext|>" is ordinary text here.
  void encodeOrdinary(std::string_view text, std::vector<int32_t> &ids);

  // Throws DataError for an id outside [0, vocabSize()).
  std::string decode(const std::vector<int32_t> &ids) const;
  std::string_view tokenBytes(int32_t id) const;

  int32_t vocabSize() const { return static_cast<int32_t>(idToBytes_.size()); }
  int32_t endOfTextId() const { return endOfTextId_; }

private:
  struct Merge {
    int32_t rank;
    int32_t mergedId;
  };
  void loadEncoder(const std::string &path);
  void loadMerges(const std::string &path);
  void bpe(std::string_view piece, std::vector<int32_t> &ids);
  void mergeByPassOverPairs(std::vector<int32_t> &word) const;
  void mergeWithHeap(std::vector<int32_t> &word) const;
  const Merge *findMerge(int32_t left, int32_t right) const;

  std::vector<std::string> idToBytes_;                 // raw bytes of each token
  std::unordered_map<std::string, int32_t> bytesToId_;
  std::unordered_map<uint64_t, Merge> merges_;         // (leftId << 32 | rightId)
  int32_t byteToId_[256];                              // the 256 single-byte tokens
  int32_t endOfTextId_ = -1;
  // True when every merge ranks after the merges that produce its two parts (as
  // BPE training creates them). Only then does the heap's order equal the
  // reference order, so long pieces may use it.
  bool mergesOrdered_ = false;
  std::unordered_map<std::string, std::vector<int32_t>> cache_; // piece -> ids
};

} // namespace mtc::data
