//===- NetworkModel.h - Collective and point-to-point times -----*- C++ -*-===//
//
// Nodes of `gpusPerNode` GPUs joined by NVLink/NVSwitch inside and by
// InfiniBand (one NIC share per GPU) across. Ranks are placed in Megatron's
// tp-dp-pp order (RankGrid: rank = tp + t*(dp + d*pp), node = rank / G), so a
// tensor group sits inside a node, a data-parallel group of stride t spans
// ceil(t*d / G) nodes with G/t members per node, and a pipeline group of
// stride t*d leaves its node once t*d >= G.
//
// Times follow NCCL's own tuning model (src/graph/tuning.cc, Simple
// protocol): a base latency, a per-step latency (NVLink or network hop) and
// bytes over the bus bandwidth.
//  - Ring all-reduce over n ranks on k nodes: 2(n-1)/n * S / busBw, busBw =
//    min(NVLink bus bandwidth, r * NIC bandwidth) with r members per node
//    (each brings its own NIC; NCCL runs one ring per NIC); latency
//    base + 2(n-k) intra steps + 2(k-1) network steps.
//  - Tree all-reduce (NCCL's double binary tree across nodes, chains inside):
//    2 S / (0.9 busBw), latency base + 2((r-1) intra + log2(k) network hops);
//    the bandwidth term is worse than the ring's, the latency logarithmic.
//  - All-gather / reduce-scatter (ring): (n-1)/n * S / busBw, n-1 steps.
//  - Pipeline p2p of S bytes to the next stage: over NVLink when both stages
//    share a node; across nodes one NIC carries S, or, with the 2021 paper's
//    scatter/gather optimisation, each of the t tensor ranks sends S/t over
//    its own NIC and the receivers all-gather over NVLink.
//  - One step of a ring exchange (context parallelism's ring attention):
//    every member sends S bytes to the next and receives S from the previous
//    at once; inside a node over NVLink at the p2p efficiency, across nodes
//    the hop between nodes over the sender's NIC share: S / bandwidth + one
//    hop's latency.
//  - All-to-all (expert parallelism's token dispatch), NCCL's grouped
//    send/recv: each member sends bytes/n to every other member; the share
//    bound for its own node goes over NVLink at the p2p efficiency, the rest
//    over its NIC share, both at once: the slower sets the time, plus the
//    base latency and one hop of the slowest kind.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_NETWORKMODEL_H
#define MTC_PLAN_NETWORKMODEL_H

#include "mtc/Plan/Device.h"

#include <string>

namespace mtc {

/// How a process group lies on the nodes.
struct GroupPlacement {
  int size = 1;    ///< ranks in the group
  int nodes = 1;   ///< nodes it spans
  int perNode = 1; ///< members per node
};

/// The group of `size` ranks `stride` apart in rank order (a group starting
/// at a node boundary; with G % stride == 0 or stride % G == 0 every group
/// of that kind looks the same).
GroupPlacement placeGroup(int size, int stride, int gpusPerNode);

enum class AllReduceAlgorithm { Ring, Tree, Auto };
const char *toString(AllReduceAlgorithm a);
/// Accepts "ring", "tree", "auto".
bool parseAllReduceAlgorithm(const std::string &text, AllReduceAlgorithm &out);

/// Constants of the network model not tied to one GPU generation.
struct NetworkParams {
  /// NCCL Simple-protocol latencies (tuning.cc: baseLat ring Simple 8.4 us,
  /// hwLat ring Simple NVLink 3.4 us / NET 9.6 us, tree Simple 28 / 50 us).
  double baseLatency = 8.4e-6;
  double ringNvlinkLatency = 3.4e-6;
  double ringNetworkLatency = 9.6e-6;
  double treeNvlinkLatency = 28e-6;
  double treeNetworkLatency = 50e-6;
  /// Tree bus bandwidth = 0.9 x the ring's (tuning.cc: "busBw*.9").
  double treeBandwidthShare = 0.9;
  /// Share of the NIC's line rate a long transfer gets (a priori: InfiniBand
  /// 64b/66b encoding and protocol headers leave ~0.9; NCCL's proxy ~0.9).
  double networkEfficiency = 0.80;
  /// Share of the per-direction NVLink rate a point-to-point copy gets.
  double nvlinkP2pEfficiency = 0.80;
};

class NetworkModel {
public:
  NetworkModel(const DeviceSpec &device, int gpusPerNode,
               const NetworkParams &params = {});

  double allReduce(double bytes, GroupPlacement g, AllReduceAlgorithm a) const;
  /// The algorithm Auto picks for this size and group (the faster one).
  AllReduceAlgorithm chooseAllReduce(double bytes, GroupPlacement g) const;
  /// Ring all-gather of `bytes` in total (each rank contributes bytes/n);
  /// a reduce-scatter of the same total takes the same time.
  double allGather(double bytes, GroupPlacement g) const;
  /// One activation message of `bytes` to the next pipeline stage. With
  /// `preSharded` (sequence parallelism) each tensor rank already holds only
  /// its bytes/tp share and sends that, with no gather after.
  double p2p(double bytes, bool crossesNodes, int tp, bool scatterGather,
             bool preSharded) const;

  /// One step of a ring exchange over group `g`: each member sends `bytes` to
  /// the next member and receives as many from the previous, all at once.
  double ringStep(double bytes, GroupPlacement g) const;

  /// All-to-all over group `g`: each member holds `bytes`, a 1/n share for
  /// each member, and sends the n - 1 shares that are not its own.
  double allToAll(double bytes, GroupPlacement g) const;

  /// Ring bus bandwidth of a group, bytes/s.
  double busBandwidth(GroupPlacement g) const;
  int gpusPerNode() const { return gpusPerNode_; }

private:
  DeviceSpec device_;
  int gpusPerNode_;
  NetworkParams params_;
};

} // namespace mtc

#endif // MTC_PLAN_NETWORKMODEL_H
