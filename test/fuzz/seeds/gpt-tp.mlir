module attributes {mtc.model = #mtc.model<name = "gpt-tp", arch = "gpt", layers = 4, hidden = 32, heads = 4, ffn = 128, vocab = 300, padded_vocab = 384, positions = 16, seq = 16, micro_batch = 1>} {
  mtc.param @wte : tensor<384x32xf32> init(normal, 2.000000e-02)
  mtc.param @wpe : tensor<16x32xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.ln_1.weight : tensor<32xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_1.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_attn.weight : tensor<32x96xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.attn.c_attn.bias : tensor<96xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_proj.weight : tensor<32x32xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.0.attn.c_proj.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.0.ln_2.weight : tensor<32xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_2.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_fc.weight : tensor<32x128xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.mlp.c_fc.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_proj.weight : tensor<128x32xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.0.mlp.c_proj.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_1.weight : tensor<32xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_1.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_attn.weight : tensor<32x96xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.attn.c_attn.bias : tensor<96xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_proj.weight : tensor<32x32xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.1.attn.c_proj.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_2.weight : tensor<32xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_2.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_fc.weight : tensor<32x128xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.mlp.c_fc.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_proj.weight : tensor<128x32xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.1.mlp.c_proj.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_1.weight : tensor<32xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_1.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_attn.weight : tensor<32x96xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.attn.c_attn.bias : tensor<96xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_proj.weight : tensor<32x32xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.2.attn.c_proj.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_2.weight : tensor<32xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_2.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_fc.weight : tensor<32x128xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.mlp.c_fc.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_proj.weight : tensor<128x32xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.2.mlp.c_proj.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_1.weight : tensor<32xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_1.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_attn.weight : tensor<32x96xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.attn.c_attn.bias : tensor<96xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_proj.weight : tensor<32x32xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.3.attn.c_proj.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_2.weight : tensor<32xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_2.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_fc.weight : tensor<32x128xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.mlp.c_fc.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_proj.weight : tensor<128x32xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.3.mlp.c_proj.bias : tensor<32xf32> init(zeros) {no_decay}
  mtc.param @ln_f.weight : tensor<32xf32> init(ones) {no_decay}
  mtc.param @ln_f.bias : tensor<32xf32> init(zeros) {no_decay}
  func.func @forward(%arg0: tensor<1x16xi32>, %arg1: tensor<1x16xi32>) -> tensor<f32> {
    %0 = mtc.param_ref @wte : tensor<384x32xf32>
    %1 = mtc.param_ref @wpe : tensor<16x32xf32>
    %2 = mtc.embedding %arg0, %0, %1 : tensor<1x16xi32>, tensor<384x32xf32>, tensor<16x32xf32> -> tensor<1x16x32xf32>
    %3 = mtc.dropout %2 {rate = 1.000000e-01 : f64, stream = 1 : i64} : tensor<1x16x32xf32>
    %4 = mtc.layer "h.0"(%3) {index = 0 : i64} : (tensor<1x16x32xf32>) -> tensor<1x16x32xf32> {
    ^bb0(%arg2: tensor<1x16x32xf32>):
      %14 = mtc.param_ref @h.0.ln_1.weight : tensor<32xf32>
      %15 = mtc.param_ref @h.0.ln_1.bias : tensor<32xf32>
      %16 = mtc.layer_norm %arg2, %14, %15 : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %17 = mtc.param_ref @h.0.attn.c_attn.weight : tensor<32x96xf32>
      %18 = mtc.param_ref @h.0.attn.c_attn.bias : tensor<96xf32>
      %19 = mtc.linear %16, %17, %18 : tensor<1x16x32xf32>, tensor<32x96xf32>, tensor<96xf32> -> tensor<1x16x96xf32>
      %result, %lse = mtc.attention %19 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 8 : i64, heads = 4 : i64, scale = 0.35355339059327373 : f64, stream = 2 : i64} : tensor<1x16x96xf32> -> tensor<1x16x32xf32>, tensor<1x4x16xf32>
      %20 = mtc.param_ref @h.0.attn.c_proj.weight : tensor<32x32xf32>
      %21 = mtc.param_ref @h.0.attn.c_proj.bias : tensor<32xf32>
      %22 = mtc.linear %result, %20, %21 : tensor<1x16x32xf32>, tensor<32x32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %23 = mtc.dropout %22 {rate = 1.000000e-01 : f64, stream = 3 : i64} : tensor<1x16x32xf32>
      %24 = mtc.add %arg2, %23 : tensor<1x16x32xf32>
      %25 = mtc.param_ref @h.0.ln_2.weight : tensor<32xf32>
      %26 = mtc.param_ref @h.0.ln_2.bias : tensor<32xf32>
      %27 = mtc.layer_norm %24, %25, %26 : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %28 = mtc.param_ref @h.0.mlp.c_fc.weight : tensor<32x128xf32>
      %29 = mtc.param_ref @h.0.mlp.c_fc.bias : tensor<128xf32>
      %30 = mtc.linear %27, %28, %29 : tensor<1x16x32xf32>, tensor<32x128xf32>, tensor<128xf32> -> tensor<1x16x128xf32>
      %31 = mtc.gelu %30 : tensor<1x16x128xf32>
      %32 = mtc.param_ref @h.0.mlp.c_proj.weight : tensor<128x32xf32>
      %33 = mtc.param_ref @h.0.mlp.c_proj.bias : tensor<32xf32>
      %34 = mtc.linear %31, %32, %33 : tensor<1x16x128xf32>, tensor<128x32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %35 = mtc.dropout %34 {rate = 1.000000e-01 : f64, stream = 4 : i64} : tensor<1x16x32xf32>
      %36 = mtc.add %24, %35 : tensor<1x16x32xf32>
      mtc.yield %36 : tensor<1x16x32xf32>
    }
    %5 = mtc.layer "h.1"(%4) {index = 1 : i64} : (tensor<1x16x32xf32>) -> tensor<1x16x32xf32> {
    ^bb0(%arg2: tensor<1x16x32xf32>):
      %14 = mtc.param_ref @h.1.ln_1.weight : tensor<32xf32>
      %15 = mtc.param_ref @h.1.ln_1.bias : tensor<32xf32>
      %16 = mtc.layer_norm %arg2, %14, %15 : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %17 = mtc.param_ref @h.1.attn.c_attn.weight : tensor<32x96xf32>
      %18 = mtc.param_ref @h.1.attn.c_attn.bias : tensor<96xf32>
      %19 = mtc.linear %16, %17, %18 : tensor<1x16x32xf32>, tensor<32x96xf32>, tensor<96xf32> -> tensor<1x16x96xf32>
      %result, %lse = mtc.attention %19 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 8 : i64, heads = 4 : i64, scale = 0.35355339059327373 : f64, stream = 5 : i64} : tensor<1x16x96xf32> -> tensor<1x16x32xf32>, tensor<1x4x16xf32>
      %20 = mtc.param_ref @h.1.attn.c_proj.weight : tensor<32x32xf32>
      %21 = mtc.param_ref @h.1.attn.c_proj.bias : tensor<32xf32>
      %22 = mtc.linear %result, %20, %21 : tensor<1x16x32xf32>, tensor<32x32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %23 = mtc.dropout %22 {rate = 1.000000e-01 : f64, stream = 6 : i64} : tensor<1x16x32xf32>
      %24 = mtc.add %arg2, %23 : tensor<1x16x32xf32>
      %25 = mtc.param_ref @h.1.ln_2.weight : tensor<32xf32>
      %26 = mtc.param_ref @h.1.ln_2.bias : tensor<32xf32>
      %27 = mtc.layer_norm %24, %25, %26 : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %28 = mtc.param_ref @h.1.mlp.c_fc.weight : tensor<32x128xf32>
      %29 = mtc.param_ref @h.1.mlp.c_fc.bias : tensor<128xf32>
      %30 = mtc.linear %27, %28, %29 : tensor<1x16x32xf32>, tensor<32x128xf32>, tensor<128xf32> -> tensor<1x16x128xf32>
      %31 = mtc.gelu %30 : tensor<1x16x128xf32>
      %32 = mtc.param_ref @h.1.mlp.c_proj.weight : tensor<128x32xf32>
      %33 = mtc.param_ref @h.1.mlp.c_proj.bias : tensor<32xf32>
      %34 = mtc.linear %31, %32, %33 : tensor<1x16x128xf32>, tensor<128x32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %35 = mtc.dropout %34 {rate = 1.000000e-01 : f64, stream = 7 : i64} : tensor<1x16x32xf32>
      %36 = mtc.add %24, %35 : tensor<1x16x32xf32>
      mtc.yield %36 : tensor<1x16x32xf32>
    }
    %6 = mtc.layer "h.2"(%5) {index = 2 : i64} : (tensor<1x16x32xf32>) -> tensor<1x16x32xf32> {
    ^bb0(%arg2: tensor<1x16x32xf32>):
      %14 = mtc.param_ref @h.2.ln_1.weight : tensor<32xf32>
      %15 = mtc.param_ref @h.2.ln_1.bias : tensor<32xf32>
      %16 = mtc.layer_norm %arg2, %14, %15 : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %17 = mtc.param_ref @h.2.attn.c_attn.weight : tensor<32x96xf32>
      %18 = mtc.param_ref @h.2.attn.c_attn.bias : tensor<96xf32>
      %19 = mtc.linear %16, %17, %18 : tensor<1x16x32xf32>, tensor<32x96xf32>, tensor<96xf32> -> tensor<1x16x96xf32>
      %result, %lse = mtc.attention %19 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 8 : i64, heads = 4 : i64, scale = 0.35355339059327373 : f64, stream = 8 : i64} : tensor<1x16x96xf32> -> tensor<1x16x32xf32>, tensor<1x4x16xf32>
      %20 = mtc.param_ref @h.2.attn.c_proj.weight : tensor<32x32xf32>
      %21 = mtc.param_ref @h.2.attn.c_proj.bias : tensor<32xf32>
      %22 = mtc.linear %result, %20, %21 : tensor<1x16x32xf32>, tensor<32x32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %23 = mtc.dropout %22 {rate = 1.000000e-01 : f64, stream = 9 : i64} : tensor<1x16x32xf32>
      %24 = mtc.add %arg2, %23 : tensor<1x16x32xf32>
      %25 = mtc.param_ref @h.2.ln_2.weight : tensor<32xf32>
      %26 = mtc.param_ref @h.2.ln_2.bias : tensor<32xf32>
      %27 = mtc.layer_norm %24, %25, %26 : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %28 = mtc.param_ref @h.2.mlp.c_fc.weight : tensor<32x128xf32>
      %29 = mtc.param_ref @h.2.mlp.c_fc.bias : tensor<128xf32>
      %30 = mtc.linear %27, %28, %29 : tensor<1x16x32xf32>, tensor<32x128xf32>, tensor<128xf32> -> tensor<1x16x128xf32>
      %31 = mtc.gelu %30 : tensor<1x16x128xf32>
      %32 = mtc.param_ref @h.2.mlp.c_proj.weight : tensor<128x32xf32>
      %33 = mtc.param_ref @h.2.mlp.c_proj.bias : tensor<32xf32>
      %34 = mtc.linear %31, %32, %33 : tensor<1x16x128xf32>, tensor<128x32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %35 = mtc.dropout %34 {rate = 1.000000e-01 : f64, stream = 10 : i64} : tensor<1x16x32xf32>
      %36 = mtc.add %24, %35 : tensor<1x16x32xf32>
      mtc.yield %36 : tensor<1x16x32xf32>
    }
    %7 = mtc.layer "h.3"(%6) {index = 3 : i64} : (tensor<1x16x32xf32>) -> tensor<1x16x32xf32> {
    ^bb0(%arg2: tensor<1x16x32xf32>):
      %14 = mtc.param_ref @h.3.ln_1.weight : tensor<32xf32>
      %15 = mtc.param_ref @h.3.ln_1.bias : tensor<32xf32>
      %16 = mtc.layer_norm %arg2, %14, %15 : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %17 = mtc.param_ref @h.3.attn.c_attn.weight : tensor<32x96xf32>
      %18 = mtc.param_ref @h.3.attn.c_attn.bias : tensor<96xf32>
      %19 = mtc.linear %16, %17, %18 : tensor<1x16x32xf32>, tensor<32x96xf32>, tensor<96xf32> -> tensor<1x16x96xf32>
      %result, %lse = mtc.attention %19 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 8 : i64, heads = 4 : i64, scale = 0.35355339059327373 : f64, stream = 11 : i64} : tensor<1x16x96xf32> -> tensor<1x16x32xf32>, tensor<1x4x16xf32>
      %20 = mtc.param_ref @h.3.attn.c_proj.weight : tensor<32x32xf32>
      %21 = mtc.param_ref @h.3.attn.c_proj.bias : tensor<32xf32>
      %22 = mtc.linear %result, %20, %21 : tensor<1x16x32xf32>, tensor<32x32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %23 = mtc.dropout %22 {rate = 1.000000e-01 : f64, stream = 12 : i64} : tensor<1x16x32xf32>
      %24 = mtc.add %arg2, %23 : tensor<1x16x32xf32>
      %25 = mtc.param_ref @h.3.ln_2.weight : tensor<32xf32>
      %26 = mtc.param_ref @h.3.ln_2.bias : tensor<32xf32>
      %27 = mtc.layer_norm %24, %25, %26 : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %28 = mtc.param_ref @h.3.mlp.c_fc.weight : tensor<32x128xf32>
      %29 = mtc.param_ref @h.3.mlp.c_fc.bias : tensor<128xf32>
      %30 = mtc.linear %27, %28, %29 : tensor<1x16x32xf32>, tensor<32x128xf32>, tensor<128xf32> -> tensor<1x16x128xf32>
      %31 = mtc.gelu %30 : tensor<1x16x128xf32>
      %32 = mtc.param_ref @h.3.mlp.c_proj.weight : tensor<128x32xf32>
      %33 = mtc.param_ref @h.3.mlp.c_proj.bias : tensor<32xf32>
      %34 = mtc.linear %31, %32, %33 : tensor<1x16x128xf32>, tensor<128x32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
      %35 = mtc.dropout %34 {rate = 1.000000e-01 : f64, stream = 13 : i64} : tensor<1x16x32xf32>
      %36 = mtc.add %24, %35 : tensor<1x16x32xf32>
      mtc.yield %36 : tensor<1x16x32xf32>
    }
    %8 = mtc.param_ref @ln_f.weight : tensor<32xf32>
    %9 = mtc.param_ref @ln_f.bias : tensor<32xf32>
    %10 = mtc.layer_norm %7, %8, %9 : tensor<1x16x32xf32>, tensor<32xf32>, tensor<32xf32> -> tensor<1x16x32xf32>
    %11 = mtc.param_ref @wte : tensor<384x32xf32>
    %12 = mtc.linear %10, %11 {transpose_weight} : tensor<1x16x32xf32>, tensor<384x32xf32> -> tensor<1x16x384xf32>
    %13 = mtc.cross_entropy %12, %arg1 {valid_vocab = 300 : i64} : tensor<1x16x384xf32>, tensor<1x16xi32> -> tensor<f32>
    return %13 : tensor<f32>
  }
}

