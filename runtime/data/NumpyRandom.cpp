#include "data/NumpyRandom.h"

#include "data/DataError.h"

#include <string>

namespace mtc::data {

NumpyRandomState::NumpyRandomState(int64_t seed) {
  if (seed < 0 || seed > 0xffffffffLL)
    throw DataError("NumPy's RandomState takes a seed in [0, 2^32), got " +
                    std::to_string(seed));
  engine_.seed(static_cast<uint32_t>(seed));
}

uint64_t NumpyRandomState::interval(uint64_t max) {
  if (max == 0)
    return 0;
  uint64_t mask = max; // the smallest all-ones mask covering max
  for (int shift = 1; shift <= 32; shift *= 2)
    mask |= mask >> shift;
  // Above 32 bits NumPy combines two outputs in an order its C source leaves to
  // the compiler; arrays that long (4 G documents or samples) are refused.
  if (max > 0xffffffffULL)
    throw DataError("shuffling " + std::to_string(max + 1) +
                    " elements: NumPy's draws for arrays over 2^32 elements are not "
                    "reproduced");
  uint64_t value;
  do
    value = engine_() & mask;
  while (value > max);
  return value;
}

} // namespace mtc::data
