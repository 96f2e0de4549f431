// The NCCL grouping rules (comm/NcclP2pOrder.h): what hangs, what does not.
#include "comm/NcclP2pOrder.h"

#include <gtest/gtest.h>

namespace {

using namespace mtc::comm;

P2pOp send(int peer, int slot) { return {P2pKind::Send, peer, 1024, slot}; }
P2pOp recv(int peer, int slot) { return {P2pKind::Recv, peer, 1024, slot}; }

TEST(NcclP2pOrder, SendThenRecvInSeparateGroupsDeadlocks) {
  // Both ranks send first, each in its own group: blocking sends never match.
  std::vector<std::vector<std::vector<P2pOp>>> groups = {
      {{send(1, 0)}, {recv(1, 1)}},
      {{send(0, 0)}, {recv(0, 1)}},
  };
  P2pSimulation sim = simulateGroupedP2p(groups);
  EXPECT_FALSE(sim.completes);
  EXPECT_NE(sim.deadlock.find("rank 0 waits in group 0 (send to 1)"), std::string::npos)
      << sim.deadlock;
}

TEST(NcclP2pOrder, TheSameExchangeGroupedBySlotCompletes) {
  std::vector<P2pOp> r0 = {send(1, 0), recv(1, 0)}, r1 = {send(0, 0), recv(0, 0)};
  std::vector<std::vector<std::vector<P2pOp>>> groups = {groupBySlot(r0), groupBySlot(r1)};
  ASSERT_EQ(groups[0].size(), 1u);
  P2pSimulation sim = simulateGroupedP2p(groups);
  EXPECT_TRUE(sim.completes) << sim.deadlock;
}

// A 1F1B pipeline of p stages and m micro-batches, written as the slots the
// GPU backend groups: warm-up forwards, steady send_forward_recv_backward
// pairs, cool-down backwards.
std::vector<std::vector<P2pOp>> oneFOneB(int p, int m) {
  std::vector<std::vector<P2pOp>> ops(p);
  for (int r = 0; r < p; ++r) {
    int warm = std::min(p - r - 1, m), slot = 0;
    auto forward = [&](int) {
      if (r > 0)
        ops[r].push_back(recv(r - 1, slot));
      ++slot;
      if (r < p - 1)
        ops[r].push_back(send(r + 1, slot));
    };
    auto backward = [&](int) {
      if (r < p - 1)
        ops[r].push_back(recv(r + 1, slot));
      ++slot;
      if (r > 0)
        ops[r].push_back(send(r - 1, slot));
    };
    for (int i = 0; i < warm; ++i)
      forward(i), ++slot;
    for (int i = 0; i < m - warm; ++i)
      forward(i), backward(i), ++slot;
    for (int i = 0; i < warm; ++i)
      backward(i), ++slot;
  }
  return ops;
}

TEST(NcclP2pOrder, OneFOneBCompletesForManyShapes) {
  for (int p : {2, 3, 4, 8})
    for (int m : {1, 2, 4, 9}) {
      auto ops = oneFOneB(p, m);
      std::vector<std::vector<std::vector<P2pOp>>> groups;
      for (auto &r : ops)
        groups.push_back(groupBySlot(r));
      P2pSimulation sim = simulateGroupedP2p(groups);
      EXPECT_TRUE(sim.completes) << "p=" << p << " m=" << m << ": " << sim.deadlock;
    }
}

TEST(NcclP2pOrder, UnmatchedSendIsReported) {
  std::vector<std::vector<std::vector<P2pOp>>> groups = {{{send(1, 0)}}, {}};
  P2pSimulation sim = simulateGroupedP2p(groups);
  EXPECT_FALSE(sim.completes);
  EXPECT_NE(sim.deadlock.find("no matching recv on rank 1"), std::string::npos) << sim.deadlock;
}

TEST(NcclP2pOrder, BadPeerIsReported) {
  P2pSimulation sim = simulateGroupedP2p({{{send(5, 0)}}, {}});
  EXPECT_FALSE(sim.completes);
  EXPECT_NE(sim.deadlock.find("peer 5"), std::string::npos) << sim.deadlock;
}

TEST(NcclP2pOrder, GroupBySlotRejectsOutOfOrderSlots) {
  EXPECT_THROW(groupBySlot({send(1, 3), recv(1, 2)}), std::invalid_argument);
  auto g = groupBySlot({send(1, 0), recv(1, 0), send(1, 2)});
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(g[0].size(), 2u);
}

} // namespace
