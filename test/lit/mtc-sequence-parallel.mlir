// --mtc-sequence-parallel: g becomes a reduce-scatter along the sequence, f an
// all-gather; layer norms, biases, dropout and residuals run on [b, s/t, h].
//
// RUN: %mtc-import --num-layers 2 --hidden-size 64 --num-attention-heads 4 --seq-length 16 --vocab-size 100 --hidden-dropout 0.1 --attention-dropout 0.1 -o %t.mlir
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-sequence-parallel %t.mlir | FileCheck %s
//
// Replicated parameters read on shards get partial gradients: marked for an
// all-reduce over the tensor group (layer norms, row-parallel biases, positions).
// CHECK: mtc.param @wpe : tensor<16x64xf32> {{.*}}{tensor_grad_reduce}
// CHECK: mtc.param @h.0.ln_1.weight : tensor<64xf32> init(ones) {no_decay, tensor_grad_reduce}
// CHECK: mtc.param @h.0.attn.c_attn.weight : tensor<64x96xf32> {{.*}}split_dim = 1 : i64}
// CHECK: mtc.param @h.0.attn.c_proj.bias : tensor<64xf32> init(zeros) {no_decay, tensor_grad_reduce}
// CHECK: mtc.param @ln_f.bias : tensor<64xf32> init(zeros) {no_decay, tensor_grad_reduce}
//
// CHECK-LABEL: func.func @forward
// CHECK: %[[EMB:.*]] = mtc.embedding {{.*}} -> tensor<1x16x64xf32>
// CHECK-NEXT: %[[RS:.*]] = mtc.tp_scatter %[[EMB]] {size = 2 : i64} : tensor<1x16x64xf32> -> tensor<1x8x64xf32>
// CHECK-NEXT: %[[POS:.*]] = mtc.bias_add %[[RS]], %{{.*}} : tensor<1x8x64xf32>, tensor<16x64xf32> -> tensor<1x8x64xf32>
// CHECK-NEXT: mtc.dropout %[[POS]] {{.*}} : tensor<1x8x64xf32>
// CHECK: mtc.layer "h.0"(%{{.*}}) {index = 0 : i64} : (tensor<1x8x64xf32>) -> tensor<1x8x64xf32>
// CHECK: %[[LN:.*]] = mtc.layer_norm {{.*}} : tensor<1x8x64xf32>, tensor<64xf32>, tensor<64xf32> -> tensor<1x8x64xf32>
// CHECK: mtc.tp_gather %[[LN]] {size = 2 : i64} : tensor<1x8x64xf32> -> tensor<1x16x64xf32>
// CHECK: mtc.attention {{.*}} : tensor<1x16x96xf32>
// CHECK: mtc.tp_scatter %{{.*}} {size = 2 : i64} : tensor<1x16x64xf32> -> tensor<1x8x64xf32>
// CHECK-NEXT: mtc.bias_add {{.*}} : tensor<1x8x64xf32>, tensor<64xf32> -> tensor<1x8x64xf32>
// CHECK-NEXT: mtc.dropout {{.*}} : tensor<1x8x64xf32>
// CHECK-NEXT: mtc.add {{.*}} : tensor<1x8x64xf32>
// CHECK: mtc.tp_gather
// CHECK: mtc.gelu {{.*}} : tensor<1x16x128xf32>
// CHECK: mtc.tp_scatter
// CHECK: mtc.yield {{.*}} : tensor<1x8x64xf32>
// CHECK: mtc.param_ref @ln_f.bias
// CHECK-NEXT: mtc.layer_norm {{.*}} -> tensor<1x8x64xf32>
// CHECK: mtc.tp_gather {{.*}} -> tensor<1x16x64xf32>
// CHECK-NEXT: mtc.linear {{.*}} {transpose_weight} {{.*}} -> tensor<1x16x50xf32>
// CHECK-NOT: mtc.tp_reduce
// CHECK-NOT: mtc.tp_copy
//
// Per layer: 2 all-gathers and 2 reduce-scatters forward, the same backward
// (autodiff swaps them), each moving b*s*h = 1024 elements in full.
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-sequence-parallel --mtc-autodiff %t.mlir | FileCheck %s --check-prefix=COUNT
// COUNT-LABEL: mtc.layer "h.0"(%{{[0-9]+}}) {index = 0 : i64}
// COUNT-COUNT-2: mtc.tp_gather %{{.*}} : tensor<1x8x64xf32> -> tensor<1x16x64xf32>
// COUNT-NOT: mtc.tp_gather
// COUNT-LABEL: mtc.layer "h.1"(%{{[0-9#]+}}) {index = 1 : i64}
// COUNT-LABEL: {backward, index = 1 : i64}
// COUNT-COUNT-2: mtc.tp_gather %{{.*}} : tensor<1x8x64xf32> -> tensor<1x16x64xf32>
// COUNT-NOT: mtc.tp_gather
// COUNT-LABEL: {backward, index = 0 : i64}
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-sequence-parallel --mtc-autodiff %t.mlir | grep -c "mtc.tp_scatter" | FileCheck %s --check-prefix=SCATTERS
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-sequence-parallel --mtc-autodiff %t.mlir | grep -c "mtc.tp_gather" | FileCheck %s --check-prefix=SCATTERS
// 2 layers x 2 x 2 directions, plus embedding and output layer each way.
// SCATTERS: {{^}}10{{$}}
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-sequence-parallel --mtc-autodiff %t.mlir | FileCheck %s --check-prefix=NOREDUCE
// NOREDUCE-NOT: mtc.tp_reduce
//
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-sequence-parallel --verify-roundtrip %t.mlir -o /dev/null
//
// Errors: without tensor parallelism, and a sequence t does not divide.
// RUN: not %mtc-opt --mtc-sequence-parallel %t.mlir 2>&1 | FileCheck %s --check-prefix=NOTP
// NOTP: error: --mtc-sequence-parallel needs a @forward function split by --mtc-tensor-parallel (size > 1) first
// A layout recorded for another tp than the parameters' split.
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-verify-config="tp=4 report=false" %t.mlir -o %t.tp4.mlir
// RUN: not %mtc-opt --mtc-sequence-parallel %t.tp4.mlir 2>&1 | FileCheck %s --check-prefix=RECORDED
// RECORDED: .mlir:1: error: mtc.parallel: tp = 4 contradicts the parameters, which are split 2 ways; record the split with --mtc-verify-config=tp=2
// RUN: %mtc-opt --mtc-set-shape=seq=15 %t.mlir -o %t.s15.mlir
// RUN: not %mtc-opt --mtc-tensor-parallel=size=2 --mtc-sequence-parallel %t.s15.mlir 2>&1 | FileCheck %s --check-prefix=SEQ
// SEQ: error: mtc.model: seq (15) is not divisible by tp (2) for sequence parallelism; re-shape with --mtc-set-shape=seq=N for a multiple N of 2, or drop sequence parallelism

// In BERT, the token-type table and the replicated MLM head transform run on
// shards (partial gradients); the pooler reads [CLS], which only the first
// shard holds: it picks it, the others give zeros, and an all-reduce (not a
// reduce-scatter) hands it to every rank, so the pooler and the binary head
// stay replicated with whole gradients.
// RUN: %mtc-import --arch bert --num-layers 2 --hidden-size 64 --num-attention-heads 4 --seq-length 16 --vocab-size 100 -o %t.bert.mlir
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-sequence-parallel %t.bert.mlir | FileCheck %s --check-prefix=BERT
// BERT: mtc.param @tte : tensor<2x64xf32> {{.*}}{tensor_grad_reduce}
// BERT: mtc.param @emb_ln.weight : tensor<64xf32> init(ones) {no_decay, tensor_grad_reduce}
// BERT: mtc.param @head.dense.weight : tensor<64x64xf32> {{.*}}{tensor_grad_reduce}
// BERT: mtc.param @head.bias : tensor<50xf32> init(zeros) {full_shape = array<i64: 100>, no_decay, split_dim = 0 : i64}
// BERT: mtc.param @pooler.dense.weight : tensor<64x64xf32> init(normal, 2.000000e-02){{$}}
// BERT: mtc.param @binary_head.weight : tensor<64x2xf32> init(normal, 2.000000e-02){{$}}
// BERT-LABEL: func.func @forward
// BERT: mtc.token_type_add %{{.*}}, %arg2, %{{.*}} : tensor<1x8x64xf32>, tensor<1x16xi32>, tensor<2x64xf32> -> tensor<1x8x64xf32>
// BERT: %[[CLS:.*]] = mtc.first_token %{{.*}} {sequence_shard} : tensor<1x8x64xf32> -> tensor<1x1x64xf32>
// BERT-NEXT: mtc.tp_reduce %[[CLS]] : tensor<1x1x64xf32>

// LLaMA: the RMS norms run on sequence shards, so their weights' gradients are
// partial sums; SwiGLU's gate and up share one all-gather of their input.
// RUN: %mtc-import --arch llama --num-layers 1 --hidden-size 64 --num-attention-heads 4 --group-query-attention --num-query-groups 2 --ffn-hidden-size 96 --seq-length 16 --vocab-size 100 --untie-embeddings-and-output-weights -o %t.llama.mlir
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-sequence-parallel %t.llama.mlir | FileCheck %s --check-prefix=LLAMA
// LLAMA: mtc.param @h.0.input_norm.weight : tensor<64xf32> init(ones) {no_decay, tensor_grad_reduce}
// LLAMA: mtc.param @h.0.post_attention_norm.weight : tensor<64xf32> init(ones) {no_decay, tensor_grad_reduce}
// LLAMA: mtc.param @norm_f.weight : tensor<64xf32> init(ones) {no_decay, tensor_grad_reduce}
// LLAMA: mtc.param @lm_head.weight : tensor<50x64xf32> {{.*}}split_dim = 0
// LLAMA-LABEL: mtc.layer "h.0"
// LLAMA: mtc.param_ref @h.0.post_attention_norm.weight
// LLAMA: %[[N2:.*]] = mtc.rms_norm {{.*}} -> tensor<1x8x64xf32>
// LLAMA: %[[FULL:.*]] = mtc.tp_gather %[[N2]] {size = 2 : i64} : tensor<1x8x64xf32> -> tensor<1x16x64xf32>
// LLAMA-NEXT: mtc.linear %[[FULL]]
// LLAMA: mtc.linear %[[FULL]]
// LLAMA-NEXT: mtc.swiglu
