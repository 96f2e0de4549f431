//===- NetworkModel.cpp - Collective and point-to-point times -------------===//
#include "mtc/Plan/NetworkModel.h"

#include <algorithm>
#include <cmath>

namespace mtc {

GroupPlacement placeGroup(int size, int stride, int gpusPerNode) {
  GroupPlacement g;
  g.size = std::max(1, size);
  // Members stride apart: G / stride of them share a node when the stride is
  // below the node size, otherwise each is on a node of its own.
  g.perNode = stride < gpusPerNode ? std::min(g.size, std::max(1, gpusPerNode / stride)) : 1;
  g.nodes = (g.size + g.perNode - 1) / g.perNode;
  return g;
}

const char *toString(AllReduceAlgorithm a) {
  switch (a) {
  case AllReduceAlgorithm::Ring:
    return "ring";
  case AllReduceAlgorithm::Tree:
    return "tree";
  case AllReduceAlgorithm::Auto:
    return "auto";
  }
  return "?";
}

bool parseAllReduceAlgorithm(const std::string &text, AllReduceAlgorithm &out) {
  for (AllReduceAlgorithm a :
       {AllReduceAlgorithm::Ring, AllReduceAlgorithm::Tree, AllReduceAlgorithm::Auto})
    if (text == toString(a)) {
      out = a;
      return true;
    }
  return false;
}

NetworkModel::NetworkModel(const DeviceSpec &device, int gpusPerNode,
                           const NetworkParams &params)
    : device_(device), gpusPerNode_(gpusPerNode), params_(params) {}

double NetworkModel::busBandwidth(GroupPlacement g) const {
  if (g.nodes <= 1)
    return device_.nvlinkBusBandwidth;
  double nics = g.perNode * device_.networkBandwidth * params_.networkEfficiency;
  return std::min(device_.nvlinkBusBandwidth, nics);
}

namespace {
double ringAllReduce(double bytes, GroupPlacement g, double bw, const NetworkParams &p) {
  int n = g.size, k = g.nodes;
  double latency = p.baseLatency + 2.0 * (n - k) * p.ringNvlinkLatency +
                   2.0 * (k - 1) * p.ringNetworkLatency;
  return 2.0 * (n - 1) / n * bytes / bw + latency;
}

double treeAllReduce(double bytes, GroupPlacement g, double bw, const NetworkParams &p) {
  int hops = static_cast<int>(std::ceil(std::log2(static_cast<double>(g.nodes))));
  double latency = p.baseLatency + 2.0 * ((g.perNode - 1) * p.treeNvlinkLatency +
                                          hops * p.treeNetworkLatency);
  return 2.0 * bytes / (p.treeBandwidthShare * bw) + latency;
}
} // namespace

double NetworkModel::allReduce(double bytes, GroupPlacement g, AllReduceAlgorithm a) const {
  if (g.size <= 1 || bytes <= 0)
    return 0;
  double bw = busBandwidth(g);
  double ring = ringAllReduce(bytes, g, bw, params_);
  // Inside one node NCCL's tree is a chain: no gain, so the ring runs.
  if (g.nodes <= 1 || a == AllReduceAlgorithm::Ring)
    return ring;
  double tree = treeAllReduce(bytes, g, bw, params_);
  return a == AllReduceAlgorithm::Tree ? tree : std::min(ring, tree);
}

AllReduceAlgorithm NetworkModel::chooseAllReduce(double bytes, GroupPlacement g) const {
  if (g.nodes <= 1)
    return AllReduceAlgorithm::Ring;
  return allReduce(bytes, g, AllReduceAlgorithm::Tree) <
                 allReduce(bytes, g, AllReduceAlgorithm::Ring)
             ? AllReduceAlgorithm::Tree
             : AllReduceAlgorithm::Ring;
}

double NetworkModel::allGather(double bytes, GroupPlacement g) const {
  if (g.size <= 1 || bytes <= 0)
    return 0;
  int n = g.size, k = g.nodes;
  double latency = params_.baseLatency + (n - k) * params_.ringNvlinkLatency +
                   (k - 1) * params_.ringNetworkLatency;
  return static_cast<double>(n - 1) / n * bytes / busBandwidth(g) + latency;
}

double NetworkModel::allToAll(double bytes, GroupPlacement g) const {
  if (g.size <= 1 || bytes <= 0)
    return 0;
  const double share = bytes / g.size;
  const double nvlink = (g.perNode - 1) * share /
                        (device_.nvlinkBandwidth * params_.nvlinkP2pEfficiency);
  const double network = (g.size - g.perNode) * share /
                         (device_.networkBandwidth * params_.networkEfficiency);
  const double hop = g.nodes > 1 ? params_.ringNetworkLatency : params_.ringNvlinkLatency;
  return std::max(nvlink, network) + params_.baseLatency + hop;
}

double NetworkModel::ringStep(double bytes, GroupPlacement g) const {
  if (g.size <= 1 || bytes <= 0)
    return 0;
  // The slowest hop sets the step: NVLink inside one node, else the hop
  // between nodes, which each sending GPU makes over its own NIC share.
  return p2p(bytes, g.nodes > 1, 1, false, false);
}

double NetworkModel::p2p(double bytes, bool crossesNodes, int tp, bool scatterGather,
                         bool preSharded) const {
  if (bytes <= 0)
    return 0;
  // With sequence parallelism each tensor rank sends only its shard.
  double perRank = preSharded ? bytes / tp : bytes;
  if (!crossesNodes)
    return perRank / (device_.nvlinkBandwidth * params_.nvlinkP2pEfficiency) +
           params_.ringNvlinkLatency;
  double nic = device_.networkBandwidth * params_.networkEfficiency;
  if (preSharded || !scatterGather || tp == 1)
    return perRank / nic + params_.ringNetworkLatency;
  // Scatter/gather: each of the t ranks sends 1/t over its own NIC, then the
  // receivers rebuild the whole tensor with an NVLink all-gather.
  GroupPlacement tensorGroup{tp, 1, tp};
  return bytes / tp / nic + params_.ringNetworkLatency + allGather(bytes, tensorGroup);
}

} // namespace mtc
