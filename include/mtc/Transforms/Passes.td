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

#endif // MTC_TRANSFORMS_PASSES_TD
