//===- MtcInterfaces.td - per-op behaviour of mtc ops -------*- tablegen -*-===//
//
// What an op means to each transformation lives on the op, so the passes stay
// generic walks: --mtc-autodiff asks each op for its gradient,
// --mtc-tensor-parallel how it shards, --mtc-stats what it costs, and the
// lowering to the execution plan which kernel step it runs as.
//
//===----------------------------------------------------------------------===//
#ifndef MTC_INTERFACES_TD
#define MTC_INTERFACES_TD

include "mlir/IR/OpBase.td"

def Mtc_DifferentiableOpInterface : OpInterface<"DifferentiableOpInterface"> {
  let cppNamespace = "::mtc";
  let description = [{
    The reverse-mode rule of a forward op. `buildGradient` reads the gradients
    of the op's results from the `GradientBuilder` (null when a result does
    not reach the loss), emits the backward ops at the builder's insertion
    point, and adds the gradients of its operands. Forward values the rule
    needs are taken through `save` (inside a layer they become extra results
    of the forward layer); parameters are re-read with `reread`, and
    weight-gradient ops name the parameter `paramOf` returns.
  }];
  let methods = [
    InterfaceMethod<"Emits this op's backward ops through `g`.",
      "::mlir::LogicalResult", "buildGradient", (ins "::mtc::GradientBuilder &":$g)>,
    InterfaceMethod<[{Whether the op is a term of the objective: its rule needs
      no incoming gradient (it seeds the backward pass).}],
      "bool", "seedsGradient", (ins), [{}], [{ return false; }]>,
  ];
}

def Mtc_TensorParallelOpInterface : OpInterface<"TensorParallelOpInterface"> {
  let cppNamespace = "::mtc";
  let description = [{
    How an op inside a transformer layer takes part in Megatron-LM's tensor
    parallelism (Shoeybi et al. 2019). A region *anchor* (attention, GeLU,
    SwiGLU) reads the outputs of column-parallel linears (`getColumnInputs`)
    and feeds one row-parallel linear, so everything between them is local to
    a rank. An op that works per attention head (rotary embeddings) may sit
    between a column linear and its anchor. Both divide their head counts
    by t in `shardHeads`. Ops without the interface are replicated.
  }];
  let methods = [
    InterfaceMethod<[{The operands that arrive split by columns (empty: the op
      is not a region anchor and must sit between a column linear and one).}],
      "::llvm::SmallVector<::mlir::Value>", "getColumnInputs", (ins), [{}],
      [{ return {}; }]>,
    InterfaceMethod<[{Divides the op's head counts by `t` (a rank keeps whole
      heads, or whole key/value groups); errors name the count that t does not
      divide.}],
      "::mlir::LogicalResult", "shardHeads", (ins "int64_t":$t), [{}],
      [{ return ::mlir::success(); }]>,
  ];
}

def Mtc_CostOpInterface : OpInterface<"CostOpInterface"> {
  let cppNamespace = "::mtc";
  let description = [{
    What one execution of a forward op costs: matrix-multiply FLOPs (2 per
    multiply-add, the FLOPs model-FLOPs utilisation counts; element-wise work
    is not counted). Sizes that overflow int64 are errors naming the product.
    `--mtc-stats` sums them per layer; `--pipeline-balance cost` cuts by them.
  }];
  let methods = [
    InterfaceMethod<"Matrix-multiply FLOPs of one forward execution.",
      "::mtc::Result<int64_t>", "getForwardFlops", (ins), [{}],
      [{ return int64_t(0); }]>,
  ];
}

def Mtc_ExecStepOpInterface : OpInterface<"ExecStepOpInterface"> {
  let cppNamespace = "::mtc";
  let description = [{
    The runtime kernel an op runs as. `emitStep` sets the op's record in the
    plan's `Step` (runtime/plan/plan.proto: one kind of the `kernel` oneof per
    kernel) from the buffers and parameter ids that `operands` resolves. The
    execution plan (--mtc-lower-to-exec, and each pipeline stage's plan) asks
    every kernel op of @train_step for its step; an op without the interface
    has no kernel and is an error there.
  }];
  let methods = [
    InterfaceMethod<"Sets `step`'s kernel record for this op.",
      "::mlir::LogicalResult", "emitStep",
      (ins "const ::mtc::StepOperands &":$operands, "::mtc::pb::Step &":$step)>,
  ];
}

// An op that runs as one kernel of the plan; its emitStep is in MtcSteps.cpp
// (or in the op's extraClassDefinition).
def Mtc_KernelStep : DeclareOpInterfaceMethods<Mtc_ExecStepOpInterface>;

#endif // MTC_INTERFACES_TD
