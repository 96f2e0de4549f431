// --mtc-pipeline-schedule kind=zb-h1: the ZB-H1 step order (F, B and W
// steps) and the B/W split of each chunk's backward by use-def: ops on the
// way to a gradient send are B, the others (weight gradients and what only
// they need) get mtc.weight_grad.
//
// ---- The order, from a model: p=2, m=3 (the unit test's hand-derived one).
// RUN: %mtc-import --num-layers 2 --hidden-size 16 --num-attention-heads 2 --seq-length 8 --vocab-size 50 -o %t.mlir
// RUN: %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="kind=zb-h1 microbatches=3" | FileCheck %s --check-prefix=ORDER
// ORDER: mtc.schedule = {bubble = {{.*}}, kind = "zb-h1", microbatches = 3 : i64, ranks = [
// ORDER-SAME: {backward = array<i1: false, false, true, false, false, true, false, true, false>, chunk = array<i64: 0, 0, 0, 0, 0, 0, 0, 0, 0>, microbatch = array<i64: 0, 1, 0, 0, 2, 1, 1, 2, 2>, weight_grad = array<i1: false, false, false, true, false, false, true, false, true>},
// ORDER-SAME: {backward = array<i1: false, true, false, true, false, false, true, false, false>, chunk = array<i64: 1, 1, 1, 1, 1, 1, 1, 1, 1>, microbatch = array<i64: 0, 0, 1, 1, 0, 2, 2, 1, 2>, weight_grad = array<i1: false, false, false, false, true, false, false, true, true>}]
// ORDER-SAME: warmup = array<i64: 1, 0>}
//
// ---- The split inside a model's last chunk: the head's and the layer's
// input-gradient ops are B, their weight gradients W; chunk 0 sends no
// gradient, so its whole backward is W.
// RUN: %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="kind=zb-h1 microbatches=2" | FileCheck %s --check-prefix=SPLIT
// SPLIT-LABEL: mtc.cross_entropy_grad
// SPLIT-NOT: mtc.weight_grad
// SPLIT-SAME: mtc.chunk = 1
// SPLIT: mtc.linear_dx
// SPLIT-NOT: mtc.weight_grad
// SPLIT-SAME: -> tensor<1x8x16xf32>
// SPLIT-NEXT: mtc.linear_dw {{.*}}mtc.weight_grad{{.*}}weight = @wte
// SPLIT-LABEL: mtc.layer "h.1"({{.*}}) {backward
// SPLIT: mtc.linear_dx
// SPLIT-NOT: mtc.weight_grad
// SPLIT-SAME: -> tensor<1x8x64xf32>
// SPLIT-NEXT: mtc.linear_dw {{.*}}mtc.weight_grad{{.*}}weight = @h.1.mlp.c_proj.weight
// SPLIT-LABEL: mtc.pipeline_send
// SPLIT-NOT: mtc.weight_grad
// SPLIT-SAME: gradient
// SPLIT-NEXT: mtc.pipeline_recv
// SPLIT-NOT: mtc.weight_grad
// SPLIT-SAME: gradient
// SPLIT-LABEL: mtc.layer "h.0"({{.*}}) {backward
// SPLIT: mtc.linear_dx {{.*}}mtc.weight_grad
// SPLIT: mtc.embedding_grad {{.*}}mtc.weight_grad
//
// 1F1B labels nothing.
// RUN: %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="kind=1f1b microbatches=2" | FileCheck %s --check-prefix=NONE
// NONE-NOT: mtc.weight_grad
//
// ---- v > 1 splits interleaved 1F1B, with its rule: m a multiple of p.
// RUN: %mtc-import --num-layers 4 --hidden-size 16 --num-attention-heads 2 --seq-length 8 --vocab-size 50 -o %t4.mlir
// RUN: %mtc-opt %t4.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2" --mtc-pipeline-schedule="kind=zb-h1 microbatches=4" | FileCheck %s --check-prefix=VP
// VP: mtc.schedule = {bubble = {{.*}}, kind = "zb-h1", microbatches = 4 : i64, ranks = [{backward = array<i1:
// VP-SAME: weight_grad = array<i1:
// RUN: not %mtc-opt %t4.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2" --mtc-pipeline-schedule="kind=zb-h1 microbatches=3" 2>&1 | FileCheck %s --check-prefix=VP-M
// VP-M: --mtc-pipeline-schedule: schedule: interleaving needs the micro-batch count to be a multiple of pp, got microbatches=3 pp=2
//
// ---- memory-limit: the default (1f1b, enforced when the stages are planned)
// is not recorded; none is, and only zb-h1 takes it.
// RUN: %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="kind=zb-h1 microbatches=3 memory-limit=none" | FileCheck %s --check-prefix=UNLIMITED
// UNLIMITED: mtc.schedule = {bubble = {{.*}}, kind = "zb-h1", memory_limit = "none", microbatches = 3 : i64
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="kind=zb-h1 microbatches=3 memory-limit=half" 2>&1 | FileCheck %s --check-prefix=LIMIT-VALUE
// LIMIT-VALUE: memory-limit='half' is not 1f1b or none
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="kind=1f1b microbatches=3 memory-limit=none" 2>&1 | FileCheck %s --check-prefix=LIMIT-KIND
// LIMIT-KIND: memory-limit=none applies to kind=zb-h1, whose deferred W steps may hold more than 1F1B; kind=1f1b has no limit to lift
//
// ---- The split on hand-written IR: a linear whose input gradient is sent
// (B) and whose weight gradient is not (W); a value only W needs is W too;
// through a layer region, by argument and result.
// RUN: %mtc-opt %s -split-input-file --mtc-pipeline-schedule="kind=zb-h1 microbatches=2" | FileCheck %s --check-prefix=HAND

module attributes {mtc.pipeline = {chunks = 1 : i64, layers_per_chunk = array<i64: 1, 1>, stages = 2 : i64, tied = []}} {
  mtc.param @w : tensor<4x4xf32> init(normal, 2.000000e-02)
  func.func @train_step(%x: tensor<2x4xf32>, %dy: tensor<2x4xf32>) {
    mtc.pipeline_send %x {chunk = 0 : i64, mtc.chunk = 0 : i64, peer = 1 : i64, tag = 0 : i64} : tensor<2x4xf32>
    %a = mtc.pipeline_recv {chunk = 1 : i64, mtc.chunk = 1 : i64, peer = 0 : i64, tag = 0 : i64} : tensor<2x4xf32>
    %g = mtc.gelu_grad %a, %dy {mtc.backward_pass, mtc.chunk = 1 : i64} : tensor<2x4xf32>
    %wr = mtc.param_ref @w {mtc.backward_pass, mtc.chunk = 1 : i64} : tensor<4x4xf32>
    %dx = mtc.linear_dx %g, %wr {mtc.backward_pass, mtc.chunk = 1 : i64} : tensor<2x4xf32>, tensor<4x4xf32> -> tensor<2x4xf32>
    %only = mtc.gelu_grad %a, %g {mtc.backward_pass, mtc.chunk = 1 : i64} : tensor<2x4xf32>
    mtc.linear_dw %a, %only {mtc.backward_pass, mtc.chunk = 1 : i64, weight = @w} : tensor<2x4xf32>, tensor<2x4xf32>
    mtc.pipeline_send %dx {chunk = 1 : i64, gradient, mtc.backward_pass, mtc.chunk = 1 : i64, peer = 0 : i64, tag = 1 : i64} : tensor<2x4xf32>
    %r = mtc.pipeline_recv {chunk = 0 : i64, gradient, mtc.backward_pass, mtc.chunk = 0 : i64, peer = 1 : i64, tag = 1 : i64} : tensor<2x4xf32>
    mtc.linear_dw %x, %r {mtc.backward_pass, mtc.chunk = 0 : i64, weight = @w} : tensor<2x4xf32>, tensor<2x4xf32>
    return
  }
}
// HAND-LABEL: func.func @train_step
// HAND: %[[G:.*]] = mtc.gelu_grad
// HAND-NOT: mtc.weight_grad
// HAND-SAME: : tensor<2x4xf32>
// HAND-NEXT: mtc.param_ref
// HAND-NOT: mtc.weight_grad
// HAND-SAME: : tensor<4x4xf32>
// HAND-NEXT: mtc.linear_dx
// HAND-NOT: mtc.weight_grad
// HAND-SAME: -> tensor<2x4xf32>
// HAND-NEXT: mtc.gelu_grad {{.*}}mtc.weight_grad
// HAND-NEXT: mtc.linear_dw {{.*}}mtc.weight_grad
// HAND-NEXT: mtc.pipeline_send
// HAND-NOT: mtc.weight_grad
// HAND-SAME: gradient
// HAND-NEXT: mtc.pipeline_recv
// HAND-NOT: mtc.weight_grad
// HAND-SAME: : tensor<2x4xf32>
// HAND-NEXT: mtc.linear_dw {{.*}}mtc.weight_grad

// -----

module attributes {mtc.pipeline = {chunks = 1 : i64, layers_per_chunk = array<i64: 1, 1>, stages = 2 : i64, tied = []}} {
  mtc.param @w : tensor<4x4xf32> init(normal, 2.000000e-02)
  func.func @train_step(%x: tensor<2x4xf32>, %dy: tensor<2x4xf32>) {
    mtc.pipeline_send %x {chunk = 0 : i64, mtc.chunk = 0 : i64, peer = 1 : i64, tag = 0 : i64} : tensor<2x4xf32>
    %a = mtc.pipeline_recv {chunk = 1 : i64, mtc.chunk = 1 : i64, peer = 0 : i64, tag = 0 : i64} : tensor<2x4xf32>
    %dx:2 = mtc.layer "h.1"(%dy, %a) {backward, index = 1 : i64, mtc.backward_pass, mtc.chunk = 1 : i64} : (tensor<2x4xf32>, tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>) {
    ^bb0(%d: tensor<2x4xf32>, %in: tensor<2x4xf32>):
      %wr = mtc.param_ref @w : tensor<4x4xf32>
      %gx = mtc.linear_dx %d, %wr : tensor<2x4xf32>, tensor<4x4xf32> -> tensor<2x4xf32>
      %unused = mtc.gelu_grad %in, %d : tensor<2x4xf32>
      mtc.linear_dw %in, %d {weight = @w} : tensor<2x4xf32>, tensor<2x4xf32>
      mtc.yield %gx, %unused : tensor<2x4xf32>, tensor<2x4xf32>
    }
    mtc.pipeline_send %dx#0 {chunk = 1 : i64, gradient, mtc.backward_pass, mtc.chunk = 1 : i64, peer = 0 : i64, tag = 1 : i64} : tensor<2x4xf32>
    %r = mtc.pipeline_recv {chunk = 0 : i64, gradient, mtc.backward_pass, mtc.chunk = 0 : i64, peer = 1 : i64, tag = 1 : i64} : tensor<2x4xf32>
    return
  }
}
// HAND-LABEL: func.func @train_step
// HAND: ^bb0
// HAND-NEXT: mtc.param_ref
// HAND-NOT: mtc.weight_grad
// HAND-SAME: : tensor<4x4xf32>
// HAND-NEXT: mtc.linear_dx
// HAND-NOT: mtc.weight_grad
// HAND-SAME: -> tensor<2x4xf32>
// HAND-NEXT: mtc.gelu_grad {{.*}}mtc.weight_grad
// HAND-NEXT: mtc.linear_dw {{.*}}mtc.weight_grad
// HAND-NEXT: mtc.yield
