// Hand-computed cases of the network model (NetworkModel.h gives the
// formulas; NCCL's Simple-protocol latencies: base 8.4 us, ring step 3.4 us
// on NVLink and 9.6 us on the network, tree hop 28 / 50 us).
#include "mtc/Plan/NetworkModel.h"

#include <gtest/gtest.h>

using namespace mtc;

namespace {

const DeviceSpec &a100() { return *findDevice("a100-80gb"); }

TEST(NetworkModel, PlacementFollowsTpDpPpOrder) {
  // DP group of t=8: stride 8, one member per node.
  GroupPlacement dp = placeGroup(16, 8, 8);
  EXPECT_EQ(dp.nodes, 16);
  EXPECT_EQ(dp.perNode, 1);
  // DP group of t=1: 8 members per node, 2 nodes.
  dp = placeGroup(16, 1, 8);
  EXPECT_EQ(dp.nodes, 2);
  EXPECT_EQ(dp.perNode, 8);
  // Pipeline of t*d = 4: two stages per node.
  GroupPlacement pipe = placeGroup(4, 4, 8);
  EXPECT_EQ(pipe.nodes, 2);
  EXPECT_EQ(pipe.perNode, 2);
  // DGX-2: 16 per node keeps a 16-rank group in one node.
  EXPECT_EQ(placeGroup(16, 1, 16).nodes, 1);
}

// 1 GB all-reduced across 2 nodes of 8 A100s: bus bandwidth min(235 GB/s
// NVLink, 8 NICs x 25 GB/s x 0.8) = 160 GB/s; ring 2*15/16 * 1e9 / 160e9 =
// 11.71875 ms, latency 8.4 + 2*14*3.4 + 2*1*9.6 = 122.8 us.
TEST(NetworkModel, RingAllReduceTwoNodesOfEightA100) {
  NetworkModel net(a100(), 8);
  GroupPlacement g = placeGroup(16, 1, 8);
  EXPECT_NEAR(net.busBandwidth(g), 160e9, 1);
  EXPECT_NEAR(net.allReduce(1e9, g, AllReduceAlgorithm::Ring), 11.71875e-3 + 122.8e-6, 1e-9);
  // Tree: 2 * 1e9 / (0.9 * 160e9) = 13.889 ms + 8.4 + 2*(7*28 + 1*50) us.
  EXPECT_NEAR(net.allReduce(1e9, g, AllReduceAlgorithm::Tree),
              2e9 / (0.9 * 160e9) + 500.4e-6, 1e-9);
  EXPECT_EQ(net.chooseAllReduce(1e9, g), AllReduceAlgorithm::Ring);
  // Inside one node: NVLink bus bandwidth, 14 NVLink steps.
  GroupPlacement node = placeGroup(8, 1, 8);
  EXPECT_NEAR(net.allReduce(1e9, node, AllReduceAlgorithm::Tree),
              2.0 * 7 / 8 * 1e9 / 235e9 + 8.4e-6 + 14 * 3.4e-6, 1e-9);
}

// One GPU per node over 64 nodes (t = 8, d = 64): a 1 MB reduction is
// latency-bound and the tree's log2(64) = 6 hops beat the ring's 126 steps;
// 1 GB is bandwidth-bound and the ring wins.
TEST(NetworkModel, TreeWinsSmallMessagesAcrossManyNodes) {
  NetworkModel net(a100(), 8);
  GroupPlacement g = placeGroup(64, 8, 8);
  ASSERT_EQ(g.nodes, 64);
  double ring = 2.0 * 63 / 64 * 1e6 / 20e9 + 8.4e-6 + 126 * 9.6e-6;
  double tree = 2e6 / (0.9 * 20e9) + 8.4e-6 + 2 * 6 * 50e-6;
  EXPECT_NEAR(net.allReduce(1e6, g, AllReduceAlgorithm::Ring), ring, 1e-12);
  EXPECT_NEAR(net.allReduce(1e6, g, AllReduceAlgorithm::Tree), tree, 1e-12);
  EXPECT_EQ(net.chooseAllReduce(1e6, g), AllReduceAlgorithm::Tree);
  EXPECT_NEAR(net.allReduce(1e6, g, AllReduceAlgorithm::Auto), tree, 1e-12);
  EXPECT_EQ(net.chooseAllReduce(1e9, g), AllReduceAlgorithm::Ring);
}

// A 100 MB activation to the next stage on another node, t = 8: without
// scatter/gather every tensor rank sends all of it over its NIC (20 GB/s
// after efficiency); with it each sends 1/8 and the receivers all-gather
// over NVLink.
TEST(NetworkModel, PipelineP2pWithAndWithoutScatterGather) {
  NetworkModel net(a100(), 8);
  double plain = 100e6 / 20e9 + 9.6e-6;
  double gather = 7.0 / 8 * 100e6 / 235e9 + 8.4e-6 + 7 * 3.4e-6;
  double scattered = 100e6 / 8 / 20e9 + 9.6e-6 + gather;
  EXPECT_NEAR(net.p2p(100e6, true, 8, false, false), plain, 1e-12);
  EXPECT_NEAR(net.p2p(100e6, true, 8, true, false), scattered, 1e-12);
  EXPECT_LT(scattered, plain / 4);
  // Sequence parallelism: the message is already sharded, nothing to gather.
  EXPECT_NEAR(net.p2p(100e6, true, 8, true, true), 100e6 / 8 / 20e9 + 9.6e-6, 1e-12);
  // Same node: NVLink at 80% of 300 GB/s.
  EXPECT_NEAR(net.p2p(100e6, false, 8, true, false), 100e6 / 240e9 + 3.4e-6, 1e-12);
}

TEST(NetworkModel, V100DgxOneNetworkIsSlower) {
  // DGX-1: 4 EDR NICs per 8 GPUs = 6.25 GB/s per GPU.
  NetworkModel v100(*findDevice("v100-32gb"), 8), a(a100(), 8);
  GroupPlacement g = placeGroup(16, 8, 8);
  EXPECT_NEAR(v100.busBandwidth(g), 6.25e9 * 0.8, 1);
  EXPECT_GT(v100.allReduce(1e9, g, AllReduceAlgorithm::Ring),
            3.9 * a.allReduce(1e9, g, AllReduceAlgorithm::Ring));
}

// Jean Zay's A100 nodes (BLOOM's machine): 4 Omni-Path 100 Gb/s links for 8
// GPUs, so each GPU's share is 4 x 12.5 / 8 = 6.25 GB/s, a quarter of a DGX
// A100's. setNics gives the same share to an a100-80gb described with
// --nics-per-node 4 --nic-gbps 100, and the presets keep their old shares.
TEST(NetworkModel, NicsPerNodeSetEachGpusShare) {
  const DeviceSpec &opa = *findDevice("a100-80gb-opa");
  EXPECT_EQ(opa.nicsPerNode, 4);
  EXPECT_NEAR(opa.nicBandwidth, 12.5e9, 1);
  EXPECT_NEAR(opa.networkBandwidth, 6.25e9, 1);
  DeviceSpec described = a100();
  setNics(described, 4, 100e9 / 8, 8);
  EXPECT_NEAR(described.networkBandwidth, opa.networkBandwidth, 1e-6);
  EXPECT_NEAR(a100().networkBandwidth, 25e9, 1);
  EXPECT_NEAR(findDevice("h100-80gb")->networkBandwidth, 50e9, 1);
  EXPECT_NEAR(findDevice("v100-32gb")->networkBandwidth, 6.25e9, 1);
  EXPECT_NEAR(findDevice("v100-dgx2")->networkBandwidth, 6.25e9, 1);
  EXPECT_EQ(opa.sms, a100().sms);
  EXPECT_EQ(opa.gemmFraction, a100().gemmFraction);
  EXPECT_EQ(opa.flashFraction, a100().flashFraction);
}

// BLOOM's data-parallel group (t = 4, d = 8): 2 members per node on 4 nodes;
// each brings its 6.25 GB/s share: bus bandwidth 2 x 6.25 x 0.8 = 10 GB/s.
// Its 3.7e9 fp32 gradients (14.8 GB) take 2 x 7/8 x 14.8 GB / 10 GB/s =
// 2.59 s (latency 8.4 + 2 x 4 x 3.4 + 2 x 3 x 9.6 us), 4 x a DGX A100's.
// A 117 MB activation (b = 2, s = 2048, h = 14336) to the next stage: each
// of the 4 tensor ranks sends 29.4 MB at 6.25 x 0.8 GB/s, then the 4 gather.
TEST(NetworkModel, OmniPathNodeOfBloom) {
  NetworkModel opa(*findDevice("a100-80gb-opa"), 8), dgx(a100(), 8);
  GroupPlacement dp = placeGroup(8, 4, 8);
  ASSERT_EQ(dp.perNode, 2);
  ASSERT_EQ(dp.nodes, 4);
  EXPECT_NEAR(opa.busBandwidth(dp), 10e9, 1);
  double grads = 4 * 3.7e9;
  double ring = 2.0 * 7 / 8 * grads / 10e9 + 8.4e-6 + 8 * 3.4e-6 + 6 * 9.6e-6;
  EXPECT_NEAR(opa.allReduce(grads, dp, AllReduceAlgorithm::Ring), ring, 1e-9);
  EXPECT_NEAR(ring, 2.59, 0.001);
  EXPECT_NEAR(opa.allReduce(grads, dp, AllReduceAlgorithm::Ring),
              4 * dgx.allReduce(grads, dp, AllReduceAlgorithm::Ring), 0.001);
  double act = 2.0 * 2048 * 14336 * 2;
  double gather = 3.0 / 4 * act / 235e9 + 8.4e-6 + 3 * 3.4e-6;
  EXPECT_NEAR(opa.p2p(act, true, 4, true, false), act / 4 / 5e9 + 9.6e-6 + gather, 1e-12);
}

} // namespace
