// Boxes of full tensors: a param's slice on one rank is the box of `shape`
// elements at `offset` of its full row-major tensor. Checkpoint re-slicing,
// --init-from and the gathering of whole-model files move data between boxes.
#pragma once
#include <cstdint>
#include <vector>

namespace mtc::runtime {

struct Box {
  std::vector<int64_t> offset, shape;
};

// Copies the box [offset, offset + sliceShape) of a full row-major tensor.
void copySlice(const float *full, const std::vector<int64_t> &fullShape,
               const std::vector<int64_t> &offset, const std::vector<int64_t> &sliceShape,
               float *out);

// Copies the overlap of `src` (the data of box `from`) into `dst` (the data of
// box `to`); both boxes are in the same full tensor's coordinates. `covered`
// (one flag per element of `to`) marks what has been written. An element
// written before keeps its value; returns false when `src` holds different
// bits for one (two copies of a replicated slice disagree).
bool copyOverlap(const float *src, const Box &from, float *dst, const Box &to,
                 std::vector<bool> &covered);

} // namespace mtc::runtime
