#include "exec/Flags.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace mtc::runtime {
namespace {

int64_t parseInt(const std::string &flag, const std::string &text) {
  char *end = nullptr;
  errno = 0;
  long long value = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end || errno)
    throw FlagError("--" + flag + " needs an integer, got '" + text + "'");
  return value;
}

double parseDouble(const std::string &flag, const std::string &text) {
  char *end = nullptr;
  errno = 0;
  double value = std::strtod(text.c_str(), &end);
  // strtod reads "nan" and "inf": no flag means either.
  if (text.empty() || *end || errno || !std::isfinite(value))
    throw FlagError("--" + flag + " needs a finite number, got '" + text + "'");
  return value;
}

} // namespace

void FlagSet::addFlag(const std::string &name, Target target, const std::string &help,
                      std::string defaultText, Range range) {
  flags.push_back({name, help, std::move(defaultText), target, range});
}
void FlagSet::add(const std::string &name, std::string *t, const std::string &help) {
  addFlag(name, t, help, t->empty() ? "" : *t);
}
void FlagSet::add(const std::string &name, bool *t, const std::string &help) {
  addFlag(name, t, help, "");
}
void FlagSet::add(const std::string &name, int64_t *t, const std::string &help, Range range) {
  const double v = static_cast<double>(*t);
  addFlag(name, t, help, range.contains(v) ? formatNumber(v) : "", range);
}
void FlagSet::add(const std::string &name, double *t, const std::string &help, Range range) {
  addFlag(name, t, help, range.contains(*t) ? formatNumber(*t) : "", range);
}
void FlagSet::add(const std::string &name, std::optional<double> *t, const std::string &help,
                  Range range) {
  addFlag(name, t, help, "", range);
}
void FlagSet::add(const std::string &name, std::optional<int64_t> *t, const std::string &help,
                  Range range) {
  addFlag(name, t, help, "", range);
}

FlagSet::Flag *FlagSet::find(const std::string &name) {
  for (Flag &f : flags)
    if (f.name == name)
      return &f;
  return nullptr;
}

bool FlagSet::given(const std::string &name) const {
  for (const Flag &f : flags)
    if (f.name == name)
      return f.seen;
  return false;
}

bool FlagSet::parse(int argc, char **argv) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h")
      return false;
    if (arg.rfind("--", 0) != 0)
      throw FlagError("unexpected argument '" + arg + "' (flags start with --; see --help)");
    std::string name = arg.substr(2), value;
    bool hasValue = false;
    if (size_t eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
      hasValue = true;
    }
    Flag *flag = find(name);
    if (!flag)
      throw FlagError("unknown flag --" + name + " (see --help)");
    flag->seen = true;
    if (auto *b = std::get_if<bool *>(&flag->target)) {
      if (hasValue && value != "true" && value != "false" && value != "1" && value != "0")
        throw FlagError("--" + name + " is a switch; give it alone or =true/=false");
      **b = !hasValue || value == "true" || value == "1";
      continue;
    }
    if (!hasValue) {
      if (i + 1 >= argc)
        throw FlagError("--" + name + " needs a value");
      value = argv[++i];
    }
    auto checked = [&](auto number) {
      if (auto problem = valueProblem(name, static_cast<double>(number), flag->range, value))
        throw FlagError(*problem);
      return number;
    };
    std::visit(
        [&](auto *target) {
          using T = std::decay_t<decltype(*target)>;
          if constexpr (std::is_same_v<T, std::string>)
            *target = value;
          else if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, std::optional<int64_t>>)
            *target = checked(parseInt(name, value));
          else if constexpr (std::is_same_v<T, double> || std::is_same_v<T, std::optional<double>>)
            *target = checked(parseDouble(name, value));
        },
        flag->target);
  }
  return true;
}

std::string FlagSet::usage() const {
  std::ostringstream os;
  os << "usage: " << program << " [flags]\n" << summary << "\n\nflags:\n";
  for (const Flag &f : flags) {
    std::string left = "  --" + f.name;
    if (!std::holds_alternative<bool *>(f.target))
      left += " VALUE";
    os << left;
    if (left.size() < 26)
      os << std::string(26 - left.size(), ' ');
    else
      os << "\n" << std::string(26, ' ');
    os << f.help;
    if (!f.defaultText.empty())
      os << " (default " << f.defaultText << ")";
    // Intervals print as they are ("[0, 1)"), one-sided bounds bracketed ("[>= 1]").
    if (std::string range = f.range.describe(); !range.empty())
      os << " " << (range[0] == '[' || range[0] == '(' ? range : "[" + range + "]");
    os << "\n";
  }
  return os.str();
}

} // namespace mtc::runtime
