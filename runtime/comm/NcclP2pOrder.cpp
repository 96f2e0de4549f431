#include "comm/NcclP2pOrder.h"

#include <map>
#include <sstream>
#include <stdexcept>
#include <tuple>
#include <utility>

namespace mtc::comm {

std::vector<std::vector<P2pOp>> groupBySlot(const std::vector<P2pOp> &ops) {
  std::vector<std::vector<P2pOp>> groups;
  for (size_t i = 0; i < ops.size(); ++i) {
    if (i > 0 && ops[i].slot < ops[i - 1].slot)
      throw std::invalid_argument("groupBySlot: op " + std::to_string(i) + " has slot " +
                                  std::to_string(ops[i].slot) + " after slot " +
                                  std::to_string(ops[i - 1].slot) +
                                  " (ops must be in schedule order)");
    if (groups.empty() || ops[i].slot != groups.back().back().slot)
      groups.emplace_back();
    groups.back().push_back(ops[i]);
  }
  return groups;
}

namespace {

std::string describe(const std::vector<P2pOp> &group) {
  std::ostringstream os;
  for (size_t i = 0; i < group.size(); ++i)
    os << (i ? ", " : "") << (group[i].kind == P2pKind::Send ? "send to " : "recv from ")
       << group[i].peer;
  return os.str();
}

} // namespace

P2pSimulation simulateGroupedP2p(
    const std::vector<std::vector<std::vector<P2pOp>>> &groups) {
  const int ranks = static_cast<int>(groups.size());
  // match[r][g][o] = group index on the peer holding the matching op.
  std::vector<std::vector<std::vector<int>>> match(ranks);
  // k-th op of (kind, from, to) -> (group, index in the group).
  std::map<std::tuple<int, int, int>, std::vector<std::pair<int, int>>> sends, recvs;
  for (int r = 0; r < ranks; ++r)
    for (int g = 0; g < static_cast<int>(groups[r].size()); ++g)
      for (int o = 0; o < static_cast<int>(groups[r][g].size()); ++o) {
        const P2pOp &op = groups[r][g][o];
        if (op.peer < 0 || op.peer >= ranks || op.peer == r)
          return {false, "rank " + std::to_string(r) + " has an op with peer " +
                             std::to_string(op.peer) + " (world " + std::to_string(ranks) +
                             ")"};
        if (op.kind == P2pKind::Send)
          sends[{r, op.peer, 0}].push_back({g, o});
        else
          recvs[{op.peer, r, 0}].push_back({g, o});
      }
  // Counters walk the same order again to assign each op its match.
  std::map<std::tuple<int, int, int>, size_t> seenSend, seenRecv;
  for (int r = 0; r < ranks; ++r) {
    match[r].resize(groups[r].size());
    for (int g = 0; g < static_cast<int>(groups[r].size()); ++g)
      for (const P2pOp &op : groups[r][g]) {
        bool isSend = op.kind == P2pKind::Send;
        std::tuple<int, int, int> key = isSend ? std::make_tuple(r, op.peer, 0)
                                               : std::make_tuple(op.peer, r, 0);
        size_t k = isSend ? seenSend[key]++ : seenRecv[key]++;
        const auto &other = isSend ? recvs[key] : sends[key];
        if (k >= other.size()) {
          std::ostringstream os;
          os << "rank " << r << " group " << g << ": " << (isSend ? "send to " : "recv from ")
             << op.peer << " #" << k << " has no matching " << (isSend ? "recv" : "send")
             << " on rank " << op.peer;
          return {false, os.str()};
        }
        const int peerGroup = other[k].first;
        const P2pOp &peerOp = groups[op.peer][peerGroup][other[k].second];
        if (op.id >= 0 && peerOp.id >= 0 && op.id != peerOp.id) {
          std::ostringstream os;
          os << "rank " << r << " group " << g << ": " << (isSend ? "send to " : "recv from ")
             << op.peer << " #" << k << " carries " << op.id << " but its match in group "
             << peerGroup << " of rank " << op.peer << " carries " << peerOp.id;
          return {false, os.str()};
        }
        match[r][g].push_back(peerGroup);
      }
  }
  std::vector<int> current(ranks, 0);
  bool progress = true;
  while (progress) {
    progress = false;
    for (int r = 0; r < ranks; ++r) {
      int g = current[r];
      if (g >= static_cast<int>(groups[r].size()))
        continue;
      bool ready = true;
      for (size_t o = 0; o < groups[r][g].size() && ready; ++o) {
        int peer = groups[r][g][o].peer;
        // The peer must have reached the matching group (and not be past it
        // unless that group already finished, which needs us: so "reached").
        ready = current[peer] >= match[r][g][o];
      }
      if (ready) {
        ++current[r];
        progress = true;
      }
    }
  }
  std::ostringstream stuck;
  bool done = true;
  for (int r = 0; r < ranks; ++r)
    if (current[r] < static_cast<int>(groups[r].size())) {
      done = false;
      stuck << (stuck.tellp() ? "; " : "") << "rank " << r << " waits in group "
            << current[r] << " (" << describe(groups[r][current[r]]) << ")";
    }
  return {done, done ? "" : stuck.str()};
}

} // namespace mtc::comm
