module attributes {mtc.model = #mtc.model<name = "bert-large", arch = "bert", layers = 24, hidden = 1024, heads = 16, ffn = 4096, vocab = 30522, padded_vocab = 30522, positions = 512, seq = 512, micro_batch = 1>} {
  mtc.param @wte : tensor<30522x1024xf32> init(normal, 2.000000e-02)
  mtc.param @wpe : tensor<512x1024xf32> init(normal, 2.000000e-02)
  mtc.param @tte : tensor<2x1024xf32> init(normal, 2.000000e-02)
  mtc.param @emb_ln.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @emb_ln.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.0.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.0.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.0.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.0.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.0.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.0.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.0.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.1.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.1.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.1.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.1.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.1.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.1.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.2.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.2.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.2.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.2.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.2.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.2.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.3.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.3.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.3.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.3.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.3.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.3.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.4.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.4.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.4.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.4.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.4.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.4.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.4.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.4.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.4.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.4.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.5.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.5.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.5.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.5.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.5.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.5.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.5.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.5.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.5.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.5.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.6.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.6.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.6.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.6.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.6.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.6.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.6.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.6.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.6.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.6.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.7.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.7.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.7.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.7.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.7.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.7.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.7.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.7.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.7.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.7.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.8.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.8.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.8.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.8.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.8.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.8.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.8.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.8.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.8.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.8.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.9.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.9.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.9.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.9.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.9.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.9.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.9.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.9.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.9.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.9.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.10.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.10.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.10.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.10.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.10.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.10.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.10.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.10.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.10.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.10.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.11.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.11.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.11.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.11.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.11.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.11.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.11.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.11.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.11.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.11.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.12.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.12.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.12.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.12.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.12.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.12.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.12.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.12.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.12.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.12.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.13.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.13.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.13.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.13.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.13.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.13.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.13.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.13.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.13.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.13.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.14.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.14.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.14.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.14.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.14.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.14.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.14.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.14.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.14.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.14.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.15.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.15.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.15.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.15.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.15.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.15.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.15.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.15.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.15.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.15.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.16.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.16.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.16.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.16.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.16.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.16.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.16.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.16.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.16.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.16.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.17.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.17.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.17.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.17.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.17.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.17.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.17.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.17.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.17.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.17.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.18.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.18.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.18.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.18.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.18.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.18.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.18.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.18.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.18.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.18.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.19.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.19.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.19.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.19.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.19.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.19.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.19.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.19.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.19.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.19.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.20.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.20.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.20.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.20.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.20.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.20.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.20.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.20.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.20.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.20.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.21.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.21.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.21.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.21.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.21.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.21.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.21.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.21.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.21.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.21.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.22.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.22.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.22.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.22.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.22.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.22.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.22.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.22.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.22.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.22.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.23.attn.c_attn.weight : tensor<1024x3072xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.attn.c_attn.bias : tensor<3072xf32> init(zeros) {no_decay}
  mtc.param @h.23.attn.c_proj.weight : tensor<1024x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.23.attn.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.23.ln_1.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.23.ln_1.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.23.mlp.c_fc.weight : tensor<1024x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.mlp.c_fc.bias : tensor<4096xf32> init(zeros) {no_decay}
  mtc.param @h.23.mlp.c_proj.weight : tensor<4096x1024xf32> init(normal, 0.002886751345948129)
  mtc.param @h.23.mlp.c_proj.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @h.23.ln_2.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @h.23.ln_2.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @head.dense.weight : tensor<1024x1024xf32> init(normal, 2.000000e-02)
  mtc.param @head.dense.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @head.ln.weight : tensor<1024xf32> init(ones) {no_decay}
  mtc.param @head.ln.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @head.bias : tensor<30522xf32> init(zeros) {no_decay}
  mtc.param @pooler.dense.weight : tensor<1024x1024xf32> init(normal, 2.000000e-02)
  mtc.param @pooler.dense.bias : tensor<1024xf32> init(zeros) {no_decay}
  mtc.param @binary_head.weight : tensor<1024x2xf32> init(normal, 2.000000e-02)
  mtc.param @binary_head.bias : tensor<2xf32> init(zeros) {no_decay}
  func.func @forward(%arg0: tensor<1x512xi32> {mtc.input = "tokens"}, %arg1: tensor<1x512xi32> {mtc.input = "targets"}, %arg2: tensor<1x512xi32> {mtc.input = "token_types"}, %arg3: tensor<1xi32> {mtc.input = "lengths"}, %arg4: tensor<1x1xi32> {mtc.input = "sentence_labels"}) -> (tensor<f32>, tensor<f32>) {
    %0 = mtc.param_ref @wte : tensor<30522x1024xf32>
    %1 = mtc.param_ref @wpe : tensor<512x1024xf32>
    %2 = mtc.embedding %arg0, %0, %1 : tensor<1x512xi32>, tensor<30522x1024xf32>, tensor<512x1024xf32> -> tensor<1x512x1024xf32>
    %3 = mtc.param_ref @tte : tensor<2x1024xf32>
    %4 = mtc.token_type_add %2, %arg2, %3 : tensor<1x512x1024xf32>, tensor<1x512xi32>, tensor<2x1024xf32> -> tensor<1x512x1024xf32>
    %5 = mtc.param_ref @emb_ln.weight : tensor<1024xf32>
    %6 = mtc.param_ref @emb_ln.bias : tensor<1024xf32>
    %7 = mtc.layer_norm %4, %5, %6 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
    %8 = mtc.dropout %7 {rate = 1.000000e-01 : f64, stream = 1 : i64} : tensor<1x512x1024xf32>
    %9 = mtc.layer "h.0"(%8, %arg3) {index = 0 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.0.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.0.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 2 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.0.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.0.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 3 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.0.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.0.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.0.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.0.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.0.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.0.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 4 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.0.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.0.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %10 = mtc.layer "h.1"(%9, %arg3) {index = 1 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.1.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.1.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 5 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.1.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.1.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 6 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.1.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.1.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.1.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.1.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.1.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.1.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 7 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.1.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.1.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %11 = mtc.layer "h.2"(%10, %arg3) {index = 2 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.2.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.2.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 8 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.2.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.2.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 9 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.2.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.2.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.2.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.2.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.2.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.2.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 10 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.2.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.2.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %12 = mtc.layer "h.3"(%11, %arg3) {index = 3 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.3.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.3.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 11 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.3.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.3.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 12 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.3.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.3.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.3.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.3.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.3.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.3.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 13 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.3.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.3.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %13 = mtc.layer "h.4"(%12, %arg3) {index = 4 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.4.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.4.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 14 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.4.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.4.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 15 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.4.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.4.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.4.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.4.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.4.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.4.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 16 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.4.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.4.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %14 = mtc.layer "h.5"(%13, %arg3) {index = 5 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.5.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.5.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 17 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.5.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.5.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 18 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.5.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.5.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.5.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.5.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.5.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.5.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 19 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.5.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.5.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %15 = mtc.layer "h.6"(%14, %arg3) {index = 6 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.6.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.6.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 20 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.6.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.6.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 21 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.6.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.6.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.6.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.6.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.6.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.6.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 22 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.6.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.6.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %16 = mtc.layer "h.7"(%15, %arg3) {index = 7 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.7.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.7.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 23 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.7.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.7.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 24 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.7.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.7.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.7.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.7.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.7.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.7.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 25 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.7.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.7.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %17 = mtc.layer "h.8"(%16, %arg3) {index = 8 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.8.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.8.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 26 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.8.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.8.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 27 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.8.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.8.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.8.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.8.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.8.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.8.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 28 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.8.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.8.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %18 = mtc.layer "h.9"(%17, %arg3) {index = 9 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.9.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.9.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 29 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.9.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.9.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 30 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.9.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.9.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.9.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.9.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.9.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.9.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 31 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.9.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.9.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %19 = mtc.layer "h.10"(%18, %arg3) {index = 10 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.10.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.10.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 32 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.10.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.10.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 33 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.10.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.10.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.10.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.10.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.10.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.10.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 34 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.10.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.10.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %20 = mtc.layer "h.11"(%19, %arg3) {index = 11 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.11.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.11.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 35 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.11.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.11.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 36 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.11.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.11.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.11.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.11.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.11.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.11.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 37 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.11.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.11.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %21 = mtc.layer "h.12"(%20, %arg3) {index = 12 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.12.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.12.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 38 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.12.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.12.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 39 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.12.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.12.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.12.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.12.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.12.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.12.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 40 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.12.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.12.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %22 = mtc.layer "h.13"(%21, %arg3) {index = 13 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.13.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.13.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 41 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.13.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.13.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 42 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.13.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.13.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.13.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.13.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.13.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.13.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 43 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.13.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.13.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %23 = mtc.layer "h.14"(%22, %arg3) {index = 14 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.14.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.14.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 44 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.14.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.14.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 45 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.14.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.14.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.14.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.14.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.14.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.14.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 46 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.14.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.14.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %24 = mtc.layer "h.15"(%23, %arg3) {index = 15 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.15.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.15.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 47 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.15.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.15.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 48 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.15.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.15.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.15.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.15.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.15.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.15.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 49 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.15.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.15.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %25 = mtc.layer "h.16"(%24, %arg3) {index = 16 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.16.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.16.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 50 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.16.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.16.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 51 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.16.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.16.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.16.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.16.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.16.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.16.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 52 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.16.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.16.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %26 = mtc.layer "h.17"(%25, %arg3) {index = 17 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.17.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.17.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 53 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.17.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.17.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 54 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.17.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.17.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.17.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.17.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.17.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.17.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 55 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.17.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.17.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %27 = mtc.layer "h.18"(%26, %arg3) {index = 18 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.18.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.18.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 56 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.18.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.18.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 57 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.18.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.18.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.18.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.18.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.18.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.18.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 58 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.18.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.18.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %28 = mtc.layer "h.19"(%27, %arg3) {index = 19 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.19.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.19.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 59 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.19.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.19.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 60 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.19.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.19.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.19.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.19.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.19.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.19.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 61 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.19.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.19.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %29 = mtc.layer "h.20"(%28, %arg3) {index = 20 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.20.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.20.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 62 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.20.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.20.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 63 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.20.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.20.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.20.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.20.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.20.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.20.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 64 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.20.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.20.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %30 = mtc.layer "h.21"(%29, %arg3) {index = 21 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.21.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.21.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 65 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.21.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.21.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 66 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.21.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.21.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.21.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.21.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.21.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.21.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 67 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.21.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.21.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %31 = mtc.layer "h.22"(%30, %arg3) {index = 22 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.22.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.22.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 68 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.22.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.22.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 69 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.22.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.22.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.22.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.22.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.22.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.22.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 70 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.22.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.22.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %32 = mtc.layer "h.23"(%31, %arg3) {index = 23 : i64} : (tensor<1x512x1024xf32>, tensor<1xi32>) -> tensor<1x512x1024xf32> {
    ^bb0(%arg5: tensor<1x512x1024xf32>, %arg6: tensor<1xi32>):
      %53 = mtc.param_ref @h.23.attn.c_attn.weight : tensor<1024x3072xf32>
      %54 = mtc.param_ref @h.23.attn.c_attn.bias : tensor<3072xf32>
      %55 = mtc.linear %arg5, %53, %54 : tensor<1x512x1024xf32>, tensor<1024x3072xf32>, tensor<3072xf32> -> tensor<1x512x3072xf32>
      %result, %lse = mtc.attention %55, %arg6 {causal = false, dropout = 1.000000e-01 : f64, head_dim = 64 : i64, heads = 16 : i64, scale = 1.250000e-01 : f64, stream = 71 : i64} : tensor<1x512x3072xf32>, tensor<1xi32> -> tensor<1x512x1024xf32>, tensor<1x16x512xf32>
      %56 = mtc.param_ref @h.23.attn.c_proj.weight : tensor<1024x1024xf32>
      %57 = mtc.param_ref @h.23.attn.c_proj.bias : tensor<1024xf32>
      %58 = mtc.linear %result, %56, %57 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %59 = mtc.dropout %58 {rate = 1.000000e-01 : f64, stream = 72 : i64} : tensor<1x512x1024xf32>
      %60 = mtc.add %arg5, %59 : tensor<1x512x1024xf32>
      %61 = mtc.param_ref @h.23.ln_1.weight : tensor<1024xf32>
      %62 = mtc.param_ref @h.23.ln_1.bias : tensor<1024xf32>
      %63 = mtc.layer_norm %60, %61, %62 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %64 = mtc.param_ref @h.23.mlp.c_fc.weight : tensor<1024x4096xf32>
      %65 = mtc.param_ref @h.23.mlp.c_fc.bias : tensor<4096xf32>
      %66 = mtc.linear %63, %64, %65 : tensor<1x512x1024xf32>, tensor<1024x4096xf32>, tensor<4096xf32> -> tensor<1x512x4096xf32>
      %67 = mtc.gelu %66 {exact} : tensor<1x512x4096xf32>
      %68 = mtc.param_ref @h.23.mlp.c_proj.weight : tensor<4096x1024xf32>
      %69 = mtc.param_ref @h.23.mlp.c_proj.bias : tensor<1024xf32>
      %70 = mtc.linear %67, %68, %69 : tensor<1x512x4096xf32>, tensor<4096x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      %71 = mtc.dropout %70 {rate = 1.000000e-01 : f64, stream = 73 : i64} : tensor<1x512x1024xf32>
      %72 = mtc.add %63, %71 : tensor<1x512x1024xf32>
      %73 = mtc.param_ref @h.23.ln_2.weight : tensor<1024xf32>
      %74 = mtc.param_ref @h.23.ln_2.bias : tensor<1024xf32>
      %75 = mtc.layer_norm %72, %73, %74 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
      mtc.yield %75 : tensor<1x512x1024xf32>
    }
    %33 = mtc.param_ref @head.dense.weight : tensor<1024x1024xf32>
    %34 = mtc.param_ref @head.dense.bias : tensor<1024xf32>
    %35 = mtc.linear %32, %33, %34 : tensor<1x512x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
    %36 = mtc.gelu %35 {exact} : tensor<1x512x1024xf32>
    %37 = mtc.param_ref @head.ln.weight : tensor<1024xf32>
    %38 = mtc.param_ref @head.ln.bias : tensor<1024xf32>
    %39 = mtc.layer_norm %36, %37, %38 {eps = 9.9999999999999998E-13 : f64} : tensor<1x512x1024xf32>, tensor<1024xf32>, tensor<1024xf32> -> tensor<1x512x1024xf32>
    %40 = mtc.param_ref @wte : tensor<30522x1024xf32>
    %41 = mtc.param_ref @head.bias : tensor<30522xf32>
    %42 = mtc.linear %39, %40, %41 {transpose_weight} : tensor<1x512x1024xf32>, tensor<30522x1024xf32>, tensor<30522xf32> -> tensor<1x512x30522xf32>
    %43 = mtc.cross_entropy %42, %arg1 {valid_vocab = 30522 : i64} : tensor<1x512x30522xf32>, tensor<1x512xi32> -> tensor<f32>
    %44 = mtc.first_token %32 : tensor<1x512x1024xf32> -> tensor<1x1x1024xf32>
    %45 = mtc.param_ref @pooler.dense.weight : tensor<1024x1024xf32>
    %46 = mtc.param_ref @pooler.dense.bias : tensor<1024xf32>
    %47 = mtc.linear %44, %45, %46 : tensor<1x1x1024xf32>, tensor<1024x1024xf32>, tensor<1024xf32> -> tensor<1x1x1024xf32>
    %48 = mtc.tanh %47 : tensor<1x1x1024xf32>
    %49 = mtc.param_ref @binary_head.weight : tensor<1024x2xf32>
    %50 = mtc.param_ref @binary_head.bias : tensor<2xf32>
    %51 = mtc.linear %48, %49, %50 : tensor<1x1x1024xf32>, tensor<1024x2xf32>, tensor<2xf32> -> tensor<1x1x2xf32>
    %52 = mtc.cross_entropy %51, %arg4 {valid_vocab = 2 : i64} : tensor<1x1x2xf32>, tensor<1x1xi32> -> tensor<f32>
    return %43, %52 : tensor<f32>, tensor<f32>
  }
}

