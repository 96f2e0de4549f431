module attributes {mtc.model = #mtc.model<name = "megatron-gpt-8.3b", arch = "gpt", layers = 72, hidden = 3072, heads = 32, ffn = 12288, vocab = 50257, padded_vocab = 51200, positions = 1024, seq = 1024, micro_batch = 1>} {
  mtc.param @wte : tensor<51200x3072xf32> init(normal, 2.000000e-02)
  mtc.param @wpe : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.0.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.0.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.0.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.1.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.1.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.2.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.2.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.3.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.3.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.4.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.4.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.4.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.4.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.4.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.4.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.4.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.4.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.4.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.4.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.5.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.5.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.5.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.5.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.5.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.5.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.5.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.5.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.5.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.5.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.6.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.6.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.6.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.6.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.6.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.6.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.6.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.6.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.6.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.6.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.7.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.7.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.7.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.7.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.7.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.7.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.7.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.7.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.7.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.7.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.8.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.8.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.8.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.8.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.8.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.8.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.8.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.8.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.8.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.8.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.9.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.9.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.9.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.9.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.9.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.9.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.9.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.9.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.9.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.9.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.10.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.10.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.10.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.10.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.10.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.10.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.10.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.10.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.10.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.10.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.11.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.11.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.11.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.11.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.11.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.11.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.11.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.11.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.11.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.11.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.12.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.12.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.12.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.12.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.12.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.12.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.12.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.12.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.12.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.12.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.13.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.13.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.13.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.13.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.13.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.13.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.13.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.13.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.13.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.13.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.14.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.14.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.14.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.14.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.14.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.14.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.14.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.14.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.14.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.14.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.15.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.15.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.15.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.15.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.15.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.15.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.15.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.15.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.15.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.15.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.16.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.16.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.16.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.16.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.16.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.16.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.16.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.16.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.16.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.16.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.17.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.17.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.17.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.17.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.17.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.17.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.17.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.17.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.17.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.17.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.18.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.18.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.18.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.18.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.18.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.18.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.18.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.18.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.18.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.18.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.19.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.19.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.19.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.19.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.19.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.19.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.19.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.19.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.19.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.19.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.20.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.20.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.20.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.20.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.20.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.20.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.20.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.20.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.20.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.20.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.21.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.21.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.21.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.21.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.21.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.21.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.21.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.21.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.21.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.21.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.22.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.22.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.22.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.22.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.22.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.22.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.22.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.22.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.22.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.22.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.23.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.23.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.23.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.23.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.23.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.23.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.23.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.23.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.23.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.23.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.24.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.24.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.24.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.24.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.24.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.24.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.24.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.24.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.24.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.24.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.24.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.24.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.25.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.25.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.25.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.25.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.25.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.25.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.25.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.25.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.25.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.25.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.25.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.25.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.26.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.26.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.26.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.26.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.26.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.26.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.26.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.26.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.26.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.26.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.26.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.26.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.27.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.27.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.27.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.27.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.27.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.27.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.27.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.27.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.27.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.27.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.27.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.27.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.28.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.28.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.28.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.28.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.28.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.28.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.28.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.28.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.28.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.28.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.28.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.28.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.29.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.29.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.29.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.29.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.29.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.29.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.29.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.29.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.29.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.29.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.29.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.29.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.30.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.30.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.30.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.30.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.30.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.30.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.30.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.30.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.30.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.30.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.30.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.30.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.31.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.31.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.31.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.31.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.31.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.31.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.31.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.31.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.31.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.31.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.31.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.31.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.32.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.32.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.32.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.32.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.32.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.32.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.32.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.32.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.32.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.32.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.32.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.32.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.33.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.33.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.33.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.33.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.33.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.33.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.33.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.33.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.33.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.33.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.33.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.33.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.34.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.34.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.34.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.34.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.34.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.34.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.34.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.34.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.34.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.34.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.34.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.34.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.35.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.35.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.35.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.35.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.35.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.35.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.35.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.35.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.35.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.35.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.35.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.35.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.36.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.36.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.36.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.36.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.36.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.36.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.36.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.36.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.36.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.36.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.36.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.36.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.37.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.37.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.37.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.37.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.37.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.37.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.37.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.37.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.37.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.37.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.37.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.37.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.38.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.38.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.38.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.38.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.38.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.38.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.38.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.38.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.38.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.38.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.38.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.38.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.39.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.39.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.39.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.39.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.39.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.39.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.39.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.39.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.39.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.39.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.39.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.39.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.40.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.40.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.40.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.40.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.40.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.40.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.40.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.40.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.40.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.40.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.40.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.40.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.41.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.41.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.41.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.41.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.41.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.41.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.41.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.41.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.41.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.41.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.41.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.41.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.42.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.42.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.42.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.42.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.42.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.42.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.42.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.42.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.42.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.42.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.42.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.42.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.43.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.43.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.43.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.43.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.43.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.43.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.43.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.43.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.43.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.43.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.43.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.43.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.44.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.44.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.44.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.44.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.44.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.44.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.44.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.44.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.44.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.44.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.44.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.44.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.45.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.45.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.45.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.45.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.45.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.45.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.45.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.45.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.45.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.45.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.45.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.45.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.46.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.46.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.46.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.46.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.46.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.46.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.46.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.46.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.46.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.46.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.46.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.46.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.47.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.47.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.47.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.47.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.47.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.47.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.47.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.47.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.47.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.47.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.47.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.47.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.48.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.48.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.48.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.48.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.48.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.48.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.48.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.48.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.48.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.48.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.48.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.48.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.49.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.49.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.49.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.49.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.49.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.49.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.49.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.49.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.49.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.49.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.49.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.49.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.50.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.50.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.50.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.50.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.50.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.50.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.50.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.50.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.50.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.50.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.50.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.50.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.51.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.51.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.51.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.51.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.51.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.51.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.51.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.51.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.51.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.51.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.51.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.51.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.52.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.52.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.52.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.52.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.52.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.52.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.52.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.52.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.52.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.52.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.52.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.52.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.53.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.53.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.53.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.53.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.53.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.53.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.53.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.53.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.53.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.53.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.53.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.53.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.54.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.54.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.54.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.54.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.54.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.54.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.54.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.54.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.54.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.54.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.54.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.54.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.55.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.55.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.55.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.55.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.55.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.55.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.55.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.55.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.55.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.55.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.55.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.55.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.56.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.56.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.56.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.56.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.56.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.56.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.56.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.56.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.56.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.56.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.56.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.56.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.57.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.57.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.57.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.57.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.57.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.57.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.57.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.57.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.57.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.57.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.57.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.57.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.58.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.58.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.58.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.58.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.58.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.58.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.58.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.58.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.58.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.58.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.58.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.58.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.59.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.59.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.59.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.59.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.59.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.59.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.59.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.59.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.59.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.59.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.59.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.59.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.60.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.60.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.60.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.60.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.60.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.60.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.60.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.60.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.60.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.60.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.60.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.60.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.61.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.61.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.61.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.61.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.61.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.61.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.61.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.61.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.61.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.61.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.61.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.61.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.62.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.62.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.62.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.62.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.62.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.62.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.62.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.62.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.62.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.62.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.62.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.62.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.63.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.63.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.63.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.63.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.63.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.63.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.63.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.63.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.63.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.63.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.63.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.63.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.64.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.64.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.64.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.64.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.64.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.64.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.64.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.64.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.64.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.64.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.64.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.64.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.65.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.65.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.65.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.65.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.65.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.65.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.65.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.65.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.65.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.65.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.65.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.65.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.66.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.66.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.66.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.66.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.66.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.66.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.66.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.66.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.66.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.66.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.66.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.66.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.67.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.67.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.67.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.67.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.67.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.67.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.67.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.67.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.67.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.67.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.67.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.67.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.68.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.68.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.68.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.68.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.68.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.68.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.68.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.68.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.68.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.68.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.68.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.68.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.69.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.69.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.69.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.69.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.69.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.69.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.69.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.69.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.69.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.69.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.69.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.69.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.70.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.70.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.70.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.70.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.70.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.70.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.70.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.70.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.70.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.70.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.70.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.70.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.71.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.71.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.71.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.71.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.71.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.71.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.71.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.71.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.71.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.71.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.71.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0016666666666666668)
  mtc.param @h.71.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @ln_f.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @ln_f.bias : tensor<3072xf32> init(zeros) {no_decay}
  func.func @forward(%arg0: tensor<1x1024xi32> {mtc.input = "tokens"}, %arg1: tensor<1x1024xi32> {mtc.input = "targets"}) -> tensor<f32> {
    %0 = mtc.param_ref @wte : tensor<51200x3072xf32>
    %1 = mtc.param_ref @wpe : tensor<1024x3072xf32>
    %2 = mtc.embedding %arg0, %0, %1 : tensor<1x1024xi32>, tensor<51200x3072xf32>, tensor<1024x3072xf32> -> tensor<1x1024x3072xf32>
    %3 = mtc.dropout %2 {rate = 1.000000e-01 : f64, stream = 1 : i64} : tensor<1x1024x3072xf32>
    %4 = mtc.layer "h.0"(%3) {index = 0 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.0.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.0.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.0.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.0.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 2 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.0.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.0.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 3 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.0.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.0.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.0.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.0.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.0.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.0.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 4 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %5 = mtc.layer "h.1"(%4) {index = 1 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.1.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.1.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.1.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.1.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 5 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.1.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.1.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 6 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.1.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.1.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.1.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.1.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.1.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.1.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 7 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %6 = mtc.layer "h.2"(%5) {index = 2 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.2.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.2.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.2.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.2.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 8 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.2.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.2.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 9 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.2.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.2.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.2.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.2.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.2.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.2.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 10 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %7 = mtc.layer "h.3"(%6) {index = 3 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.3.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.3.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.3.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.3.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 11 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.3.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.3.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 12 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.3.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.3.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.3.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.3.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.3.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.3.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 13 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %8 = mtc.layer "h.4"(%7) {index = 4 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.4.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.4.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.4.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.4.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 14 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.4.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.4.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 15 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.4.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.4.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.4.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.4.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.4.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.4.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 16 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %9 = mtc.layer "h.5"(%8) {index = 5 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.5.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.5.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.5.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.5.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 17 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.5.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.5.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 18 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.5.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.5.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.5.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.5.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.5.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.5.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 19 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %10 = mtc.layer "h.6"(%9) {index = 6 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.6.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.6.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.6.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.6.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 20 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.6.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.6.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 21 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.6.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.6.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.6.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.6.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.6.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.6.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 22 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %11 = mtc.layer "h.7"(%10) {index = 7 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.7.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.7.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.7.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.7.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 23 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.7.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.7.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 24 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.7.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.7.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.7.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.7.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.7.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.7.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 25 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %12 = mtc.layer "h.8"(%11) {index = 8 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.8.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.8.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.8.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.8.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 26 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.8.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.8.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 27 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.8.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.8.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.8.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.8.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.8.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.8.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 28 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %13 = mtc.layer "h.9"(%12) {index = 9 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.9.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.9.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.9.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.9.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 29 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.9.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.9.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 30 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.9.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.9.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.9.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.9.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.9.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.9.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 31 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %14 = mtc.layer "h.10"(%13) {index = 10 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.10.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.10.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.10.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.10.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 32 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.10.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.10.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 33 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.10.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.10.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.10.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.10.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.10.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.10.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 34 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %15 = mtc.layer "h.11"(%14) {index = 11 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.11.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.11.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.11.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.11.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 35 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.11.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.11.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 36 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.11.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.11.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.11.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.11.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.11.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.11.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 37 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %16 = mtc.layer "h.12"(%15) {index = 12 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.12.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.12.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.12.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.12.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 38 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.12.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.12.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 39 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.12.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.12.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.12.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.12.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.12.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.12.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 40 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %17 = mtc.layer "h.13"(%16) {index = 13 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.13.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.13.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.13.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.13.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 41 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.13.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.13.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 42 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.13.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.13.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.13.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.13.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.13.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.13.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 43 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %18 = mtc.layer "h.14"(%17) {index = 14 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.14.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.14.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.14.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.14.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 44 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.14.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.14.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 45 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.14.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.14.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.14.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.14.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.14.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.14.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 46 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %19 = mtc.layer "h.15"(%18) {index = 15 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.15.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.15.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.15.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.15.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 47 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.15.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.15.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 48 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.15.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.15.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.15.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.15.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.15.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.15.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 49 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %20 = mtc.layer "h.16"(%19) {index = 16 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.16.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.16.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.16.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.16.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 50 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.16.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.16.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 51 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.16.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.16.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.16.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.16.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.16.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.16.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 52 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %21 = mtc.layer "h.17"(%20) {index = 17 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.17.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.17.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.17.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.17.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 53 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.17.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.17.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 54 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.17.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.17.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.17.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.17.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.17.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.17.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 55 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %22 = mtc.layer "h.18"(%21) {index = 18 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.18.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.18.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.18.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.18.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 56 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.18.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.18.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 57 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.18.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.18.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.18.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.18.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.18.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.18.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 58 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %23 = mtc.layer "h.19"(%22) {index = 19 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.19.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.19.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.19.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.19.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 59 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.19.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.19.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 60 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.19.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.19.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.19.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.19.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.19.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.19.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 61 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %24 = mtc.layer "h.20"(%23) {index = 20 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.20.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.20.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.20.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.20.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 62 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.20.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.20.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 63 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.20.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.20.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.20.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.20.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.20.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.20.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 64 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %25 = mtc.layer "h.21"(%24) {index = 21 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.21.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.21.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.21.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.21.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 65 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.21.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.21.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 66 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.21.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.21.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.21.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.21.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.21.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.21.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 67 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %26 = mtc.layer "h.22"(%25) {index = 22 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.22.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.22.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.22.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.22.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 68 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.22.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.22.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 69 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.22.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.22.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.22.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.22.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.22.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.22.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 70 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %27 = mtc.layer "h.23"(%26) {index = 23 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.23.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.23.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.23.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.23.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 71 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.23.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.23.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 72 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.23.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.23.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.23.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.23.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.23.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.23.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 73 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %28 = mtc.layer "h.24"(%27) {index = 24 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.24.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.24.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.24.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.24.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 74 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.24.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.24.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 75 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.24.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.24.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.24.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.24.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.24.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.24.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 76 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %29 = mtc.layer "h.25"(%28) {index = 25 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.25.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.25.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.25.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.25.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 77 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.25.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.25.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 78 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.25.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.25.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.25.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.25.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.25.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.25.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 79 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %30 = mtc.layer "h.26"(%29) {index = 26 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.26.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.26.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.26.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.26.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 80 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.26.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.26.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 81 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.26.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.26.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.26.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.26.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.26.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.26.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 82 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %31 = mtc.layer "h.27"(%30) {index = 27 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.27.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.27.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.27.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.27.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 83 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.27.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.27.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 84 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.27.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.27.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.27.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.27.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.27.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.27.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 85 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %32 = mtc.layer "h.28"(%31) {index = 28 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.28.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.28.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.28.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.28.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 86 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.28.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.28.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 87 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.28.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.28.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.28.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.28.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.28.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.28.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 88 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %33 = mtc.layer "h.29"(%32) {index = 29 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.29.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.29.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.29.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.29.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 89 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.29.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.29.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 90 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.29.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.29.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.29.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.29.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.29.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.29.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 91 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %34 = mtc.layer "h.30"(%33) {index = 30 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.30.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.30.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.30.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.30.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 92 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.30.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.30.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 93 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.30.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.30.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.30.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.30.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.30.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.30.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 94 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %35 = mtc.layer "h.31"(%34) {index = 31 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.31.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.31.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.31.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.31.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 95 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.31.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.31.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 96 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.31.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.31.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.31.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.31.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.31.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.31.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 97 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %36 = mtc.layer "h.32"(%35) {index = 32 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.32.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.32.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.32.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.32.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 98 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.32.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.32.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 99 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.32.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.32.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.32.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.32.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.32.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.32.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 100 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %37 = mtc.layer "h.33"(%36) {index = 33 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.33.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.33.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.33.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.33.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 101 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.33.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.33.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 102 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.33.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.33.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.33.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.33.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.33.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.33.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 103 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %38 = mtc.layer "h.34"(%37) {index = 34 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.34.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.34.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.34.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.34.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 104 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.34.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.34.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 105 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.34.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.34.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.34.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.34.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.34.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.34.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 106 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %39 = mtc.layer "h.35"(%38) {index = 35 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.35.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.35.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.35.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.35.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 107 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.35.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.35.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 108 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.35.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.35.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.35.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.35.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.35.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.35.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 109 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %40 = mtc.layer "h.36"(%39) {index = 36 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.36.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.36.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.36.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.36.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 110 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.36.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.36.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 111 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.36.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.36.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.36.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.36.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.36.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.36.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 112 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %41 = mtc.layer "h.37"(%40) {index = 37 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.37.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.37.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.37.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.37.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 113 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.37.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.37.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 114 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.37.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.37.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.37.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.37.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.37.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.37.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 115 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %42 = mtc.layer "h.38"(%41) {index = 38 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.38.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.38.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.38.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.38.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 116 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.38.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.38.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 117 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.38.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.38.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.38.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.38.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.38.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.38.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 118 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %43 = mtc.layer "h.39"(%42) {index = 39 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.39.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.39.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.39.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.39.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 119 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.39.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.39.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 120 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.39.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.39.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.39.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.39.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.39.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.39.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 121 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %44 = mtc.layer "h.40"(%43) {index = 40 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.40.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.40.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.40.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.40.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 122 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.40.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.40.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 123 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.40.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.40.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.40.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.40.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.40.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.40.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 124 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %45 = mtc.layer "h.41"(%44) {index = 41 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.41.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.41.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.41.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.41.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 125 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.41.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.41.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 126 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.41.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.41.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.41.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.41.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.41.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.41.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 127 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %46 = mtc.layer "h.42"(%45) {index = 42 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.42.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.42.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.42.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.42.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 128 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.42.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.42.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 129 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.42.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.42.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.42.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.42.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.42.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.42.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 130 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %47 = mtc.layer "h.43"(%46) {index = 43 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.43.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.43.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.43.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.43.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 131 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.43.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.43.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 132 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.43.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.43.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.43.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.43.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.43.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.43.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 133 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %48 = mtc.layer "h.44"(%47) {index = 44 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.44.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.44.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.44.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.44.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 134 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.44.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.44.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 135 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.44.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.44.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.44.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.44.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.44.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.44.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 136 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %49 = mtc.layer "h.45"(%48) {index = 45 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.45.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.45.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.45.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.45.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 137 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.45.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.45.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 138 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.45.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.45.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.45.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.45.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.45.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.45.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 139 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %50 = mtc.layer "h.46"(%49) {index = 46 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.46.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.46.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.46.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.46.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 140 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.46.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.46.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 141 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.46.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.46.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.46.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.46.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.46.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.46.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 142 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %51 = mtc.layer "h.47"(%50) {index = 47 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.47.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.47.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.47.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.47.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 143 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.47.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.47.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 144 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.47.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.47.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.47.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.47.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.47.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.47.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 145 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %52 = mtc.layer "h.48"(%51) {index = 48 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.48.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.48.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.48.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.48.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 146 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.48.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.48.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 147 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.48.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.48.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.48.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.48.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.48.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.48.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 148 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %53 = mtc.layer "h.49"(%52) {index = 49 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.49.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.49.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.49.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.49.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 149 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.49.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.49.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 150 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.49.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.49.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.49.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.49.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.49.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.49.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 151 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %54 = mtc.layer "h.50"(%53) {index = 50 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.50.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.50.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.50.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.50.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 152 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.50.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.50.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 153 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.50.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.50.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.50.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.50.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.50.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.50.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 154 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %55 = mtc.layer "h.51"(%54) {index = 51 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.51.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.51.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.51.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.51.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 155 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.51.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.51.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 156 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.51.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.51.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.51.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.51.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.51.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.51.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 157 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %56 = mtc.layer "h.52"(%55) {index = 52 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.52.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.52.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.52.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.52.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 158 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.52.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.52.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 159 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.52.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.52.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.52.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.52.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.52.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.52.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 160 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %57 = mtc.layer "h.53"(%56) {index = 53 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.53.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.53.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.53.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.53.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 161 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.53.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.53.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 162 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.53.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.53.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.53.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.53.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.53.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.53.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 163 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %58 = mtc.layer "h.54"(%57) {index = 54 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.54.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.54.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.54.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.54.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 164 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.54.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.54.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 165 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.54.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.54.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.54.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.54.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.54.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.54.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 166 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %59 = mtc.layer "h.55"(%58) {index = 55 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.55.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.55.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.55.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.55.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 167 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.55.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.55.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 168 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.55.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.55.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.55.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.55.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.55.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.55.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 169 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %60 = mtc.layer "h.56"(%59) {index = 56 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.56.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.56.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.56.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.56.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 170 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.56.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.56.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 171 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.56.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.56.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.56.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.56.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.56.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.56.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 172 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %61 = mtc.layer "h.57"(%60) {index = 57 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.57.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.57.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.57.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.57.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 173 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.57.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.57.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 174 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.57.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.57.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.57.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.57.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.57.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.57.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 175 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %62 = mtc.layer "h.58"(%61) {index = 58 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.58.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.58.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.58.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.58.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 176 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.58.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.58.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 177 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.58.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.58.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.58.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.58.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.58.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.58.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 178 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %63 = mtc.layer "h.59"(%62) {index = 59 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.59.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.59.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.59.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.59.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 179 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.59.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.59.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 180 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.59.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.59.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.59.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.59.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.59.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.59.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 181 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %64 = mtc.layer "h.60"(%63) {index = 60 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.60.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.60.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.60.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.60.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 182 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.60.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.60.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 183 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.60.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.60.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.60.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.60.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.60.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.60.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 184 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %65 = mtc.layer "h.61"(%64) {index = 61 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.61.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.61.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.61.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.61.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 185 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.61.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.61.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 186 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.61.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.61.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.61.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.61.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.61.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.61.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 187 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %66 = mtc.layer "h.62"(%65) {index = 62 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.62.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.62.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.62.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.62.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 188 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.62.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.62.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 189 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.62.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.62.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.62.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.62.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.62.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.62.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 190 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %67 = mtc.layer "h.63"(%66) {index = 63 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.63.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.63.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.63.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.63.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 191 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.63.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.63.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 192 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.63.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.63.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.63.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.63.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.63.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.63.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 193 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %68 = mtc.layer "h.64"(%67) {index = 64 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.64.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.64.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.64.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.64.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 194 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.64.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.64.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 195 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.64.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.64.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.64.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.64.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.64.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.64.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 196 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %69 = mtc.layer "h.65"(%68) {index = 65 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.65.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.65.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.65.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.65.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 197 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.65.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.65.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 198 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.65.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.65.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.65.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.65.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.65.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.65.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 199 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %70 = mtc.layer "h.66"(%69) {index = 66 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.66.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.66.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.66.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.66.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 200 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.66.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.66.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 201 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.66.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.66.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.66.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.66.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.66.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.66.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 202 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %71 = mtc.layer "h.67"(%70) {index = 67 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.67.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.67.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.67.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.67.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 203 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.67.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.67.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 204 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.67.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.67.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.67.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.67.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.67.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.67.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 205 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %72 = mtc.layer "h.68"(%71) {index = 68 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.68.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.68.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.68.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.68.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 206 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.68.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.68.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 207 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.68.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.68.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.68.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.68.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.68.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.68.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 208 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %73 = mtc.layer "h.69"(%72) {index = 69 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.69.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.69.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.69.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.69.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 209 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.69.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.69.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 210 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.69.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.69.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.69.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.69.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.69.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.69.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 211 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %74 = mtc.layer "h.70"(%73) {index = 70 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.70.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.70.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.70.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.70.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 212 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.70.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.70.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 213 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.70.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.70.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.70.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.70.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.70.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.70.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 214 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %75 = mtc.layer "h.71"(%74) {index = 71 : i64} : (tensor<1x1024x3072xf32>) -> tensor<1x1024x3072xf32> {
    ^bb0(%arg2: tensor<1x1024x3072xf32>):
      %82 = mtc.param_ref @h.71.ln_1.weight : tensor<3072xf32>
      %83 = mtc.param_ref @h.71.ln_1.bias : tensor<3072xf32>
      %84 = mtc.layer_norm %arg2, %82, %83 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %85 = mtc.param_ref @h.71.attn.c_attn.weight : tensor<3072x9216xf32>
      %86 = mtc.param_ref @h.71.attn.c_attn.bias : tensor<9216xf32>
      %87 = mtc.linear %84, %85, %86 : tensor<1x1024x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x1024x9216xf32>
      %result, %lse = mtc.attention %87 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 215 : i64} : tensor<1x1024x9216xf32> -> tensor<1x1024x3072xf32>, tensor<1x32x1024xf32>
      %88 = mtc.param_ref @h.71.attn.c_proj.weight : tensor<3072x3072xf32>
      %89 = mtc.param_ref @h.71.attn.c_proj.bias : tensor<3072xf32>
      %90 = mtc.linear %result, %88, %89 : tensor<1x1024x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %91 = mtc.dropout %90 {rate = 1.000000e-01 : f64, stream = 216 : i64} : tensor<1x1024x3072xf32>
      %92 = mtc.add %arg2, %91 : tensor<1x1024x3072xf32>
      %93 = mtc.param_ref @h.71.ln_2.weight : tensor<3072xf32>
      %94 = mtc.param_ref @h.71.ln_2.bias : tensor<3072xf32>
      %95 = mtc.layer_norm %92, %93, %94 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %96 = mtc.param_ref @h.71.mlp.c_fc.weight : tensor<3072x12288xf32>
      %97 = mtc.param_ref @h.71.mlp.c_fc.bias : tensor<12288xf32>
      %98 = mtc.linear %95, %96, %97 : tensor<1x1024x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x1024x12288xf32>
      %99 = mtc.gelu %98 : tensor<1x1024x12288xf32>
      %100 = mtc.param_ref @h.71.mlp.c_proj.weight : tensor<12288x3072xf32>
      %101 = mtc.param_ref @h.71.mlp.c_proj.bias : tensor<3072xf32>
      %102 = mtc.linear %99, %100, %101 : tensor<1x1024x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %103 = mtc.dropout %102 {rate = 1.000000e-01 : f64, stream = 217 : i64} : tensor<1x1024x3072xf32>
      %104 = mtc.add %92, %103 : tensor<1x1024x3072xf32>
      mtc.yield %104 : tensor<1x1024x3072xf32>
    }
    %76 = mtc.param_ref @ln_f.weight : tensor<3072xf32>
    %77 = mtc.param_ref @ln_f.bias : tensor<3072xf32>
    %78 = mtc.layer_norm %75, %76, %77 : tensor<1x1024x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
    %79 = mtc.param_ref @wte : tensor<51200x3072xf32>
    %80 = mtc.linear %78, %79 {transpose_weight} : tensor<1x1024x3072xf32>, tensor<51200x3072xf32> -> tensor<1x1024x51200xf32>
    %81 = mtc.cross_entropy %80, %arg1 {valid_vocab = 50257 : i64} : tensor<1x1024x51200xf32>, tensor<1x1024xi32> -> tensor<f32>
    return %81 : tensor<f32>
  }
}

