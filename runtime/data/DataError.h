// The one exception type of the data library. Every message names the file or
// the numbers at fault so a user can act on it without a debugger.
#pragma once
#include <stdexcept>
#include <string>

namespace mtc::data {

class DataError : public std::runtime_error {
public:
  explicit DataError(const std::string &message) : std::runtime_error(message) {}
};

} // namespace mtc::data
