// Layout-independent initialization: slices equal the sliced full tensor
// bitwise, the normal draws have the right moments, names decorrelate.
#include "kernels/kernels.h"
#include "TestUtil.h"

namespace mtc::kernels {
namespace {

std::vector<float> full(const std::vector<int64_t> &shape, const char *name,
                        uint64_t seed = 1234, float stddev = 0.02f) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  std::vector<float> out(n);
  initialize(out.data(), InitKind::Normal, stddev, seed, hashName(name),
             shape.data(), nullptr, shape.data(), shape.size());
  return out;
}

TEST(Init, HashNameIsFnv1a64) {
  EXPECT_EQ(hashName(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(hashName("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_NE(hashName("h.0.attn.c_attn.weight"), hashName("h.1.attn.c_attn.weight"));
}

TEST(Init, ColumnAndRowSlicesEqualTheSlicedFullTensor) {
  const std::vector<int64_t> shape = {6, 10};
  auto whole = full(shape, "h.0.mlp.c_fc.weight");
  // Column shard (tensor parallel split of Out) and a row shard.
  for (auto [off, sz] : {std::pair<std::vector<int64_t>, std::vector<int64_t>>{
                             {0, 5}, {6, 5}},
                         {{3, 0}, {3, 10}},
                         {{1, 3}, {4, 7}}}) {
    std::vector<float> slice(sz[0] * sz[1]);
    initialize(slice.data(), InitKind::Normal, 0.02f, 1234,
               hashName("h.0.mlp.c_fc.weight"), shape.data(), off.data(),
               sz.data(), 2);
    for (int64_t r = 0; r < sz[0]; ++r)
      for (int64_t c = 0; c < sz[1]; ++c)
        ASSERT_EQ(slice[r * sz[1] + c],
                  whole[(r + off[0]) * shape[1] + c + off[1]]);
  }
}

TEST(Init, OneAndFourDimensionalSlices) {
  const std::vector<int64_t> shape1 = {37};
  auto whole1 = full(shape1, "bias");
  int64_t off1 = 13, sz1 = 19;
  std::vector<float> s1(sz1);
  initialize(s1.data(), InitKind::Normal, 0.02f, 1234, hashName("bias"),
             shape1.data(), &off1, &sz1, 1);
  for (int64_t i = 0; i < sz1; ++i)
    ASSERT_EQ(s1[i], whole1[off1 + i]);

  const std::vector<int64_t> shape = {3, 4, 5, 6};
  auto whole = full(shape, "t4");
  const int64_t off[4] = {1, 1, 2, 3}, sz[4] = {2, 3, 2, 3};
  std::vector<float> s(2 * 3 * 2 * 3);
  initialize(s.data(), InitKind::Normal, 0.02f, 1234, hashName("t4"),
             shape.data(), off, sz, 4);
  int64_t k = 0;
  for (int64_t a = 0; a < sz[0]; ++a)
    for (int64_t b = 0; b < sz[1]; ++b)
      for (int64_t c = 0; c < sz[2]; ++c)
        for (int64_t d = 0; d < sz[3]; ++d)
          ASSERT_EQ(s[k++], whole[((a + off[0]) * 4 + b + off[1]) * 30 +
                                  (c + off[2]) * 6 + d + off[3]]);
}

TEST(Init, NormalMomentsAndNameDependence) {
  const std::vector<int64_t> shape = {100000};
  auto x = full(shape, "wte");
  double mean = 0, sq = 0;
  for (float v : x)
    mean += v;
  mean /= x.size();
  for (float v : x)
    sq += (v - mean) * (v - mean);
  double stddev = std::sqrt(sq / x.size());
  EXPECT_NEAR(mean, 0.0, 4e-4); // ~6 standard errors of 0.02 / sqrt(1e5)
  EXPECT_NEAR(stddev, 0.02, 0.02 * 0.01);

  auto y = full(shape, "wpe");
  int64_t equal = 0;
  for (size_t i = 0; i < x.size(); ++i)
    equal += x[i] == y[i];
  EXPECT_LT(equal, 10);
  EXPECT_NE(full(shape, "wte", 1235), x); // the seed matters too
  EXPECT_EQ(full(shape, "wte"), x);       // and it is deterministic
}

TEST(Init, ZerosOnesAndBadArguments) {
  const int64_t shape[2] = {3, 4};
  std::vector<float> out(12, 5.0f);
  initialize(out.data(), InitKind::Ones, 0.02f, 1, 2, shape, nullptr, shape, 2);
  for (float v : out)
    EXPECT_EQ(v, 1.0f);
  initialize(out.data(), InitKind::Zeros, 0.02f, 1, 2, shape, nullptr, shape, 2);
  for (float v : out)
    EXPECT_EQ(v, 0.0f);
  EXPECT_THROW(initialize(out.data(), InitKind::Zeros, 0.02f, 1, 2, shape,
                          nullptr, shape, 5),
               std::invalid_argument);
  const int64_t offset[2] = {0, 2}, slice[2] = {3, 3};
  try {
    initialize(out.data(), InitKind::Normal, 0.02f, 1, 2, shape, offset, slice,
               2);
    FAIL() << "slice beyond the tensor accepted";
  } catch (const std::invalid_argument &e) {
    EXPECT_NE(std::string(e.what()).find("exceeds the full size 4"),
              std::string::npos)
        << e.what();
  }
}

} // namespace
} // namespace mtc::kernels
