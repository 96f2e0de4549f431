// A @forward without a body (a declaration) is an error for every pass that
// walks it, never a crash; --mtc-stats still counts the declared parameters.
// RUN: not %mtc-opt %s --mtc-set-shape 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: not %mtc-opt %s --mtc-autodiff 2>&1 | FileCheck %s --check-prefix=AD
// RUN: %mtc-opt %s --mtc-stats -o /dev/null | FileCheck %s --check-prefix=STATS

module attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 1, hidden = 4, heads = 1, ffn = 16, vocab = 4, padded_vocab = 4, positions = 4, seq = 4, micro_batch = 1>} {
  mtc.param @w : tensor<4x4xf32> init(zeros)
  func.func private @forward(tensor<1x4xi32>, tensor<1x4xi32>) -> tensor<f32>
}

// SHAPE: error: --mtc-set-shape needs an 'mtc.model' attribute and a @forward function with a body
// AD: error: --mtc-autodiff needs a @forward function with a body
// AD-NOT: already ran
// Run twice, the second finds @train_step and says why.
// RUN: %mtc-import --num-layers 1 --hidden-size 8 --num-attention-heads 2 --seq-length 4 --vocab-size 16 \
// RUN:   | not %mtc-opt --mtc-autodiff --mtc-autodiff 2>&1 | FileCheck %s --check-prefix=AD-TWICE
// AD-TWICE: error: --mtc-autodiff needs a @forward function with a body (the module has @train_step: --mtc-autodiff already ran; run it once)
// STATS: model m: 16 parameters
