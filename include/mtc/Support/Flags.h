//===- Flags.h - The command-line parser every mtc tool uses -------*- C++ -*-===//
//
// One declarative parser for mtc-compile, mtc-import, mtc-plan, mtc-data and
// the generated `train` and `generate` programs (mtc-opt is MLIR's driver and
// keeps MLIR's pass-option syntax). It reads --name VALUE, --name=VALUE, bare
// --flag for switches and one-letter -o VALUE. Every flag carries its help
// text, its topic in --help, the values it accepts and the older names it is
// still known by, so a bad value fails before any work with a message naming
// the flag as the user spelled it.
//
// The names tools share (the same flag means the same thing everywhere) are
// declared once, as FlagSpecs, in mtc/Support/FlagVocabulary.h.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_SUPPORT_FLAGS_H
#define MTC_SUPPORT_FLAGS_H

#include "mtc/Support/ValueRange.h"

#include <cstdint>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <variant>
#include <vector>

namespace mtc {

/// A bad flag or a bad combination of flags: tools exit with status 2.
class FlagError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

/// A flag's names and meaning, shared by every tool that has it.
struct FlagSpec {
  const char *name;                 ///< Megatron-LM's name where Megatron has the flag
  std::vector<const char *> aliases; ///< older mtc names, still accepted
  const char *help;
};

class FlagSet {
public:
  FlagSet(std::string program, std::string summary);

  /// The handle add() returns, to say more about the flag just declared.
  class Flag {
  public:
    /// Another name that sets the same value (listed in --help).
    Flag &alias(const std::string &name);
    /// String flags: the only values accepted (checked while parsing).
    Flag &choices(std::vector<std::string> values);
    /// parse() fails unless the flag is given (--help says "required").
    Flag &required();
    /// What VALUE stands for in --help ("N", "FILE", "DIR").
    Flag &valueName(std::string name);
    /// A flag that does all the work alone (--print-plan): given, the
    /// required flags are not required.
    Flag &standalone();

  private:
    friend class FlagSet;
    using Target = std::variant<std::string *, bool *, int64_t *, int *, double *,
                                std::optional<double> *, std::optional<int64_t> *,
                                std::vector<int64_t> *, std::vector<std::string> *>;
    std::vector<std::string> names; // names[0] is the flag's own
    std::string help, defaultText, topic, value = "VALUE", switchValue;
    std::vector<std::string> choiceList;
    Target target;
    ValueRange range;
    bool isRequired = false, isStandalone = false, seen = false;
    std::string spelled; // the name the user gave it by
  };

  /// Flags declared after this call are listed under `title` in --help.
  void topic(std::string title);

  /// A default outside `range` is a sentinel ("0: the plan's"): the help says
  /// what it means and does not print it as a value. Optional targets stay
  /// unset unless given. A vector<int64_t> reads comma-separated integers; a
  /// vector<string> collects every occurrence of the flag.
  Flag &add(const std::string &name, std::string *target, const std::string &help);
  Flag &add(const std::string &name, bool *target, const std::string &help);
  Flag &add(const std::string &name, int64_t *target, const std::string &help,
            ValueRange range = {});
  Flag &add(const std::string &name, int *target, const std::string &help,
            ValueRange range = {});
  Flag &add(const std::string &name, double *target, const std::string &help,
            ValueRange range = {});
  Flag &add(const std::string &name, std::optional<double> *target, const std::string &help,
            ValueRange range = {});
  Flag &add(const std::string &name, std::optional<int64_t> *target, const std::string &help,
            ValueRange range = {});
  Flag &add(const std::string &name, std::vector<int64_t> *target, const std::string &help,
            ValueRange range = {});
  Flag &add(const std::string &name, std::vector<std::string> *target, const std::string &help);
  /// A switch that stores `value` into a string flag's target (--bf16 for
  /// --precision bf16).
  Flag &addSwitch(const std::string &name, std::string *target, std::string value,
                  const std::string &help);

  /// A shared flag: its names and help from the vocabulary, then `note` (what
  /// the default is in this tool, say).
  template <typename T>
  Flag &add(const FlagSpec &spec, T *target, const std::string &note = "",
            ValueRange range = {}) {
    const std::string help = note.empty() ? spec.help : std::string(spec.help) + " " + note;
    Flag *flag;
    if constexpr (std::is_same_v<T, std::string> || std::is_same_v<T, bool> ||
                  std::is_same_v<T, std::vector<std::string>>)
      flag = &add(spec.name, target, help);
    else
      flag = &add(spec.name, target, help, range);
    for (const char *alias : spec.aliases)
      flag->alias(alias);
    return *flag;
  }

  /// The operand without a leading dash (a model file, say); at most one.
  void positional(std::string name, std::string *target, std::string help, bool required);

  /// Throws FlagError naming the flag and the bad value (unknown, unparsable,
  /// outside its range or choices, missing while required). Returns false
  /// when --help was given (usage() then says what to print).
  bool parse(int argc, char **argv);
  bool parse(const std::vector<std::string> &args); // without the program name
  /// For tools built without exceptions (LLVM's): parse()'s FlagError as a
  /// message, or nothing; `*help` is set when --help was given.
  std::optional<std::string> tryParse(int argc, char **argv, bool *help);
  std::string usage() const;

  /// Whether the flag (by any of its names) was on the command line.
  bool given(const std::string &name) const;
  /// "--name" as the user spelled it (an alias, say), else its own name: for
  /// messages about flag combinations.
  std::string spelling(const std::string &name) const;
  /// Every flag's names, in declaration order (docs and tests list them).
  std::vector<std::vector<std::string>> names() const;

private:
  Flag &addFlag(const std::string &name, Flag::Target target, const std::string &help,
                std::string defaultText, ValueRange range = {});
  Flag *find(const std::string &name);
  const Flag *find(const std::string &name) const;
  void setValue(Flag &flag, const std::string &name, const std::string &value);

  std::string program, summary, currentTopic;
  std::deque<Flag> flags; // a deque: the handles add() returns stay valid
  struct Positional {
    std::string name, help;
    std::string *target = nullptr;
    bool required = false;
  };
  std::optional<Positional> operand;
};

} // namespace mtc

#endif // MTC_SUPPORT_FLAGS_H
