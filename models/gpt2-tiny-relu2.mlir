module attributes {mtc.model = #mtc.model<name = "gpt2-tiny-relu2", arch = "gpt", layers = 8, hidden = 128, heads = 4, ffn = 512, vocab = 50257, padded_vocab = 50257, positions = 128, seq = 128, micro_batch = 1>} {
  mtc.param @wte : tensor<50257x128xf32> init(normal, 2.000000e-02)
  mtc.param @wpe : tensor<128x128xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.ln_1.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_1.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_attn.weight : tensor<128x384xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.attn.c_attn.bias : tensor<384xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_proj.weight : tensor<128x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.0.attn.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.0.ln_2.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_2.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_fc.weight : tensor<128x512xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.mlp.c_fc.bias : tensor<512xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_proj.weight : tensor<512x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.0.mlp.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_1.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_1.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_attn.weight : tensor<128x384xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.attn.c_attn.bias : tensor<384xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_proj.weight : tensor<128x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.1.attn.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_2.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_2.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_fc.weight : tensor<128x512xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.mlp.c_fc.bias : tensor<512xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_proj.weight : tensor<512x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.1.mlp.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_1.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_1.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_attn.weight : tensor<128x384xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.attn.c_attn.bias : tensor<384xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_proj.weight : tensor<128x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.2.attn.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_2.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_2.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_fc.weight : tensor<128x512xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.mlp.c_fc.bias : tensor<512xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_proj.weight : tensor<512x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.2.mlp.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_1.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_1.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_attn.weight : tensor<128x384xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.attn.c_attn.bias : tensor<384xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_proj.weight : tensor<128x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.3.attn.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_2.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_2.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_fc.weight : tensor<128x512xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.mlp.c_fc.bias : tensor<512xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_proj.weight : tensor<512x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.3.mlp.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.4.ln_1.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.4.ln_1.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.4.attn.c_attn.weight : tensor<128x384xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.attn.c_attn.bias : tensor<384xf32> init(zeros) {no_decay}
  mtc.param @h.4.attn.c_proj.weight : tensor<128x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.4.attn.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.4.ln_2.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.4.ln_2.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.4.mlp.c_fc.weight : tensor<128x512xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.mlp.c_fc.bias : tensor<512xf32> init(zeros) {no_decay}
  mtc.param @h.4.mlp.c_proj.weight : tensor<512x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.4.mlp.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.5.ln_1.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.5.ln_1.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.5.attn.c_attn.weight : tensor<128x384xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.attn.c_attn.bias : tensor<384xf32> init(zeros) {no_decay}
  mtc.param @h.5.attn.c_proj.weight : tensor<128x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.5.attn.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.5.ln_2.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.5.ln_2.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.5.mlp.c_fc.weight : tensor<128x512xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.mlp.c_fc.bias : tensor<512xf32> init(zeros) {no_decay}
  mtc.param @h.5.mlp.c_proj.weight : tensor<512x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.5.mlp.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.6.ln_1.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.6.ln_1.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.6.attn.c_attn.weight : tensor<128x384xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.attn.c_attn.bias : tensor<384xf32> init(zeros) {no_decay}
  mtc.param @h.6.attn.c_proj.weight : tensor<128x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.6.attn.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.6.ln_2.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.6.ln_2.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.6.mlp.c_fc.weight : tensor<128x512xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.mlp.c_fc.bias : tensor<512xf32> init(zeros) {no_decay}
  mtc.param @h.6.mlp.c_proj.weight : tensor<512x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.6.mlp.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.7.ln_1.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.7.ln_1.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.7.attn.c_attn.weight : tensor<128x384xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.attn.c_attn.bias : tensor<384xf32> init(zeros) {no_decay}
  mtc.param @h.7.attn.c_proj.weight : tensor<128x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.7.attn.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.7.ln_2.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.7.ln_2.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.7.mlp.c_fc.weight : tensor<128x512xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.mlp.c_fc.bias : tensor<512xf32> init(zeros) {no_decay}
  mtc.param @h.7.mlp.c_proj.weight : tensor<512x128xf32> init(normal, 5.000000e-03)
  mtc.param @h.7.mlp.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @ln_f.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @ln_f.bias : tensor<128xf32> init(zeros) {no_decay}
  func.func @forward(%arg0: tensor<1x128xi32> {mtc.input = "tokens"}, %arg1: tensor<1x128xi32> {mtc.input = "targets"}) -> tensor<f32> {
    %0 = mtc.param_ref @wte : tensor<50257x128xf32>
    %1 = mtc.param_ref @wpe : tensor<128x128xf32>
    %2 = mtc.embedding %arg0, %0, %1 : tensor<1x128xi32>, tensor<50257x128xf32>, tensor<128x128xf32> -> tensor<1x128x128xf32>
    %3 = mtc.layer "h.0"(%2) {index = 0 : i64} : (tensor<1x128x128xf32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg2: tensor<1x128x128xf32>):
      %17 = mtc.param_ref @h.0.ln_1.weight : tensor<128xf32>
      %18 = mtc.param_ref @h.0.ln_1.bias : tensor<128xf32>
      %19 = mtc.layer_norm %arg2, %17, %18 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %20 = mtc.param_ref @h.0.attn.c_attn.weight : tensor<128x384xf32>
      %21 = mtc.param_ref @h.0.attn.c_attn.bias : tensor<384xf32>
      %22 = mtc.linear %19, %20, %21 : tensor<1x128x128xf32>, tensor<128x384xf32>, tensor<384xf32> -> tensor<1x128x384xf32>
      %result, %lse = mtc.attention %22 {causal = true, head_dim = 32 : i64, heads = 4 : i64, scale = 0.17677669529663687 : f64} : tensor<1x128x384xf32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %23 = mtc.param_ref @h.0.attn.c_proj.weight : tensor<128x128xf32>
      %24 = mtc.param_ref @h.0.attn.c_proj.bias : tensor<128xf32>
      %25 = mtc.linear %result, %23, %24 : tensor<1x128x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %26 = mtc.add %arg2, %25 : tensor<1x128x128xf32>
      %27 = mtc.param_ref @h.0.ln_2.weight : tensor<128xf32>
      %28 = mtc.param_ref @h.0.ln_2.bias : tensor<128xf32>
      %29 = mtc.layer_norm %26, %27, %28 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %30 = mtc.param_ref @h.0.mlp.c_fc.weight : tensor<128x512xf32>
      %31 = mtc.param_ref @h.0.mlp.c_fc.bias : tensor<512xf32>
      %32 = mtc.linear %29, %30, %31 : tensor<1x128x128xf32>, tensor<128x512xf32>, tensor<512xf32> -> tensor<1x128x512xf32>
      %33 = mtc.squared_relu %32 : tensor<1x128x512xf32>
      %34 = mtc.param_ref @h.0.mlp.c_proj.weight : tensor<512x128xf32>
      %35 = mtc.param_ref @h.0.mlp.c_proj.bias : tensor<128xf32>
      %36 = mtc.linear %33, %34, %35 : tensor<1x128x512xf32>, tensor<512x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %37 = mtc.add %26, %36 : tensor<1x128x128xf32>
      mtc.yield %37 : tensor<1x128x128xf32>
    }
    %4 = mtc.layer "h.1"(%3) {index = 1 : i64} : (tensor<1x128x128xf32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg2: tensor<1x128x128xf32>):
      %17 = mtc.param_ref @h.1.ln_1.weight : tensor<128xf32>
      %18 = mtc.param_ref @h.1.ln_1.bias : tensor<128xf32>
      %19 = mtc.layer_norm %arg2, %17, %18 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %20 = mtc.param_ref @h.1.attn.c_attn.weight : tensor<128x384xf32>
      %21 = mtc.param_ref @h.1.attn.c_attn.bias : tensor<384xf32>
      %22 = mtc.linear %19, %20, %21 : tensor<1x128x128xf32>, tensor<128x384xf32>, tensor<384xf32> -> tensor<1x128x384xf32>
      %result, %lse = mtc.attention %22 {causal = true, head_dim = 32 : i64, heads = 4 : i64, scale = 0.17677669529663687 : f64} : tensor<1x128x384xf32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %23 = mtc.param_ref @h.1.attn.c_proj.weight : tensor<128x128xf32>
      %24 = mtc.param_ref @h.1.attn.c_proj.bias : tensor<128xf32>
      %25 = mtc.linear %result, %23, %24 : tensor<1x128x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %26 = mtc.add %arg2, %25 : tensor<1x128x128xf32>
      %27 = mtc.param_ref @h.1.ln_2.weight : tensor<128xf32>
      %28 = mtc.param_ref @h.1.ln_2.bias : tensor<128xf32>
      %29 = mtc.layer_norm %26, %27, %28 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %30 = mtc.param_ref @h.1.mlp.c_fc.weight : tensor<128x512xf32>
      %31 = mtc.param_ref @h.1.mlp.c_fc.bias : tensor<512xf32>
      %32 = mtc.linear %29, %30, %31 : tensor<1x128x128xf32>, tensor<128x512xf32>, tensor<512xf32> -> tensor<1x128x512xf32>
      %33 = mtc.squared_relu %32 : tensor<1x128x512xf32>
      %34 = mtc.param_ref @h.1.mlp.c_proj.weight : tensor<512x128xf32>
      %35 = mtc.param_ref @h.1.mlp.c_proj.bias : tensor<128xf32>
      %36 = mtc.linear %33, %34, %35 : tensor<1x128x512xf32>, tensor<512x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %37 = mtc.add %26, %36 : tensor<1x128x128xf32>
      mtc.yield %37 : tensor<1x128x128xf32>
    }
    %5 = mtc.layer "h.2"(%4) {index = 2 : i64} : (tensor<1x128x128xf32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg2: tensor<1x128x128xf32>):
      %17 = mtc.param_ref @h.2.ln_1.weight : tensor<128xf32>
      %18 = mtc.param_ref @h.2.ln_1.bias : tensor<128xf32>
      %19 = mtc.layer_norm %arg2, %17, %18 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %20 = mtc.param_ref @h.2.attn.c_attn.weight : tensor<128x384xf32>
      %21 = mtc.param_ref @h.2.attn.c_attn.bias : tensor<384xf32>
      %22 = mtc.linear %19, %20, %21 : tensor<1x128x128xf32>, tensor<128x384xf32>, tensor<384xf32> -> tensor<1x128x384xf32>
      %result, %lse = mtc.attention %22 {causal = true, head_dim = 32 : i64, heads = 4 : i64, scale = 0.17677669529663687 : f64} : tensor<1x128x384xf32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %23 = mtc.param_ref @h.2.attn.c_proj.weight : tensor<128x128xf32>
      %24 = mtc.param_ref @h.2.attn.c_proj.bias : tensor<128xf32>
      %25 = mtc.linear %result, %23, %24 : tensor<1x128x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %26 = mtc.add %arg2, %25 : tensor<1x128x128xf32>
      %27 = mtc.param_ref @h.2.ln_2.weight : tensor<128xf32>
      %28 = mtc.param_ref @h.2.ln_2.bias : tensor<128xf32>
      %29 = mtc.layer_norm %26, %27, %28 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %30 = mtc.param_ref @h.2.mlp.c_fc.weight : tensor<128x512xf32>
      %31 = mtc.param_ref @h.2.mlp.c_fc.bias : tensor<512xf32>
      %32 = mtc.linear %29, %30, %31 : tensor<1x128x128xf32>, tensor<128x512xf32>, tensor<512xf32> -> tensor<1x128x512xf32>
      %33 = mtc.squared_relu %32 : tensor<1x128x512xf32>
      %34 = mtc.param_ref @h.2.mlp.c_proj.weight : tensor<512x128xf32>
      %35 = mtc.param_ref @h.2.mlp.c_proj.bias : tensor<128xf32>
      %36 = mtc.linear %33, %34, %35 : tensor<1x128x512xf32>, tensor<512x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %37 = mtc.add %26, %36 : tensor<1x128x128xf32>
      mtc.yield %37 : tensor<1x128x128xf32>
    }
    %6 = mtc.layer "h.3"(%5) {index = 3 : i64} : (tensor<1x128x128xf32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg2: tensor<1x128x128xf32>):
      %17 = mtc.param_ref @h.3.ln_1.weight : tensor<128xf32>
      %18 = mtc.param_ref @h.3.ln_1.bias : tensor<128xf32>
      %19 = mtc.layer_norm %arg2, %17, %18 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %20 = mtc.param_ref @h.3.attn.c_attn.weight : tensor<128x384xf32>
      %21 = mtc.param_ref @h.3.attn.c_attn.bias : tensor<384xf32>
      %22 = mtc.linear %19, %20, %21 : tensor<1x128x128xf32>, tensor<128x384xf32>, tensor<384xf32> -> tensor<1x128x384xf32>
      %result, %lse = mtc.attention %22 {causal = true, head_dim = 32 : i64, heads = 4 : i64, scale = 0.17677669529663687 : f64} : tensor<1x128x384xf32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %23 = mtc.param_ref @h.3.attn.c_proj.weight : tensor<128x128xf32>
      %24 = mtc.param_ref @h.3.attn.c_proj.bias : tensor<128xf32>
      %25 = mtc.linear %result, %23, %24 : tensor<1x128x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %26 = mtc.add %arg2, %25 : tensor<1x128x128xf32>
      %27 = mtc.param_ref @h.3.ln_2.weight : tensor<128xf32>
      %28 = mtc.param_ref @h.3.ln_2.bias : tensor<128xf32>
      %29 = mtc.layer_norm %26, %27, %28 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %30 = mtc.param_ref @h.3.mlp.c_fc.weight : tensor<128x512xf32>
      %31 = mtc.param_ref @h.3.mlp.c_fc.bias : tensor<512xf32>
      %32 = mtc.linear %29, %30, %31 : tensor<1x128x128xf32>, tensor<128x512xf32>, tensor<512xf32> -> tensor<1x128x512xf32>
      %33 = mtc.squared_relu %32 : tensor<1x128x512xf32>
      %34 = mtc.param_ref @h.3.mlp.c_proj.weight : tensor<512x128xf32>
      %35 = mtc.param_ref @h.3.mlp.c_proj.bias : tensor<128xf32>
      %36 = mtc.linear %33, %34, %35 : tensor<1x128x512xf32>, tensor<512x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %37 = mtc.add %26, %36 : tensor<1x128x128xf32>
      mtc.yield %37 : tensor<1x128x128xf32>
    }
    %7 = mtc.layer "h.4"(%6) {index = 4 : i64} : (tensor<1x128x128xf32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg2: tensor<1x128x128xf32>):
      %17 = mtc.param_ref @h.4.ln_1.weight : tensor<128xf32>
      %18 = mtc.param_ref @h.4.ln_1.bias : tensor<128xf32>
      %19 = mtc.layer_norm %arg2, %17, %18 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %20 = mtc.param_ref @h.4.attn.c_attn.weight : tensor<128x384xf32>
      %21 = mtc.param_ref @h.4.attn.c_attn.bias : tensor<384xf32>
      %22 = mtc.linear %19, %20, %21 : tensor<1x128x128xf32>, tensor<128x384xf32>, tensor<384xf32> -> tensor<1x128x384xf32>
      %result, %lse = mtc.attention %22 {causal = true, head_dim = 32 : i64, heads = 4 : i64, scale = 0.17677669529663687 : f64} : tensor<1x128x384xf32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %23 = mtc.param_ref @h.4.attn.c_proj.weight : tensor<128x128xf32>
      %24 = mtc.param_ref @h.4.attn.c_proj.bias : tensor<128xf32>
      %25 = mtc.linear %result, %23, %24 : tensor<1x128x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %26 = mtc.add %arg2, %25 : tensor<1x128x128xf32>
      %27 = mtc.param_ref @h.4.ln_2.weight : tensor<128xf32>
      %28 = mtc.param_ref @h.4.ln_2.bias : tensor<128xf32>
      %29 = mtc.layer_norm %26, %27, %28 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %30 = mtc.param_ref @h.4.mlp.c_fc.weight : tensor<128x512xf32>
      %31 = mtc.param_ref @h.4.mlp.c_fc.bias : tensor<512xf32>
      %32 = mtc.linear %29, %30, %31 : tensor<1x128x128xf32>, tensor<128x512xf32>, tensor<512xf32> -> tensor<1x128x512xf32>
      %33 = mtc.squared_relu %32 : tensor<1x128x512xf32>
      %34 = mtc.param_ref @h.4.mlp.c_proj.weight : tensor<512x128xf32>
      %35 = mtc.param_ref @h.4.mlp.c_proj.bias : tensor<128xf32>
      %36 = mtc.linear %33, %34, %35 : tensor<1x128x512xf32>, tensor<512x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %37 = mtc.add %26, %36 : tensor<1x128x128xf32>
      mtc.yield %37 : tensor<1x128x128xf32>
    }
    %8 = mtc.layer "h.5"(%7) {index = 5 : i64} : (tensor<1x128x128xf32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg2: tensor<1x128x128xf32>):
      %17 = mtc.param_ref @h.5.ln_1.weight : tensor<128xf32>
      %18 = mtc.param_ref @h.5.ln_1.bias : tensor<128xf32>
      %19 = mtc.layer_norm %arg2, %17, %18 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %20 = mtc.param_ref @h.5.attn.c_attn.weight : tensor<128x384xf32>
      %21 = mtc.param_ref @h.5.attn.c_attn.bias : tensor<384xf32>
      %22 = mtc.linear %19, %20, %21 : tensor<1x128x128xf32>, tensor<128x384xf32>, tensor<384xf32> -> tensor<1x128x384xf32>
      %result, %lse = mtc.attention %22 {causal = true, head_dim = 32 : i64, heads = 4 : i64, scale = 0.17677669529663687 : f64} : tensor<1x128x384xf32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %23 = mtc.param_ref @h.5.attn.c_proj.weight : tensor<128x128xf32>
      %24 = mtc.param_ref @h.5.attn.c_proj.bias : tensor<128xf32>
      %25 = mtc.linear %result, %23, %24 : tensor<1x128x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %26 = mtc.add %arg2, %25 : tensor<1x128x128xf32>
      %27 = mtc.param_ref @h.5.ln_2.weight : tensor<128xf32>
      %28 = mtc.param_ref @h.5.ln_2.bias : tensor<128xf32>
      %29 = mtc.layer_norm %26, %27, %28 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %30 = mtc.param_ref @h.5.mlp.c_fc.weight : tensor<128x512xf32>
      %31 = mtc.param_ref @h.5.mlp.c_fc.bias : tensor<512xf32>
      %32 = mtc.linear %29, %30, %31 : tensor<1x128x128xf32>, tensor<128x512xf32>, tensor<512xf32> -> tensor<1x128x512xf32>
      %33 = mtc.squared_relu %32 : tensor<1x128x512xf32>
      %34 = mtc.param_ref @h.5.mlp.c_proj.weight : tensor<512x128xf32>
      %35 = mtc.param_ref @h.5.mlp.c_proj.bias : tensor<128xf32>
      %36 = mtc.linear %33, %34, %35 : tensor<1x128x512xf32>, tensor<512x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %37 = mtc.add %26, %36 : tensor<1x128x128xf32>
      mtc.yield %37 : tensor<1x128x128xf32>
    }
    %9 = mtc.layer "h.6"(%8) {index = 6 : i64} : (tensor<1x128x128xf32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg2: tensor<1x128x128xf32>):
      %17 = mtc.param_ref @h.6.ln_1.weight : tensor<128xf32>
      %18 = mtc.param_ref @h.6.ln_1.bias : tensor<128xf32>
      %19 = mtc.layer_norm %arg2, %17, %18 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %20 = mtc.param_ref @h.6.attn.c_attn.weight : tensor<128x384xf32>
      %21 = mtc.param_ref @h.6.attn.c_attn.bias : tensor<384xf32>
      %22 = mtc.linear %19, %20, %21 : tensor<1x128x128xf32>, tensor<128x384xf32>, tensor<384xf32> -> tensor<1x128x384xf32>
      %result, %lse = mtc.attention %22 {causal = true, head_dim = 32 : i64, heads = 4 : i64, scale = 0.17677669529663687 : f64} : tensor<1x128x384xf32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %23 = mtc.param_ref @h.6.attn.c_proj.weight : tensor<128x128xf32>
      %24 = mtc.param_ref @h.6.attn.c_proj.bias : tensor<128xf32>
      %25 = mtc.linear %result, %23, %24 : tensor<1x128x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %26 = mtc.add %arg2, %25 : tensor<1x128x128xf32>
      %27 = mtc.param_ref @h.6.ln_2.weight : tensor<128xf32>
      %28 = mtc.param_ref @h.6.ln_2.bias : tensor<128xf32>
      %29 = mtc.layer_norm %26, %27, %28 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %30 = mtc.param_ref @h.6.mlp.c_fc.weight : tensor<128x512xf32>
      %31 = mtc.param_ref @h.6.mlp.c_fc.bias : tensor<512xf32>
      %32 = mtc.linear %29, %30, %31 : tensor<1x128x128xf32>, tensor<128x512xf32>, tensor<512xf32> -> tensor<1x128x512xf32>
      %33 = mtc.squared_relu %32 : tensor<1x128x512xf32>
      %34 = mtc.param_ref @h.6.mlp.c_proj.weight : tensor<512x128xf32>
      %35 = mtc.param_ref @h.6.mlp.c_proj.bias : tensor<128xf32>
      %36 = mtc.linear %33, %34, %35 : tensor<1x128x512xf32>, tensor<512x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %37 = mtc.add %26, %36 : tensor<1x128x128xf32>
      mtc.yield %37 : tensor<1x128x128xf32>
    }
    %10 = mtc.layer "h.7"(%9) {index = 7 : i64} : (tensor<1x128x128xf32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg2: tensor<1x128x128xf32>):
      %17 = mtc.param_ref @h.7.ln_1.weight : tensor<128xf32>
      %18 = mtc.param_ref @h.7.ln_1.bias : tensor<128xf32>
      %19 = mtc.layer_norm %arg2, %17, %18 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %20 = mtc.param_ref @h.7.attn.c_attn.weight : tensor<128x384xf32>
      %21 = mtc.param_ref @h.7.attn.c_attn.bias : tensor<384xf32>
      %22 = mtc.linear %19, %20, %21 : tensor<1x128x128xf32>, tensor<128x384xf32>, tensor<384xf32> -> tensor<1x128x384xf32>
      %result, %lse = mtc.attention %22 {causal = true, head_dim = 32 : i64, heads = 4 : i64, scale = 0.17677669529663687 : f64} : tensor<1x128x384xf32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %23 = mtc.param_ref @h.7.attn.c_proj.weight : tensor<128x128xf32>
      %24 = mtc.param_ref @h.7.attn.c_proj.bias : tensor<128xf32>
      %25 = mtc.linear %result, %23, %24 : tensor<1x128x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %26 = mtc.add %arg2, %25 : tensor<1x128x128xf32>
      %27 = mtc.param_ref @h.7.ln_2.weight : tensor<128xf32>
      %28 = mtc.param_ref @h.7.ln_2.bias : tensor<128xf32>
      %29 = mtc.layer_norm %26, %27, %28 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %30 = mtc.param_ref @h.7.mlp.c_fc.weight : tensor<128x512xf32>
      %31 = mtc.param_ref @h.7.mlp.c_fc.bias : tensor<512xf32>
      %32 = mtc.linear %29, %30, %31 : tensor<1x128x128xf32>, tensor<128x512xf32>, tensor<512xf32> -> tensor<1x128x512xf32>
      %33 = mtc.squared_relu %32 : tensor<1x128x512xf32>
      %34 = mtc.param_ref @h.7.mlp.c_proj.weight : tensor<512x128xf32>
      %35 = mtc.param_ref @h.7.mlp.c_proj.bias : tensor<128xf32>
      %36 = mtc.linear %33, %34, %35 : tensor<1x128x512xf32>, tensor<512x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %37 = mtc.add %26, %36 : tensor<1x128x128xf32>
      mtc.yield %37 : tensor<1x128x128xf32>
    }
    %11 = mtc.param_ref @ln_f.weight : tensor<128xf32>
    %12 = mtc.param_ref @ln_f.bias : tensor<128xf32>
    %13 = mtc.layer_norm %10, %11, %12 : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
    %14 = mtc.param_ref @wte : tensor<50257x128xf32>
    %15 = mtc.linear %13, %14 {transpose_weight} : tensor<1x128x128xf32>, tensor<50257x128xf32> -> tensor<1x128x50257xf32>
    %16 = mtc.cross_entropy %15, %arg1 {valid_vocab = 50257 : i64} : tensor<1x128x50257xf32>, tensor<1x128xi32> -> tensor<f32>
    return %16 : tensor<f32>
  }
}

