// --mtc-stats: parameter counts, forward FLOPs and activation bytes per group.
//
// GPT-2 124M (tied embeddings, V = 50257, s = 1024). By hand, h = 768:
//   a layer holds 12h^2 + 13h = 7,087,872 parameters; embeddings (V + s)h plus
//   the final norm 2h = 39,385,344; total 124,439,808.
//   Layer FLOPs 2*s*h*12h + 4*heads*s*s*hd = 17,716,740,096; the tied output
//   layer 2*s*h*V = 79,047,426,048; total 12 * 17.717 + 79.047 = 291.648 GFLOP.
//   Layer activations: 15,740,928 floats = 60.05 MiB.
// RUN: %mtc-opt --mtc-stats %models/gpt2.mlir -o /dev/null | FileCheck %s --check-prefix=GPT2
//
// A mixture of experts (mtc-import --num-experts 4, top-2, hidden 8, expert
// width 6, vocabulary 16 tied): the layer's attention 8*24 + 8*8, two norms
// 16, router 8*4, experts 3*4*8*6 = 576: 880; outside 16*8 + 8 = 136. A
// token reads 2 of the 4 experts: 1016 - 576/2 = 728 active. The grouped
// GEMMs' FLOPs are the routed rows': 2 * (4 tokens * 2) * 8 * 6 * 3 = 2304,
// with the router's 2*4*8*4 = 256 and the attention's.
// RUN: %mtc-opt --mtc-stats %inputs/moe-tiny.mlir -o /dev/null | FileCheck %s --check-prefix=MOE
// MOE: model moe-tiny: 1,016 parameters
// MOE: h.0 880
// MOE: active parameters per token (mixture of experts): 728
// GPT2: model gpt2: 124,439,808 parameters (micro-batch 1, seq 1024)
// GPT2-NEXT: group params fwd GFLOP/mb act MiB/mb
// GPT2-NEXT: h.0 7,087,872 17.717 60.05
// GPT2-COUNT-11: 7,087,872 17.717 60.05
// GPT2-NEXT: outside layers 39,385,344 79.047 205.32
// GPT2-NEXT: total 124,439,808 291.648 925.88
// GPT2-NEXT: training GFLOP per micro-batch (forward + backward = 3x): 874.945
// GPT2-NEXT: bytes: params 474.7 MiB, grads 474.7 MiB, AdamW m+v 949.4 MiB (fp32)
//
// A small BERT (post-LN, untied head bias): a layer 12*64^2 + 13*64 = 49,984;
// outside: wte 100*64 + wpe 16*64 + tte 2*64 + emb_ln 128 + head.dense 64*64+64 +
// head.ln 128 + head.bias 100 + pooler 64*64+64 + binary head 64*2+2 = 16,358.
// RUN: %mtc-import --arch bert --num-layers 2 --hidden-size 64 --num-attention-heads 4 --seq-length 16 --vocab-size 100 --micro-batch-size 2 --name tb \
// RUN:   | %mtc-opt --mtc-stats -o /dev/null | FileCheck %s --check-prefix=BERT
// BERT: model tb: 116,326 parameters (micro-batch 2, seq 16)
// BERT: h.0 49,984
// BERT: h.1 49,984
// BERT: outside layers 16,358
// BERT: total 116,326
//
// bert-base-uncased as HuggingFace's BertForPreTraining holds it: 110,106,428.
// RUN: %mtc-import --arch bert --num-layers 12 --hidden-size 768 --num-attention-heads 12 --seq-length 512 --vocab-size 30522 \
// RUN:   | %mtc-opt --mtc-stats -o /dev/null | FileCheck %s --check-prefix=BERTBASE
// BERTBASE: model model: 110,106,428 parameters
//
// The report goes to a file with output=, and the IR is left unchanged.
// RUN: %mtc-opt --mtc-stats=output=%t.txt %models/gpt2-tiny.mlir | diff %models/gpt2-tiny.mlir -
// RUN: FileCheck %s --check-prefix=FILE --input-file=%t.txt
// FILE: model gpt2-tiny: 8,035,712 parameters (micro-batch 1, seq 128)
// FILE-COUNT-8: 198,272 0.059 1.13
// FILE: total 8,035,712 2.117 33.68
//
// RUN: not %mtc-opt --mtc-stats=output=%t.missing/dir/stats.txt %models/gpt2-tiny.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOFILE
// NOFILE: error: cannot write stats: cannot open output file '{{.*}}stats.txt'
//
// Hand-written modules.
// RUN: %mtc-opt --mtc-stats %s -split-input-file | FileCheck %s

// A parameter no op reads still counts (outside layers); a backward layer is
// not a group of its own; without `mtc.model` the name is '?'.
// CHECK-LABEL: model ?: 47 parameters
// CHECK-NEXT: group
// CHECK-NEXT: blk 32 0.000 0.00
// CHECK-NEXT: outside layers 15 0.000 0.00
// CHECK-NEXT: total 47 0.000 0.00
// CHECK: module @hand
module @hand {
  mtc.param @w : tensor<4x8xf32> init(normal, 2.0e-02)
  mtc.param @unused : tensor<3x5xf32> init(zeros)
  func.func @forward(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
    %y = mtc.layer "blk"(%x) {index = 0 : i64} : (tensor<2x4xf32>) -> tensor<2x8xf32> {
    ^bb0(%a: tensor<2x4xf32>):
      %w = mtc.param_ref @w : tensor<4x8xf32>
      %z = mtc.linear %a, %w : tensor<2x4xf32>, tensor<4x8xf32> -> tensor<2x8xf32>
      mtc.yield %z : tensor<2x8xf32>
    }
    %g = mtc.layer "blk.bwd"(%y) {index = 0 : i64, backward} : (tensor<2x8xf32>) -> tensor<2x8xf32> {
    ^bb0(%a: tensor<2x8xf32>):
      mtc.yield %a : tensor<2x8xf32>
    }
    return %g : tensor<2x8xf32>
  }
}

// -----

// Without @forward, @train_step is counted.
// CHECK-LABEL: model ?: 32 parameters
// CHECK-NEXT: group
// CHECK-NEXT: outside layers 32 0.000 0.00
module @train_step_only {
  mtc.param @w : tensor<4x8xf32> init(normal, 2.0e-02)
  func.func @train_step(%x: tensor<2x4xf32>) -> tensor<2x8xf32> {
    %w = mtc.param_ref @w : tensor<4x8xf32>
    %z = mtc.linear %x, %w : tensor<2x4xf32>, tensor<4x8xf32> -> tensor<2x8xf32>
    return %z : tensor<2x8xf32>
  }
}

// -----

// No function to count: zero, not a crash.
// CHECK-LABEL: model ?: 0 parameters
// CHECK-NEXT: group
// CHECK-NEXT: outside layers 0 0.000 0.00
// CHECK-NEXT: total 0 0.000 0.00
module @empty {
}
