// Every check of --mtc-verify-config, each naming its numbers and what to
// change, the verdict it prints on a layout that passes, and the
// `mtc.parallel` attribute it records. Cases carrying an `mtc.parallel` are
// re-checked as they are; the RUN lines below them pass the sizes as options.
//
// RUN: %mtc-opt %s -split-input-file -verify-diagnostics --mtc-verify-config | FileCheck %s
//
// README's line: a verdict a person reads, one remark per aspect, no IR and
// no source line. GPT-2's vocabulary of 50257 is padded by one row for tp=2
// (the compiler's rule, not an error).
// RUN: %mtc-opt %models/gpt2.mlir --mtc-verify-config="tp=2 pp=2 dp=2 global-batch=16" -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=README --implicit-check-not=module --implicit-check-not=error
// README:      {{^}}{{.*}}gpt2.mlir:1: remark: mtc.parallel: world size 8 = tp 2 x pp 2 x dp 2 (Megatron-LM's order: tensor ranks adjacent, then data, then pipeline)
// README-NEXT: {{^}}{{.*}}gpt2.mlir:1: remark: mtc.parallel: global batch 16 = micro-batch 1 x dp 2 x 8 micro-batches per step
// README-NEXT: {{^}}{{.*}}gpt2.mlir:1: remark: mtc.model: tp 2: each rank computes 6 of 12 heads, 1536 of ffn 3072
// README-NEXT: {{^}}{{.*}}gpt2.mlir:1: remark: mtc.model: padded_vocab 50257 is not divisible by tp 2: --mtc-tensor-parallel pads the embedding table to 50258 rows, 25129 per rank, as mtc-compile does (padding rows are never looked up and are masked out of the loss)
// README-NEXT: {{^}}{{.*}}gpt2.mlir:1: remark: mtc.model: pp 2 x vp 1: the 12 layers in 2 chunks of 6, 1F1B over 8 micro-batches per step
// README-NOT: {{.}}
//
// The padding the verdict reports is the one mtc-compile applies.
// RUN: %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="tp=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TINY-TP2
// TINY-TP2: remark: mtc.model: padded_vocab 50257 is not divisible by tp 2: --mtc-tensor-parallel pads the embedding table to 50258 rows, 25129 per rank, as mtc-compile does
// RUN: rm -rf %t.tp2 && mtc-compile %models/gpt2-tiny.mlir -o %t.tp2 --no-build --tp 2 > /dev/null
// RUN: FileCheck %s --input-file %t.tp2/plan.txt --check-prefix=COMPILED-TP2
// COMPILED-TP2: padded_vocab: 50258
//
// report=false (mtc-compile's pipeline) and MLIR's verbosity flag silence the verdict.
// RUN: %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="tp=2 report=false" -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="tp=2" --mlir-diagnostic-verbosity-level=errors -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: remark
//
// llama-tiny's 2 key/value groups do not split 4 ways (heads, hidden and FFN would).
// RUN: not %mtc-opt %models/llama-tiny.mlir --mtc-verify-config="tp=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LLAMA-TP4
// LLAMA-TP4: llama-tiny.mlir:1: error: mtc.model: kv_heads (2) is not divisible by tp (4): every rank holds whole key/value groups
// LLAMA-TP4-NEXT: llama-tiny.mlir:1: note: tp sizes that split this model: 1, 2
//
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="pp=3 vp=2 dp=2 global-batch=3 world-size=5 sequence-parallel" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TINY-MANY
// TINY-MANY-DAG: error: mtc.model: layers (8) are not divisible by pp*vp (3*2=6); make pp*vp one of 1, 2, 4, 8, or place the layers unevenly with layers-per-chunk, decoder-first-pipeline-num-layers / decoder-last-pipeline-num-layers or pipeline-balance=cost
// TINY-MANY-DAG: error: global batch (3) is not divisible by micro-batch*dp (1*2=2); use a multiple of 2, e.g. 2 or 4
// TINY-MANY-DAG: error: world size 5 is not tp*pp*dp (1*3*2=6); launch 6 ranks or choose sizes whose product is 5
// TINY-MANY-DAG: error: sequence parallelism needs tp > 1; set tp, or drop sequence parallelism
//
// An uneven layout is checked by the pipeline partition's own rule.
// RUN: %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="pp=3 layers-per-chunk=3,3,2 global-batch=6" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNEVEN
// UNEVEN: remark: mtc.model: pp 3 x vp 1: the 8 layers in 3 chunks of 3+3+2, 1F1B over 6 micro-batches per step
// RUN: %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="pp=3 pipeline-balance=cost" -o /dev/null 2>&1 | FileCheck %s --check-prefix=COST
// COST: remark: mtc.model: pp 3 x vp 1: the 8 layers in 3 chunks balanced by cost, 1F1B over 1 micro-batches per step
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="pp=3 layers-per-chunk=3,3,3" -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNEVEN-BAD
// UNEVEN-BAD: error: mtc.model: layers-per-chunk=3,3,3 places 9 layers, but the model has 8
//
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="micro-batch=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TINY-MB
// TINY-MB: error: mtc.model: micro-batch 4 differs from the model's activations' 1; run --mtc-set-shape=micro-batch=4 first
//
// After --mtc-set-shape the same micro-batch is accepted.
// RUN: %mtc-opt %models/gpt2-tiny.mlir --mtc-set-shape="micro-batch=4" --mtc-verify-config="pp=4 vp=2 dp=2 micro-batch=4 global-batch=32" | FileCheck %s --check-prefix=TINY-OK
// TINY-OK: mtc.parallel = #mtc.parallel<tp = 1, pp = 4, vp = 2, dp = 2, micro_batch = 4, global_batch = 32, sequence_parallel = 0>
//
// Options out of range: below 1, past int32, and a world whose tp*pp*dp
// would overflow (it used to wrap around before the world-size check).
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="tp=-1 dp=-2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT-NEG
// OPT-NEG: error: tp must be between 1 and 2147483647, got -1
// OPT-NEG: error: dp must be between 1 and 2147483647, got -2
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="pp=4294967297 world-size=-1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT-BIG
// OPT-BIG: error: pp must be between 1 and 2147483647, got 4294967297
// OPT-BIG: error: world-size must be between 0 (tp*cp*pp*dp) and 2147483647, got -1
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="tp=2147483647 pp=2147483647 dp=2147483647" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT-WORLD
// OPT-WORLD: error: tp*pp*dp (2147483647*2147483647*2147483647) exceeds 2147483647 ranks
// A model imported with Megatron's padding takes tp = 2 and sequence parallelism.
// RUN: %mtc-import --num-layers 4 --hidden-size 64 --num-attention-heads 4 --seq-length 16 --vocab-size 100 --make-vocab-size-divisible-by 8 --tensor-model-parallel-size 2 \
// RUN:   | %mtc-opt --mtc-verify-config="tp=2 pp=2 dp=2 global-batch=8 world-size=8 sequence-parallel" | FileCheck %s --check-prefix=PADDED
// PADDED: padded_vocab = 112
// PADDED-SAME: mtc.parallel = #mtc.parallel<tp = 2, pp = 2, vp = 1, dp = 2, micro_batch = 1, global_batch = 8, sequence_parallel = 1>

// heads
// expected-error @+2 {{mtc.model: heads (6) is not divisible by tp (4): every rank computes whole attention heads}}
// expected-note @+1 {{tp sizes that split this model: 1, 2, 3, 6}}
module @heads attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 48, heads = 6, ffn = 192, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 4, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// hidden: heads that tp divides and that divide hidden make tp divide
// hidden, so only a model that #mtc.model's verifier refuses gets here.
// expected-error @+1 {{mtc.model: heads (4) do not divide hidden (98)}}
module @hidden attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 98, heads = 4, ffn = 128, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 4, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// ffn
// expected-error @+2 {{mtc.model: ffn (100) is not divisible by tp (8): the MLP is split by columns and rows}}
// expected-note @+1 {{tp sizes that split this model: 1, 2, 4}}
module @ffn attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 8, ffn = 100, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 8, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// vocab: --mtc-tensor-parallel would pad it, but there is no table to pad;
// it refuses with the same message.
// expected-error @+1 {{mtc.model: padded_vocab (100) is not divisible by tp (8) and the module has no @forward with one mtc.embedding whose table could be padded (found 0); re-import with --make-vocab-size-divisible-by 128 --tensor-model-parallel-size 8 (Megatron-LM's padding) or use a tp that divides 100}}
module @vocab attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 8, ffn = 256, vocab = 100, padded_vocab = 100, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 8, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// layers
// expected-error @+1 {{mtc.model: layers (6) are not divisible by pp*vp (4*1=4); make pp*vp one of 1, 2, 3, 6, or place the layers unevenly with layers-per-chunk, decoder-first-pipeline-num-layers / decoder-last-pipeline-num-layers or pipeline-balance=cost (mtc-compile --layers-per-chunk, --decoder-first-pipeline-num-layers, --decoder-last-pipeline-num-layers, --pipeline-balance cost)}}
module @layers attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 6, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 4, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// layers_vp
// expected-error @+1 {{mtc.model: layers (8) are not divisible by pp*vp (2*3=6); make pp*vp one of 1, 2, 4, 8}}
module @layers_vp attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 2, vp = 3, dp = 1, micro_batch = 2, global_batch = 4, sequence_parallel = 0>} {}

// -----

// vp_without_pp
// expected-error @+1 {{mtc.parallel: rank grid: vp=2 virtual chunks need pp > 1, got pp=1}}
module @vp_without_pp attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 2, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// micro_batch
// expected-error @+1 {{mtc.model: micro-batch 4 differs from the model's activations' 2; run --mtc-set-shape=micro-batch=4 first}}
module @micro_batch attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 1, micro_batch = 4, global_batch = 4, sequence_parallel = 0>} {}

// -----

// global_batch
// expected-error @+1 {{global batch (10) is not divisible by micro-batch*dp (2*4=8); use a multiple of 8, e.g. 8 or 16}}
module @global_batch attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 4, micro_batch = 2, global_batch = 10, sequence_parallel = 0>} {}

// -----

// interleaved_micro_batches
// expected-error @+1 {{interleaving needs micro-batches per step (3) to be a multiple of pp (2); use a global batch that is a multiple of micro-batch*dp*pp (4), e.g. 4 or 8, or vp=1}}
module @interleaved_micro_batches attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 2, vp = 2, dp = 1, micro_batch = 2, global_batch = 6, sequence_parallel = 0>} {}

// -----

// sp_without_tp
// expected-error @+1 {{sequence parallelism needs tp > 1; set tp, or drop sequence parallelism}}
module @sp_without_tp attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 1>} {}

// -----

// sp_seq
// expected-error @+1 {{mtc.model: seq (15) is not divisible by tp (2) for sequence parallelism; re-shape with --mtc-set-shape=seq=N for a multiple N of 2, or drop sequence parallelism}}
module @sp_seq attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 15, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 2, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 1>} {}

// -----

// below_one: #mtc.parallel's own verifier refuses it when it is parsed.
// expected-error @+1 {{mtc.parallel: tp must be between 1 and 2147483647, got -1}}
module @below_one attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = -1, pp = 1, vp = 1, dp = -2, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// all_reported
// expected-error @+6 {{mtc.model: heads (4) is not divisible by tp (3)}}
// expected-error @+5 {{mtc.model: hidden (64) is not divisible by tp (3)}}
// expected-error @+4 {{mtc.model: ffn (256) is not divisible by tp (3)}}
// expected-note @+3 {{tp sizes that split this model: 1, 2, 4}}
// expected-error @+2 {{mtc.model: padded_vocab (128) is not divisible by tp (3) and the module has no @forward}}
// expected-error @+1 {{mtc.model: layers (8) are not divisible by pp*vp (3*1=3)}}
module @all_reported attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 3, pp = 3, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// no_model
// expected-error @+1 {{module has no 'mtc.model' attribute; write models with mtc-import or add #mtc.model<...> by hand}}
module @no_model {}

// -----

// CHECK-LABEL: module @defaults
// CHECK-SAME: mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>
// expected-remark @+2 {{mtc.parallel: world size 1 = tp 1 x pp 1 x dp 1}}
// expected-remark @+1 {{mtc.parallel: global batch 2 = micro-batch 2 x dp 1 x 1 micro-batches per step}}
module @defaults attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>} {}

// -----

// An existing attribute is re-checked and kept; the verdict covers every aspect.
// CHECK-LABEL: module @kept
// CHECK-SAME: mtc.parallel = #mtc.parallel<tp = 2, pp = 2, vp = 2, dp = 2, micro_batch = 2, global_batch = 16, sequence_parallel = 1>
// expected-remark @+6 {{mtc.parallel: world size 8 = tp 2 x pp 2 x dp 2 (Megatron-LM's order: tensor ranks adjacent, then data, then pipeline)}}
// expected-remark @+5 {{mtc.parallel: global batch 16 = micro-batch 2 x dp 2 x 4 micro-batches per step}}
// expected-remark @+4 {{mtc.model: tp 2: each rank computes 2 of 4 heads, 128 of ffn 256}}
// expected-remark @+3 {{mtc.model: padded_vocab 128: 64 rows per rank}}
// expected-remark @+2 {{mtc.model: sequence parallelism: 8 of seq 16 per rank outside the attention and MLP}}
// expected-remark @+1 {{mtc.model: pp 2 x vp 2: the 8 layers in 4 chunks of 2, interleaved 1F1B over 4 micro-batches per step}}
module @kept attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 2, pp = 2, vp = 2, dp = 2, micro_batch = 2, global_batch = 16, sequence_parallel = 1>} {}

// -----

// Megatron's largest tp: every size divides 8.
// CHECK-LABEL: module @tp8
// CHECK-SAME: mtc.parallel = #mtc.parallel<tp = 8, pp = 4, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>
// expected-remark @+5 {{world size 32 = tp 8 x pp 4 x dp 1}}
// expected-remark @+4 {{global batch 2 = micro-batch 2 x dp 1 x 1 micro-batches per step}}
// expected-remark @+3 {{tp 8: each rank computes 1 of 8 heads, 32 of ffn 256}}
// expected-remark @+2 {{padded_vocab 128: 16 rows per rank}}
// expected-remark @+1 {{pp 4 x vp 1: the 8 layers in 4 chunks of 2, 1F1B over 1 micro-batches per step}}
module @tp8 attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 8, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 8, pp = 4, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}
