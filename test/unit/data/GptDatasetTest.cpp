#include "data/DataError.h"
#include "DataErrorOf.h"
#include "data/GptBlend.h"
#include "data/GptDataset.h"
#include "data/NumpyRandom.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <numeric>
#include <set>

using namespace mtc::data;

namespace {

using mtc::data::testing::errorOf;

// Documents of lengths 5, 10, 15, ...; token t of the stream has id t, so a
// sample's content says where it came from.
const IndexedDataset &streamDataset() {
  static IndexedDataset data = [] {
    std::string prefix =
        (std::filesystem::temp_directory_path() / "mtc_gpt_stream").string();
    IndexedDatasetWriter writer(prefix, 100000);
    int32_t next = 0;
    for (int d = 1; d <= 20; ++d) {
      std::vector<int32_t> doc(5 * d);
      for (auto &t : doc)
        t = next++;
      writer.addDocument(doc);
    }
    writer.finalize();
    return IndexedDataset(prefix);
  }();
  return data;
}

} // namespace

TEST(Split, MegatronsCurrentRounding) {
  // Book-ends 0, 1/3, 2/3, 1 times 10, each rounded: [0,3) [3,7) [7,10). (The
  // older rule, cumulative rounded counts shifted by the excess, gave [0,4).)
  auto r = splitIndices("1,1,1", 10);
  ASSERT_TRUE(r[0] && r[1] && r[2]);
  EXPECT_EQ(r[0]->begin, 0);
  EXPECT_EQ(r[0]->end, 3);
  EXPECT_EQ(r[1]->begin, 3);
  EXPECT_EQ(r[1]->end, 7);
  EXPECT_EQ(r[2]->begin, 7);
  EXPECT_EQ(r[2]->end, 10);
  r = splitIndices("969,30,1", 15217);
  EXPECT_EQ(r[0]->end, 14745); // round(0.969 * 15217) = round(14745.273)
  EXPECT_EQ(r[1]->end, 15202);
  EXPECT_EQ(r[2]->end, 15217);
  // Half to even, as Python: 0.5 * 5 = 2.5 -> 2; 0.5 * 7 = 3.5 -> 4.
  EXPECT_EQ(splitIndices("1,1", 5)[0]->end, 2);
  EXPECT_EQ(splitIndices("1/1", 7)[0]->end, 4);
  // A missing or zero weight gives no split at all (Megatron builds none).
  r = splitIndices("80, 20", 10);
  EXPECT_EQ(r[1]->size(), 2);
  EXPECT_FALSE(r[2]);
  // A share that rounds to nothing is a split without elements.
  r = splitIndices("98,1,1", 10);
  ASSERT_TRUE(r[2]);
  EXPECT_EQ(r[2]->size(), 0);
}

TEST(Split, RefusesWhatMegatronWouldMisread) {
  EXPECT_NE(errorOf([] { splitIndices("949,x,1", 10); }).find("'x'"), std::string::npos);
  // Megatron's regex would read "1e-3" as 1 and 3.
  EXPECT_NE(errorOf([] { splitIndices("1e-3,1", 10); }).find("'1e-3'"), std::string::npos);
  EXPECT_NE(errorOf([] { splitIndices("1,2,3,4", 10); }).find("4 parts"), std::string::npos);
  EXPECT_NE(errorOf([] { splitIndices("0,0", 10); }).find("sum to 0"), std::string::npos);
  EXPECT_NE(errorOf([] { splitIndices("-1,2", 10); }).find("'-1'"), std::string::npos);
  EXPECT_NE(errorOf([] { splitIndices("", 10); }).find("not a non-negative"),
            std::string::npos);
}

TEST(NumpyRandom, ShuffleIsNumpys) {
  // numpy 1.24: r = numpy.random.RandomState(s); r.shuffle(a) on these arrays.
  auto shuffled = [](NumpyRandomState &r, int64_t n) {
    std::vector<int64_t> a(n);
    std::iota(a.begin(), a.end(), 0);
    r.shuffle(a);
    return a;
  };
  NumpyRandomState r1234(1234);
  EXPECT_EQ(shuffled(r1234, 10), (std::vector<int64_t>{7, 2, 9, 1, 0, 8, 4, 5, 6, 3}));
  NumpyRandomState r0(0); // two shuffles from one state
  EXPECT_EQ(shuffled(r0, 20), (std::vector<int64_t>{18, 1, 19, 8, 10, 17, 6, 13, 4, 2, 5, 14,
                                                    9, 7, 16, 11, 3, 0, 15, 12}));
  EXPECT_EQ(shuffled(r0, 7), (std::vector<int64_t>{5, 2, 3, 4, 1, 0, 6}));
  NumpyRandomState rMax(4294967295LL);
  EXPECT_EQ(shuffled(rMax, 5), (std::vector<int64_t>{4, 1, 0, 2, 3}));
  EXPECT_NE(errorOf([] { NumpyRandomState r(1LL << 32); }).find("[0, 2^32)"),
            std::string::npos);
}

TEST(NumpyRandom, SumIsNumpysPairwiseSum) {
  // 0.1 added 10 times in order is 0.9999999999999999; numpy's 8 partial sums
  // give 1.0, as numpy.sum([0.1] * 10) does.
  std::vector<double> tenths(10, 0.1);
  double sequential = 0;
  for (double v : tenths)
    sequential += v;
  EXPECT_EQ(sequential, 0.9999999999999999);
  EXPECT_EQ(numpySum(tenths), 1.0);
  EXPECT_EQ(numpySum({0.1, 0.2, 0.3}), (0.1 + 0.2) + 0.3);
}

TEST(GptDataset, SamplesAreWindowsOfTheShuffledSequences) {
  const IndexedDataset &data = streamDataset();
  GptDataset ds(data, {2, 12}, 8, 30, 1234);
  // Sequences 2..11 hold 15 + 20 + ... + 60 = 375 tokens: one epoch has
  // (375 - 1) / 8 = 46 samples, enough for 30.
  EXPECT_EQ(ds.tokensPerEpoch(), 375);
  EXPECT_EQ(ds.epochs(), 1);
  EXPECT_EQ(ds.size(), 46);
  // The document index is the split's sequences, shuffled.
  std::vector<int32_t> ids = ds.documentIndex();
  std::sort(ids.begin(), ids.end());
  EXPECT_EQ(ids, (std::vector<int32_t>{2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
  // Unshuffled sample k starts at token k * 8 of the shuffled stream and the
  // next one starts on its last token.
  std::vector<int32_t> stream;
  for (int32_t id : ds.documentIndex())
    for (int32_t t = 0; t < data.sequenceLength(id); ++t)
      stream.push_back(static_cast<int32_t>(data.sequenceStart(id)) + t);
  std::set<int64_t> seen;
  for (int64_t i = 0; i < ds.size(); ++i) {
    const int64_t k = ds.shuffleIndex()[i];
    seen.insert(k);
    std::vector<int32_t> expected(stream.begin() + k * 8, stream.begin() + k * 8 + 9);
    EXPECT_EQ(ds.sample(i), expected) << "sample " << i << " (unshuffled " << k << ")";
  }
  EXPECT_EQ(static_cast<int64_t>(seen.size()), ds.size());
  EXPECT_THROW(ds.sample(46), DataError);
}

TEST(GptDataset, MoreSamplesThanAnEpochRepeatAndSeparateTheFinalEpoch) {
  const IndexedDataset &data = streamDataset();
  // 375 tokens, 46 samples per epoch. 100 samples need 3 epochs; the last gives
  // 100 - (2 * 375 - 1) / 8 = 7 samples, under 80% of 46: it is shuffled apart.
  GptDataset ds(data, {2, 12}, 8, 100, 7);
  EXPECT_EQ(ds.epochs(), 3);
  EXPECT_TRUE(ds.separateFinalEpoch());
  EXPECT_EQ(ds.size(), (3 * 375 - 1) / 8);
  // The first 2 epochs' sequences come first, each sequence twice in them.
  std::vector<int32_t> firstTwo(ds.documentIndex().begin(), ds.documentIndex().begin() + 20);
  std::sort(firstTwo.begin(), firstTwo.end());
  for (int i = 0; i < 20; ++i)
    EXPECT_EQ(firstTwo[i], 2 + i / 2);
  // Samples before the final epoch are shuffled among themselves.
  const int64_t beforeFinal = (2 * 375 - 1) / 8;
  for (int64_t i = 0; i < ds.size(); ++i)
    EXPECT_EQ(ds.shuffleIndex()[i] < beforeFinal, i < beforeFinal) << i;
  // 90 samples need 2 epochs (2 * 375 >= 90 * 8 + 1); the second gives 90 - 46 = 44 of
  // its 46, not under int(0.8 * 46) = 36, so both epochs are shuffled together.
  GptDataset two(data, {2, 12}, 8, 90, 7);
  EXPECT_EQ(two.epochs(), 2);
  EXPECT_FALSE(two.separateFinalEpoch());
}

TEST(GptDataset, RefusesWhatMegatronCannotBuild) {
  const IndexedDataset &data = streamDataset();
  EXPECT_NE(errorOf([&] { GptDataset ds(data, {3, 3}, 4, 10, 1, "valid"); })
                .find("split 'valid' is too small: sequences [3, 3)"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { GptDataset ds(data, {0, 2}, 1, 10, 1); }).find("at least 2"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { GptDataset ds(data, {0, 21}, 4, 10, 1); }).find("outside"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { GptDataset ds(data, {0, 2}, 4, 10, 1LL << 33); }).find("2^32"),
            std::string::npos);
}

TEST(Blend, DataPathIsMegatronsList) {
  DataBlend one = parseDataPath("data/a");
  EXPECT_EQ(one.prefixes, (std::vector<std::string>{"data/a"}));
  EXPECT_TRUE(one.weights.empty());
  DataBlend weighted = parseDataPath(" 0.3 A\t0.7  B ");
  EXPECT_EQ(weighted.prefixes, (std::vector<std::string>{"A", "B"}));
  EXPECT_EQ(weighted.weights, (std::vector<double>{0.3, 0.7}));
  DataBlend bySize = parseDataPath("A B");
  EXPECT_EQ(bySize.prefixes, (std::vector<std::string>{"A", "B"}));
  EXPECT_TRUE(bySize.weights.empty());
  EXPECT_EQ(parseDataPath("A B C").prefixes.size(), 3u);
  EXPECT_NE(errorOf([] { parseDataPath("  "); }).find("empty"), std::string::npos);
  EXPECT_NE(errorOf([] { parseDataPath("0.3 A B C"); }).find("some prefixes have a weight"),
            std::string::npos);
  EXPECT_NE(errorOf([] { parseDataPath("0 A 1 B"); }).find("weight '0' of 'A'"),
            std::string::npos);
  EXPECT_NE(errorOf([] { parseDataPath("-1 A 1 B"); }).find("positive"), std::string::npos);
}

TEST(Blend, SizesAndIndicesAreMegatrons) {
  // ceil(ceil(1000 * w) * 1.005): 300 -> 302 (301.5 rounds up), 700 -> 704.
  EXPECT_EQ(samplesPerDataset({0.3, 0.7}, 1000, 0.005), (std::vector<int64_t>{302, 704}));
  EXPECT_EQ(samplesPerDataset({0.3, 0.7}, 1000, 0.0), (std::vector<int64_t>{300, 700}));
  std::vector<int16_t> dataset;
  std::vector<int64_t> sample;
  buildBlendingIndices({0.3, 0.7}, 10, dataset, sample);
  // Sample j goes to the dataset whose share lags w * max(j, 1) most.
  EXPECT_EQ(dataset, (std::vector<int16_t>{1, 0, 1, 1, 0, 1, 1, 0, 1, 1}));
  EXPECT_EQ(sample, (std::vector<int64_t>{0, 0, 1, 2, 1, 3, 4, 2, 5, 6}));
}

TEST(Blend, WeightedSplitTakesItsShareFromEachDataset) {
  const IndexedDataset &data = streamDataset();
  DataBlend blend{{"a", "b"}, {1.0, 3.0}};
  auto samples = buildGptSplit({&data, &data}, blend, "1,0,0", {Split::Train, 40, 8, 5});
  ASSERT_TRUE(samples);
  EXPECT_EQ(samples->size(), 10 + 30);
  int counts[2] = {0, 0};
  for (int64_t i = 0; i < samples->size(); ++i)
    ++counts[samples->source(i).first];
  EXPECT_EQ(counts[0], 10);
  EXPECT_EQ(counts[1], 30);
  // Dataset 0 built ceil(10 * 1.005) = 11 samples' worth, dataset 1 ceil(30.15) = 31.
  EXPECT_GE(samples->datasets()[0]->size(), 11);
  // No valid share: no valid split.
  EXPECT_FALSE(buildGptSplit({&data, &data}, blend, "1,0,0", {Split::Valid, 40, 8, 5}));
}

TEST(DataParallel, SharesAreDisjointAndCoverTheGlobalBatch) {
  const int64_t globalBatch = 48, micro = 3, dpSize = 4;
  for (int64_t iteration : {0, 1, 7}) {
    std::vector<int64_t> all;
    for (int64_t rank = 0; rank < dpSize; ++rank) {
      for (int64_t m = 0; m < globalBatch / (micro * dpSize); ++m) {
        std::vector<int64_t> idx =
            dataParallelSampleIndices(iteration, m, rank, dpSize, micro, globalBatch);
        ASSERT_EQ(static_cast<int64_t>(idx.size()), micro);
        all.insert(all.end(), idx.begin(), idx.end());
      }
    }
    std::sort(all.begin(), all.end());
    ASSERT_EQ(static_cast<int64_t>(all.size()), globalBatch);
    for (int64_t k = 0; k < globalBatch; ++k)
      EXPECT_EQ(all[k], iteration * globalBatch + k); // disjoint and complete
  }
  // Megatron order: round 0 gives rank 0 samples 0..2, rank 1 samples 3..5.
  EXPECT_EQ(dataParallelSampleIndices(0, 0, 1, 4, 3, 48), (std::vector<int64_t>{3, 4, 5}));
  EXPECT_EQ(dataParallelSampleIndices(2, 1, 0, 4, 3, 48),
            (std::vector<int64_t>{96 + 12, 97 + 12, 98 + 12}));
}

TEST(DataParallel, BadLayoutsAreRejected) {
  EXPECT_NE(errorOf([] { dataParallelSampleIndices(0, 0, 0, 4, 3, 50); })
                .find("global batch 50 is not divisible"),
            std::string::npos);
  EXPECT_NE(errorOf([] { dataParallelSampleIndices(0, 0, 4, 4, 3, 48); }).find("rank 4"),
            std::string::npos);
  EXPECT_NE(errorOf([] { dataParallelSampleIndices(0, 4, 0, 4, 3, 48); })
                .find("micro-batch index 4"),
            std::string::npos);
}
