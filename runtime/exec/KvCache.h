// Generation with a key/value cache: the keys and values every attention
// step of a plan's forward pass computed for the tokens of one sequence seen
// so far, in backend memory. Executor::forwardCached runs the plan's forward
// steps on new tokens only (their positions offset by length()), each
// attention step attending to its cache and appending to it, so a new token
// costs one token's forward pass instead of the whole window's.
#pragma once
#include "backends/Backend.h"

#include <cstdint>
#include <map>

namespace mtc::runtime {

class Executor;

class KvCache {
public:
  // Room for `capacity` positions per attention step of the executor's
  // forward steps. Throws PlanError naming the step when the plan cannot run
  // on a window of new tokens: tensor- or sequence-parallel collectives, a
  // non-causal or padded (BERT) attention, a step that is not per-token, or
  // a position table with fewer than `capacity` rows.
  KvCache(Executor &executor, int64_t capacity);

  int64_t capacity() const { return limit; }
  // Tokens cached so far: the position of the next one.
  int64_t length() const { return used; }
  // The cache of attention step `step` (a plan step index): [capacity,
  // kv_heads, head_dim] each, backend memory.
  float *keys(int step) { return layers.at(step).keys.data(); }
  float *values(int step) { return layers.at(step).values.data(); }
  // Executor::forwardCached: `tokens` more positions are filled.
  void advance(int64_t tokens) { used += tokens; }

private:
  struct Layer {
    DeviceArray keys, values;
  };
  std::map<int, Layer> layers;
  int64_t limit = 0, used = 0;
};

} // namespace mtc::runtime
