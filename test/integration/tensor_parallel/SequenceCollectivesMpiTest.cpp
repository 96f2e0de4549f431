// Two or more real MPI ranks: the sequence collectives of [batch, seq, hidden]
// activations with batch > 1 (where rank-major and sequence-major orders
// differ), and the replica check's failure message.
#include "comm/Communicator.h"
#include "backends/host/HostBackend.h"
#include "exec/TensorParallel.h"

#include <gtest/gtest.h>

#include <vector>

using namespace mtc;
using namespace mtc::runtime;

namespace {
comm::Communicator &world() {
  static std::unique_ptr<comm::Communicator> w = comm::mpiWorld(nullptr, nullptr);
  return *w;
}
// The full activation every rank agrees on: value = sample, position, feature.
float full(int64_t b, int64_t s, int64_t j) { return 100.f * b + 10.f * s + j; }
} // namespace

TEST(SequenceCollectives, AllGatherRebuildsTheSequence) {
  comm::Communicator &w = world();
  const int t = w.size(), r = w.rank();
  const int64_t b = 3, sl = 2, h = 4, s = sl * t;
  std::vector<float> shard(b * sl * h), out(b * s * h);
  DeviceArray scratch;
  for (int64_t bi = 0; bi < b; ++bi)
    for (int64_t p = 0; p < sl; ++p)
      for (int64_t j = 0; j < h; ++j)
        shard[(bi * sl + p) * h + j] = full(bi, r * sl + p, j);
  allGatherSequence(hostBackend(), w, shard.data(), out.data(), b, sl, h, scratch);
  for (int64_t bi = 0; bi < b; ++bi)
    for (int64_t p = 0; p < s; ++p)
      for (int64_t j = 0; j < h; ++j)
        ASSERT_EQ(out[(bi * s + p) * h + j], full(bi, p, j)) << bi << " " << p << " " << j;
}

TEST(SequenceCollectives, ReduceScatterSumsAndKeepsThisRanksChunk) {
  comm::Communicator &w = world();
  const int t = w.size(), r = w.rank();
  const int64_t b = 3, sl = 2, h = 4, s = sl * t;
  std::vector<float> in(b * s * h), out(b * sl * h);
  DeviceArray scratch;
  for (int64_t bi = 0; bi < b; ++bi)
    for (int64_t p = 0; p < s; ++p)
      for (int64_t j = 0; j < h; ++j)
        in[(bi * s + p) * h + j] = full(bi, p, j) * static_cast<float>(r + 1);
  reduceScatterSequence(hostBackend(), w, in.data(), out.data(), b, sl, h, scratch);
  const float ranksSum = t * (t + 1) / 2.0f;
  for (int64_t bi = 0; bi < b; ++bi)
    for (int64_t p = 0; p < sl; ++p)
      for (int64_t j = 0; j < h; ++j)
        ASSERT_EQ(out[(bi * sl + p) * h + j], full(bi, r * sl + p, j) * ranksSum);
}

TEST(SequenceCollectives, ReplicaCheckNamesTheValue) {
  comm::Communicator &w = world();
  std::vector<float> same(5, 1.5f);
  EXPECT_NO_THROW(requireReplicated(hostBackend(), w, same.data(), 5, "same"));
  std::vector<float> differs(5, static_cast<float>(w.rank()));
  try {
    requireReplicated(hostBackend(), w, differs.data(), 5, "step 3 (h.0/dropout)");
    ADD_FAILURE() << "a differing replica passed";
  } catch (const std::exception &e) {
    EXPECT_NE(std::string(e.what()).find("step 3 (h.0/dropout)"), std::string::npos);
  }
}
