#include "io/Crc32c.h"

#include <array>
#include <cstdio>
#include <cstring>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define MTC_CRC32C_SSE42 1
#include <nmmintrin.h>
#endif

namespace mtc::runtime {
namespace {

constexpr uint32_t kPolynomial = 0x82F63B78u; // 0x1EDC6F41 bit-reversed

// Slicing-by-8 tables: table[k][b] is the CRC of byte b followed by k zero bytes.
struct Tables {
  std::array<std::array<uint32_t, 256>, 8> t{};
  Tables() {
    for (uint32_t b = 0; b < 256; ++b) {
      uint32_t c = b;
      for (int i = 0; i < 8; ++i)
        c = (c >> 1) ^ ((c & 1) ? kPolynomial : 0);
      t[0][b] = c;
    }
    for (int k = 1; k < 8; ++k)
      for (uint32_t b = 0; b < 256; ++b)
        t[k][b] = (t[k - 1][b] >> 8) ^ t[0][t[k - 1][b] & 0xff];
  }
};

const Tables &tables() {
  static const Tables instance;
  return instance;
}

#ifdef MTC_CRC32C_SSE42
__attribute__((target("sse4.2"))) uint32_t crc32cSse42(const unsigned char *p, size_t n,
                                                        uint32_t crc) {
  uint64_t c = ~crc;
  for (; n >= 8; n -= 8, p += 8) {
    uint64_t word;
    std::memcpy(&word, p, 8);
    c = _mm_crc32_u64(c, word);
  }
  uint32_t c32 = static_cast<uint32_t>(c);
  for (; n > 0; --n, ++p)
    c32 = _mm_crc32_u8(c32, *p);
  return ~c32;
}

bool haveSse42() {
  static const bool have = __builtin_cpu_supports("sse4.2");
  return have;
}
#endif

} // namespace

uint32_t crc32cPortable(const void *data, size_t n, uint32_t crc) {
  const auto &t = tables().t;
  const auto *p = static_cast<const unsigned char *>(data);
  uint32_t c = ~crc;
  // Eight bytes per round (the little-endian load order is what the tables assume).
  for (; n >= 8; n -= 8, p += 8) {
    uint32_t lo = c ^ (uint32_t(p[0]) | uint32_t(p[1]) << 8 | uint32_t(p[2]) << 16 |
                       uint32_t(p[3]) << 24);
    c = t[7][lo & 0xff] ^ t[6][(lo >> 8) & 0xff] ^ t[5][(lo >> 16) & 0xff] ^ t[4][lo >> 24] ^
        t[3][p[4]] ^ t[2][p[5]] ^ t[1][p[6]] ^ t[0][p[7]];
  }
  for (; n > 0; --n, ++p)
    c = (c >> 8) ^ t[0][(c ^ *p) & 0xff];
  return ~c;
}

uint32_t crc32c(const void *data, size_t n, uint32_t crc) {
#ifdef MTC_CRC32C_SSE42
  if (haveSse42())
    return crc32cSse42(static_cast<const unsigned char *>(data), n, crc);
#endif
  return crc32cPortable(data, n, crc);
}

std::string crc32cHex(uint32_t crc) {
  char text[16];
  std::snprintf(text, sizeof text, "%08x", crc);
  return text;
}

} // namespace mtc::runtime
