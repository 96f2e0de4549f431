#!/usr/bin/env python3
"""train reads Megatron-LM's GPT samples, in Megatron's order.

Through the real tools on Debian's fortunes: mtc-data tokenizes two datasets,
mtc-import/mtc-compile build a small GPT, and `train --dump-batch` records every
token it trained on. Each run's tokens and targets must be, sample for sample,
what megatron_reference.py (an independent numpy model of Megatron's
GPTDataset/BlendedDataset index building) gives for the same data, seed, split,
sequence length and run length:

- one dataset, one epoch; one dataset over several epochs with a separate
  final epoch (and the split sizes the log reports);
- the weighted blend "0.3 A 0.7 B" and the size-weighted blend "A B";
- a run stopped and resumed from its checkpoint reads what the uninterrupted
  run read;
- each evaluation reads the next --eval-iters valid batches (Megatron's
  validation iterator), not the first ones again;
- --vocab-file/--merge-file: train checks the data's ids against them, and
  generate reads them;
- under data parallelism (mpirun -np 2, d = 2) the per-iteration losses equal
  the one-rank run's on the same blend (the same global batches were read).
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "numerics"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "unit", "data"))
import megatron_reference as ref  # noqa: E402
import safetensors_io  # noqa: E402
import tiny_bpe  # noqa: E402

parser = argparse.ArgumentParser()
parser.add_argument("--bin", required=True)
parser.add_argument("--mpirun", default="")
parser.add_argument("--bpe-dir", required=True, help="GPT-2's encoder.json and vocab.bpe")
parser.add_argument("--fortunes", default="/usr/share/games/fortunes")
args = parser.parse_args()

SEQ, MICRO = 32, 2
for name in ("wisdom", "food", "pets"):
    if not os.path.exists(os.path.join(args.fortunes, name)):
        print(f"SKIP: fortune file {name} missing; run scripts/setup.sh")
        sys.exit(77)

failures = []


def run(cmd, **kw):
    result = subprocess.run(cmd, capture_output=True, text=True, **kw)
    if result.returncode != 0:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {result.returncode}\n{result.stdout}\n{result.stderr}")
    return result.stdout


def check(condition, what):
    print(("ok: " if condition else "FAIL: ") + what)
    if not condition:
        failures.append(what)


with tempfile.TemporaryDirectory() as work:
    a, b, tiny = (os.path.join(work, n) for n in ("a", "b", "tiny"))
    for prefix, files in ((a, ["wisdom"]), (b, ["food"]), (tiny, ["pets"])):
        run([os.path.join(args.bin, "mtc-data"), "--format", "fortune", "--append-eod",
             "--output-prefix", prefix] +
            sum([["--input", os.path.join(args.fortunes, f)] for f in files], []))
    model = os.path.join(work, "m.mlir")
    run([os.path.join(args.bin, "mtc-import"), "--num-layers", "1", "--hidden-size", "32",
         "--num-attention-heads", "2", "--seq-length", str(SEQ), "--vocab-size", "50257",
         "--hidden-dropout", "0", "--attention-dropout", "0", "--name", "m", "-o", model])
    out = os.path.join(work, "m")
    run([os.path.join(args.bin, "mtc-compile"), model, "-o", out, "--micro-batch", str(MICRO)])

    def train(name, data_path, steps, global_batch, split="969,30,1", seed=1234, extra=()):
        dump = os.path.join(work, name + ".safetensors")
        log = run([os.path.join(out, "train"), "--data-path", data_path, "--steps", str(steps),
                   "--global-batch", str(global_batch), "--split", split, "--seed", str(seed),
                   "--threads", "1", "--dump-batch", dump, *extra], cwd=work)
        return log, dump

    def compare(name, dump, data_path, steps, global_batch, split="969,30,1", seed=1234):
        tensors, _ = safetensors_io.read(dump)
        tokens = tensors["tokens"].reshape(-1, SEQ).astype(np.int64)
        targets = tensors["targets"].reshape(-1, SEQ).astype(np.int64)
        want = ref.Split(data_path, split, 0, SEQ, steps * global_batch, seed)
        same = 0
        for i in range(steps * global_batch):
            sample = want.sample(i)
            same += bool(np.array_equal(tokens[i], sample[:-1]) and
                         np.array_equal(targets[i], sample[1:]))
        check(len(tokens) == steps * global_batch and same == len(tokens),
              f"{name}: {same} of {steps * global_batch} samples are Megatron's")
        return want

    # One dataset, one epoch.
    log, dump = train("one", a, 6, 4)
    want = compare("one dataset", dump, a, 6, 4)
    m = re.search(r"train data: (\d+) samples from '[^']*' \((\d+) tokens, (\d+) epochs?\)", log)
    check(m is not None and int(m.group(1)) == len(want) and
          int(m.group(2)) == want.datasets[0].tokens_per_epoch and int(m.group(3)) == 1,
          f"one dataset: the log's split size {m and m.groups()} is Megatron's "
          f"({len(want)}, {want.datasets[0].tokens_per_epoch}, 1)")

    # Several epochs of a small dataset, the last one shuffled apart; another seed
    # and split; the log's valid split size as Megatron computes it.
    steps = 25
    log, dump = train("epochs", tiny, steps, 8, split="90,10,0", seed=7,
                      extra=["--eval-interval", "10", "--eval-iters", "1"])
    want = compare("several epochs", dump, tiny, steps, 8, split="90,10,0", seed=7)
    d = want.datasets[0]
    check(d.epochs > 1 and d.separate_final_epoch,
          f"several epochs: the reference has {d.epochs} epochs, final epoch separate "
          f"{d.separate_final_epoch}")
    valid = ref.Split(tiny, "90,10,0", 1, SEQ, (steps // 10 + 1) * 1 * 8, 7)
    m = re.search(r"valid data: (\d+) samples from '[^']*' \((\d+) tokens, (\d+) epochs?\)", log)
    check(m is not None and (int(m.group(1)), int(m.group(2)), int(m.group(3))) ==
          (len(valid), valid.datasets[0].tokens_per_epoch, valid.datasets[0].epochs),
          f"several epochs: the log's valid split {m and m.groups()} is Megatron's "
          f"({len(valid)}, {valid.datasets[0].tokens_per_epoch}, {valid.datasets[0].epochs})")

    # Blends.
    blend = f"0.3 {a} 0.7 {b}"
    _, dump = train("blend", blend, 5, 8)
    compare("blend 0.3/0.7", dump, blend, 5, 8)
    by_size = f"{a} {tiny}"
    _, dump = train("bysize", by_size, 4, 8)
    compare("blend by size", dump, by_size, 4, 8)

    # Stopped after 2 iterations and resumed to 5: the dump is the whole run's.
    ckpt = os.path.join(work, "ckpt")
    _, dump = train("resumed", blend, 2, 8, extra=["--save", ckpt])
    _, dump = train("resumed", blend, 5, 8, extra=["--load", ckpt])
    compare("resumed blend", dump, blend, 5, 8)

    # Evaluation k reads valid batches [k I, (k+1) I), as Megatron's validation
    # iterator. With a learning rate too small to move a float32 weight, the mean
    # of evaluations at iterations 1 and 2 (one batch each) is the evaluation of
    # batches 0 and 1 together at iteration 2.
    def valid_losses(interval, iters):
        log = run([os.path.join(out, "train"), "--data-path", a, "--steps", "2",
                   "--global-batch", "4", "--lr", "1e-30", "--min-lr", "0", "--threads", "1",
                   "--eval-interval", str(interval), "--eval-iters", str(iters)], cwd=work)
        return [float(v) for v in
                re.findall(r"validation loss at iteration \d+ \| lm loss value: ([0-9.eE+-]+)", log)]
    each, both = valid_losses(1, 1), valid_losses(2, 2)
    check(len(each) == 2 and len(both) == 1 and abs(each[0] - each[1]) > 1e-4 and
          abs((each[0] + each[1]) / 2 - both[0]) < 1e-5 * abs(both[0]),
          f"evaluations read consecutive valid batches: {each} (one each) vs {both} (both)")

    # --vocab-file/--merge-file: the data's ids are checked against that tokenizer
    # when the data is opened; generate reads the same files.
    gpt2 = ["--vocab-file", os.path.join(args.bpe_dir, "encoder.json"),
            "--merge-file", os.path.join(args.bpe_dir, "vocab.bpe")]
    train("vocab", a, 1, 4, extra=gpt2)
    tiny_vocab, tiny_merges = tiny_bpe.write(work)
    result = subprocess.run([os.path.join(out, "train"), "--data-path", a, "--steps", "1",
                             "--vocab-file", tiny_vocab, "--merge-file", tiny_merges],
                            capture_output=True, text=True)
    check(result.returncode == 1 and f"is not an id of the vocabulary '{tiny_vocab}' [0, 259)"
          in result.stderr and "iteration" not in result.stdout,
          f"train refuses data that is not in --vocab-file's vocabulary: {result.stderr.strip()}")
    generated = [run([os.path.join(out, "generate"), "--load", ckpt, "--prompt", "Hello",
                      "--tokens", "8", "--top-k", "1", *flags])
                 for flags in (gpt2, ["--vocab-dir", args.bpe_dir])]
    check(generated[0] == generated[1] and "Hello" in generated[0],
          f"generate --vocab-file/--merge-file reads GPT-2's files: {generated[0].strip()!r}")

    # Data parallelism: the same global batches, so the same losses.
    if args.mpirun:
        out2 = os.path.join(work, "m-dp")
        run([os.path.join(args.bin, "mtc-compile"), model, "-o", out2, "--micro-batch",
             str(MICRO), "--dp", "2"])
        losses = {}
        for name, cmd in (("one rank", [os.path.join(out, "train")]),
                          ("d=2", [*args.mpirun.split(), "-np", "2",
                                   os.path.join(out2, "train")])):
            metrics = os.path.join(work, name.replace(" ", "_").replace("=", "") + ".jsonl")
            run([*cmd, "--data-path", blend, "--steps", "4", "--global-batch", "8",
                 "--threads", "1", "--metrics", metrics, "--lr", "1e-3"], cwd=work)
            with open(metrics) as f:
                losses[name] = [json.loads(line)["lm_loss"] for line in f if line.strip()]
        diff = max(abs(x - y) for x, y in zip(losses["one rank"], losses["d=2"]))
        check(len(losses["d=2"]) == 4 and diff < 1e-5,
              f"d=2 reads the one-rank global batches: losses {losses['d=2']} vs "
              f"{losses['one rank']} (max difference {diff:.2e})")

print(f"{12 + bool(args.mpirun) - len(failures)} passed, {len(failures)} failed")
sys.exit(1 if failures else 0)
