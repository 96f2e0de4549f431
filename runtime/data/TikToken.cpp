#include "data/TikToken.h"

#include "data/DataError.h"
#include "data/Llama3PreTokenizer.h"
#include "data/Utf8.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <fstream>
#include <limits>
#include <functional>
#include <sstream>

#include <unicode/uchar.h>
#include <unicode/utf8.h>

namespace mtc::data {
namespace {

// Meta's tokens are at most a few dozen bytes; a line past this is no ranks file.
constexpr size_t kMaxTokenBytes = 1024;
constexpr size_t kMaxLineBytes = 2048;
// Pieces longer than this go through the heap: the reference scan is quadratic.
constexpr size_t kHeapMinPieceBytes = 128;
constexpr int32_t kNoRank = INT32_MAX;

// The first (up to) 8 bytes of `s`, little-endian, zero-padded.
inline uint64_t firstWord(std::string_view s) {
  uint64_t w = 0;
  if (s.size() >= 8) {
    std::memcpy(&w, s.data(), 8);
  } else if (s.size() >= 4) {
    uint32_t lo, hi;
    std::memcpy(&lo, s.data(), 4);
    std::memcpy(&hi, s.data() + s.size() - 4, 4);
    w = lo | (static_cast<uint64_t>(hi) << (8 * (s.size() - 4)));
  } else {
    for (size_t i = 0; i < s.size(); ++i)
      w |= static_cast<uint64_t>(static_cast<unsigned char>(s[i])) << (8 * i);
  }
  return w;
}

inline uint64_t mix(uint64_t h) {
  h ^= h >> 32;
  h *= 0xD6E8FEB86659FD93ull;
  h ^= h >> 32;
  return h;
}

inline uint64_t hashBytes(std::string_view s, uint64_t first) {
  uint64_t h = (first ^ (s.size() * 0x9E3779B97F4A7C15ull)) * 0x94D049BB133111EBull;
  for (size_t i = 8; i < s.size(); i += 8) {
    uint64_t w = firstWord(s.substr(i));
    h = ((h ^ (h >> 29)) ^ w) * 0x94D049BB133111EBull;
  }
  return mix(h);
}

int base64Value(unsigned char c) {
  if (c >= 'A' && c <= 'Z')
    return c - 'A';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 26;
  if (c >= '0' && c <= '9')
    return c - '0' + 52;
  if (c == '+')
    return 62;
  if (c == '/')
    return 63;
  return -1;
}

// Strict standard base64 (length a multiple of 4, '=' only as final padding).
bool decodeBase64(std::string_view in, std::string &out) {
  out.clear();
  if (in.empty() || in.size() % 4 != 0)
    return false;
  size_t padding = 0;
  if (in.back() == '=')
    padding = in[in.size() - 2] == '=' ? 2 : 1;
  for (size_t i = 0; i < in.size(); i += 4) {
    uint32_t v = 0;
    bool last = i + 4 == in.size();
    for (size_t k = 0; k < 4; ++k) {
      unsigned char c = static_cast<unsigned char>(in[i + k]);
      int d;
      if (last && k >= 4 - padding) {
        d = 0;
      } else if ((d = base64Value(c)) < 0) {
        return false;
      }
      v = (v << 6) | static_cast<uint32_t>(d);
    }
    out.push_back(static_cast<char>(v >> 16));
    if (!last || padding < 2)
      out.push_back(static_cast<char>((v >> 8) & 0xFF));
    if (!last || padding < 1)
      out.push_back(static_cast<char>(v & 0xFF));
  }
  return true;
}

std::string printable(std::string_view s) {
  std::string out;
  for (unsigned char c : s.substr(0, 80)) {
    if (c >= 0x20 && c < 0x7F) {
      out += static_cast<char>(c);
    } else {
      static const char hex[] = "0123456789abcdef";
      out += "\\x";
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return s.size() > 80 ? out + "..." : out;
}

struct SpecialIndex {
  std::vector<std::pair<std::string, int32_t>> sorted; // spelling -> offset from N
  SpecialIndex() {
    std::vector<std::string> names = TikTokenTokenizer::llama3SpecialTokens();
    for (size_t i = 0; i < names.size(); ++i)
      sorted.emplace_back(names[i], static_cast<int32_t>(i));
    std::sort(sorted.begin(), sorted.end());
  }
  int32_t find(std::string_view s) const {
    auto it = std::lower_bound(sorted.begin(), sorted.end(), s,
                               [](const auto &e, std::string_view v) { return e.first < v; });
    return it != sorted.end() && it->first == s ? it->second : -1;
  }
};
const SpecialIndex &specialIndex() {
  static const SpecialIndex index;
  return index;
}

// Meta's llama3/tokenizer.py encodes a text in slices, each with tiktoken: the
// text cut every 400,000 characters, and each of those cut wherever a run of
// characters that are all whitespace (Python's str.isspace) or all not reaches
// 25,000 (_split_whitespaces_or_nonwhitespaces). Counted in code points, as
// Python's str. Only texts with such runs tokenize differently for it.
constexpr size_t kMetaMaxEncodeChars = 400000;
constexpr size_t kMetaMaxConsecutiveChars = 25000;

// Python's str.isspace(): bidirectional class WS, B or S, or category Zs.
bool pythonIsSpace(UChar32 c) {
  UCharDirection direction = u_charDirection(c);
  return direction == U_WHITE_SPACE_NEUTRAL || direction == U_BLOCK_SEPARATOR ||
         direction == U_SEGMENT_SEPARATOR || u_charType(c) == U_SPACE_SEPARATOR;
}

template <typename OnSlice> void forEachMetaSlice(std::string_view text, OnSlice &&onSlice) {
  const auto *s = reinterpret_cast<const uint8_t *>(text.data());
  const int32_t length = static_cast<int32_t>(text.size());
  int32_t at = 0;
  while (at < length) {
    // One 400,000-character block: [at, blockEnd).
    int32_t blockEnd = at;
    for (size_t chars = 0; blockEnd < length && chars < kMetaMaxEncodeChars; ++chars)
      U8_FWD_1(s, blockEnd, length);
    int32_t sliceStart = at, i = at;
    size_t run = 0;
    bool runIsSpace = false;
    while (i < blockEnd) {
      int32_t here = i;
      UChar32 c;
      U8_NEXT(s, i, blockEnd, c);
      bool space = pythonIsSpace(c);
      if (here == at || space != runIsSpace) {
        runIsSpace = space;
        run = 1;
      } else if (++run > kMetaMaxConsecutiveChars) {
        onSlice(text.substr(sliceStart, here - sliceStart));
        sliceStart = here;
        run = 1;
      }
    }
    onSlice(text.substr(sliceStart, blockEnd - sliceStart));
    at = blockEnd;
  }
}

} // namespace

std::vector<std::string> TikTokenTokenizer::llama3SpecialTokens() {
  // Meta's llama3/tokenizer.py (num_reserved_special_tokens = 256).
  std::vector<std::string> names = {
      "<|begin_of_text|>",           "<|end_of_text|>",
      "<|reserved_special_token_0|>", "<|reserved_special_token_1|>",
      "<|reserved_special_token_2|>", "<|reserved_special_token_3|>",
      "<|start_header_id|>",         "<|end_header_id|>",
      "<|reserved_special_token_4|>", "<|eot_id|>"};
  for (int i = 5; i < kNumSpecialTokens - 5; ++i)
    names.push_back("<|reserved_special_token_" + std::to_string(i) + "|>");
  return names;
}

TikTokenTokenizer TikTokenTokenizer::fromFile(const std::string &path) {
  const std::string where = "tiktoken ranks file '" + path + "'";
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw DataError("cannot open " + where +
                    " (run scripts/setup.sh to make third_party_data/tokenizers/llama3/tokenizer.model)");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad())
    throw DataError("cannot read " + where);
  const std::string text = buffer.str();

  struct Entry {
    int32_t rank;
    size_t line;
    std::string bytes;
  };
  std::vector<Entry> entries;
  std::string decoded;
  size_t lineNumber = 0;
  for (size_t pos = 0; pos < text.size();) {
    size_t eol = text.find('\n', pos);
    if (eol == std::string::npos)
      eol = text.size();
    std::string_view line(text.data() + pos, eol - pos);
    pos = eol + 1;
    ++lineNumber;
    const std::string at = where + " line " + std::to_string(lineNumber);
    if (line.size() > kMaxLineBytes)
      throw DataError(at + " is " + std::to_string(line.size()) + " bytes long; a ranks line has at most " +
                      std::to_string(kMaxLineBytes));
    if (!line.empty() && line.back() == '\r')
      line.remove_suffix(1);
    if (line.empty())
      continue;
    size_t space = line.find(' ');
    if (space == std::string_view::npos || line.find(' ', space + 1) != std::string_view::npos)
      throw DataError(at + ": expected \"BASE64 RANK\" (two fields separated by one space), got '" +
                      printable(line) + "'");
    std::string_view b64 = line.substr(0, space), rankText = line.substr(space + 1);
    if (!decodeBase64(b64, decoded))
      throw DataError(at + ": token '" + printable(b64) + "' is not valid base64");
    if (decoded.size() > kMaxTokenBytes)
      throw DataError(at + ": token of " + std::to_string(decoded.size()) + " bytes; at most " +
                      std::to_string(kMaxTokenBytes) + " are allowed");
    if (rankText.empty() || rankText.size() > 9 ||
        !std::all_of(rankText.begin(), rankText.end(), [](char c) { return c >= '0' && c <= '9'; }))
      throw DataError(at + ": rank '" + printable(rankText) + "' is not a decimal number below 10^9");
    entries.push_back({std::stoi(std::string(rankText)), lineNumber, decoded});
  }
  const size_t count = entries.size();
  if (count < 256)
    throw DataError(where + " has " + std::to_string(count) +
                    " tokens; a byte-level vocabulary has at least the 256 single bytes");
  if (count > static_cast<size_t>(INT32_MAX - kNumSpecialTokens))
    throw DataError(where + " has too many tokens");

  std::vector<size_t> lineOfRank(count, 0);
  for (const Entry &e : entries) {
    if (static_cast<size_t>(e.rank) >= count)
      throw DataError(where + " line " + std::to_string(e.line) + ": rank " + std::to_string(e.rank) +
                      " is outside [0, " + std::to_string(count) +
                      "); the ranks must be 0..N-1 for N tokens, without gaps");
    if (lineOfRank[e.rank] != 0)
      throw DataError(where + " line " + std::to_string(e.line) + ": rank " + std::to_string(e.rank) +
                      " repeats that of line " + std::to_string(lineOfRank[e.rank]));
    lineOfRank[e.rank] = e.line;
  }
  std::sort(entries.begin(), entries.end(),
            [](const Entry &a, const Entry &b) { return a.rank < b.rank; });

  TikTokenTokenizer t;
  t.numBaseTokens_ = static_cast<int32_t>(count);
  for (const Entry &e : entries) {
    t.offsets_.push_back(static_cast<uint32_t>(t.bytes_.size()));
    t.bytes_ += e.bytes;
  }
  for (const std::string &name : llama3SpecialTokens()) {
    t.offsets_.push_back(static_cast<uint32_t>(t.bytes_.size()));
    t.bytes_ += name;
  }
  t.offsets_.push_back(static_cast<uint32_t>(t.bytes_.size()));

  size_t capacity = 1;
  while (capacity < 2 * count)
    capacity <<= 1;
  t.table_.assign(capacity, Slot{0, 0, -1});
  t.tableMask_ = capacity - 1;
  for (int32_t id = 0; id < t.numBaseTokens_; ++id) {
    std::string_view bytes = t.tokenBytes(id);
    if (bytes.empty())
      throw DataError(where + " line " + std::to_string(lineOfRank[id]) + ": the token is empty");
    int32_t other = t.rankOf(bytes);
    if (other >= 0)
      throw DataError(where + " line " + std::to_string(lineOfRank[id]) + ": token '" + printable(bytes) +
                      "' repeats that of line " + std::to_string(lineOfRank[other]));
    t.insertRank(id);
  }
  for (int b = 0; b < 256; ++b) {
    char c = static_cast<char>(b);
    if (t.rankOf(std::string_view(&c, 1)) < 0)
      throw DataError(where + " lacks the token for byte " + std::to_string(b) +
                      " (a byte-level vocabulary has all 256)");
  }
  return t;
}

// A slot holds a token's first 8 bytes, its length, a hash tag and its id, so
// that a probe for a token of up to 8 bytes touches nothing but the slot.
void TikTokenTokenizer::insertRank(int32_t id) {
  std::string_view bytes = tokenBytes(id);
  uint64_t first = firstWord(bytes);
  uint64_t h = hashBytes(bytes, first);
  uint64_t slot = h & tableMask_;
  while (table_[slot].id >= 0)
    slot = (slot + 1) & tableMask_;
  table_[slot] = Slot{first, static_cast<uint32_t>(bytes.size()), id};
}

int32_t TikTokenTokenizer::rankOf(std::string_view bytes) const {
  const uint64_t first = firstWord(bytes);
  const uint64_t h = hashBytes(bytes, first);
  const auto size = static_cast<uint32_t>(bytes.size());
  uint64_t slot = h & tableMask_;
  for (;;) {
    const Slot &e = table_[slot];
    if (e.id < 0)
      return -1;
    if (e.first == first && e.size == size &&
        (size <= 8 || std::memcmp(bytes_.data() + offsets_[e.id] + 8, bytes.data() + 8, size - 8) == 0))
      return e.id;
    slot = (slot + 1) & tableMask_;
  }
}

std::string_view TikTokenTokenizer::tokenBytes(int32_t id) const {
  if (id < 0 || id >= vocabSize())
    throw DataError("token id " + std::to_string(id) + " is outside the vocabulary [0, " +
                    std::to_string(vocabSize()) + ")");
  return std::string_view(bytes_.data() + offsets_[id], offsets_[id + 1] - offsets_[id]);
}

int32_t TikTokenTokenizer::findSpecialToken(std::string_view spelling) const {
  int32_t k = specialIndex().find(spelling);
  return k < 0 ? -1 : numBaseTokens_ + k;
}

int32_t TikTokenTokenizer::specialTokenId(std::string_view spelling) const {
  int32_t id = findSpecialToken(spelling);
  if (id < 0)
    throw DataError("'" + printable(spelling) + "' is not one of Llama 3's special tokens (<|begin_of_text|>, "
                    "<|eot_id|>, <|reserved_special_token_5|>, ...)");
  return id;
}

// tiktoken's byte_pair_merge: parts[i] = (start, rank of the pair starting there).
void TikTokenTokenizer::bytePairMerge(std::string_view piece, std::vector<int32_t> &ids) const {
  struct Part {
    uint32_t start;
    int32_t rank;
  };
  thread_local std::vector<Part> parts;
  parts.clear();
  const size_t n = piece.size();
  auto rankOrNone = [&](size_t begin, size_t end) {
    int32_t r = rankOf(piece.substr(begin, end - begin));
    return r < 0 ? kNoRank : r;
  };
  for (size_t i = 0; i + 1 < n; ++i)
    parts.push_back({static_cast<uint32_t>(i), rankOrNone(i, i + 2)});
  parts.push_back({static_cast<uint32_t>(n - 1), kNoRank});
  parts.push_back({static_cast<uint32_t>(n), kNoRank});
  auto pairRank = [&](size_t i) {
    return i + 3 < parts.size() ? rankOrNone(parts[i].start, parts[i + 3].start) : kNoRank;
  };
  for (;;) {
    int32_t best = kNoRank;
    size_t at = 0;
    for (size_t i = 0; i + 1 < parts.size(); ++i)
      if (parts[i].rank < best) {
        best = parts[i].rank;
        at = i;
      }
    if (best == kNoRank)
      break;
    if (at > 0)
      parts[at - 1].rank = pairRank(at - 1);
    parts[at].rank = pairRank(at);
    parts.erase(parts.begin() + static_cast<std::ptrdiff_t>(at) + 1);
  }
  for (size_t i = 0; i + 1 < parts.size(); ++i)
    ids.push_back(rankOf(piece.substr(parts[i].start, parts[i + 1].start - parts[i].start)));
}

// The same merges in O(n log n): every current adjacent pair that is a token sits
// in a heap ordered by (rank, start), so pops come in tiktoken's order (lowest
// rank, leftmost first). A part keeps its start when it absorbs its right
// neighbour, so an entry is current exactly when its left part is alive and the
// pair still ends where it did.
void TikTokenTokenizer::bytePairMergeWithHeap(std::string_view piece,
                                              std::vector<int32_t> &ids) const {
  const auto n = static_cast<int32_t>(piece.size());
  thread_local std::vector<int32_t> next, prev;
  thread_local std::vector<char> alive;
  next.resize(n);
  prev.resize(n);
  alive.assign(n, 1);
  for (int32_t i = 0; i < n; ++i) {
    next[i] = i + 1; // n marks the end
    prev[i] = i - 1;
  }
  struct Candidate {
    int32_t rank, left, end;
    bool operator>(const Candidate &o) const {
      return rank != o.rank ? rank > o.rank : left > o.left;
    }
  };
  thread_local std::vector<Candidate> heap; // a min-heap through std::greater
  heap.clear();
  const std::greater<Candidate> after;
  auto endOf = [&](int32_t part) { return next[part]; };
  auto consider = [&](int32_t left) {
    if (left < 0 || next[left] >= n)
      return;
    int32_t end = endOf(next[left]);
    int32_t r = rankOf(piece.substr(left, end - left));
    if (r >= 0) {
      heap.push_back({r, left, end});
      std::push_heap(heap.begin(), heap.end(), after);
    }
  };
  for (int32_t i = 0; i + 1 < n; ++i)
    consider(i);
  while (!heap.empty()) {
    std::pop_heap(heap.begin(), heap.end(), after);
    Candidate c = heap.back();
    heap.pop_back();
    if (!alive[c.left] || next[c.left] >= n || endOf(next[c.left]) != c.end)
      continue;
    int32_t right = next[c.left];
    alive[right] = 0;
    next[c.left] = next[right];
    if (next[right] < n)
      prev[next[right]] = c.left;
    consider(prev[c.left]);
    consider(c.left);
  }
  for (int32_t i = 0; i < n; i = next[i])
    ids.push_back(rankOf(piece.substr(i, next[i] - i)));
}

void TikTokenTokenizer::encodeValidUtf8(std::string_view text, std::vector<int32_t> &ids) const {
  thread_local std::vector<std::string_view> pieces;
  pieces.clear();
  splitLlama3Pieces(text, pieces);
  for (std::string_view piece : pieces) {
    int32_t id = rankOf(piece);
    if (id >= 0)
      ids.push_back(id);
    else if (piece.size() < kHeapMinPieceBytes)
      bytePairMerge(piece, ids);
    else
      bytePairMergeWithHeap(piece, ids);
  }
  if (pieces.capacity() > (1u << 20)) // do not keep a huge text's buffer per thread
    std::vector<std::string_view>().swap(pieces);
}

void TikTokenTokenizer::encodeAppend(std::string_view text, std::vector<int32_t> &ids) const {
  std::string fixed;
  if (!isValidUtf8(text)) {
    fixed = replaceInvalidUtf8(text);
    text = fixed;
  }
  forEachMetaSlice(text, [&](std::string_view slice) { encodeValidUtf8(slice, ids); });
}

void TikTokenTokenizer::encodeWithSpecials(std::string_view text, std::vector<int32_t> &ids) const {
  std::string fixed;
  if (!isValidUtf8(text)) {
    fixed = replaceInvalidUtf8(text);
    text = fixed;
  }
  size_t begin = 0, search = 0;
  while (true) {
    size_t open = text.find("<|", search);
    if (open == std::string_view::npos)
      break;
    size_t close = text.find("|>", open + 2);
    if (close == std::string_view::npos)
      break;
    int32_t id = findSpecialToken(text.substr(open, close + 2 - open));
    if (id < 0) {
      search = open + 1;
      continue;
    }
    encodeValidUtf8(text.substr(begin, open - begin), ids);
    ids.push_back(id);
    begin = search = close + 2;
  }
  encodeValidUtf8(text.substr(begin), ids);
}

std::string TikTokenTokenizer::decode(const std::vector<int32_t> &ids) const {
  size_t size = 0;
  for (int32_t id : ids)
    size += tokenBytes(id).size();
  std::string text;
  text.reserve(size);
  for (int32_t id : ids)
    text += tokenBytes(id);
  return text;
}

} // namespace mtc::data
