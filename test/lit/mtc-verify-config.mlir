// Every check of --mtc-verify-config, each naming its numbers, and the
// `mtc.parallel` attribute it records. Cases carrying an `mtc.parallel` are
// re-checked as they are; the RUN lines below them pass the sizes as options.
//
// RUN: %mtc-opt %s -split-input-file -verify-diagnostics --mtc-verify-config | FileCheck %s
//
// Options on a real model (gpt2-tiny: 8 layers, 4 heads, 128 hidden, unpadded vocabulary 50257):
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="tp=2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TINY-TP2
// TINY-TP2: error: padded vocabulary (50257) is not divisible by tp (2); re-import with --make-vocab-size-divisible-by=256
// TINY-TP2-NOT: error:
//
// llama-tiny's 2 key/value groups do not split 4 ways (heads, hidden and FFN would).
// RUN: not %mtc-opt %models/llama-tiny.mlir --mtc-verify-config="tp=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=LLAMA-TP4
// LLAMA-TP4: error: key/value heads (query groups) (2) is not divisible by the tensor-parallel size (4)
//
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="pp=3 vp=2 dp=2 global-batch=3 world-size=5 sequence-parallel" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TINY-MANY
// TINY-MANY-DAG: error: layers (8) are not divisible by pp*vp (3*2=6)
// TINY-MANY-DAG: error: global batch (3) is not divisible by micro-batch*dp (1*2=2)
// TINY-MANY-DAG: error: world size 5 is not tp*pp*dp (1*3*2=6)
// TINY-MANY-DAG: error: sequence parallelism needs tp > 1
//
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="micro-batch=4" -o /dev/null 2>&1 | FileCheck %s --check-prefix=TINY-MB
// TINY-MB: error: micro-batch 4 differs from the model's activations' 1; run --mtc-set-shape=micro-batch=4 first
//
// After --mtc-set-shape the same micro-batch is accepted.
// RUN: %mtc-opt %models/gpt2-tiny.mlir --mtc-set-shape="micro-batch=4" --mtc-verify-config="pp=4 vp=2 dp=2 micro-batch=4 global-batch=32" | FileCheck %s --check-prefix=TINY-OK
// TINY-OK: mtc.parallel = #mtc.parallel<tp = 1, pp = 4, vp = 2, dp = 2, micro_batch = 4, global_batch = 32, sequence_parallel = 0>
//
// A model imported with Megatron's padding takes tp = 2 and sequence parallelism.
// Options out of range: below 1, past int32, and a world whose tp*pp*dp
// would overflow (it used to wrap around before the world-size check).
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="tp=-1 dp=-2" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT-NEG
// OPT-NEG: error: tp must be between 1 and 2147483647, got -1
// OPT-NEG: error: dp must be between 1 and 2147483647, got -2
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="pp=4294967297 world-size=-1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT-BIG
// OPT-BIG: error: pp must be between 1 and 2147483647, got 4294967297
// OPT-BIG: error: world-size must be between 0 (tp*pp*dp) and 2147483647, got -1
// RUN: not %mtc-opt %models/gpt2-tiny.mlir --mtc-verify-config="tp=2147483647 pp=2147483647 dp=2147483647" -o /dev/null 2>&1 | FileCheck %s --check-prefix=OPT-WORLD
// OPT-WORLD: error: tp*pp*dp (2147483647*2147483647*2147483647) exceeds 2147483647 ranks
// RUN: %mtc-import --num-layers 4 --hidden-size 64 --num-attention-heads 4 --seq-length 16 --vocab-size 100 --make-vocab-size-divisible-by 8 --tensor-model-parallel-size 2 \
// RUN:   | %mtc-opt --mtc-verify-config="tp=2 pp=2 dp=2 global-batch=8 world-size=8 sequence-parallel" | FileCheck %s --check-prefix=PADDED
// PADDED: padded_vocab = 112
// PADDED-SAME: mtc.parallel = #mtc.parallel<tp = 2, pp = 2, vp = 1, dp = 2, micro_batch = 1, global_batch = 8, sequence_parallel = 1>

// heads
// expected-error @+1 {{attention heads (6) is not divisible by the tensor-parallel size (4)}}
module @heads attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 48, heads = 6, ffn = 192, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 4, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// hidden: heads that tp divides and that divide hidden make tp divide
// hidden, so only a model that #mtc.model's verifier refuses gets here.
// expected-error @+1 {{mtc.model: heads (4) do not divide hidden (98)}}
module @hidden attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 98, heads = 4, ffn = 128, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 4, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// ffn
// expected-error @+1 {{FFN size (100) is not divisible by the tensor-parallel size (8)}}
module @ffn attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 8, ffn = 100, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 8, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// vocab
// expected-error @+1 {{padded vocabulary (100) is not divisible by tp (8); re-import with --make-vocab-size-divisible-by=1024}}
module @vocab attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 8, ffn = 256, vocab = 100, padded_vocab = 100, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 8, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// layers
// expected-error @+1 {{layers (6) are not divisible by pp*vp (4*1=4)}}
module @layers attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 6, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 4, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// layers_vp
// expected-error @+1 {{layers (8) are not divisible by pp*vp (2*3=6)}}
module @layers_vp attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 2, vp = 3, dp = 1, micro_batch = 2, global_batch = 4, sequence_parallel = 0>} {}

// -----

// vp_without_pp
// expected-error @+1 {{mtc.parallel: rank grid: vp=2 virtual chunks need pp > 1, got pp=1}}
module @vp_without_pp attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 2, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// micro_batch
// expected-error @+1 {{micro-batch 4 differs from the model's activations' 2; run --mtc-set-shape=micro-batch=4 first}}
module @micro_batch attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 1, micro_batch = 4, global_batch = 4, sequence_parallel = 0>} {}

// -----

// global_batch
// expected-error @+1 {{global batch (10) is not divisible by micro-batch*dp (2*4=8)}}
module @global_batch attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 4, micro_batch = 2, global_batch = 10, sequence_parallel = 0>} {}

// -----

// interleaved_micro_batches
// expected-error @+1 {{interleaving needs micro-batches per step (3) to be a multiple of pp (2)}}
module @interleaved_micro_batches attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 2, vp = 2, dp = 1, micro_batch = 2, global_batch = 6, sequence_parallel = 0>} {}

// -----

// sp_without_tp
// expected-error @+1 {{sequence parallelism needs tp > 1}}
module @sp_without_tp attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 1>} {}

// -----

// sp_seq
// expected-error @+1 {{sequence length (15) is not divisible by tp (2) for sequence parallelism}}
module @sp_seq attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 15, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 2, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 1>} {}

// -----

// below_one: #mtc.parallel's own verifier refuses it when it is parsed.
// expected-error @+1 {{mtc.parallel: tp must be between 1 and 2147483647, got -1}}
module @below_one attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = -1, pp = 1, vp = 1, dp = -2, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// all_reported
// expected-error @+5 {{attention heads (4) is not divisible by the tensor-parallel size (3)}}
// expected-error @+4 {{hidden size (64) is not divisible by the tensor-parallel size (3)}}
// expected-error @+3 {{FFN size (256) is not divisible by the tensor-parallel size (3)}}
// expected-error @+2 {{padded vocabulary (128) is not divisible by tp (3); re-import with --make-vocab-size-divisible-by=384}}
// expected-error @+1 {{layers (8) are not divisible by pp*vp (3*1=3)}}
module @all_reported attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 3, pp = 3, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// no_model
// expected-error @+1 {{module has no 'mtc.model' attribute; write models with mtc-import or add #mtc.model<...> by hand}}
module @no_model {}

// -----

// CHECK-LABEL: module @defaults
// CHECK-SAME: mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>
module @defaults attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>} {}

// -----

// An existing attribute is re-checked and kept.
// CHECK-LABEL: module @kept
// CHECK-SAME: mtc.parallel = #mtc.parallel<tp = 2, pp = 2, vp = 2, dp = 2, micro_batch = 2, global_batch = 16, sequence_parallel = 1>
module @kept attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 2, pp = 2, vp = 2, dp = 2, micro_batch = 2, global_batch = 16, sequence_parallel = 1>} {}

// -----

// Megatron's largest tp: every size divides 8.
// CHECK-LABEL: module @tp8
// CHECK-SAME: mtc.parallel = #mtc.parallel<tp = 8, pp = 4, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>
module @tp8 attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 8, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 8, pp = 4, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}
