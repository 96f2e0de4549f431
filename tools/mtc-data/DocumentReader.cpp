#include "DocumentReader.h"

#include "data/DataError.h"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace mtc::data {
namespace {

bool isBlank(std::string_view line) {
  return line.find_first_not_of(" \t\r\f\v") == std::string_view::npos;
}

std::string stripCarriageReturn(std::string line) {
  if (!line.empty() && line.back() == '\r')
    line.pop_back();
  return line;
}

// Documents made of lines between separator lines (fortune's "%", or blank lines
// for paragraphs). A document keeps its lines' newlines; one that is only
// whitespace is skipped.
void readSeparated(std::istream &in, const std::function<bool(const std::string &)> &isSeparator,
                   const std::function<void(std::string_view)> &onDocument,
                   const std::function<void(uint64_t)> &onProgress) {
  std::string line, document;
  uint64_t consumed = 0;
  auto flush = [&] {
    if (!isBlank(document))
      onDocument(document);
    document.clear();
  };
  while (std::getline(in, line)) {
    consumed += line.size() + 1;
    if (isSeparator(stripCarriageReturn(line))) {
      flush();
      onProgress(consumed);
      continue;
    }
    document += line;
    document += '\n';
  }
  flush();
  onProgress(consumed);
}

void readJsonLines(std::istream &in, const std::string &path, const std::string &key,
                   const std::function<void(std::string_view)> &onDocument,
                   const std::function<void(uint64_t)> &onProgress) {
  std::string line;
  uint64_t consumed = 0, lineNumber = 0;
  while (std::getline(in, line)) {
    ++lineNumber;
    consumed += line.size() + 1;
    if (isBlank(line))
      continue;
    auto where = [&] { return path + ":" + std::to_string(lineNumber) + ": "; };
    nlohmann::json object;
    try {
      object = nlohmann::json::parse(line);
    } catch (const nlohmann::json::parse_error &e) {
      throw DataError(where() + "not valid JSON (" + e.what() + ")");
    }
    const std::string field = "\"" + key + "\" field";
    if (!object.is_object())
      throw DataError(where() + "expected a JSON object with a " + field);
    auto text = object.find(key);
    if (text == object.end())
      throw DataError(where() + "the object has no " + field);
    if (!text->is_string())
      throw DataError(where() + "the " + field + " is not a string (lists of sentences "
                      "are not read: give whole documents)");
    onDocument(text->get_ref<const std::string &>());
    onProgress(consumed);
  }
}

} // namespace

void readDocuments(const std::string &path, const ReadOptions &options,
                   const std::function<void(std::string_view)> &onDocument,
                   const std::function<void(uint64_t)> &onProgress) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw DataError("cannot open input '" + path + "': " + std::strerror(errno));
  switch (options.format) {
  case InputFormat::Jsonl:
    readJsonLines(in, path, options.jsonKey, onDocument, onProgress);
    break;
  case InputFormat::Fortune:
    readSeparated(in, [](const std::string &line) { return line == "%"; }, onDocument,
                  onProgress);
    break;
  case InputFormat::Text:
    if (options.splitParagraphs) {
      readSeparated(in, [](const std::string &line) { return isBlank(line); }, onDocument,
                    onProgress);
    } else {
      std::ostringstream buffer;
      buffer << in.rdbuf();
      std::string document = buffer.str();
      if (!document.empty())
        onDocument(document);
      onProgress(document.size());
    }
    break;
  }
  if (in.bad())
    throw DataError("error reading input '" + path + "': " + std::strerror(errno));
}

} // namespace mtc::data
