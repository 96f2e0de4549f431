#include "data/HfJson.h"
#include "io/JsonDepth.h"

#include "data/DataError.h"
#include "data/Utf8.h"

#include <fstream>
#include <sstream>

namespace mtc::data::hf {

std::string readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw DataError("cannot open '" + path + "'");
  std::ostringstream buffer;
  buffer << in.rdbuf();
  if (in.bad())
    throw DataError("cannot read '" + path + "'");
  return buffer.str();
}

nlohmann::json parseJson(const std::string &text, const std::string &file) {
  // nlohmann's parser is iterative, but a deep value is still a hazard for
  // whoever walks it; no tokenizer.json nests more than a few levels.
  if (mtc::runtime::jsonNestingDepth(text) > kMaxJsonDepth)
    throw DataError(file + ": JSON nested deeper than " + std::to_string(kMaxJsonDepth) +
                    " levels");
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception &e) {
    throw DataError(file + ": not valid JSON: " + e.what());
  }
}

const char *jsonTypeName(const nlohmann::json &value) {
  switch (value.type()) {
  case nlohmann::json::value_t::null: return "null";
  case nlohmann::json::value_t::object: return "an object";
  case nlohmann::json::value_t::array: return "an array";
  case nlohmann::json::value_t::string: return "a string";
  case nlohmann::json::value_t::boolean: return "a boolean";
  case nlohmann::json::value_t::number_integer:
  case nlohmann::json::value_t::number_unsigned: return "an integer";
  case nlohmann::json::value_t::number_float: return "a number";
  default: return "a value of another kind";
  }
}

void JsonRef::fail(const std::string &what) const {
  throw DataError(*file_ + ": " + (path_.empty() ? std::string("the top level") : path_) + " " +
                  what);
}

std::string JsonRef::childPath(std::string_view key) const {
  return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
}

void JsonRef::expectObject() const {
  if (!value_->is_object())
    fail(std::string("must be an object, not ") + jsonTypeName(*value_));
}

JsonRef JsonRef::at(std::string_view key) const {
  expectObject();
  auto it = value_->find(key);
  if (it == value_->end())
    throw DataError(*file_ + ": " + childPath(key) + " is missing");
  return JsonRef(*it, childPath(key), *file_);
}

std::optional<JsonRef> JsonRef::find(std::string_view key) const {
  expectObject();
  auto it = value_->find(key);
  if (it == value_->end() || it->is_null())
    return std::nullopt;
  return JsonRef(*it, childPath(key), *file_);
}

JsonRef JsonRef::element(size_t index) const {
  arraySize();
  return JsonRef((*value_)[index], path_ + "[" + std::to_string(index) + "]", *file_);
}

size_t JsonRef::arraySize() const {
  if (!value_->is_array())
    fail(std::string("must be an array, not ") + jsonTypeName(*value_));
  return value_->size();
}

std::string JsonRef::string() const {
  if (!value_->is_string())
    fail(std::string("must be a string, not ") + jsonTypeName(*value_));
  const auto &s = value_->get_ref<const std::string &>();
  if (!isValidUtf8(s))
    fail("is not valid UTF-8");
  return s;
}

bool JsonRef::boolean() const {
  if (!value_->is_boolean())
    fail(std::string("must be true or false, not ") + jsonTypeName(*value_));
  return value_->get<bool>();
}

int64_t JsonRef::integer(int64_t min, int64_t max) const {
  int64_t v = 0;
  if (value_->is_number_unsigned()) {
    uint64_t u = value_->get<uint64_t>();
    if (u > static_cast<uint64_t>(max))
      fail("is " + std::to_string(u) + ", outside [" + std::to_string(min) + ", " +
           std::to_string(max) + "]");
    v = static_cast<int64_t>(u);
  } else if (value_->is_number_integer()) {
    v = value_->get<int64_t>();
  } else {
    fail(std::string("must be an integer, not ") + jsonTypeName(*value_));
  }
  if (v < min || v > max)
    fail("is " + std::to_string(v) + ", outside [" + std::to_string(min) + ", " +
         std::to_string(max) + "]");
  return v;
}

double JsonRef::number() const {
  if (!value_->is_number())
    fail(std::string("must be a number, not ") + jsonTypeName(*value_));
  return value_->get<double>();
}

bool JsonRef::boolean(std::string_view key, bool otherwise) const {
  auto member = find(key);
  return member ? member->boolean() : otherwise;
}

std::string JsonRef::string(std::string_view key, const std::string &otherwise) const {
  auto member = find(key);
  return member ? member->string() : otherwise;
}

std::string JsonRef::character(std::string_view key) const {
  JsonRef member = at(key);
  std::string s = member.string();
  auto lead = s.empty() ? 0 : static_cast<unsigned char>(s[0]);
  size_t length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4;
  if (s.empty() || s.size() != length)
    member.fail("must be a single character, not \"" + s + "\"");
  return s;
}

} // namespace mtc::data::hf
