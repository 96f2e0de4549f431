module attributes {mtc.model = #mtc.model<name = "moe-tiny", arch = "llama", layers = 1, hidden = 8, heads = 2, ffn = 6, vocab = 16, padded_vocab = 16, positions = 4, seq = 4, micro_batch = 1>} {
  mtc.param @wte : tensor<16x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.input_norm.weight : tensor<8xf32> init(ones) {no_decay}
  mtc.param @h.0.attn.qkv.weight : tensor<8x24xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.attn.o_proj.weight : tensor<8x8xf32> init(normal, 0.014142135623730949)
  mtc.param @h.0.post_attention_norm.weight : tensor<8xf32> init(ones) {no_decay}
  mtc.param @h.0.moe.router.weight : tensor<8x4xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.moe.w1 : tensor<4x8x6xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.moe.w3 : tensor<4x8x6xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.moe.w2 : tensor<4x6x8xf32> init(normal, 0.014142135623730949)
  mtc.param @norm_f.weight : tensor<8xf32> init(ones) {no_decay}
  func.func @forward(%arg0: tensor<1x4xi32> {mtc.input = "tokens"}, %arg1: tensor<1x4xi32> {mtc.input = "targets"}) -> tensor<f32> {
    %0 = mtc.param_ref @wte : tensor<16x8xf32>
    %1 = mtc.embedding %arg0, %0 : tensor<1x4xi32>, tensor<16x8xf32> -> tensor<1x4x8xf32>
    %2 = mtc.layer "h.0"(%1) {index = 0 : i64} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32> {
    ^bb0(%arg2: tensor<1x4x8xf32>):
      %8 = mtc.param_ref @h.0.input_norm.weight : tensor<8xf32>
      %9 = mtc.rms_norm %arg2, %8 : tensor<1x4x8xf32>, tensor<8xf32> -> tensor<1x4x8xf32>
      %10 = mtc.param_ref @h.0.attn.qkv.weight : tensor<8x24xf32>
      %11 = mtc.linear %9, %10 : tensor<1x4x8xf32>, tensor<8x24xf32> -> tensor<1x4x24xf32>
      %12 = mtc.rotary %11 {head_dim = 4 : i64, heads = 2 : i64, kv_heads = 2 : i64, theta = 1.000000e+04 : f64} : tensor<1x4x24xf32>
      %result, %lse = mtc.attention %12 {causal = true, head_dim = 4 : i64, heads = 2 : i64, scale = 5.000000e-01 : f64} : tensor<1x4x24xf32> -> tensor<1x4x8xf32>, tensor<1x2x4xf32>
      %13 = mtc.param_ref @h.0.attn.o_proj.weight : tensor<8x8xf32>
      %14 = mtc.linear %result, %13 : tensor<1x4x8xf32>, tensor<8x8xf32> -> tensor<1x4x8xf32>
      %15 = mtc.add %arg2, %14 : tensor<1x4x8xf32>
      %16 = mtc.param_ref @h.0.post_attention_norm.weight : tensor<8xf32>
      %17 = mtc.rms_norm %15, %16 : tensor<1x4x8xf32>, tensor<8xf32> -> tensor<1x4x8xf32>
      %18 = mtc.param_ref @h.0.moe.router.weight : tensor<8x4xf32>
      %19 = mtc.linear %17, %18 : tensor<1x4x8xf32>, tensor<8x4xf32> -> tensor<1x4x4xf32>
      %probs, %experts, %weights = mtc.moe_route %19 {topk = 2 : i64} : tensor<1x4x4xf32> -> tensor<1x4x4xf32>, tensor<1x4x2xi32>, tensor<1x4x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 4 : i64} : tensor<1x4x2xi32>, tensor<1x4x2xf32> -> tensor<4xi32>, tensor<4xi32>, tensor<1x4x2xi32>, tensor<8xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 1.000000e-02 : f64, topk = 2 : i64} : tensor<1x4x4xf32>, tensor<4xi32>
      %20 = mtc.moe_permute %17, %row_of, %entry_of : tensor<1x4x8xf32>, tensor<1x4x2xi32>, tensor<8xi32> -> tensor<8x8xf32>
      %21 = mtc.param_ref @h.0.moe.w1 : tensor<4x8x6xf32>
      %22 = mtc.grouped_linear %20, %kept, %21 : tensor<8x8xf32>, tensor<4xi32>, tensor<4x8x6xf32> -> tensor<8x6xf32>
      %23 = mtc.param_ref @h.0.moe.w3 : tensor<4x8x6xf32>
      %24 = mtc.grouped_linear %20, %kept, %23 : tensor<8x8xf32>, tensor<4xi32>, tensor<4x8x6xf32> -> tensor<8x6xf32>
      %25 = mtc.swiglu %22, %24 : tensor<8x6xf32>
      %26 = mtc.param_ref @h.0.moe.w2 : tensor<4x6x8xf32>
      %27 = mtc.grouped_linear %25, %kept, %26 : tensor<8x6xf32>, tensor<4xi32>, tensor<4x6x8xf32> -> tensor<8x8xf32>
      %28 = mtc.moe_combine %27, %row_of, %entry_of, %weights : tensor<8x8xf32>, tensor<1x4x2xi32>, tensor<8xi32>, tensor<1x4x2xf32> -> tensor<1x4x8xf32>
      %29 = mtc.add %15, %28 : tensor<1x4x8xf32>
      mtc.yield %29 : tensor<1x4x8xf32>
    }
    %3 = mtc.param_ref @norm_f.weight : tensor<8xf32>
    %4 = mtc.rms_norm %2, %3 : tensor<1x4x8xf32>, tensor<8xf32> -> tensor<1x4x8xf32>
    %5 = mtc.param_ref @wte : tensor<16x8xf32>
    %6 = mtc.linear %4, %5 {transpose_weight} : tensor<1x4x8xf32>, tensor<16x8xf32> -> tensor<1x4x16xf32>
    %7 = mtc.cross_entropy %6, %arg1 {valid_vocab = 16 : i64} : tensor<1x4x16xf32>, tensor<1x4xi32> -> tensor<f32>
    return %7 : tensor<f32>
  }
}

