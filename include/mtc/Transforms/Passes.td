//===- Passes.td - mtc passes -------------------------------*- tablegen -*-===//
#ifndef MTC_TRANSFORMS_PASSES_TD
#define MTC_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def VerifyConfig : Pass<"mtc-verify-config", "mlir::ModuleOp"> {
  let summary = "Check a parallel configuration against the model and record it";
  let description = [{
    Checks tensor (`tp`), pipeline (`pp`), virtual-chunk (`vp`) and data (`dp`)
    sizes, the micro-batch and the global batch against the module's
    `mtc.model`, and every impossible combination is an error naming the
    numbers: heads, hidden, FFN or padded vocabulary not divisible by tp,
    layers not divisible by pp*vp, interleaving with pp=1, a global batch not
    divisible by micro-batch*dp, micro-batches per step not a multiple of pp
    when interleaving, a world size other than tp*pp*dp, sequence parallelism
    without tensor parallelism or with a sequence tp does not divide.
    On success the module gets `mtc.parallel = #mtc.parallel<...>`. Without
    options it re-checks an existing `mtc.parallel` (or the default 1-way one).
  }];
  let options = [
    Option<"tp", "tp", "int64_t", "0", "tensor-parallel size (0: keep)">,
    Option<"pp", "pp", "int64_t", "0", "pipeline-parallel size (0: keep)">,
    Option<"vp", "vp", "int64_t", "0", "virtual chunks per pipeline rank (0: keep)">,
    Option<"dp", "dp", "int64_t", "0", "data-parallel size (0: keep)">,
    Option<"microBatch", "micro-batch", "int64_t", "0", "micro-batch size (0: the model's)">,
    Option<"globalBatch", "global-batch", "int64_t", "0", "global batch size (0: keep)">,
    Option<"worldSize", "world-size", "int64_t", "0", "ranks the job will run on (0: tp*pp*dp)">,
    Option<"sequenceParallel", "sequence-parallel", "bool", "false",
           "split layer norm and dropout along the sequence">
  ];
}

def Stats : Pass<"mtc-stats", "mlir::ModuleOp"> {
  let summary = "Print parameter count, per-layer FLOPs and bytes";
  let description = [{
    Prints, to stdout (or the file named by `output`), the parameter count of
    every group (embeddings, each layer, final norm), the forward FLOPs of each
    layer per micro-batch (2 per multiply-add; attention's score and context
    products included), the training FLOPs per step (3x forward), and the
    bytes of parameters, gradients and AdamW state. Leaves the IR unchanged.
  }];
  let options = [
    Option<"output", "output", "std::string", "\"-\"", "where to write the report">
  ];
}

def SetShape : Pass<"mtc-set-shape", "mlir::ModuleOp"> {
  let summary = "Re-shape the model's activations to a micro-batch and sequence length";
  let description = [{
    Rewrites the entry function's token and target types to
    `[micro-batch, seq]` and re-infers every op's result type, layer regions
    included. The model's `mtc.model` attribute follows.
  }];
  let options = [
    Option<"microBatch", "micro-batch", "int64_t", "0", "micro-batch size (0: keep)">,
    Option<"seq", "seq", "int64_t", "0", "sequence length (0: keep)">
  ];
}


def Autodiff : Pass<"mtc-autodiff", "mlir::ModuleOp"> {
  let summary = "Build the backward pass: @forward becomes @train_step";
  let description = [{
    Differentiates the loss returned by `@forward` with per-op rules and appends
    the backward ops in reverse order; the function is renamed `@train_step`.
    Each linear gets a separate input gradient (`mtc.linear_dx`, a value) and
    weight gradient (`mtc.linear_dw`, accumulated into the parameter's
    gradient), so schedules can place them apart. Each forward `mtc.layer`
    gets a backward `mtc.layer` (marked `backward`) whose operands are the
    output gradients and the activations it needs; the forward layer yields
    those activations as extra results, so saved activations are explicit.
    Dropout regenerates its mask from the same stream; attention recomputes
    its probabilities from q, k and the saved log-sum-exp.
  }];
}

def Optimizer : Pass<"mtc-optimizer", "mlir::ModuleOp"> {
  let summary = "Attach the optimizer: AdamW, clipping and the learning-rate schedule";
  let description = [{
    Adds (or replaces) the module's `mtc.adamw` op. Defaults are Megatron-LM's
    GPT settings: lr 1.5e-4 warming up linearly, then a cosine decay to
    min-lr 1e-5; betas 0.9 and 0.95; eps 1e-8; weight decay 0.01 (not on
    parameters marked `no_decay`: biases and layer norms); global-norm
    clipping at 1.0.
  }];
  let options = [
    Option<"lr", "lr", "double", "1.5e-4", "peak learning rate">,
    Option<"minLr", "min-lr", "double", "1.0e-5", "learning rate at the end of the decay">,
    Option<"warmupSteps", "warmup-steps", "int64_t", "0", "linear warm-up steps">,
    Option<"decaySteps", "decay-steps", "int64_t", "0", "cosine decay steps after warm-up (0: constant)">,
    Option<"beta1", "beta1", "double", "0.9", "Adam beta1">,
    Option<"beta2", "beta2", "double", "0.95", "Adam beta2">,
    Option<"eps", "eps", "double", "1.0e-8", "Adam epsilon">,
    Option<"weightDecay", "weight-decay", "double", "0.01", "decoupled weight decay">,
    Option<"clipGrad", "clip-grad", "double", "1.0", "global gradient-norm clip (0: off)">
  ];
}

def PlanMemory : Pass<"mtc-plan-memory", "mlir::ModuleOp"> {
  let summary = "Assign activation buffers in one arena and predict the peak";
  let description = [{
    Orders `@train_step`'s kernels as they will run (layer regions inlined),
    computes each activation's lifetime (from its defining kernel to its last
    reader; layer arguments and yields alias their operands), packs buffers
    into one arena by first fit in order of definition, and records
    `mtc.memory = {activation_peak_bytes, arena_bytes, param_bytes, ...}` on
    the function. With `report`, prints the figures.
  }];
  let options = [
    Option<"report", "report", "bool", "false", "print the memory report to stdout">
  ];
}

def LowerToExec : Pass<"mtc-lower-to-exec", "mlir::ModuleOp"> {
  let summary = "Write the backend-neutral execution plan";
  let description = [{
    Translates `@train_step`, the parameters, `mtc.adamw` and the memory plan
    into the runtime's Plan message (runtime/plan/plan.proto): parameters with
    their initialization, buffers with arena offsets and lifetimes, and the
    ordered kernel steps. Writes it to `output` as protobuf text (`.txt`,
    `-` for stdout) or binary (anything else). The IR is left unchanged.
  }];
  let options = [
    Option<"output", "output", "std::string", "\"-\"", "where to write the plan">
  ];
}

#endif // MTC_TRANSFORMS_PASSES_TD
