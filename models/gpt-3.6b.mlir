module attributes {mtc.model = #mtc.model<name = "gpt-3.6b", arch = "gpt", layers = 30, hidden = 3072, heads = 32, ffn = 12288, vocab = 51200, padded_vocab = 51200, positions = 2048, seq = 2048, micro_batch = 1>} {
  mtc.param @wte : tensor<51200x3072xf32> init(normal, 2.000000e-02)
  mtc.param @wpe : tensor<2048x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.0.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.0.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.0.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.1.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.1.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.2.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.2.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.3.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.3.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.4.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.4.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.4.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.4.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.4.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.4.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.4.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.4.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.4.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.4.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.5.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.5.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.5.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.5.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.5.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.5.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.5.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.5.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.5.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.5.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.6.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.6.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.6.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.6.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.6.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.6.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.6.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.6.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.6.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.6.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.7.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.7.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.7.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.7.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.7.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.7.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.7.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.7.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.7.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.7.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.8.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.8.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.8.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.8.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.8.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.8.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.8.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.8.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.8.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.8.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.9.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.9.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.9.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.9.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.9.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.9.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.9.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.9.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.9.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.9.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.10.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.10.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.10.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.10.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.10.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.10.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.10.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.10.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.10.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.10.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.11.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.11.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.11.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.11.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.11.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.11.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.11.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.11.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.11.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.11.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.12.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.12.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.12.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.12.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.12.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.12.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.12.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.12.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.12.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.12.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.13.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.13.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.13.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.13.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.13.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.13.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.13.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.13.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.13.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.13.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.14.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.14.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.14.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.14.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.14.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.14.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.14.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.14.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.14.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.14.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.15.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.15.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.15.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.15.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.15.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.15.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.15.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.15.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.15.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.15.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.16.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.16.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.16.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.16.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.16.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.16.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.16.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.16.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.16.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.16.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.17.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.17.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.17.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.17.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.17.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.17.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.17.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.17.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.17.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.17.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.18.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.18.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.18.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.18.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.18.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.18.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.18.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.18.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.18.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.18.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.19.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.19.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.19.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.19.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.19.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.19.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.19.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.19.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.19.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.19.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.20.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.20.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.20.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.20.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.20.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.20.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.20.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.20.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.20.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.20.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.21.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.21.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.21.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.21.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.21.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.21.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.21.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.21.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.21.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.21.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.22.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.22.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.22.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.22.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.22.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.22.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.22.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.22.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.22.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.22.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.23.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.23.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.23.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.23.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.23.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.23.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.23.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.23.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.23.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.23.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.24.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.24.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.24.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.24.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.24.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.24.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.24.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.24.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.24.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.24.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.24.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.24.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.25.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.25.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.25.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.25.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.25.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.25.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.25.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.25.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.25.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.25.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.25.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.25.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.26.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.26.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.26.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.26.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.26.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.26.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.26.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.26.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.26.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.26.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.26.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.26.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.27.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.27.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.27.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.27.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.27.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.27.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.27.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.27.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.27.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.27.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.27.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.27.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.28.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.28.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.28.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.28.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.28.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.28.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.28.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.28.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.28.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.28.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.28.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.28.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.29.ln_1.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.29.ln_1.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.29.attn.c_attn.weight : tensor<3072x9216xf32> init(normal, 2.000000e-02)
  mtc.param @h.29.attn.c_attn.bias : tensor<9216xf32> init(zeros) {no_decay}
  mtc.param @h.29.attn.c_proj.weight : tensor<3072x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.29.attn.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.29.ln_2.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @h.29.ln_2.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.29.mlp.c_fc.weight : tensor<3072x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.29.mlp.c_fc.bias : tensor<12288xf32> init(zeros) {no_decay}
  mtc.param @h.29.mlp.c_proj.weight : tensor<12288x3072xf32> init(normal, 0.0025819888974716113)
  mtc.param @h.29.mlp.c_proj.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @ln_f.weight : tensor<3072xf32> init(ones) {no_decay}
  mtc.param @ln_f.bias : tensor<3072xf32> init(zeros) {no_decay}
  func.func @forward(%arg0: tensor<1x2048xi32> {mtc.input = "tokens"}, %arg1: tensor<1x2048xi32> {mtc.input = "targets"}) -> tensor<f32> {
    %0 = mtc.param_ref @wte : tensor<51200x3072xf32>
    %1 = mtc.param_ref @wpe : tensor<2048x3072xf32>
    %2 = mtc.embedding %arg0, %0, %1 : tensor<1x2048xi32>, tensor<51200x3072xf32>, tensor<2048x3072xf32> -> tensor<1x2048x3072xf32>
    %3 = mtc.dropout %2 {rate = 1.000000e-01 : f64, stream = 1 : i64} : tensor<1x2048x3072xf32>
    %4 = mtc.layer "h.0"(%3) {index = 0 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.0.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.0.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.0.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.0.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 2 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.0.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.0.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 3 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.0.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.0.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.0.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.0.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.0.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.0.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 4 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %5 = mtc.layer "h.1"(%4) {index = 1 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.1.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.1.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.1.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.1.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 5 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.1.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.1.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 6 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.1.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.1.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.1.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.1.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.1.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.1.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 7 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %6 = mtc.layer "h.2"(%5) {index = 2 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.2.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.2.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.2.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.2.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 8 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.2.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.2.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 9 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.2.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.2.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.2.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.2.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.2.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.2.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 10 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %7 = mtc.layer "h.3"(%6) {index = 3 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.3.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.3.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.3.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.3.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 11 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.3.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.3.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 12 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.3.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.3.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.3.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.3.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.3.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.3.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 13 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %8 = mtc.layer "h.4"(%7) {index = 4 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.4.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.4.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.4.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.4.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 14 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.4.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.4.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 15 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.4.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.4.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.4.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.4.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.4.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.4.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 16 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %9 = mtc.layer "h.5"(%8) {index = 5 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.5.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.5.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.5.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.5.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 17 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.5.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.5.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 18 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.5.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.5.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.5.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.5.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.5.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.5.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 19 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %10 = mtc.layer "h.6"(%9) {index = 6 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.6.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.6.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.6.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.6.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 20 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.6.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.6.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 21 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.6.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.6.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.6.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.6.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.6.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.6.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 22 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %11 = mtc.layer "h.7"(%10) {index = 7 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.7.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.7.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.7.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.7.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 23 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.7.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.7.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 24 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.7.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.7.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.7.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.7.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.7.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.7.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 25 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %12 = mtc.layer "h.8"(%11) {index = 8 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.8.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.8.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.8.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.8.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 26 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.8.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.8.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 27 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.8.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.8.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.8.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.8.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.8.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.8.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 28 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %13 = mtc.layer "h.9"(%12) {index = 9 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.9.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.9.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.9.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.9.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 29 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.9.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.9.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 30 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.9.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.9.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.9.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.9.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.9.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.9.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 31 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %14 = mtc.layer "h.10"(%13) {index = 10 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.10.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.10.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.10.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.10.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 32 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.10.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.10.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 33 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.10.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.10.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.10.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.10.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.10.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.10.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 34 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %15 = mtc.layer "h.11"(%14) {index = 11 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.11.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.11.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.11.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.11.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 35 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.11.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.11.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 36 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.11.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.11.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.11.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.11.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.11.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.11.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 37 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %16 = mtc.layer "h.12"(%15) {index = 12 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.12.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.12.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.12.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.12.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 38 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.12.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.12.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 39 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.12.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.12.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.12.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.12.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.12.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.12.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 40 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %17 = mtc.layer "h.13"(%16) {index = 13 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.13.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.13.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.13.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.13.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 41 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.13.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.13.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 42 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.13.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.13.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.13.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.13.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.13.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.13.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 43 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %18 = mtc.layer "h.14"(%17) {index = 14 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.14.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.14.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.14.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.14.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 44 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.14.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.14.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 45 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.14.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.14.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.14.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.14.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.14.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.14.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 46 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %19 = mtc.layer "h.15"(%18) {index = 15 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.15.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.15.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.15.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.15.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 47 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.15.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.15.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 48 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.15.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.15.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.15.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.15.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.15.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.15.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 49 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %20 = mtc.layer "h.16"(%19) {index = 16 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.16.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.16.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.16.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.16.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 50 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.16.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.16.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 51 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.16.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.16.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.16.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.16.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.16.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.16.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 52 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %21 = mtc.layer "h.17"(%20) {index = 17 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.17.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.17.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.17.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.17.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 53 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.17.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.17.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 54 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.17.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.17.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.17.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.17.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.17.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.17.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 55 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %22 = mtc.layer "h.18"(%21) {index = 18 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.18.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.18.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.18.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.18.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 56 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.18.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.18.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 57 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.18.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.18.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.18.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.18.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.18.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.18.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 58 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %23 = mtc.layer "h.19"(%22) {index = 19 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.19.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.19.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.19.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.19.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 59 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.19.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.19.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 60 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.19.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.19.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.19.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.19.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.19.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.19.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 61 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %24 = mtc.layer "h.20"(%23) {index = 20 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.20.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.20.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.20.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.20.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 62 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.20.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.20.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 63 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.20.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.20.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.20.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.20.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.20.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.20.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 64 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %25 = mtc.layer "h.21"(%24) {index = 21 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.21.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.21.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.21.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.21.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 65 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.21.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.21.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 66 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.21.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.21.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.21.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.21.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.21.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.21.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 67 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %26 = mtc.layer "h.22"(%25) {index = 22 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.22.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.22.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.22.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.22.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 68 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.22.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.22.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 69 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.22.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.22.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.22.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.22.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.22.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.22.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 70 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %27 = mtc.layer "h.23"(%26) {index = 23 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.23.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.23.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.23.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.23.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 71 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.23.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.23.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 72 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.23.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.23.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.23.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.23.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.23.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.23.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 73 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %28 = mtc.layer "h.24"(%27) {index = 24 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.24.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.24.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.24.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.24.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 74 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.24.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.24.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 75 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.24.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.24.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.24.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.24.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.24.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.24.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 76 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %29 = mtc.layer "h.25"(%28) {index = 25 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.25.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.25.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.25.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.25.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 77 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.25.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.25.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 78 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.25.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.25.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.25.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.25.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.25.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.25.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 79 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %30 = mtc.layer "h.26"(%29) {index = 26 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.26.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.26.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.26.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.26.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 80 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.26.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.26.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 81 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.26.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.26.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.26.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.26.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.26.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.26.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 82 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %31 = mtc.layer "h.27"(%30) {index = 27 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.27.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.27.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.27.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.27.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 83 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.27.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.27.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 84 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.27.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.27.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.27.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.27.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.27.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.27.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 85 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %32 = mtc.layer "h.28"(%31) {index = 28 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.28.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.28.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.28.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.28.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 86 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.28.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.28.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 87 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.28.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.28.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.28.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.28.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.28.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.28.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 88 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %33 = mtc.layer "h.29"(%32) {index = 29 : i64} : (tensor<1x2048x3072xf32>) -> tensor<1x2048x3072xf32> {
    ^bb0(%arg2: tensor<1x2048x3072xf32>):
      %40 = mtc.param_ref @h.29.ln_1.weight : tensor<3072xf32>
      %41 = mtc.param_ref @h.29.ln_1.bias : tensor<3072xf32>
      %42 = mtc.layer_norm %arg2, %40, %41 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %43 = mtc.param_ref @h.29.attn.c_attn.weight : tensor<3072x9216xf32>
      %44 = mtc.param_ref @h.29.attn.c_attn.bias : tensor<9216xf32>
      %45 = mtc.linear %42, %43, %44 : tensor<1x2048x3072xf32>, tensor<3072x9216xf32>, tensor<9216xf32> -> tensor<1x2048x9216xf32>
      %result, %lse = mtc.attention %45 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 96 : i64, heads = 32 : i64, scale = 0.10206207261596577 : f64, stream = 89 : i64} : tensor<1x2048x9216xf32> -> tensor<1x2048x3072xf32>, tensor<1x32x2048xf32>
      %46 = mtc.param_ref @h.29.attn.c_proj.weight : tensor<3072x3072xf32>
      %47 = mtc.param_ref @h.29.attn.c_proj.bias : tensor<3072xf32>
      %48 = mtc.linear %result, %46, %47 : tensor<1x2048x3072xf32>, tensor<3072x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %49 = mtc.dropout %48 {rate = 1.000000e-01 : f64, stream = 90 : i64} : tensor<1x2048x3072xf32>
      %50 = mtc.add %arg2, %49 : tensor<1x2048x3072xf32>
      %51 = mtc.param_ref @h.29.ln_2.weight : tensor<3072xf32>
      %52 = mtc.param_ref @h.29.ln_2.bias : tensor<3072xf32>
      %53 = mtc.layer_norm %50, %51, %52 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %54 = mtc.param_ref @h.29.mlp.c_fc.weight : tensor<3072x12288xf32>
      %55 = mtc.param_ref @h.29.mlp.c_fc.bias : tensor<12288xf32>
      %56 = mtc.linear %53, %54, %55 : tensor<1x2048x3072xf32>, tensor<3072x12288xf32>, tensor<12288xf32> -> tensor<1x2048x12288xf32>
      %57 = mtc.gelu %56 : tensor<1x2048x12288xf32>
      %58 = mtc.param_ref @h.29.mlp.c_proj.weight : tensor<12288x3072xf32>
      %59 = mtc.param_ref @h.29.mlp.c_proj.bias : tensor<3072xf32>
      %60 = mtc.linear %57, %58, %59 : tensor<1x2048x12288xf32>, tensor<12288x3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
      %61 = mtc.dropout %60 {rate = 1.000000e-01 : f64, stream = 91 : i64} : tensor<1x2048x3072xf32>
      %62 = mtc.add %50, %61 : tensor<1x2048x3072xf32>
      mtc.yield %62 : tensor<1x2048x3072xf32>
    }
    %34 = mtc.param_ref @ln_f.weight : tensor<3072xf32>
    %35 = mtc.param_ref @ln_f.bias : tensor<3072xf32>
    %36 = mtc.layer_norm %33, %34, %35 : tensor<1x2048x3072xf32>, tensor<3072xf32>, tensor<3072xf32> -> tensor<1x2048x3072xf32>
    %37 = mtc.param_ref @wte : tensor<51200x3072xf32>
    %38 = mtc.linear %36, %37 {transpose_weight} : tensor<1x2048x3072xf32>, tensor<51200x3072xf32> -> tensor<1x2048x51200xf32>
    %39 = mtc.cross_entropy %38, %arg1 {valid_vocab = 51200 : i64} : tensor<1x2048x51200xf32>, tensor<1x2048xi32> -> tensor<f32>
    return %39 : tensor<f32>
  }
}

