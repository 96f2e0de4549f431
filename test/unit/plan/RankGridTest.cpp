#include "mtc/Plan/RankGrid.h"

#include <gtest/gtest.h>

#include <set>

using namespace mtc;

namespace {
using Groups = std::vector<std::vector<int>>;

TEST(RankGrid, MegatronExampleWorld16) {
  auto grid = RankGrid::create(16, /*tp=*/2, /*pp=*/4, /*dp=*/2);
  ASSERT_TRUE(grid.ok()) << grid.error();
  EXPECT_EQ(grid->allTpGroups(),
            (Groups{{0, 1}, {2, 3}, {4, 5}, {6, 7}, {8, 9}, {10, 11}, {12, 13}, {14, 15}}));
  EXPECT_EQ(grid->allDpGroups(),
            (Groups{{0, 2}, {1, 3}, {4, 6}, {5, 7}, {8, 10}, {9, 11}, {12, 14}, {13, 15}}));
  EXPECT_EQ(grid->allPpGroups(),
            (Groups{{0, 4, 8, 12}, {1, 5, 9, 13}, {2, 6, 10, 14}, {3, 7, 11, 15}}));
  EXPECT_EQ(grid->coord(13), (RankCoord{1, 0, 3}));
  EXPECT_EQ(grid->coord(6), (RankCoord{0, 1, 1}));
  EXPECT_EQ(grid->embeddingGroup(9), (std::vector<int>{1, 13}));
  EXPECT_EQ(grid->embeddingGroup(0), (std::vector<int>{0, 12}));
  EXPECT_EQ(grid->tpGroup(7), (std::vector<int>{6, 7}));
  EXPECT_EQ(grid->dpGroup(7), (std::vector<int>{5, 7}));
  EXPECT_EQ(grid->ppGroup(7), (std::vector<int>{3, 7, 11, 15}));
}

TEST(RankGrid, EveryRankInExactlyOneGroupOfEachKind) {
  for (auto [t, p, d] : std::vector<std::tuple<int, int, int>>{
           {1, 1, 1}, {2, 4, 2}, {8, 3, 5}, {4, 1, 6}, {1, 7, 1}, {3, 2, 4}}) {
    int world = t * p * d;
    auto grid = RankGrid::create(world, t, p, d);
    ASSERT_TRUE(grid.ok()) << grid.error();
    auto check = [&](const Groups &groups, int size, const char *kind) {
      std::vector<int> count(world, 0);
      for (const auto &g : groups) {
        EXPECT_EQ(static_cast<int>(g.size()), size) << kind;
        for (int r : g)
          ++count[r];
      }
      for (int r = 0; r < world; ++r)
        EXPECT_EQ(count[r], 1) << kind << " rank " << r << " t=" << t
                               << " p=" << p << " d=" << d;
    };
    check(grid->allTpGroups(), t, "tp");
    check(grid->allDpGroups(), d, "dp");
    check(grid->allPpGroups(), p, "pp");
    for (int r = 0; r < world; ++r) {
      EXPECT_EQ(grid->rankOf(grid->coord(r)), r);
      // A rank's groups intersect pairwise only in the rank itself.
      auto tg = grid->tpGroup(r), dg = grid->dpGroup(r), pg = grid->ppGroup(r);
      std::set<int> all(tg.begin(), tg.end());
      all.insert(dg.begin(), dg.end());
      all.insert(pg.begin(), pg.end());
      EXPECT_EQ(static_cast<int>(all.size()), t + d + p - 2);
    }
  }
}

TEST(RankGrid, ErrorsNameTheNumbers) {
  auto bad = RankGrid::create(16, 2, 4, 3);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("16"), std::string::npos) << bad.error();
  EXPECT_NE(bad.error().find("24"), std::string::npos) << bad.error();

  auto zero = RankGrid::create(8, 0, 4, 2);
  ASSERT_FALSE(zero.ok());
  EXPECT_NE(zero.error().find("tp=0"), std::string::npos) << zero.error();

  auto vpNoPipe = RankGrid::create(8, 8, 1, 1, 2);
  ASSERT_FALSE(vpNoPipe.ok());
  EXPECT_NE(vpNoPipe.error().find("vp=2"), std::string::npos) << vpNoPipe.error();

  auto withVp = RankGrid::create(8, 2, 2, 2, 3);
  ASSERT_TRUE(withVp.ok());
  EXPECT_EQ(withVp->stageOfChunk(5), 1);
}
} // namespace

namespace {
// Megatron's tp-cp-dp-pp order (parallel_state.py's RankGenerator, order
// "tp-cp-ep-dp-pp" without experts): t=2, c=2, d=2, p=2 on 16 ranks.
TEST(RankGrid, ContextParallelFollowsTensorRanks) {
  auto grid = RankGrid::create(16, /*tp=*/2, /*pp=*/2, /*dp=*/2, /*vp=*/1, /*cp=*/2);
  ASSERT_TRUE(grid.ok()) << grid.error();
  EXPECT_EQ(grid->allTpGroups().front(), (std::vector<int>{0, 1}));
  EXPECT_EQ(grid->allCpGroups(),
            (Groups{{0, 2}, {1, 3}, {4, 6}, {5, 7}, {8, 10}, {9, 11}, {12, 14}, {13, 15}}));
  EXPECT_EQ(grid->dpGroup(0), (std::vector<int>{0, 4}));
  EXPECT_EQ(grid->ppGroup(0), (std::vector<int>{0, 8}));
  EXPECT_EQ(grid->dataContextGroup(5), (std::vector<int>{1, 3, 5, 7}));
  EXPECT_EQ(grid->allDataContextGroups().size(), 4u);
  RankCoord c = grid->coord(11);
  EXPECT_EQ(c.tp, 1);
  EXPECT_EQ(c.cp, 1);
  EXPECT_EQ(c.dp, 0);
  EXPECT_EQ(c.pp, 1);
  for (int r = 0; r < 16; ++r)
    EXPECT_EQ(grid->rankOf(grid->coord(r)), r);
  // cp = 1 leaves every group of the tp-dp-pp layout as it was.
  auto flat = RankGrid::create(8, 2, 2, 2);
  ASSERT_TRUE(flat.ok());
  EXPECT_EQ(flat->dataContextGroup(3), flat->dpGroup(3));
  EXPECT_EQ(flat->cpGroup(3), (std::vector<int>{3}));
  auto bad = RankGrid::create(8, 2, 2, 2, 1, 2);
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().find("tp*cp*pp*dp = 2*2*2*2 = 16"), std::string::npos) << bad.error();
}
} // namespace

namespace {
// Expert parallelism folds onto the data-parallel (and context) ranks as
// Megatron-Core's expert rank generator does (tp-ep-dp-pp, expert tensor
// parallelism = tp).
TEST(RankGrid, ExpertGroupsFoldOntoDataParallelRanks) {
  auto grid = RankGrid::create(8, /*tp=*/2, /*pp=*/1, /*dp=*/4, 1, 1, /*ep=*/2);
  ASSERT_TRUE(grid.ok()) << grid.error();
  EXPECT_EQ(grid->ep(), 2);
  EXPECT_EQ(grid->allEpGroups(), (Groups{{0, 2}, {1, 3}, {4, 6}, {5, 7}}));
  EXPECT_EQ(grid->allExpertDataGroups(), (Groups{{0, 4}, {1, 5}, {2, 6}, {3, 7}}));
  EXPECT_EQ(grid->epGroup(6), (std::vector<int>{4, 6}));
  EXPECT_EQ(grid->expertDataGroup(6), (std::vector<int>{2, 6}));

  // With context parallelism the folded index runs over cp first: t=1 cp=2
  // d=2 ep=2 puts each sequence's two halves in one expert group.
  auto cp = RankGrid::create(4, 1, 1, /*dp=*/2, 1, /*cp=*/2, /*ep=*/2);
  ASSERT_TRUE(cp.ok()) << cp.error();
  EXPECT_EQ(cp->allEpGroups(), cp->allCpGroups());
  EXPECT_EQ(cp->allExpertDataGroups(), (Groups{{0, 2}, {1, 3}}));
  auto whole = RankGrid::create(4, 1, 1, 2, 1, 2, /*ep=*/4);
  ASSERT_TRUE(whole.ok()) << whole.error();
  EXPECT_EQ(whole->allEpGroups(), (Groups{{0, 1, 2, 3}}));
  EXPECT_EQ(whole->allExpertDataGroups(), (Groups{{0}, {1}, {2}, {3}}));

  // ep = 1: every rank its own expert group, experts reduced like the rest.
  auto dense = RankGrid::create(8, 2, 2, 2, 1, 1);
  ASSERT_TRUE(dense.ok()) << dense.error();
  for (int r = 0; r < 8; ++r) {
    EXPECT_EQ(dense->epGroup(r), (std::vector<int>{r}));
    EXPECT_EQ(dense->expertDataGroup(r), dense->dataContextGroup(r));
  }
}

TEST(RankGrid, ExpertGroupsPartitionEveryStageAndTensorRank) {
  for (int tp : {1, 2, 4})
    for (int cp : {1, 2})
      for (int dp : {1, 2, 4, 8})
        for (int pp : {1, 2})
          for (int ep : {1, 2, 4, 8}) {
            if ((cp * dp) % ep != 0)
              continue;
            const int world = tp * cp * dp * pp;
            auto grid = RankGrid::create(world, tp, pp, dp, 1, cp, ep);
            ASSERT_TRUE(grid.ok()) << grid.error();
            std::vector<int> inEp(world, 0), inData(world, 0);
            for (const auto &g : grid->allEpGroups()) {
              ASSERT_EQ(static_cast<int>(g.size()), ep);
              for (int r : g) {
                ++inEp[r];
                EXPECT_EQ(grid->coord(r).tp, grid->coord(g[0]).tp);
                EXPECT_EQ(grid->coord(r).pp, grid->coord(g[0]).pp);
              }
            }
            for (const auto &g : grid->allExpertDataGroups()) {
              ASSERT_EQ(static_cast<int>(g.size()), cp * dp / ep);
              for (int r : g)
                ++inData[r];
            }
            for (int r = 0; r < world; ++r) {
              ASSERT_EQ(inEp[r], 1) << "rank " << r;
              ASSERT_EQ(inData[r], 1) << "rank " << r;
              // The two groups of a rank meet in the rank alone.
              const std::vector<int> group = grid->epGroup(r);
              const std::set<int> e(group.begin(), group.end());
              int shared = 0;
              for (int m : grid->expertDataGroup(r))
                shared += e.count(m);
              EXPECT_EQ(shared, 1);
            }
          }
}

TEST(RankGrid, ExpertParallelMustDivideTheDataRanks) {
  auto bad = RankGrid::create(8, 2, 1, 4, 1, 1, /*ep=*/3);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error(), "rank grid: ep=3 does not divide cp*dp = 1*4 = 4 (expert groups are "
                         "folded onto the data-parallel ranks)");
  auto zero = RankGrid::create(8, 2, 1, 4, 1, 1, /*ep=*/0);
  ASSERT_FALSE(zero.ok());
  EXPECT_NE(zero.error().find("ep=0"), std::string::npos) << zero.error();
}
} // namespace
