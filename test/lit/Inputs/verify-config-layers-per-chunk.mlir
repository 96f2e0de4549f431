// Modules for mtc-verify-config-layout.mlir's layers-per-chunk=3,3,2 run.

// 8 layers in 3 chunks: passes although 3 does not divide 8.
module @fits attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 3, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// expected-error @+1 {{mtc.model: layers-per-chunk=3,3,2 lists 3 chunks, but pp x vp = 2 x 1 = 2 (one count per chunk, in model order)}}
module @count attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 2, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// expected-error @+1 {{mtc.model: layers-per-chunk=3,3,2 places 8 layers, but the model has 9}}
module @sum attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 9, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 3, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}

// -----

// 7 layers: 3+3+2 places one too many.
// expected-error @+1 {{mtc.model: layers-per-chunk=3,3,2 places 8 layers, but the model has 7}}
module @past attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 7, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 3, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}
