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
    numbers and what to change: heads, key/value heads, hidden or FFN not
    divisible by tp, layers the pipeline cannot place in pp*vp chunks
    (divisible by pp*vp unless `layers-per-chunk`, Megatron-LM's
    `decoder-first-pipeline-num-layers` / `decoder-last-pipeline-num-layers`
    or `pipeline-balance=cost` asks for an uneven layout, which is checked
    instead: pp*vp chunks, summing to the layers, none empty; the partition's
    own rule),
    interleaving with pp=1, a
    global batch not divisible by micro-batch*dp, micro-batches per step not a
    multiple of pp when interleaving, a world size other than tp*cp*pp*dp,
    sequence parallelism without tensor parallelism or with a sequence tp
    (times cp) does not divide. A padded vocabulary tp does not divide is not an error:
    `--mtc-tensor-parallel` pads it to the next multiple of tp (as
    mtc-compile does), and the verdict says so; a model it cannot pad is
    refused by both with the same message.
    On success the module gets `mtc.parallel = #mtc.parallel<...>` and, with
    `report` (the default), the verdict is printed as remarks on stderr, one
    line per aspect (ranks, batch, tensor split, vocabulary, sequence and
    pipeline split); `-o /dev/null` drops the module. Without options it
    re-checks an existing `mtc.parallel` (or the default 1-way one).
  }];
  let options = [
    Option<"tp", "tp", "int64_t", "0", "tensor-parallel size (0: keep)">,
    Option<"pp", "pp", "int64_t", "0", "pipeline-parallel size (0: keep)">,
    Option<"vp", "vp", "int64_t", "0", "virtual chunks per pipeline rank (0: keep)">,
    Option<"dp", "dp", "int64_t", "0", "data-parallel size (0: keep)">,
    Option<"cp", "cp", "int64_t", "0", "context-parallel size (0: keep)">,
    Option<"ep", "ep", "int64_t", "0",
           "expert-parallel size (0: keep): ranks of the data (and context) ranks each MoE "
           "layer's experts are spread over">,
    Option<"microBatch", "micro-batch", "int64_t", "0", "micro-batch size (0: the model's)">,
    Option<"globalBatch", "global-batch", "int64_t", "0", "global batch size (0: keep)">,
    Option<"worldSize", "world-size", "int64_t", "0", "ranks the job will run on (0: tp*cp*pp*dp)">,
    Option<"sequenceParallel", "sequence-parallel", "bool", "false",
           "split layer norm and dropout along the sequence">,
    ListOption<"layersPerChunk", "layers-per-chunk", "int64_t",
               "explicit uneven pipeline layout: layers of each chunk in model order">,
    Option<"pipelineBalance", "pipeline-balance", "std::string", "\"even\"",
           "even (layers divisible by pp*vp) or cost (any layer count from pp*vp)">,
    Option<"firstStageLayers", "decoder-first-pipeline-num-layers", "int64_t", "0",
           "Megatron-LM's: layers on the first pipeline stage (0: not given)">,
    Option<"lastStageLayers", "decoder-last-pipeline-num-layers", "int64_t", "0",
           "Megatron-LM's: layers on the last pipeline stage (0: not given)">,
    Option<"report", "report", "bool", "true",
           "print the verdict of a layout that passes (remarks on stderr)">
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

def TensorParallel : Pass<"mtc-tensor-parallel", "mlir::ModuleOp"> {
  let summary = "Megatron-LM tensor parallelism: column/row splits and the f/g pair";
  let description = [{
    Runs on the forward model, before --mtc-autodiff. Each layer's QKV
    projection is split by columns (whole heads), core attention runs on the
    local heads, the output projection is split by rows; the MLP's first
    linear by columns, its second by rows. `mtc.tp_copy` (f) enters each
    region and `mtc.tp_reduce` (g) leaves it; row-parallel biases move after g
    as `mtc.bias_add`. The embedding table is split over the padded
    vocabulary (its sums reduced by a g, the position embedding added after
    it), the output layer's logits stay split and the cross-entropy reduces
    only row maxima and sums. Parameters become this rank's slice with
    `full_shape` and `split_dim`; rank-dependent offsets are the runtime's.
    Per layer and micro-batch: 2 all-reduces forward (and 2 backward after
    autodiff), each of b*s*h elements. `size` defaults to the module's
    `mtc.parallel` tp; errors name the numbers that t does not divide.
  }];
  let options = [
    Option<"size", "size", "int64_t", "0", "tensor-parallel size (0: the module's mtc.parallel tp)">
  ];
}

def SequenceParallel : Pass<"mtc-sequence-parallel", "mlir::ModuleOp"> {
  let summary = "Megatron-LM sequence parallelism on top of --mtc-tensor-parallel";
  let description = [{
    Every g (`mtc.tp_reduce`) becomes a reduce-scatter along the sequence
    (`mtc.tp_scatter`) and every f (`mtc.tp_copy`) an all-gather
    (`mtc.tp_gather`), so layer norms, biases, dropout and residuals between
    the regions run on [b, s/t, h] shards. Their parameters' gradients are
    then partial per rank: they are marked `tensor_grad_reduce` and the
    runtime all-reduces them over the tensor group before the optimizer.
  }];
}

def ContextParallel : Pass<"mtc-context-parallel", "mlir::ModuleOp"> {
  let summary = "Context parallelism: every sequence split over cp ranks, ring attention";
  let description = [{
    Runs on the forward model after `--mtc-verify-config` recorded
    `mtc.parallel`'s `cp` (and before `--mtc-sequence-parallel`). Each rank
    then holds seq / cp tokens of every sample: with causal attention the
    sequence is cut into 2 cp chunks and rank r holds chunks r and
    2 cp - 1 - r (Megatron-LM's load-balanced layout), bidirectional
    attention splits it into cp chunks (mtc/Plan/ContextSplit.h). The
    micro-batch inputs become [micro-batch, seq / cp], every shape follows,
    and each `mtc.attention` gets `context_parallel = cp`: attention over the
    whole sequence with key/value blocks passed around the ring. The runtime
    places positions (position tables, rotary angles, dropout counters, the
    mask) by the layout, and averages the loss over the group's tokens.
    Errors: a sequence 2 cp (causal) or cp does not divide, attention ops
    that mix causal and bidirectional masks, no attention, a module already
    split.
  }];
}

def ExpertParallel : Pass<"mtc-expert-parallel", "mlir::ModuleOp"> {
  let summary = "Expert parallelism: each MoE layer's experts spread over ep ranks, all-to-all";
  let description = [{
    Runs on the forward model after `--mtc-verify-config` recorded
    `mtc.parallel`'s `ep` (Megatron-Core's --expert-model-parallel-size,
    alltoall dispatcher). Each expert weight `[E, in, out]` becomes this
    rank's `[E/ep, in, out]` slice (`expert_split`: the runtime places it at
    expert rank * E/ep), and each MoE layer exchanges its rows over the
    expert group: after `mtc.moe_permute`, `mtc.ep_counts` gathers every
    rank's per-expert counts and `mtc.ep_dispatch` sends each rank's rows to
    their experts' ranks; the grouped GEMMs run on the received rows (at most
    ep times this rank's) with the local experts' counts; `mtc.ep_combine`
    sends the outputs back before `mtc.moe_combine`. Each rank still routes
    its own tokens, so the routing, the load-balancing loss and the combine
    are unchanged. Errors: no MoE layer, a module already split, tensor or
    context parallelism (not built for MoE layers yet).
  }];
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

def Recompute : Pass<"mtc-recompute", "mlir::ModuleOp"> {
  let summary = "Activation recomputation: full layers or selective (core attention)";
  let description = [{
    Runs on @train_step after --mtc-autodiff. `full`: each backward layer
    re-runs its forward body from the layer inputs instead of taking saved
    activations; `selective`: only core attention's context and log-sum-exp
    are recomputed from its QKV (Korthikanti et al. 2022). Forward results no
    longer read are dropped, so --mtc-plan-memory shows the saving. Clones
    keep their dropout streams, so losses are unchanged. The mode is recorded
    as the module's `mtc.recompute` (the plan carries it).
  }];
  let options = [
    Option<"mode", "mode", "std::string", "\"full\"", "full, selective or none">
  ];
}

def DataParallel : Pass<"mtc-data-parallel", "mlir::ModuleOp"> {
  let summary = "Data-parallel gradient buckets and the training precision";
  let description = [{
    Records in `mtc.training_state` the storage precision (fp32, bf16 or fp16
    with fp32 master weights and fp32 gradient accumulation) and the size of
    the gradient buckets that are all-reduced over the data-parallel group as
    soon as their gradients are final (0: one all-reduce after the backward),
    with the bytes of training state per parameter. `report` prints them.
  }];
  let options = [
    Option<"precision", "precision", "std::string", "\"fp32\"", "fp32, bf16 or fp16">,
    Option<"bucketMb", "bucket-mb", "double", "4.0", "gradient bucket size in MiB">,
    Option<"report", "report", "bool", "false", "print the training-state memory">
  ];
}

def DistributedOptimizer : Pass<"mtc-distributed-optimizer", "mlir::ModuleOp"> {
  let summary = "Shard master weights and optimizer state over the data-parallel group";
  let description = [{
    Megatron-LM's distributed optimizer (ZeRO-1): gradients are
    reduce-scattered, each data rank updates its shard of the fp32 master
    weights and AdamW state, parameters are all-gathered. Bytes per
    parameter become 6 + 12/d (bf16) instead of 18. `report` prints them.
  }];
  let options = [
    Option<"report", "report", "bool", "false", "print the training-state memory">
  ];
}

def Optimizer : Pass<"mtc-optimizer", "mlir::ModuleOp"> {
  let summary = "Attach the optimizer: AdamW, clipping and the learning-rate schedule";
  // It may create the first mtc op of a module.
  let dependentDialects = ["mtc::MtcDialect"];
  let description = [{
    Adds (or replaces) the module's `mtc.adamw` op. Defaults are Megatron-LM's
    GPT settings: lr 1.5e-4 warming up linearly, then a cosine decay to
    min-lr 1e-5 over decay-steps (0: the run's iterations); betas 0.9 and
    0.95; eps 1e-8; weight decay 0.01 (not on parameters marked `no_decay`:
    biases and layer norms); global-norm clipping at 1.0. decay-style takes
    Megatron-LM's --lr-decay-style values.
  }];
  let options = [
    Option<"lr", "lr", "double", "1.5e-4", "peak learning rate">,
    Option<"minLr", "min-lr", "double", "1.0e-5", "learning rate at the end of the decay">,
    Option<"warmupSteps", "warmup-steps", "int64_t", "0", "linear warm-up steps">,
    Option<"decaySteps", "decay-steps", "int64_t", "0", "schedule length, warm-up included (0: the run's iterations)">,
    Option<"decayStyle", "decay-style", "std::string", "\"cosine\"",
           "constant, linear, cosine, inverse-square-root or WSD">,
    Option<"wsdDecaySteps", "wsd-decay-steps", "int64_t", "0", "WSD: iterations of the final decay">,
    Option<"wsdDecayStyle", "wsd-decay-style", "std::string", "\"exponential\"",
           "WSD: linear, cosine, exponential or minus_sqrt">,
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
    the function. With `report`, prints the figures. A partitioned program
    is planned as one rank runs it (a received value is the sent one). The
    plan stays cached for a --mtc-lower-to-exec that follows, so a pipeline
    plans memory once.
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
    ordered kernel steps; the training state (`mtc.training_state`,
    `mtc.recompute`); and for a module partitioned and scheduled for
    pipeline parallelism, one stage plan per stage (chunks, transfers, the
    rank's schedule) next to the single-rank program. Writes it to `output`
    as protobuf text (`.txt`, `-` for stdout) or binary (anything else).
    The IR is left unchanged.
  }];
  let options = [
    Option<"output", "output", "std::string", "\"-\"", "where to write the plan">
  ];
}

def PipelinePartition : Pass<"mtc-pipeline-partition", "mlir::ModuleOp"> {
  let summary = "Cut @train_step into pipeline stages and virtual chunks";
  let description = [{
    Runs after --mtc-autodiff. Cuts the layers into `stages` x `chunks`
    virtual chunks: chunk c lives on stage c % stages (rank r holds chunks r,
    r+p, ..., r+(v-1)p) and holds layers [c*L/(p*v), (c+1)*L/(p*v)) by
    default, `layers-per-chunk` for an explicit uneven layout, Megatron-LM's
    `decoder-first-pipeline-num-layers` / `decoder-last-pipeline-num-layers`
    (the other stages share the rest equally, each stage's layers split
    equally over its chunks), or `balance=cost` to even out the chunks' FLOPs
    (the ops before the first layer weigh on the first chunk, those after the
    last, the output layer and loss, on the last). The embedding goes on the first chunk, the final
    norm, output layer and loss on the last; every backward op follows its
    forward op. Each top-level op gets `mtc.chunk` (and `mtc.backward_pass`
    on the backward side); every value crossing a cut leaves through an
    `mtc.pipeline_send` and arrives through an `mtc.pipeline_recv` (forward
    activations and their gradients). Parameters read on more than one stage
    (the tied embedding: first and last) are listed in the module's
    `mtc.pipeline` attribute; their gradients are all-reduced between those
    stages. `placement=v` puts two chunks per stage in a V (ZB-V): chunk c on
    stage c for c < p and on stage 2p-1-c after, so the first stage holds the
    first and the last chunk (recorded as `placement = "v"`); a tied
    embedding then stays on one stage.
  }];
  let options = [
    Option<"stages", "stages", "int64_t", "1", "pipeline stages (p)">,
    Option<"chunks", "chunks", "int64_t", "1", "virtual chunks per stage (v)">,
    ListOption<"layersPerChunk", "layers-per-chunk", "int64_t",
               "explicit layer counts, one per chunk in model order">,
    Option<"balance", "balance", "std::string", "\"even\"",
           "even (L/(p*v) layers each) or cost (balance FLOPs)">,
    Option<"firstStageLayers", "decoder-first-pipeline-num-layers", "int64_t", "0",
           "Megatron-LM's: layers on the first pipeline stage (0: not given)">,
    Option<"lastStageLayers", "decoder-last-pipeline-num-layers", "int64_t", "0",
           "Megatron-LM's: layers on the last pipeline stage (0: not given)">,
    Option<"placement", "placement", "std::string", "\"interleaved\"",
           "interleaved (chunk c on stage c % p) or v (ZB-V: chunks=2, chunk c on "
           "stage c for c < p, else 2p-1-c)">
  ];
}

def PipelineSchedule : Pass<"mtc-pipeline-schedule", "mlir::ModuleOp"> {
  let summary = "Order each pipeline rank's forward and backward steps and check them";
  let description = [{
    Runs after --mtc-pipeline-partition. Builds every rank's ordered list of
    (forward | backward, chunk, micro-batch) steps: `kind=1f1b` (warm-up
    min(p-r-1, m) forwards, then one forward one backward, then cool-down) or
    `kind=interleaved` (Narayanan et al. 2021: warm-up 2(p-r-1) + (v-1)p,
    capped at m*v; micro-batches in groups of p; m a multiple of p) or
    `kind=zb-h1` (zero bubble, Qi et al. 2024, on 1F1B or, with chunks > 1,
    interleaved 1F1B: each backward split into B, the input gradient, and W,
    the weight gradients,
    deferred into the bubbles) or `kind=zb-v` (the same split on a partition
    with `placement=v`, list-scheduled to at most 1F1B's first rank's
    memory); the backward ops that only feed weight
    gradients get `mtc.weight_grad`, found by use-def from the gradient
    sends). Before
    recording it, checks that every `mtc.pipeline_send` has one
    `mtc.pipeline_recv` of the same type on the neighbouring chunk, and
    simulates all ranks' sends and receives: a schedule that could hang is an
    error naming the stuck ranks and steps. Records
    `mtc.schedule = {kind, microbatches, warmup, ranks}` on the module, each
    rank's steps as text ("F<chunk>.<micro-batch>" / "B...").
  }];
  let options = [
    Option<"kind", "kind", "std::string", "\"1f1b\"",
           "1f1b, interleaved, zb-h1, zb-v (on placement=v) or explicit">,
    Option<"microbatches", "microbatches", "int64_t", "1",
           "micro-batches per step (m); 0: global batch / (micro-batch x dp) "
           "from the module's mtc.parallel and mtc.model">,
    ListOption<"ranks", "ranks", "std::string",
               "kind=explicit: each rank's steps separated by '/', e.g. F0.0/B0.0">,
    Option<"memoryLimit", "memory-limit", "std::string", "\"1f1b\"",
           "kind=zb-h1: 1f1b (no stage holds more activation bytes than 1F1B's fullest "
           "stage: --mtc-lower-to-exec moves W steps earlier where the planned arenas "
           "would) or none (the order as built); recorded as mtc.schedule's "
           "memory_limit when none">
  ];
}

#endif // MTC_TRANSFORMS_PASSES_TD
