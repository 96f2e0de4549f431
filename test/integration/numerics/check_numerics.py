#!/usr/bin/python3
"""mtc against an independent PyTorch GPT-2 (test/integration/numerics).

Builds a small GPT-2 with mtc-import/mtc-compile, starts mtc's `train` from
random weights written here as a Hugging Face GPT2LMHeadModel file (every
parameter random, biases and layer norms included, so a wrong layout cannot
hide), and checks against gpt2_reference.GPT2 in float64 on the same batches:
  - the weights mtc exports before training equal the ones it imported, name
    for name and bit for bit (vocab_size rows, no padding),
  - iteration 1: the loss within 1e-5 relative and every gradient within 1e-4
    relative norm (gradients dumped after accumulation, before clipping),
  - 10 AdamW iterations (warm-up + cosine lr, betas 0.9/0.95, eps 1e-8, weight
    decay 0.01 except biases and layer norms, clipping at 1.0): the same per-step
    losses within 1e-4 relative,
  - the final export loads into the reference with strict names and shapes.
--sabotage makes the reference deliberately wrong, to show the checks can fail.
Exit status 0 when everything matches, 1 otherwise."""
import argparse
import csv
import json
import os
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import safetensors_io  # noqa: E402
from numerics_common import (Checks, causal_lm_iteration, check_gradients,  # noqa: E402
                             check_hf_round_trip, compare_training, fresh_workdir,
                             learning_rate, report_final_weights, run, summary,
                             train_reference)
from gpt2_reference import GPT2, no_decay  # noqa: E402

LAYERS, HIDDEN, HEADS, VOCAB, PAD_TO, SEQ = 2, 64, 4, 500, 128, 32
MICRO, GLOBAL, STEPS = 2, 4, 10
LR, MIN_LR, WARMUP, DECAY, BETAS, EPS, WD, CLIP = 1e-3, 1e-4, 2, 10, (0.9, 0.95), 1e-8, 0.01, 1.0
LOSS_TOL, GRAD_TOL, TRAIN_TOL = 1e-5, 1e-4, 1e-4
# bf16 (--precision bf16): mtc stores every parameter copy and activation in
# bf16 (relative rounding error <= 2^-9 each) and runs its GEMMs bf16 x bf16 ->
# fp32. The reference is float64 on the same bf16-rounded parameters, so what
# is left is activation rounding: independent errors of <= 2^-9 that average
# out in the mean loss but less so in the gradients (sums over rows of
# rounded activation gradients). Measured: loss 6e-6, gradients 7e-3
# (torch.bfloat16, which also keeps its loss and gradients in bf16: 5.7e-3 and
# 1.7e-2), 10 AdamW steps 3e-5; the bounds leave a 3-30x margin and stay
# below what bf16 itself resolves in the loss (2^-9 = 2e-3).
BF16_LOSS_TOL, BF16_GRAD_TOL, BF16_TRAIN_TOL = 2e-4, 3e-2, 1e-3



def hf_name(torch_name):
    """The reference's (GPT2Model's) name as a GPT2LMHeadModel file has it."""
    return "transformer." + torch_name


def random_weights(model, seed):
    """GPT-2-like magnitudes, but no parameter left at a constant."""
    rng = np.random.default_rng(seed)
    weights = {}
    for name, p in model.named_parameters():
        shape = tuple(p.shape)
        if ".ln_" in name or name.startswith("ln_f."):
            base = 1.0 if name.endswith(".weight") else 0.0
            w = base + 0.1 * rng.standard_normal(shape)
        elif name.endswith(".bias"):
            w = 0.02 * rng.standard_normal(shape)
        else:
            w = 0.02 * rng.standard_normal(shape)
        weights[hf_name(name)] = w.astype(np.float32)
    return weights


def load_into(model, weights, dtype):
    with torch.no_grad():
        for name, p in model.named_parameters():
            p.copy_(torch.from_numpy(weights[hf_name(name)][: p.shape[0]].astype(np.float64)))
    return model.to(dtype)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mtc-import", required=True)
    parser.add_argument("--mtc-compile", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--compile-arg", action="append", default=[],
                        help="extra mtc-compile flag, e.g. --compile-arg=--runtime-lib=DIR")
    parser.add_argument("--sabotage", choices=["none", "qkv-layout", "tolerance"],
                        default="none",
                        help="qkv-layout: the reference splits c_attn in mtc's per-head order; "
                             "tolerance: checks at 1e-12, below float32's resolution")
    parser.add_argument("--activation", choices=["gelu_new", "relu2"], default="gelu_new",
                        help="the MLP's activation, as a Hugging Face config's "
                             "activation_function names it (relu2: squared ReLU), given to "
                             "mtc-import in a config.json")
    parser.add_argument("--precision", choices=["fp32", "bf16"], default="fp32",
                        help="bf16: mtc trains in bf16; the yardstick is the same PyTorch "
                             "model run in torch.bfloat16 (see BF16_*_TOL)")
    args = parser.parse_args()
    global LOSS_TOL, GRAD_TOL, TRAIN_TOL
    if args.precision == "bf16":
        LOSS_TOL, GRAD_TOL, TRAIN_TOL = BF16_LOSS_TOL, BF16_GRAD_TOL, BF16_TRAIN_TOL
        args.compile_arg.append("--precision=bf16")
    if args.sabotage == "tolerance":
        LOSS_TOL = GRAD_TOL = TRAIN_TOL = 1e-12

    started = time.time()
    work = args.workdir
    log = fresh_workdir(work)
    path = lambda name: os.path.join(work, name)  # noqa: E731

    model_source = ["--arch", "gpt"]  # Megatron's flags, or a config they override
    if args.activation != "gelu_new":
        with open(path("config.json"), "w") as f:
            json.dump({"model_type": "gpt2", "n_layer": LAYERS, "n_embd": HIDDEN,
                       "n_head": HEADS, "vocab_size": VOCAB, "n_positions": SEQ,
                       "activation_function": args.activation}, f)
        model_source = [path("config.json")]
    run([args.mtc_import] + model_source + ["--name", "numerics", "--num-layers", str(LAYERS),
         "--hidden-size", str(HIDDEN), "--num-attention-heads", str(HEADS),
         "--vocab-size", str(VOCAB), "--make-vocab-size-divisible-by", str(PAD_TO),
         "--seq-length", str(SEQ), "--hidden-dropout", "0", "--attention-dropout", "0",
         "-o", path("model.mlir")], log)
    run([args.mtc_compile, path("model.mlir"), "-o", path("out"), "--micro-batch", str(MICRO),
         "--lr", str(LR), "--min-lr", str(MIN_LR), "--warmup-steps", str(WARMUP),
         "--decay-steps", str(DECAY), "--beta1", str(BETAS[0]), "--beta2", str(BETAS[1]),
         "--adam-eps", str(EPS), "--weight-decay", str(WD), "--clip-grad", str(CLIP)]
        + args.compile_arg, log)

    reference = GPT2(LAYERS, HIDDEN, HEADS, VOCAB, SEQ, activation=args.activation)
    weights = random_weights(reference, seed=20261122)
    to_write = dict(weights)  # the reference's own copy may be sabotaged below
    safetensors_io.write(path("init.safetensors"), to_write, {"format": "pt"})

    run([path("out/train"), "--synthetic", "--steps", str(STEPS), "--global-batch", str(GLOBAL),
         "--threads", str(args.threads), "--init-from", path("init.safetensors"),
         "--check-weight-copy",  # bf16: --init-from refreshed the kernels' copy
         "--export-initial", path("initial.safetensors"),
         "--dump-grads", path("grads.safetensors"), "--dump-batch", path("batch.safetensors"),
         "--metrics", path("metrics.csv"), "--export-safetensors", path("final.safetensors")],
        log)

    check = Checks()

    # 1. Import then export is the identity in GPT2LMHeadModel's names and
    # layouts; the vocabulary's rows only (mtc pads to PAD_TO inside).
    exported, _ = safetensors_io.read(path("initial.safetensors"))
    rows = exported["transformer.wte.weight"].shape[0]
    check(rows == VOCAB, f"wte exported with {rows} rows (vocabulary {VOCAB}, padded inside "
                         f"to {-(-VOCAB // PAD_TO) * PAD_TO})")
    check_hf_round_trip(check, path("initial.safetensors"), to_write)

    batch, _ = safetensors_io.read(path("batch.safetensors"))
    tokens = torch.from_numpy(batch["tokens"].astype(np.int64))
    targets = torch.from_numpy(batch["targets"].astype(np.int64))
    micro_batches = GLOBAL // MICRO
    check(tuple(tokens.shape) == (STEPS, micro_batches, MICRO, SEQ),
          f"batch dump holds {tuple(tokens.shape)} tokens")
    with open(path("metrics.csv")) as f:
        rows = list(csv.DictReader(f))
    mtc_losses = [float(r["lm_loss"]) for r in rows]
    mtc_norms = [float(r["grad_norm"]) for r in rows]

    if args.sabotage == "qkv-layout":
        # The reference reads c_attn's columns in mtc's internal per-head order:
        # what pairing mtc with an exporter that skips the permutation looks like.
        for name, w in weights.items():
            if ".attn.c_attn." in name:
                weights[name] = (w.reshape(*w.shape[:-1], 3, HEADS, HIDDEN // HEADS)
                                 .swapaxes(-3, -2).reshape(w.shape))

    # 2. Iteration 1: loss and gradients (float64 reference; float32 torch for
    # scale, or in bf16 torch.bfloat16 on the bf16-rounded weights mtc reads).
    low = torch.bfloat16 if args.precision == "bf16" else torch.float32
    read = {n: torch.from_numpy(w).to(low).float().numpy() for n, w in weights.items()}
    model = load_into(GPT2(LAYERS, HIDDEN, HEADS, VOCAB, SEQ, activation=args.activation), read, torch.float64)
    loss64 = causal_lm_iteration(model, tokens[0], targets[0])
    grads64 = {hf_name(n): p.grad.numpy().copy() for n, p in model.named_parameters()}
    model32 = load_into(GPT2(LAYERS, HIDDEN, HEADS, VOCAB, SEQ, activation=args.activation), weights, low)
    loss32 = causal_lm_iteration(model32, tokens[0], targets[0])
    grads32 = {hf_name(n): p.grad.float().numpy().astype(np.float64)
               for n, p in model32.named_parameters()}

    loss_error = abs(mtc_losses[0] - loss64) / abs(loss64)
    check(loss_error <= LOSS_TOL,
          f"iteration 1 loss: mtc {mtc_losses[0]:.9f}, torch float64 {loss64:.9f}: relative "
          f"{loss_error:.2e} <= {LOSS_TOL:g} (torch {str(low)[6:]}: "
          f"{abs(loss32 - loss64) / loss64:.2e})")

    mtc_grads, _ = safetensors_io.read(path("grads.safetensors"))
    mine = {name: mtc_grads[name].astype(np.float64) for name in grads64}
    check_gradients(check, mine, grads64, grads32, GRAD_TOL)

    # 3. Ten AdamW iterations.
    model = load_into(GPT2(LAYERS, HIDDEN, HEADS, VOCAB, SEQ, activation=args.activation), weights, torch.float64)
    params = dict(model.named_parameters())
    torch_losses, torch_norms = train_reference(
        model, no_decay, STEPS, lambda step: causal_lm_iteration(model, tokens[step], targets[step]),
        lambda step: learning_rate(step, LR, MIN_LR, WARMUP, DECAY), BETAS, EPS, WD, CLIP)
    compare_training(check, "loss", mtc_losses, torch_losses, mtc_norms, torch_norms, STEPS,
                     TRAIN_TOL, CLIP)
    report_final_weights(path("final.safetensors"),
                         {hf_name(n): p for n, p in params.items()}, STEPS)
    # 4. The export is a GPT2LMHeadModel state dict: the reference (GPT2Model's
    # modules) takes it strictly, every name and shape, nothing left over.
    final, _ = safetensors_io.read(path("final.safetensors"))
    loaded = GPT2(LAYERS, HIDDEN, HEADS, VOCAB, SEQ, activation=args.activation)
    try:
        loaded.load_state_dict({n[len("transformer."):]: torch.from_numpy(t)
                                for n, t in final.items() if n.startswith("transformer.")},
                               strict=True)
        strict = set(final) == {hf_name(n) for n in loaded.state_dict()}
    except RuntimeError as e:
        print(e)
        strict = False
    check(strict, f"the final export loads into the PyTorch GPT-2 with strict names and shapes "
                  f"({len(final)} tensors)")
    return summary(check, started, work)


if __name__ == "__main__":
    sys.exit(main())
