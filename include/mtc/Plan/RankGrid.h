//===- RankGrid.h - Ranks to (tp, cp, dp, pp) coordinates and groups -*- C++ -*-===//
//
// The one pure function that lays ranks out on the parallel grid. Every tool
// (compiler, planner, runtime) calls RankGrid::create so they agree on groups.
//
// Order is Megatron-LM's default "tp-cp-dp-pp": tensor rank varies fastest,
// then context rank, then data rank, then pipeline rank:
//   rank = tp + t * (cp + c * (dp + d * pp))
// Example world 16, t=2, p=4, d=2 (c=1): TP groups [0,1] [2,3] ..., DP groups
// [0,2] [1,3] [4,6] ..., PP groups [0,4,8,12] [1,5,9,13] ...
// With c=2, t=2, d=2, p=1: CP groups [0,2] [1,3] [4,6] [5,7], DP groups [0,4]
// [1,5] [2,6] [3,7]; replicated parameters' gradients are reduced over the
// data-and-context group (Megatron's data_parallel_group_with_cp), here
// [0,2,4,6] [1,3,5,7].
// Virtual pipeline chunks (vp) do not add ranks; the grid only records vp so
// chunk-to-rank questions can be answered here.
//
// Expert parallelism (ep, mixtures of experts) adds no ranks either: it folds
// the expert layers onto the same ranks as Megatron-Core does (its expert
// rank generator, order tp-ep-dp-pp, expert tensor parallelism = tp). Within a
// pipeline stage the t*cp*dp ranks are numbered i = tp + t*(cp + c*dp); an
// expert group is ep consecutive values of i/t at the same tensor rank, and
// the expert-data-parallel group (over which expert gradients are reduced)
// the cp*dp/ep ranks at the same tensor rank and place in their expert group.
// So ep divides cp*dp (with cp = 1, Megatron's "ep divides dp"). World 8,
// t=2, d=4, ep=2: expert groups [0,2] [1,3] [4,6] [5,7], expert-data groups
// [0,4] [1,5] [2,6] [3,7].
//
//===----------------------------------------------------------------------===//
#ifndef MTC_PLAN_RANKGRID_H
#define MTC_PLAN_RANKGRID_H

#include "mtc/Plan/Result.h"

#include <vector>

namespace mtc {

/// A rank's place on the grid.
struct RankCoord {
  int tp = 0; ///< position inside its tensor-parallel group
  int dp = 0; ///< position inside its data-parallel group
  int pp = 0; ///< pipeline stage
  int cp = 0; ///< position inside its context-parallel group
  bool operator==(const RankCoord &o) const {
    return tp == o.tp && dp == o.dp && pp == o.pp && cp == o.cp;
  }
};

class RankGrid {
public:
  /// Checks world == tp * cp * pp * dp and that every size is >= 1; vp > 1
  /// needs pp > 1 (interleaving one stage is meaningless); ep divides cp * dp.
  /// Errors name the numbers.
  static Result<RankGrid> create(int world, int tp, int pp, int dp, int vp = 1, int cp = 1,
                                 int ep = 1);

  int world() const { return world_; }
  int tp() const { return tp_; }
  int pp() const { return pp_; }
  int dp() const { return dp_; }
  int vp() const { return vp_; }
  int cp() const { return cp_; }
  int ep() const { return ep_; }

  RankCoord coord(int rank) const;
  int rankOf(RankCoord c) const;

  /// Members (ascending ranks) of the group of each kind that holds `rank`.
  std::vector<int> tpGroup(int rank) const;
  std::vector<int> dpGroup(int rank) const;
  std::vector<int> ppGroup(int rank) const;
  std::vector<int> cpGroup(int rank) const;
  /// The ranks holding the same parameters (same tp and pp place): dp x cp of
  /// them, over which replicated parameters' gradients are reduced.
  std::vector<int> dataContextGroup(int rank) const;
  /// Expert parallelism (above): the ep ranks sharing the experts of a layer
  /// (tokens travel between them), and the cp*dp/ep ranks holding the same
  /// experts (their gradients are reduced there).
  std::vector<int> epGroup(int rank) const;
  std::vector<int> expertDataGroup(int rank) const;
  /// First and last stage of rank's pipeline group (tied embedding/logits
  /// gradients are all-reduced there); one member when pp == 1.
  std::vector<int> embeddingGroup(int rank) const;

  /// Every group of a kind, each listed once, ordered by their smallest rank.
  std::vector<std::vector<int>> allTpGroups() const;
  std::vector<std::vector<int>> allDpGroups() const;
  std::vector<std::vector<int>> allPpGroups() const;
  std::vector<std::vector<int>> allCpGroups() const;
  std::vector<std::vector<int>> allDataContextGroups() const;
  std::vector<std::vector<int>> allEpGroups() const;
  std::vector<std::vector<int>> allExpertDataGroups() const;

  /// Pipeline stage that holds virtual chunk `chunk` (0 <= chunk < pp * vp):
  /// stage r holds chunks r, r + pp, ..., r + (vp - 1) pp.
  int stageOfChunk(int chunk) const { return chunk % pp_; }

private:
  RankGrid(int world, int tp, int pp, int dp, int vp, int cp, int ep)
      : world_(world), tp_(tp), pp_(pp), dp_(dp), vp_(vp), cp_(cp), ep_(ep) {}
  /// Ranks of rank's stage and tensor rank whose (cp, dp) index c + cp*d
  /// satisfies `keep(index)`, ascending.
  template <typename Keep> std::vector<int> foldedGroup(int rank, Keep keep) const;
  int world_, tp_, pp_, dp_, vp_, cp_, ep_;
};

} // namespace mtc

#endif // MTC_PLAN_RANKGRID_H
