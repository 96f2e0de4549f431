#include "data/Tokenizer.h"

#include "data/ByteLevel.h"
#include "data/DataError.h"
#include "data/PreTokenizer.h"
#include "io/JsonDepth.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <climits>
#include <queue>
#include <fstream>
#include <sstream>

namespace mtc::data {
namespace {

// Long texts produce mostly repeated pieces; past this many distinct ones the
// cache is dropped rather than grown without bound.
constexpr size_t kMaxCacheEntries = 1 << 20;
// The reference algorithm costs O(length x merges applied); past this many bytes
// a piece (a long run of letters, a base64 blob) goes through the heap instead.
constexpr size_t kHeapMinPieceBytes = 64;

std::string readWholeFile(const std::string &path, const char *what) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw DataError("cannot open " + std::string(what) + " '" + path +
                    "' (run scripts/setup.sh to fetch the GPT-2 BPE files)");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

uint64_t pairKey(int32_t left, int32_t right) {
  return (static_cast<uint64_t>(static_cast<uint32_t>(left)) << 32) |
         static_cast<uint32_t>(right);
}

} // namespace

Tokenizer::Tokenizer(const std::string &encoderJsonPath,
                     const std::string &vocabBpePath) {
  loadEncoder(encoderJsonPath);
  loadMerges(vocabBpePath);
}

Tokenizer Tokenizer::fromDirectory(const std::string &dir) {
  return Tokenizer(dir + "/encoder.json", dir + "/vocab.bpe");
}

void Tokenizer::loadEncoder(const std::string &path) {
  std::string text = readWholeFile(path, "GPT-2 encoder file");
  // Walking a parsed value recurses once per level: a flat object is expected.
  if (int depth = mtc::runtime::jsonNestingDepth(text); depth > mtc::runtime::kMaxJsonDepth)
    throw DataError("GPT-2 encoder file '" + path + "' nests JSON " + std::to_string(depth) +
                    " levels deep (it is one flat object)");
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error &e) {
    throw DataError("GPT-2 encoder file '" + path + "' is not valid JSON: " + e.what());
  }
  if (!json.is_object() || json.empty())
    throw DataError("GPT-2 encoder file '" + path +
                    "' must be a non-empty JSON object mapping token strings to ids");
  const size_t count = json.size();
  idToBytes_.assign(count, std::string());
  std::vector<bool> seen(count, false);
  for (auto it = json.begin(); it != json.end(); ++it) {
    if (!it.value().is_number_integer())
      throw DataError("GPT-2 encoder file '" + path + "': the id of token '" + it.key() +
                      "' is not an integer");
    int64_t id = it.value().get<int64_t>();
    if (id < 0 || id >= static_cast<int64_t>(count) || seen[id])
      throw DataError("GPT-2 encoder file '" + path + "': token '" + it.key() +
                      "' has id " + std::to_string(id) + ", but ids must be distinct and in [0, " +
                      std::to_string(count) + ")");
    seen[id] = true;
    std::optional<std::string> bytes = unicodeToBytes(it.key());
    if (!bytes)
      throw DataError("GPT-2 encoder file '" + path + "': token '" + it.key() +
                      "' uses a character outside GPT-2's byte-to-unicode mapping");
    idToBytes_[id] = *bytes;
    if (it.key() == kEndOfTextText)
      endOfTextId_ = static_cast<int32_t>(id);
    else
      bytesToId_.emplace(*bytes, static_cast<int32_t>(id));
  }
  if (endOfTextId_ < 0)
    throw DataError("GPT-2 encoder file '" + path + "' has no '<|endoftext|>' token");
  for (int b = 0; b < 256; ++b) {
    auto it = bytesToId_.find(std::string(1, static_cast<char>(b)));
    if (it == bytesToId_.end())
      throw DataError("GPT-2 encoder file '" + path + "' lacks the token for byte " +
                      std::to_string(b) + " (a byte-level vocabulary has all 256)");
    byteToId_[b] = it->second;
  }
}

void Tokenizer::loadMerges(const std::string &path) {
  std::string text = readWholeFile(path, "GPT-2 merges file");
  std::istringstream lines(text);
  std::string line;
  int64_t lineNumber = 0;
  int32_t rank = 0;
  while (std::getline(lines, line)) {
    ++lineNumber;
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    if (line.empty() || (lineNumber == 1 && line.rfind("#version", 0) == 0))
      continue;
    std::istringstream fields(line);
    std::string left, right, extra;
    if (!(fields >> left >> right) || (fields >> extra))
      throw DataError("GPT-2 merges file '" + path + "' line " + std::to_string(lineNumber) +
                      ": expected two tokens separated by a space, got '" + line + "'");
    std::optional<std::string> leftBytes = unicodeToBytes(left);
    std::optional<std::string> rightBytes = unicodeToBytes(right);
    auto lookup = [&](const std::optional<std::string> &bytes) {
      if (!bytes)
        return -1;
      auto it = bytesToId_.find(*bytes);
      return it == bytesToId_.end() ? -1 : it->second;
    };
    int32_t leftId = lookup(leftBytes), rightId = lookup(rightBytes);
    int32_t mergedId = (leftId < 0 || rightId < 0) ? -1 : lookup(*leftBytes + *rightBytes);
    if (mergedId < 0)
      throw DataError("GPT-2 merges file '" + path + "' line " + std::to_string(lineNumber) +
                      ": merge '" + line + "' names a token missing from encoder.json");
    // Like the reference (a dict built from the list), a repeated pair keeps its
    // last rank.
    merges_[pairKey(leftId, rightId)] = Merge{rank++, mergedId};
  }
  if (merges_.empty())
    throw DataError("GPT-2 merges file '" + path + "' holds no merges");

  std::vector<int32_t> lastProducingRank(idToBytes_.size(), -1);
  for (const auto &[key, merge] : merges_)
    lastProducingRank[merge.mergedId] = std::max(lastProducingRank[merge.mergedId], merge.rank);
  mergesOrdered_ = true;
  for (const auto &[key, merge] : merges_) {
    auto left = static_cast<int32_t>(key >> 32), right = static_cast<int32_t>(key & 0xFFFFFFFF);
    if (lastProducingRank[left] >= merge.rank || lastProducingRank[right] >= merge.rank)
      mergesOrdered_ = false;
  }
}

const Tokenizer::Merge *Tokenizer::findMerge(int32_t left, int32_t right) const {
  auto it = merges_.find(pairKey(left, right));
  return it == merges_.end() ? nullptr : &it->second;
}

void Tokenizer::bpe(std::string_view piece, std::vector<int32_t> &ids) {
  if (piece.size() == 1) {
    ids.push_back(byteToId_[static_cast<unsigned char>(piece[0])]);
    return;
  }
  std::string key(piece);
  if (auto it = cache_.find(key); it != cache_.end()) {
    ids.insert(ids.end(), it->second.begin(), it->second.end());
    return;
  }
  std::vector<int32_t> word;
  word.reserve(piece.size());
  for (char c : piece)
    word.push_back(byteToId_[static_cast<unsigned char>(c)]);

  if (mergesOrdered_ && piece.size() >= kHeapMinPieceBytes)
    mergeWithHeap(word);
  else
    mergeByPassOverPairs(word);
  ids.insert(ids.end(), word.begin(), word.end());
  if (cache_.size() >= kMaxCacheEntries)
    cache_.clear();
  cache_.emplace(std::move(key), std::move(word));
}

// The reference algorithm: repeatedly take the best-ranked adjacent pair and
// merge all of its occurrences, left to right.
void Tokenizer::mergeByPassOverPairs(std::vector<int32_t> &word) const {
  std::vector<int32_t> merged;
  while (word.size() > 1) {
    const Merge *best = nullptr;
    int32_t bestLeft = -1, bestRight = -1;
    for (size_t i = 0; i + 1 < word.size(); ++i) {
      const Merge *m = findMerge(word[i], word[i + 1]);
      if (m && (!best || m->rank < best->rank)) {
        best = m;
        bestLeft = word[i];
        bestRight = word[i + 1];
      }
    }
    if (!best)
      break;
    merged.clear();
    for (size_t i = 0; i < word.size();) {
      if (i + 1 < word.size() && word[i] == bestLeft && word[i + 1] == bestRight) {
        merged.push_back(best->mergedId);
        i += 2;
      } else {
        merged.push_back(word[i]);
        i += 1;
      }
    }
    word.swap(merged);
  }
}

// The same result in O(n log n): candidate pairs in a heap ordered by (rank,
// position). Occurrences of one rank pop left to right, as the reference merges
// them; a merge only creates pairs that contain its new token, which rank later
// when mergesOrdered_, so no rank is taken out of turn. Entries made stale by an
// earlier merge are recognized and skipped.
void Tokenizer::mergeWithHeap(std::vector<int32_t> &word) const {
  const auto n = static_cast<int32_t>(word.size());
  std::vector<int32_t> prev(n), next(n);
  for (int32_t i = 0; i < n; ++i) {
    prev[i] = i - 1;
    next[i] = i + 1 < n ? i + 1 : -1;
  }
  struct Candidate {
    int32_t rank, left, leftId, rightId;
    bool operator>(const Candidate &o) const {
      return rank != o.rank ? rank > o.rank : left > o.left;
    }
  };
  std::priority_queue<Candidate, std::vector<Candidate>, std::greater<Candidate>> heap;
  auto consider = [&](int32_t left) {
    if (left < 0 || next[left] < 0)
      return;
    if (const Merge *m = findMerge(word[left], word[next[left]]))
      heap.push({m->rank, left, word[left], word[next[left]]});
  };
  for (int32_t i = 0; i + 1 < n; ++i)
    consider(i);
  std::vector<bool> alive(n, true);
  while (!heap.empty()) {
    Candidate c = heap.top();
    heap.pop();
    int32_t right = next[c.left];
    if (!alive[c.left] || right < 0 || word[c.left] != c.leftId || word[right] != c.rightId)
      continue;
    word[c.left] = findMerge(c.leftId, c.rightId)->mergedId;
    alive[right] = false;
    next[c.left] = next[right];
    if (next[right] >= 0)
      prev[next[right]] = c.left;
    consider(prev[c.left]);
    consider(c.left);
  }
  std::vector<int32_t> result;
  for (int32_t i = 0; i >= 0 && i < n; i = next[i])
    result.push_back(word[i]);
  word.swap(result);
}

void Tokenizer::encodeOrdinary(std::string_view text, std::vector<int32_t> &ids) {
  thread_local std::vector<std::string_view> pieces;
  pieces.clear();
  splitGpt2Pieces(text, pieces);
  for (std::string_view piece : pieces)
    bpe(piece, ids);
}

void Tokenizer::encodeAppend(std::string_view text, std::vector<int32_t> &ids) {
  size_t begin = 0;
  while (true) {
    size_t found = text.find(kEndOfTextText, begin);
    encodeOrdinary(text.substr(begin, found == std::string_view::npos ? found : found - begin),
                   ids);
    if (found == std::string_view::npos)
      return;
    ids.push_back(endOfTextId_);
    begin = found + kEndOfTextText.size();
  }
}

std::vector<int32_t> Tokenizer::encode(std::string_view text) {
  std::vector<int32_t> ids;
  encodeAppend(text, ids);
  return ids;
}

std::string_view Tokenizer::tokenBytes(int32_t id) const {
  if (id < 0 || id >= vocabSize())
    throw DataError("token id " + std::to_string(id) + " is outside the vocabulary [0, " +
                    std::to_string(vocabSize()) + ")");
  if (id == endOfTextId_)
    return kEndOfTextText;
  return idToBytes_[id];
}

std::string Tokenizer::decode(const std::vector<int32_t> &ids) const {
  std::string text;
  for (int32_t id : ids)
    text += tokenBytes(id);
  return text;
}

} // namespace mtc::data
