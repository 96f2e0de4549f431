module attributes {mtc.model = #mtc.model<name = "bert-tiny", arch = "bert", layers = 4, hidden = 128, heads = 4, ffn = 512, vocab = 30522, padded_vocab = 30522, positions = 128, seq = 128, micro_batch = 1>} {
  mtc.param @wte : tensor<30522x128xf32> init(normal, 2.000000e-02)
  mtc.param @wpe : tensor<128x128xf32> init(normal, 2.000000e-02)
  mtc.param @tte : tensor<2x128xf32> init(normal, 2.000000e-02)
  mtc.param @emb_ln.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @emb_ln.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_attn.weight : tensor<128x384xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.attn.c_attn.bias : tensor<384xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_proj.weight : tensor<128x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.0.attn.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.0.ln_1.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_1.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_fc.weight : tensor<128x512xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.mlp.c_fc.bias : tensor<512xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_proj.weight : tensor<512x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.0.mlp.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.0.ln_2.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_2.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_attn.weight : tensor<128x384xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.attn.c_attn.bias : tensor<384xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_proj.weight : tensor<128x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.1.attn.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_1.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_1.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_fc.weight : tensor<128x512xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.mlp.c_fc.bias : tensor<512xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_proj.weight : tensor<512x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.1.mlp.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_2.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_2.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_attn.weight : tensor<128x384xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.attn.c_attn.bias : tensor<384xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_proj.weight : tensor<128x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.2.attn.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_1.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_1.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_fc.weight : tensor<128x512xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.mlp.c_fc.bias : tensor<512xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_proj.weight : tensor<512x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.2.mlp.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_2.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_2.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_attn.weight : tensor<128x384xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.attn.c_attn.bias : tensor<384xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_proj.weight : tensor<128x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.3.attn.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_1.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_1.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_fc.weight : tensor<128x512xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.mlp.c_fc.bias : tensor<512xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_proj.weight : tensor<512x128xf32> init(normal, 0.0070710678118654745)
  mtc.param @h.3.mlp.c_proj.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_2.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_2.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @head.dense.weight : tensor<128x128xf32> init(normal, 2.000000e-02)
  mtc.param @head.dense.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @head.ln.weight : tensor<128xf32> init(ones) {no_decay}
  mtc.param @head.ln.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @head.bias : tensor<30522xf32> init(zeros) {no_decay}
  mtc.param @pooler.dense.weight : tensor<128x128xf32> init(normal, 2.000000e-02)
  mtc.param @pooler.dense.bias : tensor<128xf32> init(zeros) {no_decay}
  mtc.param @binary_head.weight : tensor<128x2xf32> init(normal, 2.000000e-02)
  mtc.param @binary_head.bias : tensor<2xf32> init(zeros) {no_decay}
  func.func @forward(%arg0: tensor<1x128xi32> {mtc.input = "tokens"}, %arg1: tensor<1x128xi32> {mtc.input = "targets"}, %arg2: tensor<1x128xi32> {mtc.input = "token_types"}, %arg3: tensor<1xi32> {mtc.input = "lengths"}, %arg4: tensor<1x1xi32> {mtc.input = "sentence_labels"}) -> (tensor<f32>, tensor<f32>) {
    %0 = mtc.param_ref @wte : tensor<30522x128xf32>
    %1 = mtc.param_ref @wpe : tensor<128x128xf32>
    %2 = mtc.embedding %arg0, %0, %1 : tensor<1x128xi32>, tensor<30522x128xf32>, tensor<128x128xf32> -> tensor<1x128x128xf32>
    %3 = mtc.param_ref @tte : tensor<2x128xf32>
    %4 = mtc.token_type_add %2, %arg2, %3 : tensor<1x128x128xf32>, tensor<1x128xi32>, tensor<2x128xf32> -> tensor<1x128x128xf32>
    %5 = mtc.param_ref @emb_ln.weight : tensor<128xf32>
    %6 = mtc.param_ref @emb_ln.bias : tensor<128xf32>
    %7 = mtc.layer_norm %4, %5, %6 {eps = 9.9999999999999998E-13 : f64} : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
    %8 = mtc.dropout %7 {rate = 1.000000e-01 : f64, stream = 1 : i64} : tensor<1x128x128xf32>
    %9 = mtc.layer "h.0"(%8, %arg3) {index = 0 : i64} : (tensor<1x128x128xf32>, tensor<1xi32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg5: tensor<1x128x128xf32>, %arg6: tensor<1xi32>):
      %33 = mtc.param_ref @h.0.attn.c_attn.weight : tensor<128x384xf32>
      %34 = mtc.param_ref @h.0.attn.c_attn.bias : tensor<384xf32>
      %35 = mtc.linear %arg5, %33, %34 : tensor<1x128x128xf32>, tensor<128x384xf32>, tensor<384xf32> -> tensor<1x128x384xf32>
      %result, %lse = mtc.attention %35, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 32 : i64, heads = 4 : i64, scale = 0.17677669529663687 : f64, stream = 2 : i64} : tensor<1x128x384xf32>, tensor<1xi32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %36 = mtc.param_ref @h.0.attn.c_proj.weight : tensor<128x128xf32>
      %37 = mtc.param_ref @h.0.attn.c_proj.bias : tensor<128xf32>
      %38 = mtc.linear %result, %36, %37 : tensor<1x128x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %39 = mtc.dropout %38 {rate = 1.000000e-01 : f64, stream = 3 : i64} : tensor<1x128x128xf32>
      %40 = mtc.add %arg5, %39 : tensor<1x128x128xf32>
      %41 = mtc.param_ref @h.0.ln_1.weight : tensor<128xf32>
      %42 = mtc.param_ref @h.0.ln_1.bias : tensor<128xf32>
      %43 = mtc.layer_norm %40, %41, %42 {eps = 9.9999999999999998E-13 : f64} : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %44 = mtc.param_ref @h.0.mlp.c_fc.weight : tensor<128x512xf32>
      %45 = mtc.param_ref @h.0.mlp.c_fc.bias : tensor<512xf32>
      %46 = mtc.linear %43, %44, %45 : tensor<1x128x128xf32>, tensor<128x512xf32>, tensor<512xf32> -> tensor<1x128x512xf32>
      %47 = mtc.gelu %46 : tensor<1x128x512xf32>
      %48 = mtc.param_ref @h.0.mlp.c_proj.weight : tensor<512x128xf32>
      %49 = mtc.param_ref @h.0.mlp.c_proj.bias : tensor<128xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x128x512xf32>, tensor<512x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %51 = mtc.dropout %50 {rate = 1.000000e-01 : f64, stream = 4 : i64} : tensor<1x128x128xf32>
      %52 = mtc.add %43, %51 : tensor<1x128x128xf32>
      %53 = mtc.param_ref @h.0.ln_2.weight : tensor<128xf32>
      %54 = mtc.param_ref @h.0.ln_2.bias : tensor<128xf32>
      %55 = mtc.layer_norm %52, %53, %54 {eps = 9.9999999999999998E-13 : f64} : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      mtc.yield %55 : tensor<1x128x128xf32>
    }
    %10 = mtc.layer "h.1"(%9, %arg3) {index = 1 : i64} : (tensor<1x128x128xf32>, tensor<1xi32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg5: tensor<1x128x128xf32>, %arg6: tensor<1xi32>):
      %33 = mtc.param_ref @h.1.attn.c_attn.weight : tensor<128x384xf32>
      %34 = mtc.param_ref @h.1.attn.c_attn.bias : tensor<384xf32>
      %35 = mtc.linear %arg5, %33, %34 : tensor<1x128x128xf32>, tensor<128x384xf32>, tensor<384xf32> -> tensor<1x128x384xf32>
      %result, %lse = mtc.attention %35, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 32 : i64, heads = 4 : i64, scale = 0.17677669529663687 : f64, stream = 5 : i64} : tensor<1x128x384xf32>, tensor<1xi32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %36 = mtc.param_ref @h.1.attn.c_proj.weight : tensor<128x128xf32>
      %37 = mtc.param_ref @h.1.attn.c_proj.bias : tensor<128xf32>
      %38 = mtc.linear %result, %36, %37 : tensor<1x128x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %39 = mtc.dropout %38 {rate = 1.000000e-01 : f64, stream = 6 : i64} : tensor<1x128x128xf32>
      %40 = mtc.add %arg5, %39 : tensor<1x128x128xf32>
      %41 = mtc.param_ref @h.1.ln_1.weight : tensor<128xf32>
      %42 = mtc.param_ref @h.1.ln_1.bias : tensor<128xf32>
      %43 = mtc.layer_norm %40, %41, %42 {eps = 9.9999999999999998E-13 : f64} : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %44 = mtc.param_ref @h.1.mlp.c_fc.weight : tensor<128x512xf32>
      %45 = mtc.param_ref @h.1.mlp.c_fc.bias : tensor<512xf32>
      %46 = mtc.linear %43, %44, %45 : tensor<1x128x128xf32>, tensor<128x512xf32>, tensor<512xf32> -> tensor<1x128x512xf32>
      %47 = mtc.gelu %46 : tensor<1x128x512xf32>
      %48 = mtc.param_ref @h.1.mlp.c_proj.weight : tensor<512x128xf32>
      %49 = mtc.param_ref @h.1.mlp.c_proj.bias : tensor<128xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x128x512xf32>, tensor<512x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %51 = mtc.dropout %50 {rate = 1.000000e-01 : f64, stream = 7 : i64} : tensor<1x128x128xf32>
      %52 = mtc.add %43, %51 : tensor<1x128x128xf32>
      %53 = mtc.param_ref @h.1.ln_2.weight : tensor<128xf32>
      %54 = mtc.param_ref @h.1.ln_2.bias : tensor<128xf32>
      %55 = mtc.layer_norm %52, %53, %54 {eps = 9.9999999999999998E-13 : f64} : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      mtc.yield %55 : tensor<1x128x128xf32>
    }
    %11 = mtc.layer "h.2"(%10, %arg3) {index = 2 : i64} : (tensor<1x128x128xf32>, tensor<1xi32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg5: tensor<1x128x128xf32>, %arg6: tensor<1xi32>):
      %33 = mtc.param_ref @h.2.attn.c_attn.weight : tensor<128x384xf32>
      %34 = mtc.param_ref @h.2.attn.c_attn.bias : tensor<384xf32>
      %35 = mtc.linear %arg5, %33, %34 : tensor<1x128x128xf32>, tensor<128x384xf32>, tensor<384xf32> -> tensor<1x128x384xf32>
      %result, %lse = mtc.attention %35, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 32 : i64, heads = 4 : i64, scale = 0.17677669529663687 : f64, stream = 8 : i64} : tensor<1x128x384xf32>, tensor<1xi32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %36 = mtc.param_ref @h.2.attn.c_proj.weight : tensor<128x128xf32>
      %37 = mtc.param_ref @h.2.attn.c_proj.bias : tensor<128xf32>
      %38 = mtc.linear %result, %36, %37 : tensor<1x128x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %39 = mtc.dropout %38 {rate = 1.000000e-01 : f64, stream = 9 : i64} : tensor<1x128x128xf32>
      %40 = mtc.add %arg5, %39 : tensor<1x128x128xf32>
      %41 = mtc.param_ref @h.2.ln_1.weight : tensor<128xf32>
      %42 = mtc.param_ref @h.2.ln_1.bias : tensor<128xf32>
      %43 = mtc.layer_norm %40, %41, %42 {eps = 9.9999999999999998E-13 : f64} : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %44 = mtc.param_ref @h.2.mlp.c_fc.weight : tensor<128x512xf32>
      %45 = mtc.param_ref @h.2.mlp.c_fc.bias : tensor<512xf32>
      %46 = mtc.linear %43, %44, %45 : tensor<1x128x128xf32>, tensor<128x512xf32>, tensor<512xf32> -> tensor<1x128x512xf32>
      %47 = mtc.gelu %46 : tensor<1x128x512xf32>
      %48 = mtc.param_ref @h.2.mlp.c_proj.weight : tensor<512x128xf32>
      %49 = mtc.param_ref @h.2.mlp.c_proj.bias : tensor<128xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x128x512xf32>, tensor<512x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %51 = mtc.dropout %50 {rate = 1.000000e-01 : f64, stream = 10 : i64} : tensor<1x128x128xf32>
      %52 = mtc.add %43, %51 : tensor<1x128x128xf32>
      %53 = mtc.param_ref @h.2.ln_2.weight : tensor<128xf32>
      %54 = mtc.param_ref @h.2.ln_2.bias : tensor<128xf32>
      %55 = mtc.layer_norm %52, %53, %54 {eps = 9.9999999999999998E-13 : f64} : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      mtc.yield %55 : tensor<1x128x128xf32>
    }
    %12 = mtc.layer "h.3"(%11, %arg3) {index = 3 : i64} : (tensor<1x128x128xf32>, tensor<1xi32>) -> tensor<1x128x128xf32> {
    ^bb0(%arg5: tensor<1x128x128xf32>, %arg6: tensor<1xi32>):
      %33 = mtc.param_ref @h.3.attn.c_attn.weight : tensor<128x384xf32>
      %34 = mtc.param_ref @h.3.attn.c_attn.bias : tensor<384xf32>
      %35 = mtc.linear %arg5, %33, %34 : tensor<1x128x128xf32>, tensor<128x384xf32>, tensor<384xf32> -> tensor<1x128x384xf32>
      %result, %lse = mtc.attention %35, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 32 : i64, heads = 4 : i64, scale = 0.17677669529663687 : f64, stream = 11 : i64} : tensor<1x128x384xf32>, tensor<1xi32> -> tensor<1x128x128xf32>, tensor<1x4x128xf32>
      %36 = mtc.param_ref @h.3.attn.c_proj.weight : tensor<128x128xf32>
      %37 = mtc.param_ref @h.3.attn.c_proj.bias : tensor<128xf32>
      %38 = mtc.linear %result, %36, %37 : tensor<1x128x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %39 = mtc.dropout %38 {rate = 1.000000e-01 : f64, stream = 12 : i64} : tensor<1x128x128xf32>
      %40 = mtc.add %arg5, %39 : tensor<1x128x128xf32>
      %41 = mtc.param_ref @h.3.ln_1.weight : tensor<128xf32>
      %42 = mtc.param_ref @h.3.ln_1.bias : tensor<128xf32>
      %43 = mtc.layer_norm %40, %41, %42 {eps = 9.9999999999999998E-13 : f64} : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %44 = mtc.param_ref @h.3.mlp.c_fc.weight : tensor<128x512xf32>
      %45 = mtc.param_ref @h.3.mlp.c_fc.bias : tensor<512xf32>
      %46 = mtc.linear %43, %44, %45 : tensor<1x128x128xf32>, tensor<128x512xf32>, tensor<512xf32> -> tensor<1x128x512xf32>
      %47 = mtc.gelu %46 : tensor<1x128x512xf32>
      %48 = mtc.param_ref @h.3.mlp.c_proj.weight : tensor<512x128xf32>
      %49 = mtc.param_ref @h.3.mlp.c_proj.bias : tensor<128xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x128x512xf32>, tensor<512x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      %51 = mtc.dropout %50 {rate = 1.000000e-01 : f64, stream = 13 : i64} : tensor<1x128x128xf32>
      %52 = mtc.add %43, %51 : tensor<1x128x128xf32>
      %53 = mtc.param_ref @h.3.ln_2.weight : tensor<128xf32>
      %54 = mtc.param_ref @h.3.ln_2.bias : tensor<128xf32>
      %55 = mtc.layer_norm %52, %53, %54 {eps = 9.9999999999999998E-13 : f64} : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
      mtc.yield %55 : tensor<1x128x128xf32>
    }
    %13 = mtc.param_ref @head.dense.weight : tensor<128x128xf32>
    %14 = mtc.param_ref @head.dense.bias : tensor<128xf32>
    %15 = mtc.linear %12, %13, %14 : tensor<1x128x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
    %16 = mtc.gelu %15 : tensor<1x128x128xf32>
    %17 = mtc.param_ref @head.ln.weight : tensor<128xf32>
    %18 = mtc.param_ref @head.ln.bias : tensor<128xf32>
    %19 = mtc.layer_norm %16, %17, %18 {eps = 9.9999999999999998E-13 : f64} : tensor<1x128x128xf32>, tensor<128xf32>, tensor<128xf32> -> tensor<1x128x128xf32>
    %20 = mtc.param_ref @wte : tensor<30522x128xf32>
    %21 = mtc.param_ref @head.bias : tensor<30522xf32>
    %22 = mtc.linear %19, %20, %21 {transpose_weight} : tensor<1x128x128xf32>, tensor<30522x128xf32>, tensor<30522xf32> -> tensor<1x128x30522xf32>
    %23 = mtc.cross_entropy %22, %arg1 {valid_vocab = 30522 : i64} : tensor<1x128x30522xf32>, tensor<1x128xi32> -> tensor<f32>
    %24 = mtc.first_token %12 : tensor<1x128x128xf32> -> tensor<1x1x128xf32>
    %25 = mtc.param_ref @pooler.dense.weight : tensor<128x128xf32>
    %26 = mtc.param_ref @pooler.dense.bias : tensor<128xf32>
    %27 = mtc.linear %24, %25, %26 : tensor<1x1x128xf32>, tensor<128x128xf32>, tensor<128xf32> -> tensor<1x1x128xf32>
    %28 = mtc.tanh %27 : tensor<1x1x128xf32>
    %29 = mtc.param_ref @binary_head.weight : tensor<128x2xf32>
    %30 = mtc.param_ref @binary_head.bias : tensor<2xf32>
    %31 = mtc.linear %28, %29, %30 : tensor<1x1x128xf32>, tensor<128x2xf32>, tensor<2xf32> -> tensor<1x1x2xf32>
    %32 = mtc.cross_entropy %31, %arg4 {valid_vocab = 2 : i64} : tensor<1x1x2xf32>, tensor<1x1xi32> -> tensor<f32>
    return %23, %32 : tensor<f32>, tensor<f32>
  }
}

