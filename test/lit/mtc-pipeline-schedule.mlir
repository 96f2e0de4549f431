// --mtc-pipeline-schedule: warm-up counts and every rank's full step order
// (per rank: direction, chunk and micro-batch of each step), the checker's errors, and the pairing of
// sends with receives. The model: 8 layers (hidden 16), partitioned first.
//
// RUN: %mtc-import --num-layers 8 --hidden-size 16 --num-attention-heads 2 --seq-length 8 --vocab-size 50 -o %t.mlir
//
// ---- An uneven layout's bubble weighs each step by its chunk's layers: 5 and
// 3 layers (F 1.25 / 0.75, B 2.5 / 1.5 of the mean 4) keep stage 0 busy 15 of
// the 16 units, 1/15 (the even layout's (p-1)/(v*m) = 0.25 does not apply).
// RUN: %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 layers-per-chunk=5,3" --mtc-pipeline-schedule="microbatches=4" | FileCheck %s --check-prefix=UNEVEN
// UNEVEN: mtc.schedule = {bubble = 0.066666666666666666 : f64, kind = "1f1b"
// RUN: %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="microbatches=4" | FileCheck %s --check-prefix=EVEN
// EVEN: mtc.schedule = {bubble = 2.500000e-01 : f64, kind = "1f1b"
//
// ---- (p, v, m) = (4, 2, 8): interleaved. Warm-up 2(p-r-1) + (v-1)p = 10, 8, 6, 4;
// micro-batches in groups of p = 4 per chunk; bubble (p-1)/(v*m) = 3/16.
// RUN: %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=4 chunks=2" --mtc-pipeline-schedule="kind=interleaved microbatches=8" | FileCheck %s --check-prefix=P4V2M8
// P4V2M8: mtc.schedule = {bubble = 1.875000e-01 : f64, kind = "interleaved", microbatches = 8 : i64, ranks = [
// P4V2M8-SAME: {backward = array<i1: false, false, false, false, false, false, false, false, false, false, false, true, false, true, false, true, false, true, false, true, false, true, true, true, true, true, true, true, true, true, true, true>,
// P4V2M8-SAME: chunk = array<i64: 0, 0, 0, 0, 4, 4, 4, 4, 0, 0, 0, 4, 0, 4, 4, 4, 4, 4, 4, 0, 4, 0, 0, 0, 4, 4, 4, 4, 0, 0, 0, 0>,
// P4V2M8-SAME: microbatch = array<i64: 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 6, 0, 7, 1, 4, 2, 5, 3, 6, 0, 7, 1, 2, 3, 4, 5, 6, 7, 4, 5, 6, 7>},
// P4V2M8-SAME: {backward = array<i1: false, false, false, false, false, false, false, false, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, true, true, true, true, true, true, true, true>,
// P4V2M8-SAME: chunk = array<i64: 1, 1, 1, 1, 5, 5, 5, 5, 1, 5, 1, 5, 1, 5, 1, 5, 5, 1, 5, 1, 5, 1, 5, 1, 5, 5, 5, 5, 1, 1, 1, 1>,
// P4V2M8-SAME: microbatch = array<i64: 0, 1, 2, 3, 0, 1, 2, 3, 4, 0, 5, 1, 6, 2, 7, 3, 4, 0, 5, 1, 6, 2, 7, 3, 4, 5, 6, 7, 4, 5, 6, 7>},
// P4V2M8-SAME: {backward = array<i1: false, false, false, false, false, false, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, true, true, true, true, true, true>,
// P4V2M8-SAME: chunk = array<i64: 2, 2, 2, 2, 6, 6, 6, 6, 6, 6, 2, 6, 2, 6, 2, 2, 2, 2, 6, 2, 6, 2, 6, 6, 6, 6, 6, 6, 2, 2, 2, 2>,
// P4V2M8-SAME: microbatch = array<i64: 0, 1, 2, 3, 0, 1, 2, 0, 3, 1, 4, 2, 5, 3, 6, 0, 7, 1, 4, 2, 5, 3, 6, 4, 7, 5, 6, 7, 4, 5, 6, 7>},
// P4V2M8-SAME: {backward = array<i1: false, false, false, false, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true, true, true, true, true>,
// P4V2M8-SAME: chunk = array<i64: 3, 3, 3, 3, 7, 7, 7, 7, 7, 7, 7, 7, 3, 3, 3, 3, 3, 3, 3, 3, 7, 7, 7, 7, 7, 7, 7, 7, 3, 3, 3, 3>,
// P4V2M8-SAME: microbatch = array<i64: 0, 1, 2, 3, 0, 0, 1, 1, 2, 2, 3, 3, 4, 0, 5, 1, 6, 2, 7, 3, 4, 4, 5, 5, 6, 6, 7, 7, 4, 5, 6, 7>}]
// P4V2M8-SAME: warmup = array<i64: 10, 8, 6, 4>}
//
// ---- (2, 2, 4): warm-up 2(2-r-1) + 2 = 4, 2; bubble 1/8.
// RUN: %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2" --mtc-pipeline-schedule="kind=interleaved microbatches=4" | FileCheck %s --check-prefix=P2V2M4
// P2V2M4: mtc.schedule = {bubble = 1.250000e-01 : f64, kind = "interleaved", microbatches = 4 : i64, ranks = [
// P2V2M4-SAME: {backward = array<i1: false, false, false, false, false, true, false, true, false, true, false, true, true, true, true, true>,
// P2V2M4-SAME: chunk = array<i64: 0, 0, 2, 2, 0, 2, 0, 2, 2, 0, 2, 0, 2, 2, 0, 0>,
// P2V2M4-SAME: microbatch = array<i64: 0, 1, 0, 1, 2, 0, 3, 1, 2, 0, 3, 1, 2, 3, 2, 3>},
// P2V2M4-SAME: {backward = array<i1: false, false, false, true, false, true, false, true, false, true, false, true, false, true, true, true>,
// P2V2M4-SAME: chunk = array<i64: 1, 1, 3, 3, 3, 3, 1, 1, 1, 1, 3, 3, 3, 3, 1, 1>,
// P2V2M4-SAME: microbatch = array<i64: 0, 1, 0, 0, 1, 1, 2, 0, 3, 1, 2, 2, 3, 3, 2, 3>}]
// P2V2M4-SAME: warmup = array<i64: 4, 2>}
//
// ---- (4, 1, 8): plain 1F1B, warm-up min(p-r-1, m) = 3, 2, 1, 0 (then one
// forward, one backward); bubble 3/8.
// RUN: %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=4" --mtc-pipeline-schedule="kind=1f1b microbatches=8" | FileCheck %s --check-prefix=P4V1M8
// P4V1M8: mtc.schedule = {bubble = 3.750000e-01 : f64, kind = "1f1b", microbatches = 8 : i64, ranks = [
// P4V1M8-SAME: {backward = array<i1: false, false, false, false, true, false, true, false, true, false, true, false, true, true, true, true>,
// P4V1M8-SAME: chunk = array<i64: 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0>,
// P4V1M8-SAME: microbatch = array<i64: 0, 1, 2, 3, 0, 4, 1, 5, 2, 6, 3, 7, 4, 5, 6, 7>},
// P4V1M8-SAME: {backward = array<i1: false, false, false, true, false, true, false, true, false, true, false, true, false, true, true, true>,
// P4V1M8-SAME: chunk = array<i64: 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>,
// P4V1M8-SAME: microbatch = array<i64: 0, 1, 2, 0, 3, 1, 4, 2, 5, 3, 6, 4, 7, 5, 6, 7>},
// P4V1M8-SAME: {backward = array<i1: false, false, true, false, true, false, true, false, true, false, true, false, true, false, true, true>,
// P4V1M8-SAME: chunk = array<i64: 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2>,
// P4V1M8-SAME: microbatch = array<i64: 0, 1, 0, 2, 1, 3, 2, 4, 3, 5, 4, 6, 5, 7, 6, 7>},
// P4V1M8-SAME: {backward = array<i1: false, true, false, true, false, true, false, true, false, true, false, true, false, true, false, true>,
// P4V1M8-SAME: chunk = array<i64: 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3>,
// P4V1M8-SAME: microbatch = array<i64: 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7>}]
// P4V1M8-SAME: warmup = array<i64: 3, 2, 1, 0>}
//
// ---- (2, 2, 3) zb-v on placement=v: rank r holds chunks r and 3-r. Rank 0:
// warm-up 3 forwards of chunk 0, then p-r = 2 rounds of chunk 3's F B W; the
// steady round (chunk 0 has no forward left) B0.0 W0.0 F3.2 B3.2 W3.2; the
// drain's p-r = 2 rounds B0.k W0.k. Rank 1: F1.0, the pair F2.0 F1.1, one
// round F2.1 B2.0 W2.0; steady F1.2 B1.0 W1.0 F2.2 B2.1 W2.1; drain pair
// B1.1 B2.2, round B1.2 W1.1; pending W2.2 W1.2. Bubble (p-1)/(6m) = 1/18.
// RUN: %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2 placement=v" --mtc-pipeline-schedule="kind=zb-v microbatches=3" | FileCheck %s --check-prefix=ZBV
// ZBV: mtc.schedule = {bubble = 0.055555555555555552 : f64, kind = "zb-v", microbatches = 3 : i64, ranks = [
// ZBV-SAME: {backward = array<i1: false, false, false, false, true, false, false, true, false, true, false, false, true, false, true, false, true, false>,
// ZBV-SAME: chunk = array<i64: 0, 0, 0, 3, 3, 3, 3, 3, 3, 0, 0, 3, 3, 3, 0, 0, 0, 0>,
// ZBV-SAME: microbatch = array<i64: 0, 1, 2, 0, 0, 0, 1, 1, 1, 0, 0, 2, 2, 2, 1, 1, 2, 2>,
// ZBV-SAME: weight_grad = array<i1: false, false, false, false, false, true, false, false, true, false, true, false, false, true, false, true, false, true>},
// ZBV-SAME: {backward = array<i1: false, false, false, false, true, false, false, true, false, false, true, false, true, true, true, false, false, false>,
// ZBV-SAME: chunk = array<i64: 1, 2, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2, 1, 2, 1, 1, 2, 1>,
// ZBV-SAME: microbatch = array<i64: 0, 0, 1, 1, 0, 0, 2, 0, 0, 2, 1, 1, 1, 2, 2, 1, 2, 2>,
// ZBV-SAME: weight_grad = array<i1: false, false, false, false, false, true, false, false, true, false, false, true, false, false, false, true, true, true>}], warmup = array<i64: 4, 4>}
//
// ---- bad combinations ----
// zb-v needs the V placement, the V needs zb-v, and a warm-up's worth of micro-batches:
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2" --mtc-pipeline-schedule="kind=zb-v microbatches=4" 2>&1 | FileCheck %s --check-prefix=ZBV-INTERLEAVED
// ZBV-INTERLEAVED: error: --mtc-pipeline-schedule: kind=zb-v runs on the V placement: partition with placement=v (and chunks=2)
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2 placement=v" --mtc-pipeline-schedule="kind=interleaved microbatches=4" 2>&1 | FileCheck %s --check-prefix=V-INTERLEAVED
// V-INTERLEAVED: error: --mtc-pipeline-schedule: the partition's placement=v is ZB-V's: use kind=zb-v (or explicit), or partition with placement=interleaved
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2 placement=v" --mtc-pipeline-schedule="kind=zb-v microbatches=2" 2>&1 | FileCheck %s --check-prefix=ZBV-FEW
// ZBV-FEW: error: --mtc-pipeline-schedule: schedule: zb-v places two chunks per rank on two or more ranks (vp=2, pp>=2) and fills its warm-up with microbatches >= 2pp-1, got pp=2 vp=2 microbatches=2
// m not a multiple of p when interleaving:
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=4 chunks=2" --mtc-pipeline-schedule="kind=interleaved microbatches=6" 2>&1 | FileCheck %s --check-prefix=MULTIPLE
// MULTIPLE: error: --mtc-pipeline-schedule: schedule: interleaving needs the micro-batch count to be a multiple of pp, got microbatches=6 pp=4
// v > 1 with p = 1 (rejected when partitioning):
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=1 chunks=2" --mtc-pipeline-schedule="kind=interleaved microbatches=4" 2>&1 | FileCheck %s --check-prefix=ONE-STAGE
// ONE-STAGE: error: --mtc-pipeline-partition: chunks=2 needs stages > 1
// Micro-batch counts past int32 (they were narrowed to int) or whose step
// tables would take gigabytes:
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="microbatches=4294967297" 2>&1 | FileCheck %s --check-prefix=HUGE-M
// HUGE-M: error: --mtc-pipeline-schedule: microbatches=4294967297 must be between 1 and 2147483647
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="microbatches=100000000" 2>&1 | FileCheck %s --check-prefix=MANY-M
// MANY-M: error: --mtc-pipeline-schedule: schedule: pp x vp x microbatches x 2 steps (2 x 1 x 100000000 x 2) exceeds 16777216 steps
// Layers not divisible by p*v:
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=3 chunks=2" --mtc-pipeline-schedule="kind=interleaved microbatches=6" 2>&1 | FileCheck %s --check-prefix=LAYERS
// LAYERS: error: --mtc-pipeline-partition: layers (8) are not divisible by stages*chunks (3*2=6); make stages*chunks one of 1, 2, 4, 8
// The kind must fit the partition:
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2 chunks=2" --mtc-pipeline-schedule="kind=1f1b microbatches=4" 2>&1 | FileCheck %s --check-prefix=KIND1
// KIND1: error: --mtc-pipeline-schedule: kind=1f1b runs one chunk per rank, the module has chunks=2 (use kind=interleaved)
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="kind=interleaved microbatches=4" 2>&1 | FileCheck %s --check-prefix=KIND2
// KIND2: error: --mtc-pipeline-schedule: kind=interleaved needs chunks > 1
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-schedule="microbatches=4" 2>&1 | FileCheck %s --check-prefix=UNPARTITIONED
// UNPARTITIONED: error: --mtc-pipeline-schedule needs a partitioned @train_step: run --mtc-pipeline-partition first
//
// Errors that say what to change: an explicit schedule for another number of
// stages, a step that is not one, and microbatches=0 without the model to
// take the count from.
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="kind=explicit microbatches=1 ranks=F0.0/B0.0" 2>&1 | FileCheck %s --check-prefix=EXPLICIT-RANKS
// EXPLICIT-RANKS: .mlir:1: error: --mtc-pipeline-schedule: kind=explicit lists 1 ranks, the pipeline has 2; give ranks=... one '/'-separated step list per stage
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="kind=explicit microbatches=1 ranks=F0.0/B0.0,F1.0/X1.0" 2>&1 | FileCheck %s --check-prefix=EXPLICIT-STEP
// EXPLICIT-STEP: error: --mtc-pipeline-schedule: rank 1: 'X1.0' is not a step like F0.1 or B2.3 (forward or backward, chunk.micro-batch)
// RUN: %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" -o %t.nomodel.mlir
// RUN: sed -e 's/mtc.model = #mtc.model<[^>]*>, //' %t.nomodel.mlir > %t.nomodel2.mlir
// RUN: not %mtc-opt %t.nomodel2.mlir --mtc-pipeline-schedule=microbatches=0 2>&1 | FileCheck %s --check-prefix=NO-MODEL
// NO-MODEL: error: --mtc-pipeline-schedule: microbatches=0 takes the micro-batch count from the module's mtc.model, which it has not; give microbatches=N
//
// ---- the checker: a hand-written order that hangs is an error naming the
// stuck ranks and steps (rank 1 runs micro-batch 1 first; rank 0 sends it
// only after a backward that needs rank 1).
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="kind=explicit microbatches=2 ranks=F0.0/B0.0/F0.1/B0.1,F1.1/F1.0/B1.0/B1.1" 2>&1 | FileCheck %s --check-prefix=DEADLOCK
// DEADLOCK: error: --mtc-pipeline-schedule: schedule check: deadlock (pp=2 vp=1 microbatches=2): rank 0 stuck at step 1 (B0.0) waiting for gradients of B1.0 from rank 1; rank 1 stuck at step 0 (F1.1) waiting for activations of F0.1 from rank 0
// An order that only hangs because a forward waits for its reused arena's
// gradient send (rank 0 posts the receive of B1.0's gradient after B0.1,
// which needs B1.1, which rank 1 runs after F1.1).
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="kind=explicit microbatches=2 ranks=F0.0/F0.1/B0.1/B0.0,F1.0/B1.0/F1.1/B1.1" 2>&1 | FileCheck %s --check-prefix=ARENA
// ARENA: error: --mtc-pipeline-schedule: schedule check: deadlock (pp=2 vp=1 microbatches=2): rank 0 stuck at step 2 (B0.1) waiting for gradients of B1.1 from rank 1; rank 1 stuck at step 2 (F1.1) waiting for a free arena (its gradient send of B1.0 is not yet received) from rank 0 (when a forward waits for its arena's gradient send, as the runtime does)
// RUN: not %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="kind=explicit microbatches=1 ranks=F0.0/B0.0,F1.0/B1.0/B1.0" 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: --mtc-pipeline-schedule: schedule check: rank 1 step 2 (B1.0): step appears twice
// A correct hand-written order is accepted and recorded as given.
// RUN: %mtc-opt %t.mlir --mtc-autodiff --mtc-pipeline-partition="stages=2" --mtc-pipeline-schedule="kind=explicit microbatches=2 ranks=F0.0/F0.1/B0.0/B0.1,F1.0/F1.1/B1.0/B1.1" | FileCheck %s --check-prefix=EXPLICIT
// EXPLICIT: kind = "explicit", microbatches = 2 : i64, ranks = [
// EXPLICIT-SAME: {backward = array<i1: false, false, true, true>, chunk = array<i64: 0, 0, 0, 0>, microbatch = array<i64: 0, 1, 0, 1>},
// EXPLICIT-SAME: {backward = array<i1: false, false, true, true>, chunk = array<i64: 1, 1, 1, 1>, microbatch = array<i64: 0, 1, 0, 1>}]
// EXPLICIT-SAME: , warmup = array<i64: 2, 2>
//
// ---- send/recv pairing, checked on hand-written IR ----
// RUN: %mtc-opt %s -split-input-file -verify-diagnostics --mtc-pipeline-schedule="microbatches=2" -o /dev/null

module attributes {mtc.pipeline = {chunks = 1 : i64, layers_per_chunk = array<i64: 1, 1>, stages = 2 : i64, tied = []}} {
  func.func @train_step(%x: tensor<2x4xf32>) {
    mtc.pipeline_send %x {chunk = 0 : i64, peer = 1 : i64, tag = 0 : i64} : tensor<2x4xf32>
    // expected-error @below {{'mtc.pipeline_recv' op on rank 1 (chunk 1) expects 'tensor<2x8xf32>' but rank 0 (chunk 0) sends 'tensor<2x4xf32>' (tag 0)}}
    %y = mtc.pipeline_recv {chunk = 1 : i64, peer = 0 : i64, tag = 0 : i64} : tensor<2x8xf32>
    return
  }
}

// -----

module attributes {mtc.pipeline = {chunks = 1 : i64, layers_per_chunk = array<i64: 1, 1>, stages = 2 : i64, tied = []}} {
  func.func @train_step(%x: tensor<2x4xf32>) {
    // expected-error @below {{'mtc.pipeline_send' op from chunk 0 (rank 0) has no matching receive on chunk 1 (rank 1): that rank would never take the message}}
    mtc.pipeline_send %x {chunk = 0 : i64, peer = 1 : i64, tag = 3 : i64} : tensor<2x4xf32>
    return
  }
}

// -----

module attributes {mtc.pipeline = {chunks = 1 : i64, layers_per_chunk = array<i64: 1, 1>, stages = 2 : i64, tied = []}} {
  func.func @train_step(%x: tensor<2x4xf32>) {
    // expected-error @below {{'mtc.pipeline_recv' op on chunk 0 (rank 0) waits for tag 7 from chunk 1, which nothing sends: it would hang}}
    %y = mtc.pipeline_recv {chunk = 0 : i64, gradient, peer = 1 : i64, tag = 7 : i64} : tensor<2x4xf32>
    return
  }
}

// -----

module attributes {mtc.pipeline = {chunks = 1 : i64, layers_per_chunk = array<i64: 1, 1>, stages = 2 : i64, tied = []}} {
  func.func @train_step(%x: tensor<2x4xf32>) {
    // expected-error @below {{'mtc.pipeline_send' op activations flow from chunk 1 to chunk 2, not to chunk 0}}
    mtc.pipeline_send %x {chunk = 1 : i64, peer = 0 : i64, tag = 0 : i64} : tensor<2x4xf32>
    return
  }
}
