// NumPy's legacy numpy.random.RandomState, as far as Megatron-LM's index
// building uses it: RandomState(seed) with an integer seed, and shuffle() of a
// one-dimensional array. Megatron's sample order comes from these draws, so
// they must be NumPy's bit for bit (checked against NumPy in
// test/unit/data/megatron_order_test.py).
#pragma once
#include <cstdint>
#include <random>
#include <vector>

namespace mtc::data {

class NumpyRandomState {
public:
  // NumPy seeds MT19937 with init_genrand(seed) for an integer seed, as the C++
  // standard's std::mt19937(seed) does. Throws DataError outside [0, 2^32).
  explicit NumpyRandomState(int64_t seed);

  // NumPy's legacy random_interval: uniform in [0, max] by masked rejection of
  // 32-bit draws. Throws DataError for max >= 2^32.
  uint64_t interval(uint64_t max);

  // RandomState.shuffle of a 1-D array: Fisher-Yates from the last element down.
  template <typename T> void shuffle(std::vector<T> &values) {
    for (size_t i = values.size(); i-- > 1;)
      std::swap(values[i], values[interval(i)]);
  }

private:
  std::mt19937 engine_;
};

} // namespace mtc::data
