// RUN: %mtc-opt %s -split-input-file --mtc-autodiff -verify-diagnostics


// Without a loss there is nothing to differentiate.
// expected-error @+1 {{@forward must return the values of mtc.cross_entropy ops (the terms of the objective)}}
func.func @forward(%a: tensor<1x4xi32>, %b: tensor<1x4xi32>) -> tensor<1x4xi32> {
  return %a : tensor<1x4xi32>
}

// -----

// A weight that is not read with mtc.param_ref has no gradient to accumulate into.
module {
  mtc.param @w : tensor<10x10xf32> init(normal, 2.000000e-02)
  func.func @forward(%t: tensor<1x4xi32>, %y: tensor<1x4xi32>) -> tensor<f32> {
    %w = mtc.param_ref @w : tensor<10x10xf32>
    %w2 = mtc.add %w, %w : tensor<10x10xf32>
    %x = mtc.embedding %t, %w : tensor<1x4xi32>, tensor<10x10xf32> -> tensor<1x4x10xf32>
    // expected-error @+1 {{operand must be read with mtc.param_ref}}
    %l = mtc.linear %x, %w2 : tensor<1x4x10xf32>, tensor<10x10xf32> -> tensor<1x4x10xf32>
    %loss = mtc.cross_entropy %l, %y {valid_vocab = 10 : i64} : tensor<1x4x10xf32>, tensor<1x4xi32> -> tensor<f32>
    return %loss : tensor<f32>
  }
}
