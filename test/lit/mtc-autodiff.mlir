// RUN: %mtc-opt %s --mtc-autodiff | FileCheck %s
// RUN: %mtc-opt %s --mtc-autodiff --verify-roundtrip -o /dev/null
// RUN: %mtc-opt %inputs/moe-tiny.mlir --mtc-autodiff | FileCheck %s --check-prefix=MOE
// RUN: %mtc-opt %inputs/moe-tiny.mlir --mtc-autodiff --verify-roundtrip -o /dev/null
// Errors: mtc-autodiff-errors.mlir.

// A mixture-of-experts layer (mtc-import --num-experts 4 --moe-aux-loss-coeff
// 0.01, top-2): the backward mirrors the chain, the grouped GEMMs read the
// saved counts, and the load-balancing loss seeds the router's probabilities.
// MOE-LABEL: mtc.layer "h.0"{{.*}}backward
// MOE: %[[DYP:.*]], %[[DW:.*]] = mtc.moe_combine_grad
// MOE: mtc.grouped_linear_dx %[[DYP]], %[[KEPT:[^,]*]], {{.*}} -> tensor<8x6xf32>
// MOE: mtc.grouped_linear_dw {{.*}}, %[[DYP]], %[[KEPT]] {weight = @h.0.moe.w2}
// MOE: %[[DGATE:.*]], %[[DUP:.*]] = mtc.swiglu_grad
// MOE: mtc.grouped_linear_dw {{.*}}, %[[DUP]], %[[KEPT]] {weight = @h.0.moe.w3}
// MOE: mtc.grouped_linear_dw {{.*}}, %[[DGATE]], %[[KEPT]] {weight = @h.0.moe.w1}
// MOE: %[[DX:.*]] = mtc.moe_permute_grad
// MOE: %[[DPROBS:.*]] = mtc.moe_aux_loss_grad %{{.*}} {coeff = 1.000000e-02 : f64, topk = 2 : i64} : tensor<4xi32> -> tensor<1x4x4xf32>
// MOE: %[[DLOGITS:.*]] = mtc.moe_route_grad {{.*}} weights_grad(%[[DW]] : tensor<1x4x2xf32>) probs_grad(%[[DPROBS]] : tensor<1x4x4xf32>)
// MOE: mtc.linear_dw %{{.*}}, %[[DLOGITS]] {weight = @h.0.moe.router.weight}
// Without a coefficient the loss op only reports the expert load: no gradient.
// RUN: %mtc-import --arch llama --num-layers 1 --hidden-size 8 --num-attention-heads 2 --vocab-size 16 --seq-length 4 \
// RUN:   --ffn-hidden-size 6 --num-experts 4 | %mtc-opt --mtc-autodiff | FileCheck %s --check-prefix=NOLOSS
// NOLOSS: mtc.moe_aux_loss %{{.*}} {coeff = 0.000000e+00 : f64, topk = 2 : i64}
// NOLOSS-NOT: mtc.moe_aux_loss_grad
// NOLOSS: mtc.moe_route_grad {{.*}} weights_grad(
// NOLOSS-NOT: probs_grad

// A one-layer model with every op kind. The forward layer must yield, besides
// its output, exactly what its backward needs; the backward layer takes them.

module attributes {mtc.model = #mtc.model<name = "t", arch = "gpt", layers = 1, hidden = 8, heads = 2, ffn = 32, vocab = 10, padded_vocab = 10, positions = 4, seq = 4, micro_batch = 1>} {
  mtc.param @wte : tensor<10x8xf32> init(normal, 2.000000e-02)
  mtc.param @wpe : tensor<4x8xf32> init(normal, 2.000000e-02)
  mtc.param @ln.weight : tensor<8xf32> init(ones) {no_decay}
  mtc.param @ln.bias : tensor<8xf32> init(zeros) {no_decay}
  mtc.param @qkv.weight : tensor<8x24xf32> init(normal, 2.000000e-02)
  mtc.param @qkv.bias : tensor<24xf32> init(zeros) {no_decay}
  mtc.param @fc.weight : tensor<8x32xf32> init(normal, 2.000000e-02)
  mtc.param @proj.weight : tensor<32x8xf32> init(normal, 2.000000e-02)
  func.func @forward(%tokens: tensor<1x4xi32>, %targets: tensor<1x4xi32>) -> tensor<f32> {
    %wte = mtc.param_ref @wte : tensor<10x8xf32>
    %wpe = mtc.param_ref @wpe : tensor<4x8xf32>
    %x = mtc.embedding %tokens, %wte, %wpe : tensor<1x4xi32>, tensor<10x8xf32>, tensor<4x8xf32> -> tensor<1x4x8xf32>
    %h = mtc.layer "h.0"(%x) {index = 0 : i64} : (tensor<1x4x8xf32>) -> tensor<1x4x8xf32> {
    ^bb0(%in: tensor<1x4x8xf32>):
      %g = mtc.param_ref @ln.weight : tensor<8xf32>
      %b = mtc.param_ref @ln.bias : tensor<8xf32>
      %n = mtc.layer_norm %in, %g, %b : tensor<1x4x8xf32>, tensor<8xf32>, tensor<8xf32> -> tensor<1x4x8xf32>
      %wq = mtc.param_ref @qkv.weight : tensor<8x24xf32>
      %bq = mtc.param_ref @qkv.bias : tensor<24xf32>
      %qkv = mtc.linear %n, %wq, %bq : tensor<1x4x8xf32>, tensor<8x24xf32>, tensor<24xf32> -> tensor<1x4x24xf32>
      %ctx, %lse = mtc.attention %qkv {causal = true, head_dim = 4 : i64, heads = 2 : i64, scale = 5.000000e-01 : f64} : tensor<1x4x24xf32> -> tensor<1x4x8xf32>, tensor<1x2x4xf32>
      %w1 = mtc.param_ref @fc.weight : tensor<8x32xf32>
      %f = mtc.linear %ctx, %w1 : tensor<1x4x8xf32>, tensor<8x32xf32> -> tensor<1x4x32xf32>
      %a = mtc.gelu %f : tensor<1x4x32xf32>
      %w2 = mtc.param_ref @proj.weight : tensor<32x8xf32>
      %p = mtc.linear %a, %w2 : tensor<1x4x32xf32>, tensor<32x8xf32> -> tensor<1x4x8xf32>
      %d = mtc.dropout %p {rate = 1.000000e-01 : f64, stream = 7 : i64} : tensor<1x4x8xf32>
      %r = mtc.add %in, %d : tensor<1x4x8xf32>
      mtc.yield %r : tensor<1x4x8xf32>
    }
    %table = mtc.param_ref @wte : tensor<10x8xf32>
    %logits = mtc.linear %h, %table {transpose_weight} : tensor<1x4x8xf32>, tensor<10x8xf32> -> tensor<1x4x10xf32>
    %loss = mtc.cross_entropy %logits, %targets {valid_vocab = 10 : i64} : tensor<1x4x10xf32>, tensor<1x4xi32> -> tensor<f32>
    return %loss : tensor<f32>
  }
}

// CHECK-LABEL: func.func @train_step
// The forward layer now also yields the activations its backward reads:
// the gelu input and output, the attention context, log-sum-exp and qkv, and
// the layer-norm output (its input is the layer's own operand).
// CHECK:      %[[FWD:.*]]:7 = mtc.layer "h.0"(%[[X:.*]]) {index = 0 : i64}
// CHECK:        mtc.attention
// CHECK:        mtc.yield
// CHECK:      mtc.linear {{.*}} {transpose_weight}
// CHECK-NEXT: %[[LOSS:.*]] = mtc.cross_entropy %[[LOGITS:[^,]*]], %arg1
// The backward pass starts from the loss and mirrors the forward in reverse.
// CHECK-NEXT: %[[DLOGITS:.*]] = mtc.cross_entropy_grad %[[LOGITS]], %arg1
// CHECK:      mtc.linear_dx %[[DLOGITS]], {{.*}} {transpose_weight}
// CHECK-NEXT: mtc.linear_dw %[[FWD]]#0, %[[DLOGITS]] {transpose_weight, weight = @wte}
// CHECK-NEXT: mtc.layer "h.0"({{.*}}, %[[FWD]]#1, %[[FWD]]#2, %[[FWD]]#3, %[[FWD]]#4, %[[FWD]]#5, %[[FWD]]#6, %[[X]]) {backward, index = 0 : i64}
// CHECK:        mtc.dropout {{.*}} {rate = 1.000000e-01 : f64, stream = 7 : i64}
// CHECK:        mtc.linear_dx
// CHECK-NEXT:   mtc.linear_dw {{.*}} {weight = @proj.weight}
// CHECK-NEXT:   mtc.gelu_grad
// CHECK:        mtc.linear_dx
// CHECK-NEXT:   mtc.linear_dw {{.*}} {weight = @fc.weight}
// CHECK-NEXT:   mtc.attention_grad
// CHECK:        mtc.linear_dx
// CHECK-NEXT:   mtc.linear_dw {{.*}} {bias = @qkv.bias, weight = @qkv.weight}
// CHECK:        mtc.layer_norm_dx
// CHECK-NEXT:   mtc.layer_norm_dw {{.*}} {bias = @ln.bias, weight = @ln.weight}
// The residual's two gradient paths meet in an add.
// CHECK-NEXT:   %[[DIN:.*]] = mtc.add
// CHECK-NEXT:   mtc.yield %[[DIN]]
// CHECK:      mtc.embedding_grad %arg0, {{.*}} {wpe = @wpe, wte = @wte}
// CHECK-NEXT: return %[[LOSS]]

// BERT, imported: two loss terms each seed their gradient (the last one
// first); the pooler's tanh differentiates from its output; [CLS]'s gradient
// goes back to position 0; the padding lengths enter the layer as data (no
// gradient: the backward layer returns the hidden state's only) and the
// attention gradient masks the same keys.
// RUN: %mtc-import --arch bert --num-layers 1 --hidden-size 64 --num-attention-heads 4 --seq-length 16 --vocab-size 100 --hidden-dropout 0 --attention-dropout 0 \
// RUN:   | %mtc-opt --mtc-autodiff | FileCheck %s --check-prefix=BERT
// BERT-LABEL: func.func @train_step
// BERT: mtc.layer "h.0"(%{{.*}}, %arg3) {index = 0 : i64} : (tensor<1x16x64xf32>, tensor<1xi32>) ->
// BERT: %[[TANH:.*]] = mtc.tanh
// BERT: mtc.cross_entropy_grad %{{.*}}, %arg4 {valid_vocab = 2 : i64}
// BERT: mtc.tanh_grad %[[TANH]], %{{.*}} : tensor<1x1x64xf32>
// BERT: mtc.first_token_grad %{{.*}} : tensor<1x1x64xf32> -> tensor<1x16x64xf32>
// BERT: mtc.cross_entropy_grad %{{.*}}, %arg1 {valid_vocab = 100 : i64}
// BERT: mtc.layer "h.0"({{.*}}%arg3{{.*}}) {backward, index = 0 : i64} : ({{.*}}) -> tensor<1x16x64xf32> {
// BERT: mtc.attention_grad {{.*}} : tensor<1x16x192xf32>, tensor<1x16x64xf32>, tensor<1x4x16xf32>, tensor<1x16x64xf32>, tensor<1xi32> -> tensor<1x16x192xf32>
// BERT: mtc.token_type_add_grad %arg2, %{{.*}} {table = @tte}
// BERT: return %{{.*}}, %{{.*}} : tensor<f32>, tensor<f32>

// LLaMA: the untied lm_head's weight gradient; SwiGLU's two gradients feed
// gate's and up's input gradients, summed; the rotary embedding's gradient is
// the inverse rotation, between the attention gradient and QKV's; RMS norm
// accumulates only a weight gradient (no bias).
// RUN: %mtc-import --arch llama --num-layers 1 --hidden-size 64 --num-attention-heads 4 --group-query-attention --num-query-groups 2 --ffn-hidden-size 96 --seq-length 16 --vocab-size 100 --untie-embeddings-and-output-weights \
// RUN:   | %mtc-opt --mtc-autodiff | FileCheck %s --check-prefix=LLAMA
// LLAMA-LABEL: func.func @train_step
// LLAMA: mtc.linear_dw {{.*}} {transpose_weight, weight = @lm_head.weight}
// LLAMA: mtc.rms_norm_dw {{.*}} {weight = @norm_f.weight}
// LLAMA: mtc.layer "h.0"({{.*}}) {backward, index = 0 : i64}
// LLAMA: %[[GATE:.*]], %[[UP:.*]] = mtc.swiglu_grad %{{.*}}, %{{.*}}, %{{.*}} : tensor<1x16x96xf32>
// LLAMA: %[[DUP:.*]] = mtc.linear_dx %[[UP]]
// LLAMA: %[[DGATE:.*]] = mtc.linear_dx %[[GATE]]
// LLAMA: mtc.add %[[DUP]], %[[DGATE]]
// LLAMA: mtc.rms_norm_dw {{.*}} {weight = @h.0.post_attention_norm.weight}
// LLAMA: %[[DQKV:.*]] = mtc.attention_grad {{.*}}kv_heads = 2 : i64{{.*}} -> tensor<1x16x128xf32>
// LLAMA-NEXT: %[[UNROT:.*]] = mtc.rotary %[[DQKV]] {head_dim = 16 : i64, heads = 4 : i64, inverse, kv_heads = 2 : i64, theta = 1.000000e+04 : f64}
// LLAMA: mtc.linear_dx %[[UNROT]]
// LLAMA: mtc.rms_norm_dw {{.*}} {weight = @h.0.input_norm.weight}
// LLAMA: mtc.embedding_grad %arg0, %{{.*}} {wte = @wte}

// Squared ReLU (HF's "relu2"): like GeLU, its gradient reads its input. The
// forward layer yields the fc output it squares, and the backward layer's
// squared_relu_grad takes that value (third operand, third block argument).
// Both ops print and parse back (--verify-roundtrip).
// RUN: %mtc-import %models/gpt2-tiny-relu2.json --num-layers 1 --seq-length 16 --vocab-size 100 \
// RUN:   | %mtc-opt --mtc-autodiff --verify-roundtrip | FileCheck %s --check-prefix=RELU2
// RELU2-LABEL: func.func @train_step
// RELU2:      %[[FWD:.*]]:9 = mtc.layer "h.0"
// RELU2:        %[[FC:.*]] = mtc.linear {{.*}} -> tensor<1x16x512xf32>
// RELU2-NEXT:   %[[ACT:.*]] = mtc.squared_relu %[[FC]] : tensor<1x16x512xf32>
// RELU2:        mtc.yield %{{[0-9]+}}, %[[ACT]], %[[FC]],
// RELU2:      mtc.layer "h.0"(%{{[0-9]+}}, %[[FWD]]#1, %[[FWD]]#2, {{.*}}) {backward, index = 0 : i64}
// RELU2-NEXT: ^bb0(%{{[^:]*}}: tensor<1x16x128xf32>, %{{[^:]*}}: tensor<1x16x512xf32>, %[[X:[^:]*]]: tensor<1x16x512xf32>,
// RELU2:        mtc.linear_dw {{.*}} {bias = @h.0.mlp.c_proj.bias, weight = @h.0.mlp.c_proj.weight}
// RELU2-NEXT:   %[[DX:.*]] = mtc.squared_relu_grad %[[X]], %{{[0-9]+}} : tensor<1x16x512xf32>
// RELU2:        mtc.linear_dw %{{.*}}, %[[DX]] {bias = @h.0.mlp.c_fc.bias, weight = @h.0.mlp.c_fc.weight}
// RELU2-NOT:  mtc.gelu
