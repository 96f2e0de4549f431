#!/usr/bin/python3
"""mtc's `generate` against independent PyTorch models, greedy, token for token
(test/integration/numerics).

Builds a 2-layer GPT-2 (learned positions) or LLaMA (rotary positions, 4 query
heads sharing 2 key/value heads, untied head) with GPT-2's vocabulary and 64
positions, compiled for sequence 16, starts `generate` from random weights
written here under Hugging Face's names (GPT2LMHeadModel, LlamaForCausalLM),
and checks its key/value-cached greedy decoding against gpt2_reference /
llama_reference in float64, which recompute the whole context for every token:
  - a 4-token prompt and a 47-token one (longer than the compiled sequence:
    prefilled in chunks of 16): every generated token is the reference's
    argmax and every logits row is within LOGIT_TOL of the reference's
    (relative to the row's largest magnitude); the reference's top-2 gap is
    checked to exceed the observed error, so no token was decided by a tie;
  - the 47-token prompt asks for 30 tokens and gets 18: then the 64 positions
    are full and generate says so;
  - a 65-token prompt is refused (exit 2), naming the 64 positions;
  - after 2 training steps from those weights, the exported file loads back
    (--init-from) with the same logits, bit for bit, as the saved checkpoint
    (--load), and the reference loaded from the export (strict names) gives
    mtc's tokens and logits again.
--sabotage window makes the reference see only the last 16 tokens (what
generate did before the cache: it must fail). Exit status 0 when all hold."""
import argparse
import json
import os
import subprocess
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import safetensors_io  # noqa: E402
from numerics_common import Checks, fresh_workdir, run, summary  # noqa: E402
from gpt2_reference import GPT2  # noqa: E402
from llama_reference import LlamaForCausalLM, no_decay  # noqa: E402

LAYERS, HIDDEN, HEADS, KV_HEADS, FFN, VOCAB, POSITIONS, SEQ = 2, 64, 4, 2, 96, 50257, 64, 16
LOGIT_TOL = 1e-5
SHORT = "The quick brown fox"
# 47 GPT-2 tokens: longer than the compiled sequence.
LONG = ("It was the best of times, it was the worst of times, it was the age of wisdom, it "
        "was the age of foolishness, it was the epoch of belief, it was the epoch of "
        "incredulity, it was")


def reference_model(kind):
    if kind == "gpt2":
        return GPT2(LAYERS, HIDDEN, HEADS, VOCAB, POSITIONS)
    return LlamaForCausalLM(LAYERS, HIDDEN, HEADS, VOCAB, FFN, kv_heads=KV_HEADS, eps=1e-6,
                            theta=10000.0)


def gpt2_weights(rng):
    """GPT2LMHeadModel's tensors: a spread of logits wide enough that greedy
    choices are not near-ties."""
    model = reference_model("gpt2")
    weights = {}
    for name, p in model.named_parameters():
        if ".ln_" in name or name.startswith("ln_f."):
            w = (1.0 if name.endswith(".weight") else 0.0) + 0.1 * rng.standard_normal(p.shape)
        elif name == "wte.weight":
            w = 0.3 * rng.standard_normal(p.shape)
        else:
            w = 0.1 * rng.standard_normal(p.shape)
        weights["transformer." + name] = w.astype(np.float32)
    return model, weights


def llama_weights(rng):
    model = reference_model("llama")
    weights = {}
    for name, p in model.named_parameters():
        if no_decay(name):
            w = 1.0 + 0.1 * rng.standard_normal(p.shape)
        elif name.endswith(("q_proj.weight", "k_proj.weight")):
            w = 0.2 * rng.standard_normal(p.shape)
        else:
            w = 0.1 * rng.standard_normal(p.shape)
        weights[name] = w.astype(np.float32)
    return model, weights


def build(args, work, log):
    path = lambda name: os.path.join(work, name)  # noqa: E731
    if args.model == "gpt2":
        run([args.mtc_import, "--arch", "gpt", "--name", "gen-gpt2", "--num-layers", str(LAYERS),
             "--hidden-size", str(HIDDEN), "--num-attention-heads", str(HEADS),
             "--vocab-size", str(VOCAB), "--max-position-embeddings", str(POSITIONS),
             "--seq-length", str(SEQ), "--hidden-dropout", "0", "--attention-dropout", "0",
             "-o", path("model.mlir")], log)
    else:
        config = {"architectures": ["LlamaForCausalLM"], "model_type": "llama",
                  "num_hidden_layers": LAYERS, "hidden_size": HIDDEN,
                  "num_attention_heads": HEADS, "num_key_value_heads": KV_HEADS,
                  "intermediate_size": FFN, "vocab_size": VOCAB,
                  "max_position_embeddings": POSITIONS, "rope_theta": 10000.0,
                  "rms_norm_eps": 1e-6, "hidden_act": "silu", "tie_word_embeddings": False}
        with open(path("config.json"), "w") as f:
            json.dump(config, f)
        run([args.mtc_import, path("config.json"), "--name", "gen-llama", "--seq-length",
             str(SEQ), "--hidden-dropout", "0", "--attention-dropout", "0",
             "-o", path("model.mlir")], log)
    run([args.mtc_compile, path("model.mlir"), "-o", path("out")] + args.compile_arg, log)


def generate(args, work, prompt, tokens, dump, source=None):
    """source: the weights flags (default: --init-from weights.safetensors)."""
    if source is None:
        source = ["--init-from", os.path.join(work, "weights.safetensors")]
    command = [os.path.join(work, "out", "generate")] + source + [
        "--prompt", prompt, "--tokens", str(tokens), "--temperature", "0", "--threads",
        str(args.threads), "--dump-logits", os.path.join(work, dump)]
    if args.vocab_dir:
        command += ["--vocab-dir", args.vocab_dir]
    print("+", " ".join(command), flush=True)
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                          timeout=300)


def load_reference(model, weights, gpt2):
    """The reference with `weights` (Hugging Face names), strictly: every
    tensor has a place and every place a tensor."""
    state = {(n[len("transformer."):] if gpt2 else n): torch.from_numpy(w.astype(np.float64))
             for n, w in weights.items()}
    model.load_state_dict(state, strict=True)
    return model.double()


def compare(check, args, model, work, what, prompt, tokens, source=None):
    r = generate(args, work, prompt, tokens, what + ".safetensors", source)
    if r.returncode != 0:
        check(False, f"{what}: generate failed (exit {r.returncode}): {r.stderr.strip()}")
        return None
    dump, meta = safetensors_io.read(os.path.join(work, what + ".safetensors"))
    ids = [int(t) for t in dump["tokens"]]
    prompt_len = int(meta["prompt_tokens"])
    mtc_logits = dump["logits"].astype(np.float64)
    generated = ids[prompt_len:]
    worst, closest_gap, mismatch = 0.0, float("inf"), None
    with torch.no_grad():
        for step in range(len(mtc_logits)):
            context = ids[:prompt_len + step]
            if args.sabotage == "window":
                context = context[-SEQ:]
            ref = model.logits(torch.tensor([context]))[0, -1].numpy()
            scale = max(1.0, float(np.abs(ref).max()))
            error = float(np.abs(mtc_logits[step] - ref).max()) / scale
            worst = max(worst, error)
            top2 = np.sort(ref)[-2:]
            closest_gap = min(closest_gap, float(top2[1] - top2[0]) / scale)
            if step < len(generated) and int(np.argmax(ref)) != generated[step] and mismatch is None:
                mismatch = (step, generated[step], int(np.argmax(ref)))
    check(mismatch is None,
          f"{what}: {len(generated)} greedy tokens after a {prompt_len}-token prompt equal the "
          f"reference's" + (f" (first difference at step {mismatch[0]}: mtc {mismatch[1]}, "
                            f"reference {mismatch[2]})" if mismatch else ""))
    check(worst <= LOGIT_TOL, f"{what}: every logits row within {worst:.2e} <= {LOGIT_TOL:g} of "
                              f"the reference's (relative to the row's largest)")
    check(closest_gap > 10 * worst,
          f"{what}: the reference's closest top-2 gap {closest_gap:.2e} is far above the error "
          f"(no choice decided by a tie)")
    # The last token needs no position of its own: 64 - prompt + 1 fit.
    expected = min(tokens, POSITIONS - prompt_len + 1)
    check(len(generated) == expected,
          f"{what}: {len(generated)} tokens generated (expected {expected} of {tokens})")
    if expected < tokens:
        stopped = f"stopped after {expected} of {tokens} tokens: the context is full (64 positions"
        check(stopped in r.stderr, f"{what}: says why it stopped: {r.stderr.strip()!r}")
    return prompt_len, expected < tokens


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mtc-import", required=True)
    parser.add_argument("--mtc-compile", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--model", choices=["gpt2", "llama"], required=True)
    parser.add_argument("--vocab-dir", default="", help="GPT-2 BPE files (default: generate's)")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--compile-arg", action="append", default=[])
    parser.add_argument("--sabotage", choices=["none", "window"], default="none")
    args = parser.parse_args()

    started = time.time()
    work = args.workdir
    log = fresh_workdir(work)
    build(args, work, log)
    rng = np.random.default_rng(20261123)
    model, weights = gpt2_weights(rng) if args.model == "gpt2" else llama_weights(rng)
    safetensors_io.write(os.path.join(work, "weights.safetensors"), weights, {"format": "pt"})
    gpt2 = args.model == "gpt2"
    model = load_reference(model, weights, gpt2)

    check = Checks()
    compare(check, args, model, work, "short", SHORT, 20)
    long_prompt, filled = compare(check, args, model, work, "long", LONG, 30) or (0, False)
    check(long_prompt > SEQ and filled,
          f"the long prompt ({long_prompt} tokens) exceeds the compiled sequence of {SEQ} and "
          f"its run reaches the end of the {POSITIONS} positions")
    r = generate(args, work, LONG * 2, 5, "too_long.safetensors")
    check(r.returncode == 2 and "more than the model's context of 64 positions" in r.stderr,
          f"a prompt over 64 tokens is refused (exit {r.returncode}: {r.stderr.strip()!r})")

    # Trained weights out and back in: the export equals the checkpoint.
    path = lambda name: os.path.join(work, name)  # noqa: E731
    run([path("out/train"), "--synthetic", "--steps", "2", "--lr", "1e-3", "--init-from",
         path("weights.safetensors"), "--save", path("ckpt"), "--export-safetensors",
         path("trained.safetensors"), "--threads", str(args.threads)], log)
    dumps = {}
    for what, source in (("checkpoint", ["--load", path("ckpt")]),
                         ("export", ["--init-from", path("trained.safetensors")])):
        r = generate(args, work, LONG, 10, f"trained_{what}.safetensors", source)
        check(r.returncode == 0, f"generate from the trained {what} (exit {r.returncode})")
        dumps[what], _ = safetensors_io.read(path(f"trained_{what}.safetensors"))
    check(all(np.array_equal(dumps["checkpoint"][n], dumps["export"][n])
              for n in ("tokens", "logits")),
          "the exported weights give the checkpoint's tokens and logits bit for bit")
    trained, _ = safetensors_io.read(path("trained.safetensors"))
    compare(check, args, load_reference(reference_model(args.model), trained, gpt2), work,
            "exported", LONG, 10,
            source=["--init-from", path("trained.safetensors")])
    return summary(check, started, work)


if __name__ == "__main__":
    sys.exit(main())
