#include "io/Crc32c.h"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

namespace mtc::runtime {
namespace {

uint32_t both(const std::vector<uint8_t> &bytes) {
  uint32_t fast = crc32c(bytes.data(), bytes.size());
  EXPECT_EQ(fast, crc32cPortable(bytes.data(), bytes.size()));
  return fast;
}

TEST(Crc32c, CheckValue) {
  const std::string text = "123456789";
  EXPECT_EQ(crc32c(text.data(), text.size()), 0xE3069283u);
  EXPECT_EQ(crc32cPortable(text.data(), text.size()), 0xE3069283u);
  EXPECT_EQ(crc32c(nullptr, 0), 0u);
  EXPECT_EQ(crc32cHex(0xE3069283u), "e3069283");
  EXPECT_EQ(crc32cHex(0x1u), "00000001");
}

// RFC 3720 (iSCSI), appendix B.4.
TEST(Crc32c, Rfc3720Vectors) {
  std::vector<uint8_t> zeros(32, 0x00), ones(32, 0xff), up(32), down(32);
  for (int i = 0; i < 32; ++i) {
    up[i] = static_cast<uint8_t>(i);
    down[i] = static_cast<uint8_t>(31 - i);
  }
  EXPECT_EQ(both(zeros), 0x8A9136AAu);
  EXPECT_EQ(both(ones), 0x62A8AB43u);
  EXPECT_EQ(both(up), 0x46DD794Eu);
  EXPECT_EQ(both(down), 0x113FDB5Cu);
  const std::vector<uint8_t> readCommand = {
      0x01, 0xc0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00,
      0x00, 0x00, 0x00, 0x14, 0x00, 0x00, 0x00, 0x18, 0x28, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00};
  EXPECT_EQ(both(readCommand), 0xD9963A56u);
}

// Any split of the input, at any alignment, gives the same checksum on both paths.
TEST(Crc32c, IncrementalAndUnalignedAgree) {
  std::mt19937 rng(7);
  std::vector<uint8_t> data(1000);
  for (uint8_t &b : data)
    b = static_cast<uint8_t>(rng());
  const uint32_t whole = crc32cPortable(data.data(), data.size());
  for (size_t cut : {0u, 1u, 7u, 8u, 9u, 333u, 999u, 1000u}) {
    uint32_t a = crc32c(data.data(), cut);
    EXPECT_EQ(crc32c(data.data() + cut, data.size() - cut, a), whole) << cut;
    uint32_t p = crc32cPortable(data.data(), cut);
    EXPECT_EQ(crc32cPortable(data.data() + cut, data.size() - cut, p), whole) << cut;
  }
  for (size_t offset = 1; offset < 8; ++offset)
    EXPECT_EQ(crc32c(data.data() + offset, 500), crc32cPortable(data.data() + offset, 500));
  data[500] ^= 0x10; // one flipped bit changes it
  EXPECT_NE(crc32c(data.data(), data.size()), whole);
}

} // namespace
} // namespace mtc::runtime
