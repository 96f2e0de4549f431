// RUN: %mtc-opt %s -split-input-file -verify-diagnostics
//
// Negative I64Attr values. ODS hands I64Attr values out as uint64_t, so the
// verifiers compare them as signed numbers; these cases keep that so.

func.func @vocab_start(%t: tensor<1x8xi32>, %wte: tensor<16x4xf32>) {
  // expected-error @+2 {{mtc.embedding: vocab_start -16 is negative}}
  // expected-error @+1 {{'mtc.embedding' op failed to infer returned types}}
  %0 = mtc.embedding %t, %wte {vocab_start = -16 : i64} : tensor<1x8xi32>, tensor<16x4xf32> -> tensor<1x8x4xf32>
  return
}

// -----

func.func @layer_index(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'mtc.layer' op index must not be negative, got -1}}
  %y = mtc.layer "h.0"(%x) {index = -1 : i64} : (tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<2xf32>):
    mtc.yield %a : tensor<2xf32>
  }
  return %y : tensor<2xf32>
}

// -----

// expected-error @+1 {{'mtc.adamw' op step counts must not be negative}}
mtc.adamw {lr = 1.0e-04 : f64, min_lr = 1.0e-05 : f64, warmup_steps = -1 : i64, decay_steps = 100 : i64, beta1 = 0.9 : f64, beta2 = 0.95 : f64, eps = 1.0e-08 : f64, weight_decay = 0.1 : f64, clip_grad = 1.0 : f64}
