// RUN: %mtc-opt %s -split-input-file --mtc-optimizer | FileCheck %s
// RUN: %mtc-opt %s -split-input-file --mtc-optimizer="lr=3e-4 min-lr=3e-5 warmup-steps=100 decay-steps=1000 beta2=0.999 weight-decay=0.1 clip-grad=0" | FileCheck %s --check-prefix=SET
// RUN: not %mtc-opt %s --mtc-optimizer="lr=1e-4 min-lr=1e-3" 2>&1 | FileCheck %s --check-prefix=BAD

// Megatron-LM's GPT defaults.
// CHECK-LABEL: module
// CHECK: mtc.adamw {beta1 = 9.000000e-01 : f64, beta2 = 0.94999999999999996 : f64, clip_grad = 1.000000e+00 : f64, decay_steps = 0 : i64, eps = 1.000000e-08 : f64, lr = 1.500000e-04 : f64, min_lr = 1.000000e-05 : f64, warmup_steps = 0 : i64, weight_decay = 1.000000e-02 : f64}
// SET: mtc.adamw {beta1 = 9.000000e-01 : f64, beta2 = 0.99899999999999999 : f64, clip_grad = 0.000000e+00 : f64, decay_steps = 1000 : i64, eps = 1.000000e-08 : f64, lr = 3.000000e-04 : f64, min_lr = 3.000000e-05 : f64, warmup_steps = 100 : i64, weight_decay = 1.000000e-01 : f64}
// BAD: error: 'mtc.adamw' op needs 0 <= min_lr <= lr <= 1, got lr 1.000000e-04 and min_lr 1.000000e-03
module {
}

// -----

// A second run replaces the optimizer: there is exactly one.
// CHECK-LABEL: module
// CHECK-COUNT-1: mtc.adamw
// CHECK-NOT: mtc.adamw
module {
  mtc.adamw {beta1 = 0.5 : f64, beta2 = 0.5 : f64, clip_grad = 0.0 : f64, decay_steps = 0 : i64, eps = 1.0e-08 : f64, lr = 1.0e-01 : f64, min_lr = 0.0 : f64, warmup_steps = 0 : i64, weight_decay = 0.0 : f64}
}
