// A small declarative command-line parser: --name VALUE, --name=VALUE and bare
// --flag for booleans. Every flag carries its help text and the range of values
// it accepts, so --help documents all and a bad value fails before any work.
#pragma once
#include "mtc/Plan/ValueRange.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace mtc::runtime {

// A bad flag or a bad combination of flags: the programs exit with status 2.
class FlagError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// The values a numeric flag accepts (shared with the compiler drivers). Number
// flags are finite besides (NaN and infinities never parse). Integers compare
// exactly up to 2^53.
using Range = mtc::ValueRange;

class FlagSet {
public:
  explicit FlagSet(std::string program, std::string summary)
      : program(std::move(program)), summary(std::move(summary)) {}

  void add(const std::string &name, std::string *target, const std::string &help);
  void add(const std::string &name, bool *target, const std::string &help);
  // A default outside `range` is a sentinel ("0: the plan's"): the help says
  // what it means and --help does not print it as a value.
  void add(const std::string &name, int64_t *target, const std::string &help,
           Range range = {});
  void add(const std::string &name, double *target, const std::string &help,
           Range range = {});
  // Unset unless given on the command line (plan defaults apply otherwise).
  void add(const std::string &name, std::optional<double> *target, const std::string &help,
           Range range = {});
  void add(const std::string &name, std::optional<int64_t> *target, const std::string &help,
           Range range = {});

  // Throws FlagError naming the flag and the bad value (unparsable or outside
  // its range). Returns false when --help was given (usage() then says what to
  // print).
  bool parse(int argc, char **argv);
  std::string usage() const;
  bool given(const std::string &name) const;

private:
  using Target = std::variant<std::string *, int64_t *, double *, bool *,
                              std::optional<double> *, std::optional<int64_t> *>;
  struct Flag {
    std::string name, help, defaultText;
    Target target;
    Range range;
    bool seen = false;
  };
  void addFlag(const std::string &name, Target target, const std::string &help,
               std::string defaultText, Range range = {});
  Flag *find(const std::string &name);

  std::string program, summary;
  std::vector<Flag> flags;
};

} // namespace mtc::runtime
