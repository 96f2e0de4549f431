module attributes {mtc.model = #mtc.model<name = "mixtral-tiny", arch = "llama", layers = 4, hidden = 128, heads = 4, ffn = 352, vocab = 32000, padded_vocab = 32000, positions = 128, seq = 128, micro_batch = 1, kv_heads = 2>} {
  mtc.param @wte : tensor<32000x128xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.input_norm.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.0.attn.qkv.weight : tensor<128x256xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.attn.o_proj.weight : tensor<128x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.0.post_attention_norm.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.0.moe.router.weight : tensor<128x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.moe.w1 : tensor<8x128x352xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.moe.w3 : tensor<8x128x352xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.moe.w2 : tensor<8x352x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.1.input_norm.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.1.attn.qkv.weight : tensor<128x256xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.attn.o_proj.weight : tensor<128x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.1.post_attention_norm.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.1.moe.router.weight : tensor<128x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.moe.w1 : tensor<8x128x352xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.moe.w3 : tensor<8x128x352xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.moe.w2 : tensor<8x352x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.2.input_norm.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.2.attn.qkv.weight : tensor<128x256xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.attn.o_proj.weight : tensor<128x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.2.post_attention_norm.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.2.moe.router.weight : tensor<128x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.moe.w1 : tensor<8x128x352xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.moe.w3 : tensor<8x128x352xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.moe.w2 : tensor<8x352x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.3.input_norm.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.3.attn.qkv.weight : tensor<128x256xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.attn.o_proj.weight : tensor<128x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.3.post_attention_norm.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.3.moe.router.weight : tensor<128x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.moe.w1 : tensor<8x128x352xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.moe.w3 : tensor<8x128x352xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.moe.w2 : tensor<8x352x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @norm_f.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @lm_head.weight : tensor<32000x128xf32> init(normal, 2.000000e-02)
  func.func @forward(%arg0: tensor<1x128xi32> {mtc.input = "tokens"}, %arg1: tensor<1x128xi32> {mtc.input = "targets"}) -> tensor<f32> {
    %0 = mtc.param_ref @wte : tensor<32000x128xf32>
    %1 = mtc.embedding %arg0, %0 : tensor<1x128xi32>, tensor<32000x128xf32> -> tensor<1x128x128xf32>
    %2 = mtc.layer "h.0"(%1) {index = 0 : i64} : (tensor<1x128x128xf32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg2: tensor<1x128x128xf32>):
      %11 = mtc.param_ref @h.0.input_norm.weight : tensor<128xf32>
      %12 = mtc.rms_norm %arg2, %11 : tensor<1x128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %13 = mtc.param_ref @h.0.attn.qkv.weight : tensor<128x256xf32>
      %14 = mtc.linear %12, %13 : tensor<1x128x128xf32>, tensor<128x256xf32> -> tensor<1x128x256xf32>
      %15 = mtc.rotary %14 {head_dim = 32 : i64, heads = 4 : i64, kv_heads = 2 : i64, theta = 1.000000e+04 : f64} : tensor<1x128x256xf32>
      %result, %lse = mtc.attention %15 {causal = true, head_dim = 32 : i64, heads = 4 : i64, kv_heads = 2 : i64, scale = 0.17677669529663687 : f64} : tensor<1x128x256xf32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %16 = mtc.param_ref @h.0.attn.o_proj.weight : tensor<128x128xf32>
      %17 = mtc.linear %result, %16 : tensor<1x128x128xf32>, tensor<128x128xf32> -> tensor<1x128x128xf32>
      %18 = mtc.add %arg2, %17 : tensor<1x128x128xf32>
      %19 = mtc.param_ref @h.0.post_attention_norm.weight : tensor<128xf32>
      %20 = mtc.rms_norm %18, %19 : tensor<1x128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %21 = mtc.param_ref @h.0.moe.router.weight : tensor<128x8xf32>
      %22 = mtc.linear %20, %21 : tensor<1x128x128xf32>, tensor<128x8xf32> -> tensor<1x128x8xf32>
      %probs, %experts, %weights = mtc.moe_route %22 {topk = 2 : i64} : tensor<1x128x8xf32> -> tensor<1x128x8xf32>, tensor<1x128x2xi32>, tensor<1x128x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x128x2xi32>, tensor<1x128x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x128x2xi32>, tensor<256xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 1.000000e-02 : f64, topk = 2 : i64} : tensor<1x128x8xf32>, tensor<8xi32>
      %23 = mtc.moe_permute %20, %row_of, %entry_of : tensor<1x128x128xf32>, tensor<1x128x2xi32>, tensor<256xi32> -> tensor<256x128xf32>
      %24 = mtc.param_ref @h.0.moe.w1 : tensor<8x128x352xf32>
      %25 = mtc.grouped_linear %23, %kept, %24 : tensor<256x128xf32>, tensor<8xi32>, tensor<8x128x352xf32> -> tensor<256x352xf32>
      %26 = mtc.param_ref @h.0.moe.w3 : tensor<8x128x352xf32>
      %27 = mtc.grouped_linear %23, %kept, %26 : tensor<256x128xf32>, tensor<8xi32>, tensor<8x128x352xf32> -> tensor<256x352xf32>
      %28 = mtc.swiglu %25, %27 : tensor<256x352xf32>
      %29 = mtc.param_ref @h.0.moe.w2 : tensor<8x352x128xf32>
      %30 = mtc.grouped_linear %28, %kept, %29 : tensor<256x352xf32>, tensor<8xi32>, tensor<8x352x128xf32> -> tensor<256x128xf32>
      %31 = mtc.moe_combine %30, %row_of, %entry_of, %weights : tensor<256x128xf32>, tensor<1x128x2xi32>, tensor<256xi32>, tensor<1x128x2xf32> -> tensor<1x128x128xf32>
      %32 = mtc.add %18, %31 : tensor<1x128x128xf32>
      mtc.yield %32 : tensor<1x128x128xf32>
    }
    %3 = mtc.layer "h.1"(%2) {index = 1 : i64} : (tensor<1x128x128xf32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg2: tensor<1x128x128xf32>):
      %11 = mtc.param_ref @h.1.input_norm.weight : tensor<128xf32>
      %12 = mtc.rms_norm %arg2, %11 : tensor<1x128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %13 = mtc.param_ref @h.1.attn.qkv.weight : tensor<128x256xf32>
      %14 = mtc.linear %12, %13 : tensor<1x128x128xf32>, tensor<128x256xf32> -> tensor<1x128x256xf32>
      %15 = mtc.rotary %14 {head_dim = 32 : i64, heads = 4 : i64, kv_heads = 2 : i64, theta = 1.000000e+04 : f64} : tensor<1x128x256xf32>
      %result, %lse = mtc.attention %15 {causal = true, head_dim = 32 : i64, heads = 4 : i64, kv_heads = 2 : i64, scale = 0.17677669529663687 : f64} : tensor<1x128x256xf32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %16 = mtc.param_ref @h.1.attn.o_proj.weight : tensor<128x128xf32>
      %17 = mtc.linear %result, %16 : tensor<1x128x128xf32>, tensor<128x128xf32> -> tensor<1x128x128xf32>
      %18 = mtc.add %arg2, %17 : tensor<1x128x128xf32>
      %19 = mtc.param_ref @h.1.post_attention_norm.weight : tensor<128xf32>
      %20 = mtc.rms_norm %18, %19 : tensor<1x128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %21 = mtc.param_ref @h.1.moe.router.weight : tensor<128x8xf32>
      %22 = mtc.linear %20, %21 : tensor<1x128x128xf32>, tensor<128x8xf32> -> tensor<1x128x8xf32>
      %probs, %experts, %weights = mtc.moe_route %22 {topk = 2 : i64} : tensor<1x128x8xf32> -> tensor<1x128x8xf32>, tensor<1x128x2xi32>, tensor<1x128x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x128x2xi32>, tensor<1x128x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x128x2xi32>, tensor<256xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 1.000000e-02 : f64, topk = 2 : i64} : tensor<1x128x8xf32>, tensor<8xi32>
      %23 = mtc.moe_permute %20, %row_of, %entry_of : tensor<1x128x128xf32>, tensor<1x128x2xi32>, tensor<256xi32> -> tensor<256x128xf32>
      %24 = mtc.param_ref @h.1.moe.w1 : tensor<8x128x352xf32>
      %25 = mtc.grouped_linear %23, %kept, %24 : tensor<256x128xf32>, tensor<8xi32>, tensor<8x128x352xf32> -> tensor<256x352xf32>
      %26 = mtc.param_ref @h.1.moe.w3 : tensor<8x128x352xf32>
      %27 = mtc.grouped_linear %23, %kept, %26 : tensor<256x128xf32>, tensor<8xi32>, tensor<8x128x352xf32> -> tensor<256x352xf32>
      %28 = mtc.swiglu %25, %27 : tensor<256x352xf32>
      %29 = mtc.param_ref @h.1.moe.w2 : tensor<8x352x128xf32>
      %30 = mtc.grouped_linear %28, %kept, %29 : tensor<256x352xf32>, tensor<8xi32>, tensor<8x352x128xf32> -> tensor<256x128xf32>
      %31 = mtc.moe_combine %30, %row_of, %entry_of, %weights : tensor<256x128xf32>, tensor<1x128x2xi32>, tensor<256xi32>, tensor<1x128x2xf32> -> tensor<1x128x128xf32>
      %32 = mtc.add %18, %31 : tensor<1x128x128xf32>
      mtc.yield %32 : tensor<1x128x128xf32>
    }
    %4 = mtc.layer "h.2"(%3) {index = 2 : i64} : (tensor<1x128x128xf32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg2: tensor<1x128x128xf32>):
      %11 = mtc.param_ref @h.2.input_norm.weight : tensor<128xf32>
      %12 = mtc.rms_norm %arg2, %11 : tensor<1x128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %13 = mtc.param_ref @h.2.attn.qkv.weight : tensor<128x256xf32>
      %14 = mtc.linear %12, %13 : tensor<1x128x128xf32>, tensor<128x256xf32> -> tensor<1x128x256xf32>
      %15 = mtc.rotary %14 {head_dim = 32 : i64, heads = 4 : i64, kv_heads = 2 : i64, theta = 1.000000e+04 : f64} : tensor<1x128x256xf32>
      %result, %lse = mtc.attention %15 {causal = true, head_dim = 32 : i64, heads = 4 : i64, kv_heads = 2 : i64, scale = 0.17677669529663687 : f64} : tensor<1x128x256xf32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %16 = mtc.param_ref @h.2.attn.o_proj.weight : tensor<128x128xf32>
      %17 = mtc.linear %result, %16 : tensor<1x128x128xf32>, tensor<128x128xf32> -> tensor<1x128x128xf32>
      %18 = mtc.add %arg2, %17 : tensor<1x128x128xf32>
      %19 = mtc.param_ref @h.2.post_attention_norm.weight : tensor<128xf32>
      %20 = mtc.rms_norm %18, %19 : tensor<1x128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %21 = mtc.param_ref @h.2.moe.router.weight : tensor<128x8xf32>
      %22 = mtc.linear %20, %21 : tensor<1x128x128xf32>, tensor<128x8xf32> -> tensor<1x128x8xf32>
      %probs, %experts, %weights = mtc.moe_route %22 {topk = 2 : i64} : tensor<1x128x8xf32> -> tensor<1x128x8xf32>, tensor<1x128x2xi32>, tensor<1x128x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x128x2xi32>, tensor<1x128x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x128x2xi32>, tensor<256xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 1.000000e-02 : f64, topk = 2 : i64} : tensor<1x128x8xf32>, tensor<8xi32>
      %23 = mtc.moe_permute %20, %row_of, %entry_of : tensor<1x128x128xf32>, tensor<1x128x2xi32>, tensor<256xi32> -> tensor<256x128xf32>
      %24 = mtc.param_ref @h.2.moe.w1 : tensor<8x128x352xf32>
      %25 = mtc.grouped_linear %23, %kept, %24 : tensor<256x128xf32>, tensor<8xi32>, tensor<8x128x352xf32> -> tensor<256x352xf32>
      %26 = mtc.param_ref @h.2.moe.w3 : tensor<8x128x352xf32>
      %27 = mtc.grouped_linear %23, %kept, %26 : tensor<256x128xf32>, tensor<8xi32>, tensor<8x128x352xf32> -> tensor<256x352xf32>
      %28 = mtc.swiglu %25, %27 : tensor<256x352xf32>
      %29 = mtc.param_ref @h.2.moe.w2 : tensor<8x352x128xf32>
      %30 = mtc.grouped_linear %28, %kept, %29 : tensor<256x352xf32>, tensor<8xi32>, tensor<8x352x128xf32> -> tensor<256x128xf32>
      %31 = mtc.moe_combine %30, %row_of, %entry_of, %weights : tensor<256x128xf32>, tensor<1x128x2xi32>, tensor<256xi32>, tensor<1x128x2xf32> -> tensor<1x128x128xf32>
      %32 = mtc.add %18, %31 : tensor<1x128x128xf32>
      mtc.yield %32 : tensor<1x128x128xf32>
    }
    %5 = mtc.layer "h.3"(%4) {index = 3 : i64} : (tensor<1x128x128xf32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg2: tensor<1x128x128xf32>):
      %11 = mtc.param_ref @h.3.input_norm.weight : tensor<128xf32>
      %12 = mtc.rms_norm %arg2, %11 : tensor<1x128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %13 = mtc.param_ref @h.3.attn.qkv.weight : tensor<128x256xf32>
      %14 = mtc.linear %12, %13 : tensor<1x128x128xf32>, tensor<128x256xf32> -> tensor<1x128x256xf32>
      %15 = mtc.rotary %14 {head_dim = 32 : i64, heads = 4 : i64, kv_heads = 2 : i64, theta = 1.000000e+04 : f64} : tensor<1x128x256xf32>
      %result, %lse = mtc.attention %15 {causal = true, head_dim = 32 : i64, heads = 4 : i64, kv_heads = 2 : i64, scale = 0.17677669529663687 : f64} : tensor<1x128x256xf32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %16 = mtc.param_ref @h.3.attn.o_proj.weight : tensor<128x128xf32>
      %17 = mtc.linear %result, %16 : tensor<1x128x128xf32>, tensor<128x128xf32> -> tensor<1x128x128xf32>
      %18 = mtc.add %arg2, %17 : tensor<1x128x128xf32>
      %19 = mtc.param_ref @h.3.post_attention_norm.weight : tensor<128xf32>
      %20 = mtc.rms_norm %18, %19 : tensor<1x128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %21 = mtc.param_ref @h.3.moe.router.weight : tensor<128x8xf32>
      %22 = mtc.linear %20, %21 : tensor<1x128x128xf32>, tensor<128x8xf32> -> tensor<1x128x8xf32>
      %probs, %experts, %weights = mtc.moe_route %22 {topk = 2 : i64} : tensor<1x128x8xf32> -> tensor<1x128x8xf32>, tensor<1x128x2xi32>, tensor<1x128x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x128x2xi32>, tensor<1x128x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x128x2xi32>, tensor<256xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 1.000000e-02 : f64, topk = 2 : i64} : tensor<1x128x8xf32>, tensor<8xi32>
      %23 = mtc.moe_permute %20, %row_of, %entry_of : tensor<1x128x128xf32>, tensor<1x128x2xi32>, tensor<256xi32> -> tensor<256x128xf32>
      %24 = mtc.param_ref @h.3.moe.w1 : tensor<8x128x352xf32>
      %25 = mtc.grouped_linear %23, %kept, %24 : tensor<256x128xf32>, tensor<8xi32>, tensor<8x128x352xf32> -> tensor<256x352xf32>
      %26 = mtc.param_ref @h.3.moe.w3 : tensor<8x128x352xf32>
      %27 = mtc.grouped_linear %23, %kept, %26 : tensor<256x128xf32>, tensor<8xi32>, tensor<8x128x352xf32> -> tensor<256x352xf32>
      %28 = mtc.swiglu %25, %27 : tensor<256x352xf32>
      %29 = mtc.param_ref @h.3.moe.w2 : tensor<8x352x128xf32>
      %30 = mtc.grouped_linear %28, %kept, %29 : tensor<256x352xf32>, tensor<8xi32>, tensor<8x352x128xf32> -> tensor<256x128xf32>
      %31 = mtc.moe_combine %30, %row_of, %entry_of, %weights : tensor<256x128xf32>, tensor<1x128x2xi32>, tensor<256xi32>, tensor<1x128x2xf32> -> tensor<1x128x128xf32>
      %32 = mtc.add %18, %31 : tensor<1x128x128xf32>
      mtc.yield %32 : tensor<1x128x128xf32>
    }
    %6 = mtc.param_ref @norm_f.weight : tensor<128xf32>
    %7 = mtc.rms_norm %5, %6 : tensor<1x128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
    %8 = mtc.param_ref @lm_head.weight : tensor<32000x128xf32>
    %9 = mtc.linear %7, %8 {transpose_weight} : tensor<1x128x128xf32>, tensor<32000x128xf32> -> tensor<1x128x32000xf32>
    %10 = mtc.cross_entropy %9, %arg1 {valid_vocab = 32000 : i64} : tensor<1x128x32000xf32>, tensor<1x128xi32> -> tensor<f32>
    return %10 : tensor<f32>
  }
}

