// --mtc-verify-config checks an uneven pipeline layout, not divisibility:
// pp x vp chunks, summing to the model's layers, none empty; Megatron-LM's
// first/last stage options by Megatron's rules. Each error names the option.
//
// Megatron-LM's last-stage option, 2 layers on the last stage.
// RUN: %mtc-opt %s -split-input-file -verify-diagnostics --mtc-verify-config="decoder-last-pipeline-num-layers=2 report=false" -o /dev/null
//
// The explicit per-chunk layout, 3,3,2.
// RUN: %mtc-opt %inputs/verify-config-layers-per-chunk.mlir -split-input-file -verify-diagnostics --mtc-verify-config="layers-per-chunk=3,3,2 report=false" -o /dev/null
//
// Two ways of laying out the layers at once, and an uneven layout without a pipeline.
// RUN: %mtc-opt %inputs/verify-config-layout-two-ways.mlir -verify-diagnostics --mtc-verify-config="layers-per-chunk=4,4 decoder-first-pipeline-num-layers=4 report=false" -o /dev/null
// RUN: %mtc-opt %inputs/verify-config-layout-first-cost.mlir -verify-diagnostics --mtc-verify-config="pipeline-balance=cost decoder-last-pipeline-num-layers=2 report=false" -o /dev/null
// RUN: %mtc-opt %inputs/verify-config-layout-no-pipeline.mlir -verify-diagnostics --mtc-verify-config="decoder-first-pipeline-num-layers=2 report=false" -o /dev/null
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="pp=2 layers-per-chunk=4,4 decoder-first-pipeline-num-layers=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH: error: mtc.model: give layers-per-chunk or decoder-first-pipeline-num-layers / decoder-last-pipeline-num-layers, not both
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="pp=2 pipeline-balance=cost decoder-last-pipeline-num-layers=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=COST
// COST: error: mtc.model: give decoder-first-pipeline-num-layers / decoder-last-pipeline-num-layers or pipeline-balance=cost, not both
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="decoder-first-pipeline-num-layers=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NO-PP
// NO-PP: error: mtc.model: an uneven pipeline layout (layers-per-chunk, decoder-first/last-pipeline-num-layers or pipeline-balance=cost) needs pp > 1
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="pp=2 decoder-first-pipeline-num-layers=-1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: error: mtc.model: decoder-first-pipeline-num-layers and decoder-last-pipeline-num-layers must be >= 1 when given, got -1 and 0
//
// The verdict of a layout that passes names its chunks.
// RUN: %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="pp=3 vp=2 global-batch=6 decoder-first-pipeline-num-layers=2 decoder-last-pipeline-num-layers=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=VERDICT
// VERDICT: remark: mtc.model: pp 3 x vp 2: the 8 layers in 6 chunks of 1+2+1+1+2+1, interleaved 1F1B over 6 micro-batches per step

// 7 layers, p=3: the 5 the last stage leaves do not split over the 2 others.
// expected-error @+1 {{mtc.model: the 5 layers left by decoder-last-pipeline-num-layers (2) are not divisible by the 2 middle stages; change the first/last stage's layers or pp, or give every chunk's layers (layers-per-chunk)}}
module @middle attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 7, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 3, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// 9 layers, p=4: 7 over 3 stages is not whole either; with 8 it is (2 each).
// expected-error @+1 {{the 7 layers left by decoder-last-pipeline-num-layers (2) are not divisible by the 3 middle stages}}
module @middle4 attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 9, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 4, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// 8 layers, p=4: 6 left, 2 per middle stage. Passes (no diagnostic).
module @fits attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 4, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// v=2: each stage's layers split evenly over its 2 chunks, as in Megatron-LM.
// expected-error @+1 {{mtc.model: each middle stage's 3 layers (the 3 left by decoder-last-pipeline-num-layers (2) over 1 stages) must be divisible by vp (2)}}
module @vp_middle attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 5, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 2, vp = 2, dp = 1, micro_batch = 2, global_batch = 4, sequence_parallel = 0>} {}

// -----

// expected-error @+1 {{mtc.model: decoder-last-pipeline-num-layers (2) must be divisible by vp (4): each of the stage's 4 chunks holds the same number of layers, as in Megatron-LM}}
module @vp_last attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 16, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 2, vp = 4, dp = 1, micro_batch = 2, global_batch = 4, sequence_parallel = 0>} {}

// -----

// 3 layers, p=3: the last stage's 2 leave 1 for the 2 other stages.
// expected-error @+1 {{mtc.model: with decoder-last-pipeline-num-layers (2), 1 of the 3 layers remain for the other 2 stage(s), which need at least 2 (one per chunk)}}
module @empty attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 3, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 3, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// 2 layers, p=2: the last stage takes both.
// expected-error @+1 {{mtc.model: with decoder-last-pipeline-num-layers (2), 0 of the 2 layers remain for the other 1 stage(s), which need at least 1 (one per chunk)}}
module @all_last attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 2, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 2, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}
