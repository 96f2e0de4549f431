// bf16/fp16 storage conversions (runtime/kernels/math/precision.h): bit
// patterns against PyTorch's round-to-nearest-even conversions, which are
// the same RNE rule as CUDA's __float2bfloat16_rn / __float2half_rn, plus
// exhaustive round-trip properties.
#include "kernels/math/precision.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>

namespace {
using namespace mtc::kernels;

struct Expected {
  uint32_t f32;
  uint16_t bf16, fp16;
};

const Expected kTable[] = {
    // float bits, bf16 bits, fp16 bits: PyTorch's RNE conversions (python3-torch 1.13),
    // NaN rows excluded (PyTorch keeps payloads; CUDA returns canonical 0x7fff).
    {0x00000000u, 0x0000, 0x0000},
    {0x80000000u, 0x8000, 0x8000},
    {0x3f800000u, 0x3f80, 0x3c00},
    {0xbf800000u, 0xbf80, 0xbc00},
    {0x3eaaaaabu, 0x3eab, 0x3555},
    {0x40490fdbu, 0x4049, 0x4248},
    {0x477fe000u, 0x4780, 0x7bff},
    {0x477feffdu, 0x4780, 0x7bff},
    {0x477ff000u, 0x4780, 0x7c00},
    {0x49742400u, 0x4974, 0x7c00},
    {0xc9742400u, 0xc974, 0xfc00},
    {0x38800000u, 0x3880, 0x0400},
    {0x387ba882u, 0x387c, 0x03ef},
    {0x33800000u, 0x3380, 0x0001},
    {0x33000000u, 0x3300, 0x0000},
    {0x33000001u, 0x3300, 0x0001},
    {0x2edbe6ffu, 0x2edc, 0x0000},
    {0x7f800000u, 0x7f80, 0x7c00},
    {0xff800000u, 0xff80, 0xfc00},
    {0x7f7fffffu, 0x7f80, 0x7c00},
    {0x00800000u, 0x0080, 0x0000},
    {0x00000001u, 0x0000, 0x0000},
    {0x3f808000u, 0x3f80, 0x3c04},
    {0x3f818000u, 0x3f82, 0x3c0c},
    {0x3f807fffu, 0x3f80, 0x3c04},
    {0x3f801001u, 0x3f80, 0x3c01},
    {0x3f801000u, 0x3f80, 0x3c00},
    {0x3f803000u, 0x3f80, 0x3c02},
    {0x3f802000u, 0x3f80, 0x3c01},
    {0x52e6b438u, 0x52e7, 0x7c00},
    {0xf2a74de4u, 0xf2a7, 0xfc00},
    {0x269e0d37u, 0x269e, 0x0000},
    {0x6513270eu, 0x6513, 0x7c00},
    {0xa6a3a450u, 0xa6a4, 0x8000},
    {0x0c5c7fd0u, 0x0c5c, 0x0000},
    {0x128b2f33u, 0x128b, 0x0000},
    {0xd23f0824u, 0xd23f, 0xfc00},
    {0x892f902bu, 0x8930, 0x8000},
    {0x1818e811u, 0x1819, 0x0000},
    {0x5d9dc9f8u, 0x5d9e, 0x7c00},
    {0x9531985du, 0x9532, 0x8000},
    {0x0ed90475u, 0x0ed9, 0x0000},
    {0xe8e25d94u, 0xe8e2, 0xfc00},
    {0x81e74ef5u, 0x81e7, 0x8000},
    {0x36f675ccu, 0x36f6, 0x007b},
    {0x099950d8u, 0x0999, 0x0000},
    {0x1600a35au, 0x1601, 0x0000},
    {0x6f03675au, 0x6f03, 0x7c00},
    {0x6b0d549bu, 0x6b0d, 0x7c00},
    {0x11e20b8fu, 0x11e2, 0x0000},
    {0x3d9c1724u, 0x3d9c, 0x2ce1},
    {0x1738f7d9u, 0x1739, 0x0000},
    {0x8d116eceu, 0x8d11, 0x8000},
    {0x6cad4a26u, 0x6cad, 0x7c00},
    {0x0f21ddb6u, 0x0f22, 0x0000},
    {0xd3ac94afu, 0xd3ad, 0xfc00},
    {0x90c192cfu, 0x90c2, 0x8000},
    {0x1fb17c23u, 0x1fb1, 0x0000},
    {0xf28c105du, 0xf28c, 0xfc00},
    {0x39263059u, 0x3926, 0x0932},
    {0xa170b338u, 0xa171, 0x8000},
    {0xa09f76b5u, 0xa09f, 0x8000},
    {0x953f48f1u, 0x953f, 0x8000},
    {0xf29d0da9u, 0xf29d, 0xfc00},
    {0x0fd630f1u, 0x0fd6, 0x0000},
    {0x93bd04cfu, 0x93bd, 0x8000},
    {0x95e60af5u, 0x95e6, 0x8000},
    {0x658cda14u, 0x658d, 0x7c00},
    {0x0cb1e29cu, 0x0cb2, 0x0000},
    {0x37131a32u, 0x3713, 0x0093},
    {0x317d9af6u, 0x317e, 0x0000},
    {0x41d032e7u, 0x41d0, 0x4e82},
    {0x3442f7d5u, 0x3443, 0x0003},
    {0x39447ab2u, 0x3944, 0x0a24},
    {0x3d699648u, 0x3d6a, 0x2b4d},
    {0x349dbcd4u, 0x349e, 0x0005},
    {0x414d4c7du, 0x414d, 0x4a6a},
    {0x33c4f438u, 0x33c5, 0x0002},
    {0x4244eccbu, 0x4245, 0x5227},
    {0x39df1547u, 0x39df, 0x0ef9},
    {0x41eda0abu, 0x41ee, 0x4f6d},
    {0x45d2f752u, 0x45d3, 0x6e98},
    {0x35c882b1u, 0x35c9, 0x0019},
    {0x334c3b7cu, 0x334c, 0x0001},
    {0x429c77f2u, 0x429c, 0x54e4},
    {0x42474e6du, 0x4247, 0x523a},
    {0x4471faa8u, 0x4472, 0x6390},
    {0x36030a18u, 0x3603, 0x0021},
    {0x3beaae40u, 0x3beb, 0x1f55},
    {0x331e26bau, 0x331e, 0x0001},
    {0x41871f65u, 0x4187, 0x4c39},
    {0x46c99c84u, 0x46ca, 0x764d},
    {0x32025e06u, 0x3202, 0x0000},
    {0x420f4e18u, 0x420f, 0x507a},
    {0x31e840b6u, 0x31e8, 0x0000},
    {0x43ceed36u, 0x43cf, 0x5e77},
    {0x369736bbu, 0x3697, 0x004c},
    {0x3fe2a0a4u, 0x3fe3, 0x3f15},
    {0x45c5d62au, 0x45c6, 0x6e2f},
    {0x4103da2cu, 0x4104, 0x481f},
    {0x3daed60fu, 0x3daf, 0x2d77},
    {0x3a0d7e5du, 0x3a0d, 0x106c},
    {0x3ee635e2u, 0x3ee6, 0x3732},
    {0x42bcec3au, 0x42bd, 0x55e7},
    {0x3e807c86u, 0x3e80, 0x3404},
    {0x3b92152bu, 0x3b92, 0x1c91},
    {0x3997b0f5u, 0x3998, 0x0cbe},
    {0x37f31c4eu, 0x37f3, 0x01e6},
    {0x35c0a633u, 0x35c1, 0x0018},
};

TEST(Precision, MatchesReferenceBitPatterns) {
  int checked = 0;
  for (const Expected &e : kTable) {
    float f = bitsFloat(e.f32);
    EXPECT_EQ(floatToBf16(f), e.bf16) << std::hex << "float bits 0x" << e.f32;
    EXPECT_EQ(floatToFp16(f), e.fp16) << std::hex << "float bits 0x" << e.f32;
    ++checked;
  }
  EXPECT_GT(checked, 100);
}

TEST(Precision, NanIsCanonicalAsOnTheGpu) {
  EXPECT_EQ(floatToBf16(std::nanf("")), 0x7fff);
  EXPECT_EQ(floatToBf16(bitsFloat(0xffc00001u)), 0x7fff);
  EXPECT_EQ(floatToFp16(std::nanf("")), 0x7fff);
  EXPECT_TRUE(std::isnan(bf16ToFloat(0x7fff)));
  EXPECT_TRUE(std::isnan(fp16ToFloat(0x7fff)));
}

TEST(Precision, EveryHalfAndBf16RoundTripsExactly) {
  // Each of the 2^16 patterns (NaNs aside) is a float that converts back to
  // itself: decoding is exact and encoding exact values does not round.
  for (uint32_t h = 0; h < 0x10000u; ++h) {
    float viaHalf = fp16ToFloat(static_cast<uint16_t>(h));
    if (!std::isnan(viaHalf)) {
      ASSERT_EQ(floatToFp16(viaHalf), h) << std::hex << "fp16 0x" << h;
    }
    float viaBf16 = bf16ToFloat(static_cast<uint16_t>(h));
    if (!std::isnan(viaBf16)) {
      ASSERT_EQ(floatToBf16(viaBf16), h) << std::hex << "bf16 0x" << h;
    }
  }
}

TEST(Precision, HalfwayCasesRoundToEven) {
  // Between consecutive fp16 values a and b, the float midpoint rounds to
  // whichever has an even last bit; just above and below go to the nearer.
  for (uint32_t h = 0; h < 0x7bffu; h += 37) {
    float a = fp16ToFloat(static_cast<uint16_t>(h));
    float b = fp16ToFloat(static_cast<uint16_t>(h + 1));
    float mid = a + (b - a) / 2; // exact in fp32
    uint16_t even = (h & 1u) ? static_cast<uint16_t>(h + 1) : static_cast<uint16_t>(h);
    EXPECT_EQ(floatToFp16(mid), even) << "between fp16 0x" << std::hex << h << " and next";
    EXPECT_EQ(floatToFp16(std::nextafter(mid, 0.0f)), h);
    EXPECT_EQ(floatToFp16(std::nextafter(mid, 1e9f)), h + 1);
  }
  for (uint32_t h = 0x3f00u; h < 0x4100u; ++h) {
    uint32_t midBits = (h << 16) | 0x8000u;
    uint16_t even = (h & 1u) ? static_cast<uint16_t>(h + 1) : static_cast<uint16_t>(h);
    EXPECT_EQ(floatToBf16(bitsFloat(midBits)), even);
    EXPECT_EQ(floatToBf16(bitsFloat(midBits - 1)), h);
    EXPECT_EQ(floatToBf16(bitsFloat(midBits + 1)), h + 1);
  }
}

TEST(Precision, OverflowAndUnderflowBoundaries) {
  EXPECT_EQ(floatToFp16(65504.0f), 0x7bff);
  EXPECT_EQ(floatToFp16(65519.996f), 0x7bff);
  EXPECT_EQ(floatToFp16(65520.0f), 0x7c00); // the midpoint to 2^16 ties up
  EXPECT_EQ(floatToFp16(-1e30f), 0xfc00);
  EXPECT_EQ(floatToFp16(std::ldexp(1.0f, -24)), 0x0001);
  EXPECT_EQ(floatToFp16(std::ldexp(1.0f, -25)), 0x0000);     // tie to even zero
  EXPECT_EQ(floatToFp16(std::ldexp(1.5f, -25)), 0x0001);
  EXPECT_EQ(floatToFp16(-std::ldexp(1.0f, -26)), 0x8000);    // signed zero
  EXPECT_EQ(floatToBf16(3.4028235e38f), 0x7f80);             // rounds to inf
  EXPECT_EQ(roundTo(StorageType::BF16, 1.0f + 1.0f / 256), 1.0f);
  EXPECT_EQ(roundTo(StorageType::FP16, 1.0f + 1.0f / 4096), 1.0f);
  EXPECT_EQ(roundTo(StorageType::F32, 1.0f + 1.0f / 4096), 1.0f + 1.0f / 4096);
}

} // namespace
