//===- TrainingState.h - precision, optimizer sharding and their bytes ----===//
//
// Private to lib/Transforms: what --mtc-data-parallel and
// --mtc-distributed-optimizer record in the module's `mtc.training_state`.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_LIB_TRANSFORMS_TRAININGSTATE_H
#define MTC_LIB_TRANSFORMS_TRAININGSTATE_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace mtc {

struct TrainingStateBytes {
  int64_t params = 0, grads = 0, master = 0, optimizer = 0;
  double masterPerElement = 0, optimizerPerElement = 0, perParam = 0;
  int64_t paramBytesPerElement() const { return paramWidth; }
  int64_t paramWidth = 4;
};

struct TrainingState {
  std::string precision = "fp32"; // fp32, bf16 or fp16
  bool distributedOptimizer = false;
  int64_t dataParallel = 1;
  int64_t bucketBytes = 0; // 0: one all-reduce after the backward
  int64_t elements = 0;    // parameter elements on one rank

  TrainingStateBytes bytes() const {
    TrainingStateBytes b;
    const bool low = precision != "fp32";
    const int64_t shards = distributedOptimizer ? dataParallel : 1;
    b.paramWidth = low ? 2 : 4;
    b.params = elements * b.paramWidth;
    b.grads = elements * 4;
    // Sharded state: each rank keeps ceil(elements / d) of it.
    const int64_t shard = (elements + shards - 1) / shards;
    b.master = low ? shard * 4 : 0;
    b.optimizer = shard * 8;
    b.masterPerElement = low ? 4.0 / shards : 0.0;
    b.optimizerPerElement = 8.0 / shards;
    b.perParam = b.paramWidth + 4 + b.masterPerElement + b.optimizerPerElement;
    return b;
  }
};

mlir::FailureOr<TrainingState> readTrainingState(mlir::ModuleOp module);
void writeTrainingState(mlir::ModuleOp module, const TrainingState &state);
void printTrainingState(llvm::raw_ostream &os, const TrainingState &state);

} // namespace mtc

#endif // MTC_LIB_TRANSFORMS_TRAININGSTATE_H
