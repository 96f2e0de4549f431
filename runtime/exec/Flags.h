// A small declarative command-line parser: --name VALUE, --name=VALUE and bare
// --flag for booleans. Every flag carries its help text, so --help documents all.
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace mtc::runtime {

class FlagError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class FlagSet {
public:
  explicit FlagSet(std::string program, std::string summary)
      : program(std::move(program)), summary(std::move(summary)) {}

  void add(const std::string &name, std::string *target, const std::string &help);
  void add(const std::string &name, int64_t *target, const std::string &help);
  void add(const std::string &name, double *target, const std::string &help);
  void add(const std::string &name, bool *target, const std::string &help);
  // Unset unless given on the command line (plan defaults apply otherwise).
  void add(const std::string &name, std::optional<double> *target, const std::string &help);
  void add(const std::string &name, std::optional<int64_t> *target, const std::string &help);

  // Throws FlagError naming the flag and the bad value. Returns false when
  // --help was given (usage() then says what to print).
  bool parse(int argc, char **argv);
  std::string usage() const;
  bool given(const std::string &name) const;

private:
  using Target = std::variant<std::string *, int64_t *, double *, bool *,
                              std::optional<double> *, std::optional<int64_t> *>;
  struct Flag {
    std::string name, help, defaultText;
    Target target;
    bool seen = false;
  };
  void addFlag(const std::string &name, Target target, const std::string &help,
               std::string defaultText);
  Flag *find(const std::string &name);

  std::string program, summary;
  std::vector<Flag> flags;
};

} // namespace mtc::runtime
