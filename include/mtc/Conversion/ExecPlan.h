//===- ExecPlan.h - from @train_step to the runtime's Plan --------*- C++ -*-===//
#ifndef MTC_CONVERSION_EXECPLAN_H
#define MTC_CONVERSION_EXECPLAN_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Support/LLVM.h"
#include "plan.pb.h"

#include <functional>
#include <memory>

namespace mtc {
/// One activation buffer of the memory plan.
struct PlannedBuffer {
  std::string name;
  /// What an element is stored in: i32 (token ids), f32, or the 16-bit type of
  /// a bf16/fp16 plan's activations (2 bytes an element).
  enum class Element { I32, F32, BF16, F16 } element = Element::F32;
  bool isInt() const { return element == Element::I32; }
  llvm::SmallVector<int64_t> shape;
  int64_t bytes = 0;
  int64_t offset = 0;
  int firstStep = 0, lastStep = 0;
  /// The arena it lies in, each planned on its own:
  /// - Main: the program's, or a pipeline chunk's per micro-batch;
  /// - WeightGrad: what a split backward's W reads from the forward, kept
  ///   from F until W (MemoryPlan::weightGradArenaBytes);
  /// - BToW: what B defines for W, taken at B and kept until W
  ///   (MemoryPlan::bToWArenaBytes);
  /// - Transient: pipeline stage plans, defined and last read inside one
  ///   step (F, B or W) of its chunk, so in the stage's one transient arena
  ///   rather than in an arena per micro-batch (MemoryPlan::transientArenaBytes).
  enum class Arena { Main, WeightGrad, BToW, Transient } arena = Arena::Main;
};

/// @train_step's kernels in execution order with their buffers packed.
struct MemoryPlan {
  llvm::SmallVector<PlannedBuffer> buffers;
  int numSteps = 0;
  int64_t activationPeakBytes = 0;
  int64_t arenaBytes = 0;
  /// A pipeline chunk with a split backward: the second arena, holding what
  /// its W steps read, kept from the forward until W (0: none).
  int64_t weightGradArenaBytes = 0;
  /// With it, optionally: the third arena, holding what B defines for W,
  /// taken at B and held until W (0: none, the W arena holds it).
  int64_t bToWArenaBytes = 0;
  /// The buffers marked transient: this chunk's part of its stage's shared
  /// transient arena (0: none).
  int64_t transientArenaBytes = 0;

  int64_t &bytesOf(PlannedBuffer::Arena a) {
    switch (a) {
    case PlannedBuffer::Arena::WeightGrad: return weightGradArenaBytes;
    case PlannedBuffer::Arena::BToW: return bToWArenaBytes;
    case PlannedBuffer::Arena::Transient: return transientArenaBytes;
    case PlannedBuffer::Arena::Main: break;
    }
    return arenaBytes;
  }
};

/// Translates the whole training step into the runtime's Plan: the
/// single-rank program, the training state the passes recorded (precision,
/// optimizer sharding, buckets, recomputation) and, for a module partitioned
/// and scheduled for pipeline parallelism, one stage plan per stage.
llvm::FailureOr<pb::Plan> buildExecPlan(mlir::ModuleOp module);

/// --mtc-lower-to-exec that hands the plan to `sink` instead of writing a
/// file: how mtc-compile takes the plan out of the same pipeline mtc-opt runs.
using PlanSink = std::function<void(pb::Plan &&)>;
std::unique_ptr<mlir::Pass> createLowerToExec(PlanSink sink);
} // namespace mtc

#endif // MTC_CONVERSION_EXECPLAN_H
