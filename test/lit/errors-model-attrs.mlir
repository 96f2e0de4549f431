// RUN: %mtc-opt %s -split-input-file -verify-diagnostics
//
// Ranges of #mtc.model and #mtc.parallel, the module's mtc.* attributes and
// the integer attributes of ops: each used to be accepted, and later sizes
// overflowed (the memory report printed "0.0 MiB") or passes crashed.
//
// As a person sees them (SHAPE): an error about a module attribute names the
// attribute, its field and file:line, without the module's first line and a
// caret under it (nor the whole module as a note); errors of ops keep MLIR's
// format, with the op's source line.
// RUN: not %mtc-opt %s -split-input-file -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHAPE

// SHAPE: {{^}}[[FILE:.*errors-model-attrs.mlir]]:[[#@LINE+2]]: error: mtc.model: hidden must be between 1 and 2147483647, got -64
// expected-error @+1 {{mtc.model: hidden must be between 1 and 2147483647, got -64}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = -64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 1>} {}

// -----

// SHAPE-NEXT: {{^}}[[FILE]]:[[#@LINE+2]]: error: mtc.model: heads must be between 1 and 2147483647, got 0
// expected-error @+1 {{mtc.model: heads must be between 1 and 2147483647, got 0}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 64, heads = 0, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 1>} {}

// -----

// expected-error @+1 {{mtc.model: micro_batch must be between 1 and 2147483647, got 9223372036854775807}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 9223372036854775807>} {}

// -----

// Every size in range, but an activation's bytes are not.
// expected-error @+1 {{mtc.model: micro_batch x seq x hidden x 3 x 4 bytes overflows int64 (2147483647 x 2147483647 x 64 x 3 x 4)}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 2147483647, seq = 2147483647, micro_batch = 2147483647>} {}

// -----

// expected-error @+1 {{mtc.model: padded_vocab x hidden x 4 bytes overflows int64 (2147483647 x 2147483647 x 4)}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 2147483647, heads = 1, ffn = 1, vocab = 100, padded_vocab = 2147483647, positions = 1, seq = 1, micro_batch = 1>} {}

// -----

// expected-error @+1 {{mtc.model: ffn must be between 1 and 2147483647, got -1}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 64, heads = 4, ffn = -1, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 1>} {}

// -----

// expected-error @+1 {{mtc.model: vocab must be between 1 and 2147483647, got -100}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 64, heads = 4, ffn = 256, vocab = -100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 1>} {}

// -----

// (layers = 0 is a model without transformer layers, a test fixture.)
// expected-error @+1 {{mtc.model: layers must be between 0 and 2147483647, got -1}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = -1, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 1>} {}

// -----

// expected-error @+1 {{mtc.model: arch must be "gpt", "bert" or "llama", got "t5"}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "t5", layers = 1, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 1>} {}

// -----

// expected-error @+1 {{mtc.model: heads (5) do not divide hidden (64)}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 64, heads = 5, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 1>} {}

// -----

// expected-error @+1 {{mtc.model: vocab (200) exceeds padded_vocab (128)}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 64, heads = 4, ffn = 256, vocab = 200, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 1>} {}

// -----

// expected-error @+1 {{mtc.model: seq (32) exceeds positions (16)}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 32, micro_batch = 1>} {}

// -----

// A layer index at or past the model's layers (it made
// --mtc-pipeline-partition index past its per-layer table).
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 2, hidden = 4, heads = 1, ffn = 4, vocab = 8, padded_vocab = 8, positions = 4, seq = 4, micro_batch = 1>} {
  func.func @forward(%x: tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
    %a = mtc.layer "h.0"(%x) {index = 0 : i64} : (tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
    ^bb0(%in: tensor<1x4x4xf32>):
      mtc.yield %in : tensor<1x4x4xf32>
    }
    // SHAPE: {{^}}[[FILE]]:[[#@LINE+4]]:10: error: 'mtc.layer' op index 4294967297 is outside the model's 2 layers (mtc.model layers = 2)
    // SHAPE-NEXT: {{^}}    %b = mtc.layer "h.1"
    // SHAPE-NEXT: {{^}}         ^
    // expected-error @+1 {{'mtc.layer' op index 4294967297 is outside the model's 2 layers (mtc.model layers = 2)}}
    %b = mtc.layer "h.1"(%a) {index = 4294967297 : i64} : (tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
    ^bb0(%in: tensor<1x4x4xf32>):
      mtc.yield %in : tensor<1x4x4xf32>
    }
    return %b : tensor<1x4x4xf32>
  }
}

// -----

module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 2, hidden = 4, heads = 1, ffn = 4, vocab = 8, padded_vocab = 8, positions = 4, seq = 4, micro_batch = 1>} {
  func.func @forward(%x: tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
    %a = mtc.layer "h.0"(%x) {index = 0 : i64} : (tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
    ^bb0(%in: tensor<1x4x4xf32>):
      mtc.yield %in : tensor<1x4x4xf32>
    }
    // expected-error @+1 {{'mtc.layer' op index 0 is used by two forward layers in @forward}}
    %b = mtc.layer "h.1"(%a) {index = 0 : i64} : (tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
    ^bb0(%in: tensor<1x4x4xf32>):
      mtc.yield %in : tensor<1x4x4xf32>
    }
    return %b : tensor<1x4x4xf32>
  }
}

// -----

module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 3, hidden = 4, heads = 1, ffn = 4, vocab = 8, padded_vocab = 8, positions = 4, seq = 4, micro_batch = 1>} {
  // expected-error @+1 {{'func.func' op has 1 forward mtc.layer ops, but mtc.model says 3 layers}}
  func.func @forward(%x: tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
    %a = mtc.layer "h.0"(%x) {index = 0 : i64} : (tensor<1x4x4xf32>) -> tensor<1x4x4xf32> {
    ^bb0(%in: tensor<1x4x4xf32>):
      mtc.yield %in : tensor<1x4x4xf32>
    }
    return %a : tensor<1x4x4xf32>
  }
}

// -----

// Without an mtc.model the index is still bounded by int32.
func.func @huge_index(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'mtc.layer' op index 4294967297 is not below 2147483647}}
  %y = mtc.layer "h.0"(%x) {index = 4294967297 : i64} : (tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<2xf32>):
    mtc.yield %a : tensor<2xf32>
  }
  return %y : tensor<2xf32>
}

// -----

// expected-error @+1 {{mtc.parallel: sequence_parallel must be 0 or 1, got 2}}
module attributes {mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 1, micro_batch = 1, global_batch = 1, sequence_parallel = 2>} {}

// -----

// expected-error @+1 {{mtc.parallel: the world size tp x pp x dp (65536 x 65536 x 1) exceeds 2147483647 ranks}}
module attributes {mtc.parallel = #mtc.parallel<tp = 65536, pp = 65536, vp = 1, dp = 1, micro_batch = 1, global_batch = 1, sequence_parallel = 0>} {}

// -----

// expected-error @+1 {{mtc.pipeline: 'stages' must be an i64 between 1 and 2147483647, got <<NULL ATTRIBUTE>>}}
module attributes {mtc.pipeline = {chunks = 1 : i64}} {}

// -----

// expected-error @+1 {{mtc.pipeline: layers_per_chunk lists 1 chunks, but stages x chunks = 2}}
module attributes {mtc.pipeline = {stages = 2 : i64, chunks = 1 : i64, layers_per_chunk = array<i64: 2>, tied = []}} {}

// -----

// expected-error @+1 {{mtc.pipeline: placement "v" needs chunks = 2 and stages >= 2, got stages = 2, chunks = 1}}
module attributes {mtc.pipeline = {stages = 2 : i64, chunks = 1 : i64, layers_per_chunk = array<i64: 2, 2>, tied = [], placement = "v"}} {}

// -----

// expected-error @+1 {{mtc.pipeline: placement must be "v" or "interleaved", got "w"}}
module attributes {mtc.pipeline = {stages = 2 : i64, chunks = 2 : i64, layers_per_chunk = array<i64: 1, 1, 1, 1>, tied = [], placement = "w"}} {}

// -----

// expected-error @+1 {{mtc.schedule: rank 1: step 0 runs chunk 9, micro-batch 0; chunks are below 2 and micro-batches below 1}}
module attributes {mtc.pipeline = {stages = 2 : i64, chunks = 1 : i64, layers_per_chunk = array<i64: 1, 1>, tied = []}, mtc.schedule = {kind = "1f1b", microbatches = 1 : i64, warmup = array<i64: 1, 0>, ranks = [{backward = array<i1: false, true>, chunk = array<i64: 0, 0>, microbatch = array<i64: 0, 0>}, {backward = array<i1: false, true>, chunk = array<i64: 9, 1>, microbatch = array<i64: 0, 0>}], bubble = 0.5 : f64}} {}

// -----

// The steps are data, not text.
// expected-error @+1 {{mtc.schedule: rank 0's steps must be a dictionary {backward, chunk, microbatch}, got "F0.0 B0.0"}}
module attributes {mtc.pipeline = {stages = 1 : i64, chunks = 1 : i64, layers_per_chunk = array<i64: 1>, tied = []}, mtc.schedule = {kind = "1f1b", microbatches = 1 : i64, warmup = array<i64: 0>, ranks = ["F0.0 B0.0"], bubble = 0.0 : f64}} {}

// -----

// expected-error @+1 {{mtc.schedule: rank 0 lists 2 directions, 1 chunks and 2 micro-batches}}
module attributes {mtc.pipeline = {stages = 1 : i64, chunks = 1 : i64, layers_per_chunk = array<i64: 1>, tied = []}, mtc.schedule = {kind = "1f1b", microbatches = 1 : i64, warmup = array<i64: 0>, ranks = [{backward = array<i1: false, true>, chunk = array<i64: 0>, microbatch = array<i64: 0, 0>}], bubble = 0.0 : f64}} {}

// -----

// expected-error @+1 {{mtc.schedule: rank 0: 'chunk' must be an array<i64>, got array<i32: 0, 0>}}
module attributes {mtc.pipeline = {stages = 1 : i64, chunks = 1 : i64, layers_per_chunk = array<i64: 1>, tied = []}, mtc.schedule = {kind = "1f1b", microbatches = 1 : i64, warmup = array<i64: 0>, ranks = [{backward = array<i1: false, true>, chunk = array<i32: 0, 0>, microbatch = array<i64: 0, 0>}], bubble = 0.0 : f64}} {}

// -----

// expected-error @+1 {{mtc.schedule: 1 ranks and 2 warm-up counts for a pipeline of 2 stages}}
module attributes {mtc.pipeline = {stages = 2 : i64, chunks = 1 : i64, layers_per_chunk = array<i64: 1, 1>, tied = []}, mtc.schedule = {kind = "1f1b", microbatches = 1 : i64, warmup = array<i64: 1, 0>, ranks = [{backward = array<i1: false, true>, chunk = array<i64: 0, 0>, microbatch = array<i64: 0, 0>}], bubble = 0.5 : f64}} {}

// -----

// expected-error @+1 {{mtc.schedule: needs the module's mtc.pipeline (partition with --mtc-pipeline-partition, or remove mtc.schedule)}}
module attributes {mtc.schedule = {kind = "1f1b", microbatches = 1 : i64, warmup = array<i64: 0>, ranks = [{backward = array<i1: false, true>, chunk = array<i64: 0, 0>, microbatch = array<i64: 0, 0>}]}} {}

// -----

// SHAPE: {{^}}[[FILE]]:[[#@LINE+2]]: error: mtc.training_state: precision must be fp32, bf16 or fp16, got "fp8"
// expected-error @+1 {{mtc.training_state: precision must be fp32, bf16 or fp16, got "fp8"}}
module attributes {mtc.training_state = {precision = "fp8", distributed_optimizer = false, data_parallel = 1 : i64, bucket_bytes = 0 : i64}} {}

// -----

// SHAPE-NEXT: {{^}}[[FILE]]:[[#@LINE+2]]: error: mtc.training_state: 'bucket_bytes' must be an i64 between 0 and 9223372036854775807, got -1 : i64
// expected-error @+1 {{mtc.training_state: 'bucket_bytes' must be an i64 between 0 and 9223372036854775807, got -1 : i64}}
module attributes {mtc.training_state = {precision = "fp32", distributed_optimizer = false, data_parallel = 1 : i64, bucket_bytes = -1 : i64}} {}

// -----

func.func @chunk(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{mtc.chunk must be an i64 between 0 and 2147483646, got -1 : i64}}
  %y = mtc.add %x, %x {mtc.chunk = -1 : i64} : tensor<2xf32>
  return %y : tensor<2xf32>
}

// -----

// A zero dimension used to divide by zero in the split check.
// expected-error @+1 {{'mtc.param' op dimensions must be at least 1, got [0, 4]}}
mtc.param @w : tensor<0x4xf32> init(zeros) {full_shape = array<i64: 8, 4>, split_dim = 0 : i64}

// -----

// expected-error @+1 {{mtc.param: [4294967296, 4294967296] x 4 bytes overflows int64}}
mtc.param @w : tensor<4294967296x4294967296xf32> init(zeros)

// -----

// expected-error @+1 {{'mtc.param' op standard deviation must be finite, got INF}}
mtc.param @w : tensor<4xf32> init(normal, 0x7FF0000000000000)

// -----

func.func @ln_dx_eps(%x: tensor<2x4xf32>, %w: tensor<4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{'mtc.layer_norm_dx' op eps must be positive and finite, got 0}}
  %0 = mtc.layer_norm_dx %x, %w, %x {eps = 0.0 : f64} : tensor<2x4xf32>, tensor<4xf32>, tensor<2x4xf32> -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_size(%x: tensor<1x8589934592x4xf32>) {
  // expected-error @+2 {{mtc.tp_gather: sequence length 8589934592 x size 2147483647 is not a static size}}
  // expected-error @+1 {{'mtc.tp_gather' op failed to infer returned types}}
  %0 = mtc.tp_gather %x {size = 2147483647 : i64} : tensor<1x8589934592x4xf32> -> tensor<1x8x4xf32>
  return
}

// -----

func.func @send_chunk(%x: tensor<2xf32>) {
  // expected-error @+1 {{'mtc.pipeline_send' op chunk 9223372036854775807, peer 0 and tag 0 must be >= 0 (chunk and peer below 2147483647)}}
  mtc.pipeline_send %x {chunk = 9223372036854775807 : i64, peer = 0 : i64, tag = 0 : i64} : tensor<2xf32>
  return
}

// -----

func.func @attention_heads(%qkv: tensor<1x4x12xf32>) {
  // expected-error @+2 {{mtc.attention: heads (4294967296) and head_dim (1) must be between 1 and 2147483647}}
  // expected-error @+1 {{'mtc.attention' op failed to infer returned types}}
  %0:2 = mtc.attention %qkv {heads = 4294967296 : i64, head_dim = 1 : i64, causal = true, scale = 1.0 : f64} : tensor<1x4x12xf32> -> tensor<1x4x4xf32>, tensor<1x4x4xf32>
  return
}

// -----

// Token ids of another micro-batch than the header's: the runtime would fill
// only micro_batch x seq of them and train on rows that hold no data.
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 0, hidden = 4, heads = 1, ffn = 4, vocab = 8, padded_vocab = 8, positions = 4, seq = 4, micro_batch = 2>} {
  // expected-error @+1 {{'func.func' op argument 0 (tokens) has shape 3x4, but mtc.model says micro_batch = 2, seq = 4 (re-shape with --mtc-set-shape)}}
  func.func @forward(%tokens: tensor<3x4xi32>, %targets: tensor<3x4xi32>) {
    return
  }
}

// -----

// An mtc.* attribute of the wrong kind, or on an op other than the module.
// expected-error @+1 {{mtc.model: must be a #mtc.model<...>, got 3 : i64}}
module attributes {mtc.model = 3 : i64} {}

// -----

// expected-error @+1 {{mtc.pipeline: must be a dictionary, got "p"}}
module attributes {mtc.pipeline = "p"} {}

// -----

// expected-error @+1 {{mtc.parallel belongs on a module (move it to the module's attributes)}}
func.func @f() attributes {mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 1, micro_batch = 1, global_batch = 1, sequence_parallel = 0>} {
  return
}
