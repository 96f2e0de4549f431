// The runtime's programs parse flags with the tools' shared parser.
#pragma once
#include "mtc/Support/FlagVocabulary.h"
#include "mtc/Support/Flags.h"

namespace mtc::runtime {
using Range = mtc::ValueRange;
} // namespace mtc::runtime
