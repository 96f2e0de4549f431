#include "data/BertDataset.h"

#include "data/DataError.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <utility>

namespace mtc::data {
namespace {

// Megatron's helpers.cpp skips multi-sentence documents holding a sentence
// longer than this, whatever the sequence length.
constexpr int64_t kLongSentence = 512;
// N-gram masking spans 1..3 words, n drawn with probability proportional to 1/n
// (Megatron's defaults for BERT: max_ngrams=3, favor_longer_ngram=False).
constexpr int kMaxNgrams = 3;

uint64_t splitMix64(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Independent RNG streams derived from the one user seed.
enum Stream : uint64_t { kMappingStream = 1, kEpochStream = 2, kSampleStream = 3 };
uint64_t streamSeed(uint64_t seed, Stream stream, uint64_t value) {
  return splitMix64(splitMix64(splitMix64(seed) ^ stream) ^ value);
}


// Uniform in [0, 1) with 53 random bits (numpy's random() has the same resolution).
double uniform01(std::mt19937_64 &rng) { return static_cast<double>(rng() >> 11) * 0x1.0p-53; }

std::string str(int64_t v) { return std::to_string(v); }

// The per-sample work of Megatron's build_training_sample, on one RNG.
class SampleBuilder {
public:
  SampleBuilder(const BertDatasetOptions &options, std::mt19937_64 &rng)
      : o_(options), rng_(rng) {}

  // `text` holds the sample's sentences back to back, `lengths` their (non-zero)
  // lengths.
  void build(const std::vector<int32_t> &text, const std::vector<int64_t> &lengths,
             int64_t target, BertSample &out) {
    // Segments A and B as windows of `text` (get_a_and_b_segments).
    const int64_t total = static_cast<int64_t>(text.size());
    int64_t aBegin = 0, aEnd = total, bBegin = total, bEnd = total;
    bool swapped = false;
    if (o_.binaryHead) {
      const auto sentences = static_cast<int64_t>(lengths.size());
      int64_t aSentences = 1;
      if (sentences >= 3)
        aSentences = 1 + static_cast<int64_t>(uniformBelow(rng_, sentences - 1));
      int64_t cut = 0;
      for (int64_t s = 0; s < aSentences; ++s)
        cut += lengths[s];
      aEnd = bBegin = cut;
      swapped = uniform01(rng_) < 0.5;
      if (swapped) {
        std::swap(aBegin, bBegin);
        std::swap(aEnd, bEnd);
      }
    }
    // truncate_segments: one token at a time from the longer segment (B on a
    // tie), at its front or back with equal probability.
    while ((aEnd - aBegin) + (bEnd - bBegin) > target) {
      const bool fromA = aEnd - aBegin > bEnd - bBegin;
      int64_t &front = fromA ? aBegin : bBegin;
      int64_t &back = fromA ? aEnd : bEnd;
      if (uniform01(rng_) < 0.5)
        ++front;
      else
        --back;
    }

    // create_tokens_and_tokentypes.
    const BertSpecialTokens &sp = o_.special;
    tokens_.clear();
    types_.clear();
    tokens_.push_back(sp.cls);
    tokens_.insert(tokens_.end(), text.begin() + aBegin, text.begin() + aEnd);
    tokens_.push_back(sp.sep);
    types_.assign(tokens_.size(), 0);
    if (bEnd > bBegin) {
      tokens_.insert(tokens_.end(), text.begin() + bBegin, text.begin() + bEnd);
      tokens_.push_back(sp.sep);
      types_.resize(tokens_.size(), 1);
    }

    const int64_t length = static_cast<int64_t>(tokens_.size());
    const int64_t seq = o_.seqLength;
    out.tokens.assign(seq, sp.pad);
    out.tokenTypes.assign(seq, 0);
    out.labels.assign(seq, -1);
    std::copy(tokens_.begin(), tokens_.end(), out.tokens.begin());
    std::copy(types_.begin(), types_.end(), out.tokenTypes.begin());
    out.length = static_cast<int32_t>(length);
    out.isRandom = swapped ? 1 : 0;
    mask(target, out);
  }

private:
  bool isContinuation(int32_t id) const {
    return !o_.isContinuation.empty() && o_.isContinuation[id];
  }

  // create_masked_lm_predictions with masking_style "bert", whole-word masking,
  // n-grams up to 3, no permutation. Reads tokens_, writes out.tokens/labels.
  void mask(int64_t target, BertSample &out) {
    if (o_.maskProb == 0)
      return;
    // Candidates: a word-start piece and the "##" pieces after it. [CLS] and
    // [SEP] are never candidates but do not end a word either: as in Megatron,
    // a "##" piece right after a [SEP] joins the word before it.
    const int64_t length = static_cast<int64_t>(tokens_.size());
    positions_.clear();
    candidateStart_.clear();
    for (int64_t i = 0; i < length; ++i) {
      const int32_t id = tokens_[i];
      if (id == o_.special.cls || id == o_.special.sep)
        continue;
      if (candidateStart_.empty() || !isContinuation(id))
        candidateStart_.push_back(static_cast<int64_t>(positions_.size()));
      positions_.push_back(i);
    }
    const auto candidates = static_cast<int64_t>(candidateStart_.size());
    candidateStart_.push_back(static_cast<int64_t>(positions_.size()));

    // max_predictions_per_seq = masked_lm_prob * target (a float in Megatron,
    // compared with integer counts: its floor is the cap).
    const auto cap = static_cast<int64_t>(std::floor(o_.maskProb * static_cast<double>(target)));
    // Python's round() rounds half to even, as nearbyint does by default.
    const auto wanted = std::max<int64_t>(
        1, static_cast<int64_t>(std::nearbyint(static_cast<double>(length) * o_.maskProb)));
    const int64_t toPredict = std::min(cap, wanted);

    // Candidates in a random order (Fisher-Yates as numpy's shuffle).
    order_.resize(candidates);
    for (int64_t c = 0; c < candidates; ++c)
      order_[c] = c;
    for (int64_t i = candidates - 1; i > 0; --i)
      std::swap(order_[i], order_[uniformBelow(rng_, static_cast<uint64_t>(i) + 1)]);

    covered_.assign(length, 0);
    int64_t predicted = 0;
    for (int64_t c : order_) {
      if (predicted >= toPredict)
        break;
      // n in {1, 2, 3} with p = (6, 3, 2) / 11. Megatron offers all three even
      // near the end, where the n-gram is cut short by the last candidate.
      const double u = uniform01(rng_);
      int n = u < 6.0 / 11 ? 1 : u < 9.0 / 11 ? 2 : 3;
      // Shorter n-grams when the chosen one would exceed the budget.
      int64_t first = candidateStart_[c], end = 0;
      for (; n >= 1; --n) {
        end = candidateStart_[std::min<int64_t>(c + n, candidates)];
        if (predicted + (end - first) <= toPredict)
          break;
      }
      if (n == 0)
        continue;
      bool overlaps = false;
      for (int64_t p = first; p < end; ++p)
        overlaps = overlaps || covered_[positions_[p]];
      if (overlaps)
        continue;
      for (int64_t p = first; p < end; ++p) {
        const int64_t i = positions_[p];
        covered_[i] = 1;
        const int32_t original = tokens_[i];
        int32_t replacement = original; // 10%: kept
        if (uniform01(rng_) < 0.8)
          replacement = o_.special.mask; // 80%
        else if (uniform01(rng_) >= 0.5)
          replacement = static_cast<int32_t>(
              uniformBelow(rng_, static_cast<uint64_t>(o_.vocabSize))); // 10%
        out.tokens[i] = replacement;
        out.labels[i] = original;
        ++predicted;
      }
    }
  }

  const BertDatasetOptions &o_;
  std::mt19937_64 &rng_;
  std::vector<int32_t> tokens_, types_;
  std::vector<int64_t> positions_;      // candidate token positions, word by word
  std::vector<int64_t> candidateStart_; // candidate c is positions_[start[c], start[c+1])
  std::vector<int64_t> order_;
  std::vector<char> covered_;
};

} // namespace

BertDataset::BertDataset(const IndexedDataset &data, DocumentRange documents,
                         BertDatasetOptions options, std::string name)
    : data_(data), options_(std::move(options)), name_(std::move(name)) {
  const BertDatasetOptions &o = options_;
  const std::string split = "split '" + name_ + "': ";
  if (o.seqLength < 5 || o.seqLength > INT32_MAX)
    throw DataError(split + "BERT sequence length " + str(o.seqLength) +
                    " is outside [5, 2^31): [CLS] A [SEP] B [SEP] needs at least 5 tokens");
  if (!(o.maskProb >= 0 && o.maskProb <= 1))
    throw DataError(split + "mask probability " + std::to_string(o.maskProb) +
                    " is outside [0, 1]");
  if (!(o.shortSeqProb >= 0 && o.shortSeqProb <= 1))
    throw DataError(split + "short-sequence probability " + std::to_string(o.shortSeqProb) +
                    " is outside [0, 1]");
  if (o.vocabSize <= 0 || o.vocabSize > INT32_MAX)
    throw DataError(split + "vocabulary size " + str(o.vocabSize) +
                    " must be in [1, 2^31)");
  const std::pair<const char *, int32_t> specials[] = {
      {"[CLS]", o.special.cls}, {"[SEP]", o.special.sep},
      {"[MASK]", o.special.mask}, {"[PAD]", o.special.pad}};
  for (auto [what, id] : specials)
    if (id < 0 || id >= o.vocabSize)
      throw DataError(split + what + " id " + str(id) + " is outside the vocabulary [0, " +
                      str(o.vocabSize) + ")");
  if (!o.isContinuation.empty() && static_cast<int64_t>(o.isContinuation.size()) != o.vocabSize)
    throw DataError(split + "the whole-word table has " + str(o.isContinuation.size()) +
                    " entries, the vocabulary " + str(o.vocabSize) +
                    " (it must have one per id, or none)");
  if (documents.begin < 0 || documents.end < documents.begin ||
      documents.end > data.documentCount())
    throw DataError(split + "documents [" + str(documents.begin) + ", " + str(documents.end) +
                    ") are outside the dataset's " + str(data.documentCount()) + " documents");

  // build_mapping, one epoch.
  const int64_t maxTarget = o.seqLength - 3;
  const int64_t minSentences = o.binaryHead ? 2 : 1;
  // Megatron turns the probability into a ratio: short with probability
  // 1 / round(1 / p) (0.1 stays 0.1; 0.3 becomes 1/3).
  uint64_t shortRatio = 0;
  if (o.shortSeqProb > 0)
    shortRatio = static_cast<uint64_t>(std::min(std::round(1.0 / o.shortSeqProb), 0x1.0p62));
  std::mt19937_64 rng(streamSeed(o.seed, kMappingStream, 0));
  auto drawTarget = [&]() -> int32_t {
    if (shortRatio == 0 || uniformBelow(rng, shortRatio) != 0)
      return static_cast<int32_t>(maxTarget);
    return static_cast<int32_t>(2 + uniformBelow(rng, static_cast<uint64_t>(maxTarget - 1)));
  };

  int64_t emptyDocs = 0, oneSentenceDocs = 0, longSentenceDocs = 0;
  for (int64_t doc = documents.begin; doc < documents.end; ++doc) {
    const int64_t first = data.documentSequenceBegin(doc);
    const int64_t end = data.documentSequenceBegin(doc + 1);
    // Empty sequences carry no tokens and are not counted as sentences (Megatron
    // never writes them; its sampler would fail on an empty segment).
    int64_t sentences = 0;
    bool hasLong = false;
    for (int64_t s = first; s < end; ++s) {
      const int64_t length = data.sequenceLength(s);
      sentences += length > 0;
      hasLong = hasLong || length > kLongSentence;
    }
    if (sentences == 0) {
      ++emptyDocs;
      continue;
    }
    if (sentences < minSentences) {
      ++oneSentenceDocs;
      continue;
    }
    if (sentences > 1 && hasLong) {
      ++longSentenceDocs;
      continue;
    }
    int64_t start = first, tokens = 0, taken = 0, remaining = sentences;
    int32_t target = drawTarget();
    for (int64_t s = first; s < end; ++s) {
      const int64_t length = data.sequenceLength(s);
      if (length == 0)
        continue;
      tokens += length;
      ++taken;
      --remaining;
      // Cut at the target, unless that would leave a single sentence behind;
      // always at the document's end.
      if ((tokens >= target && remaining > 1 && taken >= minSentences) || remaining == 0) {
        mapping_.push_back(Span{start, s + 1, target});
        start = s + 1;
        target = drawTarget();
        tokens = taken = 0;
      }
    }
  }
  if (mapping_.empty()) {
    std::string why = split + str(documents.size()) + " documents [" + str(documents.begin) +
                      ", " + str(documents.end) + ") hold no BERT sample (" + str(emptyDocs) +
                      " empty, " + str(oneSentenceDocs) + " with a single sentence, " +
                      str(longSentenceDocs) + " skipped for a sentence over " +
                      str(kLongSentence) + " tokens, as Megatron does)";
    if (oneSentenceDocs > 0)
      why += "; sentence-order prediction (the binary head) needs documents of at least 2 "
             "sentences: write one sequence per sentence, or turn the binary head off";
    throw DataError(why);
  }
}

BertDataset::Span BertDataset::span(int64_t index) const {
  if (index < 0)
    throw DataError("split '" + name_ + "': negative sample index " + str(index));
  const int64_t perEpoch = samplesPerEpoch();
  const int64_t epoch = index / perEpoch;
  std::lock_guard<std::mutex> lock(mutex_);
  if (epoch != cachedEpoch_) {
    order_ = shuffledRange(perEpoch, streamSeed(options_.seed, kEpochStream,
                                                static_cast<uint64_t>(epoch)));
    cachedEpoch_ = epoch;
  }
  return mapping_[order_[index % perEpoch]];
}

void BertDataset::sample(int64_t index, BertSample &out) const {
  const Span s = span(index);
  const int64_t first = data_.sequenceStart(s.firstSentence);
  const int64_t end = data_.sequenceStart(s.endSentence - 1) + data_.sequenceLength(s.endSentence - 1);
  std::vector<int32_t> text(end - first);
  data_.readTokens(first, end - first, text.data());
  std::vector<int64_t> lengths;
  for (int64_t k = s.firstSentence; k < s.endSentence; ++k)
    if (int64_t length = data_.sequenceLength(k))
      lengths.push_back(length);
  for (size_t k = 0; k < text.size(); ++k)
    if (text[k] < 0 || text[k] >= options_.vocabSize)
      throw DataError("split '" + name_ + "': token id " + str(text[k]) + " at token " +
                      str(first + static_cast<int64_t>(k)) + " of the dataset is outside the "
                      "vocabulary [0, " + str(options_.vocabSize) + ")");

  std::mt19937_64 rng(streamSeed(options_.seed, kSampleStream, static_cast<uint64_t>(index)));
  SampleBuilder(options_, rng).build(text, lengths, s.targetLength, out);
}

} // namespace mtc::data
