// --mtc-set-shape: re-shape a model's activations to a micro-batch and sequence
// length; every op's type is re-inferred, layer regions included.
//
// RUN: %mtc-opt --mtc-set-shape="micro-batch=4 seq=64" %models/gpt2-tiny.mlir | FileCheck %s --check-prefix=TINY
// TINY: mtc.model = #mtc.model<name = "gpt2-tiny", {{.*}}, positions = 128, seq = 64, micro_batch = 4>
// TINY-LABEL: func.func @forward(%arg0: tensor<4x64xi32> {mtc.input = "tokens"}, %arg1: tensor<4x64xi32> {mtc.input = "targets"}) -> tensor<f32>
// TINY: mtc.embedding {{.*}} -> tensor<4x64x128xf32>
// TINY: mtc.layer "h.0"({{.*}}) {index = 0 : i64} : (tensor<4x64x128xf32>) -> tensor<4x64x128xf32>
// TINY-NEXT: ^bb0(%{{.*}}: tensor<4x64x128xf32>):
// TINY: mtc.linear {{.*}} -> tensor<4x64x384xf32>
// TINY: mtc.attention {{.*}} : tensor<4x64x384xf32> -> tensor<4x64x128xf32>, tensor<4x4x64xf32>
// TINY: mtc.linear {{.*}} -> tensor<4x64x512xf32>
// TINY: mtc.gelu {{.*}} : tensor<4x64x512xf32>
// TINY: mtc.yield {{.*}} : tensor<4x64x128xf32>
// TINY: mtc.layer "h.7"({{.*}}) {index = 7 : i64} : (tensor<4x64x128xf32>) -> tensor<4x64x128xf32>
// TINY: mtc.linear {{.*}} {transpose_weight} : tensor<4x64x128xf32>, tensor<50257x128xf32> -> tensor<4x64x50257xf32>
// TINY: mtc.cross_entropy {{.*}} : tensor<4x64x50257xf32>, tensor<4x64xi32> -> tensor<f32>
// TINY-NOT: tensor<1x128
//
// The result still verifies and prints back to itself.
// RUN: %mtc-opt --mtc-set-shape="micro-batch=4 seq=64" --verify-roundtrip %models/gpt2-tiny.mlir -o /dev/null
//
// Stats follow the new shape: GPT-2 at s = 512 has the same parameters.
// RUN: %mtc-opt --mtc-set-shape="seq=512" --mtc-stats %models/gpt2.mlir -o /dev/null | FileCheck %s --check-prefix=STATS
// STATS: model gpt2: 124,439,808 parameters (micro-batch 1, seq 512)
//
// Without options nothing changes; only seq keeps the micro-batch and back.
// RUN: %mtc-opt --mtc-set-shape %models/gpt2-tiny.mlir | diff %models/gpt2-tiny.mlir -
// RUN: %mtc-opt --mtc-set-shape="seq=32" %models/gpt2-tiny.mlir | %mtc-opt --mtc-set-shape="seq=128" | diff %models/gpt2-tiny.mlir -
//
// BERT (post-LN, bidirectional) takes the same pass.
// RUN: %mtc-opt --mtc-set-shape="micro-batch=2 seq=128" %models/bert-large.mlir | FileCheck %s --check-prefix=BERT
// BERT: seq = 128, micro_batch = 2>
// Every input takes its role's shape: [b, s] ids, [b] lengths, [b, 1] labels.
// BERT: func.func @forward(%arg0: tensor<2x128xi32> {mtc.input = "tokens"}, %arg1: tensor<2x128xi32> {mtc.input = "targets"}, %arg2: tensor<2x128xi32> {mtc.input = "token_types"}, %arg3: tensor<2xi32> {mtc.input = "lengths"}, %arg4: tensor<2x1xi32> {mtc.input = "sentence_labels"})
// BERT: mtc.attention {{.*}}causal = false{{.*}} : tensor<2x128x3072xf32>, tensor<2xi32> -> tensor<2x128x1024xf32>, tensor<2x16x128xf32>
// BERT: -> tensor<2x128x30522xf32>
// BERT: mtc.first_token {{.*}} : tensor<2x128x1024xf32> -> tensor<2x1x1024xf32>
//
// Errors.
// RUN: not %mtc-opt --mtc-set-shape="seq=256" %models/gpt2-tiny.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=LONG
// LONG: gpt2-tiny.mlir:1: error: mtc.model: seq 256 exceeds the model's 128 positions; use seq <= 128, or re-import with --max-position-embeddings 256
// RUN: not %mtc-opt --mtc-set-shape="micro-batch=-1" %models/gpt2-tiny.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEG
// NEG: error: micro-batch (-1) and sequence length (128) must be between 1 and 2147483647
//
// RUN: %mtc-opt --mtc-set-shape="seq=8" %s -split-input-file -verify-diagnostics

// expected-error @+1 {{--mtc-set-shape needs an 'mtc.model' attribute and a @forward function}}
module @no_model {
  func.func @forward(%t: tensor<1x4xi32>) {
    return
  }
}

// -----

// expected-error @+1 {{--mtc-set-shape needs an 'mtc.model' attribute and a @forward function}}
module @no_forward attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 4, heads = 1, ffn = 16, vocab = 8, padded_vocab = 8, positions = 16, seq = 4, micro_batch = 1>} {
}

// -----

module @arg_rank attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 4, heads = 1, ffn = 16, vocab = 8, padded_vocab = 8, positions = 16, seq = 4, micro_batch = 1>} {
  // expected-error @+1 {{@forward argument 2 is not a micro-batch input (mtc.input)}}
  func.func @forward(%t: tensor<1x4xi32>, %u: tensor<1x4xi32>, %w: tensor<4xf32>) {
    return
  }
}

// -----

// The model claims 16 positions but the table holds 4: the embedding's own rule fires.
module @short_wpe attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 4, heads = 1, ffn = 16, vocab = 8, padded_vocab = 8, positions = 16, seq = 4, micro_batch = 1>} {
  mtc.param @wte : tensor<8x4xf32> init(normal, 2.0e-02)
  mtc.param @wpe : tensor<4x4xf32> init(normal, 2.0e-02)
  func.func @forward(%t: tensor<1x4xi32>) -> tensor<1x4x4xf32> {
    %wte = mtc.param_ref @wte : tensor<8x4xf32>
    %wpe = mtc.param_ref @wpe : tensor<4x4xf32>
    // expected-error @+1 {{mtc.embedding: sequence length 8 exceeds the 4 learned positions}}
    %x = mtc.embedding %t, %wte, %wpe : tensor<1x4xi32>, tensor<8x4xf32>, tensor<4x4xf32> -> tensor<1x4x4xf32>
    return %x : tensor<1x4x4xf32>
  }
}

// -----

// Gradient ops have no shape rule: the pass runs before autodiff.
module @backward attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 4, heads = 1, ffn = 16, vocab = 8, padded_vocab = 8, positions = 16, seq = 4, micro_batch = 1>} {
  mtc.param @w : tensor<4x4xf32> init(normal, 2.0e-02)
  func.func @forward(%t: tensor<1x4xi32>) -> tensor<4x4xf32> {
    %w = mtc.param_ref @w : tensor<4x4xf32>
    // expected-error @+1 {{'mtc.linear_dx' op has no shape rule; --mtc-set-shape runs on forward models, before --mtc-autodiff}}
    %g = mtc.linear_dx %w, %w : tensor<4x4xf32>, tensor<4x4xf32> -> tensor<4x4xf32>
    return %g : tensor<4x4xf32>
  }
}
