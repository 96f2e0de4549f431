// RUN: %mtc-import --num-layers 2 --hidden-size 64 --num-attention-heads 4 --seq-length 16 --vocab-size 100 --hidden-dropout 0.1 --attention-dropout 0.1 -o %t.model.mlir
// RUN: %mtc-opt %t.model.mlir --mtc-autodiff --mtc-plan-memory | FileCheck %s --check-prefix=NONE
// RUN: %mtc-opt %t.model.mlir --mtc-autodiff --mtc-recompute=mode=full --mtc-plan-memory | FileCheck %s --check-prefix=FULL
// RUN: %mtc-opt %t.model.mlir --mtc-autodiff --mtc-recompute=mode=selective --mtc-plan-memory | FileCheck %s --check-prefix=SEL
// RUN: %mtc-opt %t.model.mlir --mtc-autodiff --mtc-recompute=mode=full --verify-roundtrip -o /dev/null
// RUN: %mtc-opt %t.model.mlir --mtc-autodiff --mtc-recompute=mode=none --mtc-plan-memory | FileCheck %s --check-prefix=NONE
// Full recomputation re-runs a mixture of experts' routing but not its
// load-balancing loss, which the runtime would report twice.
// RUN: %mtc-opt %inputs/moe-tiny.mlir --mtc-autodiff --mtc-recompute=mode=full | FileCheck %s --check-prefix=MOE
// MOE-LABEL: mtc.layer "h.0"{{.*}}backward
// MOE-NOT: mtc.moe_aux_loss %
// MOE: mtc.moe_route
// MOE-NOT: mtc.moe_aux_loss %
// MOE: mtc.moe_aux_loss_grad
// RUN: %mtc-opt %s -split-input-file --mtc-recompute=mode=full -verify-diagnostics
// RUN: not %mtc-opt %t.model.mlir --mtc-autodiff --mtc-recompute=mode=everything -o /dev/null 2>&1 | FileCheck %s --check-prefix=BADMODE
//
// GPT, 2 layers, hidden 64, 4 heads, sequence 16, micro-batch 1, dropout 0.1.
// Without recomputation each forward layer yields its output plus 8 saved
// activations (the layer input itself is the backward's 9th operand):
// NONE-LABEL: func.func @train_step
// NONE-SAME: mtc.memory = {activation_peak_bytes = 156232 : i64, arena_bytes = 162944 : i64, buffers = 64 : i64
// NONE: %{{.*}}:9 = mtc.layer "h.0"(%{{.*}}) {index = 0 : i64} : (tensor<1x16x64xf32>) -> (tensor<1x16x64xf32>, tensor<1x16x256xf32>, tensor<1x16x256xf32>, tensor<1x16x64xf32>, tensor<1x16x64xf32>, tensor<1x16x64xf32>, tensor<1x4x16xf32>, tensor<1x16x192xf32>, tensor<1x16x64xf32>)
//
// Full: the forward layers yield only their outputs; each backward layer takes
// its output gradient and the layer input, and re-runs the whole forward body
// (layer norms, linears, attention with the same dropout stream, GeLU) first.
// The activation peak falls from 156232 to 94536 bytes (-61696, -39%) at the
// cost of 18 more kernels (72 -> 90 steps).
// FULL-LABEL: func.func @train_step
// FULL-SAME: mtc.memory = {activation_peak_bytes = 94536 : i64, arena_bytes = 96896 : i64, buffers = 84 : i64
// FULL: mtc.layer "h.0"(%{{.*}}) {index = 0 : i64} : (tensor<1x16x64xf32>) -> tensor<1x16x64xf32> {
// FULL: mtc.layer "h.1"(%{{.*}}) {index = 1 : i64} : (tensor<1x16x64xf32>) -> tensor<1x16x64xf32> {
// FULL: mtc.layer "h.1"(%{{[0-9]+}}, %{{[0-9]+}}) {backward, index = 1 : i64} : (tensor<1x16x64xf32>, tensor<1x16x64xf32>) -> tensor<1x16x64xf32> {
// FULL-NEXT: ^bb0(%[[DY:.*]]: tensor<1x16x64xf32>, %[[IN:.*]]: tensor<1x16x64xf32>):
// FULL: mtc.layer_norm %[[IN]]
// FULL: mtc.attention {{.*}}stream = 5 : i64
// FULL: mtc.attention_grad {{.*}}stream = 5 : i64
// FULL: mtc.layer "h.0"(%{{[0-9]+}}, %{{[0-9]+}}) {backward, index = 0 : i64}
//
// Selective: core attention's context [1,16,64] and log-sum-exp [1,4,16] are
// no longer saved (2 fewer forward results); the backward re-runs attention
// from the QKV it saves anyway. 4352 bytes per layer; the peak, reached when
// the first backward layer has recomputed its own, falls by one layer's worth:
// 156232 -> 151880.
// SEL-LABEL: func.func @train_step
// SEL-SAME: mtc.memory = {activation_peak_bytes = 151880 : i64, arena_bytes = 154240 : i64, buffers = 68 : i64
// SEL: %{{.*}}:7 = mtc.layer "h.0"(%{{.*}}) {index = 0 : i64} : (tensor<1x16x64xf32>) -> (tensor<1x16x64xf32>, tensor<1x16x256xf32>, tensor<1x16x256xf32>, tensor<1x16x64xf32>, tensor<1x16x64xf32>, tensor<1x16x192xf32>, tensor<1x16x64xf32>)
// SEL: mtc.layer "h.1"({{.*}}) {backward, index = 1 : i64}
// SEL: ^bb0({{.*}}%[[QKV:arg[0-9]+]]: tensor<1x16x192xf32>
// SEL-NEXT: %[[CTX:.*]], %[[LSE:.*]] = mtc.attention %[[QKV]] {{.*}}stream = 5 : i64
// SEL: mtc.attention_grad %[[QKV]], %[[CTX]], %[[LSE]]
//
// BADMODE: --mtc-recompute: unknown mode 'everything' (expected full, selective or none)

// expected-error @+1 {{--mtc-recompute needs @train_step: run --mtc-autodiff first}}
module {
  func.func @forward() {
    return
  }
}
