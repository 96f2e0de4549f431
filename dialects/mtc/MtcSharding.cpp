//===- MtcSharding.cpp - each op's part in tensor parallelism -------------===//
//
// TensorParallelOpInterface: the anchors of Megatron-LM's parallel regions
// and the per-head ops inside them (--mtc-tensor-parallel applies the rules).
//
//===----------------------------------------------------------------------===//
#include "mtc/MtcOps.h"

using namespace mlir;
using namespace mtc;

namespace {
/// `count` heads (named `what`) split into t whole shares.
FailureOr<int64_t> shareOf(Operation *op, int64_t count, int64_t t, StringRef what) {
  if (count % t != 0) {
    op->emitOpError() << what << " (" << count
                      << ") is not divisible by the tensor-parallel size (" << t << ")";
    return failure();
  }
  return count / t;
}
} // namespace

SmallVector<Value> AttentionOp::getColumnInputs() { return {getQkv()}; }

LogicalResult AttentionOp::shardHeads(int64_t t) {
  // Whole key/value groups, each with its query heads (kv_heads 0: per head).
  auto heads = shareOf(*this, getHeads(), t, "heads");
  auto groups = shareOf(*this, getKvHeads(), t, "kv_heads");
  if (failed(heads) || failed(groups))
    return failure();
  setHeads(*heads);
  setKvHeads(*groups);
  return success();
}

LogicalResult RotaryOp::shardHeads(int64_t t) {
  auto heads = shareOf(*this, getHeads(), t, "heads");
  auto groups = shareOf(*this, getKvHeads(), t, "kv_heads");
  if (failed(heads) || failed(groups))
    return failure();
  setHeads(*heads);
  setKvHeads(*groups);
  return success();
}

SmallVector<Value> GeluOp::getColumnInputs() { return {getInput()}; }

SmallVector<Value> SwigluOp::getColumnInputs() { return {getGate(), getUp()}; }
