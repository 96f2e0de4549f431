// RUN: %mtc-opt %s -split-input-file -verify-diagnostics
//
// One case per verifier message and shape rule of the mtc dialect
// (dialects/mtc/MtcOps.cpp), in the order they appear there.

// == mtc.param ==

// expected-error @+1 {{'mtc.param' op with init 'normal' needs a standard deviation}}
mtc.param @w : tensor<4xf32> init(normal)

// -----

// expected-error @+1 {{'mtc.param' op with init 'zeros' takes no standard deviation}}
mtc.param @w : tensor<4xf32> init(zeros, 2.0e-02)

// -----

// expected-error @+1 {{'mtc.param' op standard deviation must be positive, got -1.0}}
mtc.param @w : tensor<4xf32> init(normal, -1.0)

// -----

// expected-error @+1 {{'mtc.param' op shape must be static, got [?, 4]}}
mtc.param @w : tensor<?x4xf32> init(zeros)

// -----

// expected-error @+1 {{'mtc.param' op needs both full_shape and slice_offset, or neither}}
mtc.param @w : tensor<4xf32> init(zeros) {full_shape = array<i64: 8>}

// -----

// expected-error @+1 {{'mtc.param' op slice of rank 2 has full_shape [8] and slice_offset [0]}}
mtc.param @w : tensor<4x4xf32> init(zeros) {full_shape = array<i64: 8>, slice_offset = array<i64: 0>}

// -----

// expected-error @+1 {{'mtc.param' op slice [4, 4] at offset [0, 6] does not fit in full shape [4, 8]}}
mtc.param @w : tensor<4x4xf32> init(zeros) {full_shape = array<i64: 4, 8>, slice_offset = array<i64: 0, 6>}

// -----

// expected-error @+1 {{'mtc.param' op slice [4] at offset [-1] does not fit in full shape [8]}}
mtc.param @w : tensor<4xf32> init(zeros) {full_shape = array<i64: 8>, slice_offset = array<i64: -1>}

// -----

// expected-error @+1 {{'mtc.param' op expects parent op 'builtin.module'}}
func.func @nested() { mtc.param @w : tensor<4xf32> init(zeros) return }

// -----

// == mtc.param_ref ==

func.func @missing() -> tensor<4xf32> {
  // expected-error @+1 {{'mtc.param_ref' op names @nowhere, which is not an mtc.param}}
  %0 = mtc.param_ref @nowhere : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

mtc.param @w : tensor<4xf32> init(zeros)
func.func @wrong_type() -> tensor<8xf32> {
  // expected-error @+1 {{'mtc.param_ref' op result type 'tensor<8xf32>' differs from @w's type 'tensor<4xf32>'}}
  %0 = mtc.param_ref @w : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

// == mtc.embedding ==

func.func @tokens_rank(%t: tensor<8xi32>, %wte: tensor<16x4xf32>) {
  // expected-error @+2 {{mtc.embedding: tokens must be [batch, seq], got [8]}}
  // expected-error @+1 {{'mtc.embedding' op failed to infer returned types}}
  %0 = mtc.embedding %t, %wte : tensor<8xi32>, tensor<16x4xf32> -> tensor<1x8x4xf32>
  return
}

// -----

func.func @wte_rank(%t: tensor<1x8xi32>, %wte: tensor<16xf32>) {
  // expected-error @+2 {{mtc.embedding: wte must be [vocab, hidden], got [16]}}
  // expected-error @+1 {{'mtc.embedding' op failed to infer returned types}}
  %0 = mtc.embedding %t, %wte : tensor<1x8xi32>, tensor<16xf32> -> tensor<1x8x4xf32>
  return
}

// -----

func.func @wpe_hidden(%t: tensor<1x8xi32>, %wte: tensor<16x4xf32>, %wpe: tensor<8x5xf32>) {
  // expected-error @+2 {{mtc.embedding: wpe [8, 5] must be [positions, 4] to match wte [16, 4]}}
  // expected-error @+1 {{'mtc.embedding' op failed to infer returned types}}
  %0 = mtc.embedding %t, %wte, %wpe : tensor<1x8xi32>, tensor<16x4xf32>, tensor<8x5xf32> -> tensor<1x8x4xf32>
  return
}

// -----

func.func @too_long(%t: tensor<1x8xi32>, %wte: tensor<16x4xf32>, %wpe: tensor<6x4xf32>) {
  // expected-error @+2 {{mtc.embedding: sequence length 8 exceeds the 6 learned positions}}
  // expected-error @+1 {{'mtc.embedding' op failed to infer returned types}}
  %0 = mtc.embedding %t, %wte, %wpe : tensor<1x8xi32>, tensor<16x4xf32>, tensor<6x4xf32> -> tensor<1x8x4xf32>
  return
}

// -----

func.func @embedding_result(%t: tensor<1x8xi32>, %wte: tensor<16x4xf32>) {
  // expected-error @+2 {{'mtc.embedding' op inferred type(s) 'tensor<1x8x4xf32>' are incompatible with return type(s) of operation 'tensor<1x8x5xf32>'}}
  // expected-error @+1 {{'mtc.embedding' op failed to infer returned types}}
  %0 = mtc.embedding %t, %wte : tensor<1x8xi32>, tensor<16x4xf32> -> tensor<1x8x5xf32>
  return
}

// -----

// == mtc.layer_norm ==

func.func @ln_rank(%x: tensor<f32>, %w: tensor<4xf32>) {
  // expected-error @+2 {{mtc.layer_norm: input must have a rank}}
  // expected-error @+1 {{'mtc.layer_norm' op failed to infer returned types}}
  %0 = mtc.layer_norm %x, %w, %w : tensor<f32>, tensor<4xf32>, tensor<4xf32> -> tensor<f32>
  return
}

// -----

func.func @ln_weight(%x: tensor<2x4xf32>, %w: tensor<4xf32>, %b: tensor<5xf32>) {
  // expected-error @+2 {{mtc.layer_norm: weight and bias must be [4] for input [2, 4], got [5]}}
  // expected-error @+1 {{'mtc.layer_norm' op failed to infer returned types}}
  %0 = mtc.layer_norm %x, %w, %b : tensor<2x4xf32>, tensor<4xf32>, tensor<5xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @ln_eps(%x: tensor<2x4xf32>, %w: tensor<4xf32>) {
  // expected-error @+2 {{mtc.layer_norm: eps must be positive}}
  // expected-error @+1 {{'mtc.layer_norm' op failed to infer returned types}}
  %0 = mtc.layer_norm %x, %w, %w {eps = 0.0 : f64} : tensor<2x4xf32>, tensor<4xf32>, tensor<4xf32> -> tensor<2x4xf32>
  return
}

// -----

// == mtc.linear ==

func.func @linear_rank(%x: tensor<2x4xf32>, %w: tensor<4xf32>) {
  // expected-error @+2 {{mtc.linear: needs an input with a rank and a 2-d weight, got [2, 4] and [4]}}
  // expected-error @+1 {{'mtc.linear' op failed to infer returned types}}
  %0 = mtc.linear %x, %w : tensor<2x4xf32>, tensor<4xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @linear_in(%x: tensor<2x4xf32>, %w: tensor<5x8xf32>) {
  // expected-error @+2 {{mtc.linear: input [2, 4] has 4 features but weight [5, 8] takes 5}}
  // expected-error @+1 {{'mtc.linear' op failed to infer returned types}}
  %0 = mtc.linear %x, %w : tensor<2x4xf32>, tensor<5x8xf32> -> tensor<2x8xf32>
  return
}

// -----

func.func @linear_in_transposed(%x: tensor<2x4xf32>, %w: tensor<4x8xf32>) {
  // expected-error @+2 {{mtc.linear: input [2, 4] has 4 features but weight [4, 8] (transposed) takes 8}}
  // expected-error @+1 {{'mtc.linear' op failed to infer returned types}}
  %0 = mtc.linear %x, %w {transpose_weight} : tensor<2x4xf32>, tensor<4x8xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @linear_bias(%x: tensor<2x4xf32>, %w: tensor<4x8xf32>, %b: tensor<4xf32>) {
  // expected-error @+2 {{mtc.linear: bias must be [8], got [4]}}
  // expected-error @+1 {{'mtc.linear' op failed to infer returned types}}
  %0 = mtc.linear %x, %w, %b : tensor<2x4xf32>, tensor<4x8xf32>, tensor<4xf32> -> tensor<2x8xf32>
  return
}

// -----

// == mtc.gelu, mtc.squared_relu, mtc.add (type traits) ==

func.func @gelu_i32(%x: tensor<4xi32>) {
  // expected-error @+1 {{'mtc.gelu' op operand #0 must be ranked tensor of 32-bit float values, but got 'tensor<4xi32>'}}
  %0 = mtc.gelu %x : tensor<4xi32>
  return
}

// -----

func.func @squared_relu_i32(%x: tensor<4xi32>) {
  // expected-error @+1 {{'mtc.squared_relu' op operand #0 must be ranked tensor of 32-bit float values, but got 'tensor<4xi32>'}}
  %0 = mtc.squared_relu %x : tensor<4xi32>
  return
}

// -----

func.func @squared_relu_types(%x: tensor<4xf32>) {
  // expected-error @+1 {{'mtc.squared_relu' op requires the same type for all operands and results}}
  %0 = "mtc.squared_relu"(%x) : (tensor<4xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @add_types(%x: tensor<4xf32>, %y: tensor<5xf32>) {
  // expected-error @+1 {{'mtc.add' op requires the same type for all operands and results}}
  %0 = "mtc.add"(%x, %y) : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return
}

// -----

// == mtc.dropout ==

func.func @dropout_rate(%x: tensor<4xf32>) {
  // expected-error @+1 {{'mtc.dropout' op rate must be in [0, 1), got 1}}
  %0 = mtc.dropout %x {rate = 1.0 : f64, stream = 1 : i64} : tensor<4xf32>
  return
}

// -----

func.func @dropout_negative(%x: tensor<4xf32>) {
  // expected-error @+1 {{'mtc.dropout' op rate must be in [0, 1), got -5.000000e-01}}
  %0 = mtc.dropout %x {rate = -0.5 : f64, stream = 1 : i64} : tensor<4xf32>
  return
}

// -----

// == mtc.attention ==

func.func @qkv_rank(%qkv: tensor<8x24xf32>) {
  // expected-error @+2 {{mtc.attention: qkv must be [batch, seq, (heads + 2*kv_heads)*head_dim], got [8, 24]}}
  // expected-error @+1 {{'mtc.attention' op failed to infer returned types}}
  %0, %1 = mtc.attention %qkv {causal = true, heads = 2 : i64, head_dim = 4 : i64, scale = 0.5 : f64} : tensor<8x24xf32> -> tensor<1x8x8xf32>, tensor<1x2x8xf32>
  return
}

// -----

func.func @heads_zero(%qkv: tensor<1x8x24xf32>) {
  // expected-error @+2 {{mtc.attention: heads (0) and head_dim (4) must be between 1 and 2147483647}}
  // expected-error @+1 {{'mtc.attention' op failed to infer returned types}}
  %0, %1 = mtc.attention %qkv {causal = true, heads = 0 : i64, head_dim = 4 : i64, scale = 0.5 : f64} : tensor<1x8x24xf32> -> tensor<1x8x8xf32>, tensor<1x2x8xf32>
  return
}

// -----

func.func @qkv_features(%qkv: tensor<1x8x24xf32>) {
  // expected-error @+2 {{mtc.attention: qkv has 24 features, but (3 heads + 2 x 3 kv heads) x 4 = 36}}
  // expected-error @+1 {{'mtc.attention' op failed to infer returned types}}
  %0, %1 = mtc.attention %qkv {causal = true, heads = 3 : i64, head_dim = 4 : i64, scale = 0.5 : f64} : tensor<1x8x24xf32> -> tensor<1x8x12xf32>, tensor<1x3x8xf32>
  return
}

// -----

func.func @kv_heads_do_not_divide(%qkv: tensor<1x8x28xf32>) {
  // expected-error @+2 {{mtc.attention: kv_heads (3) must be 0 (one per query head) or divide heads (4)}}
  // expected-error @+1 {{'mtc.attention' op failed to infer returned types}}
  %0, %1 = mtc.attention %qkv {causal = true, heads = 4 : i64, kv_heads = 3 : i64, head_dim = 2 : i64, scale = 0.5 : f64} : tensor<1x8x28xf32> -> tensor<1x8x8xf32>, tensor<1x4x8xf32>
  return
}

// -----

func.func @grouped_qkv_features(%qkv: tensor<1x8x48xf32>) {
  // Grouped: (4 query heads + 2 x 2 kv heads) x 4 = 32 features, not 4 x 3 x 4.
  // expected-error @+2 {{mtc.attention: qkv has 48 features, but (4 heads + 2 x 2 kv heads) x 4 = 32}}
  // expected-error @+1 {{'mtc.attention' op failed to infer returned types}}
  %0, %1 = mtc.attention %qkv {causal = true, heads = 4 : i64, kv_heads = 2 : i64, head_dim = 4 : i64, scale = 0.5 : f64} : tensor<1x8x48xf32> -> tensor<1x8x16xf32>, tensor<1x4x8xf32>
  return
}

// -----

// == mtc.rotary ==

func.func @rotary_odd_head_dim(%qkv: tensor<1x8x36xf32>) {
  // expected-error @+1 {{'mtc.rotary' op head_dim (3) must be even: dimensions rotate in pairs}}
  %0 = mtc.rotary %qkv {heads = 4 : i64, kv_heads = 4 : i64, head_dim = 3 : i64, theta = 10000.0 : f64} : tensor<1x8x36xf32>
  return
}

// -----

func.func @rotary_theta(%qkv: tensor<1x8x48xf32>) {
  // expected-error @+1 {{'mtc.rotary' op theta must be finite and greater than 1, got 5.000000e-01}}
  %0 = mtc.rotary %qkv {heads = 4 : i64, kv_heads = 4 : i64, head_dim = 4 : i64, theta = 0.5 : f64} : tensor<1x8x48xf32>
  return
}

// -----

func.func @rotary_width(%qkv: tensor<1x8x48xf32>) {
  // expected-error @+1 {{mtc.rotary: qkv has 48 features, but (4 heads + 2 x 1 kv heads) x 4 = 24}}
  %0 = mtc.rotary %qkv {heads = 4 : i64, kv_heads = 1 : i64, head_dim = 4 : i64, theta = 10000.0 : f64} : tensor<1x8x48xf32>
  return
}

// -----

// == mtc.rms_norm ==

func.func @rms_norm_weight(%x: tensor<2x8xf32>, %w: tensor<4xf32>) {
  // expected-error @+2 {{mtc.rms_norm: weight must be [8] for input [2, 8], got [4]}}
  // expected-error @+1 {{'mtc.rms_norm' op failed to infer returned types}}
  %0 = mtc.rms_norm %x, %w : tensor<2x8xf32>, tensor<4xf32> -> tensor<2x8xf32>
  return
}

// -----

func.func @rms_norm_eps(%x: tensor<2x8xf32>, %w: tensor<8xf32>) {
  // expected-error @+2 {{mtc.rms_norm: eps must be positive and finite, got 0}}
  // expected-error @+1 {{'mtc.rms_norm' op failed to infer returned types}}
  %0 = mtc.rms_norm %x, %w {eps = 0.0 : f64} : tensor<2x8xf32>, tensor<8xf32> -> tensor<2x8xf32>
  return
}

// -----

// == mtc.swiglu ==

func.func @swiglu_types(%g: tensor<2x8xf32>, %u: tensor<2x4xf32>) {
  // expected-error @+1 {{'mtc.swiglu' op requires the same type for all operands and results}}
  %0 = "mtc.swiglu"(%g, %u) : (tensor<2x8xf32>, tensor<2x4xf32>) -> tensor<2x8xf32>
  return
}

// -----

func.func @scale(%qkv: tensor<1x8x24xf32>) {
  // expected-error @+2 {{mtc.attention: scale must be positive}}
  // expected-error @+1 {{'mtc.attention' op failed to infer returned types}}
  %0, %1 = mtc.attention %qkv {causal = true, heads = 2 : i64, head_dim = 4 : i64, scale = 0.0 : f64} : tensor<1x8x24xf32> -> tensor<1x8x8xf32>, tensor<1x2x8xf32>
  return
}

// -----

func.func @attn_dropout(%qkv: tensor<1x8x24xf32>) {
  // expected-error @+2 {{mtc.attention: dropout must be in [0, 1), got 1.5}}
  // expected-error @+1 {{'mtc.attention' op failed to infer returned types}}
  %0, %1 = mtc.attention %qkv {causal = true, heads = 2 : i64, head_dim = 4 : i64, scale = 0.5 : f64, dropout = 1.5 : f64} : tensor<1x8x24xf32> -> tensor<1x8x8xf32>, tensor<1x2x8xf32>
  return
}

// -----

func.func @lse_shape(%qkv: tensor<1x8x24xf32>) {
  // expected-error @+2 {{'mtc.attention' op inferred type(s) 'tensor<1x8x8xf32>', 'tensor<1x2x8xf32>' are incompatible with return type(s) of operation 'tensor<1x8x8xf32>', 'tensor<1x8x2xf32>'}}
  // expected-error @+1 {{'mtc.attention' op failed to infer returned types}}
  %0, %1 = mtc.attention %qkv {causal = true, heads = 2 : i64, head_dim = 4 : i64, scale = 0.5 : f64} : tensor<1x8x24xf32> -> tensor<1x8x8xf32>, tensor<1x8x2xf32>
  return
}

// -----

func.func @attn_lengths(%qkv: tensor<2x8x24xf32>, %lengths: tensor<3xi32>) {
  // expected-error @+2 {{mtc.attention: lengths must be [2] (one per sample), got [3]}}
  // expected-error @+1 {{'mtc.attention' op failed to infer returned types}}
  %0, %1 = mtc.attention %qkv, %lengths {causal = false, heads = 2 : i64, head_dim = 4 : i64, scale = 0.5 : f64} : tensor<2x8x24xf32>, tensor<3xi32> -> tensor<2x8x8xf32>, tensor<2x2x8xf32>
  return
}

// -----

// == mtc.token_type_add ==

func.func @types_shard(%x: tensor<1x3x4xf32>, %types: tensor<1x8xi32>, %table: tensor<2x4xf32>) {
  // expected-error @+2 {{mtc.token_type_add: input [1, 3, 4] must be [batch, seq or a sequence shard, hidden] for ids [1, 8]}}
  // expected-error @+1 {{'mtc.token_type_add' op failed to infer returned types}}
  %0 = mtc.token_type_add %x, %types, %table : tensor<1x3x4xf32>, tensor<1x8xi32>, tensor<2x4xf32> -> tensor<1x3x4xf32>
  return
}

// -----

func.func @types_table(%x: tensor<1x8x4xf32>, %types: tensor<1x8xi32>, %table: tensor<2x5xf32>) {
  // expected-error @+2 {{mtc.token_type_add: table must be [types, 4], got [2, 5]}}
  // expected-error @+1 {{'mtc.token_type_add' op failed to infer returned types}}
  %0 = mtc.token_type_add %x, %types, %table : tensor<1x8x4xf32>, tensor<1x8xi32>, tensor<2x5xf32> -> tensor<1x8x4xf32>
  return
}

// -----

// == mtc.first_token ==

func.func @first_rank(%x: tensor<8x4xf32>) {
  // expected-error @+2 {{mtc.first_token: input must be [batch, seq, hidden], got [8, 4]}}
  // expected-error @+1 {{'mtc.first_token' op failed to infer returned types}}
  %0 = mtc.first_token %x : tensor<8x4xf32> -> tensor<8x1x4xf32>
  return
}

// -----

func.func @first_grad(%dy: tensor<2x1x4xf32>) {
  // expected-error @+1 {{'mtc.first_token_grad' op needs a [batch, 1, hidden] gradient and a [batch, seq, hidden] result of the same batch and hidden, got [2, 1, 4] and [3, 8, 4]}}
  %0 = mtc.first_token_grad %dy : tensor<2x1x4xf32> -> tensor<3x8x4xf32>
  return
}

// -----

// == mtc.cross_entropy ==

func.func @logits_shape(%l: tensor<1x7x16xf32>, %t: tensor<1x8xi32>) {
  // expected-error @+2 {{mtc.cross_entropy: logits [1, 7, 16] must be targets [1, 8] plus a vocabulary dimension}}
  // expected-error @+1 {{'mtc.cross_entropy' op failed to infer returned types}}
  %0 = mtc.cross_entropy %l, %t {valid_vocab = 16 : i64} : tensor<1x7x16xf32>, tensor<1x8xi32> -> tensor<f32>
  return
}

// -----

func.func @valid_vocab(%l: tensor<1x8x16xf32>, %t: tensor<1x8xi32>) {
  // expected-error @+2 {{mtc.cross_entropy: valid_vocab 16 must exceed vocab_start 16}}
  // expected-error @+1 {{'mtc.cross_entropy' op failed to infer returned types}}
  %0 = mtc.cross_entropy %l, %t {valid_vocab = 16 : i64, vocab_start = 16 : i64} : tensor<1x8x16xf32>, tensor<1x8xi32> -> tensor<f32>
  return
}

// -----

func.func @negative_start(%l: tensor<1x8x16xf32>, %t: tensor<1x8xi32>) {
  // expected-error @+2 {{mtc.cross_entropy: valid_vocab 16 must exceed vocab_start -1}}
  // expected-error @+1 {{'mtc.cross_entropy' op failed to infer returned types}}
  %0 = mtc.cross_entropy %l, %t {valid_vocab = 16 : i64, vocab_start = -1 : i64} : tensor<1x8x16xf32>, tensor<1x8xi32> -> tensor<f32>
  return
}

// -----

// == mtc.layer and mtc.yield ==

func.func @layer_args(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'mtc.layer' op region arguments must have the inputs' types}}
  %y = mtc.layer "h.0"(%x) {index = 0 : i64} : (tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<3xf32>):
    mtc.yield %x : tensor<2xf32>
  }
  return %y : tensor<2xf32>
}

// -----

func.func @layer_terminator(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'mtc.layer' op region must end in mtc.yield}}
  %y = mtc.layer "h.0"(%x) {index = 0 : i64} : (tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<2xf32>):
    %z = mtc.add %a, %a : tensor<2xf32>
  }
  return %y : tensor<2xf32>
}

// -----

func.func @layer_yield(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{'mtc.layer' op yields 2 values whose types differ from its 1 results}}
  %y = mtc.layer "h.0"(%x) {index = 0 : i64} : (tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<2xf32>):
    mtc.yield %a, %a : tensor<2xf32>, tensor<2xf32>
  }
  return %y : tensor<2xf32>
}

// -----

func.func @layer_isolated(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-note @+1 {{required by region isolation constraints}}
  %y = mtc.layer "h.0"(%x) {index = 0 : i64} : (tensor<2xf32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<2xf32>):
    // expected-error @+1 {{'mtc.add' op using value defined outside the region}}
    %z = mtc.add %a, %x : tensor<2xf32>
    mtc.yield %z : tensor<2xf32>
  }
  return %y : tensor<2xf32>
}

// -----

func.func @yield_outside(%x: tensor<2xf32>) {
  // expected-error @+1 {{'mtc.yield' op expects parent op 'mtc.layer'}}
  mtc.yield %x : tensor<2xf32>
}

// -----

// == gradient ops ==

mtc.param @wte : tensor<16x4xf32> init(normal, 2.0e-02)
func.func @embedding_grad(%t: tensor<1x8xi32>, %g: tensor<1x8x5xf32>) {
  // expected-error @+1 {{'mtc.embedding_grad' op gradient [1, 8, 5] does not match table [16, 4]}}
  mtc.embedding_grad %t, %g {wte = @wte} : tensor<1x8xi32>, tensor<1x8x5xf32>
  return
}

// -----

func.func @embedding_grad_symbol(%t: tensor<1x8xi32>, %g: tensor<1x8x4xf32>) {
  // expected-error @+1 {{'mtc.embedding_grad' op names @wte, which is not an mtc.param}}
  mtc.embedding_grad %t, %g {wte = @wte} : tensor<1x8xi32>, tensor<1x8x4xf32>
  return
}

// -----

mtc.param @w : tensor<4xf32> init(ones)
mtc.param @b : tensor<4xf32> init(zeros)
func.func @ln_dw(%x: tensor<2x5xf32>, %g: tensor<2x5xf32>) {
  // expected-error @+1 {{'mtc.layer_norm_dw' op weight [4] does not match input [2, 5]}}
  mtc.layer_norm_dw %x, %g {weight = @w, bias = @b} : tensor<2x5xf32>, tensor<2x5xf32>
  return
}

// -----

mtc.param @w : tensor<4xf32> init(ones)
func.func @ln_dw_symbol(%x: tensor<2x4xf32>, %g: tensor<2x4xf32>) {
  // expected-error @+1 {{'mtc.layer_norm_dw' op names @b, which is not an mtc.param}}
  mtc.layer_norm_dw %x, %g {weight = @w, bias = @b} : tensor<2x4xf32>, tensor<2x4xf32>
  return
}

// -----

mtc.param @w : tensor<4x8xf32> init(normal, 2.0e-02)
func.func @linear_dw(%x: tensor<2x4xf32>, %g: tensor<2x4xf32>) {
  // expected-error @+1 {{'mtc.linear_dw' op input [2, 4] and gradient [2, 4] do not match weight [4, 8]}}
  mtc.linear_dw %x, %g {weight = @w} : tensor<2x4xf32>, tensor<2x4xf32>
  return
}

// -----

mtc.param @w : tensor<4x8xf32> init(normal, 2.0e-02)
func.func @linear_dw_bias(%x: tensor<2x4xf32>, %g: tensor<2x8xf32>) {
  // expected-error @+1 {{'mtc.linear_dw' op names @b, which is not an mtc.param}}
  mtc.linear_dw %x, %g {weight = @w, bias = @b} : tensor<2x4xf32>, tensor<2x8xf32>
  return
}

// -----

func.func @gelu_grad(%x: tensor<4xf32>, %g: tensor<5xf32>) {
  // expected-error @+1 {{'mtc.gelu_grad' op failed to verify that all of {input, grad, result} have same type}}
  %0 = "mtc.gelu_grad"(%x, %g) : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @squared_relu_grad(%x: tensor<4xf32>, %g: tensor<5xf32>) {
  // expected-error @+1 {{'mtc.squared_relu_grad' op failed to verify that all of {input, grad, result} have same type}}
  %0 = "mtc.squared_relu_grad"(%x, %g) : (tensor<4xf32>, tensor<5xf32>) -> tensor<4xf32>
  return
}

// -----

// == mtc.adamw ==

// expected-error @+1 {{'mtc.adamw' op needs 0 <= min_lr <= lr <= 1, got lr 1.000000e-04 and min_lr 1.000000e-03}}
mtc.adamw {lr = 1.0e-04 : f64, min_lr = 1.0e-03 : f64, warmup_steps = 10 : i64, decay_steps = 100 : i64, beta1 = 0.9 : f64, beta2 = 0.95 : f64, eps = 1.0e-08 : f64, weight_decay = 0.1 : f64, clip_grad = 1.0 : f64}

// -----

// expected-error @+1 {{'mtc.adamw' op betas must be in [0, 1)}}
mtc.adamw {lr = 1.0e-04 : f64, min_lr = 1.0e-05 : f64, warmup_steps = 10 : i64, decay_steps = 100 : i64, beta1 = 1.0 : f64, beta2 = 0.95 : f64, eps = 1.0e-08 : f64, weight_decay = 0.1 : f64, clip_grad = 1.0 : f64}

// -----

// expected-error @+1 {{'mtc.adamw' op eps must be positive}}
mtc.adamw {lr = 1.0e-04 : f64, min_lr = 1.0e-05 : f64, warmup_steps = 10 : i64, decay_steps = 100 : i64, beta1 = 0.9 : f64, beta2 = 0.95 : f64, eps = 0.0 : f64, weight_decay = 0.1 : f64, clip_grad = 1.0 : f64}

// -----

// expected-error @+1 {{'mtc.adamw' op weight_decay and clip_grad must be finite and not negative}}
mtc.adamw {lr = 1.0e-04 : f64, min_lr = 1.0e-05 : f64, warmup_steps = 10 : i64, decay_steps = 100 : i64, beta1 = 0.9 : f64, beta2 = 0.95 : f64, eps = 1.0e-08 : f64, weight_decay = 0.1 : f64, clip_grad = -1.0 : f64}

// -----

// Gradient ops must be shaped like the forward values they differentiate.
func.func @linear_dx_shape(%dy: tensor<2x8xf32>, %w: tensor<4x6xf32>) {
  // expected-error @+1 {{'mtc.linear_dx' op gradient [2, 8] and result [2, 4] do not match weight [4, 6]}}
  %0 = mtc.linear_dx %dy, %w : tensor<2x8xf32>, tensor<4x6xf32> -> tensor<2x4xf32>
  return
}

// -----

func.func @layer_norm_dx_shape(%x: tensor<2x8xf32>, %w: tensor<8xf32>, %dy: tensor<2x4xf32>) {
  // expected-error @+1 {{'mtc.layer_norm_dx' op needs input, gradient and result of one type and a [8] weight, got [2, 8], [2, 4], [2, 8] and [8]}}
  %0 = mtc.layer_norm_dx %x, %w, %dy : tensor<2x8xf32>, tensor<8xf32>, tensor<2x4xf32> -> tensor<2x8xf32>
  return
}

// -----

func.func @attention_grad_shape(%qkv: tensor<1x4x24xf32>, %o: tensor<1x4x8xf32>, %lse: tensor<1x4x4xf32>) {
  // expected-error @+1 {{'mtc.attention_grad' op for qkv [1, 4, 24] needs out and gradient [1, 4, 8], lse [1, 2, 4] and a result like qkv}}
  %0 = mtc.attention_grad %qkv, %o, %lse, %o {causal = true, head_dim = 4 : i64, heads = 2 : i64, scale = 5.000000e-01 : f64} : tensor<1x4x24xf32>, tensor<1x4x8xf32>, tensor<1x4x4xf32>, tensor<1x4x8xf32> -> tensor<1x4x24xf32>
  return
}

// -----

func.func @cross_entropy_grad_shape(%l: tensor<1x4x10xf32>, %t: tensor<1x4xi32>) {
  // expected-error @+1 {{'mtc.cross_entropy_grad' op result [1, 4, 8] must have the logits' type [1, 4, 10]}}
  %0 = mtc.cross_entropy_grad %l, %t {valid_vocab = 10 : i64} : tensor<1x4x10xf32>, tensor<1x4xi32> -> tensor<1x4x8xf32>
  return
}

// -----

// Weight-gradient ops check ranks before reading dimensions (these crashed once).
module {
  mtc.param @w : tensor<4xf32> init(zeros)
  func.func @embedding_grad_rank(%t: tensor<1x4xi32>, %g: tensor<f32>) {
    // expected-error @+1 {{'mtc.embedding_grad' op needs a [vocab, hidden] table and a gradient with a hidden dimension, got [4] and []}}
    mtc.embedding_grad %t, %g {wte = @w} : tensor<1x4xi32>, tensor<f32>
    return
  }
}

// -----

module {
  mtc.param @w : tensor<4xf32> init(zeros)
  func.func @layer_norm_dw_rank(%x: tensor<f32>) {
    // expected-error @+1 {{'mtc.layer_norm_dw' op input must have a rank}}
    mtc.layer_norm_dw %x, %x {weight = @w, bias = @w} : tensor<f32>, tensor<f32>
    return
  }
}

// -----

module {
  mtc.param @w : tensor<4xf32> init(zeros)
  func.func @linear_dw_rank(%x: tensor<4xf32>) {
    // expected-error @+1 {{'mtc.linear_dw' op needs a 2-d weight and ranked input and gradient, got [4], [4] and [4]}}
    mtc.linear_dw %x, %x {weight = @w} : tensor<4xf32>, tensor<4xf32>
    return
  }
}

// -----

func.func @rms_norm_dx_types(%x: tensor<2x8xf32>, %w: tensor<8xf32>, %dy: tensor<2x4xf32>) {
  // expected-error @+1 {{'mtc.rms_norm_dx' op needs input, gradient and result of one type and a [8] weight, got [2, 8], [2, 4], [2, 8] and [8]}}
  %0 = mtc.rms_norm_dx %x, %w, %dy : tensor<2x8xf32>, tensor<8xf32>, tensor<2x4xf32> -> tensor<2x8xf32>
  return
}

// -----

module {
  mtc.param @g : tensor<4xf32> init(ones)
  func.func @rms_norm_dw_weight(%x: tensor<2x8xf32>, %dy: tensor<2x8xf32>) {
    // expected-error @+1 {{'mtc.rms_norm_dw' op weight [4] does not match input [2, 8]}}
    mtc.rms_norm_dw %x, %dy {weight = @g} : tensor<2x8xf32>, tensor<2x8xf32>
    return
  }
}
