// RUN: %mtc-opt %inputs/embedding-linear-loss.mlir --mtc-autodiff --mtc-plan-memory | FileCheck %s
// RUN: %mtc-opt %inputs/embedding-linear-loss.mlir --mtc-autodiff --mtc-plan-memory=report=true -o /dev/null | FileCheck %s --check-prefix=REPORT
// RUN: %mtc-opt %inputs/embedding-linear-loss.mlir --mtc-autodiff --mtc-data-parallel=precision=bf16 --mtc-plan-memory | FileCheck %s --check-prefix=BF16
// RUN: %mtc-opt %s --mtc-plan-memory -verify-diagnostics
// RUN: %mtc-opt %inputs/plan-memory-huge.mlir --mtc-plan-memory -verify-diagnostics -o /dev/null
//
// embedding -> linear -> loss, planned by hand. Steps: 0 embedding, 1 linear,
// 2 cross_entropy, 3 cross_entropy_grad, 4 linear_dx, 5 linear_dw,
// 6 embedding_grad. Buffers (bytes, lifetime): tokens 16 [0,6], targets 16
// [0,3], x 128 [0,5], logits 160 [1,3], row max / sum exp 16 each [2,3],
// target logit 16 [2,2], loss 8 [2,6], dlogits 160 [3,5], dx 128 [4,6].
// Live bytes per step: 160, 320, 376, 520, 440, 440, 152: the peak is 520.
// First fit at 64-byte alignment: tokens 0, targets 64, x 128, logits 256,
// row max 448, sum exp 512, target logit 576, loss 640; dlogits (192) does not
// fit the 64 bytes the target logit freed and goes to 704; dx reuses logits'
// space at 256. The arena ends at 704 + 192 = 896. Parameters: 160 floats.
// CHECK-LABEL: func.func @train_step
// CHECK-SAME: mtc.memory = {activation_peak_bytes = 520 : i64, arena_bytes = 896 : i64, buffers = 10 : i64, grad_bytes = 640 : i64, optimizer_bytes = 1280 : i64, param_bytes = 640 : i64}
// REPORT: memory plan: 7 steps, 10 buffers

// bf16 (the same with fp16): activations take 2 bytes an element, tokens,
// targets, the cross-entropy's row statistics and the loss keep 4. Bytes: x
// 64, logits 80, dlogits 80, dx 64, the rest as above. Live per step: 96,
// 176, 232, 296, 232, 232, 88: the peak is 296. First fit: tokens 0,
// targets 64, x 128, logits 192 (128 aligned), row max 320, sum exp 384,
// target logit 448, loss 512; dlogits (128) does not fit the 64 bytes the
// target logit freed and goes to 576; dx takes the targets' 64 bytes. The
// arena ends at 576 + 128 = 704.
// BF16: mtc.memory = {activation_peak_bytes = 296 : i64, arena_bytes = 704 : i64

// Without autodiff there is nothing to plan.
// expected-error @+1 {{no @train_step: run --mtc-autodiff first}}
module {
}
