// --mtc-context-parallel: each rank holds seq / cp tokens of every sample
// (with causal attention chunks r and 2cp-1-r of 2cp, Megatron-LM's layout),
// every shape follows and attention runs around the ring (context_parallel).
//
// RUN: %mtc-import --num-layers 1 --hidden-size 64 --num-attention-heads 4 --seq-length 16 --vocab-size 100 --hidden-dropout 0.1 --attention-dropout 0.1 -o %t.mlir
// RUN: %mtc-opt --mtc-verify-config="cp=2 report=false" --mtc-context-parallel %t.mlir | FileCheck %s
// CHECK: mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 1, micro_batch = 1, global_batch = 1, sequence_parallel = 0, cp = 2>
// CHECK-LABEL: func.func @forward
// CHECK-SAME: tensor<1x8xi32> {mtc.input = "tokens"}
// CHECK-SAME: tensor<1x8xi32> {mtc.input = "targets"}
// CHECK: mtc.embedding {{.*}} -> tensor<1x8x64xf32>
// CHECK: mtc.attention {{.*}}context_parallel = 2 : i64{{.*}} : tensor<1x8x192xf32> -> tensor<1x8x64xf32>, tensor<1x4x8xf32>
// CHECK: mtc.cross_entropy {{.*}} : tensor<1x8x100xf32>, tensor<1x8xi32> -> tensor<f32>
//
// The gradient is the same ring backward.
// RUN: %mtc-opt --mtc-verify-config="cp=2 report=false" --mtc-context-parallel --mtc-autodiff %t.mlir | FileCheck %s --check-prefix=GRAD
// GRAD: mtc.attention_grad {{.*}}context_parallel = 2 : i64{{.*}} -> tensor<1x8x192xf32>
//
// Grouped-query LLaMA at cp = 4: 32 tokens, 8 per rank; the verdict says so.
// RUN: %mtc-import --arch llama --num-layers 1 --hidden-size 64 --num-attention-heads 4 --group-query-attention --num-query-groups 2 --vocab-size 100 --seq-length 32 -o %t.llama.mlir
// RUN: %mtc-opt --mtc-verify-config=cp=4 --mtc-context-parallel %t.llama.mlir 2>&1 | FileCheck %s --check-prefix=LLAMA
// LLAMA: remark: mtc.parallel: world size 4 = tp 1 x cp 4 x pp 1 x dp 1
// LLAMA: remark: mtc.model: context parallelism: 8 of seq 32 tokens of each sample per rank, attention around a ring of 4 ranks
// LLAMA: mtc.rotary {{.*}} : tensor<1x8x128xf32>
// LLAMA: mtc.attention {{.*}}context_parallel = 4 : i64, {{.*}}kv_heads = 2 : i64{{.*}} -> tensor<1x8x64xf32>, tensor<1x4x8xf32>
//
// With tensor and sequence parallelism: t divides each context rank's share.
// RUN: not %mtc-opt --mtc-tensor-parallel=size=4 --mtc-verify-config="tp=4 cp=8 sequence-parallel report=false" %t.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=SP
// SP: sequence parallelism splits each context rank's 2 of seq 16 tokens over tp 4: use a seq that cp*tp (32) divides
//
// Errors, each naming what to change.
// RUN: %mtc-opt %s -split-input-file -verify-diagnostics --mtc-context-parallel

// 2 cp = 6 does not divide the sequence of 4 tokens.
// expected-error @+1 {{mtc.model: context split: 2 * context-parallel size 6 does not divide the sequence length 4 (causal attention cuts each sequence into 2 cp chunks); choose a seq that 6 divides}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 0, hidden = 4, heads = 1, ffn = 16, vocab = 10, padded_vocab = 10, positions = 4, seq = 4, micro_batch = 1>, mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 1, micro_batch = 1, global_batch = 1, sequence_parallel = 0, cp = 3>} {
  mtc.param @w : tensor<10x4xf32> init(normal, 2.000000e-02)
  mtc.param @qkv : tensor<4x12xf32> init(normal, 2.000000e-02)
  func.func @forward(%t: tensor<1x4xi32> {mtc.input = "tokens"}, %y: tensor<1x4xi32> {mtc.input = "targets"}) -> tensor<f32> {
    %w = mtc.param_ref @w : tensor<10x4xf32>
    %wqkv = mtc.param_ref @qkv : tensor<4x12xf32>
    %x = mtc.embedding %t, %w : tensor<1x4xi32>, tensor<10x4xf32> -> tensor<1x4x4xf32>
    %q = mtc.linear %x, %wqkv : tensor<1x4x4xf32>, tensor<4x12xf32> -> tensor<1x4x12xf32>
    %a, %lse = mtc.attention %q {heads = 1 : i64, head_dim = 4 : i64, causal = true, scale = 5.000000e-01 : f64} : tensor<1x4x12xf32> -> tensor<1x4x4xf32>, tensor<1x1x4xf32>
    %l = mtc.linear %a, %w {transpose_weight} : tensor<1x4x4xf32>, tensor<10x4xf32> -> tensor<1x4x10xf32>
    %loss = mtc.cross_entropy %l, %y {valid_vocab = 10 : i64} : tensor<1x4x10xf32>, tensor<1x4xi32> -> tensor<f32>
    return %loss : tensor<f32>
  }
}

// -----

// One layout for every layer: a causal and a bidirectional attention cannot share it.
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 0, hidden = 4, heads = 1, ffn = 16, vocab = 10, padded_vocab = 10, positions = 4, seq = 4, micro_batch = 1>, mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 1, micro_batch = 1, global_batch = 1, sequence_parallel = 0, cp = 2>} {
  mtc.param @w : tensor<10x4xf32> init(normal, 2.000000e-02)
  mtc.param @qkv : tensor<4x12xf32> init(normal, 2.000000e-02)
  func.func @forward(%t: tensor<1x4xi32> {mtc.input = "tokens"}, %y: tensor<1x4xi32> {mtc.input = "targets"}) -> tensor<f32> {
    %w = mtc.param_ref @w : tensor<10x4xf32>
    %wqkv = mtc.param_ref @qkv : tensor<4x12xf32>
    %x = mtc.embedding %t, %w : tensor<1x4xi32>, tensor<10x4xf32> -> tensor<1x4x4xf32>
    %q = mtc.linear %x, %wqkv : tensor<1x4x4xf32>, tensor<4x12xf32> -> tensor<1x4x12xf32>
    %a, %lse = mtc.attention %q {heads = 1 : i64, head_dim = 4 : i64, causal = true, scale = 5.000000e-01 : f64} : tensor<1x4x12xf32> -> tensor<1x4x4xf32>, tensor<1x1x4xf32>
    %q2 = mtc.linear %a, %wqkv : tensor<1x4x4xf32>, tensor<4x12xf32> -> tensor<1x4x12xf32>
    // expected-error @+1 {{is bidirectional and the first attention is not: context parallelism lays out each sequence one way for every layer}}
    %b, %lse2 = mtc.attention %q2 {heads = 1 : i64, head_dim = 4 : i64, causal = false, scale = 5.000000e-01 : f64} : tensor<1x4x12xf32> -> tensor<1x4x4xf32>, tensor<1x1x4xf32>
    %l = mtc.linear %b, %w {transpose_weight} : tensor<1x4x4xf32>, tensor<10x4xf32> -> tensor<1x4x10xf32>
    %loss = mtc.cross_entropy %l, %y {valid_vocab = 10 : i64} : tensor<1x4x10xf32>, tensor<1x4xi32> -> tensor<f32>
    return %loss : tensor<f32>
  }
}

// -----

// No attention: nothing to split the sequence for.
// expected-error @+1 {{--mtc-context-parallel splits attention's sequence, and @forward has no mtc.attention}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 0, hidden = 4, heads = 1, ffn = 16, vocab = 10, padded_vocab = 10, positions = 4, seq = 4, micro_batch = 1>, mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 1, micro_batch = 1, global_batch = 1, sequence_parallel = 0, cp = 2>} {
  mtc.param @w : tensor<10x4xf32> init(normal, 2.000000e-02)
  func.func @forward(%t: tensor<1x4xi32> {mtc.input = "tokens"}, %y: tensor<1x4xi32> {mtc.input = "targets"}) -> tensor<f32> {
    %w = mtc.param_ref @w : tensor<10x4xf32>
    %x = mtc.embedding %t, %w : tensor<1x4xi32>, tensor<10x4xf32> -> tensor<1x4x4xf32>
    %l = mtc.linear %x, %w {transpose_weight} : tensor<1x4x4xf32>, tensor<10x4xf32> -> tensor<1x4x10xf32>
    %loss = mtc.cross_entropy %l, %y {valid_vocab = 10 : i64} : tensor<1x4x10xf32>, tensor<1x4xi32> -> tensor<f32>
    return %loss : tensor<f32>
  }
}

// -----

// Without mtc.parallel there is no cp to split by.
// expected-error @+1 {{--mtc-context-parallel needs 'mtc.model', 'mtc.parallel' (run --mtc-verify-config=cp=N first) and a @forward function with a body}}
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 0, hidden = 4, heads = 1, ffn = 16, vocab = 10, padded_vocab = 10, positions = 4, seq = 4, micro_batch = 1>} {
}
