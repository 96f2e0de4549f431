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
/// Divides an op's `heads` and `kv_heads` by t: a rank keeps whole key/value
/// groups, each with its query heads (kv_heads 0: one per query head).
template <typename OpT> LogicalResult shardHeadsAndGroups(OpT op, int64_t t) {
  for (auto [count, what] : {std::pair<int64_t, StringRef>{op.getHeads(), "heads"},
                             {op.getKvHeads(), "kv_heads"}})
    if (count % t != 0)
      return op.emitOpError() << what << " (" << count
                              << ") is not divisible by the tensor-parallel size (" << t << ")";
  op.setHeads(op.getHeads() / t);
  op.setKvHeads(op.getKvHeads() / t);
  return success();
}
} // namespace

SmallVector<Value> AttentionOp::getColumnInputs() { return {getQkv()}; }

LogicalResult AttentionOp::shardHeads(int64_t t) { return shardHeadsAndGroups(*this, t); }

LogicalResult RotaryOp::shardHeads(int64_t t) { return shardHeadsAndGroups(*this, t); }

SmallVector<Value> GeluOp::getColumnInputs() { return {getInput()}; }

SmallVector<Value> SwigluOp::getColumnInputs() { return {getGate(), getUp()}; }
