// The LLaMA family's host kernels: RMSNorm, rotary position embeddings and
// SwiGLU against double references and finite differences, and grouped-query
// attention against the full-head kernel run on k/v replicated to every query
// head of a group.
#include "kernels/kernels.h"
#include "kernels/math/llama.h"
#include "kernels/math/philox.h"
#include "TestUtil.h"

#include <cstring>
#include <stdexcept>

namespace mtc::kernels {
namespace {

using test::randomVector;

// ---------------------------------------------------------------- RMSNorm

struct RmsReference {
  std::vector<double> y, dx, dgamma;
};

// y = x / sqrt(mean(x^2) + eps) * g; dx and dgamma from the chain rule,
// written out independently of math/llama.h.
RmsReference rmsReference(const std::vector<float> &x, const std::vector<float> &g,
                          const std::vector<float> &dy, int64_t N, int64_t H, double eps) {
  RmsReference r{std::vector<double>(N * H), std::vector<double>(N * H),
                 std::vector<double>(H, 0.0)};
  for (int64_t n = 0; n < N; ++n) {
    double ms = 0;
    for (int64_t h = 0; h < H; ++h)
      ms += double(x[n * H + h]) * x[n * H + h];
    ms /= H;
    double rstd = 1.0 / std::sqrt(ms + eps);
    // d/dx_k of sum_h dy_h g_h x_h rstd = dy_k g_k rstd - x_k rstd^3 / H * sum_h dy_h g_h x_h
    double dot = 0;
    for (int64_t h = 0; h < H; ++h)
      dot += double(dy[n * H + h]) * g[h] * x[n * H + h];
    for (int64_t h = 0; h < H; ++h) {
      int64_t e = n * H + h;
      r.y[e] = x[e] * rstd * g[h];
      r.dx[e] = dy[e] * g[h] * rstd - x[e] * rstd * rstd * rstd / H * dot;
      r.dgamma[h] += dy[e] * x[e] * rstd;
    }
  }
  return r;
}

TEST(RmsNorm, MatchesDoubleReference) {
  struct Shape {
    int64_t N, H;
  };
  for (Shape s : {Shape{1, 1}, Shape{5, 37}, Shape{3, 130}, Shape{4, 64}}) {
    const int64_t N = s.N, H = s.H;
    const float eps = 1e-6f;
    auto x = randomVector(N * H, 1, -2.0f, 2.0f), g = randomVector(H, 2, 0.5f, 1.5f),
         dy = randomVector(N * H, 3);
    std::vector<float> y(N * H, 7.f), dx(N * H, 7.f), dg(H, 0.25f);
    rmsNormForward(x.data(), g.data(), y.data(), N, H, eps);
    rmsNormBackwardInput(x.data(), g.data(), dy.data(), dx.data(), N, H, eps);
    rmsNormBackwardWeight(x.data(), dy.data(), dg.data(), N, H, eps);
    RmsReference r = rmsReference(x, g, dy, N, H, eps);
    for (double &v : r.dgamma)
      v += 0.25; // accumulated onto what was there
    std::string what = std::to_string(N) + "x" + std::to_string(H);
    test::expectNear(y, r.y, 1e-6, 1e-6, ("y " + what).c_str());
    test::expectNear(dx, r.dx, 1e-5, 1e-5, ("dx " + what).c_str());
    test::expectNear(dg, r.dgamma, 1e-5, 1e-5, ("dgamma " + what).c_str());
  }
}

TEST(RmsNorm, GradientsMatchFiniteDifferences) {
  const int64_t N = 3, H = 7;
  const float eps = 1e-5f;
  auto x = randomVector(N * H, 4, -1.5f, 1.5f), g = randomVector(H, 5, 0.5f, 1.5f),
       dy = randomVector(N * H, 6);
  std::vector<float> y(N * H), dx(N * H), dg(H, 0.0f);
  rmsNormBackwardInput(x.data(), g.data(), dy.data(), dx.data(), N, H, eps);
  rmsNormBackwardWeight(x.data(), dy.data(), dg.data(), N, H, eps);
  auto objective = [&] {
    rmsNormForward(x.data(), g.data(), y.data(), N, H, eps);
    return test::dot(dy, y);
  };
  test::checkGradient(x, objective, dx, "rmsnorm dx");
  test::checkGradient(g, objective, dg, "rmsnorm dgamma");
}

// A zero row is finite (eps keeps the rsqrt bounded), and the weight gradient
// adds the same bits whatever the thread count (columns own their sums).
TEST(RmsNorm, ZeroRowsAndThreadCounts) {
  const int64_t N = 300, H = 200; // above the kernels' parallel threshold
  auto x = randomVector(N * H, 7, -3.0f, 3.0f), g = randomVector(H, 8),
       dy = randomVector(N * H, 9);
  std::fill(x.begin(), x.begin() + H, 0.0f);
  std::vector<float> y[2], dx[2], dg[2];
  for (int run = 0; run < 2; ++run) {
    setNumThreads(run + 1);
    y[run].assign(N * H, 0.f), dx[run].assign(N * H, 0.f), dg[run].assign(H, 1.f);
    rmsNormForward(x.data(), g.data(), y[run].data(), N, H, 1e-6f);
    rmsNormBackwardInput(x.data(), g.data(), dy.data(), dx[run].data(), N, H, 1e-6f);
    rmsNormBackwardWeight(x.data(), dy.data(), dg[run].data(), N, H, 1e-6f);
  }
  setNumThreads(0);
  EXPECT_EQ(y[0], y[1]);
  EXPECT_EQ(dx[0], dx[1]);
  EXPECT_EQ(dg[0], dg[1]);
  for (int64_t h = 0; h < H; ++h) {
    EXPECT_EQ(y[0][h], 0.0f);
    EXPECT_TRUE(std::isfinite(dx[0][h]));
    EXPECT_NEAR(dx[0][h], dy[h] * g[h] * 1000.0, 1e-3 * (1 + std::fabs(dy[h] * g[h] * 1000.0)));
  }
}

TEST(RmsNorm, RejectsBadArguments) {
  std::vector<float> b(16);
  EXPECT_THROW(rmsNormForward(b.data(), b.data(), b.data(), 1, 0, 1e-5f), std::invalid_argument);
  EXPECT_THROW(rmsNormForward(b.data(), b.data(), b.data(), -1, 4, 1e-5f),
               std::invalid_argument);
  EXPECT_THROW(rmsNormBackwardInput(b.data(), b.data(), b.data(), b.data(), 1, 4, -1e-5f),
               std::invalid_argument);
  EXPECT_THROW(rmsNormBackwardWeight(b.data(), b.data(), b.data(), 1, 4, NAN),
               std::invalid_argument);
}

// ----------------------------------------------------------------- rotary

// Independent of the kernel's slot rule: for each group, which columns are
// whose heads, written from the layout's definition.
std::vector<double> rotaryReference(const RotaryShape &r, const std::vector<float> &x) {
  int64_t kv = r.kvHeads ? r.kvHeads : r.heads, group = r.heads / kv, D = r.headDim;
  int64_t width = (r.heads + 2 * kv) * D, half = D / 2;
  std::vector<double> y(x.begin(), x.end());
  for (int64_t b = 0; b < r.batch; ++b)
    for (int64_t p = 0; p < r.seq; ++p) {
      int64_t row = (b * r.seq + p) * width;
      for (int64_t g = 0; g < kv; ++g)
        for (int64_t k = 0; k <= group; ++k) { // group's q heads, then its k head
          int64_t base = row + (g * (group + 2) + k) * D;
          for (int64_t i = 0; i < half; ++i) {
            double angle = p * std::pow(r.theta, -2.0 * i / D) * (r.inverse ? -1 : 1);
            double a = x[base + i], c = x[base + i + half];
            y[base + i] = a * std::cos(angle) - c * std::sin(angle);
            y[base + i + half] = c * std::cos(angle) + a * std::sin(angle);
          }
        }
    }
  return y;
}

RotaryShape rotaryShape(int64_t B, int64_t S, int64_t H, int64_t KV, int64_t D,
                        double theta = 10000.0, bool inverse = false) {
  return RotaryShape{B, S, H, KV, D, theta, inverse};
}

// Position 1 of a head dimension 4, theta 10000: pair 0 turns by 1 radian,
// pair 1 by 10000^(-1/2) = 0.01. Position 0 and the value head are unchanged.
TEST(Rotary, HandComputedValues) {
  RotaryShape r = rotaryShape(1, 2, 2, 1, 4);
  // Per token: q0, q1, k, v, each [1, 2, 3, 4] scaled by the slot.
  std::vector<float> x(2 * 16);
  for (int64_t p = 0; p < 2; ++p)
    for (int64_t slot = 0; slot < 4; ++slot)
      for (int64_t d = 0; d < 4; ++d)
        x[p * 16 + slot * 4 + d] = float((d + 1) * (slot + 1));
  std::vector<float> y(x.size());
  rotary(r, x.data(), y.data());
  for (int64_t i = 0; i < 16; ++i)
    EXPECT_EQ(y[i], x[i]) << "position 0, element " << i;
  const double c1 = std::cos(1.0), s1 = std::sin(1.0), c2 = std::cos(0.01), s2 = std::sin(0.01);
  for (int64_t slot = 0; slot < 3; ++slot) {
    double m = slot + 1;
    const float *o = y.data() + 16 + slot * 4;
    EXPECT_NEAR(o[0], m * (1 * c1 - 3 * s1), 1e-5) << "slot " << slot;
    EXPECT_NEAR(o[2], m * (3 * c1 + 1 * s1), 1e-5) << "slot " << slot;
    EXPECT_NEAR(o[1], m * (2 * c2 - 4 * s2), 1e-5) << "slot " << slot;
    EXPECT_NEAR(o[3], m * (4 * c2 + 2 * s2), 1e-5) << "slot " << slot;
  }
  for (int64_t d = 0; d < 4; ++d)
    EXPECT_EQ(y[16 + 12 + d], x[16 + 12 + d]) << "the value head is copied";
}

struct RotaryCase {
  int64_t B, S, H, KV, D;
};

std::ostream &operator<<(std::ostream &os, const RotaryCase &c) {
  return os << "B" << c.B << " S" << c.S << " heads " << c.H << " kvHeads " << c.KV << " D"
            << c.D;
}

class RotaryShapes : public ::testing::TestWithParam<RotaryCase> {};

TEST_P(RotaryShapes, MatchesReferenceInvertsAndKeepsNorms) {
  RotaryCase c = GetParam();
  for (double theta : {10000.0, 500000.0}) {
    RotaryShape r = rotaryShape(c.B, c.S, c.H, c.KV, c.D, theta);
    RotaryShape inv = r;
    inv.inverse = true;
    int64_t kv = c.KV ? c.KV : c.H, half = c.D / 2;
    int64_t n = c.B * c.S * (c.H + 2 * kv) * c.D;
    auto x = randomVector(n, 11, -2.0f, 2.0f), w = randomVector(n, 12);
    std::vector<float> y(n, 9.f), back(n, 9.f), wInv(n, 9.f);
    rotary(r, x.data(), y.data());
    test::expectNear(y, rotaryReference(r, x), 2e-6, 2e-6, "rotary");
    rotary(inv, w.data(), wInv.data());
    test::expectNear(wInv, rotaryReference(inv, w), 2e-6, 2e-6, "inverse rotary");
    rotary(inv, y.data(), back.data());
    test::expectNear(back, std::vector<double>(x.begin(), x.end()), 5e-6, 0, "inverse(rotary(x))");
    // Each pair's length is kept.
    for (int64_t e = 0; e < n; e += c.D)
      for (int64_t i = 0; i < half; ++i) {
        double before = std::hypot(double(x[e + i]), double(x[e + i + half]));
        double after = std::hypot(double(y[e + i]), double(y[e + i + half]));
        ASSERT_NEAR(after, before, 1e-6 * (1 + before)) << "pair at " << e + i;
      }
    // The inverse is the transpose: <R x, w> = <x, R^-1 w>, so the backward
    // (inverse applied to the gradient) is exact.
    EXPECT_NEAR(test::dot(y, w), test::dot(x, wInv), 1e-5 * n);
    // In place gives the same bits.
    std::vector<float> z = x;
    rotary(r, z.data(), z.data());
    EXPECT_EQ(z, y);
  }
}

INSTANTIATE_TEST_SUITE_P(Layouts, RotaryShapes,
                         ::testing::Values(RotaryCase{2, 7, 6, 2, 6}, RotaryCase{2, 7, 6, 3, 6},
                                           RotaryCase{1, 7, 6, 1, 6}, RotaryCase{2, 5, 3, 0, 8},
                                           RotaryCase{1, 33, 4, 4, 2},
                                           RotaryCase{1, 300, 2, 1, 128}));

TEST(Rotary, RejectsBadShapes) {
  std::vector<float> b(4096);
  auto run = [&](RotaryShape r) { rotary(r, b.data(), b.data()); };
  EXPECT_THROW(run(rotaryShape(1, 4, 6, 4, 6)), std::invalid_argument); // 6 % 4
  EXPECT_THROW(run(rotaryShape(1, 4, 2, 1, 5)), std::invalid_argument); // odd headDim
  EXPECT_THROW(run(rotaryShape(1, 4, 2, 1, 4, 0.0)), std::invalid_argument);
  EXPECT_THROW(run(rotaryShape(1, 4, 2, 1, 4, NAN)), std::invalid_argument);
  EXPECT_THROW(run(rotaryShape(1, 4, 0, 0, 4)), std::invalid_argument);
  EXPECT_THROW(run(rotaryShape(1, 4, 2, -1, 4)), std::invalid_argument);
  EXPECT_THROW(run(rotaryShape(-1, 4, 2, 1, 4)), std::invalid_argument);
}

// ----------------------------------------------------------------- SwiGLU

double sigmoidRef(double g) { return 1.0 / (1.0 + std::exp(-g)); }

TEST(Swiglu, MatchesDoubleReference) {
  const int64_t n = 1000;
  auto gate = randomVector(n, 21, -8.0f, 8.0f), up = randomVector(n, 22, -2.0f, 2.0f),
       dy = randomVector(n, 23);
  std::vector<float> y(n, 7.f), dgate(n, 7.f), dup(n, 7.f);
  swigluForward(gate.data(), up.data(), y.data(), n);
  swigluBackward(gate.data(), up.data(), dy.data(), dgate.data(), dup.data(), n);
  std::vector<double> wy(n), wg(n), wu(n);
  for (int64_t i = 0; i < n; ++i) {
    double g = gate[i], s = sigmoidRef(g);
    wy[i] = g * s * up[i];
    wg[i] = dy[i] * up[i] * (s + g * s * (1 - s)); // d/dg of g * s(g)
    wu[i] = dy[i] * g * s;
  }
  test::expectNear(y, wy, 1e-6, 1e-6, "swiglu");
  test::expectNear(dgate, wg, 1e-6, 1e-6, "dgate");
  test::expectNear(dup, wu, 1e-6, 1e-6, "dup");
}

TEST(Swiglu, GradientsMatchFiniteDifferences) {
  const int64_t n = 40;
  auto gate = randomVector(n, 24, -4.0f, 4.0f), up = randomVector(n, 25),
       dy = randomVector(n, 26);
  std::vector<float> y(n), dgate(n), dup(n);
  swigluBackward(gate.data(), up.data(), dy.data(), dgate.data(), dup.data(), n);
  auto objective = [&] {
    swigluForward(gate.data(), up.data(), y.data(), n);
    return test::dot(dy, y);
  };
  test::checkGradient(gate, objective, dgate, "swiglu dgate", 1e-2, 2e-3);
  test::checkGradient(up, objective, dup, "swiglu dup");
}

TEST(Swiglu, LargeGatesStayFinite) {
  std::vector<float> gate = {100.f, -100.f, 1000.f, -1000.f, 88.8f, -88.8f, 0.f, -0.f};
  const int64_t n = static_cast<int64_t>(gate.size());
  std::vector<float> up(n, 1.5f), dy(n, 2.f), y(n), dgate(n), dup(n);
  swigluForward(gate.data(), up.data(), y.data(), n);
  swigluBackward(gate.data(), up.data(), dy.data(), dgate.data(), dup.data(), n);
  for (int64_t i = 0; i < n; ++i) {
    ASSERT_TRUE(std::isfinite(y[i]) && std::isfinite(dgate[i]) && std::isfinite(dup[i]))
        << "gate " << gate[i];
    double g = gate[i], s = sigmoidRef(g);
    EXPECT_NEAR(y[i], g * s * 1.5, 1e-6 * (1 + std::fabs(g)));
    EXPECT_NEAR(dgate[i], 2.0 * 1.5 * (s + g * s * (1 - s)), 1e-6);
    EXPECT_NEAR(dup[i], 2.0 * g * s, 1e-6 * (1 + std::fabs(g)));
  }
  EXPECT_EQ(y[0], 150.f);
  EXPECT_EQ(dgate[0], 3.f);
}

// ------------------------------------------------- grouped-query attention

AttentionShape gqaShape(int64_t B, int64_t S, int64_t H, int64_t KV, int64_t D, bool causal,
                        float dropout) {
  AttentionShape a{};
  a.batch = B, a.seq = S, a.heads = H, a.headDim = D, a.causal = causal;
  a.scale = 1.0f / std::sqrt(static_cast<float>(D));
  a.dropout = dropout, a.seed = 42, a.stream = 5;
  a.kvHeads = KV;
  return a;
}

int64_t gqaWidth(const AttentionShape &a) {
  int64_t kv = a.kvHeads ? a.kvHeads : a.heads;
  return (a.heads + 2 * kv) * a.headDim;
}

// Column of query head h's q (part 0), or its group's k (1) or v (2), in the
// grouped layout, from kernels.h's definition.
int64_t gqaColumn(const AttentionShape &a, int64_t h, int part) {
  int64_t r = a.heads / (a.kvHeads ? a.kvHeads : a.heads), g = h / r;
  int64_t slot = part == 0 ? g * (r + 2) + h % r : g * (r + 2) + r + (part - 1);
  return slot * a.headDim;
}

// The per-head [q | k | v] tensor that gives every query head its group's k, v.
std::vector<float> replicate(const AttentionShape &a, const std::vector<float> &qkv) {
  int64_t tokens = a.batch * a.seq, H = a.heads, D = a.headDim, W = gqaWidth(a);
  std::vector<float> full(tokens * H * 3 * D);
  for (int64_t t = 0; t < tokens; ++t)
    for (int64_t h = 0; h < H; ++h)
      for (int part = 0; part < 3; ++part)
        std::copy_n(qkv.begin() + t * W + gqaColumn(a, h, part), D,
                    full.begin() + ((t * H + h) * 3 + part) * D);
  return full;
}

struct AttentionRun {
  std::vector<float> out, lse, dqkv;
};

AttentionRun runAttention(const AttentionShape &a, const std::vector<float> &qkv,
                          const std::vector<float> &dout) {
  AttentionRun r{std::vector<float>(dout.size(), 77.f),
                 std::vector<float>(a.batch * a.heads * a.seq, 77.f),
                 std::vector<float>(qkv.size(), 55.f)};
  attentionForward(a, qkv.data(), r.out.data(), r.lse.data());
  attentionBackward(a, qkv.data(), r.out.data(), r.lse.data(), dout.data(), r.dqkv.data());
  return r;
}

struct GqaCase {
  int64_t B, S, H, KV, D;
  bool causal;
  float dropout;
  bool padded;
};

std::ostream &operator<<(std::ostream &os, const GqaCase &c) {
  return os << "B" << c.B << " S" << c.S << " heads " << c.H << " kvHeads " << c.KV << " D"
            << c.D << (c.causal ? " causal" : "") << " dropout " << c.dropout
            << (c.padded ? " padded" : "");
}

class GroupedQueryAttention : public ::testing::TestWithParam<GqaCase> {};

std::vector<double> toDouble(const std::vector<float> &v) {
  return std::vector<double>(v.begin(), v.end());
}

TEST_P(GroupedQueryAttention, EqualsFullHeadsOnReplicatedKeysAndValues) {
  GqaCase c = GetParam();
  AttentionShape a = gqaShape(c.B, c.S, c.H, c.KV, c.D, c.causal, c.dropout);
  std::vector<int32_t> lengths = {int32_t(c.S - 2), int32_t(c.S)};
  if (c.padded)
    a.lengths = lengths.data();
  auto qkv = randomVector(c.B * c.S * gqaWidth(a), 31, -2.0f, 2.0f);
  auto dout = randomVector(c.B * c.S * c.H * c.D, 32);
  AttentionRun got = runAttention(a, qkv, dout);
  AttentionShape full = a;
  full.kvHeads = 0;
  AttentionRun want = runAttention(full, replicate(a, qkv), dout);
  test::expectNear(got.out, toDouble(want.out), 1e-6, 1e-6, "out");
  test::expectNear(got.lse, toDouble(want.lse), 1e-6, 1e-6, "lse");
  // dq per query head; dk, dv of a group: the sum over its query heads.
  std::vector<double> wantGrad(qkv.size(), 0.0);
  int64_t W = gqaWidth(a), r = c.H / c.KV;
  for (int64_t t = 0; t < c.B * c.S; ++t)
    for (int64_t h = 0; h < c.H; ++h)
      for (int part = 0; part < 3; ++part)
        for (int64_t d = 0; d < c.D; ++d) {
          double g = want.dqkv[((t * c.H + h) * 3 + part) * c.D + d];
          wantGrad[t * W + gqaColumn(a, h, part) + d] += g;
        }
  test::expectNear(got.dqkv, wantGrad, 1e-6, 1e-5, "dqkv");
  if (r > 1 && !c.padded) { // the sum is not a copy of one head's gradient
    double diff = 0;
    for (int64_t d = 0; d < c.D; ++d)
      diff += std::fabs(wantGrad[gqaColumn(a, 0, 1) + d] - want.dqkv[1 * c.D + d]);
    EXPECT_GT(diff, 1e-3);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Shapes, GroupedQueryAttention,
    ::testing::Values(GqaCase{2, 7, 6, 2, 6, false, 0.0f, false},
                      GqaCase{2, 7, 6, 2, 6, true, 0.0f, false},
                      GqaCase{2, 7, 6, 3, 6, true, 0.2f, false},
                      GqaCase{2, 7, 6, 3, 6, false, 0.2f, false},
                      GqaCase{2, 7, 6, 1, 6, true, 0.0f, false},
                      GqaCase{2, 7, 6, 1, 6, false, 0.2f, false},
                      GqaCase{2, 7, 6, 6, 6, true, 0.2f, false},
                      GqaCase{2, 7, 4, 2, 6, false, 0.0f, true},
                      GqaCase{1, 70, 4, 2, 8, true, 0.1f, false},   // 2 query blocks
                      GqaCase{2, 130, 4, 1, 8, false, 0.0f, false})); // 3 query blocks

// The gradient of the grouped layout itself (dk, dv summed over a group).
TEST(GroupedQueryAttentionGrad, MatchesFiniteDifferences) {
  for (GqaCase c : {GqaCase{2, 7, 6, 2, 6, true, 0.0f, false},
                    GqaCase{2, 7, 6, 3, 6, false, 0.2f, false},
                    GqaCase{1, 7, 6, 1, 6, true, 0.2f, false},
                    GqaCase{2, 7, 4, 2, 6, false, 0.0f, true}}) {
    SCOPED_TRACE(::testing::PrintToString(c));
    AttentionShape a = gqaShape(c.B, c.S, c.H, c.KV, c.D, c.causal, c.dropout);
    std::vector<int32_t> lengths = {int32_t(c.S - 2), int32_t(c.S)};
    if (c.padded)
      a.lengths = lengths.data();
    auto qkv = randomVector(c.B * c.S * gqaWidth(a), 33, -1.5f, 1.5f);
    auto dout = randomVector(c.B * c.S * c.H * c.D, 34);
    AttentionRun run = runAttention(a, qkv, dout);
    std::vector<float> out(dout.size()), lse(run.lse.size());
    test::checkGradient(
        qkv,
        [&] {
          attentionForward(a, qkv.data(), out.data(), lse.data());
          return test::dot(dout, out);
        },
        run.dqkv, "grouped dqkv");
  }
}

// kvHeads == heads is today's layout and path: the same bits as kvHeads 0.
TEST(GroupedQueryAttentionArgs, KvHeadsEqualToHeadsIsTheDefault) {
  for (float rate : {0.0f, 0.2f}) {
    AttentionShape a = gqaShape(2, 9, 4, 4, 8, true, rate), zero = a;
    zero.kvHeads = 0;
    auto qkv = randomVector(2 * 9 * 4 * 3 * 8, 40, -2.0f, 2.0f);
    auto dout = randomVector(2 * 9 * 4 * 8, 41);
    AttentionRun x = runAttention(a, qkv, dout), y = runAttention(zero, qkv, dout);
    EXPECT_EQ(x.out, y.out);
    EXPECT_EQ(x.lse, y.lse);
    EXPECT_EQ(x.dqkv, y.dqkv);
  }
}

TEST(GroupedQueryAttentionArgs, ThreadCountDoesNotChangeResults) {
  AttentionShape a = gqaShape(2, 100, 4, 2, 16, true, 0.1f);
  auto qkv = randomVector(2 * 100 * gqaWidth(a), 42, -2.0f, 2.0f);
  auto dout = randomVector(2 * 100 * 4 * 16, 43);
  setNumThreads(1);
  AttentionRun one = runAttention(a, qkv, dout);
  setNumThreads(2);
  AttentionRun two = runAttention(a, qkv, dout);
  setNumThreads(0);
  EXPECT_EQ(one.out, two.out);
  EXPECT_EQ(one.lse, two.lse);
  EXPECT_EQ(one.dqkv, two.dqkv);
}

TEST(GroupedQueryAttentionArgs, RejectsKvHeadsThatDoNotDivideHeads) {
  std::vector<float> b(4096);
  for (int64_t kv : {4, 5, -1}) {
    AttentionShape a = gqaShape(1, 4, 6, kv, 4, true, 0.0f);
    EXPECT_THROW(attentionForward(a, b.data(), b.data(), b.data()), std::invalid_argument)
        << kv;
    EXPECT_THROW(attentionBackward(a, b.data(), b.data(), b.data(), b.data(), b.data()),
                 std::invalid_argument)
        << kv;
  }
}

} // namespace
} // namespace mtc::kernels
