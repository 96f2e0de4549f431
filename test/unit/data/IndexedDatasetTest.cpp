#include "data/DataError.h"
#include "DataErrorOf.h"
#include "data/IndexedDataset.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <functional>

using namespace mtc::data;

namespace {

std::string tempPrefix(const std::string &name) {
  return (std::filesystem::temp_directory_path() / ("mtc_idx_" + name)).string();
}

using mtc::data::testing::errorOf;

std::string readBytes(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

void writeBytes(const std::string &path, const std::string &bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

const std::vector<std::vector<int32_t>> kDocs = {
    {1, 2, 3, 50256}, {}, {50000, 7, 50256}, {42, 50256}};

void writeDocs(const std::string &prefix, int64_t vocab) {
  IndexedDatasetWriter writer(prefix, vocab);
  for (const auto &doc : kDocs)
    writer.addDocument(doc);
  writer.finalize();
  EXPECT_EQ(writer.documentCount(), 4);
  EXPECT_EQ(writer.tokenCount(), 9);
}

} // namespace

TEST(IndexedDataset, ChoosesDTypeLikeMegatron) {
  EXPECT_EQ(tokenDTypeForVocab(50257), TokenDType::UInt16);
  EXPECT_EQ(tokenDTypeForVocab(65499), TokenDType::UInt16);
  EXPECT_EQ(tokenDTypeForVocab(65500), TokenDType::Int32);
}

TEST(IndexedDataset, WriteReadRoundTrip) {
  for (int64_t vocab : {int64_t(65499), int64_t(100000)}) {
    std::string prefix = tempPrefix("roundtrip" + std::to_string(vocab));
    writeDocs(prefix, vocab);
    IndexedDataset data(prefix);
    EXPECT_EQ(data.dtype(), tokenDTypeForVocab(vocab));
    ASSERT_EQ(data.documentCount(), 4);
    EXPECT_EQ(data.sequenceCount(), 4);
    EXPECT_EQ(data.tokenCount(), 9);
    for (int64_t d = 0; d < 4; ++d)
      EXPECT_EQ(data.document(d), kDocs[d]) << "document " << d;
    EXPECT_EQ(data.documentStart(2), 4);
    std::vector<int32_t> span(4);
    data.readTokens(3, 4, span.data());
    EXPECT_EQ(span, (std::vector<int32_t>{50256, 50000, 7, 50256}));
    EXPECT_THROW(data.document(4), DataError);
    EXPECT_THROW(data.readTokens(8, 2, span.data()), DataError);
    // .bin size: 9 tokens of 2 or 4 bytes.
    EXPECT_EQ(std::filesystem::file_size(binPath(prefix)), 9u * tokenDTypeBytes(data.dtype()));
  }
}

TEST(IndexedDataset, IndexLayoutIsMegatrons) {
  std::string prefix = tempPrefix("layout");
  writeDocs(prefix, 50257);
  std::string idx = readBytes(indexPath(prefix));
  ASSERT_EQ(idx.size(), 34u + 4 * 12 + 5 * 8);
  EXPECT_EQ(idx.substr(0, 9), std::string("MMIDIDX\0\0", 9));
  EXPECT_EQ(idx[9], 1);   // version, little-endian u64
  EXPECT_EQ(idx[17], 8);  // uint16
  EXPECT_EQ(idx[18], 4);  // sequences
  EXPECT_EQ(idx[26], 5);  // document index entries: 0..4
  EXPECT_EQ(idx[34 + 8], 3); // sizes[2]
  EXPECT_EQ(idx[34 + 16 + 8 * 2], 8); // pointers[2] = 4 tokens * 2 bytes
}

TEST(IndexedDataset, RejectsRangeErrorsInWriter) {
  std::string prefix = tempPrefix("range");
  IndexedDatasetWriter writer(prefix, 50257);
  std::string message = errorOf([&] { writer.addDocument({1, 50257}); });
  EXPECT_NE(message.find("50257"), std::string::npos) << message;
}

TEST(IndexedDataset, CorruptIndexIsRejected) {
  std::string prefix = tempPrefix("corrupt");
  writeDocs(prefix, 50257);
  const std::string good = readBytes(indexPath(prefix));
  auto openWith = [&](const std::string &idx) {
    writeBytes(indexPath(prefix), idx);
    return errorOf([&] { IndexedDataset data(prefix); });
  };

  std::string message = openWith(good.substr(0, 20));
  EXPECT_NE(message.find(indexPath(prefix)), std::string::npos) << message;
  EXPECT_NE(message.find("truncated"), std::string::npos) << message;

  message = openWith(good.substr(0, good.size() - 8));
  EXPECT_NE(message.find("truncated or corrupt"), std::string::npos) << message;

  std::string badMagic = good;
  badMagic[0] = 'X';
  EXPECT_NE(openWith(badMagic).find("magic"), std::string::npos);

  std::string badVersion = good;
  badVersion[9] = 2;
  EXPECT_NE(openWith(badVersion).find("version 2"), std::string::npos);

  std::string badDType = good;
  badDType[17] = 9;
  EXPECT_NE(openWith(badDType).find("unknown dtype code 9"), std::string::npos);

  // A sequence stored past the end of the .bin.
  std::string badPointer = good;
  badPointer[34 + 16 + 8 * 2] = 100;
  EXPECT_NE(openWith(badPointer).find("ending at byte 106; one of them is truncated"),
            std::string::npos)
      << openWith(badPointer);

  // A .bin that does not match the index (e.g. truncated) is named too.
  writeBytes(indexPath(prefix), good);
  std::string bin = readBytes(binPath(prefix));
  writeBytes(binPath(prefix), bin.substr(0, bin.size() - 2));
  message = errorOf([&] { IndexedDataset data(prefix); });
  EXPECT_NE(message.find(binPath(prefix)), std::string::npos) << message;
  EXPECT_NE(message.find("16 bytes"), std::string::npos) << message;

  std::filesystem::remove(indexPath(prefix));
  message = errorOf([&] { IndexedDataset data(prefix); });
  EXPECT_NE(message.find("cannot open"), std::string::npos) << message;
}

TEST(IndexedDataset, UnwritableOutputIsReported) {
  // A prefix below a regular file: no folder can be made there, even as root.
  const std::string file = tempPrefix("not_a_folder");
  writeBytes(file, "x");
  const std::string prefix = file + "/out";
  std::string message = errorOf([&] { IndexedDatasetWriter writer(prefix, 50257); });
  EXPECT_NE(message.find(prefix + ".bin"), std::string::npos) << message;
  EXPECT_NE(message.find("is not a folder"), std::string::npos) << message;
  std::filesystem::remove(file);
}

TEST(IndexedDataset, MissingOutputFolderIsMade) {
  const std::string folder = tempPrefix("made_folder");
  std::filesystem::remove_all(folder);
  const std::string prefix = folder + "/sub/out";
  writeDocs(prefix, 50257);
  EXPECT_TRUE(std::filesystem::exists(prefix + ".bin"));
  EXPECT_TRUE(std::filesystem::exists(prefix + ".idx"));
  std::filesystem::remove_all(folder);
}

// Documents of several sequences (sentences), as Megatron's --split-sentences.
namespace {

const std::vector<std::vector<std::vector<int32_t>>> kSentenceDocs = {
    {{5, 6}, {7}, {8, 9, 10}}, // three sentences
    {},                        // no sentence at all
    {{11}},                    // one
    {{12, 13}, {}, {14}},      // an empty sentence is kept as a sequence
};

void writeSentenceDocs(const std::string &prefix, int64_t vocab) {
  IndexedDatasetWriter writer(prefix, vocab);
  writer.addDocument(kSentenceDocs[0]);
  writer.addDocument(kSentenceDocs[1]);
  writer.addDocument(kSentenceDocs[2]);
  writer.addDocument(std::vector<int32_t>{20, 21}); // the one-sequence form mixes in
  writer.addDocument(kSentenceDocs[3]);
  EXPECT_EQ(writer.documentCount(), 5);
  EXPECT_EQ(writer.sequenceCount(), 8);
  EXPECT_EQ(writer.tokenCount(), 12);
  writer.finalize();
}

int64_t readI64(const std::string &bytes, size_t offset) {
  int64_t v;
  std::memcpy(&v, bytes.data() + offset, 8);
  return v;
}

} // namespace

TEST(IndexedDataset, SentenceDocumentsRoundTrip) {
  for (int64_t vocab : {int64_t(30522), int64_t(100000)}) {
    std::string prefix = tempPrefix("sentences" + std::to_string(vocab));
    writeSentenceDocs(prefix, vocab);
    IndexedDataset data(prefix);
    ASSERT_EQ(data.documentCount(), 5);
    ASSERT_EQ(data.sequenceCount(), 8);
    EXPECT_EQ(data.tokenCount(), 12);
    const std::vector<int64_t> begins = {0, 3, 3, 4, 5, 8};
    for (int64_t d = 0; d <= 5; ++d)
      EXPECT_EQ(data.documentSequenceBegin(d), begins[d]) << "document " << d;
    const std::vector<int64_t> starts = {0, 2, 3, 6, 7, 9, 11, 11};
    const std::vector<int64_t> lengths = {2, 1, 3, 1, 2, 2, 0, 1};
    for (int64_t s = 0; s < 8; ++s) {
      EXPECT_EQ(data.sequenceStart(s), starts[s]) << "sequence " << s;
      EXPECT_EQ(data.sequenceLength(s), lengths[s]) << "sequence " << s;
    }
    EXPECT_EQ(data.document(0), (std::vector<int32_t>{5, 6, 7, 8, 9, 10}));
    EXPECT_EQ(data.documentLength(1), 0);
    EXPECT_EQ(data.document(3), (std::vector<int32_t>{20, 21}));
    EXPECT_EQ(data.document(4), (std::vector<int32_t>{12, 13, 14}));
    std::vector<int32_t> sentence(3);
    data.readTokens(data.sequenceStart(2), data.sequenceLength(2), sentence.data());
    EXPECT_EQ(sentence, (std::vector<int32_t>{8, 9, 10}));
  }
}

TEST(IndexedDataset, SentenceLayoutIsMegatrons) {
  std::string prefix = tempPrefix("sentence_layout");
  writeSentenceDocs(prefix, 30522);
  std::string idx = readBytes(indexPath(prefix));
  const size_t S = 8, D = 6;
  ASSERT_EQ(idx.size(), 34 + 12 * S + 8 * D);
  EXPECT_EQ(readI64(idx, 18), 8); // sequences
  EXPECT_EQ(readI64(idx, 26), 6); // document index: documents + 1
  // sizes (int32), then pointers (byte offsets, 2 bytes per uint16 token)
  const std::vector<int32_t> sizes = {2, 1, 3, 1, 2, 2, 0, 1};
  const std::vector<int64_t> tokenStarts = {0, 2, 3, 6, 7, 9, 11, 11};
  for (size_t s = 0; s < S; ++s) {
    int32_t size;
    std::memcpy(&size, idx.data() + 34 + 4 * s, 4);
    EXPECT_EQ(size, sizes[s]) << "size " << s;
    EXPECT_EQ(readI64(idx, 34 + 4 * S + 8 * s), tokenStarts[s] * 2) << "pointer " << s;
  }
  // Megatron's doc_idx: 0, then the sequence count after each document.
  const std::vector<int64_t> docIdx = {0, 3, 3, 4, 5, 8};
  for (size_t d = 0; d < D; ++d)
    EXPECT_EQ(readI64(idx, 34 + 12 * S + 8 * d), docIdx[d]) << "doc_idx " << d;
}

TEST(IndexedDataset, RejectedSentenceDocumentWritesNothing) {
  std::string prefix = tempPrefix("sentence_reject");
  {
    IndexedDatasetWriter writer(prefix, 100);
    writer.addDocument(std::vector<std::vector<int32_t>>{{1, 2}, {3}});
    // The bad id is in the second sentence: the first must not be written either.
    std::string message =
        errorOf([&] { writer.addDocument(std::vector<std::vector<int32_t>>{{4}, {5, 100}}); });
    EXPECT_NE(message.find("token id 100 at position 1 of sequence 1 of document 1"),
              std::string::npos)
        << message;
    EXPECT_EQ(writer.documentCount(), 1);
    EXPECT_EQ(writer.sequenceCount(), 2);
    EXPECT_EQ(writer.tokenCount(), 3);
    writer.addDocument(std::vector<std::vector<int32_t>>{{6}, {7}});
    writer.finalize();
    EXPECT_THROW(writer.addDocument(std::vector<std::vector<int32_t>>{{1}}), DataError);
  }
  IndexedDataset data(prefix);
  ASSERT_EQ(data.documentCount(), 2);
  EXPECT_EQ(data.document(0), (std::vector<int32_t>{1, 2, 3}));
  EXPECT_EQ(data.document(1), (std::vector<int32_t>{6, 7}));
  EXPECT_EQ(data.documentSequenceBegin(1), 2);
}

TEST(IndexedDataset, SequenceAccessorsCheckRange) {
  std::string prefix = tempPrefix("sentence_range");
  writeSentenceDocs(prefix, 30522);
  IndexedDataset data(prefix);
  EXPECT_EQ(data.documentSequenceBegin(data.documentCount()), data.sequenceCount());
  std::string message = errorOf([&] { data.documentSequenceBegin(6); });
  EXPECT_NE(message.find("document 6 out of range [0, 5]"), std::string::npos) << message;
  EXPECT_THROW(data.documentSequenceBegin(-1), DataError);
  message = errorOf([&] { data.sequenceLength(8); });
  EXPECT_NE(message.find("sequence 8 out of range [0, 8)"), std::string::npos) << message;
  EXPECT_THROW(data.sequenceStart(-1), DataError);
  EXPECT_THROW(data.documentLength(5), DataError);
}

namespace {

// Writes PREFIX.idx by hand as Megatron's _IndexWriter lays it out (modes
// appended when given), and PREFIX.bin as given.
void writeRawDataset(const std::string &prefix, uint8_t dtypeCode,
                     const std::vector<int32_t> &sizes, const std::vector<int64_t> &pointers,
                     const std::vector<int64_t> &documents, const std::vector<int8_t> &modes,
                     const std::string &bin) {
  std::string idx("MMIDIDX\0\0", 9);
  auto put = [&](const void *p, size_t n) { idx.append(static_cast<const char *>(p), n); };
  const uint64_t version = 1, count = sizes.size(), docs = documents.size();
  put(&version, 8);
  put(&dtypeCode, 1);
  put(&count, 8);
  put(&docs, 8);
  put(sizes.data(), sizes.size() * 4);
  put(pointers.data(), pointers.size() * 8);
  put(documents.data(), documents.size() * 8);
  put(modes.data(), modes.size());
  writeBytes(indexPath(prefix), idx);
  writeBytes(binPath(prefix), bin);
}

template <typename T> std::string bytesOf(const std::vector<T> &values) {
  return std::string(reinterpret_cast<const char *>(values.data()), values.size() * sizeof(T));
}

} // namespace

TEST(IndexedDataset, ReadsEveryMegatronDType) {
  const std::vector<int32_t> ids = {3, 0, 127, 42, 5};
  auto check = [&](uint8_t code, const std::string &bin, TokenDType dtype) {
    const std::string prefix = tempPrefix("dtype" + std::to_string(code));
    writeRawDataset(prefix, code, {2, 3}, {0, static_cast<int64_t>(2 * bin.size() / 5)},
                    {0, 1, 2}, {}, bin);
    IndexedDataset data(prefix);
    EXPECT_EQ(data.dtype(), dtype);
    EXPECT_EQ(data.document(0), std::vector<int32_t>(ids.begin(), ids.begin() + 2));
    EXPECT_EQ(data.document(1), std::vector<int32_t>(ids.begin() + 2, ids.end()));
    EXPECT_NO_THROW(data.checkTokenIds(128, "a vocabulary"));
    EXPECT_NE(errorOf([&] { data.checkTokenIds(127, "a vocabulary of 127"); })
                  .find("token 127 at position 0 of sequence 1 (document 1) is not an id of "
                        "a vocabulary of 127 [0, 127)"),
              std::string::npos)
        << tokenDTypeName(dtype);
  };
  check(1, bytesOf(std::vector<uint8_t>(ids.begin(), ids.end())), TokenDType::UInt8);
  check(2, bytesOf(std::vector<int8_t>(ids.begin(), ids.end())), TokenDType::Int8);
  check(3, bytesOf(std::vector<int16_t>(ids.begin(), ids.end())), TokenDType::Int16);
  check(4, bytesOf(ids), TokenDType::Int32);
  check(5, bytesOf(std::vector<int64_t>(ids.begin(), ids.end())), TokenDType::Int64);
  check(6, bytesOf(std::vector<double>(ids.begin(), ids.end())), TokenDType::Float64);
  check(7, bytesOf(std::vector<float>(ids.begin(), ids.end())), TokenDType::Float32);
  check(8, bytesOf(std::vector<uint16_t>(ids.begin(), ids.end())), TokenDType::UInt16);
}

TEST(IndexedDataset, TokenIdsAreCheckedWhole) {
  const std::string prefix = tempPrefix("fractional");
  writeRawDataset(prefix, 7, {3}, {0}, {0, 1}, {}, bytesOf(std::vector<float>{1, 2.5f, 3}));
  IndexedDataset data(prefix);
  EXPECT_NE(errorOf([&] { data.checkTokenIds(10, "v"); }).find("token 2.5 at position 1"),
            std::string::npos);
  const std::string negative = tempPrefix("negative");
  writeRawDataset(negative, 5, {1, 2}, {0, 8}, {0, 2}, {},
                  bytesOf(std::vector<int64_t>{1, 2, -7}));
  IndexedDataset signedData(negative);
  EXPECT_NE(errorOf([&] { signedData.checkTokenIds(10, "v"); })
                .find("token -7 at position 1 of sequence 1 (document 0)"),
            std::string::npos);
}

TEST(IndexedDataset, AcceptsMegatronsSequenceModes) {
  const std::string prefix = tempPrefix("modes");
  const std::string bin = bytesOf(std::vector<uint16_t>{7, 8, 9});
  writeRawDataset(prefix, 8, {1, 2}, {0, 2}, {0, 2}, {0, 0}, bin);
  IndexedDataset data(prefix);
  EXPECT_TRUE(data.hasSequenceModes());
  EXPECT_EQ(data.document(0), (std::vector<int32_t>{7, 8, 9}));
  // An image sequence is not text to train on.
  writeRawDataset(prefix, 8, {1, 2}, {0, 2}, {0, 2}, {0, 1}, bin);
  EXPECT_NE(errorOf([&] { IndexedDataset image(prefix); })
                .find("sequence 1 has mode 1 (Megatron's multimodal datasets: 0 is text, 1 an "
                      "image)"),
            std::string::npos);
}

TEST(IndexedDataset, FollowsPointersWhereverSequencesAre) {
  // Sequence 0 stored after sequence 1, with a gap of 2 unused tokens between.
  const std::string prefix = tempPrefix("scattered");
  writeRawDataset(prefix, 8, {2, 3}, {10, 0}, {0, 1, 2}, {},
                  bytesOf(std::vector<uint16_t>{20, 21, 22, 99, 99, 10, 11}));
  IndexedDataset data(prefix);
  EXPECT_EQ(data.document(0), (std::vector<int32_t>{10, 11}));
  EXPECT_EQ(data.document(1), (std::vector<int32_t>{20, 21, 22}));
  std::vector<int32_t> across(3);
  data.readTokens(1, 3, across.data()); // the stream in index order
  EXPECT_EQ(across, (std::vector<int32_t>{11, 20, 21}));
  std::vector<int32_t> part(2);
  data.readSequence(1, 1, 2, part.data());
  EXPECT_EQ(part, (std::vector<int32_t>{21, 22}));
  // A .bin longer than its furthest sequence is stale.
  writeBytes(binPath(prefix), bytesOf(std::vector<uint16_t>{20, 21, 22, 99, 99, 10, 11, 0}));
  EXPECT_NE(errorOf([&] { IndexedDataset stale(prefix); }).find("ending at byte 14"),
            std::string::npos);
}
