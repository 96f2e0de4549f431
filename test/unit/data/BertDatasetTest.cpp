#include "data/BertDataset.h"
#include "DataErrorOf.h"
#include "data/DataError.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <thread>

using namespace mtc::data;

namespace {

constexpr int32_t kPad = 0, kCls = 1, kSep = 2, kMask = 3;
constexpr int32_t kFirstId = 100; // data ids start here, far from the specials
constexpr int64_t kVocab = 30000;

using mtc::data::testing::errorOf;

std::string tempPrefix(const std::string &name) {
  return (std::filesystem::temp_directory_path() / ("mtc_bert_" + name)).string();
}

// Documents given as sentence lengths. Token k of the stream has id
// kFirstId + k (mod the vocabulary when `wrap`), so an unmasked sample says
// exactly which tokens it holds.
IndexedDataset writeDataset(const std::string &name,
                            const std::vector<std::vector<int64_t>> &docs, bool wrap = false) {
  const std::string prefix = tempPrefix(name);
  IndexedDatasetWriter writer(prefix, kVocab);
  int64_t next = 0;
  for (const auto &lengths : docs) {
    std::vector<std::vector<int32_t>> sentences;
    for (int64_t length : lengths) {
      std::vector<int32_t> sentence(length);
      for (auto &t : sentence) {
        t = static_cast<int32_t>(kFirstId + (wrap ? next % 1000 : next));
        ++next;
      }
      sentences.push_back(std::move(sentence));
    }
    writer.addDocument(sentences);
  }
  writer.finalize();
  return IndexedDataset(prefix);
}

// 80 documents of 1..12 sentences of 1..40 tokens (a few single-sentence ones).
const IndexedDataset &sentenceDataset() {
  static IndexedDataset data = [] {
    std::vector<std::vector<int64_t>> docs;
    uint64_t state = 12345;
    auto next = [&](int64_t bound) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      return static_cast<int64_t>((state >> 33) % bound);
    };
    for (int d = 0; d < 80; ++d) {
      std::vector<int64_t> lengths(1 + next(12));
      for (auto &l : lengths)
        l = 1 + next(40);
      docs.push_back(lengths);
    }
    return writeDataset("sentences", docs);
  }();
  return data;
}

// Word pieces: every id that is not 1 mod 3 continues a word ("##..."), so
// words are up to 3 pieces long.
std::vector<bool> continuationTable() {
  std::vector<bool> table(kVocab, false);
  for (int32_t id = kFirstId; id < kVocab; ++id)
    table[id] = id % 3 != 1;
  return table;
}

BertDatasetOptions options(int64_t seqLength = 64) {
  BertDatasetOptions o;
  o.seqLength = seqLength;
  o.special = {kCls, kSep, kMask, kPad};
  o.vocabSize = kVocab;
  return o;
}

bool isSpecial(int32_t id) { return id == kCls || id == kSep; }

// The tokens before masking: labels hold the originals at masked positions.
std::vector<int32_t> originals(const BertSample &s) {
  std::vector<int32_t> o(s.length);
  for (int32_t i = 0; i < s.length; ++i)
    o[i] = s.labels[i] >= 0 ? s.labels[i] : s.tokens[i];
  return o;
}

// Megatron's word grouping: a piece that is not "##" starts a word, a "##"
// piece joins the word before it ([CLS]/[SEP] in between notwithstanding), a
// "##" piece with no word before it starts one.
std::vector<std::vector<int32_t>> words(const std::vector<int32_t> &tokens,
                                        const std::vector<bool> &isContinuation) {
  std::vector<std::vector<int32_t>> groups;
  for (int32_t i = 0; i < static_cast<int32_t>(tokens.size()); ++i) {
    if (isSpecial(tokens[i]))
      continue;
    if (groups.empty() || isContinuation.empty() || !isContinuation[tokens[i]])
      groups.emplace_back();
    groups.back().push_back(i);
  }
  return groups;
}

bool consecutive(const std::vector<int32_t> &ids, size_t begin, size_t end) {
  for (size_t k = begin + 1; k < end; ++k)
    if (ids[k] != ids[k - 1] + 1)
      return false;
  return true;
}

} // namespace

TEST(BertDataset, SamplesHaveBertStructure) {
  BertDatasetOptions o = options();
  o.isContinuation = continuationTable();
  BertDataset dataset(sentenceDataset(), {0, 80}, o);
  ASSERT_GT(dataset.samplesPerEpoch(), 100);
  BertSample s;
  for (int64_t index = 0; index < 600; ++index) {
    SCOPED_TRACE("sample " + std::to_string(index));
    dataset.sample(index, s);
    ASSERT_EQ(s.tokens.size(), 64u);
    ASSERT_EQ(s.tokenTypes.size(), 64u);
    ASSERT_EQ(s.labels.size(), 64u);
    ASSERT_GE(s.length, 5);
    ASSERT_LE(s.length, 64);
    const BertDataset::Span span = dataset.span(index);
    EXPECT_LE(s.length, span.targetLength + 3);
    const std::vector<int32_t> orig = originals(s);
    EXPECT_EQ(orig[0], kCls);
    EXPECT_EQ(orig[s.length - 1], kSep);
    const auto firstSep = std::find(orig.begin(), orig.end(), kSep) - orig.begin();
    ASSERT_GE(firstSep, 2) << "segment A is empty";
    ASSERT_LE(firstSep, s.length - 3) << "segment B is empty";
    EXPECT_EQ(std::count(orig.begin(), orig.end(), kSep), 2);
    for (int32_t i = 0; i < 64; ++i) {
      const int32_t type = i <= firstSep || i >= s.length ? 0 : 1;
      EXPECT_EQ(s.tokenTypes[i], type) << "position " << i;
      if (i >= s.length) {
        EXPECT_EQ(s.tokens[i], kPad) << "position " << i;
        EXPECT_EQ(s.labels[i], -1) << "position " << i;
      }
      if (i == 0 || i == firstSep || i == s.length - 1) {
        EXPECT_EQ(s.labels[i], -1) << "a special token is labelled at " << i;
        EXPECT_EQ(s.tokens[i], orig[i]) << "a special token is masked at " << i;
      }
    }
    // With the labels put back, A and B are runs of the stream (only their ends
    // were truncated), from the sample's sentences, in order unless swapped.
    ASSERT_TRUE(consecutive(orig, 1, firstSep)) << "segment A";
    ASSERT_TRUE(consecutive(orig, firstSep + 1, s.length - 1)) << "segment B";
    const int32_t aFirst = orig[1], bFirst = orig[firstSep + 1];
    EXPECT_EQ(s.isRandom, aFirst > bFirst ? 1 : 0);
    const int64_t spanBegin = sentenceDataset().sequenceStart(span.firstSentence) + kFirstId;
    const int64_t spanEnd = sentenceDataset().sequenceStart(span.endSentence - 1) +
                            sentenceDataset().sequenceLength(span.endSentence - 1) + kFirstId;
    for (int32_t i = 1; i < s.length - 1; ++i)
      if (i != firstSep) {
        EXPECT_GE(orig[i], spanBegin);
        EXPECT_LT(orig[i], spanEnd);
      }
  }
}

TEST(BertDataset, MappingCutsDocumentsLikeMegatron) {
  // seq 13 -> target 10. Sentences of 4: [0, 3) reaches 12 >= 10 with 4 left;
  // at 3 more the target is met but only 1 sentence would be left, so the last
  // sample takes all 4 (16 tokens, truncated to 10).
  const IndexedDataset data = writeDataset("rule", {{4, 4, 4, 4, 4, 4, 4}});
  BertDatasetOptions o = options(13);
  o.shortSeqProb = 0;
  BertDataset dataset(data, {0, 1}, o);
  ASSERT_EQ(dataset.samplesPerEpoch(), 2);
  std::vector<std::pair<int64_t, int64_t>> spans;
  for (int64_t i = 0; i < 2; ++i) {
    const BertDataset::Span span = dataset.span(i);
    EXPECT_EQ(span.targetLength, 10);
    spans.emplace_back(span.firstSentence, span.endSentence);
  }
  std::sort(spans.begin(), spans.end());
  EXPECT_EQ(spans, (std::vector<std::pair<int64_t, int64_t>>{{0, 3}, {3, 7}}));
  // Truncation takes tokens from either end: over the draws of the second
  // sample (ids 112..127), both its first and its last tokens go missing.
  BertSample s;
  int64_t second = 0, frontCut = 0, backCut = 0;
  for (int64_t i = 0; i < 400; ++i) {
    dataset.sample(i, s);
    EXPECT_EQ(s.length, 13) << "12 and 16 tokens are truncated to 10 + 3";
    if (dataset.span(i).firstSentence != 3)
      continue;
    std::vector<int32_t> orig = originals(s);
    orig.erase(std::remove_if(orig.begin(), orig.end(), isSpecial), orig.end());
    ++second;
    frontCut += *std::min_element(orig.begin(), orig.end()) > kFirstId + 12;
    backCut += *std::max_element(orig.begin(), orig.end()) < kFirstId + 27;
  }
  EXPECT_GT(frontCut, second / 4);
  EXPECT_GT(backCut, second / 4);

  // Without the binary head one sentence is a sample: A only, one [SEP]. The
  // target stays seq - 3 (as Megatron's), so the longest sample is seq - 1.
  const IndexedDataset single = writeDataset("single", {{30}, {3}});
  o.binaryHead = false;
  BertDataset plain(single, {0, 2}, o);
  ASSERT_EQ(plain.samplesPerEpoch(), 2);
  for (int64_t i = 0; i < 20; ++i) {
    plain.sample(i, s);
    const std::vector<int32_t> orig = originals(s);
    EXPECT_EQ(s.isRandom, 0);
    EXPECT_TRUE(s.length == 12 || s.length == 5) << s.length;
    EXPECT_EQ(std::count(orig.begin(), orig.end(), kSep), 1);
    EXPECT_EQ(orig[s.length - 1], kSep);
    EXPECT_TRUE(std::all_of(s.tokenTypes.begin(), s.tokenTypes.end(),
                            [](int32_t t) { return t == 0; }));
  }
}

TEST(BertDataset, SegmentsSplitAtARandomSentenceBoundary) {
  // One sample of 5 sentences of 2 tokens (no truncation): A is the first k
  // sentences, k uniform in [1, 4], then A and B are swapped half the time.
  const IndexedDataset data = writeDataset("pivot", {{2, 2, 2, 2, 2}});
  BertDataset dataset(data, {0, 1}, options());
  ASSERT_EQ(dataset.samplesPerEpoch(), 1);
  std::map<int64_t, int64_t> firstPart; // k -> samples
  BertSample s;
  const int64_t samples = 4000;
  for (int64_t i = 0; i < samples; ++i) {
    dataset.sample(i, s);
    ASSERT_EQ(s.length, 13);
    const std::vector<int32_t> orig = originals(s);
    const auto firstSep = std::find(orig.begin(), orig.end(), kSep) - orig.begin();
    const int64_t lengthA = firstSep - 1, lengthB = s.length - 2 - firstSep;
    ++firstPart[(s.isRandom ? lengthB : lengthA) / 2];
  }
  ASSERT_EQ(firstPart.size(), 4u);
  for (auto [k, count] : firstPart) {
    EXPECT_GE(k, 1);
    EXPECT_LE(k, 4);
    EXPECT_NEAR(double(count) / samples, 0.25, 0.03) << "k = " << k;
  }
}

TEST(BertDataset, SkipsDocumentsAsMegatron) {
  // Kept: 2 sentences. Skipped: a single sentence (binary head), no sentence,
  // several sentences of which one is over 512 tokens. Empty sequences are not
  // sentences: document 4 has one sentence, document 5 two.
  const IndexedDataset data =
      writeDataset("skips", {{5, 6}, {7}, {}, {3, 513}, {0, 9, 0}, {2, 0, 3, 0}});
  BertDataset dataset(data, {0, 6}, options());
  ASSERT_EQ(dataset.samplesPerEpoch(), 2);
  std::vector<int64_t> firsts = {dataset.span(0).firstSentence, dataset.span(1).firstSentence};
  std::sort(firsts.begin(), firsts.end());
  // Documents 0 and 5; document 5 starts at sequence 8.
  EXPECT_EQ(firsts, (std::vector<int64_t>{0, 8}));
  BertSample s;
  for (int64_t i = 0; i < 20; ++i) {
    dataset.sample(i, s);
    EXPECT_TRUE(s.length == 3 + 11 || s.length == 3 + 5) << s.length;
  }

  // A single long sentence is kept (and truncated) without the binary head.
  const IndexedDataset longOne = writeDataset("long_single", {{600}});
  BertDatasetOptions o = options();
  o.binaryHead = false;
  BertDataset plain(longOne, {0, 1}, o);
  EXPECT_EQ(plain.samplesPerEpoch(), 1);
  plain.sample(0, s);
  EXPECT_EQ(s.length, 61 + 2);
}

TEST(BertDataset, ErrorsNameTheSplitAndNumbers) {
  const IndexedDataset data = writeDataset("errors", {{5}, {6}, {}, {3, 600}});
  std::string message = errorOf([&] { BertDataset d(data, {0, 4}, options(), "valid"); });
  EXPECT_NE(message.find("split 'valid'"), std::string::npos) << message;
  EXPECT_NE(message.find("4 documents [0, 4) hold no BERT sample"), std::string::npos) << message;
  EXPECT_NE(message.find("1 empty, 2 with a single sentence, 1 skipped for a sentence over 512"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("binary head"), std::string::npos) << message;
  // The same documents do hold samples without the binary head.
  BertDatasetOptions o = options();
  o.binaryHead = false;
  EXPECT_EQ(BertDataset(data, {0, 2}, o).samplesPerEpoch(), 2);

  auto bad = [&](const std::function<void(BertDatasetOptions &)> &edit) {
    BertDatasetOptions o = options();
    edit(o);
    return errorOf([&] { BertDataset d(sentenceDataset(), {0, 80}, o); });
  };
  EXPECT_NE(bad([](auto &o) { o.seqLength = 4; }).find("sequence length 4"), std::string::npos);
  EXPECT_NE(bad([](auto &o) { o.maskProb = 1.5; }).find("mask probability"), std::string::npos);
  EXPECT_NE(bad([](auto &o) { o.shortSeqProb = -0.1; }).find("short-sequence"),
            std::string::npos);
  EXPECT_NE(bad([](auto &o) { o.vocabSize = 0; }).find("vocabulary size 0"), std::string::npos);
  EXPECT_NE(bad([](auto &o) { o.special.mask = kVocab; }).find("[MASK] id 30000"),
            std::string::npos);
  EXPECT_NE(bad([](auto &o) { o.isContinuation.assign(10, false); }).find("10 entries"),
            std::string::npos);
  EXPECT_NE(errorOf([&] { BertDataset d(sentenceDataset(), {70, 81}, options()); })
                .find("outside the dataset's 80 documents"),
            std::string::npos);

  // Ids past the vocabulary are found when read.
  BertDatasetOptions small = options();
  small.vocabSize = 1000;
  BertDataset narrow(sentenceDataset(), {0, 80}, small);
  BertSample s;
  message = errorOf([&] {
    for (int64_t i = 0; i < narrow.samplesPerEpoch(); ++i)
      narrow.sample(i, s);
  });
  EXPECT_NE(message.find("outside the vocabulary [0, 1000)"), std::string::npos) << message;
  EXPECT_THROW(narrow.sample(-1, s), DataError);
}

TEST(BertDataset, DeterministicAndIndependentOfAccessOrder) {
  BertDatasetOptions o = options();
  o.isContinuation = continuationTable();
  BertDataset a(sentenceDataset(), {0, 80}, o);
  BertDataset b(sentenceDataset(), {0, 80}, o);
  const int64_t n = a.samplesPerEpoch();
  const std::vector<int64_t> indices = {0, 5, n - 1, n, 3 * n + 7, 2, n + 5};
  std::vector<BertSample> first(indices.size());
  for (size_t k = 0; k < indices.size(); ++k)
    a.sample(indices[k], first[k]);
  BertSample s;
  for (size_t k = indices.size(); k-- > 0;) { // reverse order, another instance
    b.sample(indices[k], s);
    EXPECT_EQ(s.tokens, first[k].tokens) << indices[k];
    EXPECT_EQ(s.labels, first[k].labels) << indices[k];
    EXPECT_EQ(s.tokenTypes, first[k].tokenTypes) << indices[k];
    EXPECT_EQ(s.isRandom, first[k].isRandom) << indices[k];
  }
  // The same mapping entry in another epoch is drawn afresh.
  BertSample again;
  int differ = 0;
  for (int64_t i = 0; i < 20; ++i) {
    a.sample(i, s);
    for (int64_t j = n; j < 2 * n; ++j)
      if (a.span(j).firstSentence == a.span(i).firstSentence) {
        a.sample(j, again);
        differ += again.tokens != s.tokens;
      }
  }
  EXPECT_GT(differ, 15);

  o.seed = 99;
  BertDataset c(sentenceDataset(), {0, 80}, o);
  int changed = 0;
  for (int64_t i = 0; i < 20; ++i) {
    a.sample(i, s);
    c.sample(i, again);
    changed += s.tokens != again.tokens;
  }
  EXPECT_GT(changed, 15);
}

TEST(BertDataset, EachEpochVisitsEverySampleInANewOrder) {
  BertDataset dataset(sentenceDataset(), {0, 80}, options());
  const int64_t n = dataset.samplesPerEpoch();
  std::vector<std::vector<int64_t>> epochs(3);
  for (int64_t e = 0; e < 3; ++e)
    for (int64_t i = 0; i < n; ++i)
      epochs[e].push_back(dataset.span(e * n + i).firstSentence);
  EXPECT_NE(epochs[0], epochs[1]);
  EXPECT_NE(epochs[1], epochs[2]);
  for (auto &epoch : epochs) {
    std::sort(epoch.begin(), epoch.end());
    EXPECT_EQ(std::adjacent_find(epoch.begin(), epoch.end()), epoch.end());
  }
  EXPECT_EQ(epochs[0], epochs[1]);
  EXPECT_EQ(epochs[0], epochs[2]);
}

TEST(BertDataset, ConcurrentSamplingAgrees) {
  BertDatasetOptions o = options();
  o.isContinuation = continuationTable();
  BertDataset dataset(sentenceDataset(), {0, 80}, o);
  const int64_t count = 3 * dataset.samplesPerEpoch();
  std::vector<std::vector<int32_t>> reference(count);
  BertSample s;
  for (int64_t i = 0; i < count; ++i) {
    dataset.sample(i, s);
    reference[i] = s.tokens;
  }
  std::vector<int> mismatches(4, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      BertSample mine;
      for (int64_t k = 0; k < count; ++k) {
        // Threads walk the epochs in different orders, so the epoch cache churns.
        const int64_t i = t % 2 ? count - 1 - k : (k * 7 + t) % count;
        dataset.sample(i, mine);
        mismatches[t] += mine.tokens != reference[i];
      }
    });
  for (auto &thread : threads)
    thread.join();
  EXPECT_EQ(mismatches, std::vector<int>(4, 0));
}

TEST(BertDataset, MaskingStatisticsMatchMegatron) {
  BertDataset dataset(sentenceDataset(), {0, 80}, options());
  int64_t content = 0, masked = 0, asMask = 0, kept = 0, replaced = 0, swapped = 0;
  int64_t exact = 0;
  const int64_t samples = 4000;
  BertSample s;
  for (int64_t i = 0; i < samples; ++i) {
    dataset.sample(i, s);
    const BertDataset::Span span = dataset.span(i);
    // num_to_predict = min(floor(p * target), max(1, round(p * length))), with
    // Python's round half to even.
    const int64_t budget = std::min<int64_t>(
        static_cast<int64_t>(0.15 * span.targetLength),
        std::max<int64_t>(1, static_cast<int64_t>(std::nearbyint(0.15 * s.length))));
    int64_t here = 0;
    for (int32_t k = 0; k < s.length; ++k) {
      if (s.labels[k] < 0)
        continue;
      ++here;
      if (s.tokens[k] == kMask)
        ++asMask;
      else if (s.tokens[k] == s.labels[k])
        ++kept;
      else
        ++replaced;
    }
    ASSERT_LE(here, budget) << "sample " << i;
    exact += here == budget;
    masked += here;
    content += s.length - 3;
    swapped += s.isRandom;
  }
  // Without whole words every candidate fits, so the budget is met.
  EXPECT_GT(exact, samples * 98 / 100);
  const double fraction = double(masked) / content;
  EXPECT_GT(fraction, 0.13);
  EXPECT_LT(fraction, 0.16);
  EXPECT_NEAR(double(asMask) / masked, 0.8, 0.02);
  EXPECT_NEAR(double(kept) / masked, 0.1, 0.015);
  EXPECT_NEAR(double(replaced) / masked, 0.1, 0.015);
  EXPECT_NEAR(double(swapped) / samples, 0.5, 0.03);
}

TEST(BertDataset, NgramMaskingMasksRuns) {
  // One-token words: with 1-grams only, a masked token's right neighbour is
  // masked about 14% of the time; with n-grams of 1, 2, 3 at p = (6, 3, 2) / 11
  // about 41% (always 3-grams would give over 60%).
  BertDataset dataset(sentenceDataset(), {0, 80}, options(128));
  int64_t masked = 0, followed = 0;
  BertSample s;
  for (int64_t i = 0; i < 2000; ++i) {
    dataset.sample(i, s);
    const std::vector<int32_t> orig = originals(s);
    for (int32_t k = 1; k + 1 < s.length; ++k)
      if (s.labels[k] >= 0 && !isSpecial(orig[k + 1])) {
        ++masked;
        followed += s.labels[k + 1] >= 0;
      }
  }
  EXPECT_NEAR(double(followed) / masked, 0.41, 0.05) << followed << " / " << masked;
}

TEST(BertDataset, WholeWordMasking) {
  for (bool wholeWords : {true, false}) {
    SCOPED_TRACE(wholeWords ? "whole words" : "pieces");
    BertDatasetOptions o = options();
    if (wholeWords)
      o.isContinuation = continuationTable();
    BertDataset dataset(sentenceDataset(), {0, 80}, o);
    const std::vector<bool> table = continuationTable();
    int64_t partial = 0, maskedContinuations = 0, multiPieceWords = 0;
    BertSample s;
    for (int64_t i = 0; i < 1500; ++i) {
      dataset.sample(i, s);
      const std::vector<int32_t> orig = originals(s);
      for (const auto &word : words(orig, table)) {
        int64_t n = 0;
        for (int32_t k : word)
          n += s.labels[k] >= 0;
        partial += n != 0 && n != static_cast<int64_t>(word.size());
        multiPieceWords += n != 0 && word.size() > 1;
        for (size_t k = 1; k < word.size(); ++k)
          maskedContinuations += s.labels[word[k]] >= 0;
      }
    }
    EXPECT_GT(maskedContinuations, 1000);
    if (wholeWords) {
      EXPECT_EQ(partial, 0) << "a word was masked in part";
      EXPECT_GT(multiPieceWords, 1000);
    } else {
      EXPECT_GT(partial, 1000) << "pieces are masked on their own";
    }
  }
}

TEST(BertDataset, ShortSequencesAsMegatron) {
  // One-token sentences reach the target exactly, so a sample is as long as its
  // target; 10% of targets are drawn from [2, seq - 3].
  std::vector<std::vector<int64_t>> docs(1, std::vector<int64_t>(40000, 1));
  const IndexedDataset data = writeDataset("short", docs, /*wrap=*/true);
  BertDataset dataset(data, {0, 1}, options(16));
  const int64_t n = dataset.samplesPerEpoch();
  ASSERT_GT(n, 3000);
  int64_t shortOnes = 0, sum = 0;
  std::map<int32_t, int64_t> histogram;
  BertSample s;
  for (int64_t i = 0; i < n; ++i) {
    const BertDataset::Span span = dataset.span(i);
    if (span.targetLength < 13) {
      ++shortOnes;
      sum += span.targetLength;
      ++histogram[span.targetLength];
    }
    if (i < 500) {
      dataset.sample(i, s);
      if (span.endSentence != 40000) { // the document's last sample takes what is left
        EXPECT_EQ(s.length, span.targetLength + 3) << "sample " << i;
      }
    }
  }
  // P(short) = 0.1, minus the 1 in 12 short draws that land on 13.
  EXPECT_NEAR(double(shortOnes) / n, 0.1 * 11 / 12, 0.015);
  EXPECT_EQ(histogram.begin()->first, 2);
  EXPECT_EQ(histogram.rbegin()->first, 12);
  EXPECT_NEAR(double(sum) / shortOnes, 7.0, 0.5);

  // Megatron's ratio: 0.28 becomes 1 / round(1 / 0.28) = 1/4.
  BertDatasetOptions o = options(16);
  o.shortSeqProb = 0.28;
  BertDataset quarter(data, {0, 1}, o);
  shortOnes = 0;
  for (int64_t i = 0; i < quarter.samplesPerEpoch(); ++i)
    shortOnes += quarter.span(i).targetLength < 13;
  EXPECT_NEAR(double(shortOnes) / quarter.samplesPerEpoch(), 0.25 * 11 / 12, 0.025);
}
