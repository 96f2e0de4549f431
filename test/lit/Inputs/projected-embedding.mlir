// A model whose first op after the embedding is expensive: a 64-wide embedding
// projected to hidden 16 (8192 FLOPs per micro-batch, four layers' worth), then 8
// layers of one 16x16 linear (2048 FLOPs each) and a 16x10 output layer (1280).
// For mtc-pipeline-partition.mlir's balance=cost check: the projection weighs on chunk 0.
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 16, heads = 1, ffn = 64, vocab = 10, padded_vocab = 10, positions = 4, seq = 4, micro_batch = 1>} {
  mtc.param @wte : tensor<10x64xf32> init(normal, 2.000000e-02)
  mtc.param @proj : tensor<64x16xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.w : tensor<16x16xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.w : tensor<16x16xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.w : tensor<16x16xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.w : tensor<16x16xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.w : tensor<16x16xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.w : tensor<16x16xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.w : tensor<16x16xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.w : tensor<16x16xf32> init(normal, 2.000000e-02)
  mtc.param @out : tensor<16x10xf32> init(normal, 2.000000e-02)
  func.func @forward(%tokens: tensor<1x4xi32>, %targets: tensor<1x4xi32>) -> tensor<f32> {
    %wte = mtc.param_ref @wte : tensor<10x64xf32>
    %e = mtc.embedding %tokens, %wte : tensor<1x4xi32>, tensor<10x64xf32> -> tensor<1x4x64xf32>
    %wp = mtc.param_ref @proj : tensor<64x16xf32>
    %x0 = mtc.linear %e, %wp : tensor<1x4x64xf32>, tensor<64x16xf32> -> tensor<1x4x16xf32>
    %x1 = mtc.layer "h.0"(%x0) {index = 0 : i64} : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32> {
    ^bb0(%in: tensor<1x4x16xf32>):
      %w = mtc.param_ref @h.0.w : tensor<16x16xf32>
      %y = mtc.linear %in, %w : tensor<1x4x16xf32>, tensor<16x16xf32> -> tensor<1x4x16xf32>
      mtc.yield %y : tensor<1x4x16xf32>
    }
    %x2 = mtc.layer "h.1"(%x1) {index = 1 : i64} : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32> {
    ^bb0(%in: tensor<1x4x16xf32>):
      %w = mtc.param_ref @h.1.w : tensor<16x16xf32>
      %y = mtc.linear %in, %w : tensor<1x4x16xf32>, tensor<16x16xf32> -> tensor<1x4x16xf32>
      mtc.yield %y : tensor<1x4x16xf32>
    }
    %x3 = mtc.layer "h.2"(%x2) {index = 2 : i64} : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32> {
    ^bb0(%in: tensor<1x4x16xf32>):
      %w = mtc.param_ref @h.2.w : tensor<16x16xf32>
      %y = mtc.linear %in, %w : tensor<1x4x16xf32>, tensor<16x16xf32> -> tensor<1x4x16xf32>
      mtc.yield %y : tensor<1x4x16xf32>
    }
    %x4 = mtc.layer "h.3"(%x3) {index = 3 : i64} : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32> {
    ^bb0(%in: tensor<1x4x16xf32>):
      %w = mtc.param_ref @h.3.w : tensor<16x16xf32>
      %y = mtc.linear %in, %w : tensor<1x4x16xf32>, tensor<16x16xf32> -> tensor<1x4x16xf32>
      mtc.yield %y : tensor<1x4x16xf32>
    }
    %x5 = mtc.layer "h.4"(%x4) {index = 4 : i64} : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32> {
    ^bb0(%in: tensor<1x4x16xf32>):
      %w = mtc.param_ref @h.4.w : tensor<16x16xf32>
      %y = mtc.linear %in, %w : tensor<1x4x16xf32>, tensor<16x16xf32> -> tensor<1x4x16xf32>
      mtc.yield %y : tensor<1x4x16xf32>
    }
    %x6 = mtc.layer "h.5"(%x5) {index = 5 : i64} : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32> {
    ^bb0(%in: tensor<1x4x16xf32>):
      %w = mtc.param_ref @h.5.w : tensor<16x16xf32>
      %y = mtc.linear %in, %w : tensor<1x4x16xf32>, tensor<16x16xf32> -> tensor<1x4x16xf32>
      mtc.yield %y : tensor<1x4x16xf32>
    }
    %x7 = mtc.layer "h.6"(%x6) {index = 6 : i64} : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32> {
    ^bb0(%in: tensor<1x4x16xf32>):
      %w = mtc.param_ref @h.6.w : tensor<16x16xf32>
      %y = mtc.linear %in, %w : tensor<1x4x16xf32>, tensor<16x16xf32> -> tensor<1x4x16xf32>
      mtc.yield %y : tensor<1x4x16xf32>
    }
    %x8 = mtc.layer "h.7"(%x7) {index = 7 : i64} : (tensor<1x4x16xf32>) -> tensor<1x4x16xf32> {
    ^bb0(%in: tensor<1x4x16xf32>):
      %w = mtc.param_ref @h.7.w : tensor<16x16xf32>
      %y = mtc.linear %in, %w : tensor<1x4x16xf32>, tensor<16x16xf32> -> tensor<1x4x16xf32>
      mtc.yield %y : tensor<1x4x16xf32>
    }
    %wo = mtc.param_ref @out : tensor<16x10xf32>
    %logits = mtc.linear %x8, %wo : tensor<1x4x16xf32>, tensor<16x10xf32> -> tensor<1x4x10xf32>
    %loss = mtc.cross_entropy %logits, %targets {valid_vocab = 10 : i64} : tensor<1x4x10xf32>, tensor<1x4xi32> -> tensor<f32>
    return %loss : tensor<f32>
  }
}
