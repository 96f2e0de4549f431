module attributes {mtc.model = #mtc.model<name = "gpt2-medium", arch = "gpt", layers = 24, hidden = 1024, heads = 16, ffn = 4096, vocab = 50257, padded_vocab = 50257, positions = 1024, seq = 1024, micro_batch = 1>} {
  mtc.param @wte : tensor<50257x1024xf32> init(normal, 2.000000e-02)
  mtc.param @wpe : tensor<1024x1024xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.0.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.0.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.0.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.1.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.1.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.2.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.2.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.3.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.3.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.4.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.4.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.4.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.4.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.4.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.4.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.4.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.4.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.4.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.4.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.5.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.5.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.5.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.5.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.5.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.5.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.5.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.5.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.5.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.5.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.6.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.6.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.6.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.6.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.6.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.6.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.6.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.6.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.6.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.6.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.7.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.7.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.7.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.7.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.7.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.7.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.7.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.7.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.7.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.7.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.8.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.8.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.8.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.8.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.8.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.8.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.8.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.8.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.8.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.8.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.9.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.9.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.9.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.9.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.9.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.9.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.9.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.9.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.9.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.9.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.10.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.10.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.10.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.10.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.10.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.10.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.10.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.10.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.10.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.10.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.11.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.11.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.11.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.11.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.11.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.11.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.11.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.11.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.11.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.11.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.12.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.12.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.12.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.12.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.12.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.12.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.12.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.12.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.12.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.12.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.13.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.13.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.13.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.13.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.13.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.13.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.13.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.13.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.13.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.13.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.14.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.14.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.14.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.14.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.14.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.14.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.14.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.14.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.14.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.14.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.15.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.15.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.15.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.15.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.15.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.15.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.15.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.15.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.15.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.15.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.16.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.16.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.16.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.16.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.16.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.16.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.16.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.16.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.16.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.16.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.17.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.17.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.17.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.17.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.17.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.17.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.17.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.17.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.17.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.17.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.18.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.18.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.18.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.18.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.18.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.18.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.18.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.18.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.18.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.18.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.19.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.19.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.19.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.19.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.19.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.19.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.19.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.19.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.19.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.19.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.20.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.20.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.20.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.20.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.20.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.20.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.20.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.20.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.20.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.20.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.21.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.21.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.21.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.21.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.21.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.21.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.21.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.21.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.21.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.21.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.22.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.22.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.22.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.22.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.22.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.22.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.22.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.22.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.22.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.22.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.23.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.23.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.23.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.23.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.23.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.23.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.23.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.23.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.23.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.23.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @ln_f.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @ln_f.bias : tensor<1024xf32> init(zeros) {no_decay}
  func.func @forward(%arg0: tensor<1x1024xi32> {mtc.input = "tokens"}, %arg1: tensor<1x1024xi32> {mtc.input = "targets"}) -> tensor<f32> {
    %0 = mtc.param_ref @wte : tensor<50257x1024xf32>
    %1 = mtc.param_ref @wpe : tensor<1024x1024xf32>
    %2 = mtc.embedding %arg0, %0, %1 : tensor<1x1024xi32>, tensor<50257x1024xf32>, tensor<1024x1024xf32> -> tensor<1x1024x1024xf32>
    %3 = mtc.dropout %2 {rate = 1.000000e-01 : f64, stream = 1 : i64} : tensor<1x1024x1024xf32>
    %4 = mtc.layer "h.0"(%3) {index = 0 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.0.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.0.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.0.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.0.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 2 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.0.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.0.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 3 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.0.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.0.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.0.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.0.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.0.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.0.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 4 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %5 = mtc.layer "h.1"(%4) {index = 1 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.1.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.1.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.1.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.1.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 5 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.1.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.1.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 6 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.1.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.1.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.1.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.1.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.1.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.1.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 7 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %6 = mtc.layer "h.2"(%5) {index = 2 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.2.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.2.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.2.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.2.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 8 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.2.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.2.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 9 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.2.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.2.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.2.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.2.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.2.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.2.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 10 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %7 = mtc.layer "h.3"(%6) {index = 3 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.3.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.3.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.3.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.3.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 11 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.3.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.3.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 12 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.3.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.3.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.3.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.3.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.3.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.3.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 13 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %8 = mtc.layer "h.4"(%7) {index = 4 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.4.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.4.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.4.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.4.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 14 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.4.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.4.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 15 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.4.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.4.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.4.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.4.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.4.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.4.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 16 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %9 = mtc.layer "h.5"(%8) {index = 5 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.5.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.5.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.5.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.5.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 17 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.5.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.5.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 18 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.5.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.5.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.5.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.5.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.5.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.5.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 19 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %10 = mtc.layer "h.6"(%9) {index = 6 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.6.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.6.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.6.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.6.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 20 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.6.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.6.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 21 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.6.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.6.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.6.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.6.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.6.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.6.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 22 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %11 = mtc.layer "h.7"(%10) {index = 7 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.7.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.7.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.7.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.7.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 23 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.7.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.7.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 24 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.7.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.7.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.7.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.7.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.7.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.7.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 25 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %12 = mtc.layer "h.8"(%11) {index = 8 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.8.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.8.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.8.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.8.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 26 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.8.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.8.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 27 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.8.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.8.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.8.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.8.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.8.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.8.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 28 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %13 = mtc.layer "h.9"(%12) {index = 9 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.9.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.9.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.9.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.9.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 29 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.9.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.9.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 30 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.9.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.9.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.9.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.9.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.9.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.9.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 31 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %14 = mtc.layer "h.10"(%13) {index = 10 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.10.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.10.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.10.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.10.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 32 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.10.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.10.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 33 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.10.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.10.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.10.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.10.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.10.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.10.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 34 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %15 = mtc.layer "h.11"(%14) {index = 11 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.11.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.11.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.11.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.11.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 35 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.11.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.11.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 36 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.11.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.11.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.11.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.11.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.11.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.11.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 37 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %16 = mtc.layer "h.12"(%15) {index = 12 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.12.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.12.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.12.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.12.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 38 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.12.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.12.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 39 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.12.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.12.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.12.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.12.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.12.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.12.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 40 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %17 = mtc.layer "h.13"(%16) {index = 13 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.13.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.13.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.13.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.13.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 41 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.13.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.13.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 42 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.13.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.13.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.13.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.13.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.13.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.13.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 43 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %18 = mtc.layer "h.14"(%17) {index = 14 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.14.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.14.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.14.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.14.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 44 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.14.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.14.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 45 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.14.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.14.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.14.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.14.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.14.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.14.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 46 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %19 = mtc.layer "h.15"(%18) {index = 15 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.15.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.15.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.15.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.15.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 47 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.15.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.15.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 48 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.15.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.15.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.15.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.15.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.15.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.15.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 49 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %20 = mtc.layer "h.16"(%19) {index = 16 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.16.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.16.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.16.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.16.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 50 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.16.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.16.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 51 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.16.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.16.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.16.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.16.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.16.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.16.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 52 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %21 = mtc.layer "h.17"(%20) {index = 17 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.17.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.17.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.17.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.17.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 53 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.17.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.17.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 54 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.17.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.17.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.17.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.17.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.17.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.17.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 55 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %22 = mtc.layer "h.18"(%21) {index = 18 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.18.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.18.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.18.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.18.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 56 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.18.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.18.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 57 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.18.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.18.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.18.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.18.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.18.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.18.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 58 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %23 = mtc.layer "h.19"(%22) {index = 19 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.19.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.19.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.19.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.19.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 59 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.19.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.19.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 60 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.19.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.19.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.19.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.19.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.19.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.19.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 61 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %24 = mtc.layer "h.20"(%23) {index = 20 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.20.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.20.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.20.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.20.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 62 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.20.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.20.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 63 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.20.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.20.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.20.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.20.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.20.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.20.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 64 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %25 = mtc.layer "h.21"(%24) {index = 21 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.21.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.21.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.21.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.21.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 65 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.21.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.21.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 66 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.21.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.21.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.21.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.21.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.21.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.21.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 67 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %26 = mtc.layer "h.22"(%25) {index = 22 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.22.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.22.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.22.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.22.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 68 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.22.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.22.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 69 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.22.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.22.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.22.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.22.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.22.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.22.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 70 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %27 = mtc.layer "h.23"(%26) {index = 23 : i64} : (tensor<1x1024x1024xf32>) -> tensor<1x1024x1024xf32> {
    ^bb0(%arg2: tensor<1x1024x1024xf32>):
      %34 = mtc.param_ref @h.23.ln_1.weight : tensor<1024xf32>
      %35 = mtc.param_ref @h.23.ln_1.bias : tensor<1024xf32>
      %36 = mtc.layer_norm %arg2, %34, %35 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %37 = mtc.param_ref @h.23.attn.c_attn.weight : tensor<1024x3072xf32>
      %38 = mtc.param_ref @h.23.attn.c_attn.bias : tensor<3072xf32>
      %39 = mtc.linear %36, %37, %38 : tensor<1x1024x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x1024x3072xf32>
      %result, %lse = mtc.attention %39 {causal = true, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 71 : i64} : tensor<1x1024x3072xf32> -> tensor<1x1024x1024xf32>, tensor<1x16x1024xf32>
      %40 = mtc.param_ref @h.23.attn.c_proj.weight : tensor<1024x1024xf32>
      %41 = mtc.param_ref @h.23.attn.c_proj.bias : tensor<1024xf32>
      %42 = mtc.linear %result, %40, %41 : tensor<1x1024x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %43 = mtc.dropout %42 {rate = 1.000000e-01 : f64, stream = 72 : i64} : tensor<1x1024x1024xf32>
      %44 = mtc.add %arg2, %43 : tensor<1x1024x1024xf32>
      %45 = mtc.param_ref @h.23.ln_2.weight : tensor<1024xf32>
      %46 = mtc.param_ref @h.23.ln_2.bias : tensor<1024xf32>
      %47 = mtc.layer_norm %44, %45, %46 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %48 = mtc.param_ref @h.23.mlp.c_fc.weight : tensor<1024x4096xf32>
      %49 = mtc.param_ref @h.23.mlp.c_fc.bias : tensor<4096xf32>
      %50 = mtc.linear %47, %48, %49 : tensor<1x1024x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x1024x4096xf32>
      %51 = mtc.gelu %50 : tensor<1x1024x4096xf32>
      %52 = mtc.param_ref @h.23.mlp.c_proj.weight : tensor<4096x1024xf32>
      %53 = mtc.param_ref @h.23.mlp.c_proj.bias : tensor<1024xf32>
      %54 = mtc.linear %51, %52, %53 : tensor<1x1024x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
      %55 = mtc.dropout %54 {rate = 1.000000e-01 : f64, stream = 73 : i64} : tensor<1x1024x1024xf32>
      %56 = mtc.add %44, %55 : tensor<1x1024x1024xf32>
      mtc.yield %56 : tensor<1x1024x1024xf32>
    }
    %28 = mtc.param_ref @ln_f.weight : tensor<1024xf32>
    %29 = mtc.param_ref @ln_f.bias : tensor<1024xf32>
    %30 = mtc.layer_norm %27, %28, %29 : tensor<1x1024x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x1024x1024xf32>
    %31 = mtc.param_ref @wte : tensor<50257x1024xf32>
    %32 = mtc.linear %30, %31 {transpose_weight} : tensor<1x1024x1024xf32>, tensor<50257x1024xf32> -> tensor<1x1024x50257xf32>
    %33 = mtc.cross_entropy %32, %arg1 {valid_vocab = 50257 : i64} : tensor<1x1024x50257xf32>, tensor<1x1024xi32> -> tensor<f32>
    return %33 : tensor<f32>
  }
}

