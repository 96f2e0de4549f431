// A model small enough to plan by hand: embedding -> linear -> loss.
module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 0, hidden = 8, heads = 1, ffn = 32, vocab = 10, padded_vocab = 10, positions = 4, seq = 4, micro_batch = 1>} {
  mtc.param @wte : tensor<10x8xf32> init(normal, 2.000000e-02)
  mtc.param @out : tensor<8x10xf32> init(normal, 2.000000e-02)
  func.func @forward(%tokens: tensor<1x4xi32>, %targets: tensor<1x4xi32>) -> tensor<f32> {
    %wte = mtc.param_ref @wte : tensor<10x8xf32>
    %x = mtc.embedding %tokens, %wte : tensor<1x4xi32>, tensor<10x8xf32> -> tensor<1x4x8xf32>
    %w = mtc.param_ref @out : tensor<8x10xf32>
    %logits = mtc.linear %x, %w : tensor<1x4x8xf32>, tensor<8x10xf32> -> tensor<1x4x10xf32>
    %loss = mtc.cross_entropy %logits, %targets {valid_vocab = 10 : i64} : tensor<1x4x10xf32>, tensor<1x4xi32> -> tensor<f32>
    return %loss : tensor<f32>
  }
}
