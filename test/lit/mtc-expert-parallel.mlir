// RUN: %mtc-opt %inputs/moe-tiny.mlir --mtc-verify-config="dp=2 ep=2 report=false" --mtc-expert-parallel | FileCheck %s
// RUN: %mtc-opt %inputs/moe-tiny.mlir --mtc-verify-config="dp=2 ep=2 report=false" --mtc-expert-parallel --mtc-autodiff | FileCheck %s --check-prefix=GRAD
// RUN: %mtc-opt %inputs/moe-tiny.mlir --mtc-verify-config="dp=2 ep=2 report=false" --mtc-expert-parallel --mtc-autodiff --verify-roundtrip -o /dev/null
// RUN: %mtc-opt %inputs/moe-tiny.mlir --mtc-verify-config="dp=2 report=false" --mtc-expert-parallel | FileCheck %s --check-prefix=ONE
// RUN: not %mtc-opt %inputs/moe-tiny.mlir --mtc-verify-config="dp=8 ep=8 report=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPERTS
// RUN: not %mtc-opt %inputs/moe-tiny.mlir --mtc-verify-config="dp=2 ep=4 report=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DATA
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="dp=2 ep=2 report=false" -o /dev/null 2>&1 | FileCheck %s --check-prefix=DENSE
// RUN: not %mtc-opt %inputs/moe-tiny.mlir --mtc-verify-config="tp=2 dp=2 ep=2 report=false" --mtc-expert-parallel -o /dev/null 2>&1 | FileCheck %s --check-prefix=TENSOR
// RUN: not %mtc-opt %inputs/moe-tiny.mlir --mtc-verify-config="dp=2 ep=2 report=false" --mtc-expert-parallel --mtc-expert-parallel -o /dev/null 2>&1 | FileCheck %s --check-prefix=TWICE

// Four experts over two ranks (mtc-import --num-experts 4, top-2; 4 tokens,
// so 8 permuted rows, 16 after the exchange): each rank holds two experts of
// every weight, placed by the runtime at expert rank * 2.
// CHECK: mtc.parallel = #mtc.parallel<{{.*}}dp = 2{{.*}}ep = 2>
// CHECK: mtc.param @h.0.moe.w1 : tensor<2x8x6xf32> init(normal, 2.000000e-02) {expert_split, full_shape = array<i64: 4, 8, 6>, split_dim = 0 : i64}
// CHECK: mtc.param @h.0.moe.w3 : tensor<2x8x6xf32> {{.*}}expert_split
// CHECK: mtc.param @h.0.moe.w2 : tensor<2x6x8xf32> {{.*}}expert_split
// The router stays whole: every rank routes its own tokens to all experts.
// CHECK: mtc.param_ref @h.0.moe.router.weight : tensor<8x4xf32>
// CHECK: %routed, %kept, %row_of, %entry_of = mtc.moe_dispatch
// CHECK: %all_kept, %local_kept = mtc.ep_counts %kept {ep = 2 : i64} : tensor<4xi32> -> tensor<2x4xi32>, tensor<2xi32>
// CHECK: mtc.moe_aux_loss %probs, %routed
// CHECK: %[[ROWS:.*]] = mtc.moe_permute
// CHECK: %[[SENT:.*]] = mtc.ep_dispatch %[[ROWS]], %all_kept {ep = 2 : i64} : tensor<8x8xf32>, tensor<2x4xi32> -> tensor<16x8xf32>
// CHECK: mtc.grouped_linear %[[SENT]], %local_kept, %{{.*}} : tensor<16x8xf32>, tensor<2xi32>, tensor<2x8x6xf32> -> tensor<16x6xf32>
// CHECK: mtc.grouped_linear %[[SENT]], %local_kept
// CHECK: %[[OUT:.*]] = mtc.grouped_linear %{{.*}}, %local_kept, %{{.*}} -> tensor<16x8xf32>
// CHECK: %[[BACK:.*]] = mtc.ep_combine %[[OUT]], %all_kept {ep = 2 : i64} : tensor<16x8xf32>, tensor<2x4xi32> -> tensor<8x8xf32>
// CHECK: mtc.moe_combine %[[BACK]], %row_of, %entry_of, %weights

// The backward mirrors the exchanges: each is the other's gradient.
// GRAD-LABEL: mtc.layer "h.0"{{.*}}backward
// GRAD: mtc.moe_combine_grad
// GRAD: mtc.ep_dispatch {{.*}} -> tensor<16x8xf32>
// GRAD: mtc.grouped_linear_dw {{.*}} {weight = @h.0.moe.w2} : tensor<16x6xf32>, tensor<16x8xf32>, tensor<2xi32>
// GRAD: mtc.ep_combine {{.*}} -> tensor<8x8xf32>
// GRAD: mtc.moe_permute_grad

// ep = 1 changes nothing.
// ONE-NOT: mtc.ep_
// ONE: mtc.param @h.0.moe.w1 : tensor<4x8x6xf32> init(normal, 2.000000e-02)
// ONE-NOT: mtc.ep_

// EXPERTS: error: mtc.model: ep 8 must divide the 4 experts of each mixture-of-experts layer
// DATA: error: mtc.parallel: rank grid: ep=4 does not divide cp*dp = 1*2 = 2
// DENSE: error: ep 2 spreads the experts of mixture-of-experts layers, and this model has none: use ep 1
// TENSOR: error: mtc.parallel: expert parallelism with tensor or context parallelism is not built yet (docs/moe.md): use tp = cp = 1 with ep = 2
// TWICE: error: 'mtc.param' op is already split; run --mtc-expert-parallel once, on the model mtc-import wrote
