// Runs under `mpirun -np 3` (CMakeLists.txt): Communicator::groupedSendRecv
// over MPI with NCCL's semantics emulated (one tag, synchronous sends, each
// group waiting for all of its ops). A pipeline's grouping
// (pipeline/PipelineP2pGroups.h) completes and delivers every transfer to its
// own receive; a crossing send/send grouping, which hangs under NCCL, is
// detected by the timeout instead of hanging.
#include "comm/Communicator.h"
#include "pipeline/HalfWidthTransfer.h"
#include "pipeline/PipelineP2pGroups.h"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace mtc::runtime {
namespace {

comm::Communicator &world() {
  static std::unique_ptr<comm::Communicator> w = comm::mpiWorld(nullptr, nullptr);
  return *w;
}

// Runs this rank's groups of a pipeline schedule (the compute steps between
// them block on nothing, so only the groups matter), each send carrying its
// transfer's id, and checks every receive got its own transfer.
void runPipeline(const PipelineSchedule &s) {
  comm::Communicator &w = world();
  ASSERT_EQ(w.size(), s.pp) << "run with mpirun -np " << s.pp;
  std::vector<ChunkTransfers> t(s.numChunks());
  for (int c = 0; c < s.numChunks(); ++c) {
    if (c + 1 < s.numChunks())
      t[c].forwardTags = {2 * c};
    if (c > 0)
      t[c].backwardTags = {2 * c + 1};
  }
  Result<PipelineGroups> groups = groupPipelineTransfers(s, t);
  ASSERT_TRUE(groups.ok()) << groups.error();
  constexpr size_t kFloats = 3000; // above the eager limit: rendezvous
  int received = 0;
  for (const P2pGroup &g : groups.value()[w.rank()]) {
    std::vector<std::vector<float>> buffers;
    std::vector<FloatTransfer> ops;
    for (const GroupedTransfer &op : g.ops) {
      buffers.emplace_back(kFloats, op.send ? float(op.id) : -1.f);
      ops.push_back({op.send, buffers.back().data(), kFloats, kernels::StorageType::F32,
                     op.peerStage});
    }
    groupedSendRecvAs(w, ops, /*timeoutSeconds=*/60);
    for (size_t i = 0; i < g.ops.size(); ++i)
      if (!g.ops[i].send) {
        ASSERT_EQ(buffers[i][0], float(g.ops[i].id));
        ASSERT_EQ(buffers[i][kFloats - 1], float(g.ops[i].id));
        ++received;
      }
  }
  EXPECT_GT(received, 0);
  w.barrier();
}

TEST(MpiGroupedP2p, OneFOneBGroupingCompletes) { runPipeline(buildSchedule(3, 1, 5).value()); }

TEST(MpiGroupedP2p, InterleavedGroupingCompletes) {
  runPipeline(buildSchedule(3, 2, 6).value());
}

TEST(MpiGroupedP2p, ZeroBubbleGroupingCompletes) {
  runPipeline(buildSchedule(3, 2, 6, ScheduleKind::ZeroBubbleH1).value());
}

TEST(MpiGroupedP2p, MatchesByOrderNotTag) {
  // Two messages in one group and a third in the next: received in order.
  comm::Communicator &w = world();
  if (w.rank() == 0) {
    float a = 1, b = 2, c = 3;
    w.groupedSendRecv({{true, &a, 1, comm::DataType::F32, 1},
                       {true, &b, 1, comm::DataType::F32, 1}},
                      10);
    w.groupedSendRecv({{true, &c, 1, comm::DataType::F32, 1}}, 10);
  } else if (w.rank() == 1) {
    float x = 0, y = 0, z = 0;
    w.groupedSendRecv({{false, &x, 1, comm::DataType::F32, 0},
                       {false, &y, 1, comm::DataType::F32, 0}},
                      10);
    w.groupedSendRecv({{false, &z, 1, comm::DataType::F32, 0}}, 10);
    EXPECT_EQ(x, 1.f);
    EXPECT_EQ(y, 2.f);
    EXPECT_EQ(z, 3.f);
  }
  w.barrier();
}

TEST(MpiGroupedP2p, HalfWidthOpsArePackedAndWidened) {
  comm::Communicator &w = world();
  std::vector<float> data = {1.5f, -2.25f, 1024.f}, got(3, 0.f);
  if (w.rank() == 0)
    groupedSendRecvAs(w, {{true, data.data(), 3, kernels::StorageType::BF16, 1}}, 10);
  else if (w.rank() == 1) {
    groupedSendRecvAs(w, {{false, got.data(), 3, kernels::StorageType::BF16, 0}}, 10);
    EXPECT_EQ(got, data); // exactly representable in bf16
  }
  w.barrier();
}

TEST(MpiGroupedP2p, CrossingSendsAreDetectedNotHung) {
  // Ranks 0 and 1 each send first, in a group of its own, then receive: with
  // synchronous sends neither group can complete (NCCL would hang). On a
  // group of its own, so the pending messages touch nothing else.
  comm::Communicator &w = world();
  std::unique_ptr<comm::Communicator> pair = w.split(w.rank() < 2 ? 0 : 1, w.rank());
  if (w.rank() < 2) {
    const int peer = 1 - pair->rank();
    static float out[2] = {7.f, 8.f}; // MPI still reads them after the error
    float in = 0;
    std::string error;
    try {
      pair->groupedSendRecv({{true, &out[pair->rank()], 1, comm::DataType::F32, peer}}, 1.0);
    } catch (const comm::CommError &e) {
      error = e.what();
    }
    EXPECT_NE(error.find("did not complete in"), std::string::npos) << error;
    EXPECT_NE(error.find("send to " + std::to_string(peer)), std::string::npos) << error;
    // Only after both have timed out: a receive posted by the rank whose
    // deadline passed first would complete the other's send in time.
    pair->barrier();
    // Drain the abandoned sends, so nothing is left in flight.
    pair->recv(&in, 1, comm::DataType::F32, peer, comm::kGroupedP2pTag);
    EXPECT_EQ(in, out[peer]);
  }
  w.barrier();
}

} // namespace
} // namespace mtc::runtime
