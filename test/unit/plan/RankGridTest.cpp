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
