// For mtc-verify-config-layout.mlir: Megatron-LM's last-stage option with
// pipeline-balance=cost (Megatron refuses its first/last options with its own
// embedding/loss accounting).
// expected-error @+1 {{mtc.model: give decoder-first-pipeline-num-layers / decoder-last-pipeline-num-layers or pipeline-balance=cost, not both}}
module @first_cost attributes {mtc.model = #mtc.model<name = "m", arch = "gpt", layers = 8, hidden = 64, heads = 4, ffn = 256, vocab = 100, padded_vocab = 128, positions = 16, seq = 16, micro_batch = 2>, mtc.parallel = #mtc.parallel<tp = 1, pp = 2, vp = 1, dp = 1, micro_batch = 2, global_batch = 2, sequence_parallel = 0>} {}
