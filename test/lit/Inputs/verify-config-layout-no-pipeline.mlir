// For mtc-verify-config-layout.mlir: an uneven option on a one-stage layout.
// expected-error @+1 {{mtc.model: an uneven pipeline layout (layers-per-chunk, decoder-first/last-pipeline-num-layers or pipeline-balance=cost) needs pp > 1}}
module @no_pipeline attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 1, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}
