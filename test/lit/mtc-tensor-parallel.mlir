// --mtc-tensor-parallel: Megatron-LM's column/row splits with the f/g pair.
//
// A 2-layer GPT whose vocabulary (101) t=2 does not divide: it is padded to 102.
// RUN: %mtc-import --num-layers 2 --hidden-size 64 --num-attention-heads 4 --seq-length 16 --vocab-size 101 --hidden-dropout 0.1 --attention-dropout 0.1 -o %t.mlir
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 %t.mlir | FileCheck %s --check-prefix=FWD
//
// Parameters become this rank's slice: full shape and split dimension, the
// offset is the runtime's (tensor rank * extent); replicated ones are untouched.
// FWD: padded_vocab = 102
// FWD-NOT: mtc.tp_size
// FWD: mtc.param @wte : tensor<51x64xf32> {{.*}}{full_shape = array<i64: 102, 64>, split_dim = 0 : i64}
// FWD: mtc.param @wpe : tensor<16x64xf32> init(normal, 2.000000e-02){{$}}
// FWD: mtc.param @h.0.ln_1.weight : tensor<64xf32> init(ones) {no_decay}
// FWD: mtc.param @h.0.attn.c_attn.weight : tensor<64x96xf32> {{.*}}full_shape = array<i64: 64, 192>, split_dim = 1
// FWD: mtc.param @h.0.attn.c_attn.bias : tensor<96xf32> {{.*}}split_dim = 0
// FWD: mtc.param @h.0.attn.c_proj.weight : tensor<32x64xf32> {{.*}}full_shape = array<i64: 64, 64>, split_dim = 0
// FWD: mtc.param @h.0.attn.c_proj.bias : tensor<64xf32> init(zeros) {no_decay}
// FWD: mtc.param @h.0.mlp.c_fc.weight : tensor<64x128xf32> {{.*}}split_dim = 1
// FWD: mtc.param @h.0.mlp.c_proj.weight : tensor<128x64xf32> {{.*}}split_dim = 0
//
// Vocabulary-parallel embedding: shard rows, g, then the position table.
// FWD-LABEL: func.func @forward
// FWD: %[[EMB:.*]] = mtc.embedding %arg0, %{{.*}} : tensor<1x16xi32>, tensor<51x64xf32> -> tensor<1x16x64xf32>
// FWD-NEXT: %[[SUM:.*]] = mtc.tp_reduce %[[EMB]] : tensor<1x16x64xf32>
// FWD-NEXT: mtc.bias_add %[[SUM]], %{{.*}} : tensor<1x16x64xf32>, tensor<16x64xf32>
//
// Attention: f, QKV by columns (2 of 4 heads), local attention, proj by rows, g, bias.
// FWD-LABEL: mtc.layer "h.0"
// FWD: %[[LN1:.*]] = mtc.layer_norm
// FWD: %[[F1:.*]] = mtc.tp_copy %[[LN1]] : tensor<1x16x64xf32>
// FWD-NEXT: mtc.linear %[[F1]], {{.*}} -> tensor<1x16x96xf32>
// FWD-NEXT: %[[CTX:.*]], %{{.*}} = mtc.attention {{.*}}heads = 2 : i64{{.*}} -> tensor<1x16x32xf32>, tensor<1x2x16xf32>
// FWD: %[[PART:.*]] = mtc.linear %[[CTX]], %{{[0-9]+}} : tensor<1x16x32xf32>, tensor<32x64xf32> -> tensor<1x16x64xf32>
// FWD-NEXT: %[[G1:.*]] = mtc.tp_reduce %[[PART]]
// FWD-NEXT: mtc.bias_add %[[G1]], {{.*}} : tensor<1x16x64xf32>, tensor<64xf32>
// FWD-NEXT: mtc.dropout
// MLP: f, fc by columns, GeLU local, proj by rows, g, bias; residuals replicated.
// FWD: %[[F2:.*]] = mtc.tp_copy
// FWD-NEXT: mtc.linear %[[F2]], {{.*}} -> tensor<1x16x128xf32>
// FWD-NEXT: mtc.gelu {{.*}} : tensor<1x16x128xf32>
// FWD: mtc.linear {{.*}} : tensor<1x16x128xf32>, tensor<128x64xf32> -> tensor<1x16x64xf32>
// FWD-NEXT: mtc.tp_reduce
// FWD-NEXT: mtc.bias_add
// FWD-LABEL: mtc.layer "h.1"
//
// Output layer: f in front, logits stay split, the loss counts the 101 real ids.
// FWD: mtc.param_ref @ln_f.bias
// FWD: %[[F3:.*]] = mtc.tp_copy
// FWD-NEXT: %[[LOGITS:.*]] = mtc.linear %[[F3]], {{.*}} {transpose_weight} : tensor<1x16x64xf32>, tensor<51x64xf32> -> tensor<1x16x51xf32>
// FWD-NEXT: mtc.cross_entropy %[[LOGITS]], %arg1 {valid_vocab = 101 : i64, vocab_parallel} : tensor<1x16x51xf32>
//
// Exactly 2 all-reduces per layer forward (g) and 2 backward (f's gradient),
// each of b*s*h = 1*16*64 elements; 1 more each way for the embedding and
// the output layer. f's forward and g's backward are identities (tp_copy).
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-autodiff %t.mlir | FileCheck %s --check-prefix=COUNT
// COUNT-LABEL: func.func @train_step
// COUNT: mtc.tp_reduce %{{.*}} : tensor<1x16x64xf32>
// COUNT-LABEL: mtc.layer "h.0"(%{{[0-9]+}}) {index = 0 : i64}
// COUNT-COUNT-2: mtc.tp_reduce %{{.*}} : tensor<1x16x64xf32>
// COUNT-NOT: mtc.tp_reduce
// COUNT-LABEL: mtc.layer "h.1"(%{{[0-9#]+}}) {index = 1 : i64}
// COUNT-COUNT-2: mtc.tp_reduce %{{.*}} : tensor<1x16x64xf32>
// COUNT-NOT: mtc.tp_reduce
// COUNT-LABEL: mtc.cross_entropy_grad
// COUNT: mtc.tp_reduce
// COUNT-NOT: mtc.tp_reduce
// COUNT-LABEL: {backward, index = 1 : i64}
// COUNT-COUNT-2: mtc.tp_reduce %{{.*}} : tensor<1x16x64xf32>
// COUNT-NOT: mtc.tp_reduce
// COUNT-LABEL: {backward, index = 0 : i64}
// COUNT-COUNT-2: mtc.tp_reduce %{{.*}} : tensor<1x16x64xf32>
// COUNT-NOT: mtc.tp_reduce
// COUNT: mtc.bias_add_grad %{{.*}} {bias = @wpe}
// COUNT-NEXT: mtc.tp_copy
// COUNT-NEXT: mtc.embedding_grad
//
// In the whole step: 2 per layer each way plus embedding and output layer.
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-autodiff %t.mlir | grep -c "mtc.tp_reduce" | FileCheck %s --check-prefix=TOTAL
// TOTAL: {{^}}10{{$}}
//
// The result verifies and round-trips; size=1 changes nothing.
// RUN: %mtc-opt --mtc-tensor-parallel=size=4 --verify-roundtrip %t.mlir -o /dev/null
// Mixture-of-experts layers are refused, not split wrongly (docs/moe.md).
// RUN: not %mtc-opt --mtc-tensor-parallel=size=2 %inputs/moe-tiny.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=MOE
// MOE: error: 'mtc.moe_route' op is in a mixture-of-experts layer, which tensor parallelism does not split yet: use --tensor-model-parallel-size 1
// RUN: %mtc-opt --mtc-tensor-parallel=size=1 %t.mlir | %mtc-opt | diff - %t.mlir
//
// It lowers all the way to a plan: g becomes an AllReduce step over the tensor
// group, f no step at all.
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-verify-config=tp=2 --mtc-autodiff --mtc-optimizer --mtc-lower-to-exec=output=- %t.mlir | FileCheck %s --check-prefix=PLAN
// PLAN: tensor_split: true
// PLAN: tensor_all_reduce
// PLAN-NOT: tensor_all_gather
//
// Errors name the numbers: 4 heads and hidden 64 do not split 3 ways.
// RUN: not %mtc-opt --mtc-tensor-parallel=size=3 %t.mlir 2>&1 | FileCheck %s --check-prefix=ERR
// ERR: .mlir:1: error: mtc.model: heads (4) is not divisible by tp (3): every rank computes whole attention heads
// ERR-NEXT: .mlir:1: error: mtc.model: hidden (64) is not divisible by tp (3): the attention output is split by rows
// ERR-NEXT: .mlir:1: error: mtc.model: ffn (256) is not divisible by tp (3): the MLP is split by columns and rows
// ERR-NEXT: .mlir:1: note: tp sizes that split this model: 1, 2, 4
// RUN: not %mtc-opt --mtc-tensor-parallel=size=2 --mtc-tensor-parallel=size=2 %t.mlir 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: --mtc-tensor-parallel already split this module's parameters 2 ways; run it once, on the model mtc-import wrote

// For BERT only the layers' attention and MLP are split. The MLM head transform
// (dense, GeLU, layer norm) stays replicated as in Megatron-LM; the tied
// decoder's bias is split with the vocabulary; the sentence-order logits are
// whole on every rank, so that cross-entropy is not vocabulary-parallel.
// RUN: %mtc-import --arch bert --num-layers 1 --hidden-size 64 --num-attention-heads 4 --seq-length 16 --vocab-size 101 -o %t.bert.mlir
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 %t.bert.mlir | FileCheck %s --check-prefix=BERT
// The vocabulary (101) is padded to 102 rows, the output bias with it.
// BERT: mtc.param @wte : tensor<51x64xf32> {{.*}}full_shape = array<i64: 102, 64>
// BERT: mtc.param @head.dense.weight : tensor<64x64xf32> init(normal, 2.000000e-02){{$}}
// BERT: mtc.param @head.bias : tensor<51xf32> init(zeros) {full_shape = array<i64: 102>, no_decay, split_dim = 0 : i64}
// BERT: mtc.param @binary_head.weight : tensor<64x2xf32> init(normal, 2.000000e-02){{$}}
// BERT-LABEL: func.func @forward
// BERT: mtc.layer "h.0"
// BERT: mtc.tp_reduce
// BERT: mtc.tp_reduce
// BERT: mtc.yield
// BERT-NOT: mtc.tp_copy
// BERT: mtc.gelu
// BERT-NOT: mtc.tp_reduce
// BERT: mtc.tp_copy
// BERT: mtc.cross_entropy {{.*}} {valid_vocab = 101 : i64, vocab_parallel} : tensor<1x16x51xf32>
// BERT-NOT: mtc.tp_
// BERT: mtc.cross_entropy {{.*}} {valid_vocab = 2 : i64} : tensor<1x1x2xf32>

// LLaMA (grouped-query attention with 4 heads in 2 key/value groups, rotary,
// SwiGLU, no biases, an untied output layer): t=2 gives each rank one whole
// group (its 2 query heads, key and value: 64 of 128 QKV columns), halves of
// both gate and up behind one f, and a vocabulary-split lm_head padded with wte.
// RUN: %mtc-import --arch llama --num-layers 1 --hidden-size 64 --num-attention-heads 4 --group-query-attention --num-query-groups 2 --ffn-hidden-size 96 --seq-length 16 --vocab-size 101 --untie-embeddings-and-output-weights -o %t.llama.mlir
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 %t.llama.mlir | FileCheck %s --check-prefix=LLAMA
// LLAMA: padded_vocab = 102
// LLAMA: mtc.param @wte : tensor<51x64xf32> {{.*}}full_shape = array<i64: 102, 64>, split_dim = 0
// LLAMA: mtc.param @h.0.input_norm.weight : tensor<64xf32> init(ones) {no_decay}
// LLAMA: mtc.param @h.0.attn.qkv.weight : tensor<64x64xf32> {{.*}}full_shape = array<i64: 64, 128>, split_dim = 1
// LLAMA: mtc.param @h.0.attn.o_proj.weight : tensor<32x64xf32> {{.*}}split_dim = 0
// LLAMA: mtc.param @h.0.mlp.gate_proj.weight : tensor<64x48xf32> {{.*}}split_dim = 1
// LLAMA: mtc.param @h.0.mlp.up_proj.weight : tensor<64x48xf32> {{.*}}split_dim = 1
// LLAMA: mtc.param @h.0.mlp.down_proj.weight : tensor<48x64xf32> {{.*}}split_dim = 0
// LLAMA: mtc.param @lm_head.weight : tensor<51x64xf32> {{.*}}full_shape = array<i64: 102, 64>, split_dim = 0
// LLAMA-LABEL: mtc.layer "h.0"
// LLAMA: %[[N1:.*]] = mtc.rms_norm
// LLAMA: %[[F1:.*]] = mtc.tp_copy %[[N1]]
// LLAMA-NEXT: %[[QKV:.*]] = mtc.linear %[[F1]], {{.*}} -> tensor<1x16x64xf32>
// LLAMA-NEXT: %[[ROT:.*]] = mtc.rotary %[[QKV]] {head_dim = 16 : i64, heads = 2 : i64, kv_heads = 1 : i64
// LLAMA-NEXT: mtc.attention %[[ROT]] {{.*}}heads = 2 : i64, kv_heads = 1 : i64{{.*}} -> tensor<1x16x32xf32>
// LLAMA: mtc.tp_reduce
// LLAMA: %[[N2:.*]] = mtc.rms_norm
// LLAMA: %[[F2:.*]] = mtc.tp_copy %[[N2]]
// LLAMA-NEXT: %[[GATE:.*]] = mtc.linear %[[F2]], {{.*}} -> tensor<1x16x48xf32>
// LLAMA: %[[UP:.*]] = mtc.linear %[[F2]], {{.*}} -> tensor<1x16x48xf32>
// LLAMA-NEXT: %[[ACT:.*]] = mtc.swiglu %[[GATE]], %[[UP]] : tensor<1x16x48xf32>
// LLAMA: mtc.linear %[[ACT]], {{.*}} -> tensor<1x16x64xf32>
// LLAMA-NEXT: mtc.tp_reduce
// LLAMA-NOT: mtc.bias_add
// LLAMA: mtc.linear {{.*}} {transpose_weight} : tensor<1x16x64xf32>, tensor<51x64xf32> -> tensor<1x16x51xf32>
// LLAMA-NEXT: mtc.cross_entropy {{.*}} {valid_vocab = 101 : i64, vocab_parallel}
//
// Squared ReLU (HF's "relu2") anchors the MLP's region as GeLU does: fc by
// columns behind one f, squared_relu on this rank's half, proj by rows, one g;
// its gradient stays local too.
// RUN: %mtc-import %models/gpt2-tiny-relu2.json --num-layers 1 --seq-length 16 --vocab-size 100 -o %t.relu2.mlir
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 %t.relu2.mlir | FileCheck %s --check-prefix=RELU2
// RELU2-LABEL: mtc.layer "h.0"
// RELU2: mtc.tp_reduce
// RELU2: %[[F2:.*]] = mtc.tp_copy
// RELU2-NEXT: %[[FC:.*]] = mtc.linear %[[F2]], {{.*}} -> tensor<1x16x256xf32>
// RELU2-NEXT: %[[ACT:.*]] = mtc.squared_relu %[[FC]] : tensor<1x16x256xf32>
// RELU2: mtc.linear %[[ACT]], {{.*}} : tensor<1x16x256xf32>, tensor<256x128xf32> -> tensor<1x16x128xf32>
// RELU2-NEXT: mtc.tp_reduce
// RELU2-NEXT: mtc.bias_add
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-autodiff %t.relu2.mlir | FileCheck %s --check-prefix=RELU2GRAD
// RELU2GRAD: {backward, index = 0 : i64}
// RELU2GRAD: mtc.squared_relu_grad %{{.*}}, %{{.*}} : tensor<1x16x256xf32>
//
// Megatron-LM splits whole query groups: 2 groups do not split 4 ways.
// RUN: not %mtc-opt --mtc-tensor-parallel=size=4 %t.llama.mlir 2>&1 | FileCheck %s --check-prefix=GROUPS
// GROUPS: error: mtc.model: kv_heads (2) is not divisible by tp (4): every rank holds whole key/value groups
// GROUPS: note: tp sizes that split this model: 1, 2
//
// The layout is stored once, in mtc.parallel: a size that contradicts it is
// refused (t itself is read back from the split parameters' shapes).
// RUN: %mtc-opt --mtc-tensor-parallel=size=2 --mtc-verify-config="tp=2" %t.llama.mlir -o %t.split.mlir
// RUN: not %mtc-opt --mtc-tensor-parallel=size=4 %t.split.mlir 2>&1 | FileCheck %s --check-prefix=CONTRADICTS
// CONTRADICTS: error: mtc.parallel: tp = 2 contradicts --mtc-tensor-parallel=size=4; leave size out (it defaults to mtc.parallel's tp) or record the new size first with --mtc-verify-config=tp=4
