// Context-parallel (ring) attention on the CUDA backend
// (kernels/cuda/attention_block.cu through CudaBackend): a sequence split
// over cp ranks by ContextSplit, run block by block around a simulated ring
// on one GPU, equals the host's attentionForward / attentionBackward on the
// whole sequence (causal and bidirectional, grouped-query, dropout, padding,
// a head shard, head dims 4 to 128). The GPU twin of
// test/unit/kernels/RingAttentionTest.cpp. Needs a GPU; skips (exit 77)
// otherwise.
#include "GpuMain.h"
#include "RandomData.h"

#include "backends/cuda/CudaBackend.h"
#include "comm/Communicator.h"
#include "kernels/kernels.h"
#include "mtc/Plan/ContextSplit.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace {

using namespace mtc;
using namespace mtc::kernels;
using mtc::runtime::Backend;

// Made once and never destroyed: its destructor would run after the CUDA
// runtime's own teardown at exit.
Backend &gpu() {
  static Backend *backend = [] {
    comm::SelfCommunicator self;
    return runtime::gpu::makeCudaBackend(self).release();
  }();
  return *backend;
}

// A device copy of a host vector, made and read through the backend.
template <class T> class Dev {
public:
  explicit Dev(const std::vector<T> &h) : n(h.size()) {
    p = static_cast<T *>(gpu().allocate(bytes(), "a test buffer"));
    gpu().toDevice(p, h.data(), bytes());
  }
  Dev(const Dev &) = delete;
  Dev &operator=(const Dev &) = delete;
  ~Dev() { gpu().release(p); }
  operator T *() const { return p; }
  std::vector<T> host() const {
    std::vector<T> h(n);
    gpu().toHost(h.data(), p, bytes());
    return h;
  }

private:
  int64_t bytes() const { return static_cast<int64_t>(n * sizeof(T)); }
  T *p = nullptr;
  size_t n;
};

struct RingCase {
  int64_t B, S, heads, kvHeads, D;
  int cp;
  bool causal;
  float dropout;
  bool padded;    // BERT lengths
  bool headShard; // heads [heads, 2 heads) of 3 heads
};

std::ostream &operator<<(std::ostream &os, const RingCase &c) {
  return os << "B" << c.B << " S" << c.S << " heads " << c.heads << "/" << c.kvHeads << " D"
            << c.D << " cp" << c.cp << (c.causal ? " causal" : "") << " dropout " << c.dropout
            << (c.padded ? " padded" : "") << (c.headShard ? " head shard" : "");
}

// Rows `positions` of each sample of x [B, S, width], in that order.
std::vector<float> gatherRows(const std::vector<float> &x, int64_t B, int64_t S, int64_t width,
                              const std::vector<int64_t> &positions) {
  const int64_t L = static_cast<int64_t>(positions.size());
  std::vector<float> y(B * L * width);
  for (int64_t b = 0; b < B; ++b)
    for (int64_t i = 0; i < L; ++i)
      std::copy_n(x.begin() + (b * S + positions[i]) * width, width,
                  y.begin() + (b * L + i) * width);
  return y;
}

// The worst element relative to 1 + |want|, so one failure says where.
void expectClose(const std::vector<float> &got, const std::vector<float> &want, double tol,
                 const std::string &what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  double worst = 0;
  size_t at = 0;
  for (size_t i = 0; i < got.size(); ++i) {
    double err = std::fabs(double(got[i]) - want[i]) / (1.0 + std::fabs(want[i]));
    if (!(err <= worst)) { // NaN counts as the worst
      worst = std::isnan(err) ? INFINITY : err;
      at = i;
    }
  }
  EXPECT_LE(worst, tol) << what << ": element " << at << " is " << got[at] << ", want "
                        << want[at];
}

std::vector<uint32_t> bits(const std::vector<float> &v) {
  std::vector<uint32_t> b(v.size());
  std::memcpy(b.data(), v.data(), v.size() * sizeof(float));
  return b;
}

AttentionShape shapeOf(const RingCase &c) {
  AttentionShape a{};
  a.batch = c.B;
  a.seq = c.S;
  a.heads = c.heads;
  a.kvHeads = c.kvHeads;
  a.headDim = c.D;
  a.causal = c.causal;
  a.scale = 1.0f / std::sqrt(static_cast<float>(c.D));
  a.dropout = c.dropout;
  a.seed = 7;
  a.stream = 3;
  if (c.headShard) {
    a.headOffset = c.heads;
    a.totalHeads = 3 * c.heads;
  }
  return a;
}

// One rank's device tensors of the simulated ring.
struct RankTensors {
  std::vector<int64_t> positions;
  std::unique_ptr<Dev<float>> qkv, kv, out, lse, dout, dqkv;
};

// The ring on the GPU: every rank's out, lse and dqkv (host copies).
struct RingResult {
  std::vector<std::vector<float>> out, lse, dqkv;
};

RingResult runRing(const RingCase &c, const AttentionShape &a, const ContextSplit &split,
                   const std::vector<float> &qkv, const std::vector<float> &dout) {
  const int64_t L = split.localSeq();
  const int64_t width = (c.heads + 2 * c.kvHeads) * c.D, outWidth = c.heads * c.D;
  const int64_t kvFloats = c.B * L * 2 * c.kvHeads * c.D;
  std::vector<RankTensors> rank(c.cp);
  for (int r = 0; r < c.cp; ++r) {
    RankTensors &t = rank[r];
    t.positions = split.positions(r);
    t.qkv = std::make_unique<Dev<float>>(gatherRows(qkv, c.B, c.S, width, t.positions));
    t.dout = std::make_unique<Dev<float>>(gatherRows(dout, c.B, c.S, outWidth, t.positions));
    t.kv = std::make_unique<Dev<float>>(std::vector<float>(kvFloats, 0.0f));
    t.out = std::make_unique<Dev<float>>(std::vector<float>(c.B * L * outWidth, 99.0f));
    t.lse = std::make_unique<Dev<float>>(std::vector<float>(c.B * c.heads * L, 99.0f));
    t.dqkv = std::make_unique<Dev<float>>(std::vector<float>(c.B * L * width, 0.0f));
    gpu().packKeyValues(a, L, *t.qkv, *t.kv);
  }
  auto block = [&](int r, const ContextSplit::RingBlock &rb) {
    return AttentionBlock{a,        L, rank[r].positions.data(), rb.firstQuery, rb.queries, L,
                          rb.keys, rank[rb.source].positions.data()};
  };
  for (int r = 0; r < c.cp; ++r)
    for (int step = 0; step < c.cp; ++step) {
      const ContextSplit::RingBlock rb = split.ringBlock(r, step);
      gpu().attentionBlockForward(block(r, rb), *rank[r].qkv, *rank[rb.source].kv,
                                  *rank[r].out, *rank[r].lse, /*first=*/step == 0);
    }
  Dev<float> dkv(std::vector<float>(kvFloats, 0.0f));
  for (int r = 0; r < c.cp; ++r)
    for (int step = 0; step < c.cp; ++step) {
      const ContextSplit::RingBlock rb = split.ringBlock(r, step);
      gpu().fill32(dkv, 0u, kvFloats);
      gpu().attentionBlockBackward(block(r, rb), *rank[r].qkv, *rank[rb.source].kv,
                                   *rank[r].out, *rank[r].lse, *rank[r].dout, *rank[r].dqkv,
                                   dkv);
      gpu().addKeyValueGrads(a, L, L, rb.keys, dkv, *rank[rb.source].dqkv);
    }
  RingResult res;
  for (int r = 0; r < c.cp; ++r) {
    res.out.push_back(rank[r].out->host());
    res.lse.push_back(rank[r].lse->host());
    res.dqkv.push_back(rank[r].dqkv->host());
  }
  return res;
}

class RingAttentionBlock : public ::testing::TestWithParam<RingCase> {};

TEST_P(RingAttentionBlock, EqualsTheWholeSequence) {
  const RingCase c = GetParam();
  AttentionShape a = shapeOf(c);
  std::vector<int32_t> lengths;
  if (c.padded)
    for (int64_t b = 0; b < c.B; ++b)
      lengths.push_back(static_cast<int32_t>(c.S - 3 - 5 * b));
  const int64_t width = (c.heads + 2 * c.kvHeads) * c.D, outWidth = c.heads * c.D;
  const auto qkv = mtc::testing::randn(c.B * c.S * width, 11);
  const auto dout = mtc::testing::randn(c.B * c.S * outWidth, 12);
  // The reference: the host kernels on the whole sequence.
  a.lengths = c.padded ? lengths.data() : nullptr;
  std::vector<float> out(c.B * c.S * outWidth), lse(c.B * c.heads * c.S), dqkv(qkv.size());
  attentionForward(a, qkv.data(), out.data(), lse.data());
  attentionBackward(a, qkv.data(), out.data(), lse.data(), dout.data(), dqkv.data());

  const Result<ContextSplit> split = ContextSplit::create(c.S, c.cp, c.causal);
  ASSERT_TRUE(split.ok()) << split.error();
  Dev<int32_t> deviceLengths(c.padded ? lengths : std::vector<int32_t>{0});
  a.lengths = c.padded ? static_cast<const int32_t *>(deviceLengths) : nullptr;
  const RingResult ring = runRing(c, a, *split, qkv, dout);

  // Bounds relative to 1 + |reference| that grow with the softmax length
  // (BackendKernelsTest's attention bounds, doubled for the merges) and, for
  // dK and dV, with the query heads a group sums over.
  const double growth = std::sqrt(std::max<double>(c.S, 64) / 64.0);
  const double groupGrowth = std::sqrt(double(c.heads / c.kvHeads));
  const int64_t L = split->localSeq();
  for (int r = 0; r < c.cp; ++r) {
    const std::vector<int64_t> positions = split->positions(r);
    const std::string rank = "rank " + std::to_string(r);
    expectClose(ring.out[r], gatherRows(out, c.B, c.S, outWidth, positions), 1e-4 * growth,
                rank + " out");
    std::vector<float> wantLse(c.B * c.heads * L);
    for (int64_t bh = 0; bh < c.B * c.heads; ++bh)
      for (int64_t i = 0; i < L; ++i)
        wantLse[bh * L + i] = lse[bh * c.S + positions[i]];
    expectClose(ring.lse[r], wantLse, 1e-4 * growth, rank + " lse");
    expectClose(ring.dqkv[r], gatherRows(dqkv, c.B, c.S, width, positions),
                4e-4 * growth * groupGrowth, rank + " dqkv");
  }
  // Every output has one owning thread: a second run gives the same bits.
  const RingResult again = runRing(c, a, *split, qkv, dout);
  for (int r = 0; r < c.cp; ++r) {
    EXPECT_EQ(bits(again.out[r]), bits(ring.out[r])) << "rank " << r << " out";
    EXPECT_EQ(bits(again.dqkv[r]), bits(ring.dqkv[r])) << "rank " << r << " dqkv";
  }
}

INSTANTIATE_TEST_SUITE_P(
    Layouts, RingAttentionBlock,
    ::testing::Values(RingCase{2, 16, 2, 2, 4, 1, true, 0.0f, false, false},
                      RingCase{2, 16, 2, 2, 4, 2, true, 0.0f, false, false},
                      RingCase{2, 16, 2, 2, 4, 4, true, 0.0f, false, false},
                      RingCase{1, 24, 4, 2, 4, 2, true, 0.2f, false, false}, // grouped-query
                      RingCase{1, 32, 4, 1, 8, 4, true, 0.0f, false, true},  // one kv head
                      RingCase{2, 16, 2, 2, 4, 4, false, 0.0f, false, false},
                      // BERT-like; sample 1's keys end at 16: rank 2's own
                      // block has none of them (a first block without keys).
                      RingCase{2, 24, 2, 2, 4, 3, false, 0.25f, true, true},
                      RingCase{1, 288, 2, 1, 8, 2, true, 0.1f, false, false}, // tiles
                      RingCase{2, 256, 2, 2, 64, 4, true, 0.1f, false, false},
                      RingCase{1, 256, 4, 2, 128, 2, true, 0.1f, false, true}, // dK, dV passes
                      RingCase{2, 96, 3, 3, 40, 2, false, 0.0f, true, false},
                      RingCase{2, 200, 2, 1, 128, 4, false, 0.1f, true, false}));

// A block without keys: the first defines its rows (out 0, lse -inf), a later
// one leaves them as they were.
TEST(RingAttentionBlockEdges, BlockWithoutKeys) {
  AttentionShape a{};
  a.batch = 1;
  a.seq = 4;
  a.heads = 1;
  a.headDim = 2;
  a.causal = true;
  a.scale = 1.0f;
  const std::vector<int64_t> positions{0, 1}, keys{2, 3};
  Dev<float> qkv(std::vector<float>(2 * 6, 1.0f)), kv(std::vector<float>(2 * 4, 1.0f)),
      out(std::vector<float>(2 * 2, 5.0f)), lse(std::vector<float>(2, 5.0f));
  const AttentionBlock none{a, 2, positions.data(), 0, 2, 2, 0, keys.data()};
  gpu().attentionBlockForward(none, qkv, kv, out, lse, /*first=*/false);
  EXPECT_EQ(out.host(), std::vector<float>(4, 5.0f));
  EXPECT_EQ(lse.host(), std::vector<float>(2, 5.0f));
  // Keys 2 and 3 lie after both queries (causal): attended by neither.
  const AttentionBlock masked{a, 2, positions.data(), 0, 2, 2, 2, keys.data()};
  gpu().attentionBlockForward(masked, qkv, kv, out, lse, /*first=*/false);
  EXPECT_EQ(out.host(), std::vector<float>(4, 5.0f));
  gpu().attentionBlockForward(masked, qkv, kv, out, lse, /*first=*/true);
  EXPECT_EQ(out.host(), std::vector<float>(4, 0.0f));
  EXPECT_EQ(lse.host(), std::vector<float>(2, -INFINITY));
  gpu().attentionBlockForward(none, qkv, kv, out, lse, /*first=*/true);
  EXPECT_EQ(out.host(), std::vector<float>(4, 0.0f));
}

TEST(RingAttentionBlockEdges, RefusesPositionsOutsideTheSequence) {
  AttentionShape a{};
  a.batch = 1;
  a.seq = 4;
  a.heads = 1;
  a.headDim = 2;
  a.causal = true;
  a.scale = 1.0f;
  const std::vector<int64_t> positions{0, 1}, keys{3, 4};
  Dev<float> qkv(std::vector<float>(2 * 6)), kv(std::vector<float>(2 * 4)),
      out(std::vector<float>(2 * 2)), lse(std::vector<float>(2));
  const AttentionBlock blk{a, 2, positions.data(), 0, 2, 2, 2, keys.data()};
  EXPECT_THROW(gpu().attentionBlockForward(blk, qkv, kv, out, lse, true), std::invalid_argument);
  EXPECT_THROW(gpu().attentionBlockBackward(blk, qkv, kv, out, lse, out, qkv, kv),
               std::invalid_argument);
}

} // namespace

MTC_GPU_TEST_MAIN()
