#!/usr/bin/python3
"""mtc's BERT against an independent PyTorch BertForPreTraining (test/integration/numerics).

Makes a small corpus and WordPiece vocabulary, tokenizes it with mtc-data
(sentences split, BERT WordPiece), builds a small BERT with mtc-import and
mtc-compile, starts mtc's `train` from random weights written here under
Hugging Face BertForPreTraining's names and layouts (every parameter random,
biases and layer norms included, so a wrong layout cannot hide), and checks
against bert_reference.BertForPreTraining in float64 on the batches mtc dumps:
  - the weights mtc exports before training equal the file it imported, bit for
    bit and name for name (BertForPreTraining's names both ways),
  - the batches hold padding and masked positions (so both are exercised),
  - iteration 1: the masked-LM and sentence-order losses within 1e-5 relative
    and every gradient within 1e-4 relative norm (dumped after accumulation,
    before clipping),
  - 10 AdamW iterations (warm-up + cosine lr, betas 0.9/0.95, eps 1e-8, weight
    decay 0.01 except biases and layer norms, clipping at 1.0): the same
    per-step losses within 1e-4 relative.
--sabotage makes the reference deliberately wrong, to show the checks can fail.
Exit status 0 when everything matches, 1 otherwise."""
import argparse
import csv
import json
import os
import random
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import safetensors_io  # noqa: E402
from numerics_common import (Checks, check_gradients, check_hf_round_trip,  # noqa: E402
                             compare_training, fresh_workdir, learning_rate,
                             report_final_weights, run, summary, train_reference)
from bert_reference import BertForPreTraining, no_decay  # noqa: E402

LAYERS, HIDDEN, HEADS, PAD_TO, SEQ = 2, 64, 4, 128, 32
LN_EPS = 1e-5  # mtc-import's default with Megatron flags (HF's default is 1e-12)
MICRO, GLOBAL, STEPS = 2, 4, 10
LR, MIN_LR, WARMUP, DECAY, BETAS, EPS, WD, CLIP = 1e-3, 1e-4, 2, 10, (0.9, 0.95), 1e-8, 0.01, 1.0
LOSS_TOL, GRAD_TOL, TRAIN_TOL = 1e-5, 1e-4, 1e-4



def make_corpus(work, seed):
    """A vocabulary (BERT's special tokens, punctuation, "##s"/"##ed" pieces and
    made-up words; not a multiple of PAD_TO, so the table has padding rows) and
    JSON-lines documents of 2 to 5 capitalized sentences of those words: many
    documents are shorter than a sample, so many samples are padded; suffixed
    words give multi-piece words.
    Returns (vocab.txt path, corpus path, vocabulary size)."""
    rng = random.Random(seed)
    syllables = ["ka", "lo", "mi", "ren", "tu", "sa", "vel", "dor", "pi", "ne", "gar", "ris",
                 "bo", "than", "el", "qui"]
    words = sorted({rng.choice(syllables) + rng.choice(syllables) for _ in range(400)})[:150]
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", ".", ",", "##s", "##ed"] + words
    with open(os.path.join(work, "vocab.txt"), "w") as f:
        f.write("\n".join(vocab) + "\n")
    documents = []
    for _ in range(80):
        sentences = []
        for _ in range(rng.randint(2, 5)):
            sentence = [rng.choice(words) + rng.choice(["", "", "", "s", "ed"])
                        for _ in range(rng.randint(2, 9))]
            if len(sentence) > 5 and rng.random() < 0.3:
                sentence[2] += ","
            sentences.append(" ".join(sentence).capitalize() + ".")
        documents.append(" ".join(sentences))
    corpus = os.path.join(work, "corpus.jsonl")
    with open(corpus, "w") as f:
        for text in documents:
            f.write(json.dumps({"text": text}) + "\n")
    return os.path.join(work, "vocab.txt"), corpus, len(vocab)


def make_dataset(args, vocab_file, corpus, prefix, log):
    run([args.mtc_data, "--format", "jsonl", "--input", corpus, "--output-prefix", prefix,
         "--tokenizer-type", "BertWordPieceLowerCase", "--vocab-file", vocab_file,
         "--split-sentences"], log)


def read_batches(path):
    """mtc's --dump-batch file as int64 tensors: tokens, token_types, labels
    [iterations, micro-batches, micro-batch, seq] (label -1: not predicted),
    lengths and sop [iterations, micro-batches, micro-batch]. The file stores
    f32 values (exact for these integers) under the plan's input roles."""
    raw, _ = safetensors_io.read(path)

    def tensor(*names):
        for name in names:
            if name in raw:
                return torch.from_numpy(np.rint(raw[name]).astype(np.int64))
        raise SystemExit(f"FAILED: '{path}' has none of {names} (it has {sorted(raw)})")

    labels = tensor("targets", "labels")
    tokens = tensor("tokens")
    lengths = tensor("lengths")
    sop = tensor("sentence_labels", "sop_labels")
    return {"tokens": tokens, "token_types": tensor("token_types"),
            "labels": torch.where(labels < 0, torch.full_like(labels, -1), labels),
            "lengths": lengths.reshape(tokens.shape[:3]), "sop": sop.reshape(tokens.shape[:3])}


def read_losses(metrics):
    """Per iteration (masked-LM loss, sentence-order loss, grad norm) from the
    --metrics columns (9 significant digits)."""
    with open(metrics) as f:
        rows = list(csv.DictReader(f))
    if not rows or "sop_loss" not in rows[0]:
        raise SystemExit(f"FAILED: '{metrics}' has no sop_loss column "
                         f"(columns {list(rows[0]) if rows else []})")
    return ([float(r["lm_loss"]) for r in rows], [float(r["sop_loss"]) for r in rows],
            [float(r["grad_norm"]) for r in rows])


def random_weights(model, seed):
    """BERT-like magnitudes under HF names, but no parameter left at a constant."""
    rng = np.random.default_rng(seed)
    weights = {}
    for name, p in model.named_parameters():
        base = 1.0 if name.endswith("LayerNorm.weight") else 0.0
        scale = 0.1 if "LayerNorm" in name else 0.02
        weights[name] = (base + scale * rng.standard_normal(tuple(p.shape))).astype(np.float32)
    return weights


def load_into(model, weights, dtype):
    model.load_state_dict({n: torch.from_numpy(w.astype(np.float64)) for n, w in weights.items()},
                          strict=True)
    return model.to(dtype)




def gradient_error(name, mine, grads):
    """Relative norm error of `mine` against the reference's grads[name]. The
    key bias's gradient is zero in exact arithmetic (softmax ignores a constant
    added to every score of a row), so its rounding noise is measured against
    the query bias's gradient of the same layer instead."""
    scale = grads[name]
    if name.endswith(".attention.self.key.bias"):
        scale = grads[name[: -len("key.bias")] + "query.bias"]
    return float(np.linalg.norm(mine - grads[name]) / max(np.linalg.norm(scale), 1e-30))


def iteration_grads(model, batches, step, ignore_padding=False):
    """(lm, sop) losses (means of micro-batch means) and accumulated grads of
    one iteration: each micro-batch's objective lm + sop, averaged."""
    model.zero_grad()
    micro_batches = batches["tokens"].shape[1]
    lm_losses, sop_losses = [], []
    for mb in range(micro_batches):
        tokens = batches["tokens"][step, mb]
        lengths = batches["lengths"][step, mb]
        if ignore_padding:
            lengths = torch.full_like(lengths, tokens.shape[1])
        lm, sop = model(tokens, batches["token_types"][step, mb], lengths,
                        batches["labels"][step, mb], batches["sop"][step, mb])
        ((lm + sop) / micro_batches).backward()
        lm_losses.append(lm.item())
        sop_losses.append(sop.item())
    return float(np.mean(lm_losses)), float(np.mean(sop_losses))


def mix_qkv_heads(weights):
    """What a converter that skips the per-head permutation feeds the reference:
    query/key/value rows read as Megatron's [heads][q,k,v][head_dim] order."""
    head_dim = HIDDEN // HEADS
    for layer in range(LAYERS):
        prefix = f"bert.encoder.layer.{layer}.attention.self."
        for kind in ("weight", "bias"):
            names = [prefix + part + "." + kind for part in ("query", "key", "value")]
            packed = np.concatenate([weights[n] for n in names], axis=0)
            rest = packed.shape[1:]
            mixed = (packed.reshape(HEADS, 3, head_dim, *rest).swapaxes(0, 1)
                     .reshape(3 * HIDDEN, *rest))
            for n, part in zip(names, np.split(mixed, 3, axis=0)):
                weights[n] = np.ascontiguousarray(part)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mtc-import", required=True)
    parser.add_argument("--mtc-compile", required=True)
    parser.add_argument("--mtc-data", required=True)
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--compile-arg", action="append", default=[],
                        help="extra mtc-compile flag, e.g. --compile-arg=--runtime-lib=DIR")
    parser.add_argument("--sabotage", choices=["none", "qkv-layout", "padding-mask"],
                        default="none",
                        help="qkv-layout: the reference reads query/key/value in mtc's per-head "
                             "order; padding-mask: the reference attends to padded keys")
    args = parser.parse_args()

    started = time.time()
    work = args.workdir
    log = fresh_workdir(work)
    path = lambda name: os.path.join(work, name)  # noqa: E731

    vocab_file, corpus, vocab = make_corpus(work, seed=20261123)
    make_dataset(args, vocab_file, corpus, path("data/corpus"), log)
    run([args.mtc_import, "--arch", "bert", "--name", "bert-numerics", "--num-layers",
         str(LAYERS), "--hidden-size", str(HIDDEN), "--num-attention-heads", str(HEADS),
         "--vocab-size", str(vocab), "--make-vocab-size-divisible-by", str(PAD_TO),
         "--seq-length", str(SEQ), "--hidden-dropout", "0", "--attention-dropout", "0",
         "-o", path("model.mlir")], log)
    run([args.mtc_compile, path("model.mlir"), "-o", path("out"), "--micro-batch", str(MICRO),
         "--lr", str(LR), "--min-lr", str(MIN_LR), "--warmup-steps", str(WARMUP),
         "--decay-steps", str(DECAY), "--beta1", str(BETAS[0]), "--beta2", str(BETAS[1]),
         "--adam-eps", str(EPS), "--weight-decay", str(WD), "--clip-grad", str(CLIP)]
        + args.compile_arg, log)

    def reference():
        return BertForPreTraining(LAYERS, HIDDEN, HEADS, vocab, SEQ, eps=LN_EPS)

    weights = random_weights(reference(), seed=20261122)
    safetensors_io.write(path("init.safetensors"), weights, {"format": "pt"})

    run([path("out/train"), "--data", path("data/corpus"), "--vocab-file", vocab_file,
         "--steps", str(STEPS), "--global-batch", str(GLOBAL), "--threads", str(args.threads),
         "--init-from", path("init.safetensors"), "--export-initial", path("initial.safetensors"),
         "--dump-grads", path("grads.safetensors"), "--dump-batch", path("batch.safetensors"),
         "--metrics", path("metrics.csv"), "--export-safetensors", path("final.safetensors")],
        log)

    check = Checks()

    # 1. Import then export is the identity under BertForPreTraining's names.
    check_hf_round_trip(check, path("initial.safetensors"), weights)

    # 2. The batches exercise padding and masking.
    batches = read_batches(path("batch.safetensors"))
    micro_batches = GLOBAL // MICRO
    tokens, lengths, labels = batches["tokens"], batches["lengths"], batches["labels"]
    check(tuple(tokens.shape) == (STEPS, micro_batches, MICRO, SEQ),
          f"batch dump holds {tuple(tokens.shape)} tokens")
    positions = torch.arange(SEQ)
    beyond = positions[None, None, None, :] >= lengths[..., None]
    padded = int((lengths < SEQ).sum())
    masked = int((labels >= 0).sum())
    check(bool((lengths[0] < SEQ).any()) and not bool((labels[beyond] >= 0).any())
          and int(tokens.max()) < vocab
          and bool(((labels >= 0).sum((-2, -1)) > 0).all()),
          f"batches: {padded} of {lengths.numel()} samples padded (lengths "
          f"{int(lengths.min())}..{int(lengths.max())}; some in iteration 1), {masked} masked "
          f"positions, none in padding, some in every micro-batch; sentence-order labels "
          f"{int((batches['sop'] == 0).sum())} x 0, {int((batches['sop'] == 1).sum())} x 1")

    mtc_lm, mtc_sop, mtc_norms = read_losses(path("metrics.csv"))
    if args.sabotage == "qkv-layout":
        mix_qkv_heads(weights)
    ignore_padding = args.sabotage == "padding-mask"

    # 3. Iteration 1: both losses and every gradient (float64; float32 for scale).
    model = load_into(reference(), weights, torch.float64)
    lm64, sop64 = iteration_grads(model, batches, 0, ignore_padding)
    grads64 = {n: p.grad.numpy().copy() for n, p in model.named_parameters()}
    model32 = load_into(reference(), weights, torch.float32)
    lm32, sop32 = iteration_grads(model32, batches, 0, ignore_padding)
    grads32 = {n: p.grad.numpy().astype(np.float64) for n, p in model32.named_parameters()}
    for what, mine, ref, ref32 in (("masked-LM", mtc_lm[0], lm64, lm32),
                                   ("sentence-order", mtc_sop[0], sop64, sop32)):
        error = abs(mine - ref) / abs(ref)
        check(error <= LOSS_TOL,
              f"iteration 1 {what} loss: mtc {mine:.9f}, torch float64 {ref:.9f}: relative "
              f"{error:.2e} <= {LOSS_TOL:g} (torch float32: {abs(ref32 - ref) / ref:.2e})")

    mtc_grads, _ = safetensors_io.read(path("grads.safetensors"))
    check(set(mtc_grads) == set(grads64),
          f"--dump-grads holds the {len(grads64)} BertForPreTraining tensors")
    check_gradients(check, {n: g.astype(np.float64) for n, g in mtc_grads.items()}, grads64,
                    grads32, GRAD_TOL, gradient_error)

    # 4. Ten AdamW iterations.
    model = load_into(reference(), weights, torch.float64)
    params = dict(model.named_parameters())
    torch_losses, torch_norms = train_reference(
        model, no_decay, STEPS, lambda step: sum(iteration_grads(model, batches, step, ignore_padding)),
        lambda step: learning_rate(step, LR, MIN_LR, WARMUP, DECAY), BETAS, EPS, WD, CLIP)
    mtc_losses = [lm + sop for lm, sop in zip(mtc_lm, mtc_sop)]
    compare_training(check, "lm+sop", mtc_losses, torch_losses, mtc_norms, torch_norms, STEPS,
                     TRAIN_TOL, CLIP)
    report_final_weights(path("final.safetensors"), params, STEPS)
    return summary(check, started, work)


if __name__ == "__main__":
    sys.exit(main())
