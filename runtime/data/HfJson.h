// Reading a HuggingFace tokenizer.json: a JSON value together with the file it
// came from and its path inside it ("pre_tokenizer.pretokenizers[0].type"), so
// that every refusal names both. Internal to mtc_data (the Hf*.cpp files).
#pragma once
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace mtc::data::hf {

// Parses `text` (read from `file`), refusing malformed JSON and nesting deeper
// than kMaxJsonDepth by a DataError that names the file.
constexpr int kMaxJsonDepth = 64;
nlohmann::json parseJson(const std::string &text, const std::string &file);
// The whole file; a DataError naming it when it cannot be read.
std::string readFile(const std::string &path);

class JsonRef {
public:
  JsonRef(const nlohmann::json &value, std::string path, const std::string &file)
      : value_(&value), path_(std::move(path)), file_(&file) {}

  const nlohmann::json &value() const { return *value_; }
  const std::string &path() const { return path_; }
  const std::string &file() const { return *file_; }

  // Throws DataError("FILE: PATH WHAT").
  [[noreturn]] void fail(const std::string &what) const;

  // Member `key` of this object; fails when this is not an object or the key is absent.
  JsonRef at(std::string_view key) const;
  // Member `key`, or nullopt when it is absent or null; fails when this is not an object.
  std::optional<JsonRef> find(std::string_view key) const;
  JsonRef element(size_t index) const;

  bool isNull() const { return value_->is_null(); }
  // These fail, naming the type found, when the value has another type.
  void expectObject() const;
  size_t arraySize() const;
  std::string string() const;
  bool boolean() const;
  int64_t integer(int64_t min, int64_t max) const;
  double number() const;

  // Optional members with defaults (absent or null gives the default).
  bool boolean(std::string_view key, bool otherwise) const;
  std::string string(std::string_view key, const std::string &otherwise) const;
  // The single Unicode character of a string member ("replacement": "▁").
  std::string character(std::string_view key) const;

private:
  std::string childPath(std::string_view key) const;
  const nlohmann::json *value_;
  std::string path_;
  const std::string *file_;
};

const char *jsonTypeName(const nlohmann::json &value);

} // namespace mtc::data::hf
