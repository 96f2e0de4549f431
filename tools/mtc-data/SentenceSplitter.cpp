#include "SentenceSplitter.h"

#include <unicode/uchar.h>
#include <unicode/utf8.h>

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <string>

namespace mtc::data {
namespace {

// Lower-case, without the final period. Words that as often end a sentence
// ("no", "sat", "wed", "art") are left out: a missed split only makes a longer
// sentence, a wrong one cuts a sentence in two.
constexpr std::string_view kAbbreviations[] = {
    "mr",  "mrs",  "ms",  "dr",   "prof", "sr",  "jr",   "st",  "mt",   "rev",  "gen",
    "col", "capt", "lt",  "sgt",  "cpl",  "hon", "gov",  "sen", "rep",  "pres", "vs",
    "etc", "cf",   "al",  "approx", "ca", "nos", "fig",  "figs", "vol", "vols", "pp",
    "eds", "inc",  "ltd", "co",   "corp", "bros", "dept", "univ", "ph.d",
    "jan", "feb",  "mar", "apr",  "jun",  "jul", "aug",  "sep", "sept", "oct",  "nov", "dec"};

bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

bool isTerminator(char c) { return c == '.' || c == '!' || c == '?'; }

// Length of the closing quote or bracket at text[i], or 0.
size_t closerLength(std::string_view text, size_t i) {
  char c = text[i];
  if (c == '"' || c == '\'' || c == ')' || c == ']' || c == '}')
    return 1;
  for (std::string_view closer : {"\xe2\x80\x9d" /* ” */, "\xe2\x80\x99" /* ’ */,
                                  "\xc2\xbb" /* » */})
    if (text.substr(i, closer.size()) == closer)
      return closer.size();
  return 0;
}

// Length of the opening quote or bracket at text[i], or 0.
size_t openerLength(std::string_view text, size_t i) {
  char c = text[i];
  if (c == '"' || c == '\'' || c == '(' || c == '[')
    return 1;
  for (std::string_view opener : {"\xe2\x80\x9c" /* “ */, "\xe2\x80\x98" /* ‘ */,
                                  "\xc2\xab" /* « */, "\xc2\xbf" /* ¿ */, "\xc2\xa1" /* ¡ */})
    if (text.substr(i, opener.size()) == opener)
      return opener.size();
  return 0;
}

bool startsSentence(std::string_view text, size_t i) {
  if (openerLength(text, i))
    return true;
  int32_t offset = static_cast<int32_t>(i);
  UChar32 c;
  U8_NEXT(text.data(), offset, static_cast<int32_t>(text.size()), c);
  return c >= 0 && (u_isupper(c) || u_istitle(c) || u_isdigit(c));
}

// "J", "U.S", "e.g": single letters separated by periods.
bool isInitials(std::string_view word) {
  if (word.empty())
    return false;
  size_t begin = 0;
  while (true) {
    size_t end = std::min(word.find('.', begin), word.size());
    int32_t offset = static_cast<int32_t>(begin);
    UChar32 c;
    U8_NEXT(word.data(), offset, static_cast<int32_t>(end), c);
    if (c < 0 || !u_isalpha(c) || static_cast<size_t>(offset) != end)
      return false;
    if (end == word.size())
      return true;
    begin = end + 1;
  }
}

// Whether the '.' at text[dot] closes an abbreviation or initials rather than a
// sentence; `from` is where the current sentence starts.
bool endsAbbreviation(std::string_view text, size_t from, size_t dot) {
  size_t begin = dot;
  while (begin > from && !isSpace(text[begin - 1]))
    --begin;
  while (begin < dot) { // "(Mr." and "“Dr." are abbreviations too
    size_t opener = openerLength(text, begin);
    if (!opener)
      break;
    begin += opener;
  }
  std::string_view word = text.substr(begin, dot - begin);
  if (isInitials(word))
    return true;
  std::string lower(word);
  for (char &c : lower)
    c = static_cast<char>(c >= 'A' && c <= 'Z' ? c + 32 : c);
  return std::find(std::begin(kAbbreviations), std::end(kAbbreviations), lower) !=
         std::end(kAbbreviations);
}

void addTrimmed(std::string_view text, size_t begin, size_t end,
                std::vector<std::string_view> &sentences) {
  while (begin < end && isSpace(text[begin]))
    ++begin;
  while (end > begin && isSpace(text[end - 1]))
    --end;
  if (end > begin)
    sentences.push_back(text.substr(begin, end - begin));
}

} // namespace

std::vector<std::string_view> splitSentences(std::string_view text) {
  std::vector<std::string_view> sentences;
  const size_t n = text.size();
  size_t sentenceStart = 0;
  for (size_t i = 0; i < n;) {
    if (!isTerminator(text[i])) {
      ++i;
      continue;
    }
    size_t runEnd = i;
    while (runEnd < n && isTerminator(text[runEnd]))
      ++runEnd;
    size_t end = runEnd; // past the closing quotes and brackets
    while (end < n) {
      size_t closer = closerLength(text, end);
      if (!closer)
        break;
      end += closer;
    }
    size_t next = end;
    while (next < n && isSpace(text[next]))
      ++next;
    bool lonePeriod = runEnd == i + 1 && text[i] == '.';
    if (next > end && next < n && startsSentence(text, next) &&
        !(lonePeriod && endsAbbreviation(text, sentenceStart, i))) {
      addTrimmed(text, sentenceStart, end, sentences);
      sentenceStart = next;
    }
    i = std::max(end, i + 1);
  }
  addTrimmed(text, sentenceStart, n, sentences);
  return sentences;
}

} // namespace mtc::data
