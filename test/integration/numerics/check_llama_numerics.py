#!/usr/bin/python3
"""mtc's LLaMA (or, with --mixtral, Mixtral) against an independent PyTorch
LlamaForCausalLM (MixtralForCausalLM) (test/integration/numerics).

Writes a llama-tiny Hugging Face config.json (2 layers, hidden 64, 4 query heads
of 16 sharing 2 key/value heads, SwiGLU width 96, vocabulary 300 padded to 384,
rope_theta 500000, rms_norm_eps 1e-6, an untied lm_head or with
--tie-word-embeddings none), builds it with mtc-import and mtc-compile, starts mtc's
`train` from random weights written here under LlamaForCausalLM's names and
layouts (every parameter random, norms included, so a wrong layout cannot
hide), and checks against llama_reference.LlamaForCausalLM, built from the
same config.json, in float64 on the batches mtc dumps:
  - the weights mtc exports before training equal the file it imported, bit for
    bit and name for name (LlamaForCausalLM's names both ways),
  - iteration 1: the loss within 1e-5 relative and every gradient within 1e-4
    relative norm (gradients dumped after accumulation, before clipping),
  - 10 AdamW iterations (warm-up + cosine lr, betas 0.9/0.95, eps 1e-8, weight
    decay 0.01 except the norms, clipping at 1.0): the same per-step losses
    within 1e-4 relative.
With --mixtral every MLP is a sparse block of 8 SwiGLU experts, top-2 routed,
with Megatron's load-balancing loss (router_aux_loss_coef with
output_router_logits): weights under MixtralForCausalLM's names, the reference
is mixtral_reference.py's, the per-iteration load_balancing_loss (the mean over
layers) is compared as well as the LM loss, and the gradients are the
objective's (LM loss plus every layer's load-balancing loss).
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
                             learning_rate, read_metrics, report_final_weights, run, summary,
                             train_reference)
from llama_reference import LlamaForCausalLM, no_decay  # noqa: E402
import mixtral_reference  # noqa: E402

LAYERS, HIDDEN, HEADS, KV_HEADS, FFN, VOCAB, PAD_TO, SEQ = 2, 64, 4, 2, 96, 300, 128, 32
MICRO, GLOBAL, STEPS = 2, 4, 10
LR, MIN_LR, WARMUP, DECAY, BETAS, EPS, WD, CLIP = 1e-3, 1e-4, 2, 10, (0.9, 0.95), 1e-8, 0.01, 1.0
LOSS_TOL, GRAD_TOL, TRAIN_TOL = 1e-5, 1e-4, 1e-4
# Neither mtc-import's defaults (10000, 1e-5): a plan that dropped the
# config's values would not match. RMS_EPS is HF's default.
ROPE_THETA, RMS_EPS = 500000.0, 1e-6
# --mixtral: 8 experts, top-2, a coefficient large enough that a wrong
# load-balancing gradient shows in every tensor the router reaches.
EXPERTS, TOPK, AUX_COEFF = 8, 2, 0.02


def write_config(path, tied, mixtral):
    """llama-tiny in Hugging Face's LlamaConfig keys: the vocabulary is not a
    multiple of PAD_TO (padding rows), the SwiGLU width not one of hidden, and
    rope_theta is LLaMA 3's. mixtral: MixtralConfig's keys, the same layers
    with sparse MLPs."""
    config = {"architectures": ["LlamaForCausalLM"], "model_type": "llama",
              "num_hidden_layers": LAYERS, "hidden_size": HIDDEN, "num_attention_heads": HEADS,
              "num_key_value_heads": KV_HEADS, "intermediate_size": FFN, "vocab_size": VOCAB,
              "max_position_embeddings": 64, "rope_theta": ROPE_THETA, "rms_norm_eps": RMS_EPS,
              "hidden_act": "silu", "attention_bias": False, "attention_dropout": 0.0,
              "mlp_bias": False, "rope_scaling": None, "initializer_range": 0.02,
              "tie_word_embeddings": tied, "torch_dtype": "float32"}
    if mixtral:
        for key in ("attention_bias", "mlp_bias"):
            del config[key]
        config.update({"architectures": ["MixtralForCausalLM"], "model_type": "mixtral",
                       "num_local_experts": EXPERTS, "num_experts_per_tok": TOPK,
                       "router_aux_loss_coef": AUX_COEFF, "output_router_logits": True,
                       "router_jitter_noise": 0.0, "sliding_window": None})
    with open(path, "w") as f:
        json.dump(config, f, indent=2)
    return config


def random_weights(model, seed):
    """No parameter left at a constant. The embeddings at LLaMA's 0.02, so the
    first RMSNorm's eps matters (mean square 4e-4); q and k larger, so the
    attention is far from uniform and the rotary angles matter."""
    rng = np.random.default_rng(seed)
    weights = {}
    for name, p in model.named_parameters():
        shape = tuple(p.shape)
        if no_decay(name):  # the RMSNorm weights
            w = 1.0 + 0.1 * rng.standard_normal(shape)
        elif name.endswith(("q_proj.weight", "k_proj.weight")):
            w = 0.15 * rng.standard_normal(shape)
        elif name.endswith("block_sparse_moe.gate.weight"):
            w = 0.3 * rng.standard_normal(shape)  # decisive routing, unequal loads
        elif name == "model.embed_tokens.weight":
            w = 0.02 * rng.standard_normal(shape)
        else:
            w = 0.05 * rng.standard_normal(shape)
        weights[name] = w.astype(np.float32)
    return weights


def load_into(model, weights, dtype):
    model.load_state_dict({n: torch.from_numpy(w.astype(np.float64)) for n, w in weights.items()},
                          strict=True)
    return model.to(dtype)


def ungroup_qkv(weights):
    """What a converter that skips the grouped order feeds the reference: q, k
    and v packed in mtc's order (per key/value group: its query heads, its key
    head, its value head) but split back as if they were [all q | all k | all v]."""
    d, r = HIDDEN // HEADS, HEADS // KV_HEADS
    for layer in range(LAYERS):
        prefix = f"model.layers.{layer}.self_attn."
        q, k, v = (weights[prefix + p + "_proj.weight"] for p in ("q", "k", "v"))
        packed = np.concatenate([q.reshape(KV_HEADS, r, d, HIDDEN),
                                 k.reshape(KV_HEADS, 1, d, HIDDEN),
                                 v.reshape(KV_HEADS, 1, d, HIDDEN)], axis=1).reshape(-1, HIDDEN)
        q_rows, kv_rows = HEADS * d, KV_HEADS * d
        weights[prefix + "q_proj.weight"] = np.ascontiguousarray(packed[:q_rows])
        weights[prefix + "k_proj.weight"] = np.ascontiguousarray(packed[q_rows:q_rows + kv_rows])
        weights[prefix + "v_proj.weight"] = np.ascontiguousarray(packed[q_rows + kv_rows:])


def moe_iteration(model, tokens, targets):
    """causal_lm_iteration for MixtralForCausalLM: the gradients of the
    objective (LM loss plus the layers' load-balancing losses), averaged over
    micro-batches. Returns (LM loss, load-balancing loss as mtc logs it: the
    mean over layers), each averaged over the micro-batches."""
    model.zero_grad()
    lm, aux = [], []
    for mb in range(tokens.shape[0]):
        objective, ce, layer_aux, _ = model.losses(tokens[mb], targets[mb])
        (objective / tokens.shape[0]).backward()
        lm.append(ce.item())
        aux.append(float(sum(a.item() for a in layer_aux)) / len(layer_aux))
    return float(np.mean(lm)), float(np.mean(aux))


def read_load_balancing(path):
    with open(path) as f:
        rows = list(csv.DictReader(f))
    if not rows or "load_balancing_loss" not in rows[0]:
        raise SystemExit(f"FAILED: '{path}' has no load_balancing_loss column")
    return [float(r["load_balancing_loss"]) for r in rows]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mtc-import", required=True)
    parser.add_argument("--mtc-compile", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--tie-word-embeddings", action="store_true",
                        help="the tied variant: no lm_head, the embeddings serve as the output "
                             "layer")
    parser.add_argument("--compile-arg", action="append", default=[],
                        help="extra mtc-compile flag, e.g. --compile-arg=--runtime-lib=DIR")
    parser.add_argument("--mixtral", action="store_true",
                        help="a Mixtral: sparse MLPs of 8 experts, top-2, load-balancing loss")
    parser.add_argument("--sabotage",
                        choices=["none", "rotary-interleaved", "gqa-layout", "hf-aux-loss"],
                        default="none",
                        help="rotary-interleaved: the reference pairs rotary dimensions as GPT-J "
                             "(2i, 2i+1); gqa-layout: the reference splits q/k/v as if they "
                             "were not grouped; hf-aux-loss (--mixtral): the reference's "
                             "load-balancing loss is HF's scale, k times Megatron's")
    args = parser.parse_args()

    started = time.time()
    work = args.workdir
    log = fresh_workdir(work)
    path = lambda name: os.path.join(work, name)  # noqa: E731

    mixtral = args.mixtral
    config = write_config(path("config.json"), args.tie_word_embeddings, mixtral)
    run([args.mtc_import, path("config.json"), "--name", "llama-numerics",
         "--seq-length", str(SEQ), "--make-vocab-size-divisible-by", str(PAD_TO),
         "--hidden-dropout", "0", "--attention-dropout", "0", "-o", path("model.mlir")], log)
    run([args.mtc_compile, path("model.mlir"), "-o", path("out"), "--micro-batch", str(MICRO),
         "--lr", str(LR), "--min-lr", str(MIN_LR), "--warmup-steps", str(WARMUP),
         "--decay-steps", str(DECAY), "--beta1", str(BETAS[0]), "--beta2", str(BETAS[1]),
         "--adam-eps", str(EPS), "--weight-decay", str(WD), "--clip-grad", str(CLIP)]
        + args.compile_arg, log)

    interleaved = args.sabotage == "rotary-interleaved"

    def reference():
        if mixtral:
            model = mixtral_reference.MixtralForCausalLM.from_config(config)
            if args.sabotage == "hf-aux-loss":
                model.aux_loss_coeff *= TOPK
            return model
        return LlamaForCausalLM.from_config(config, rotary_interleaved=interleaved)

    weights = random_weights(reference(), seed=20261124)
    safetensors_io.write(path("init.safetensors"), weights, {"format": "pt"})

    run([path("out/train"), "--synthetic", "--steps", str(STEPS), "--global-batch", str(GLOBAL),
         "--threads", str(args.threads), "--init-from", path("init.safetensors"),
         "--export-initial", path("initial.safetensors"),
         "--dump-grads", path("grads.safetensors"), "--dump-batch", path("batch.safetensors"),
         "--metrics", path("metrics.csv"), "--export-safetensors", path("final.safetensors")],
        log)

    check = Checks()

    # 1. Import then export is the identity under LlamaForCausalLM's names.
    check_hf_round_trip(check, path("initial.safetensors"), weights)

    batch, _ = safetensors_io.read(path("batch.safetensors"))
    tokens = torch.from_numpy(np.rint(batch["tokens"]).astype(np.int64))
    targets = torch.from_numpy(np.rint(batch["targets"]).astype(np.int64))
    micro_batches = GLOBAL // MICRO
    check(tuple(tokens.shape) == (STEPS, micro_batches, MICRO, SEQ)
          and int(tokens.max()) < VOCAB and int(targets.max()) < VOCAB,
          f"batch dump holds {tuple(tokens.shape)} tokens below the vocabulary of {VOCAB}")
    mtc_losses, mtc_norms = read_metrics(path("metrics.csv"))
    mtc_aux = read_load_balancing(path("metrics.csv")) if mixtral else None

    if args.sabotage == "gqa-layout":
        ungroup_qkv(weights)

    # 2. Iteration 1: loss and gradients (float64 reference; float32 torch for scale).
    iteration = moe_iteration if mixtral else causal_lm_iteration
    lm_loss = (lambda m, t, y: moe_iteration(m, t, y)[0]) if mixtral else causal_lm_iteration
    model = load_into(reference(), weights, torch.float64)
    if mixtral:
        loss64, aux64 = iteration(model, tokens[0], targets[0])
        aux_error = abs(mtc_aux[0] - aux64) / abs(aux64)
        check(aux_error <= LOSS_TOL,
              f"iteration 1 load-balancing loss (mean over layers): mtc {mtc_aux[0]:.9f}, "
              f"torch float64 {aux64:.9f}: relative {aux_error:.2e} <= {LOSS_TOL:g}")
    else:
        loss64 = iteration(model, tokens[0], targets[0])
    grads64 = {n: p.grad.numpy().copy() for n, p in model.named_parameters()}
    model32 = load_into(reference(), weights, torch.float32)
    loss32 = lm_loss(model32, tokens[0], targets[0])
    grads32 = {n: p.grad.numpy().astype(np.float64) for n, p in model32.named_parameters()}
    loss_error = abs(mtc_losses[0] - loss64) / abs(loss64)
    check(loss_error <= LOSS_TOL,
          f"iteration 1 loss: mtc {mtc_losses[0]:.9f}, torch float64 {loss64:.9f}: relative "
          f"{loss_error:.2e} <= {LOSS_TOL:g} (torch float32: {abs(loss32 - loss64) / loss64:.2e})")

    mtc_grads, _ = safetensors_io.read(path("grads.safetensors"))
    check(set(mtc_grads) == set(grads64),
          f"--dump-grads holds the {len(grads64)} "
          f"{'Mixtral' if mixtral else 'Llama'}ForCausalLM tensors")
    check_gradients(check, {n: g.astype(np.float64) for n, g in mtc_grads.items()}, grads64,
                    grads32, GRAD_TOL)

    # 3. Ten AdamW iterations.
    model = load_into(reference(), weights, torch.float64)
    params = dict(model.named_parameters())
    torch_aux = []

    def train_iteration(step):
        if not mixtral:
            return causal_lm_iteration(model, tokens[step], targets[step])
        lm, aux = moe_iteration(model, tokens[step], targets[step])
        torch_aux.append(aux)
        return lm

    torch_losses, torch_norms = train_reference(
        model, no_decay, STEPS, train_iteration,
        lambda step: learning_rate(step, LR, MIN_LR, WARMUP, DECAY), BETAS, EPS, WD, CLIP)
    compare_training(check, "loss", mtc_losses, torch_losses, mtc_norms, torch_norms, STEPS,
                     TRAIN_TOL, CLIP)
    if mixtral:
        worst = max(abs(a - b) / abs(b) for a, b in zip(mtc_aux, torch_aux))
        check(len(mtc_aux) == STEPS and worst <= TRAIN_TOL,
              f"{STEPS} iterations' load-balancing losses: worst relative difference "
              f"{worst:.2e} <= {TRAIN_TOL:g} (mtc {mtc_aux[-1]:.6f}, torch {torch_aux[-1]:.6f} "
              "at the last)")
    report_final_weights(path("final.safetensors"), params, STEPS)
    return summary(check, started, work)


if __name__ == "__main__":
    sys.exit(main())
