// For mtc-verify-config-layout.mlir: two ways of placing the layers at once
// (run with layers-per-chunk=4,4 and decoder-first-pipeline-num-layers=4).
// expected-error @+1 {{mtc.model: give layers-per-chunk or decoder-first-pipeline-num-layers / decoder-last-pipeline-num-layers, not both}}
module @two_ways attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 2, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}
