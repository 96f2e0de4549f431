// --mtc-pipeline-partition: chunk labels, send/recv at every cut (activations
// forward, their gradients backward), the tied embedding, the three layouts
// (even, explicit, cost-balanced) and the errors.
//
// Four layers, 2 stages x 2 chunks: chunk c holds layer h.c and lives on
// stage c % 2; the embedding is on chunk 0, the head and loss on chunk 3.
// RUN: %mtc-import --num-layers 4 --hidden-size 16 --num-attention-heads 2 --seq-length 8 --vocab-size 50 \
// RUN:   | %mtc-opt --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2" | FileCheck %s
// CHECK: mtc.pipeline = {chunks = 2 : i64, layers_per_chunk = array<i64: 1, 1, 1, 1>, stages = 2 : i64, tied = [@wte]}
// CHECK-LABEL: func.func @train_step
// CHECK: mtc.embedding {{.*}}mtc.chunk = 0 : i64
// CHECK: %[[H0:.*]]:9 = mtc.layer "h.0"({{.*}}) {index = 0 : i64, mtc.chunk = 0 : i64}
// CHECK: mtc.pipeline_send %[[H0]]#0 {chunk = 0 : i64, mtc.chunk = 0 : i64, peer = 1 : i64, tag = 0 : i64}
// CHECK-NEXT: %[[X1:.*]] = mtc.pipeline_recv {chunk = 1 : i64, mtc.chunk = 1 : i64, peer = 0 : i64, tag = 0 : i64}
// CHECK-NEXT: %[[H1:.*]]:9 = mtc.layer "h.1"(%[[X1]]) {index = 1 : i64, mtc.chunk = 1 : i64}
// CHECK: mtc.pipeline_send %[[H1]]#0 {chunk = 1 : i64, mtc.chunk = 1 : i64, peer = 2 : i64, tag = 1 : i64}
// CHECK-NEXT: %[[X2:.*]] = mtc.pipeline_recv {chunk = 2 : i64, mtc.chunk = 2 : i64, peer = 1 : i64, tag = 1 : i64}
// CHECK: mtc.pipeline_send {{.*}} {chunk = 2 : i64, mtc.chunk = 2 : i64, peer = 3 : i64, tag = 2 : i64}
// CHECK-NEXT: %[[X3:.*]] = mtc.pipeline_recv {chunk = 3 : i64, mtc.chunk = 3 : i64, peer = 2 : i64, tag = 2 : i64}
// CHECK: mtc.cross_entropy {{.*}}mtc.chunk = 3 : i64
// CHECK: mtc.cross_entropy_grad {{.*}}mtc.backward_pass, mtc.chunk = 3 : i64
// The backward layer reads the received input as its saved activation: no second transfer.
// CHECK: %[[G3:.*]] = mtc.layer "h.3"({{.*}}, %[[X3]]) {backward, index = 3 : i64, mtc.backward_pass, mtc.chunk = 3 : i64}
// CHECK: mtc.pipeline_send %[[G3]] {chunk = 3 : i64, gradient, mtc.backward_pass, mtc.chunk = 3 : i64, peer = 2 : i64, tag = 3 : i64}
// CHECK-NEXT: %[[D2:.*]] = mtc.pipeline_recv {chunk = 2 : i64, gradient, mtc.backward_pass, mtc.chunk = 2 : i64, peer = 3 : i64, tag = 3 : i64}
// CHECK-NEXT: mtc.layer "h.2"(%[[D2]], {{.*}}, %[[X2]]) {backward
// CHECK: mtc.pipeline_send {{.*}}gradient{{.*}}peer = 1 : i64, tag = 4 : i64}
// CHECK: mtc.pipeline_send {{.*}}gradient{{.*}}peer = 0 : i64, tag = 5 : i64}
// CHECK-NEXT: %[[D0:.*]] = mtc.pipeline_recv {chunk = 0 : i64, gradient
// CHECK-NEXT: mtc.layer "h.0"(%[[D0]],
// CHECK: mtc.embedding_grad {{.*}}mtc.backward_pass, mtc.chunk = 0 : i64
// Per cut: exactly one activation and one gradient transfer.
// RUN: %mtc-import --num-layers 4 --hidden-size 16 --num-attention-heads 2 --seq-length 8 --vocab-size 50 \
// RUN:   | %mtc-opt --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2" | FileCheck %s --check-prefix=COUNT
// COUNT-COUNT-6: mtc.pipeline_send
//
// ---- placement=v (ZB-V): chunk c on stage c for c < 2, else 3 - c, so stage
// 0 holds chunks 0 and 3: the embedding and the head share it and the tied
// table is no longer read on two stages. The chunks exchange the same values.
// RUN: %mtc-import --num-layers 4 --hidden-size 16 --num-attention-heads 2 --seq-length 8 --vocab-size 50 \
// RUN:   | %mtc-opt --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2 placement=v" | FileCheck %s --check-prefix=VSHAPE
// VSHAPE: mtc.pipeline = {chunks = 2 : i64, layers_per_chunk = array<i64: 1, 1, 1, 1>, placement = "v", stages = 2 : i64, tied = []}
// VSHAPE-COUNT-6: mtc.pipeline_send
// COUNT-NOT: mtc.pipeline_send
//
// An explicit uneven layout.
// RUN: %mtc-import --num-layers 4 --hidden-size 16 --num-attention-heads 2 --seq-length 8 --vocab-size 50 \
// RUN:   | %mtc-opt --mtc-autodiff --mtc-pipeline-partition="stages=2 layers-per-chunk=1,3" | FileCheck %s --check-prefix=UNEVEN
// UNEVEN: layers_per_chunk = array<i64: 1, 3>
// UNEVEN: mtc.layer "h.0"{{.*}}mtc.chunk = 0 : i64
// UNEVEN: mtc.layer "h.1"{{.*}}mtc.chunk = 1 : i64
// UNEVEN: mtc.layer "h.3"{{.*}}mtc.chunk = 1 : i64
//
// Cost-balanced: a 1000-word output layer costs about 4.8 layers of hidden 16,
// so the last stage takes fewer layers: max(6, 2 + 4.8) beats max(4, 4 + 4.8).
// RUN: %mtc-import --num-layers 8 --hidden-size 16 --num-attention-heads 2 --seq-length 8 --vocab-size 1000 \
// RUN:   | %mtc-opt --mtc-autodiff --mtc-pipeline-partition="stages=2 balance=cost" | FileCheck %s --check-prefix=COST
// COST: layers_per_chunk = array<i64: 6, 2>
// The ops before the first layer weigh on the first chunk: an embedding
// projected by a linear worth 4 layers (8192 FLOPs; layers 2048, output layer
// 1280) gives max(4 + 2, 6 + 0.625) over max(6, 2 + 4 + 0.625); counted on the
// last chunk, as before, it pushed the layers the other way (6, 2).
// RUN: %mtc-opt %inputs/projected-embedding.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 balance=cost" | FileCheck %s --check-prefix=COST-HEAD
// COST-HEAD: layers_per_chunk = array<i64: 2, 6>
//
// Megatron-LM's first/last stage: 10 layers on 4 stages, 1 first and 3 last,
// the 6 others 3 per middle stage; with v=2 each stage's layers halve over its
// chunks (stage layers 4, 8, 4 of 16: chunks 2, 4, 2 then again 2, 4, 2).
// RUN: %mtc-import --num-layers 10 --hidden-size 16 --num-attention-heads 2 --seq-length 8 --vocab-size 50 \
// RUN:   | %mtc-opt --mtc-autodiff --mtc-pipeline-partition="stages=4 decoder-first-pipeline-num-layers=1 decoder-last-pipeline-num-layers=3" | FileCheck %s --check-prefix=FIRST-LAST
// FIRST-LAST: layers_per_chunk = array<i64: 1, 3, 3, 3>
// FIRST-LAST: mtc.layer "h.0"{{.*}}mtc.chunk = 0 : i64
// FIRST-LAST: mtc.layer "h.1"{{.*}}mtc.chunk = 1 : i64
// FIRST-LAST: mtc.layer "h.6"{{.*}}mtc.chunk = 2 : i64
// FIRST-LAST: mtc.layer "h.7"{{.*}}mtc.chunk = 3 : i64
// RUN: %mtc-import --num-layers 16 --hidden-size 16 --num-attention-heads 2 --seq-length 8 --vocab-size 50 \
// RUN:   | %mtc-opt --mtc-autodiff --mtc-pipeline-partition="stages=3 chunks=2 decoder-first-pipeline-num-layers=4 decoder-last-pipeline-num-layers=4" | FileCheck %s --check-prefix=FIRST-LAST-VP
// FIRST-LAST-VP: layers_per_chunk = array<i64: 2, 4, 2, 2, 4, 2>
//
// ---- errors ----
// RUN: %mtc-import --num-layers 4 --hidden-size 16 --num-attention-heads 2 --seq-length 8 --vocab-size 50 -o %t.mlir
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=1 chunks=2" 2>&1 | FileCheck %s --check-prefix=ONE-STAGE
// ONE-STAGE: error: --mtc-pipeline-partition: chunks=2 needs stages > 1: interleaving a single stage is meaningless
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=3" 2>&1 | FileCheck %s --check-prefix=INDIVISIBLE
// INDIVISIBLE: error: --mtc-pipeline-partition: layers (4) are not divisible by stages*chunks (3*1=3); make stages*chunks one of 1, 2, 4, or place the layers unevenly with layers-per-chunk, decoder-first-pipeline-num-layers / decoder-last-pipeline-num-layers or balance=cost
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2 layers-per-chunk=1,1,1" 2>&1 | FileCheck %s --check-prefix=LAYOUT
// LAYOUT: error: --mtc-pipeline-partition: layers-per-chunk=1,1,1 lists 3 chunks, but stages x chunks = 2 x 2 = 4 (one count per chunk, in model order)
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 layers-per-chunk=1,2" 2>&1 | FileCheck %s --check-prefix=SUM
// SUM: error: --mtc-pipeline-partition: layers-per-chunk=1,2 places 3 layers, but the model has 4
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 balance=greedy" 2>&1 | FileCheck %s --check-prefix=BALANCE
// BALANCE: error: --mtc-pipeline-partition: balance='greedy' is neither 'even' nor 'cost'
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 layers-per-chunk=1,3 balance=cost" 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: error: --mtc-pipeline-partition: give layers-per-chunk or balance=cost, not both
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 layers-per-chunk=1,3 decoder-last-pipeline-num-layers=3" 2>&1 | FileCheck %s --check-prefix=BOTH-LAST
// BOTH-LAST: error: --mtc-pipeline-partition: give layers-per-chunk or decoder-first-pipeline-num-layers / decoder-last-pipeline-num-layers, not both
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2 decoder-first-pipeline-num-layers=1" 2>&1 | FileCheck %s --check-prefix=FIRST-VP
// FIRST-VP: error: --mtc-pipeline-partition: decoder-first-pipeline-num-layers (1) must be divisible by chunks (2)
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=1 placement=v" 2>&1 | FileCheck %s --check-prefix=V-ONE-CHUNK
// V-ONE-CHUNK: error: --mtc-pipeline-partition: placement=v puts two chunks on each of two or more stages (chunks=2, stages>=2), got stages=2 chunks=1
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2 placement=w" 2>&1 | FileCheck %s --check-prefix=V-NAME
// V-NAME: error: --mtc-pipeline-partition: placement must be interleaved or v, got 'w'
// RUN: %mtc-import --num-layers 8 --hidden-size 16 --num-attention-heads 2 --seq-length 8 --vocab-size 50 \
// RUN:   | not %mtc-opt --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2 placement=v decoder-first-pipeline-num-layers=2" 2>&1 | FileCheck %s --check-prefix=V-FIRST
// V-FIRST: error: --mtc-pipeline-partition: placement=v holds the first and the last chunk on the first stage: decoder-first/last-pipeline-num-layers do not apply (give layers-per-chunk)
// RUN: not %mtc-opt %t.mlir --mtc-pipeline-partition="stages=2" 2>&1 | FileCheck %s --check-prefix=NO-AUTODIFF
// NO-AUTODIFF: error: --mtc-pipeline-partition needs @train_step: run --mtc-autodiff first
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-partition="stages=2" 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: .mlir:1: error: mtc.pipeline: the module is already partitioned; run --mtc-pipeline-partition once, on the unpartitioned @train_step
// Options past int32 used to be narrowed to int (stages=4294967298 ran as 2).
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=4294967298" 2>&1 | FileCheck %s --check-prefix=HUGE-STAGES
// HUGE-STAGES: error: --mtc-pipeline-partition: stages (4294967298) and chunks (1) must be >= 1, with stages x chunks at most the 4 layers
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=0" 2>&1 | FileCheck %s --check-prefix=ZERO-STAGES
// ZERO-STAGES: error: --mtc-pipeline-partition: stages (0) and chunks (1) must be >= 1
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 layers-per-chunk=4294967297,4294967299" 2>&1 | FileCheck %s --check-prefix=HUGE-LAYOUT
// HUGE-LAYOUT: error: --mtc-pipeline-partition: layers-per-chunk lists a chunk of 4294967297 layers; each needs 1 to 4
// A layer index at or above 2^32 used to make the pass index past its table
// (a segfault); the model's verifier now refuses it before any pass.
// RUN: %mtc-import --num-layers 2 --hidden-size 16 --num-attention-heads 2 --seq-length 8 --vocab-size 50 \
// RUN:   | sed 's/{index = 1 : i64}/{index = 4294967297 : i64}/' \
// RUN:   | not %mtc-opt --mtc-autodiff --mtc-pipeline-partition=stages=2 2>&1 | FileCheck %s --check-prefix=HUGE-INDEX
// HUGE-INDEX: error: 'mtc.layer' op index 4294967297 is outside the model's 2 layers (mtc.model layers = 2)
// Without an mtc.model the pass checks the indices itself.
// RUN: %mtc-opt %inputs/partition-layer-indices.mlir -split-input-file -verify-diagnostics --mtc-pipeline-partition=stages=2

// BERT has two loss terms: the pooler and the sentence-order loss after the
// masked-LM loss are still forward ops of the last chunk; the backward pass
// starts at the first loss gradient.
// RUN: %mtc-import --arch bert --num-layers 2 --hidden-size 64 --num-attention-heads 4 --seq-length 16 --vocab-size 100 --hidden-dropout 0 --attention-dropout 0 \
// RUN:   | %mtc-opt --mtc-autodiff --mtc-pipeline-partition=stages=2 | FileCheck %s --check-prefix=BERT
// BERT: mtc.cross_entropy %{{.*}}, %arg1 {mtc.chunk = 1 : i64, valid_vocab = 100 : i64}
// BERT-NEXT: mtc.first_token %{{.*}} {mtc.chunk = 1 : i64}
// BERT: mtc.tanh %{{.*}} {mtc.chunk = 1 : i64}
// BERT: mtc.cross_entropy %{{.*}}, %arg4 {mtc.chunk = 1 : i64, valid_vocab = 2 : i64}
// BERT-NEXT: mtc.cross_entropy_grad %{{.*}}, %arg4 {mtc.backward_pass, mtc.chunk = 1 : i64, valid_vocab = 2 : i64}
