//===- Flags.cpp - The command-line parser every mtc tool uses ------------===//
#include "mtc/Support/Flags.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdlib>
#include <sstream>

namespace mtc {
namespace {

int64_t parseInt(const std::string &flag, const std::string &text) {
  char *end = nullptr;
  errno = 0;
  long long value = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end || errno)
    throw FlagError(flag + " needs an integer, got '" + text + "'");
  return value;
}

double parseDouble(const std::string &flag, const std::string &text) {
  char *end = nullptr;
  errno = 0;
  double value = std::strtod(text.c_str(), &end);
  // strtod reads "nan" and "inf": no flag means either.
  if (text.empty() || *end || errno || !std::isfinite(value))
    throw FlagError(flag + " needs a finite number, got '" + text + "'");
  return value;
}

// "--name" for long names, "-o" for one-letter ones.
std::string dashed(const std::string &name) { return (name.size() == 1 ? "-" : "--") + name; }

std::string joined(const std::vector<std::string> &items, const std::string &separator) {
  std::string out;
  for (const std::string &item : items)
    out += (out.empty() ? "" : separator) + item;
  return out;
}

// Help text starts at this column and wraps before kLineWidth.
constexpr size_t kHelpColumn = 30, kLineWidth = 100;

// `atoms` joined by spaces into lines that end before kLineWidth (an atom
// longer than a line stands alone), the lines after the first indented to
// `column`.
std::string wrapped(const std::vector<std::string> &atoms, size_t column) {
  std::string out, line;
  for (const std::string &atom : atoms) {
    if (!line.empty() && column + line.size() + 1 + atom.size() > kLineWidth) {
      out += line + "\n" + std::string(column, ' ');
      line.clear();
    }
    line += (line.empty() ? "" : " ") + atom;
  }
  return out + line;
}

} // namespace

FlagSet::FlagSet(std::string program, std::string summary)
    : program(std::move(program)), summary(std::move(summary)) {}

FlagSet::Flag &FlagSet::Flag::alias(const std::string &name) {
  names.push_back(name);
  return *this;
}
FlagSet::Flag &FlagSet::Flag::choices(std::vector<std::string> values) {
  choiceList = std::move(values);
  return *this;
}
FlagSet::Flag &FlagSet::Flag::required() {
  isRequired = true;
  defaultText.clear();
  return *this;
}
FlagSet::Flag &FlagSet::Flag::standalone() {
  isStandalone = true;
  return *this;
}
FlagSet::Flag &FlagSet::Flag::valueName(std::string name) {
  value = std::move(name);
  return *this;
}

void FlagSet::topic(std::string title) { currentTopic = std::move(title); }

FlagSet::Flag &FlagSet::addFlag(const std::string &name, Flag::Target target,
                                const std::string &help, std::string defaultText,
                                ValueRange range) {
  if (find(name))
    throw std::logic_error("flag --" + name + " declared twice");
  Flag &flag = flags.emplace_back();
  flag.names = {name};
  flag.help = help;
  flag.defaultText = std::move(defaultText);
  flag.topic = currentTopic;
  flag.target = target;
  flag.range = range;
  return flag;
}

FlagSet::Flag &FlagSet::add(const std::string &name, std::string *t, const std::string &help) {
  return addFlag(name, t, help, *t);
}
FlagSet::Flag &FlagSet::add(const std::string &name, bool *t, const std::string &help) {
  return addFlag(name, t, help, "");
}
FlagSet::Flag &FlagSet::add(const std::string &name, int64_t *t, const std::string &help,
                            ValueRange range) {
  const double v = static_cast<double>(*t);
  return addFlag(name, t, help, range.contains(v) ? formatNumber(v) : "", range);
}
FlagSet::Flag &FlagSet::add(const std::string &name, int *t, const std::string &help,
                            ValueRange range) {
  const double v = *t;
  return addFlag(name, t, help, range.contains(v) ? formatNumber(v) : "", range);
}
FlagSet::Flag &FlagSet::add(const std::string &name, double *t, const std::string &help,
                            ValueRange range) {
  return addFlag(name, t, help, range.contains(*t) ? formatNumber(*t) : "", range);
}
FlagSet::Flag &FlagSet::add(const std::string &name, std::optional<double> *t,
                            const std::string &help, ValueRange range) {
  return addFlag(name, t, help, "", range);
}
FlagSet::Flag &FlagSet::add(const std::string &name, std::optional<int64_t> *t,
                            const std::string &help, ValueRange range) {
  return addFlag(name, t, help, "", range);
}
FlagSet::Flag &FlagSet::add(const std::string &name, std::vector<int64_t> *t,
                            const std::string &help, ValueRange range) {
  return addFlag(name, t, help, "", range).valueName("N,N,...");
}
FlagSet::Flag &FlagSet::add(const std::string &name, std::vector<std::string> *t,
                            const std::string &help) {
  return addFlag(name, t, help, "");
}
FlagSet::Flag &FlagSet::addSwitch(const std::string &name, std::string *t, std::string value,
                                  const std::string &help) {
  Flag &flag = addFlag(name, t, help, "");
  flag.switchValue = std::move(value);
  return flag;
}

void FlagSet::positional(std::string name, std::string *target, std::string help,
                         bool required) {
  operand = Positional{std::move(name), std::move(help), target, required};
}

FlagSet::Flag *FlagSet::find(const std::string &name) {
  for (Flag &f : flags)
    if (std::find(f.names.begin(), f.names.end(), name) != f.names.end())
      return &f;
  return nullptr;
}
const FlagSet::Flag *FlagSet::find(const std::string &name) const {
  return const_cast<FlagSet *>(this)->find(name);
}

bool FlagSet::given(const std::string &name) const {
  const Flag *f = find(name);
  return f && f->seen;
}

std::string FlagSet::spelling(const std::string &name) const {
  const Flag *f = find(name);
  if (!f)
    return dashed(name);
  return dashed(f->seen ? f->spelled : f->names[0]);
}

std::vector<std::vector<std::string>> FlagSet::names() const {
  std::vector<std::vector<std::string>> all;
  for (const Flag &f : flags)
    all.push_back(f.names);
  return all;
}

void FlagSet::setValue(Flag &flag, const std::string &name, const std::string &value) {
  const std::string shown = dashed(name);
  auto checked = [&](auto number, const std::string &text) {
    if (auto problem = valueProblem(name, static_cast<double>(number), flag.range, text))
      throw FlagError(*problem);
    return number;
  };
  if (!flag.choiceList.empty() &&
      std::find(flag.choiceList.begin(), flag.choiceList.end(), value) == flag.choiceList.end())
    throw FlagError(shown + " must be one of " + joined(flag.choiceList, ", ") + ", got '" +
                    value + "'");
  std::visit(
      [&](auto *target) {
        using T = std::decay_t<decltype(*target)>;
        if constexpr (std::is_same_v<T, std::string>) {
          *target = value;
        } else if constexpr (std::is_same_v<T, int64_t> ||
                             std::is_same_v<T, std::optional<int64_t>>) {
          *target = checked(parseInt(shown, value), value);
        } else if constexpr (std::is_same_v<T, int>) {
          const int64_t v = checked(parseInt(shown, value), value);
          if (v < INT_MIN || v > INT_MAX)
            throw FlagError(shown + " is out of range, got '" + value + "'");
          *target = static_cast<int>(v);
        } else if constexpr (std::is_same_v<T, double> ||
                             std::is_same_v<T, std::optional<double>>) {
          *target = checked(parseDouble(shown, value), value);
        } else if constexpr (std::is_same_v<T, std::vector<int64_t>>) {
          std::stringstream items(value);
          std::string item;
          while (std::getline(items, item, ','))
            target->push_back(checked(parseInt(shown, item), item));
          if (value.empty() || value.back() == ',')
            throw FlagError(shown + " needs comma-separated integers, got '" + value + "'");
        } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
          target->push_back(value);
        }
      },
      flag.target);
}

bool FlagSet::parse(int argc, char **argv) {
  return parse(std::vector<std::string>(argv + std::min(argc, 1), argv + argc));
}

std::optional<std::string> FlagSet::tryParse(int argc, char **argv, bool *help) {
  try {
    *help = !parse(argc, argv);
  } catch (const FlagError &e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

bool FlagSet::parse(const std::vector<std::string> &args) {
  // Which flag last wrote a string target, so --bf16 --precision fp32 is
  // refused instead of one silently overriding the other.
  std::vector<std::pair<const std::string *, const Flag *>> writers;
  bool operandsOnly = false, operandSeen = false;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string &arg = args[i];
    if (!operandsOnly && (arg == "--help" || arg == "-h"))
      return false;
    if (!operandsOnly && arg == "--") {
      operandsOnly = true;
      continue;
    }
    const bool isFlag = !operandsOnly && arg.size() > 1 && arg[0] == '-';
    if (!isFlag) {
      if (!operand)
        throw FlagError("unexpected argument '" + arg + "' (flags start with --; see --help)");
      if (operandSeen)
        throw FlagError("unexpected argument '" + arg + "': " + operand->name + " is already '" +
                        *operand->target + "'");
      operandSeen = true;
      *operand->target = arg;
      continue;
    }
    const bool longForm = arg.rfind("--", 0) == 0;
    std::string name = arg.substr(longForm ? 2 : 1), value;
    bool hasValue = false;
    if (size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      hasValue = true;
    }
    Flag *flag = find(name);
    // One dash is for one-letter flags only (-o); --o is accepted like LLVM does.
    if (!flag || (!longForm && name.size() != 1))
      throw FlagError("unknown flag " + arg.substr(0, arg.find('=')) + " (see --help)");
    flag->seen = true;
    flag->spelled = name;
    const std::string shown = dashed(name);
    const bool isSwitch =
        std::holds_alternative<bool *>(flag->target) || !flag->switchValue.empty();
    if (isSwitch) {
      if (hasValue && value != "true" && value != "false" && value != "1" && value != "0")
        throw FlagError(shown + " is a switch; give it alone or =true/=false");
      const bool on = !hasValue || value == "true" || value == "1";
      if (auto *b = std::get_if<bool *>(&flag->target)) {
        **b = on;
        continue;
      }
      if (!on)
        throw FlagError(shown + "=false has no meaning; leave the switch out");
      value = flag->switchValue;
    } else if (!hasValue) {
      if (i + 1 >= args.size())
        throw FlagError(shown + " needs a value");
      value = args[++i];
    }
    if (auto *s = std::get_if<std::string *>(&flag->target)) {
      for (auto &[target, writer] : writers)
        if (target == *s && writer != flag && **s != value)
          throw FlagError(dashed(writer->spelled) +
                          (writer->switchValue.empty() ? " " + **s : "") + " and " + shown +
                          (flag->switchValue.empty() ? " " + value : "") + " contradict");
      writers.emplace_back(*s, flag);
    }
    setValue(*flag, name, value);
  }
  if (std::any_of(flags.begin(), flags.end(),
                  [](const Flag &f) { return f.isStandalone && f.seen; }))
    return true;
  for (const Flag &f : flags)
    if (f.isRequired && !f.seen)
      throw FlagError(dashed(f.names[0]) + " " + f.value + " is required (see --help)");
  if (operand && operand->required && !operandSeen)
    throw FlagError("no " + operand->name + " given (see --help)");
  return true;
}

std::string FlagSet::usage() const {
  std::ostringstream os;
  os << "usage: " << program << " [flags]";
  if (operand)
    os << " " << (operand->required ? operand->name : "[" + operand->name + "]");
  os << "\n" << summary << "\n";
  if (operand)
    os << "\n  " << operand->name << ": " << operand->help << "\n";
  // Topics in the order they first appear; flags in declaration order.
  std::vector<std::string> topics;
  for (const Flag &f : flags)
    if (std::find(topics.begin(), topics.end(), f.topic) == topics.end())
      topics.push_back(f.topic);
  for (const std::string &topic : topics) {
    os << "\n" << (topic.empty() ? std::string("flags") : topic) << ":\n";
    for (const Flag &f : flags) {
      if (f.topic != topic)
        continue;
      std::string left = "  " + dashed(f.names[0]);
      const bool isSwitch =
          std::holds_alternative<bool *>(f.target) || !f.switchValue.empty();
      if (!isSwitch)
        left += " " + f.value;
      // Words of the help, then each note whole: "[>= 1]" never breaks.
      std::vector<std::string> atoms;
      std::istringstream words(f.help);
      for (std::string word; words >> word;)
        atoms.push_back(word);
      if (!f.choiceList.empty())
        atoms.push_back("{" + joined(f.choiceList, "|") + "}");
      // A default the help already explains ("(0: the model's)") is not repeated.
      if (f.isRequired)
        atoms.push_back("(required)");
      else if (!f.defaultText.empty() && f.help.find("(" + f.defaultText + ":") == std::string::npos)
        atoms.push_back("(default " + f.defaultText + ")");
      // Intervals print as they are ("[0, 1)"), one-sided bounds bracketed ("[>= 1]").
      if (std::string range = f.range.describe(); !range.empty())
        atoms.push_back(range[0] == '[' || range[0] == '(' ? range : "[" + range + "]");
      if (f.names.size() > 1) {
        std::vector<std::string> aliases;
        for (size_t i = 1; i < f.names.size(); ++i)
          aliases.push_back(dashed(f.names[i]));
        atoms.push_back("(also " + joined(aliases, ", ") + ")");
      }
      os << left;
      if (left.size() < kHelpColumn)
        os << std::string(kHelpColumn - left.size(), ' ');
      else
        os << "\n" << std::string(kHelpColumn, ' ');
      os << wrapped(atoms, kHelpColumn) << "\n";
    }
  }
  return os.str();
}

} // namespace mtc
