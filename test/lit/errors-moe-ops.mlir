// RUN: %mtc-opt %s -split-input-file -verify-diagnostics
//
// One case per shape rule and verifier message of the mixture-of-experts ops
// (dialects/mtc/MtcMoeOps.cpp), in the order they appear there.

func.func @route_rank(%l: tensor<8xf32>) {
  // expected-error @+2 {{mtc.moe_route: logits must be [..., experts], got [8]}}
  // expected-error @+1 {{'mtc.moe_route' op failed to infer returned types}}
  %p, %e, %w = mtc.moe_route %l {topk = 2 : i64} : tensor<8xf32> -> tensor<8xf32>, tensor<2xi32>, tensor<2xf32>
  return
}

// -----

func.func @route_topk(%l: tensor<1x4x8xf32>) {
  // expected-error @+2 {{mtc.moe_route: topk must be between 1 and the 8 experts, got 9}}
  // expected-error @+1 {{'mtc.moe_route' op failed to infer returned types}}
  %p, %e, %w = mtc.moe_route %l {topk = 9 : i64} : tensor<1x4x8xf32> -> tensor<1x4x8xf32>, tensor<1x4x9xi32>, tensor<1x4x9xf32>
  return
}

// -----

func.func @dispatch_shapes(%e: tensor<1x4x2xi32>, %w: tensor<1x4x3xf32>) {
  // expected-error @+2 {{mtc.moe_dispatch: experts and weights must both be [..., topk], got [1, 4, 2] and [1, 4, 3]}}
  // expected-error @+1 {{'mtc.moe_dispatch' op failed to infer returned types}}
  %r, %k, %ro, %eo = mtc.moe_dispatch %e, %w {num_experts = 8 : i64} : tensor<1x4x2xi32>, tensor<1x4x3xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x4x2xi32>, tensor<8xi32>
  return
}

// -----

func.func @dispatch_experts(%e: tensor<1x4x2xi32>, %w: tensor<1x4x2xf32>) {
  // expected-error @+2 {{mtc.moe_dispatch: 1 experts cannot take 2 picks a token}}
  // expected-error @+1 {{'mtc.moe_dispatch' op failed to infer returned types}}
  %r, %k, %ro, %eo = mtc.moe_dispatch %e, %w {num_experts = 1 : i64} : tensor<1x4x2xi32>, tensor<1x4x2xf32> -> tensor<1xi32>, tensor<1xi32>, tensor<1x4x2xi32>, tensor<8xi32>
  return
}

// -----

func.func @dispatch_capacity(%e: tensor<1x4x2xi32>, %w: tensor<1x4x2xf32>) {
  // expected-error @+2 {{mtc.moe_dispatch: capacity_factor must be 0 (none) or positive, got -1}}
  // expected-error @+1 {{'mtc.moe_dispatch' op failed to infer returned types}}
  %r, %k, %ro, %eo = mtc.moe_dispatch %e, %w {num_experts = 8 : i64, capacity_factor = -1.0 : f64} : tensor<1x4x2xi32>, tensor<1x4x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x4x2xi32>, tensor<8xi32>
  return
}

// -----

// With a capacity the permuted rows are min(N k, E ceil(N k / E f)): 4 tokens,
// top-2 and f = 0.5 give capacity 1, so 8 rows with 8 experts and 4 with 4.
func.func @dispatch_capacity_rows(%e: tensor<1x4x2xi32>, %w: tensor<1x4x2xf32>) {
  %r, %k, %ro, %eo = mtc.moe_dispatch %e, %w {num_experts = 8 : i64, capacity_factor = 0.5 : f64} : tensor<1x4x2xi32>, tensor<1x4x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x4x2xi32>, tensor<8xi32>
  // expected-error @+2 {{'mtc.moe_dispatch' op inferred type(s) 'tensor<4xi32>', 'tensor<4xi32>', 'tensor<1x4x2xi32>', 'tensor<4xi32>' are incompatible with return type(s) of operation 'tensor<8xi32>', 'tensor<8xi32>', 'tensor<1x4x2xi32>', 'tensor<8xi32>'}}
  // expected-error @+1 {{'mtc.moe_dispatch' op failed to infer returned types}}
  %r2, %k2, %ro2, %eo2 = mtc.moe_dispatch %e, %w {num_experts = 4 : i64, capacity_factor = 0.5 : f64} : tensor<1x4x2xi32>, tensor<1x4x2xf32> -> tensor<8xi32>, tensor<8xi32>, tensor<1x4x2xi32>, tensor<8xi32>
  return
}

// -----

func.func @aux_loss_counts(%p: tensor<1x4x8xf32>, %r: tensor<4xi32>) {
  // expected-error @+1 {{'mtc.moe_aux_loss' op needs probabilities [..., E] and counts [E], got [1, 4, 8] and [4]}}
  mtc.moe_aux_loss %p, %r {topk = 2 : i64, coeff = 0.01 : f64} : tensor<1x4x8xf32>, tensor<4xi32>
  return
}

// -----

func.func @aux_loss_topk(%p: tensor<1x4x8xf32>, %r: tensor<8xi32>) {
  // expected-error @+1 {{'mtc.moe_aux_loss' op topk must be between 1 and the 8 experts}}
  mtc.moe_aux_loss %p, %r {topk = 0 : i64, coeff = 0.01 : f64} : tensor<1x4x8xf32>, tensor<8xi32>
  return
}

// -----

func.func @aux_loss_coeff(%p: tensor<1x4x8xf32>, %r: tensor<8xi32>) {
  // expected-error @+1 {{'mtc.moe_aux_loss' op coeff must be finite and not negative (0: the expert load only)}}
  mtc.moe_aux_loss %p, %r {topk = 2 : i64, coeff = -1.0 : f64} : tensor<1x4x8xf32>, tensor<8xi32>
  return
}

// -----

func.func @permute_tokens(%x: tensor<1x4x16xf32>, %ro: tensor<1x5x2xi32>, %eo: tensor<8xi32>) {
  // expected-error @+2 {{mtc.moe_permute: input [..., hidden] and row_of [..., topk] must share their tokens and entry_of be [rows], got [1, 4, 16], [1, 5, 2] and [8]}}
  // expected-error @+1 {{'mtc.moe_permute' op failed to infer returned types}}
  %xp = mtc.moe_permute %x, %ro, %eo : tensor<1x4x16xf32>, tensor<1x5x2xi32>, tensor<8xi32> -> tensor<8x16xf32>
  return
}

// -----

func.func @grouped_ranks(%x: tensor<8x16xf32>, %k: tensor<4xi32>, %w: tensor<16x32xf32>) {
  // expected-error @+2 {{mtc.grouped_linear: needs rows [rows, features], counts [E] and a weight [E, in, out], got [8, 16], [4] and [16, 32]}}
  // expected-error @+1 {{'mtc.grouped_linear' op failed to infer returned types}}
  %y = mtc.grouped_linear %x, %k, %w : tensor<8x16xf32>, tensor<4xi32>, tensor<16x32xf32> -> tensor<8x32xf32>
  return
}

// -----

func.func @grouped_counts(%x: tensor<8x16xf32>, %k: tensor<3xi32>, %w: tensor<4x16x32xf32>) {
  // expected-error @+2 {{mtc.grouped_linear: counts [3] are not one per expert of weight [4, 16, 32]}}
  // expected-error @+1 {{'mtc.grouped_linear' op failed to infer returned types}}
  %y = mtc.grouped_linear %x, %k, %w : tensor<8x16xf32>, tensor<3xi32>, tensor<4x16x32xf32> -> tensor<8x32xf32>
  return
}

// -----

func.func @grouped_width(%x: tensor<8x12xf32>, %k: tensor<4xi32>, %w: tensor<4x16x32xf32>) {
  // expected-error @+2 {{mtc.grouped_linear: rows [8, 12] have 12 features but weight [4, 16, 32] takes 16}}
  // expected-error @+1 {{'mtc.grouped_linear' op failed to infer returned types}}
  %y = mtc.grouped_linear %x, %k, %w : tensor<8x12xf32>, tensor<4xi32>, tensor<4x16x32xf32> -> tensor<8x32xf32>
  return
}

// -----

func.func @combine_shapes(%yp: tensor<8x16xf32>, %ro: tensor<1x4x2xi32>, %eo: tensor<6xi32>, %w: tensor<1x4x2xf32>) {
  // expected-error @+2 {{mtc.moe_combine: needs rows [rows, hidden], row_of and weights [..., topk] alike and entry_of [rows], got [8, 16], [1, 4, 2], [1, 4, 2] and [6]}}
  // expected-error @+1 {{'mtc.moe_combine' op failed to infer returned types}}
  %y = mtc.moe_combine %yp, %ro, %eo, %w : tensor<8x16xf32>, tensor<1x4x2xi32>, tensor<6xi32>, tensor<1x4x2xf32> -> tensor<1x4x16xf32>
  return
}

// -----

func.func @route_grad_shapes(%p: tensor<1x4x8xf32>, %e: tensor<1x4x2xi32>, %w: tensor<1x4x3xf32>) {
  // expected-error @+1 {{'mtc.moe_route_grad' op needs probabilities and result [..., E], experts and weights [..., topk] for the same tokens, got [1, 4, 8], [1, 4, 2], [1, 4, 3] and [1, 4, 8]}}
  %d = mtc.moe_route_grad %p, %e, %w : tensor<1x4x8xf32>, tensor<1x4x2xi32>, tensor<1x4x3xf32>
  return
}

// -----

func.func @route_grad_weights(%p: tensor<1x4x8xf32>, %e: tensor<1x4x2xi32>, %w: tensor<1x4x2xf32>, %dw: tensor<1x4x3xf32>) {
  // expected-error @+1 {{'mtc.moe_route_grad' op weights_grad must be [1, 4, 2]}}
  %d = mtc.moe_route_grad %p, %e, %w weights_grad(%dw : tensor<1x4x3xf32>) : tensor<1x4x8xf32>, tensor<1x4x2xi32>, tensor<1x4x2xf32>
  return
}

// -----

func.func @route_grad_probs(%p: tensor<1x4x8xf32>, %e: tensor<1x4x2xi32>, %w: tensor<1x4x2xf32>, %dp: tensor<1x4x4xf32>) {
  // expected-error @+1 {{'mtc.moe_route_grad' op probs_grad must be [1, 4, 8]}}
  %d = mtc.moe_route_grad %p, %e, %w probs_grad(%dp : tensor<1x4x4xf32>) : tensor<1x4x8xf32>, tensor<1x4x2xi32>, tensor<1x4x2xf32>
  return
}

// -----

func.func @aux_loss_grad_shapes(%r: tensor<8xi32>) {
  // expected-error @+1 {{'mtc.moe_aux_loss_grad' op needs counts [E] and a result [..., E], got [8] and [1, 4, 4]}}
  %d = mtc.moe_aux_loss_grad %r {topk = 2 : i64, coeff = 0.01 : f64} : tensor<8xi32> -> tensor<1x4x4xf32>
  return
}

// -----

func.func @aux_loss_grad_topk(%r: tensor<8xi32>) {
  // expected-error @+1 {{'mtc.moe_aux_loss_grad' op topk must be between 1 and the 8 experts}}
  %d = mtc.moe_aux_loss_grad %r {topk = 9 : i64, coeff = 0.01 : f64} : tensor<8xi32> -> tensor<1x4x8xf32>
  return
}

// -----

func.func @permute_grad_shapes(%dxp: tensor<8x16xf32>, %ro: tensor<1x4x2xi32>) {
  // expected-error @+1 {{'mtc.moe_permute_grad' op needs rows [rows, hidden], row_of [..., topk] and a result [..., hidden] for row_of's tokens, got [8, 16], [1, 4, 2] and [1, 4, 8]}}
  %dx = mtc.moe_permute_grad %dxp, %ro : tensor<8x16xf32>, tensor<1x4x2xi32> -> tensor<1x4x8xf32>
  return
}

// -----

func.func @grouped_dx_result(%dy: tensor<8x32xf32>, %k: tensor<4xi32>, %w: tensor<4x16x32xf32>) {
  // expected-error @+1 {{'mtc.grouped_linear_dx' op result [8, 12] must be [8, 16]}}
  %dx = mtc.grouped_linear_dx %dy, %k, %w : tensor<8x32xf32>, tensor<4xi32>, tensor<4x16x32xf32> -> tensor<8x12xf32>
  return
}

// -----

module {
  mtc.param @w1 : tensor<4x16x32xf32> init(normal, 2.000000e-02)
  func.func @grouped_dw_grad(%x: tensor<8x16xf32>, %dy: tensor<8x30xf32>, %k: tensor<4xi32>) {
    // expected-error @+1 {{'mtc.grouped_linear_dw' op gradient [8, 30] must be [8, 32]}}
    mtc.grouped_linear_dw %x, %dy, %k {weight = @w1} : tensor<8x16xf32>, tensor<8x30xf32>, tensor<4xi32>
    return
  }
}

// -----

func.func @combine_grad_shapes(%yp: tensor<8x16xf32>, %ro: tensor<1x4x2xi32>, %eo: tensor<8xi32>, %w: tensor<1x4x2xf32>, %dy: tensor<1x4x8xf32>) {
  // expected-error @+1 {{'mtc.moe_combine_grad' op needs rows [rows, hidden] (and their gradient), row_of and weights [..., topk] (and theirs), entry_of [rows] and a gradient [..., hidden], got rows [8, 16], row_of [1, 4, 2], gradient [1, 4, 8]}}
  %dyp, %dw = mtc.moe_combine_grad %yp, %ro, %eo, %w, %dy : tensor<8x16xf32>, tensor<1x4x2xi32>, tensor<8xi32>, tensor<1x4x2xf32>, tensor<1x4x8xf32>
  return
}

// -----

func.func @ep_counts_divide(%k: tensor<6xi32>) {
  // expected-error @+2 {{mtc.ep_counts: 4 expert-parallel ranks must divide the 6 experts of counts [6]}}
  // expected-error @+1 {{'mtc.ep_counts' op failed to infer returned types}}
  %a, %l = mtc.ep_counts %k {ep = 4 : i64} : tensor<6xi32> -> tensor<4x6xi32>, tensor<1xi32>
  return
}

// -----

func.func @ep_dispatch_counts(%x: tensor<8x16xf32>, %a: tensor<4x8xi32>) {
  // expected-error @+2 {{mtc.ep_dispatch: counts [4, 8] must be [2, E] with 2 dividing E}}
  // expected-error @+1 {{'mtc.ep_dispatch' op failed to infer returned types}}
  %y = mtc.ep_dispatch %x, %a {ep = 2 : i64} : tensor<8x16xf32>, tensor<4x8xi32> -> tensor<16x16xf32>
  return
}

// -----

func.func @ep_combine_rows(%x: tensor<9x16xf32>, %a: tensor<2x8xi32>) {
  // expected-error @+2 {{mtc.ep_combine: rows must be [2 R, width], got [9, 16]}}
  // expected-error @+1 {{'mtc.ep_combine' op failed to infer returned types}}
  %y = mtc.ep_combine %x, %a {ep = 2 : i64} : tensor<9x16xf32>, tensor<2x8xi32> -> tensor<4x16xf32>
  return
}
