#!/usr/bin/env python3
"""Expected single-GPU training step time and MFU of a GPT model from a
roofline per kernel class (docs/gpu.md, "Expected MFU"): GEMMs at an
achievable fraction of the dense bf16 peak, the flash attention at its own
fraction, element-wise kernels, cross-entropy and the optimizer by the bytes
they move over HBM bandwidth, and the per-parameter gradient-norm round trips
of the shared Optimizer. Prints one markdown table per model.

  bench/gpu/roofline.py            # GPT-2 124M (b 8, s 1024), GPT 1.3B (b 2, s 2048)

Every fraction below is an assumption stated in docs/gpu.md, not a
measurement: no GPU was available.
"""
GPUS = {
    # peak dense bf16 TFLOP/s, HBM GB/s, cuBLASLt bf16 fraction, flash fraction
    # flash: our mma.sync kernel without cp.async pipelining or wgmma, the middle
    # of docs/gpu.md's "Flash attention" estimate (30-40 % A100, 15-25 % H100)
    "A100": dict(peak=312e12, hbm=2039e9, gemm=0.70, flash=0.35),
    "H100": dict(peak=989e12, hbm=3350e9, gemm=0.60, flash=0.20),
}
HBM_FRACTION = 0.80        # float4 streaming kernels
STORE_BYTES = 4            # activations are stored in fp32 today (bf16 emulated)
ROUND_TRIP_S = 20e-6       # one gradient-norm read-back per parameter tensor
# Activation elements per token per layer moved by the element-wise kernels
# (reads + writes, multiples of the hidden size h): forward LN 2h, bias +
# dropout + residual 3h (x2), LN 2h, bias + GeLU 12h (reads 4h, writes the
# pre-activation and the output); backward dropout/residual 5h (x2), GeLU 12h,
# LN input 3h (x2), LN weight 2h (x2).
ELEMENTWISE_H = 22 + 32
OPTIMIZER_BYTES = 40       # AdamW 28 B, gradient norm 4 B, masters' rounding 8 B


def step(model, gpu):
    L, h, V, s, b = model["layers"], model["hidden"], model["vocab"], model["seq"], model["micro"]
    g = GPUS[gpu]
    T = b * s
    N = L * (12 * h * h + 13 * h) + V * h + 2 * h  # without the position table
    hbm = g["hbm"] * HBM_FRACTION
    gemm_flops = 3 * (2 * T * L * 12 * h * h + 2 * T * h * V)
    # causal, per layer: forward 2 b s^2 h (half of 4), backward 7 b s^2 h (our
    # kernel's 7 products: S and dP twice, as dK/dV and dQ are separate passes)
    flash_flops = L * 9 * b * s * s * h
    rows = [
        ("GEMMs (linear + logits)", f"{gemm_flops / 1e12:.2f} TFLOP",
         gemm_flops / (g["peak"] * g["gemm"]), f"{g['gemm']:.2f} of peak"),
        ("flash attention (causal)", f"{flash_flops / 1e12:.2f} TFLOP",
         flash_flops / (g["peak"] * g["flash"]), f"{g['flash']:.2f} of peak"),
        ("element-wise (LN, bias+GeLU, bias+dropout+residual)",
         f"{ELEMENTWISE_H * h * T * L * STORE_BYTES / 1e9:.1f} GB",
         ELEMENTWISE_H * h * T * L * STORE_BYTES / hbm, f"{HBM_FRACTION:.2f} of HBM"),
        ("cross-entropy (row max, sum-exp, backward)", f"{4 * T * V * 4 / 1e9:.1f} GB",
         4 * T * V * 4 / hbm, f"{HBM_FRACTION:.2f} of HBM"),
        ("optimizer (AdamW, norm, masters)", f"{OPTIMIZER_BYTES * N / 1e9:.1f} GB",
         OPTIMIZER_BYTES * N / hbm, f"{HBM_FRACTION:.2f} of HBM"),
        ("gradient-norm round trips", f"{12 * L + 4} tensors",
         (12 * L + 4) * ROUND_TRIP_S, "20 us each"),
    ]
    total = sum(r[2] for r in rows)
    model_flops = (6 * N + 12 * L * h * s) * T
    return rows, total, model_flops / total / g["peak"], N, T / total


def main():
    models = [
        dict(name="GPT-2 124M", layers=12, hidden=768, vocab=50304, seq=1024, micro=8),
        dict(name="GPT 1.3B", layers=24, hidden=2048, vocab=50304, seq=2048, micro=2),
    ]
    for m in models:
        for gpu in GPUS:
            rows, total, mfu, n, tps = step(m, gpu)
            print(f"\n{m['name']} on {gpu} (N = {n / 1e6:.0f} M, micro-batch {m['micro']} x seq "
                  f"{m['seq']}):\n")
            print("| kernel class | work per step | at | ms | share |")
            print("|---|---|---|---:|---:|")
            for name, work, t, at in rows:
                print(f"| {name} | {work} | {at} | {t * 1e3:.1f} | {100 * t / total:.0f}% |")
            print(f"| **step** | | | **{total * 1e3:.1f}** | **MFU {100 * mfu:.0f}%**, "
                  f"{tps:,.0f} tokens/s |")


if __name__ == "__main__":
    main()
