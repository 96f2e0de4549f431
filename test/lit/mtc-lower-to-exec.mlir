// RUN: %mtc-opt %inputs/embedding-linear-loss.mlir --mtc-autodiff --mtc-optimizer="lr=0.001 warmup-steps=10" --mtc-lower-to-exec -o /dev/null | FileCheck %s
// RUN: %mtc-opt %inputs/embedding-linear-loss.mlir --mtc-autodiff --mtc-optimizer --mtc-data-parallel=precision=bf16 --mtc-lower-to-exec -o /dev/null | FileCheck %s --check-prefix=BF16
// RUN: %mtc-opt %s --mtc-lower-to-exec -verify-diagnostics -o /dev/null
//
// The plan of embedding -> linear -> loss (see mtc-plan-memory.mlir for the
// offsets): parameters in declaration order, buffers with arena offsets and
// lifetimes, then the seven steps, forward first.
// CHECK-LABEL: format_version: 1
// CHECK:      model {
// CHECK-NEXT:   name: "m"
// CHECK:      optimizer {
// CHECK-NEXT:   lr: 0.001
// CHECK:        warmup_steps: 10
// CHECK:      params {
// CHECK-NEXT:   name: "wte"
// CHECK:      params {
// CHECK-NEXT:   id: 1
// CHECK-NEXT:   name: "out"
// CHECK:      buffers {
// CHECK-NEXT:   name: "tokens"
// CHECK-NEXT:   dtype: I32
// CHECK:      name: "cross_entropy_grad"
// CHECK-NEXT: shape: 1
// CHECK-NEXT: shape: 4
// CHECK-NEXT: shape: 10
// CHECK-NEXT: offset: 704
// CHECK-NEXT: bytes: 160
// CHECK-NEXT: first_step: 3
// CHECK-NEXT: last_step: 5
// CHECK:      name: "linear_dx"
// CHECK:        offset: 256
// CHECK:      targets: 1
// CHECK:      loss: 7
// CHECK:      steps {
// CHECK-NEXT:   location: "embedding wte"
// CHECK-NEXT:   embedding_forward {
// CHECK:      steps {
// CHECK-NEXT:   location: "linear out"
// CHECK-NEXT:   linear_forward {
// CHECK:      cross_entropy {
// CHECK:        loss: 7
// CHECK-NEXT:   valid_vocab: 10
// CHECK:      cross_entropy_backward {
// CHECK:      linear_backward_input {
// CHECK:      linear_backward_weight {
// CHECK:        w_grad: 1
// CHECK:      embedding_backward {
// CHECK:      memory {
// CHECK-NEXT:   param_bytes: 640
// CHECK-NEXT:   grad_bytes: 640
// CHECK-NEXT:   optimizer_bytes: 1280
// CHECK-NEXT:   activation_peak_bytes: 520
// CHECK-NEXT:   arena_bytes: 896
// CHECK-NEXT: }
// CHECK-NEXT: logits: 3
// CHECK-NEXT: forward_steps: 3

// bf16: activations and their gradients are BF16 buffers of 2 bytes an
// element; the cross-entropy's row statistics and the loss stay F32 (the
// default, which the text format leaves out).
// BF16:      name: "embedding"
// BF16-NEXT: dtype: BF16
// BF16:      bytes: 64
// BF16:      name: "cross_entropy.row_max"
// BF16-NEXT: shape: 1
// BF16:      name: "cross_entropy_grad"
// BF16-NEXT: dtype: BF16
// BF16:      bytes: 80
// BF16:      precision: "bf16"

// Squared ReLU (HF's "relu2") runs as its two steps; like GeLU's, its backward
// reads the forward's input buffer, which stays live until then.
// RUN: %mtc-import %models/gpt2-tiny-relu2.json --num-layers 1 --seq-length 16 --vocab-size 100 \
// RUN:   | %mtc-opt --mtc-autodiff --mtc-optimizer --mtc-lower-to-exec -o /dev/null | FileCheck %s --check-prefix=RELU2
// RELU2:      location: "h.0/squared_relu"
// RELU2-NEXT: squared_relu {
// RELU2-NEXT:   x: [[X:[0-9]+]]
// RELU2-NEXT:   y: {{[0-9]+}}
// RELU2-NEXT: }
// RELU2:      location: "h.0/squared_relu_grad"
// RELU2-NEXT: squared_relu_backward {
// RELU2-NEXT:   x: [[X]]
// RELU2-NEXT:   dy: {{[0-9]+}}
// RELU2-NEXT:   dx: {{[0-9]+}}
// RELU2-NEXT: }

// Without autodiff there is nothing to lower.
// expected-error @+1 {{no @train_step: run --mtc-autodiff first}}
module {
}
