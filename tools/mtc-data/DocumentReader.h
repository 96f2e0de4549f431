// Splits input files into documents for mtc-data.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

namespace mtc::data {

enum class InputFormat {
  Text,    // the whole file is one document (or one per paragraph)
  Jsonl,   // one JSON object per line; its jsonKey field is a document
  Fortune, // Debian fortune files: documents separated by lines that are exactly "%"
};

struct ReadOptions {
  InputFormat format = InputFormat::Text;
  bool splitParagraphs = false; // Text only: blank lines separate documents
  std::string jsonKey = "text";  // Jsonl only
};

// Calls onDocument for every document of `path` (for Jsonl every object's
// string, empty ones included, as Megatron's preprocess_data.py; for the other
// formats every one that is not only whitespace), and onProgress with
// the number of bytes consumed so far. Throws DataError naming the file (and
// line, for a bad JSON line) on any problem.
void readDocuments(const std::string &path, const ReadOptions &options,
                   const std::function<void(std::string_view)> &onDocument,
                   const std::function<void(uint64_t)> &onProgress);

} // namespace mtc::data
