//===- PlanBuilding.h - shared by the memory planner and the lowering ---===//
//
// Private to lib/Conversion: @train_step linearized into kernels, and the
// buffers those kernels read and write.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_LIB_CONVERSION_PLANBUILDING_H
#define MTC_LIB_CONVERSION_PLANBUILDING_H

#include "mtc/Conversion/ExecPlan.h"
#include "mtc/MtcOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/StringMap.h"
#include <array>

namespace mtc {
using namespace mlir;

/// @train_step's kernels in execution order, with every value resolved to the
/// value that owns its storage.
struct Linearized {
  SmallVector<Operation *> kernels;
  DenseMap<Value, Value> alias;
  /// The enclosing layer's name for each kernel ("" at top level).
  DenseMap<Operation *, StringRef> layerOf;
  /// Stage plans keep a partitioned program's pipeline sends and receives as
  /// kernels (they take part in memory planning); the single-rank program
  /// has no transfers: a received value is the value that was sent.
  bool keepTransfers = false;

  Value canonical(Value v) const {
    for (auto it = alias.find(v); it != alias.end(); it = alias.find(v))
      v = it->second;
    return v;
  }

  /// Appends `block`'s kernels, inlining layer regions.
  LogicalResult visit(Block &block, StringRef layer);
};

/// Buffers, their lifetimes and offsets.
class BufferAssignment {
public:
  BufferAssignment(const Linearized &lin) : lin(lin) {}

  int bufferOf(Value v) const { return valueBuffer.lookup(lin.canonical(v)); }
  bool isParam(Value v) const {
    return lin.canonical(v).getDefiningOp<ParamRefOp>() != nullptr;
  }
  /// Cross-entropy's per-row temporaries (row max, sum of exps, target logit)
  /// and its (sum, count) loss buffer.
  std::array<int, 4> crossEntropyRows(Value logits) const {
    return rowBuffers.lookup(lin.canonical(logits));
  }

  /// Gives every activation a buffer, a lifetime and an arena offset. With
  /// `weightGradFrom` >= 0 (the first kernel of a split backward's W), the
  /// buffers live at or after it get offsets in a second arena
  /// (MemoryPlan::weightGradArenaBytes). With `stepPhases` (one entry per
  /// kernel: the schedule step it runs in, 0 F, 1 B, 2 W, or -1 for a
  /// lifetime-only repeat), a buffer defined and last read in one phase, and
  /// neither an input nor a transfer's, goes to a transient arena: nothing of
  /// it outlives the step, so one arena serves every micro-batch of the
  /// stage (MemoryPlan::transientArenaBytes). With `backwardFrom` >= 0 too
  /// (B's first kernel), what W keeps and B defines, other than a transfer's,
  /// goes to a third arena (MemoryPlan::bToWArenaBytes), taken only at B.
  LogicalResult assign(func::FuncOp fn, MemoryPlan &plan, int weightGradFrom = -1,
                       ArrayRef<int8_t> stepPhases = {}, int backwardFrom = -1);

private:
  using Element = PlannedBuffer::Element;
  int add(MemoryPlan &plan, std::string name, Element element,
          ArrayRef<int64_t> shape, int step) {
    PlannedBuffer b;
    b.name = std::move(name);
    b.element = element;
    b.shape.assign(shape.begin(), shape.end());
    int64_t bytes = element == Element::BF16 || element == Element::F16 ? 2 : 4;
    for (int64_t d : shape)
      if (d < 0 || __builtin_mul_overflow(bytes, d, &bytes) ||
          bytes > kMaxBufferBytes) {
        if (tooLarge.empty())
          tooLarge = b.name;
        bytes = 0;
        break;
      }
    b.bytes = bytes;
    b.firstStep = b.lastStep = step;
    plan.buffers.push_back(b);
    return plan.buffers.size() - 1;
  }
  void read(MemoryPlan &plan, int buffer, int step) {
    plan.buffers[buffer].lastStep =
        std::max(plan.buffers[buffer].lastStep, step);
  }

  /// A buffer's bytes are at most 2^48 (256 TiB), so the arena's offsets and
  /// live sums of the buffers of any real program fit in int64.
  static constexpr int64_t kMaxBufferBytes = int64_t(1) << 48;
  /// The first buffer whose bytes were negative or too large, if any.
  std::string tooLarge;

  const Linearized &lin;
  /// Activations' element type: the plan's precision (mtc.training_state).
  Element activation = Element::F32;
  DenseMap<Value, int> valueBuffer;
  DenseMap<Value, std::array<int, 4>> rowBuffers;
};


/// What a plan's floating-point activations are stored in: the 16-bit type
/// of a bf16/fp16 module (mtc.training_state's precision), else f32.
PlannedBuffer::Element activationElement(ModuleOp module);

/// @train_step, or an error saying to run --mtc-autodiff.
FailureOr<func::FuncOp> getTrainStep(ModuleOp module);

/// @train_step as one rank runs it: its kernels in order and its buffers
/// planned. An MLIR analysis, so that --mtc-plan-memory and the lowering
/// that follows it in a pipeline plan the program's memory once.
struct TrainStepMemory {
  explicit TrainStepMemory(Operation *module);
  /// False when planning failed; the errors have been emitted.
  bool ok = false;
  func::FuncOp fn;
  Linearized lin;
  BufferAssignment buffers{lin};
  MemoryPlan plan;
};

/// The runtime's Plan from a planned @train_step (buildExecPlan's work).
FailureOr<pb::Plan> buildExecPlan(ModuleOp module, const TrainStepMemory &memory);

/// For a module that went through --mtc-pipeline-partition and
/// --mtc-pipeline-schedule, appends one stage plan per pipeline stage to
/// `plan.stage_plans`; `plan` is the single-rank plan of the same program
/// (model, optimizer and parameter records are copied from it).
LogicalResult addStagePlans(ModuleOp partitioned, pb::Plan &plan);

/// Translates one kernel op into its plan step: the op's
/// ExecStepOpInterface fills the step with the ids this object resolves.
class StepEmitter final : public StepOperands {
public:
  StepEmitter(const Linearized &lin, const BufferAssignment &buffers,
              const llvm::StringMap<int> &paramIds)
      : lin(lin), buffers(buffers), paramIds(paramIds) {}

  LogicalResult emit(Operation *op, pb::Step &step);

  int buffer(Value v) const override { return buffers.bufferOf(v); }
  int param(Value v) const override {
    auto ref = lin.canonical(v).getDefiningOp<ParamRefOp>();
    return paramIds.lookup(ref.getParam());
  }
  int param(FlatSymbolRefAttr sym) const override {
    return paramIds.lookup(sym.getValue());
  }
  std::array<int, 4> crossEntropyRows(Value logits) const override {
    return buffers.crossEntropyRows(logits);
  }

private:
  const Linearized &lin;
  const BufferAssignment &buffers;
  const llvm::StringMap<int> &paramIds;
};

/// Writes a planned buffer's id, name, type, shape and place in the arena;
/// its lifetime in steps is the caller's to set.
void describeBuffer(const PlannedBuffer &b, int id, pb::Buffer &out);

/// Names a step after its layer, op and (for weight ops) parameter.
std::string stepLocation(Operation *op, StringRef layer);

/// Buffer ids of @train_step's micro-batch inputs, by role, shifted by
/// `base`: tokens and targets, then BERT's token types, lengths and
/// sentence labels where the function has them.
struct InputBuffers {
  int tokens = -1, targets = -1;
  pb::ModelInputs extra;
};
FailureOr<InputBuffers> inputBuffers(func::FuncOp fn, const BufferAssignment &buffers,
                                     int base = 0);

/// Which term of the objective a cross-entropy computes: 0 for the language
/// model's loss, 1 for the sentence-order loss (the order @forward returns
/// them in), -1 when it is not returned.
int lossTerm(CrossEntropyOp ce);

/// The training objective the model's IR implies (pb::Model::objective).
std::string objectiveOf(func::FuncOp fn);
/// Whether a loss's logits read the embedding table (GPT's and BERT's tied
/// output layer) rather than an output layer of their own (LLaMA's lm_head).
bool outputTiedToEmbedding(func::FuncOp fn);
} // namespace mtc

#endif // MTC_LIB_CONVERSION_PLANBUILDING_H
