//===- RankGrid.cpp - Megatron tp-cp-dp-pp rank layout --------------------===//
#include "mtc/Plan/RankGrid.h"

#include <string>

namespace mtc {

Result<RankGrid> RankGrid::create(int world, int tp, int pp, int dp, int vp, int cp, int ep) {
  auto sizes = [&] {
    return "world=" + std::to_string(world) + " tp=" + std::to_string(tp) +
           " cp=" + std::to_string(cp) + " pp=" + std::to_string(pp) +
           " dp=" + std::to_string(dp) + " vp=" + std::to_string(vp) +
           " ep=" + std::to_string(ep);
  };
  if (world < 1 || tp < 1 || pp < 1 || dp < 1 || vp < 1 || cp < 1 || ep < 1)
    return Error{"rank grid: every size must be >= 1, got " + sizes()};
  const long long product = static_cast<long long>(tp) * cp * pp * dp;
  if (product != world)
    return Error{"rank grid: world " + std::to_string(world) +
                 " != tp*cp*pp*dp = " + std::to_string(tp) + "*" + std::to_string(cp) + "*" +
                 std::to_string(pp) + "*" + std::to_string(dp) + " = " +
                 std::to_string(product)};
  if (vp > 1 && pp == 1)
    return Error{"rank grid: vp=" + std::to_string(vp) +
                 " virtual chunks need pp > 1, got pp=1"};
  if ((static_cast<long long>(cp) * dp) % ep != 0)
    return Error{"rank grid: ep=" + std::to_string(ep) + " does not divide cp*dp = " +
                 std::to_string(cp) + "*" + std::to_string(dp) + " = " +
                 std::to_string(static_cast<long long>(cp) * dp) +
                 " (expert groups are folded onto the data-parallel ranks)"};
  return RankGrid(world, tp, pp, dp, vp, cp, ep);
}

RankCoord RankGrid::coord(int rank) const {
  RankCoord c;
  c.tp = rank % tp_;
  c.cp = (rank / tp_) % cp_;
  c.dp = (rank / (tp_ * cp_)) % dp_;
  c.pp = rank / (tp_ * cp_ * dp_);
  return c;
}

int RankGrid::rankOf(RankCoord c) const {
  return c.tp + tp_ * (c.cp + cp_ * (c.dp + dp_ * c.pp));
}

std::vector<int> RankGrid::tpGroup(int rank) const {
  RankCoord c = coord(rank);
  std::vector<int> members;
  for (c.tp = 0; c.tp < tp_; ++c.tp)
    members.push_back(rankOf(c));
  return members;
}

std::vector<int> RankGrid::dpGroup(int rank) const {
  RankCoord c = coord(rank);
  std::vector<int> members;
  for (c.dp = 0; c.dp < dp_; ++c.dp)
    members.push_back(rankOf(c));
  return members;
}

std::vector<int> RankGrid::ppGroup(int rank) const {
  RankCoord c = coord(rank);
  std::vector<int> members;
  for (c.pp = 0; c.pp < pp_; ++c.pp)
    members.push_back(rankOf(c));
  return members;
}

std::vector<int> RankGrid::cpGroup(int rank) const {
  RankCoord c = coord(rank);
  std::vector<int> members;
  for (c.cp = 0; c.cp < cp_; ++c.cp)
    members.push_back(rankOf(c));
  return members;
}

std::vector<int> RankGrid::dataContextGroup(int rank) const {
  RankCoord c = coord(rank);
  std::vector<int> members;
  for (c.dp = 0; c.dp < dp_; ++c.dp)
    for (c.cp = 0; c.cp < cp_; ++c.cp)
      members.push_back(rankOf(c));
  return members;
}

template <typename Keep>
std::vector<int> RankGrid::foldedGroup(int rank, Keep keep) const {
  const RankCoord at = coord(rank);
  std::vector<int> members;
  for (int folded = 0; folded < cp_ * dp_; ++folded)
    if (keep(folded))
      members.push_back(rankOf({at.tp, folded / cp_, at.pp, folded % cp_}));
  return members;
}

std::vector<int> RankGrid::epGroup(int rank) const {
  const RankCoord c = coord(rank);
  const int block = (c.cp + cp_ * c.dp) / ep_;
  return foldedGroup(rank, [&](int folded) { return folded / ep_ == block; });
}

std::vector<int> RankGrid::expertDataGroup(int rank) const {
  const RankCoord c = coord(rank);
  const int place = (c.cp + cp_ * c.dp) % ep_;
  return foldedGroup(rank, [&](int folded) { return folded % ep_ == place; });
}

std::vector<int> RankGrid::embeddingGroup(int rank) const {
  std::vector<int> stages = ppGroup(rank);
  if (stages.size() == 1)
    return stages;
  return {stages.front(), stages.back()};
}

namespace {
// Collects the group of every rank, keeping each group once (a group is
// first met at its smallest member because members are listed ascending).
template <typename GroupOf>
std::vector<std::vector<int>> collectGroups(int world, GroupOf groupOf) {
  std::vector<std::vector<int>> groups;
  for (int r = 0; r < world; ++r) {
    std::vector<int> g = groupOf(r);
    if (g.front() == r)
      groups.push_back(std::move(g));
  }
  return groups;
}
} // namespace

std::vector<std::vector<int>> RankGrid::allTpGroups() const {
  return collectGroups(world_, [&](int r) { return tpGroup(r); });
}
std::vector<std::vector<int>> RankGrid::allDpGroups() const {
  return collectGroups(world_, [&](int r) { return dpGroup(r); });
}
std::vector<std::vector<int>> RankGrid::allPpGroups() const {
  return collectGroups(world_, [&](int r) { return ppGroup(r); });
}
std::vector<std::vector<int>> RankGrid::allCpGroups() const {
  return collectGroups(world_, [&](int r) { return cpGroup(r); });
}
std::vector<std::vector<int>> RankGrid::allDataContextGroups() const {
  return collectGroups(world_, [&](int r) { return dataContextGroup(r); });
}
std::vector<std::vector<int>> RankGrid::allEpGroups() const {
  return collectGroups(world_, [&](int r) { return epGroup(r); });
}
std::vector<std::vector<int>> RankGrid::allExpertDataGroups() const {
  return collectGroups(world_, [&](int r) { return expertDataGroup(r); });
}

} // namespace mtc
