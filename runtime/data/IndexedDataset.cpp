#include "data/IndexedDataset.h"

#include "data/DataError.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <climits>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace mtc::data {
namespace {

constexpr char kMagic[9] = {'M', 'M', 'I', 'D', 'I', 'D', 'X', '\0', '\0'};
constexpr uint64_t kVersion = 1;
// magic, version u64, dtype u8, sequence count u64, document-index length u64
constexpr size_t kHeaderBytes = 9 + 8 + 1 + 8 + 8;

// The format is little-endian; so are the machines this runs on, which lets us
// memcpy. A big-endian host would need byte swaps here.
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "indexed datasets are little-endian");

template <typename T> T readAt(const std::string &bytes, size_t offset) {
  T value;
  std::memcpy(&value, bytes.data() + offset, sizeof(T));
  return value;
}

template <typename T> void writeValue(std::FILE *f, T value) {
  std::fwrite(&value, sizeof(T), 1, f);
}

std::string errnoText() { return std::strerror(errno); }

} // namespace

TokenDType tokenDTypeForVocab(int64_t vocabSize) {
  return vocabSize < 65500 ? TokenDType::UInt16 : TokenDType::Int32;
}

size_t tokenDTypeBytes(TokenDType dtype) {
  switch (dtype) {
  case TokenDType::UInt8:
  case TokenDType::Int8:
    return 1;
  case TokenDType::Int16:
  case TokenDType::UInt16:
    return 2;
  case TokenDType::Int32:
  case TokenDType::Float32:
    return 4;
  case TokenDType::Int64:
  case TokenDType::Float64:
    return 8;
  }
  return 0;
}

const char *tokenDTypeName(TokenDType dtype) {
  switch (dtype) {
  case TokenDType::UInt8:
    return "uint8";
  case TokenDType::Int8:
    return "int8";
  case TokenDType::Int16:
    return "int16";
  case TokenDType::Int32:
    return "int32";
  case TokenDType::Int64:
    return "int64";
  case TokenDType::Float64:
    return "float64";
  case TokenDType::Float32:
    return "float32";
  case TokenDType::UInt16:
    return "uint16";
  }
  return "?";
}

bool isTokenDTypeCode(uint8_t code) { return code >= 1 && code <= 8; }

namespace {

// Calls f with a value of the C++ type that `dtype` stores (the value is unused:
// it carries the type).
template <typename F> void withElementType(TokenDType dtype, F &&f) {
  switch (dtype) {
  case TokenDType::UInt8:
    return f(uint8_t{});
  case TokenDType::Int8:
    return f(int8_t{});
  case TokenDType::Int16:
    return f(int16_t{});
  case TokenDType::Int32:
    return f(int32_t{});
  case TokenDType::Int64:
    return f(int64_t{});
  case TokenDType::Float64:
    return f(double{});
  case TokenDType::Float32:
    return f(float{});
  case TokenDType::UInt16:
    return f(uint16_t{});
  }
}

} // namespace

std::string indexPath(const std::string &prefix) { return prefix + ".idx"; }
std::string binPath(const std::string &prefix) { return prefix + ".bin"; }

// ---------------------------------------------------------------- writer

namespace {

// Creates `path`.tmp.PID.N exclusively (never an existing file) with the
// permissions a plain fopen would give; returns the stream and its name.
std::FILE *createTemporary(const std::string &path, std::string *temp) {
  for (int attempt = 0; attempt < 100; ++attempt) {
    *temp = path + ".tmp." + std::to_string(getpid()) + "." + std::to_string(attempt);
    int fd = ::open(temp->c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (fd < 0 && errno == EEXIST)
      continue;
    if (fd < 0)
      break;
    if (std::FILE *f = ::fdopen(fd, "wb"))
      return f;
    const int error = errno;
    ::close(fd);
    ::unlink(temp->c_str());
    errno = error;
    break;
  }
  const std::string why = errnoText();
  temp->clear();
  throw DataError("cannot create '" + path + "': " + why);
}

// Flushes, syncs and closes f; false (errno set) when any of it failed.
bool syncAndClose(std::FILE *f) {
  bool ok = std::fflush(f) == 0 && !std::ferror(f) && ::fsync(fileno(f)) == 0;
  int savedErrno = errno;
  ok = std::fclose(f) == 0 && ok;
  if (!ok && errno == 0)
    errno = savedErrno ? savedErrno : EIO;
  return ok;
}

std::string folderOf(const std::string &path) {
  std::string folder = std::filesystem::path(path).parent_path().string();
  return folder.empty() ? "." : folder;
}

// The output's folder is made when missing (as `mkdir -p`); fopen's "No such
// file or directory" would not say that it is the folder that is wrong.
void checkFolder(const std::string &path) {
  const std::string folder = folderOf(path);
  struct stat st;
  if (::stat(folder.c_str(), &st) != 0) {
    if (errno != ENOENT)
      throw DataError("cannot create '" + path + "': the folder '" + folder + "': " +
                      errnoText());
    std::error_code ec;
    std::filesystem::create_directories(folder, ec);
    if (ec)
      throw DataError("cannot create '" + path + "': cannot make its folder '" + folder +
                      "': " + ec.message());
    return;
  }
  if (!S_ISDIR(st.st_mode))
    throw DataError("cannot create '" + path + "': '" + folder + "' is not a folder");
}

} // namespace

IndexedDatasetWriter::IndexedDatasetWriter(const std::string &prefix, int64_t vocabSize)
    : prefix_(prefix), vocabSize_(vocabSize), dtype_(tokenDTypeForVocab(vocabSize)) {
  if (vocabSize <= 0)
    throw DataError("indexed dataset '" + prefix + "': vocabulary size must be positive, got " +
                    std::to_string(vocabSize));
  checkFolder(binPath(prefix));
  bin_ = createTemporary(binPath(prefix), &binTemp_);
  ioBuffer_.resize(1 << 20);
  std::setvbuf(bin_, ioBuffer_.data(), _IOFBF, ioBuffer_.size());
}

IndexedDatasetWriter::~IndexedDatasetWriter() { discard(); }

void IndexedDatasetWriter::discard() {
  if (bin_) {
    std::fclose(bin_);
    bin_ = nullptr;
  }
  for (std::string *temp : {&binTemp_, &idxTemp_})
    if (!temp->empty()) {
      ::unlink(temp->c_str());
      temp->clear();
    }
}

void IndexedDatasetWriter::fail(const std::string &path, std::string temp,
                                const std::string &what) {
  discard();
  throw DataError("cannot write '" + path + "' (temporary '" + temp + "', now removed): " +
                  what);
}

void IndexedDatasetWriter::checkWritable() const {
  if (finalized_)
    throw DataError("indexed dataset '" + prefix_ + "': addDocument after finalize");
  if (!bin_)
    throw DataError("indexed dataset '" + prefix_ + "': writer failed earlier");
}

void IndexedDatasetWriter::checkSequence(const int32_t *tokens, size_t count,
                                         size_t sequence) const {
  // A one-sequence document is named by its document number alone.
  const std::string where =
      (sequence == SIZE_MAX ? std::string() : "sequence " + std::to_string(sequence) + " of ") +
      "document " + std::to_string(documentCount());
  if (count > static_cast<size_t>(INT32_MAX))
    throw DataError("indexed dataset '" + prefix_ + "': " + where + " has " +
                    std::to_string(count) + " tokens, over the format's int32 sequence length");
  for (size_t i = 0; i < count; ++i)
    if (tokens[i] < 0 || tokens[i] >= vocabSize_)
      throw DataError("indexed dataset '" + prefix_ + "': token id " + std::to_string(tokens[i]) +
                      " at position " + std::to_string(i) + " of " + where +
                      " is outside the vocabulary [0, " + std::to_string(vocabSize_) + ")");
}

void IndexedDatasetWriter::writeSequence(const int32_t *tokens, size_t count) {
  // An empty sequence may come with a null pointer, which fwrite must not get.
  if (count > 0) {
    size_t written;
    if (dtype_ == TokenDType::UInt16) {
      narrow_.assign(tokens, tokens + count);
      written = std::fwrite(narrow_.data(), sizeof(uint16_t), count, bin_);
    } else {
      written = std::fwrite(tokens, sizeof(int32_t), count, bin_);
    }
    if (written != count)
      fail(binPath(prefix_), binTemp_, errnoText());
  }
  sizes_.push_back(static_cast<int32_t>(count));
  tokenCount_ += static_cast<int64_t>(count);
}

void IndexedDatasetWriter::addDocument(const int32_t *tokens, size_t count) {
  checkWritable();
  checkSequence(tokens, count, SIZE_MAX);
  writeSequence(tokens, count);
  docIndex_.push_back(static_cast<int64_t>(sizes_.size()));
}

void IndexedDatasetWriter::addDocument(const std::vector<std::vector<int32_t>> &sequences) {
  checkWritable();
  // Everything is checked before anything is written, so a rejected document
  // leaves no partial sequences behind.
  for (size_t s = 0; s < sequences.size(); ++s)
    checkSequence(sequences[s].data(), sequences[s].size(), s);
  for (const auto &sequence : sequences)
    writeSequence(sequence.data(), sequence.size());
  docIndex_.push_back(static_cast<int64_t>(sizes_.size()));
}

void IndexedDatasetWriter::finalize() {
  if (finalized_)
    return;
  if (!bin_)
    throw DataError("indexed dataset '" + prefix_ + "': writer failed earlier");
  std::FILE *bin = bin_;
  bin_ = nullptr;
  if (!syncAndClose(bin))
    fail(binPath(prefix_), binTemp_, errnoText());

  const std::string path = indexPath(prefix_);
  std::FILE *idx;
  try {
    idx = createTemporary(path, &idxTemp_);
  } catch (...) {
    discard();
    throw;
  }
  const uint64_t sequences = sizes_.size();
  std::fwrite(kMagic, 1, sizeof(kMagic), idx);
  writeValue<uint64_t>(idx, kVersion);
  writeValue<uint8_t>(idx, static_cast<uint8_t>(dtype_));
  writeValue<uint64_t>(idx, sequences);
  writeValue<uint64_t>(idx, docIndex_.size());
  std::fwrite(sizes_.data(), sizeof(int32_t), sizes_.size(), idx);
  int64_t pointer = 0;
  const int64_t elementBytes = static_cast<int64_t>(tokenDTypeBytes(dtype_));
  for (int32_t size : sizes_) {
    writeValue<int64_t>(idx, pointer);
    pointer += size * elementBytes;
  }
  std::fwrite(docIndex_.data(), sizeof(int64_t), docIndex_.size(), idx);
  // A failed write sets the stream's error flag, which syncAndClose checks.
  if (!syncAndClose(idx))
    fail(path, idxTemp_, errnoText());

  // Both files are complete on disk: only now replace an earlier dataset.
  for (auto [temp, final] : {std::pair<std::string *, std::string>{&binTemp_, binPath(prefix_)},
                             {&idxTemp_, path}}) {
    if (std::rename(temp->c_str(), final.c_str()) != 0)
      fail(final, *temp, std::string("cannot rename the temporary file into place: ") +
                             errnoText());
    temp->clear();
  }
  // The renames themselves are durable once the folder is synced.
  int dir = ::open(folderOf(path).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    ::fsync(dir);
    ::close(dir);
  }
  finalized_ = true;
}

// ---------------------------------------------------------------- reader

IndexedDataset::IndexedDataset(const std::string &prefix) : prefix_(prefix) {
  const std::string idxFile = indexPath(prefix);
  auto bad = [&](const std::string &what) {
    return DataError("indexed dataset index '" + idxFile + "': " + what);
  };
  std::string idx;
  {
    std::ifstream in(idxFile, std::ios::binary);
    if (!in)
      throw DataError("cannot open indexed dataset index '" + idxFile + "': " + errnoText());
    std::ostringstream buffer;
    buffer << in.rdbuf();
    idx = buffer.str();
  }
  if (idx.size() < kHeaderBytes)
    throw bad("truncated: " + std::to_string(idx.size()) + " bytes, the header alone needs " +
              std::to_string(kHeaderBytes));
  if (std::memcmp(idx.data(), kMagic, sizeof(kMagic)) != 0)
    throw bad("not a Megatron MMIDIDX index (wrong magic bytes)");
  uint64_t version = readAt<uint64_t>(idx, 9);
  if (version != kVersion)
    throw bad("unsupported version " + std::to_string(version) + " (expected 1)");
  uint8_t dtypeCode = readAt<uint8_t>(idx, 17);
  if (!isTokenDTypeCode(dtypeCode))
    throw bad("unknown dtype code " + std::to_string(dtypeCode) +
              " (Megatron's codes are 1-8: uint8, int8, int16, int32, int64, float64, "
              "float32, uint16)");
  dtype_ = static_cast<TokenDType>(dtypeCode);
  const uint64_t sequences = readAt<uint64_t>(idx, 18);
  const uint64_t docIndexLength = readAt<uint64_t>(idx, 26);
  const uint64_t body = idx.size() - kHeaderBytes;
  // 12 bytes per sequence (size + pointer), 8 per document-index entry, and
  // optionally Megatron's multimodal writer's one mode byte per sequence.
  if (sequences > body / 12 || docIndexLength > body / 8 ||
      (sequences * 12 + docIndexLength * 8 != body &&
       sequences * 13 + docIndexLength * 8 != body))
    throw bad("size " + std::to_string(idx.size()) + " bytes does not match its header (" +
              std::to_string(sequences) + " sequences, document index of " +
              std::to_string(docIndexLength) + " entries needs " +
              std::to_string(kHeaderBytes) + " + 12 * sequences + 8 * entries bytes, plus " +
              "one byte per sequence with sequence modes); the file is truncated or corrupt");
  hasModes_ = sequences > 0 && sequences * 13 + docIndexLength * 8 == body;

  const size_t sizesAt = kHeaderBytes;
  const size_t pointersAt = sizesAt + sequences * 4;
  const size_t docIndexAt = pointersAt + sequences * 8;
  const size_t modesAt = docIndexAt + docIndexLength * 8;
  const int64_t elementBytes = static_cast<int64_t>(tokenDTypeBytes(dtype_));
  seqTokenStart_.assign(sequences + 1, 0);
  seqPointer_.assign(sequences, 0);
  // Sequences may be stored anywhere: the .bin must end where the furthest one ends.
  int64_t binEnd = 0;
  for (uint64_t s = 0; s < sequences; ++s) {
    int32_t size = readAt<int32_t>(idx, sizesAt + s * 4);
    int64_t pointer = readAt<int64_t>(idx, pointersAt + s * 8);
    if (size < 0)
      throw bad("sequence " + std::to_string(s) + " has negative length " + std::to_string(size));
    if (pointer < 0 || pointer > (INT64_MAX - size * elementBytes))
      throw bad("sequence " + std::to_string(s) + " starts at byte " + std::to_string(pointer) +
                ", outside any file");
    if (hasModes_) {
      const int8_t mode = readAt<int8_t>(idx, modesAt + s);
      if (mode != 0)
        throw bad("sequence " + std::to_string(s) + " has mode " + std::to_string(mode) +
                  " (Megatron's multimodal datasets: 0 is text, 1 an image); training reads "
                  "text only");
    }
    seqPointer_[s] = pointer;
    seqTokenStart_[s + 1] = seqTokenStart_[s] + size;
    binEnd = std::max(binEnd, pointer + size * elementBytes);
  }
  if (docIndexLength == 0)
    throw bad("the document index is empty (it must start with 0)");
  docSequenceBegin_.clear();
  int64_t previous = 0;
  for (uint64_t d = 0; d < docIndexLength; ++d) {
    int64_t firstSequence = readAt<int64_t>(idx, docIndexAt + d * 8);
    if ((d == 0 && firstSequence != 0) || firstSequence < previous ||
        firstSequence > static_cast<int64_t>(sequences))
      throw bad("document index entry " + std::to_string(d) + " is " +
                std::to_string(firstSequence) + "; entries must rise from 0 to the sequence count " +
                std::to_string(sequences));
    docSequenceBegin_.push_back(firstSequence);
    previous = firstSequence;
  }
  if (previous != static_cast<int64_t>(sequences))
    throw bad("the last document index entry is " + std::to_string(previous) +
              ", expected the sequence count " + std::to_string(sequences));

  const std::string binFile = binPath(prefix);
  int fd = ::open(binFile.c_str(), O_RDONLY);
  if (fd < 0)
    throw DataError("cannot open indexed dataset data '" + binFile + "': " + errnoText());
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    std::string reason = errnoText();
    ::close(fd);
    throw DataError("cannot stat '" + binFile + "': " + reason);
  }
  if (static_cast<uint64_t>(st.st_size) != static_cast<uint64_t>(binEnd)) {
    ::close(fd);
    throw DataError("indexed dataset data '" + binFile + "' has " + std::to_string(st.st_size) +
                    " bytes, but its index '" + idxFile + "' describes " +
                    std::to_string(sequences) + " sequences of " + tokenDTypeName(dtype_) +
                    " tokens ending at byte " + std::to_string(binEnd) +
                    "; one of them is truncated or stale");
  }
  binBytes_ = static_cast<size_t>(st.st_size);
  if (binBytes_ > 0) {
    void *mapped = ::mmap(nullptr, binBytes_, PROT_READ, MAP_SHARED, fd, 0);
    if (mapped == MAP_FAILED) {
      std::string reason = errnoText();
      ::close(fd);
      throw DataError("cannot mmap '" + binFile + "': " + reason);
    }
    binData_ = static_cast<const unsigned char *>(mapped);
  }
  ::close(fd);
}

IndexedDataset::IndexedDataset(IndexedDataset &&other) noexcept
    : prefix_(std::move(other.prefix_)), dtype_(other.dtype_), hasModes_(other.hasModes_),
      seqTokenStart_(std::move(other.seqTokenStart_)), seqPointer_(std::move(other.seqPointer_)),
      docSequenceBegin_(std::move(other.docSequenceBegin_)), binData_(other.binData_),
      binBytes_(other.binBytes_) {
  other.binData_ = nullptr;
  other.binBytes_ = 0;
  other.seqTokenStart_ = {0};
  other.seqPointer_.clear();
  other.docSequenceBegin_ = {0};
}

IndexedDataset::~IndexedDataset() {
  if (binData_)
    ::munmap(const_cast<unsigned char *>(binData_), binBytes_);
}

int64_t IndexedDataset::documentStart(int64_t i) const {
  if (i < 0 || i >= documentCount())
    throw DataError("indexed dataset '" + prefix_ + "': document " + std::to_string(i) +
                    " out of range [0, " + std::to_string(documentCount()) + ")");
  return seqTokenStart_[docSequenceBegin_[i]];
}

int64_t IndexedDataset::documentLength(int64_t i) const {
  const int64_t start = documentStart(i); // checks i before the entry after it is read
  return seqTokenStart_[docSequenceBegin_[i + 1]] - start;
}

int64_t IndexedDataset::documentSequenceBegin(int64_t doc) const {
  if (doc < 0 || doc > documentCount())
    throw DataError("indexed dataset '" + prefix_ + "': document " + std::to_string(doc) +
                    " out of range [0, " + std::to_string(documentCount()) + "]");
  return docSequenceBegin_[doc];
}

int64_t IndexedDataset::documentOfSequence(int64_t i) const {
  sequenceStart(i); // checks i
  // The last document whose first sequence is at or before i (empty documents
  // share their first sequence with the next one).
  auto it = std::upper_bound(docSequenceBegin_.begin(), docSequenceBegin_.end() - 1, i);
  return static_cast<int64_t>(it - docSequenceBegin_.begin()) - 1;
}

int64_t IndexedDataset::sequenceStart(int64_t i) const {
  if (i < 0 || i >= sequenceCount())
    throw DataError("indexed dataset '" + prefix_ + "': sequence " + std::to_string(i) +
                    " out of range [0, " + std::to_string(sequenceCount()) + ")");
  return seqTokenStart_[i];
}

int64_t IndexedDataset::sequenceLength(int64_t i) const {
  const int64_t start = sequenceStart(i); // checks i first
  return seqTokenStart_[i + 1] - start;
}

std::vector<int32_t> IndexedDataset::document(int64_t i) const {
  std::vector<int32_t> tokens(documentLength(i));
  readTokens(documentStart(i), static_cast<int64_t>(tokens.size()), tokens.data());
  return tokens;
}

void IndexedDataset::copyTokens(int64_t at, int64_t count, int32_t *out) const {
  if (count <= 0)
    return;
  const unsigned char *from = binData_ + at;
  if (dtype_ == TokenDType::Int32) {
    std::memcpy(out, from, static_cast<size_t>(count) * 4);
    return;
  }
  // Every value was checked to be an id by checkTokenIds, or is narrowed here as
  // Megatron's int64 conversion would; ids come from this file only after the check.
  withElementType(dtype_, [&](auto type) {
    using T = decltype(type);
    for (int64_t k = 0; k < count; ++k) {
      T value;
      std::memcpy(&value, from + k * sizeof(T), sizeof(T));
      out[k] = static_cast<int32_t>(value);
    }
  });
}

void IndexedDataset::readSequence(int64_t sequence, int64_t offset, int64_t count,
                                  int32_t *out) const {
  const int64_t length = sequenceLength(sequence);
  if (offset < 0 || count < 0 || offset + count > length)
    throw DataError("indexed dataset '" + prefix_ + "': tokens [" + std::to_string(offset) +
                    ", " + std::to_string(offset + count) + ") of sequence " +
                    std::to_string(sequence) + " out of range [0, " + std::to_string(length) +
                    ")");
  copyTokens(seqPointer_[sequence] + offset * static_cast<int64_t>(tokenDTypeBytes(dtype_)),
             count, out);
}

void IndexedDataset::readTokens(int64_t offset, int64_t count, int32_t *out) const {
  if (offset < 0 || count < 0 || offset + count > tokenCount())
    throw DataError("indexed dataset '" + prefix_ + "': tokens [" + std::to_string(offset) +
                    ", " + std::to_string(offset + count) + ") out of range [0, " +
                    std::to_string(tokenCount()) + ")");
  // The sequence holding `offset`, then each sequence in turn.
  auto it = std::upper_bound(seqTokenStart_.begin(), seqTokenStart_.end(), offset);
  int64_t s = static_cast<int64_t>(it - seqTokenStart_.begin()) - 1;
  while (count > 0) {
    const int64_t within = offset - seqTokenStart_[s];
    const int64_t take = std::min(count, seqTokenStart_[s + 1] - offset);
    readSequence(s, within, take, out);
    out += take;
    offset += take;
    count -= take;
    ++s;
  }
}

void IndexedDataset::checkTokenIds(int64_t vocabSize, const std::string &vocabName) const {
  withElementType(dtype_, [&](auto type) {
    using T = decltype(type);
    for (int64_t s = 0; s < sequenceCount(); ++s) {
      const unsigned char *from = binData_ + seqPointer_[s];
      const int64_t length = seqTokenStart_[s + 1] - seqTokenStart_[s];
      // One pass that vectorizes; the offender is looked for only on failure.
      bool ok = true;
      for (int64_t k = 0; k < length; ++k) {
        T value;
        std::memcpy(&value, from + k * sizeof(T), sizeof(T));
        const double v = static_cast<double>(value);
        ok &= v >= 0 && v < static_cast<double>(vocabSize) && v == std::floor(v);
      }
      if (ok)
        continue;
      for (int64_t k = 0; k < length; ++k) {
        T value;
        std::memcpy(&value, from + k * sizeof(T), sizeof(T));
        const double v = static_cast<double>(value);
        if (v >= 0 && v < static_cast<double>(vocabSize) && v == std::floor(v))
          continue;
        std::ostringstream shown;
        shown.precision(17);
        shown << v;
        throw DataError("indexed dataset '" + prefix_ + "': token " + shown.str() +
                        " at position " + std::to_string(k) + " of sequence " +
                        std::to_string(s) + " (document " +
                        std::to_string(documentOfSequence(s)) + ") is not an id of " +
                        vocabName + " [0, " + std::to_string(vocabSize) +
                        "); was the data tokenized for another vocabulary?");
      }
    }
  });
}

} // namespace mtc::data
