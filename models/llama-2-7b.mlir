module attributes {mtc.model = #mtc.model<name = "llama-2-7b", arch = "llama", layers = 32, hidden = 4096, heads = 32, ffn = 11008, vocab = 32000, padded_vocab = 32000, positions = 4096, seq = 4096, micro_batch = 1>} {
  mtc.param @wte : tensor<32000x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.0.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.0.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.0.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.1.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.1.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.1.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.1.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.2.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.2.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.2.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.2.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.3.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.3.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.3.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.3.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.4.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.4.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.4.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.4.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.5.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.5.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.5.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.5.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.6.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.6.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.6.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.6.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.7.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.7.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.7.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.7.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.8.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.8.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.8.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.8.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.9.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.9.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.9.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.9.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.10.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.10.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.10.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.10.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.11.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.11.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.11.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.11.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.12.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.12.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.12.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.12.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.13.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.13.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.13.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.13.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.14.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.14.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.14.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.14.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.15.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.15.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.15.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.15.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.16.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.16.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.16.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.16.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.17.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.17.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.17.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.17.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.18.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.18.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.18.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.18.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.19.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.19.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.19.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.19.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.20.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.20.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.20.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.20.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.21.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.21.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.21.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.21.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.22.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.22.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.22.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.22.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.23.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.23.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.23.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.23.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.24.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.24.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.24.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.24.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.24.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.24.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.24.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.25.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.25.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.25.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.25.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.25.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.25.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.25.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.26.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.26.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.26.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.26.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.26.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.26.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.26.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.27.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.27.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.27.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.27.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.27.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.27.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.27.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.28.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.28.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.28.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.28.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.28.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.28.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.28.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.29.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.29.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.29.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.29.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.29.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.29.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.29.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.30.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.30.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.30.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.30.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.30.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.30.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.30.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.31.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.31.attn.qkv.weight : tensor<4096x12288xf32> init(normal, 2.000000e-02)
  mtc.param @h.31.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.31.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.31.mlp.gate_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.31.mlp.up_proj.weight : tensor<4096x11008xf32> init(normal, 2.000000e-02)
  mtc.param @h.31.mlp.down_proj.weight : tensor<11008x4096xf32> init(normal, 2.500000e-03)
  mtc.param @norm_f.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @lm_head.weight : tensor<32000x4096xf32> init(normal, 2.000000e-02)
  func.func @forward(%arg0: tensor<1x4096xi32> {mtc.input = "tokens"}, %arg1: tensor<1x4096xi32> {mtc.input = "targets"}) -> tensor<f32> {
    %0 = mtc.param_ref @wte : tensor<32000x4096xf32>
    %1 = mtc.embedding %arg0, %0 : tensor<1x4096xi32>, tensor<32000x4096xf32> -> tensor<1x4096x4096xf32>
    %2 = mtc.layer "h.0"(%1) {index = 0 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.0.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.0.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.0.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.0.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.0.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.0.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.0.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %3 = mtc.layer "h.1"(%2) {index = 1 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.1.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.1.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.1.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.1.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.1.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.1.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.1.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %4 = mtc.layer "h.2"(%3) {index = 2 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.2.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.2.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.2.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.2.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.2.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.2.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.2.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %5 = mtc.layer "h.3"(%4) {index = 3 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.3.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.3.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.3.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.3.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.3.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.3.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.3.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %6 = mtc.layer "h.4"(%5) {index = 4 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.4.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.4.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.4.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.4.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.4.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.4.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.4.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %7 = mtc.layer "h.5"(%6) {index = 5 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.5.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.5.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.5.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.5.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.5.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.5.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.5.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %8 = mtc.layer "h.6"(%7) {index = 6 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.6.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.6.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.6.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.6.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.6.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.6.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.6.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %9 = mtc.layer "h.7"(%8) {index = 7 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.7.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.7.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.7.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.7.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.7.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.7.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.7.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %10 = mtc.layer "h.8"(%9) {index = 8 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.8.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.8.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.8.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.8.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.8.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.8.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.8.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %11 = mtc.layer "h.9"(%10) {index = 9 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.9.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.9.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.9.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.9.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.9.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.9.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.9.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %12 = mtc.layer "h.10"(%11) {index = 10 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.10.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.10.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.10.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.10.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.10.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.10.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.10.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %13 = mtc.layer "h.11"(%12) {index = 11 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.11.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.11.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.11.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.11.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.11.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.11.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.11.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %14 = mtc.layer "h.12"(%13) {index = 12 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.12.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.12.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.12.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.12.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.12.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.12.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.12.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %15 = mtc.layer "h.13"(%14) {index = 13 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.13.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.13.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.13.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.13.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.13.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.13.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.13.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %16 = mtc.layer "h.14"(%15) {index = 14 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.14.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.14.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.14.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.14.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.14.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.14.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.14.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %17 = mtc.layer "h.15"(%16) {index = 15 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.15.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.15.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.15.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.15.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.15.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.15.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.15.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %18 = mtc.layer "h.16"(%17) {index = 16 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.16.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.16.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.16.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.16.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.16.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.16.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.16.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %19 = mtc.layer "h.17"(%18) {index = 17 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.17.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.17.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.17.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.17.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.17.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.17.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.17.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %20 = mtc.layer "h.18"(%19) {index = 18 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.18.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.18.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.18.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.18.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.18.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.18.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.18.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %21 = mtc.layer "h.19"(%20) {index = 19 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.19.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.19.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.19.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.19.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.19.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.19.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.19.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %22 = mtc.layer "h.20"(%21) {index = 20 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.20.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.20.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.20.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.20.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.20.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.20.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.20.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %23 = mtc.layer "h.21"(%22) {index = 21 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.21.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.21.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.21.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.21.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.21.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.21.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.21.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %24 = mtc.layer "h.22"(%23) {index = 22 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.22.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.22.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.22.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.22.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.22.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.22.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.22.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %25 = mtc.layer "h.23"(%24) {index = 23 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.23.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.23.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.23.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.23.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.23.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.23.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.23.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %26 = mtc.layer "h.24"(%25) {index = 24 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.24.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.24.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.24.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.24.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.24.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.24.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.24.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %27 = mtc.layer "h.25"(%26) {index = 25 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.25.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.25.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.25.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.25.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.25.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.25.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.25.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %28 = mtc.layer "h.26"(%27) {index = 26 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.26.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.26.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.26.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.26.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.26.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.26.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.26.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %29 = mtc.layer "h.27"(%28) {index = 27 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.27.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.27.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.27.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.27.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.27.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.27.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.27.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %30 = mtc.layer "h.28"(%29) {index = 28 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.28.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.28.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.28.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.28.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.28.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.28.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.28.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %31 = mtc.layer "h.29"(%30) {index = 29 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.29.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.29.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.29.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.29.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.29.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.29.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.29.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %32 = mtc.layer "h.30"(%31) {index = 30 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.30.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.30.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.30.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.30.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.30.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.30.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.30.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %33 = mtc.layer "h.31"(%32) {index = 31 : i64} : (tensor<1x4096x4096xf32>) -> tensor<1x4096x4096xf32> {
    ^bb0(%arg2: tensor<1x4096x4096xf32>):
      %39 = mtc.param_ref @h.31.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %41 = mtc.param_ref @h.31.attn.qkv.weight : tensor<4096x12288xf32>
      %42 = mtc.linear %40, %41 : tensor<1x4096x4096xf32>, tensor<4096x12288xf32> -> tensor<1x4096x12288xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 32 : i64, theta = 1.000000e+04 : f64} : tensor<1x4096x12288xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, scale = 0.088388347648318433 : f64} : tensor<1x4096x12288xf32> -> tensor<1x4096x4096xf32>, tensor<1x32x4096xf32>
      %44 = mtc.param_ref @h.31.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x4096x4096xf32>, tensor<4096x4096xf32> -> tensor<1x4096x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x4096x4096xf32>
      %47 = mtc.param_ref @h.31.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
      %49 = mtc.param_ref @h.31.mlp.gate_proj.weight : tensor<4096x11008xf32>
      %50 = mtc.linear %48, %49 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %51 = mtc.param_ref @h.31.mlp.up_proj.weight : tensor<4096x11008xf32>
      %52 = mtc.linear %48, %51 : tensor<1x4096x4096xf32>, tensor<4096x11008xf32> -> tensor<1x4096x11008xf32>
      %53 = mtc.swiglu %50, %52 : tensor<1x4096x11008xf32>
      %54 = mtc.param_ref @h.31.mlp.down_proj.weight : tensor<11008x4096xf32>
      %55 = mtc.linear %53, %54 : tensor<1x4096x11008xf32>, tensor<11008x4096xf32> -> tensor<1x4096x4096xf32>
      %56 = mtc.add %46, %55 : tensor<1x4096x4096xf32>
      mtc.yield %56 : tensor<1x4096x4096xf32>
    }
    %34 = mtc.param_ref @norm_f.weight : tensor<4096xf32>
    %35 = mtc.rms_norm %33, %34 : tensor<1x4096x4096xf32>, tensor<4096xf32> -> tensor<1x4096x4096xf32>
    %36 = mtc.param_ref @lm_head.weight : tensor<32000x4096xf32>
    %37 = mtc.linear %35, %36 {transpose_weight} : tensor<1x4096x4096xf32>, tensor<32000x4096xf32> -> tensor<1x4096x32000xf32>
    %38 = mtc.cross_entropy %37, %arg1 {valid_vocab = 32000 : i64} : tensor<1x4096x32000xf32>, tensor<1x4096xi32> -> tensor<f32>
    return %38 : tensor<f32>
  }
}

