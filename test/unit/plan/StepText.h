// Test helper: a rank's steps as text, "F0.0 F0.1 B0.0 W0.0 ...".
#pragma once
#include "mtc/Plan/Schedule.h"

#include <sstream>
#include <string>

namespace mtc {

inline std::string joined(const RankSchedule &rs) {
  std::ostringstream os;
  for (size_t i = 0; i < rs.steps.size(); ++i)
    os << (i ? " " : "") << toString(rs.steps[i]);
  return os.str();
}

} // namespace mtc
