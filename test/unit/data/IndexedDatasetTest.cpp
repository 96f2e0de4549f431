#include "data/DataError.h"
#include "data/IndexedDataset.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <functional>

using namespace mtc::data;

namespace {

std::string tempPrefix(const std::string &name) {
  return (std::filesystem::temp_directory_path() / ("mtc_idx_" + name)).string();
}

std::string errorOf(const std::function<void()> &f) {
  try {
    f();
  } catch (const DataError &e) {
    return e.what();
  }
  return "(no error)";
}

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
  badDType[17] = 6;
  EXPECT_NE(openWith(badDType).find("dtype code 6"), std::string::npos);

  std::string badPointer = good;
  badPointer[34 + 16 + 8 * 2] = 9;
  EXPECT_NE(openWith(badPointer).find("sequence 2 starts at byte 9"), std::string::npos);

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
