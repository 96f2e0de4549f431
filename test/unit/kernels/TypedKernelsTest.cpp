// The kernels on bf16 / fp16 operands (kernels.h, "the same kernels on
// operands stored in bf16 / fp16") against their definition: every operand
// widened to fp32 (kernels::convert), the fp32 kernel, every output
// converted back to its type (accumulating outputs start from their widened
// old values). Bit for bit, for all-bf16, all-fp16 and mixed operand types,
// on sizes that split blocks, rows and threads unevenly, on 1 and 2 threads.
#include "kernels/host/typed_blocks.h"
#include "kernels/kernels.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <random>
#include <string>
#include <vector>

namespace mtc::kernels {
namespace {

using ST = StorageType;

// What an operand is, which decides its type in a mixed configuration.
enum class Kind {
  Act,       // activations and their gradients
  Weight,    // parameters (the kernels' 16-bit weight copy)
  WeightGrad // parameter gradients (accumulated)
};
enum class Role { In, Out, Acc };

// The operand types of one configuration: activation (and activation
// gradient) inputs, their outputs, weights, weight gradients.
struct Config {
  const char *name;
  ST actIn, actOut, weight, weightGrad;
  ST of(Kind k, Role r) const {
    if (k == Kind::Act)
      return r == Role::In ? actIn : actOut;
    return k == Kind::Weight ? weight : weightGrad;
  }
};

const Config kConfigs[] = {
    {"bf16", ST::BF16, ST::BF16, ST::BF16, ST::BF16},
    {"fp16", ST::FP16, ST::FP16, ST::FP16, ST::FP16},
    {"bf16, fp32 weight gradients", ST::BF16, ST::BF16, ST::BF16, ST::F32},
    {"fp16 in, fp32 out and weights, bf16 weight gradients", ST::FP16, ST::F32, ST::F32,
     ST::BF16},
    {"fp32 in, bf16 out, fp16 weights and weight gradients", ST::F32, ST::BF16, ST::FP16,
     ST::FP16},
};

struct Spec {
  int64_t n;
  Role role;
  Kind kind;
  float lo = -4.0f, hi = 4.0f;
  int alias = -1;        // an output that is operand `alias` (in place)
  bool specials = false; // a NaN with a payload, infinities, signed zeros
  bool null = false;     // a null operand
};

// One operand as the kernels see it.
struct Operand {
  void *data;
  ST type;
  In in() const { return In(data, type); }
  Out out() const { return Out(data, type); }
};
using Call = std::function<void(const std::vector<Operand> &)>;

// Values of a few units: most uniform, every fifth a multiple of 1/8 (so
// sums and products of them land exactly on rounding midpoints), some
// exact zeros.
std::vector<float> values(const Spec &s, uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<float> dist(s.lo, s.hi);
  std::vector<float> v(static_cast<size_t>(s.n));
  for (size_t i = 0; i < v.size(); ++i) {
    v[i] = dist(gen);
    if (i % 5 == 1)
      v[i] = std::round(v[i] * 8.0f) / 8.0f;
  }
  return v;
}

// Storage of n elements of `type`.
struct Storage {
  ST type;
  int64_t n;
  std::vector<unsigned char> bytes;
  Storage(ST type, int64_t n) : type(type), n(n), bytes(n * storageBytes(type) + 1) {}
  void *data() { return bytes.data(); }
};

Storage store(const std::vector<float> &v, ST type) {
  Storage s(type, static_cast<int64_t>(v.size()));
  convert(v.data(), Out(s.data(), type), s.n);
  return s;
}

// Puts special values at a few places of `s`.
void putSpecials(Storage &s) {
  if (s.n < 8)
    return;
  auto put16 = [&](int64_t i, uint16_t bits) {
    std::memcpy(s.bytes.data() + 2 * i, &bits, 2);
  };
  auto put32 = [&](int64_t i, uint32_t bits) {
    std::memcpy(s.bytes.data() + 4 * i, &bits, 4);
  };
  switch (s.type) {
  case ST::BF16:
    put16(2, 0xffc1), put16(3, 0x7f80), put16(5, 0xff80), put16(6, 0x8000), put16(7, 0x0001);
    break;
  case ST::FP16:
    put16(2, 0xfe01), put16(3, 0x7c00), put16(5, 0xfc00), put16(6, 0x8000), put16(7, 0x0001);
    break;
  default:
    put32(2, 0xffc00123u), put32(3, 0x7f800000u), put32(5, 0xff800000u), put32(6, 0x80000000u),
        put32(7, 0x00000001u);
  }
}

std::string describe(const Config &c, int threads, size_t operand, int64_t at) {
  return std::string(c.name) + ", " + std::to_string(threads) + " thread(s), operand " +
         std::to_string(operand) + ", element " + std::to_string(at);
}

// Runs `call` on the operands in every configuration and on 1 and 2
// threads and compares each output with the reference bit for bit: `call`
// (or `fp32`, where the kernel has no separate fp32 version) on fp32
// operands.
void check(const char *what, const std::vector<Spec> &specs, const Call &call,
           const Call &fp32 = nullptr, uint32_t seed = 1) {
  SCOPED_TRACE(what);
  std::vector<std::vector<float>> base;
  for (size_t k = 0; k < specs.size(); ++k)
    base.push_back(values(specs[k], seed * 131 + static_cast<uint32_t>(k)));
  for (const Config &c : kConfigs) {
    // The typed operands (an alias shares its operand's storage).
    std::vector<Storage> typed;
    for (size_t k = 0; k < specs.size(); ++k) {
      typed.push_back(store(base[k], c.of(specs[k].kind, specs[k].role)));
      if (specs[k].specials)
        putSpecials(typed.back());
    }
    // The reference: every operand widened, the fp32 kernel, outputs rounded.
    std::vector<std::vector<float>> wide(specs.size());
    std::vector<Operand> wideOps;
    for (size_t k = 0; k < specs.size(); ++k) {
      const Spec &s = specs[k];
      const size_t src = s.alias >= 0 ? static_cast<size_t>(s.alias) : k;
      if (s.alias < 0) {
        wide[k].resize(static_cast<size_t>(s.n));
        convert(In(typed[k].data(), typed[k].type), wide[k].data(), s.n);
      }
      wideOps.push_back({s.null ? nullptr : wide[src].data(), ST::F32});
    }
    (fp32 ? fp32 : call)(wideOps);
    std::vector<Storage> want;
    for (size_t k = 0; k < specs.size(); ++k) {
      const size_t src = specs[k].alias >= 0 ? static_cast<size_t>(specs[k].alias) : k;
      want.push_back(store(wide[src], typed[src].type));
    }

    for (int threads : {1, 2}) {
      setNumThreads(threads);
      std::vector<Storage> run = typed;
      std::vector<Operand> ops;
      for (size_t k = 0; k < specs.size(); ++k) {
        const size_t src = specs[k].alias >= 0 ? static_cast<size_t>(specs[k].alias) : k;
        ops.push_back({specs[k].null ? nullptr : run[src].data(), run[src].type});
      }
      call(ops);
      for (size_t k = 0; k < specs.size(); ++k) {
        if (specs[k].role == Role::In || specs[k].null)
          continue;
        const size_t src = specs[k].alias >= 0 ? static_cast<size_t>(specs[k].alias) : k;
        const int64_t bytes = storageBytes(run[src].type);
        for (int64_t i = 0; i < specs[k].n; ++i)
          if (std::memcmp(run[src].bytes.data() + i * bytes, want[k].bytes.data() + i * bytes,
                          bytes) != 0) {
            ADD_FAILURE() << "differs from the reference: " << describe(c, threads, k, i);
            break;
          }
      }
      // Inputs are left as they were.
      for (size_t k = 0; k < specs.size(); ++k) {
        bool aliased = false;
        for (const Spec &s : specs)
          aliased |= s.alias == static_cast<int>(k);
        if (specs[k].role == Role::In && !specs[k].null && !aliased) {
          EXPECT_EQ(run[k].bytes, typed[k].bytes)
              << "input changed: " << describe(c, threads, k, 0);
        }
      }
    }
    setNumThreads(0);
  }
}

// Ties: how many of the fp32 values lie exactly halfway between two values
// of `type` (so the tests exercise round-to-even).
int64_t countTies(const std::vector<float> &v, ST type) {
  int64_t ties = 0;
  for (float f : v) {
    uint32_t u = floatBits(f);
    if (type == ST::BF16 && (u & 0xffffu) == 0x8000u)
      ++ties;
  }
  return ties;
}

constexpr int64_t kN = 100003; // blocks (16384) and pieces split it unevenly

Spec act(int64_t n, Role r = Role::In) { return {n, r, Kind::Act}; }
Spec weight(int64_t n) { return {n, Role::In, Kind::Weight, 0.5f, 1.5f}; }
Spec grad(int64_t n) { return {n, Role::Acc, Kind::WeightGrad}; }
Spec aliasOf(int k, int64_t n) {
  Spec s{n, Role::Out, Kind::Act};
  s.alias = k;
  return s;
}
Spec withSpecials(Spec s) {
  s.specials = true;
  return s;
}

// ---- the 16-bit conversions the kernels inline (host/typed_blocks.h) ----

TEST(TypedBlocks, Fp16WidenMatchesPrecisionForEveryPattern) {
  for (uint32_t h = 0; h < 65536; ++h)
    ASSERT_EQ(floatBits(detail::fp16ToFloatSelect(static_cast<uint16_t>(h))),
              floatBits(fp16ToFloat(static_cast<uint16_t>(h))))
        << std::hex << h;
  // The library's clones, through a kernel that widens: x * 1 into fp32.
  std::vector<uint16_t> all(65536);
  for (uint32_t h = 0; h < 65536; ++h)
    all[h] = static_cast<uint16_t>(h);
  for (ST type : {ST::FP16, ST::BF16}) {
    std::vector<float> wide(65536);
    scale(In(all.data(), type), 1.0f, wide.data(), 65536);
    for (uint32_t h = 0; h < 65536; ++h) {
      float want = (type == ST::FP16 ? fp16ToFloat(all[h]) : bf16ToFloat(all[h])) * 1.0f;
      if (std::isnan(want))
        ASSERT_TRUE(std::isnan(wide[h])) << std::hex << h;
      else
        ASSERT_EQ(floatBits(wide[h]), floatBits(want)) << std::hex << h;
    }
  }
}

TEST(TypedBlocks, NarrowMatchesPrecisionAcrossTheFloats) {
  // A prime stride through all patterns, and every pattern near the fp16
  // boundaries (half the smallest subnormal, the smallest normal, the
  // overflow threshold, infinity) and near bf16's overflow.
  std::vector<float> f;
  for (uint64_t u = 0; u < (1ull << 32); u += 1021)
    f.push_back(bitsFloat(static_cast<uint32_t>(u)));
  for (uint32_t edge : {0x33000000u, 0x38800000u, 0x477ff000u, 0x7f800000u, 0x7f7f8000u})
    for (uint32_t sign : {0u, 0x80000000u})
      for (uint32_t d = 0; d < (1u << 16); ++d) {
        f.push_back(bitsFloat(sign | (edge - d)));
        f.push_back(bitsFloat(sign | (edge + d)));
      }
  const int64_t n = static_cast<int64_t>(f.size());
  std::vector<uint16_t> scalar(f.size());
  detail::narrowFp16(f.data(), scalar.data(), n);
  for (int64_t i = 0; i < n; ++i)
    ASSERT_EQ(scalar[i], floatToFp16(f[i])) << std::hex << floatBits(f[i]);
  // The library's clones, through a kernel that narrows: x * 1 from fp32.
  for (ST type : {ST::FP16, ST::BF16}) {
    std::vector<uint16_t> got(f.size());
    scale(f.data(), 1.0f, Out(got.data(), type), n);
    for (int64_t i = 0; i < n; ++i) {
      const float x = f[i] * 1.0f;
      ASSERT_EQ(got[i], type == ST::FP16 ? floatToFp16(x) : floatToBf16(x))
          << std::hex << floatBits(f[i]);
    }
  }
}

// ---- element-wise ----

TEST(TypedKernels, Gelu) {
  for (bool exact : {false, true})
    for (int64_t n : {kN, int64_t{1}, int64_t{7}}) {
      SCOPED_TRACE(std::to_string(n) + (exact ? " exact" : " tanh"));
      check("geluForward", {act(n), act(n, Role::Out)}, [&](const auto &o) {
        geluForward(o[0].in(), o[1].out(), n, exact);
      });
      check("geluBackward", {act(n), act(n), act(n, Role::Out)}, [&](const auto &o) {
        geluBackward(o[0].in(), o[1].in(), o[2].out(), n, exact);
      });
      check("geluForward in place", {act(n), aliasOf(0, n)}, [&](const auto &o) {
        geluForward(o[0].in(), o[1].out(), n, exact);
      });
      check("geluBackward into dy", {act(n), act(n), aliasOf(1, n)}, [&](const auto &o) {
        geluBackward(o[0].in(), o[1].in(), o[2].out(), n, exact);
      });
    }
}

TEST(TypedKernels, AddAndScale) {
  for (int64_t n : {kN, int64_t{1}, int64_t{37}}) {
    SCOPED_TRACE(n);
    check("add", {withSpecials(act(n)), act(n), act(n, Role::Out)},
          [&](const auto &o) { add(o[0].in(), o[1].in(), o[2].out(), n); });
    check("add into a", {act(n), act(n), aliasOf(0, n)},
          [&](const auto &o) { add(o[0].in(), o[1].in(), o[2].out(), n); });
    for (float alpha : {0.37f, 0.5f, 3.0f}) {
      check("scale", {withSpecials(act(n)), act(n, Role::Out)},
            [&](const auto &o) { scale(o[0].in(), alpha, o[1].out(), n); });
      check("scale in place", {act(n), aliasOf(0, n)},
            [&](const auto &o) { scale(o[0].in(), alpha, o[1].out(), n); });
    }
  }
}

TEST(TypedKernels, AddRoundsTiesToEven) {
  // The inputs produce exact bf16 midpoints; the check above then covers
  // round-to-even on them.
  const int64_t n = kN;
  std::vector<float> a = values(act(n), 131), b = values(act(n), 132), sum(n);
  Storage sa = store(a, ST::BF16), sb = store(b, ST::BF16);
  std::vector<float> wa(n), wb(n);
  convert(In(sa.data(), ST::BF16), wa.data(), n);
  convert(In(sb.data(), ST::BF16), wb.data(), n);
  add(wa.data(), wb.data(), sum.data(), n);
  EXPECT_GT(countTies(sum, ST::BF16), n / 100);
}

TEST(TypedKernels, Dropout) {
  for (int64_t n : {kN, int64_t{1}, int64_t{4099}})
    for (float rate : {0.1f, 0.0f, 1.0f})
      for (uint64_t offset : {uint64_t{0}, uint64_t{5}}) {
        SCOPED_TRACE(std::to_string(n) + " rate " + std::to_string(rate) + " offset " +
                     std::to_string(offset));
        check("dropout", {withSpecials(act(n)), act(n, Role::Out)}, [&](const auto &o) {
          dropout(o[0].in(), o[1].out(), n, rate, 1234, 7, offset);
        });
        check("dropout in place", {withSpecials(act(n)), aliasOf(0, n)}, [&](const auto &o) {
          dropout(o[0].in(), o[1].out(), n, rate, 1234, 7, offset);
        });
      }
}

TEST(TypedKernels, BiasAddAndGrad) {
  struct Shape {
    int64_t rows, cols;
  };
  for (Shape s : {Shape{61, 768}, Shape{1, 13}, Shape{3001, 13}, Shape{7, 100}}) {
    SCOPED_TRACE(std::to_string(s.rows) + "x" + std::to_string(s.cols));
    const int64_t n = s.rows * s.cols;
    // The definitions, as serial loops on fp32.
    const Call serialAdd = [&](const std::vector<Operand> &o) {
      auto *x = static_cast<const float *>(o[0].data), *b = static_cast<const float *>(o[1].data);
      auto *y = static_cast<float *>(o[2].data);
      for (int64_t r = 0; r < s.rows; ++r)
        for (int64_t c = 0; c < s.cols; ++c)
          y[r * s.cols + c] = x[r * s.cols + c] + b[c];
    };
    const Call serialGrad = [&](const std::vector<Operand> &o) {
      auto *dy = static_cast<const float *>(o[0].data);
      auto *db = static_cast<float *>(o[1].data);
      for (int64_t r = 0; r < s.rows; ++r)
        for (int64_t c = 0; c < s.cols; ++c)
          db[c] += dy[r * s.cols + c];
    };
    check(
        "biasAdd", {withSpecials(act(n)), weight(s.cols), act(n, Role::Out)},
        [&](const auto &o) { biasAdd(o[0].in(), o[1].in(), o[2].out(), s.rows, s.cols); },
        serialAdd);
    check(
        "biasAdd in place", {act(n), weight(s.cols), aliasOf(0, n)},
        [&](const auto &o) { biasAdd(o[0].in(), o[1].in(), o[2].out(), s.rows, s.cols); },
        serialAdd);
    check(
        "biasGrad", {act(n), grad(s.cols)},
        [&](const auto &o) { biasGrad(o[0].in(), o[1].out(), s.rows, s.cols); }, serialGrad);
  }
}

TEST(TypedKernels, BiasAddAndGradOnFp32AreTheSerialLoops) {
  const int64_t rows = 301, cols = 130;
  auto x = values(act(rows * cols), 5), bias = values(weight(cols), 6);
  auto db = values(grad(cols), 7);
  std::vector<float> y(rows * cols), wantDb = db;
  setNumThreads(2);
  biasAdd(x.data(), bias.data(), y.data(), rows, cols);
  biasGrad(x.data(), db.data(), rows, cols);
  setNumThreads(0);
  for (int64_t r = 0; r < rows; ++r)
    for (int64_t c = 0; c < cols; ++c) {
      ASSERT_EQ(floatBits(y[r * cols + c]), floatBits(x[r * cols + c] + bias[c]));
      wantDb[c] += x[r * cols + c];
    }
  for (int64_t c = 0; c < cols; ++c)
    ASSERT_EQ(floatBits(db[c]), floatBits(wantDb[c])) << c;
}

TEST(TypedKernels, SwiGlu) {
  for (int64_t n : {kN, int64_t{1}, int64_t{37}}) {
    SCOPED_TRACE(n);
    check("swigluForward", {act(n), act(n), act(n, Role::Out)},
          [&](const auto &o) { swigluForward(o[0].in(), o[1].in(), o[2].out(), n); });
    check("swigluBackward", {act(n), act(n), act(n), act(n, Role::Out), act(n, Role::Out)},
          [&](const auto &o) {
            swigluBackward(o[0].in(), o[1].in(), o[2].in(), o[3].out(), o[4].out(), n);
          });
    check("swigluBackward into gate and up",
          {act(n), act(n), act(n), aliasOf(0, n), aliasOf(1, n)}, [&](const auto &o) {
            swigluBackward(o[0].in(), o[1].in(), o[2].in(), o[3].out(), o[4].out(), n);
          });
  }
}

TEST(TypedKernels, Tanh) {
  for (int64_t n : {kN, int64_t{1}}) {
    SCOPED_TRACE(n);
    check("tanhForward", {act(n), act(n, Role::Out)},
          [&](const auto &o) { tanhForward(o[0].in(), o[1].out(), n); });
    Spec y = act(n);
    y.lo = -0.99f, y.hi = 0.99f;
    check("tanhBackward", {y, act(n), act(n, Role::Out)},
          [&](const auto &o) { tanhBackward(o[0].in(), o[1].in(), o[2].out(), n); });
  }
}

// ---- rows: layer norm, RMSNorm ----

struct Rows {
  int64_t N, H;
};
// H = 13 and 768; N = 1, and enough rows to split over threads.
const Rows kRows[] = {{1, 13}, {3001, 13}, {1, 768}, {61, 768}, {5, 100}};

TEST(TypedKernels, LayerNorm) {
  const float eps = 1e-5f;
  for (Rows r : kRows) {
    SCOPED_TRACE(std::to_string(r.N) + "x" + std::to_string(r.H));
    const int64_t n = r.N * r.H, N = r.N, H = r.H;
    check("layerNormForward", {act(n), weight(H), weight(H), act(n, Role::Out)},
          [&](const auto &o) {
            layerNormForward(o[0].in(), o[1].in(), o[2].in(), o[3].out(), N, H, eps);
          });
    check("layerNormForward in place", {act(n), weight(H), weight(H), aliasOf(0, n)},
          [&](const auto &o) {
            layerNormForward(o[0].in(), o[1].in(), o[2].in(), o[3].out(), N, H, eps);
          });
    check("layerNormBackwardInput", {act(n), weight(H), act(n), act(n, Role::Out)},
          [&](const auto &o) {
            layerNormBackwardInput(o[0].in(), o[1].in(), o[2].in(), o[3].out(), N, H, eps);
          });
    check("layerNormBackwardWeight", {act(n), act(n), grad(H), grad(H)}, [&](const auto &o) {
      layerNormBackwardWeight(o[0].in(), o[1].in(), o[2].out(), o[3].out(), N, H, eps);
    });
    Spec none = grad(H);
    none.null = true;
    check("layerNormBackwardWeight without dbeta", {act(n), act(n), grad(H), none},
          [&](const auto &o) {
            layerNormBackwardWeight(o[0].in(), o[1].in(), o[2].out(), o[3].out(), N, H, eps);
          });
    check("layerNormBackwardWeight without dgamma", {act(n), act(n), none, grad(H)},
          [&](const auto &o) {
            layerNormBackwardWeight(o[0].in(), o[1].in(), o[2].out(), o[3].out(), N, H, eps);
          });
  }
}

TEST(TypedKernels, RmsNorm) {
  const float eps = 1e-6f;
  for (Rows r : kRows) {
    SCOPED_TRACE(std::to_string(r.N) + "x" + std::to_string(r.H));
    const int64_t n = r.N * r.H, N = r.N, H = r.H;
    check("rmsNormForward", {act(n), weight(H), act(n, Role::Out)}, [&](const auto &o) {
      rmsNormForward(o[0].in(), o[1].in(), o[2].out(), N, H, eps);
    });
    check("rmsNormBackwardInput", {act(n), weight(H), act(n), act(n, Role::Out)},
          [&](const auto &o) {
            rmsNormBackwardInput(o[0].in(), o[1].in(), o[2].in(), o[3].out(), N, H, eps);
          });
    check("rmsNormBackwardInput into dy", {act(n), weight(H), act(n), aliasOf(2, n)},
          [&](const auto &o) {
            rmsNormBackwardInput(o[0].in(), o[1].in(), o[2].in(), o[3].out(), N, H, eps);
          });
    check("rmsNormBackwardWeight", {act(n), act(n), grad(H)}, [&](const auto &o) {
      rmsNormBackwardWeight(o[0].in(), o[1].in(), o[2].out(), N, H, eps);
    });
  }
}

TEST(TypedKernels, Rotary) {
  struct Case {
    int64_t batch, seq, heads, kvHeads, headDim, position;
    bool inverse;
  };
  for (Case c : {Case{2, 150, 4, 2, 16, 0, false}, Case{2, 150, 4, 2, 16, 3, true},
                 Case{1, 1, 3, 0, 6, 9, false}, Case{3, 17, 2, 1, 8, 0, false}}) {
    RotaryShape r{c.batch, c.seq, c.heads, c.kvHeads, c.headDim, 10000.0, c.inverse,
                  c.position};
    const int64_t n = c.batch * c.seq * packedQkvWidth(c.heads, c.kvHeads, c.headDim);
    SCOPED_TRACE(n);
    check("rotary", {withSpecials(act(n)), act(n, Role::Out)},
          [&](const auto &o) { rotary(r, o[0].in(), o[1].out()); });
    check("rotary in place", {withSpecials(act(n)), aliasOf(0, n)},
          [&](const auto &o) { rotary(r, o[0].in(), o[1].out()); });
  }
}

// ---- BERT ----

TEST(TypedKernels, TokenTypes) {
  for (int64_t hidden : {int64_t{13}, int64_t{768}}) {
    SCOPED_TRACE(hidden);
    // positions [7, 57) of 60 ids per sample; ids include -1 and 5 (no row).
    TokenTypeShape t{3, 50, hidden, 60, 7, 2};
    std::vector<int32_t> types(t.batch * t.idsSeq);
    for (size_t i = 0; i < types.size(); ++i)
      types[i] = i % 11 == 3 ? -1 : i % 13 == 4 ? 5 : static_cast<int32_t>((i * 7) % 3 % 2);
    const int64_t n = t.batch * t.seq * hidden;
    check("tokenTypeAdd", {withSpecials(act(n)), weight(2 * hidden), act(n, Role::Out)},
          [&](const auto &o) { tokenTypeAdd(t, o[0].in(), types.data(), o[1].in(), o[2].out()); });
    check("tokenTypeAdd in place", {act(n), weight(2 * hidden), aliasOf(0, n)},
          [&](const auto &o) { tokenTypeAdd(t, o[0].in(), types.data(), o[1].in(), o[2].out()); });
    check("tokenTypeAddBackward", {act(n), grad(2 * hidden)}, [&](const auto &o) {
      tokenTypeAddBackward(t, types.data(), o[0].in(), o[1].out());
    });
  }
}

TEST(TypedKernels, Pooler) {
  for (int64_t H : {int64_t{13}, int64_t{768}})
    for (bool owner : {true, false}) {
      SCOPED_TRACE(std::to_string(H) + (owner ? " owner" : ""));
      const int64_t B = 3, S = 5;
      check("firstToken", {withSpecials(act(B * S * H)), act(B * H, Role::Out)},
            [&](const auto &o) { firstToken(o[0].in(), o[1].out(), B, S, H, owner); });
      check("firstTokenBackward", {withSpecials(act(B * H)), act(B * S * H, Role::Out)},
            [&](const auto &o) { firstTokenBackward(o[0].in(), o[1].out(), B, S, H, owner); });
    }
}

// ---- embedding ----

TEST(TypedKernels, Embedding) {
  // A shard holding vocabulary rows [10, 60) of 70: some tokens are not its.
  const int64_t vocabStart = 10, vocabLocal = 50, S = 64;
  for (int64_t H : {int64_t{13}, int64_t{768}})
    for (int64_t N : {int64_t{257}, int64_t{1}, int64_t{3001}})
      for (bool positions : {true, false}) {
        if (N == 3001 && H == 768)
          continue;
        SCOPED_TRACE(std::to_string(N) + "x" + std::to_string(H) +
                     (positions ? " with wpe" : ""));
        std::mt19937 gen(static_cast<uint32_t>(N + H));
        std::vector<int32_t> tokens(N);
        for (int32_t &t : tokens)
          t = static_cast<int32_t>(gen() % 70);
        Spec wpe = weight(S * H), dwpe = grad(S * H);
        wpe.null = dwpe.null = !positions;
        check("embeddingForward", {weight(vocabLocal * H), wpe, act(N * H, Role::Out)},
              [&](const auto &o) {
                embeddingForward(tokens.data(), o[0].in(), o[1].in(), o[2].out(), N, S, H,
                                 vocabStart, vocabLocal);
              });
        check("embeddingBackward", {act(N * H), grad(vocabLocal * H), dwpe},
              [&](const auto &o) {
                embeddingBackward(tokens.data(), o[0].in(), o[1].out(), o[2].out(), N, S, H,
                                  vocabStart, vocabLocal);
              });
        Spec noWte = grad(vocabLocal * H);
        noWte.null = true;
        check("embeddingBackward without dwte", {act(N * H), noWte, dwpe}, [&](const auto &o) {
          embeddingBackward(tokens.data(), o[0].in(), o[1].out(), o[2].out(), N, S, H,
                            vocabStart, vocabLocal);
        });
      }
}

} // namespace
} // namespace mtc::kernels
