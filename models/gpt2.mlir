module attributes {mtc.model = #mtc.model<name = "gpt2", arch = "gpt", layers = 12, hidden = 768, heads = 12, ffn = 3072, vocab = 50257, padded_vocab = 50257, positions = 1024, seq = 1024, micro_batch = 1>} {
  mtc.param @wte : tensor<50257x768xf32> init(normal, 2.000000e-02)
  mtc.param @wpe : tensor<1024x768xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.ln_1.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_1.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_attn.weight : tensor<768x2304xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.attn.c_attn.bias : tensor<2304xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_proj.weight : tensor<768x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.0.attn.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.0.ln_2.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_2.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_fc.weight : tensor<768x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.mlp.c_fc.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_proj.weight : tensor<3072x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.0.mlp.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_1.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_1.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_attn.weight : tensor<768x2304xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.attn.c_attn.bias : tensor<2304xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_proj.weight : tensor<768x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.1.attn.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_2.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_2.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_fc.weight : tensor<768x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.mlp.c_fc.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_proj.weight : tensor<3072x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.1.mlp.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_1.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_1.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_attn.weight : tensor<768x2304xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.attn.c_attn.bias : tensor<2304xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_proj.weight : tensor<768x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.2.attn.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_2.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_2.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_fc.weight : tensor<768x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.mlp.c_fc.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_proj.weight : tensor<3072x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.2.mlp.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_1.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_1.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_attn.weight : tensor<768x2304xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.attn.c_attn.bias : tensor<2304xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_proj.weight : tensor<768x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.3.attn.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_2.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_2.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_fc.weight : tensor<768x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.mlp.c_fc.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_proj.weight : tensor<3072x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.3.mlp.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.4.ln_1.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.4.ln_1.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.4.attn.c_attn.weight : tensor<768x2304xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.attn.c_attn.bias : tensor<2304xf32> init(zeros) {no_decay}
  mtc.param @h.4.attn.c_proj.weight : tensor<768x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.4.attn.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.4.ln_2.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.4.ln_2.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.4.mlp.c_fc.weight : tensor<768x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.mlp.c_fc.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.4.mlp.c_proj.weight : tensor<3072x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.4.mlp.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.5.ln_1.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.5.ln_1.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.5.attn.c_attn.weight : tensor<768x2304xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.attn.c_attn.bias : tensor<2304xf32> init(zeros) {no_decay}
  mtc.param @h.5.attn.c_proj.weight : tensor<768x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.5.attn.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.5.ln_2.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.5.ln_2.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.5.mlp.c_fc.weight : tensor<768x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.mlp.c_fc.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.5.mlp.c_proj.weight : tensor<3072x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.5.mlp.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.6.ln_1.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.6.ln_1.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.6.attn.c_attn.weight : tensor<768x2304xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.attn.c_attn.bias : tensor<2304xf32> init(zeros) {no_decay}
  mtc.param @h.6.attn.c_proj.weight : tensor<768x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.6.attn.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.6.ln_2.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.6.ln_2.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.6.mlp.c_fc.weight : tensor<768x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.mlp.c_fc.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.6.mlp.c_proj.weight : tensor<3072x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.6.mlp.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.7.ln_1.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.7.ln_1.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.7.attn.c_attn.weight : tensor<768x2304xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.attn.c_attn.bias : tensor<2304xf32> init(zeros) {no_decay}
  mtc.param @h.7.attn.c_proj.weight : tensor<768x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.7.attn.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.7.ln_2.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.7.ln_2.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.7.mlp.c_fc.weight : tensor<768x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.mlp.c_fc.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.7.mlp.c_proj.weight : tensor<3072x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.7.mlp.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.8.ln_1.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.8.ln_1.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.8.attn.c_attn.weight : tensor<768x2304xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.attn.c_attn.bias : tensor<2304xf32> init(zeros) {no_decay}
  mtc.param @h.8.attn.c_proj.weight : tensor<768x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.8.attn.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.8.ln_2.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.8.ln_2.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.8.mlp.c_fc.weight : tensor<768x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.mlp.c_fc.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.8.mlp.c_proj.weight : tensor<3072x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.8.mlp.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.9.ln_1.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.9.ln_1.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.9.attn.c_attn.weight : tensor<768x2304xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.attn.c_attn.bias : tensor<2304xf32> init(zeros) {no_decay}
  mtc.param @h.9.attn.c_proj.weight : tensor<768x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.9.attn.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.9.ln_2.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.9.ln_2.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.9.mlp.c_fc.weight : tensor<768x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.mlp.c_fc.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.9.mlp.c_proj.weight : tensor<3072x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.9.mlp.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.10.ln_1.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.10.ln_1.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.10.attn.c_attn.weight : tensor<768x2304xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.attn.c_attn.bias : tensor<2304xf32> init(zeros) {no_decay}
  mtc.param @h.10.attn.c_proj.weight : tensor<768x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.10.attn.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.10.ln_2.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.10.ln_2.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.10.mlp.c_fc.weight : tensor<768x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.mlp.c_fc.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.10.mlp.c_proj.weight : tensor<3072x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.10.mlp.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.11.ln_1.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.11.ln_1.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.11.attn.c_attn.weight : tensor<768x2304xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.attn.c_attn.bias : tensor<2304xf32> init(zeros) {no_decay}
  mtc.param @h.11.attn.c_proj.weight : tensor<768x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.11.attn.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.11.ln_2.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @h.11.ln_2.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @h.11.mlp.c_fc.weight : tensor<768x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.mlp.c_fc.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.11.mlp.c_proj.weight : tensor<3072x768xf32> init(normal, 0.0040824829046386306)
  mtc.param @h.11.mlp.c_proj.bias : tensor<768xf32> init(zeros) {no_decay}
  mtc.param @ln_f.weight : tensor<768xf32> init(ones) {no_decay}
  mtc.param @ln_f.bias : tensor<768xf32> init(zeros) {no_decay}
  func.func @forward(%arg0: tensor<1x1024xi32> {mtc.input = "tokens"}, %arg1: tensor<1x1024xi32> {mtc.input = "targets"}) -> tensor<f32> {
    %0 = mtc.param_ref @wte : tensor<50257x768xf32>
    %1 = mtc.param_ref @wpe : tensor<1024x768xf32>
    %2 = mtc.embedding %arg0, %0, %1 : tensor<1x1024xi32>, tensor<50257x768xf32>, tensor<1024x768xf32> -> tensor<1x1024x768xf32>
    %3 = mtc.dropout %2 {rate = 1.000000e-01 : f64, stream = 1 : i64} : tensor<1x1024x768xf32>
    %4 = mtc.layer "h.0"(%3) {index = 0 : i64} : (tensor<1x1024x768xf32>) -> tensor<1x1024x768xf32> {
    ^bb0(%arg2: tensor<1x1024x768xf32>):
      %22 = mtc.param_ref @h.0.ln_1.weight : tensor<768xf32>
      %23 = mtc.param_ref @h.0.ln_1.bias : tensor<768xf32>
      %24 = mtc.layer_norm %arg2, %22, %23 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %25 = mtc.param_ref @h.0.attn.c_attn.weight : tensor<768x2304xf32>
      %26 = mtc.param_ref @h.0.attn.c_attn.bias : tensor<2304xf32>
      %27 = mtc.linear %24, %25, %26 : tensor<1x1024x768xf32>, tensor<768x2304xf32>, tensor<2304xf32> -> tensor<1x1024x2304xf32>
      %result, %lse = mtc.attention %27 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 12 : i64, scale = 1.250000e-01 : f64, stream = 2 : i64} : tensor<1x1024x2304xf32> -> tensor<1x1024x768xf32>, tensor<1x12x1024xf32>
      %28 = mtc.param_ref @h.0.attn.c_proj.weight : tensor<768x768xf32>
      %29 = mtc.param_ref @h.0.attn.c_proj.bias : tensor<768xf32>
      %30 = mtc.linear %result, %28, %29 : tensor<1x1024x768xf32>, tensor<768x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %31 = mtc.dropout %30 {rate = 1.000000e-01 : f64, stream = 3 : i64} : tensor<1x1024x768xf32>
      %32 = mtc.add %arg2, %31 : tensor<1x1024x768xf32>
      %33 = mtc.param_ref @h.0.ln_2.weight : tensor<768xf32>
      %34 = mtc.param_ref @h.0.ln_2.bias : tensor<768xf32>
      %35 = mtc.layer_norm %32, %33, %34 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %36 = mtc.param_ref @h.0.mlp.c_fc.weight : tensor<768x3072xf32>
      %37 = mtc.param_ref @h.0.mlp.c_fc.bias : tensor<3072xf32>
      %38 = mtc.linear %35, %36, %37 : tensor<1x1024x768xf32>, tensor<768x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %39 = mtc.gelu %38 : tensor<1x1024x3072xf32>
      %40 = mtc.param_ref @h.0.mlp.c_proj.weight : tensor<3072x768xf32>
      %41 = mtc.param_ref @h.0.mlp.c_proj.bias : tensor<768xf32>
      %42 = mtc.linear %39, %40, %41 : tensor<1x1024x3072xf32>, tensor<3072x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 4 : i64} : tensor<1x1024x768xf32>
      %44 = mtc.add %32, %43 : tensor<1x1024x768xf32>
      mtc.yield %44 : tensor<1x1024x768xf32>
    }
    %5 = mtc.layer "h.1"(%4) {index = 1 : i64} : (tensor<1x1024x768xf32>) -> tensor<1x1024x768xf32> {
    ^bb0(%arg2: tensor<1x1024x768xf32>):
      %22 = mtc.param_ref @h.1.ln_1.weight : tensor<768xf32>
      %23 = mtc.param_ref @h.1.ln_1.bias : tensor<768xf32>
      %24 = mtc.layer_norm %arg2, %22, %23 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %25 = mtc.param_ref @h.1.attn.c_attn.weight : tensor<768x2304xf32>
      %26 = mtc.param_ref @h.1.attn.c_attn.bias : tensor<2304xf32>
      %27 = mtc.linear %24, %25, %26 : tensor<1x1024x768xf32>, tensor<768x2304xf32>, tensor<2304xf32> -> tensor<1x1024x2304xf32>
      %result, %lse = mtc.attention %27 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 12 : i64, scale = 1.250000e-01 : f64, stream = 5 : i64} : tensor<1x1024x2304xf32> -> tensor<1x1024x768xf32>, tensor<1x12x1024xf32>
      %28 = mtc.param_ref @h.1.attn.c_proj.weight : tensor<768x768xf32>
      %29 = mtc.param_ref @h.1.attn.c_proj.bias : tensor<768xf32>
      %30 = mtc.linear %result, %28, %29 : tensor<1x1024x768xf32>, tensor<768x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %31 = mtc.dropout %30 {rate = 1.000000e-01 : f64, stream = 6 : i64} : tensor<1x1024x768xf32>
      %32 = mtc.add %arg2, %31 : tensor<1x1024x768xf32>
      %33 = mtc.param_ref @h.1.ln_2.weight : tensor<768xf32>
      %34 = mtc.param_ref @h.1.ln_2.bias : tensor<768xf32>
      %35 = mtc.layer_norm %32, %33, %34 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %36 = mtc.param_ref @h.1.mlp.c_fc.weight : tensor<768x3072xf32>
      %37 = mtc.param_ref @h.1.mlp.c_fc.bias : tensor<3072xf32>
      %38 = mtc.linear %35, %36, %37 : tensor<1x1024x768xf32>, tensor<768x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %39 = mtc.gelu %38 : tensor<1x1024x3072xf32>
      %40 = mtc.param_ref @h.1.mlp.c_proj.weight : tensor<3072x768xf32>
      %41 = mtc.param_ref @h.1.mlp.c_proj.bias : tensor<768xf32>
      %42 = mtc.linear %39, %40, %41 : tensor<1x1024x3072xf32>, tensor<3072x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 7 : i64} : tensor<1x1024x768xf32>
      %44 = mtc.add %32, %43 : tensor<1x1024x768xf32>
      mtc.yield %44 : tensor<1x1024x768xf32>
    }
    %6 = mtc.layer "h.2"(%5) {index = 2 : i64} : (tensor<1x1024x768xf32>) -> tensor<1x1024x768xf32> {
    ^bb0(%arg2: tensor<1x1024x768xf32>):
      %22 = mtc.param_ref @h.2.ln_1.weight : tensor<768xf32>
      %23 = mtc.param_ref @h.2.ln_1.bias : tensor<768xf32>
      %24 = mtc.layer_norm %arg2, %22, %23 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %25 = mtc.param_ref @h.2.attn.c_attn.weight : tensor<768x2304xf32>
      %26 = mtc.param_ref @h.2.attn.c_attn.bias : tensor<2304xf32>
      %27 = mtc.linear %24, %25, %26 : tensor<1x1024x768xf32>, tensor<768x2304xf32>, tensor<2304xf32> -> tensor<1x1024x2304xf32>
      %result, %lse = mtc.attention %27 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 12 : i64, scale = 1.250000e-01 : f64, stream = 8 : i64} : tensor<1x1024x2304xf32> -> tensor<1x1024x768xf32>, tensor<1x12x1024xf32>
      %28 = mtc.param_ref @h.2.attn.c_proj.weight : tensor<768x768xf32>
      %29 = mtc.param_ref @h.2.attn.c_proj.bias : tensor<768xf32>
      %30 = mtc.linear %result, %28, %29 : tensor<1x1024x768xf32>, tensor<768x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %31 = mtc.dropout %30 {rate = 1.000000e-01 : f64, stream = 9 : i64} : tensor<1x1024x768xf32>
      %32 = mtc.add %arg2, %31 : tensor<1x1024x768xf32>
      %33 = mtc.param_ref @h.2.ln_2.weight : tensor<768xf32>
      %34 = mtc.param_ref @h.2.ln_2.bias : tensor<768xf32>
      %35 = mtc.layer_norm %32, %33, %34 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %36 = mtc.param_ref @h.2.mlp.c_fc.weight : tensor<768x3072xf32>
      %37 = mtc.param_ref @h.2.mlp.c_fc.bias : tensor<3072xf32>
      %38 = mtc.linear %35, %36, %37 : tensor<1x1024x768xf32>, tensor<768x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %39 = mtc.gelu %38 : tensor<1x1024x3072xf32>
      %40 = mtc.param_ref @h.2.mlp.c_proj.weight : tensor<3072x768xf32>
      %41 = mtc.param_ref @h.2.mlp.c_proj.bias : tensor<768xf32>
      %42 = mtc.linear %39, %40, %41 : tensor<1x1024x3072xf32>, tensor<3072x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 10 : i64} : tensor<1x1024x768xf32>
      %44 = mtc.add %32, %43 : tensor<1x1024x768xf32>
      mtc.yield %44 : tensor<1x1024x768xf32>
    }
    %7 = mtc.layer "h.3"(%6) {index = 3 : i64} : (tensor<1x1024x768xf32>) -> tensor<1x1024x768xf32> {
    ^bb0(%arg2: tensor<1x1024x768xf32>):
      %22 = mtc.param_ref @h.3.ln_1.weight : tensor<768xf32>
      %23 = mtc.param_ref @h.3.ln_1.bias : tensor<768xf32>
      %24 = mtc.layer_norm %arg2, %22, %23 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %25 = mtc.param_ref @h.3.attn.c_attn.weight : tensor<768x2304xf32>
      %26 = mtc.param_ref @h.3.attn.c_attn.bias : tensor<2304xf32>
      %27 = mtc.linear %24, %25, %26 : tensor<1x1024x768xf32>, tensor<768x2304xf32>, tensor<2304xf32> -> tensor<1x1024x2304xf32>
      %result, %lse = mtc.attention %27 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 12 : i64, scale = 1.250000e-01 : f64, stream = 11 : i64} : tensor<1x1024x2304xf32> -> tensor<1x1024x768xf32>, tensor<1x12x1024xf32>
      %28 = mtc.param_ref @h.3.attn.c_proj.weight : tensor<768x768xf32>
      %29 = mtc.param_ref @h.3.attn.c_proj.bias : tensor<768xf32>
      %30 = mtc.linear %result, %28, %29 : tensor<1x1024x768xf32>, tensor<768x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %31 = mtc.dropout %30 {rate = 1.000000e-01 : f64, stream = 12 : i64} : tensor<1x1024x768xf32>
      %32 = mtc.add %arg2, %31 : tensor<1x1024x768xf32>
      %33 = mtc.param_ref @h.3.ln_2.weight : tensor<768xf32>
      %34 = mtc.param_ref @h.3.ln_2.bias : tensor<768xf32>
      %35 = mtc.layer_norm %32, %33, %34 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %36 = mtc.param_ref @h.3.mlp.c_fc.weight : tensor<768x3072xf32>
      %37 = mtc.param_ref @h.3.mlp.c_fc.bias : tensor<3072xf32>
      %38 = mtc.linear %35, %36, %37 : tensor<1x1024x768xf32>, tensor<768x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %39 = mtc.gelu %38 : tensor<1x1024x3072xf32>
      %40 = mtc.param_ref @h.3.mlp.c_proj.weight : tensor<3072x768xf32>
      %41 = mtc.param_ref @h.3.mlp.c_proj.bias : tensor<768xf32>
      %42 = mtc.linear %39, %40, %41 : tensor<1x1024x3072xf32>, tensor<3072x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 13 : i64} : tensor<1x1024x768xf32>
      %44 = mtc.add %32, %43 : tensor<1x1024x768xf32>
      mtc.yield %44 : tensor<1x1024x768xf32>
    }
    %8 = mtc.layer "h.4"(%7) {index = 4 : i64} : (tensor<1x1024x768xf32>) -> tensor<1x1024x768xf32> {
    ^bb0(%arg2: tensor<1x1024x768xf32>):
      %22 = mtc.param_ref @h.4.ln_1.weight : tensor<768xf32>
      %23 = mtc.param_ref @h.4.ln_1.bias : tensor<768xf32>
      %24 = mtc.layer_norm %arg2, %22, %23 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %25 = mtc.param_ref @h.4.attn.c_attn.weight : tensor<768x2304xf32>
      %26 = mtc.param_ref @h.4.attn.c_attn.bias : tensor<2304xf32>
      %27 = mtc.linear %24, %25, %26 : tensor<1x1024x768xf32>, tensor<768x2304xf32>, tensor<2304xf32> -> tensor<1x1024x2304xf32>
      %result, %lse = mtc.attention %27 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 12 : i64, scale = 1.250000e-01 : f64, stream = 14 : i64} : tensor<1x1024x2304xf32> -> tensor<1x1024x768xf32>, tensor<1x12x1024xf32>
      %28 = mtc.param_ref @h.4.attn.c_proj.weight : tensor<768x768xf32>
      %29 = mtc.param_ref @h.4.attn.c_proj.bias : tensor<768xf32>
      %30 = mtc.linear %result, %28, %29 : tensor<1x1024x768xf32>, tensor<768x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %31 = mtc.dropout %30 {rate = 1.000000e-01 : f64, stream = 15 : i64} : tensor<1x1024x768xf32>
      %32 = mtc.add %arg2, %31 : tensor<1x1024x768xf32>
      %33 = mtc.param_ref @h.4.ln_2.weight : tensor<768xf32>
      %34 = mtc.param_ref @h.4.ln_2.bias : tensor<768xf32>
      %35 = mtc.layer_norm %32, %33, %34 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %36 = mtc.param_ref @h.4.mlp.c_fc.weight : tensor<768x3072xf32>
      %37 = mtc.param_ref @h.4.mlp.c_fc.bias : tensor<3072xf32>
      %38 = mtc.linear %35, %36, %37 : tensor<1x1024x768xf32>, tensor<768x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %39 = mtc.gelu %38 : tensor<1x1024x3072xf32>
      %40 = mtc.param_ref @h.4.mlp.c_proj.weight : tensor<3072x768xf32>
      %41 = mtc.param_ref @h.4.mlp.c_proj.bias : tensor<768xf32>
      %42 = mtc.linear %39, %40, %41 : tensor<1x1024x3072xf32>, tensor<3072x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 16 : i64} : tensor<1x1024x768xf32>
      %44 = mtc.add %32, %43 : tensor<1x1024x768xf32>
      mtc.yield %44 : tensor<1x1024x768xf32>
    }
    %9 = mtc.layer "h.5"(%8) {index = 5 : i64} : (tensor<1x1024x768xf32>) -> tensor<1x1024x768xf32> {
    ^bb0(%arg2: tensor<1x1024x768xf32>):
      %22 = mtc.param_ref @h.5.ln_1.weight : tensor<768xf32>
      %23 = mtc.param_ref @h.5.ln_1.bias : tensor<768xf32>
      %24 = mtc.layer_norm %arg2, %22, %23 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %25 = mtc.param_ref @h.5.attn.c_attn.weight : tensor<768x2304xf32>
      %26 = mtc.param_ref @h.5.attn.c_attn.bias : tensor<2304xf32>
      %27 = mtc.linear %24, %25, %26 : tensor<1x1024x768xf32>, tensor<768x2304xf32>, tensor<2304xf32> -> tensor<1x1024x2304xf32>
      %result, %lse = mtc.attention %27 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 12 : i64, scale = 1.250000e-01 : f64, stream = 17 : i64} : tensor<1x1024x2304xf32> -> tensor<1x1024x768xf32>, tensor<1x12x1024xf32>
      %28 = mtc.param_ref @h.5.attn.c_proj.weight : tensor<768x768xf32>
      %29 = mtc.param_ref @h.5.attn.c_proj.bias : tensor<768xf32>
      %30 = mtc.linear %result, %28, %29 : tensor<1x1024x768xf32>, tensor<768x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %31 = mtc.dropout %30 {rate = 1.000000e-01 : f64, stream = 18 : i64} : tensor<1x1024x768xf32>
      %32 = mtc.add %arg2, %31 : tensor<1x1024x768xf32>
      %33 = mtc.param_ref @h.5.ln_2.weight : tensor<768xf32>
      %34 = mtc.param_ref @h.5.ln_2.bias : tensor<768xf32>
      %35 = mtc.layer_norm %32, %33, %34 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %36 = mtc.param_ref @h.5.mlp.c_fc.weight : tensor<768x3072xf32>
      %37 = mtc.param_ref @h.5.mlp.c_fc.bias : tensor<3072xf32>
      %38 = mtc.linear %35, %36, %37 : tensor<1x1024x768xf32>, tensor<768x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %39 = mtc.gelu %38 : tensor<1x1024x3072xf32>
      %40 = mtc.param_ref @h.5.mlp.c_proj.weight : tensor<3072x768xf32>
      %41 = mtc.param_ref @h.5.mlp.c_proj.bias : tensor<768xf32>
      %42 = mtc.linear %39, %40, %41 : tensor<1x1024x3072xf32>, tensor<3072x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 19 : i64} : tensor<1x1024x768xf32>
      %44 = mtc.add %32, %43 : tensor<1x1024x768xf32>
      mtc.yield %44 : tensor<1x1024x768xf32>
    }
    %10 = mtc.layer "h.6"(%9) {index = 6 : i64} : (tensor<1x1024x768xf32>) -> tensor<1x1024x768xf32> {
    ^bb0(%arg2: tensor<1x1024x768xf32>):
      %22 = mtc.param_ref @h.6.ln_1.weight : tensor<768xf32>
      %23 = mtc.param_ref @h.6.ln_1.bias : tensor<768xf32>
      %24 = mtc.layer_norm %arg2, %22, %23 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %25 = mtc.param_ref @h.6.attn.c_attn.weight : tensor<768x2304xf32>
      %26 = mtc.param_ref @h.6.attn.c_attn.bias : tensor<2304xf32>
      %27 = mtc.linear %24, %25, %26 : tensor<1x1024x768xf32>, tensor<768x2304xf32>, tensor<2304xf32> -> tensor<1x1024x2304xf32>
      %result, %lse = mtc.attention %27 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 12 : i64, scale = 1.250000e-01 : f64, stream = 20 : i64} : tensor<1x1024x2304xf32> -> tensor<1x1024x768xf32>, tensor<1x12x1024xf32>
      %28 = mtc.param_ref @h.6.attn.c_proj.weight : tensor<768x768xf32>
      %29 = mtc.param_ref @h.6.attn.c_proj.bias : tensor<768xf32>
      %30 = mtc.linear %result, %28, %29 : tensor<1x1024x768xf32>, tensor<768x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %31 = mtc.dropout %30 {rate = 1.000000e-01 : f64, stream = 21 : i64} : tensor<1x1024x768xf32>
      %32 = mtc.add %arg2, %31 : tensor<1x1024x768xf32>
      %33 = mtc.param_ref @h.6.ln_2.weight : tensor<768xf32>
      %34 = mtc.param_ref @h.6.ln_2.bias : tensor<768xf32>
      %35 = mtc.layer_norm %32, %33, %34 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %36 = mtc.param_ref @h.6.mlp.c_fc.weight : tensor<768x3072xf32>
      %37 = mtc.param_ref @h.6.mlp.c_fc.bias : tensor<3072xf32>
      %38 = mtc.linear %35, %36, %37 : tensor<1x1024x768xf32>, tensor<768x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %39 = mtc.gelu %38 : tensor<1x1024x3072xf32>
      %40 = mtc.param_ref @h.6.mlp.c_proj.weight : tensor<3072x768xf32>
      %41 = mtc.param_ref @h.6.mlp.c_proj.bias : tensor<768xf32>
      %42 = mtc.linear %39, %40, %41 : tensor<1x1024x3072xf32>, tensor<3072x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 22 : i64} : tensor<1x1024x768xf32>
      %44 = mtc.add %32, %43 : tensor<1x1024x768xf32>
      mtc.yield %44 : tensor<1x1024x768xf32>
    }
    %11 = mtc.layer "h.7"(%10) {index = 7 : i64} : (tensor<1x1024x768xf32>) -> tensor<1x1024x768xf32> {
    ^bb0(%arg2: tensor<1x1024x768xf32>):
      %22 = mtc.param_ref @h.7.ln_1.weight : tensor<768xf32>
      %23 = mtc.param_ref @h.7.ln_1.bias : tensor<768xf32>
      %24 = mtc.layer_norm %arg2, %22, %23 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %25 = mtc.param_ref @h.7.attn.c_attn.weight : tensor<768x2304xf32>
      %26 = mtc.param_ref @h.7.attn.c_attn.bias : tensor<2304xf32>
      %27 = mtc.linear %24, %25, %26 : tensor<1x1024x768xf32>, tensor<768x2304xf32>, tensor<2304xf32> -> tensor<1x1024x2304xf32>
      %result, %lse = mtc.attention %27 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 12 : i64, scale = 1.250000e-01 : f64, stream = 23 : i64} : tensor<1x1024x2304xf32> -> tensor<1x1024x768xf32>, tensor<1x12x1024xf32>
      %28 = mtc.param_ref @h.7.attn.c_proj.weight : tensor<768x768xf32>
      %29 = mtc.param_ref @h.7.attn.c_proj.bias : tensor<768xf32>
      %30 = mtc.linear %result, %28, %29 : tensor<1x1024x768xf32>, tensor<768x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %31 = mtc.dropout %30 {rate = 1.000000e-01 : f64, stream = 24 : i64} : tensor<1x1024x768xf32>
      %32 = mtc.add %arg2, %31 : tensor<1x1024x768xf32>
      %33 = mtc.param_ref @h.7.ln_2.weight : tensor<768xf32>
      %34 = mtc.param_ref @h.7.ln_2.bias : tensor<768xf32>
      %35 = mtc.layer_norm %32, %33, %34 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %36 = mtc.param_ref @h.7.mlp.c_fc.weight : tensor<768x3072xf32>
      %37 = mtc.param_ref @h.7.mlp.c_fc.bias : tensor<3072xf32>
      %38 = mtc.linear %35, %36, %37 : tensor<1x1024x768xf32>, tensor<768x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %39 = mtc.gelu %38 : tensor<1x1024x3072xf32>
      %40 = mtc.param_ref @h.7.mlp.c_proj.weight : tensor<3072x768xf32>
      %41 = mtc.param_ref @h.7.mlp.c_proj.bias : tensor<768xf32>
      %42 = mtc.linear %39, %40, %41 : tensor<1x1024x3072xf32>, tensor<3072x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 25 : i64} : tensor<1x1024x768xf32>
      %44 = mtc.add %32, %43 : tensor<1x1024x768xf32>
      mtc.yield %44 : tensor<1x1024x768xf32>
    }
    %12 = mtc.layer "h.8"(%11) {index = 8 : i64} : (tensor<1x1024x768xf32>) -> tensor<1x1024x768xf32> {
    ^bb0(%arg2: tensor<1x1024x768xf32>):
      %22 = mtc.param_ref @h.8.ln_1.weight : tensor<768xf32>
      %23 = mtc.param_ref @h.8.ln_1.bias : tensor<768xf32>
      %24 = mtc.layer_norm %arg2, %22, %23 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %25 = mtc.param_ref @h.8.attn.c_attn.weight : tensor<768x2304xf32>
      %26 = mtc.param_ref @h.8.attn.c_attn.bias : tensor<2304xf32>
      %27 = mtc.linear %24, %25, %26 : tensor<1x1024x768xf32>, tensor<768x2304xf32>, tensor<2304xf32> -> tensor<1x1024x2304xf32>
      %result, %lse = mtc.attention %27 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 12 : i64, scale = 1.250000e-01 : f64, stream = 26 : i64} : tensor<1x1024x2304xf32> -> tensor<1x1024x768xf32>, tensor<1x12x1024xf32>
      %28 = mtc.param_ref @h.8.attn.c_proj.weight : tensor<768x768xf32>
      %29 = mtc.param_ref @h.8.attn.c_proj.bias : tensor<768xf32>
      %30 = mtc.linear %result, %28, %29 : tensor<1x1024x768xf32>, tensor<768x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %31 = mtc.dropout %30 {rate = 1.000000e-01 : f64, stream = 27 : i64} : tensor<1x1024x768xf32>
      %32 = mtc.add %arg2, %31 : tensor<1x1024x768xf32>
      %33 = mtc.param_ref @h.8.ln_2.weight : tensor<768xf32>
      %34 = mtc.param_ref @h.8.ln_2.bias : tensor<768xf32>
      %35 = mtc.layer_norm %32, %33, %34 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %36 = mtc.param_ref @h.8.mlp.c_fc.weight : tensor<768x3072xf32>
      %37 = mtc.param_ref @h.8.mlp.c_fc.bias : tensor<3072xf32>
      %38 = mtc.linear %35, %36, %37 : tensor<1x1024x768xf32>, tensor<768x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %39 = mtc.gelu %38 : tensor<1x1024x3072xf32>
      %40 = mtc.param_ref @h.8.mlp.c_proj.weight : tensor<3072x768xf32>
      %41 = mtc.param_ref @h.8.mlp.c_proj.bias : tensor<768xf32>
      %42 = mtc.linear %39, %40, %41 : tensor<1x1024x3072xf32>, tensor<3072x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 28 : i64} : tensor<1x1024x768xf32>
      %44 = mtc.add %32, %43 : tensor<1x1024x768xf32>
      mtc.yield %44 : tensor<1x1024x768xf32>
    }
    %13 = mtc.layer "h.9"(%12) {index = 9 : i64} : (tensor<1x1024x768xf32>) -> tensor<1x1024x768xf32> {
    ^bb0(%arg2: tensor<1x1024x768xf32>):
      %22 = mtc.param_ref @h.9.ln_1.weight : tensor<768xf32>
      %23 = mtc.param_ref @h.9.ln_1.bias : tensor<768xf32>
      %24 = mtc.layer_norm %arg2, %22, %23 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %25 = mtc.param_ref @h.9.attn.c_attn.weight : tensor<768x2304xf32>
      %26 = mtc.param_ref @h.9.attn.c_attn.bias : tensor<2304xf32>
      %27 = mtc.linear %24, %25, %26 : tensor<1x1024x768xf32>, tensor<768x2304xf32>, tensor<2304xf32> -> tensor<1x1024x2304xf32>
      %result, %lse = mtc.attention %27 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 12 : i64, scale = 1.250000e-01 : f64, stream = 29 : i64} : tensor<1x1024x2304xf32> -> tensor<1x1024x768xf32>, tensor<1x12x1024xf32>
      %28 = mtc.param_ref @h.9.attn.c_proj.weight : tensor<768x768xf32>
      %29 = mtc.param_ref @h.9.attn.c_proj.bias : tensor<768xf32>
      %30 = mtc.linear %result, %28, %29 : tensor<1x1024x768xf32>, tensor<768x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %31 = mtc.dropout %30 {rate = 1.000000e-01 : f64, stream = 30 : i64} : tensor<1x1024x768xf32>
      %32 = mtc.add %arg2, %31 : tensor<1x1024x768xf32>
      %33 = mtc.param_ref @h.9.ln_2.weight : tensor<768xf32>
      %34 = mtc.param_ref @h.9.ln_2.bias : tensor<768xf32>
      %35 = mtc.layer_norm %32, %33, %34 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %36 = mtc.param_ref @h.9.mlp.c_fc.weight : tensor<768x3072xf32>
      %37 = mtc.param_ref @h.9.mlp.c_fc.bias : tensor<3072xf32>
      %38 = mtc.linear %35, %36, %37 : tensor<1x1024x768xf32>, tensor<768x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %39 = mtc.gelu %38 : tensor<1x1024x3072xf32>
      %40 = mtc.param_ref @h.9.mlp.c_proj.weight : tensor<3072x768xf32>
      %41 = mtc.param_ref @h.9.mlp.c_proj.bias : tensor<768xf32>
      %42 = mtc.linear %39, %40, %41 : tensor<1x1024x3072xf32>, tensor<3072x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 31 : i64} : tensor<1x1024x768xf32>
      %44 = mtc.add %32, %43 : tensor<1x1024x768xf32>
      mtc.yield %44 : tensor<1x1024x768xf32>
    }
    %14 = mtc.layer "h.10"(%13) {index = 10 : i64} : (tensor<1x1024x768xf32>) -> tensor<1x1024x768xf32> {
    ^bb0(%arg2: tensor<1x1024x768xf32>):
      %22 = mtc.param_ref @h.10.ln_1.weight : tensor<768xf32>
      %23 = mtc.param_ref @h.10.ln_1.bias : tensor<768xf32>
      %24 = mtc.layer_norm %arg2, %22, %23 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %25 = mtc.param_ref @h.10.attn.c_attn.weight : tensor<768x2304xf32>
      %26 = mtc.param_ref @h.10.attn.c_attn.bias : tensor<2304xf32>
      %27 = mtc.linear %24, %25, %26 : tensor<1x1024x768xf32>, tensor<768x2304xf32>, tensor<2304xf32> -> tensor<1x1024x2304xf32>
      %result, %lse = mtc.attention %27 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 12 : i64, scale = 1.250000e-01 : f64, stream = 32 : i64} : tensor<1x1024x2304xf32> -> tensor<1x1024x768xf32>, tensor<1x12x1024xf32>
      %28 = mtc.param_ref @h.10.attn.c_proj.weight : tensor<768x768xf32>
      %29 = mtc.param_ref @h.10.attn.c_proj.bias : tensor<768xf32>
      %30 = mtc.linear %result, %28, %29 : tensor<1x1024x768xf32>, tensor<768x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %31 = mtc.dropout %30 {rate = 1.000000e-01 : f64, stream = 33 : i64} : tensor<1x1024x768xf32>
      %32 = mtc.add %arg2, %31 : tensor<1x1024x768xf32>
      %33 = mtc.param_ref @h.10.ln_2.weight : tensor<768xf32>
      %34 = mtc.param_ref @h.10.ln_2.bias : tensor<768xf32>
      %35 = mtc.layer_norm %32, %33, %34 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %36 = mtc.param_ref @h.10.mlp.c_fc.weight : tensor<768x3072xf32>
      %37 = mtc.param_ref @h.10.mlp.c_fc.bias : tensor<3072xf32>
      %38 = mtc.linear %35, %36, %37 : tensor<1x1024x768xf32>, tensor<768x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %39 = mtc.gelu %38 : tensor<1x1024x3072xf32>
      %40 = mtc.param_ref @h.10.mlp.c_proj.weight : tensor<3072x768xf32>
      %41 = mtc.param_ref @h.10.mlp.c_proj.bias : tensor<768xf32>
      %42 = mtc.linear %39, %40, %41 : tensor<1x1024x3072xf32>, tensor<3072x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 34 : i64} : tensor<1x1024x768xf32>
      %44 = mtc.add %32, %43 : tensor<1x1024x768xf32>
      mtc.yield %44 : tensor<1x1024x768xf32>
    }
    %15 = mtc.layer "h.11"(%14) {index = 11 : i64} : (tensor<1x1024x768xf32>) -> tensor<1x1024x768xf32> {
    ^bb0(%arg2: tensor<1x1024x768xf32>):
      %22 = mtc.param_ref @h.11.ln_1.weight : tensor<768xf32>
      %23 = mtc.param_ref @h.11.ln_1.bias : tensor<768xf32>
      %24 = mtc.layer_norm %arg2, %22, %23 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %25 = mtc.param_ref @h.11.attn.c_attn.weight : tensor<768x2304xf32>
      %26 = mtc.param_ref @h.11.attn.c_attn.bias : tensor<2304xf32>
      %27 = mtc.linear %24, %25, %26 : tensor<1x1024x768xf32>, tensor<768x2304xf32>, tensor<2304xf32> -> tensor<1x1024x2304xf32>
      %result, %lse = mtc.attention %27 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 12 : i64, scale = 1.250000e-01 : f64, stream = 35 : i64} : tensor<1x1024x2304xf32> -> tensor<1x1024x768xf32>, tensor<1x12x1024xf32>
      %28 = mtc.param_ref @h.11.attn.c_proj.weight : tensor<768x768xf32>
      %29 = mtc.param_ref @h.11.attn.c_proj.bias : tensor<768xf32>
      %30 = mtc.linear %result, %28, %29 : tensor<1x1024x768xf32>, tensor<768x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %31 = mtc.dropout %30 {rate = 1.000000e-01 : f64, stream = 36 : i64} : tensor<1x1024x768xf32>
      %32 = mtc.add %arg2, %31 : tensor<1x1024x768xf32>
      %33 = mtc.param_ref @h.11.ln_2.weight : tensor<768xf32>
      %34 = mtc.param_ref @h.11.ln_2.bias : tensor<768xf32>
      %35 = mtc.layer_norm %32, %33, %34 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %36 = mtc.param_ref @h.11.mlp.c_fc.weight : tensor<768x3072xf32>
      %37 = mtc.param_ref @h.11.mlp.c_fc.bias : tensor<3072xf32>
      %38 = mtc.linear %35, %36, %37 : tensor<1x1024x768xf32>, tensor<768x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %39 = mtc.gelu %38 : tensor<1x1024x3072xf32>
      %40 = mtc.param_ref @h.11.mlp.c_proj.weight : tensor<3072x768xf32>
      %41 = mtc.param_ref @h.11.mlp.c_proj.bias : tensor<768xf32>
      %42 = mtc.linear %39, %40, %41 : tensor<1x1024x3072xf32>, tensor<3072x768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 37 : i64} : tensor<1x1024x768xf32>
      %44 = mtc.add %32, %43 : tensor<1x1024x768xf32>
      mtc.yield %44 : tensor<1x1024x768xf32>
    }
    %16 = mtc.param_ref @ln_f.weight : tensor<768xf32>
    %17 = mtc.param_ref @ln_f.bias : tensor<768xf32>
    %18 = mtc.layer_norm %15, %16, %17 : tensor<1x1024x768xf32>, tensor<768xf32>, tensor<768xf32> -> tensor<1x1024x768xf32>
    %19 = mtc.param_ref @wte : tensor<50257x768xf32>
    %20 = mtc.linear %18, %19 {transpose_weight} : tensor<1x1024x768xf32>, tensor<50257x768xf32> -> tensor<1x1024x50257xf32>
    %21 = mtc.cross_entropy %20, %arg1 {valid_vocab = 50257 : i64} : tensor<1x1024x50257xf32>, tensor<1x1024xi32> -> tensor<f32>
    return %21 : tensor<f32>
  }
}

