// Megatron-LM's "mmap" indexed dataset: PREFIX.bin holds every token back to back,
// PREFIX.idx says where each sequence and document starts. The layout is in
// docs/data.md; files written here load in Megatron-LM and the reverse.
//
// A document is zero or more sequences (Megatron's --split-sentences writes one
// sequence per sentence; BERT samples are cut at sequence boundaries). The reader
// accepts every file Megatron-LM writes or reads: any of its dtype codes, the
// trailing sequence_modes array of its multimodal writer, and sequences placed
// anywhere in the .bin (its pointers are followed, not assumed back to back). It
// checks the whole index against the .bin size when it opens, so later reads
// cannot go out of bounds.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace mtc::data {

// Megatron's dtype codes (megatron/core/datasets/indexed_dataset.py DType). Its
// writer picks uint16 or int32 for token ids; the others are read too.
enum class TokenDType : uint8_t {
  UInt8 = 1,
  Int8 = 2,
  Int16 = 3,
  Int32 = 4,
  Int64 = 5,
  Float64 = 6,
  Float32 = 7,
  UInt16 = 8
};

// Megatron's rule: uint16 when the vocabulary has fewer than 65500 entries.
TokenDType tokenDTypeForVocab(int64_t vocabSize);
size_t tokenDTypeBytes(TokenDType dtype);
const char *tokenDTypeName(TokenDType dtype); // NumPy's name: "uint16"
// False for a code Megatron does not define.
bool isTokenDTypeCode(uint8_t code);

std::string indexPath(const std::string &prefix); // PREFIX.idx
std::string binPath(const std::string &prefix);   // PREFIX.bin

// Writes PREFIX.bin and PREFIX.idx through temporary files next to them and
// renames both into place only in finalize(), after every byte was written and
// synced: a failure (a full disk, a bad token) leaves an earlier dataset at
// PREFIX intact and no partial files behind.
class IndexedDatasetWriter {
public:
  // Creates the temporary .bin now (throws DataError naming PREFIX.bin, and its
  // folder when that does not exist).
  IndexedDatasetWriter(const std::string &prefix, int64_t vocabSize);
  ~IndexedDatasetWriter(); // without finalize(): removes the temporary files
  IndexedDatasetWriter(const IndexedDatasetWriter &) = delete;
  IndexedDatasetWriter &operator=(const IndexedDatasetWriter &) = delete;

  // A document of one sequence. Throws DataError for an id outside [0, vocabSize).
  void addDocument(const int32_t *tokens, size_t count);
  void addDocument(const std::vector<int32_t> &tokens) {
    addDocument(tokens.data(), tokens.size());
  }
  // A document of several sequences (sentences), stored as consecutive sequences
  // with one document-index entry, as Megatron's add_document(ids, lengths). An
  // empty list is a document without sequences (and without tokens).
  void addDocument(const std::vector<std::vector<int32_t>> &sequences);
  // Writes the index, syncs both files and renames them to PREFIX.bin and
  // PREFIX.idx. Nothing may be added afterwards.
  void finalize();

  int64_t documentCount() const { return static_cast<int64_t>(docIndex_.size()) - 1; }
  int64_t sequenceCount() const { return static_cast<int64_t>(sizes_.size()); }
  int64_t tokenCount() const { return tokenCount_; }
  TokenDType dtype() const { return dtype_; }

private:
  void checkWritable() const;
  // Throws DataError for a bad id or length; `sequence` is the sequence's place in
  // its document, for the message (SIZE_MAX for a one-sequence document).
  void checkSequence(const int32_t *tokens, size_t count, size_t sequence) const;
  // Appends one checked sequence to PREFIX.bin and sizes_.
  void writeSequence(const int32_t *tokens, size_t count);
  // Removes the temporary files and throws; `temp` is a copy (discard() clears it).
  [[noreturn]] void fail(const std::string &path, std::string temp,
                         const std::string &what);
  void discard(); // closes and removes the temporary files

  std::string prefix_;
  int64_t vocabSize_;
  TokenDType dtype_;
  std::FILE *bin_ = nullptr;
  std::string binTemp_, idxTemp_; // empty once renamed or removed
  std::vector<int32_t> sizes_;      // tokens per sequence
  std::vector<int64_t> docIndex_{0}; // first sequence of each document, then the count
  int64_t tokenCount_ = 0;
  std::vector<uint16_t> narrow_; // conversion buffer for uint16 files
  std::vector<char> ioBuffer_;    // stdio buffer for PREFIX.bin
  bool finalized_ = false;
};

class IndexedDataset {
public:
  // Maps PREFIX.idx and PREFIX.bin; throws DataError naming the file and the
  // inconsistency when either is missing, truncated or malformed.
  explicit IndexedDataset(const std::string &prefix);
  ~IndexedDataset();
  IndexedDataset(IndexedDataset &&other) noexcept;
  IndexedDataset &operator=(IndexedDataset &&) = delete;
  IndexedDataset(const IndexedDataset &) = delete;

  const std::string &prefix() const { return prefix_; }
  int64_t documentCount() const { return static_cast<int64_t>(docSequenceBegin_.size()) - 1; }
  int64_t sequenceCount() const { return static_cast<int64_t>(seqTokenStart_.size()) - 1; }
  int64_t tokenCount() const { return seqTokenStart_.back(); }
  TokenDType dtype() const { return dtype_; }
  // Whether the .idx ends in Megatron's per-sequence modes (all 0: text).
  bool hasSequenceModes() const { return hasModes_; }

  // The token stream is every sequence in index order, wherever each is stored.
  // Position of document i's first token in it.
  int64_t documentStart(int64_t i) const;
  int64_t documentLength(int64_t i) const;
  std::vector<int32_t> document(int64_t i) const;
  // Document doc's sequences are [documentSequenceBegin(doc),
  // documentSequenceBegin(doc + 1)); doc may be documentCount() (gives sequenceCount()).
  int64_t documentSequenceBegin(int64_t doc) const;
  // The document holding sequence i (for messages).
  int64_t documentOfSequence(int64_t i) const;
  // Position of sequence i's first token in the stream, and its token count.
  int64_t sequenceStart(int64_t i) const;
  int64_t sequenceLength(int64_t i) const;
  // Copies tokens [offset, offset + count) of the stream into out.
  void readTokens(int64_t offset, int64_t count, int32_t *out) const;
  // Copies tokens [offset, offset + count) of sequence `sequence` into out.
  void readSequence(int64_t sequence, int64_t offset, int64_t count, int32_t *out) const;

  // Throws DataError naming the first token that is not an id in [0, vocabSize)
  // (for float files: not a whole number in it), with its sequence, document and
  // position. Reads every token once.
  void checkTokenIds(int64_t vocabSize, const std::string &vocabName) const;

private:
  // Copies `count` tokens stored at byte `at` of the .bin into out.
  void copyTokens(int64_t at, int64_t count, int32_t *out) const;

  std::string prefix_;
  TokenDType dtype_ = TokenDType::UInt16;
  bool hasModes_ = false;
  std::vector<int64_t> seqTokenStart_{0};    // sequenceCount() + 1 entries
  std::vector<int64_t> seqPointer_;          // byte offset of each sequence in .bin
  std::vector<int64_t> docSequenceBegin_{0}; // documentCount() + 1 entries
  const unsigned char *binData_ = nullptr;
  size_t binBytes_ = 0;
};

} // namespace mtc::data
