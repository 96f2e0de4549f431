module attributes {mtc.model = #mtc.model<name = "mixtral-8x7b", arch = "llama", layers = 32, hidden = 4096, heads = 32, ffn = 14336, vocab = 32000, padded_vocab = 32000, positions = 32768, seq = 32768, micro_batch = 1, kv_heads = 8>} {
  mtc.param @wte : tensor<32000x4096xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.0.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.0.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.0.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.0.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.1.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.1.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.1.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.1.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.1.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.2.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.2.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.2.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.2.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.2.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.3.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.3.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.3.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.3.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.3.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.4.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.4.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.4.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.4.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.4.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.5.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.5.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.5.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.5.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.5.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.6.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.6.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.6.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.6.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.6.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.7.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.7.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.7.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.7.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.7.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.8.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.8.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.8.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.8.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.8.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.9.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.9.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.9.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.9.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.9.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.10.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.10.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.10.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.10.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.10.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.11.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.11.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.11.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.11.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.11.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.12.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.12.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.12.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.12.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.12.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.13.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.13.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.13.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.13.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.13.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.14.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.14.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.14.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.14.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.14.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.15.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.15.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.15.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.15.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.15.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.16.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.16.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.16.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.16.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.16.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.17.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.17.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.17.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.17.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.17.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.18.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.18.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.18.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.18.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.18.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.19.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.19.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.19.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.19.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.19.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.20.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.20.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.20.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.20.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.20.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.21.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.21.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.21.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.21.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.21.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.22.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.22.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.22.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.22.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.22.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.23.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.23.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.23.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.23.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.23.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.24.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.24.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.24.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.24.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.24.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.24.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.24.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.24.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.25.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.25.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.25.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.25.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.25.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.25.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.25.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.25.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.26.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.26.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.26.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.26.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.26.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.26.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.26.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.26.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.27.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.27.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.27.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.27.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.27.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.27.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.27.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.27.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.28.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.28.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.28.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.28.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.28.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.28.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.28.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.28.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.29.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.29.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.29.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.29.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.29.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.29.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.29.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.29.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.30.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.30.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.30.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.30.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.30.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.30.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.30.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.30.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.31.input_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.31.attn.qkv.weight : tensor<4096x6144xf32> init(normal, 2.000000e-02)
  mtc.param @h.31.attn.o_proj.weight : tensor<4096x4096xf32> init(normal, 2.500000e-03)
  mtc.param @h.31.post_attention_norm.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @h.31.moe.router.weight : tensor<4096x8xf32> init(normal, 2.000000e-02)
  mtc.param @h.31.moe.w1 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.31.moe.w3 : tensor<8x4096x14336xf32> init(normal, 2.000000e-02)
  mtc.param @h.31.moe.w2 : tensor<8x14336x4096xf32> init(normal, 2.500000e-03)
  mtc.param @norm_f.weight : tensor<4096xf32> init(ones) {no_decay}
  mtc.param @lm_head.weight : tensor<32000x4096xf32> init(normal, 2.000000e-02)
  func.func @forward(%arg0: tensor<1x32768xi32> {mtc.input = "tokens"}, %arg1: tensor<1x32768xi32> {mtc.input = "targets"}) -> tensor<f32> {
    %0 = mtc.param_ref @wte : tensor<32000x4096xf32>
    %1 = mtc.embedding %arg0, %0 : tensor<1x32768xi32>, tensor<32000x4096xf32> -> tensor<1x32768x4096xf32>
    %2 = mtc.layer "h.0"(%1) {index = 0 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.0.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.0.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.0.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.0.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.0.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.0.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.0.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.0.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %3 = mtc.layer "h.1"(%2) {index = 1 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.1.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.1.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.1.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.1.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.1.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.1.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.1.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.1.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %4 = mtc.layer "h.2"(%3) {index = 2 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.2.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.2.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.2.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.2.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.2.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.2.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.2.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.2.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %5 = mtc.layer "h.3"(%4) {index = 3 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.3.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.3.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.3.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.3.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.3.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.3.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.3.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.3.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %6 = mtc.layer "h.4"(%5) {index = 4 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.4.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.4.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.4.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.4.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.4.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.4.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.4.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.4.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %7 = mtc.layer "h.5"(%6) {index = 5 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.5.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.5.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.5.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.5.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.5.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.5.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.5.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.5.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %8 = mtc.layer "h.6"(%7) {index = 6 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.6.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.6.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.6.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.6.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.6.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.6.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.6.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.6.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %9 = mtc.layer "h.7"(%8) {index = 7 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.7.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.7.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.7.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.7.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.7.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.7.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.7.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.7.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %10 = mtc.layer "h.8"(%9) {index = 8 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.8.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.8.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.8.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.8.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.8.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.8.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.8.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.8.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %11 = mtc.layer "h.9"(%10) {index = 9 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.9.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.9.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.9.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.9.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.9.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.9.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.9.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.9.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %12 = mtc.layer "h.10"(%11) {index = 10 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.10.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.10.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.10.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.10.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.10.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.10.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.10.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.10.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %13 = mtc.layer "h.11"(%12) {index = 11 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.11.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.11.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.11.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.11.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.11.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.11.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.11.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.11.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %14 = mtc.layer "h.12"(%13) {index = 12 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.12.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.12.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.12.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.12.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.12.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.12.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.12.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.12.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %15 = mtc.layer "h.13"(%14) {index = 13 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.13.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.13.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.13.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.13.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.13.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.13.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.13.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.13.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %16 = mtc.layer "h.14"(%15) {index = 14 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.14.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.14.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.14.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.14.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.14.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.14.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.14.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.14.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %17 = mtc.layer "h.15"(%16) {index = 15 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.15.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.15.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.15.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.15.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.15.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.15.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.15.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.15.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %18 = mtc.layer "h.16"(%17) {index = 16 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.16.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.16.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.16.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.16.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.16.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.16.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.16.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.16.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %19 = mtc.layer "h.17"(%18) {index = 17 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.17.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.17.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.17.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.17.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.17.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.17.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.17.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.17.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %20 = mtc.layer "h.18"(%19) {index = 18 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.18.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.18.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.18.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.18.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.18.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.18.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.18.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.18.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %21 = mtc.layer "h.19"(%20) {index = 19 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.19.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.19.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.19.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.19.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.19.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.19.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.19.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.19.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %22 = mtc.layer "h.20"(%21) {index = 20 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.20.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.20.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.20.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.20.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.20.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.20.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.20.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.20.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %23 = mtc.layer "h.21"(%22) {index = 21 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.21.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.21.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.21.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.21.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.21.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.21.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.21.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.21.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %24 = mtc.layer "h.22"(%23) {index = 22 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.22.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.22.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.22.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.22.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.22.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.22.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.22.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.22.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %25 = mtc.layer "h.23"(%24) {index = 23 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.23.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.23.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.23.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.23.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.23.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.23.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.23.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.23.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %26 = mtc.layer "h.24"(%25) {index = 24 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.24.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.24.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.24.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.24.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.24.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.24.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.24.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.24.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %27 = mtc.layer "h.25"(%26) {index = 25 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.25.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.25.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.25.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.25.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.25.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.25.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.25.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.25.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %28 = mtc.layer "h.26"(%27) {index = 26 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.26.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.26.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.26.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.26.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.26.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.26.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.26.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.26.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %29 = mtc.layer "h.27"(%28) {index = 27 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.27.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.27.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.27.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.27.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.27.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.27.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.27.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.27.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %30 = mtc.layer "h.28"(%29) {index = 28 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.28.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.28.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.28.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.28.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.28.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.28.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.28.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.28.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %31 = mtc.layer "h.29"(%30) {index = 29 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.29.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.29.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.29.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.29.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.29.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.29.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.29.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.29.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %32 = mtc.layer "h.30"(%31) {index = 30 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.30.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.30.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.30.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.30.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.30.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.30.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.30.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.30.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %33 = mtc.layer "h.31"(%32) {index = 31 : i64} : (tensor<1x32768x4096xf32>) -> tensor<1x32768x4096xf32> {
    ^bb0(%arg2: tensor<1x32768x4096xf32>):
      %39 = mtc.param_ref @h.31.input_norm.weight : tensor<4096xf32>
      %40 = mtc.rms_norm %arg2, %39 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %41 = mtc.param_ref @h.31.attn.qkv.weight : tensor<4096x6144xf32>
      %42 = mtc.linear %40, %41 : tensor<1x32768x4096xf32>, tensor<4096x6144xf32> -> tensor<1x32768x6144xf32>
      %43 = mtc.rotary %42 {head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, theta = 1.000000e+06 : f64} : tensor<1x32768x6144xf32>
      %result, %lse = mtc.attention %43 {causal = true, head_dim = 128 : i64, heads = 32 : i64, kv_heads = 8 : i64, scale = 0.088388347648318433 : f64} : tensor<1x32768x6144xf32> -> tensor<1x32768x4096xf32>, tensor<1x32x32768xf32>
      %44 = mtc.param_ref @h.31.attn.o_proj.weight : tensor<4096x4096xf32>
      %45 = mtc.linear %result, %44 : tensor<1x32768x4096xf32>, tensor<4096x4096xf32> -> tensor<1x32768x4096xf32>
      %46 = mtc.add %arg2, %45 : tensor<1x32768x4096xf32>
      %47 = mtc.param_ref @h.31.post_attention_norm.weight : tensor<4096xf32>
      %48 = mtc.rms_norm %46, %47 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
      %49 = mtc.param_ref @h.31.moe.router.weight : tensor<4096x8xf32>
      %50 = mtc.linear %48, %49 : tensor<1x32768x4096xf32>, tensor<4096x8xf32> -> tensor<1x32768x8xf32>
      %probs, %experts, %weights = mtc.moe_route %50 {topk = 2 : i64} : tensor<1x32768x8xf32> -> tensor<1x32768x8xf32>, tensor<1x32768x2xi32>, tensor<1x32768x2xf32>
      %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch %experts, %weights {num_experts = 8 : i64} : tensor<1x32768x2xi32>, tensor<1x32768x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x32768x2xi32>, tensor<65536xi32>
      mtc.moe_aux_loss %probs, %routed {coeff = 0.000000e+00 : f64, topk = 2 : i64} : tensor<1x32768x8xf32>, tensor<8xi32>
      %51 = mtc.moe_permute %48, %row_of, %entry_of : tensor<1x32768x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32> -> tensor<65536x4096xf32>
      %52 = mtc.param_ref @h.31.moe.w1 : tensor<8x4096x14336xf32>
      %53 = mtc.grouped_linear %51, %kept, %52 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %54 = mtc.param_ref @h.31.moe.w3 : tensor<8x4096x14336xf32>
      %55 = mtc.grouped_linear %51, %kept, %54 : tensor<65536x4096xf32>, tensor<8xi32>, tensor<8x4096x14336xf32> -> tensor<65536x14336xf32>
      %56 = mtc.swiglu %53, %55 : tensor<65536x14336xf32>
      %57 = mtc.param_ref @h.31.moe.w2 : tensor<8x14336x4096xf32>
      %58 = mtc.grouped_linear %56, %kept, %57 : tensor<65536x14336xf32>, tensor<8xi32>, tensor<8x14336x4096xf32> -> tensor<65536x4096xf32>
      %59 = mtc.moe_combine %58, %row_of, %entry_of, %weights : tensor<65536x4096xf32>, tensor<1x32768x2xi32>, tensor<65536xi32>, tensor<1x32768x2xf32> -> tensor<1x32768x4096xf32>
      %60 = mtc.add %46, %59 : tensor<1x32768x4096xf32>
      mtc.yield %60 : tensor<1x32768x4096xf32>
    }
    %34 = mtc.param_ref @norm_f.weight : tensor<4096xf32>
    %35 = mtc.rms_norm %33, %34 : tensor<1x32768x4096xf32>, tensor<4096xf32> -> tensor<1x32768x4096xf32>
    %36 = mtc.param_ref @lm_head.weight : tensor<32000x4096xf32>
    %37 = mtc.linear %35, %36 {transpose_weight} : tensor<1x32768x4096xf32>, tensor<32000x4096xf32> -> tensor<1x32768x32000xf32>
    %38 = mtc.cross_entropy %37, %arg1 {valid_vocab = 32000 : i64} : tensor<1x32768x32000xf32>, tensor<1x32768xi32> -> tensor<f32>
    return %38 : tensor<f32>
  }
}

