#!/usr/bin/python3
"""Robustness test: mutated models must never crash mtc-opt.

Takes models/gpt2-tiny.mlir and models/bert-large.mlir, makes deterministic
(seeded) mutants of them -- truncations, deleted and duplicated lines, swapped
tokens, changed numbers in types and attributes, removed terminators, renamed
ops and symbols, random byte flips -- and runs mtc-opt on each, once plainly and
once with `--mtc-verify-config --mtc-stats` (and a third time with
`--mtc-set-shape`). Every run must either succeed or exit non-zero having printed
an `error:` diagnostic. A run killed by a signal, a non-zero exit without a
diagnostic, or a run that hangs fails the test; its mutant is kept (see
--keep-dir) with the command that reproduces it.

    fuzz_mtc_opt.py --mtc-opt build/bin/mtc-opt --models models [--count 300] [--seed 1]
"""
import argparse
import os
import random
import re
import subprocess
import sys
import tempfile

PIPELINES = [
    [],
    ["--mtc-verify-config", "--mtc-stats"],
    ["--mtc-set-shape=micro-batch=2 seq=64", "--mtc-verify-config=tp=2 pp=2 dp=2 micro-batch=2 global-batch=8"],
]
MTC_OPS = ["mtc.param", "mtc.param_ref", "mtc.embedding", "mtc.layer_norm", "mtc.linear", "mtc.gelu",
           "mtc.dropout", "mtc.add", "mtc.attention", "mtc.cross_entropy", "mtc.layer", "mtc.yield",
           "mtc.embedding_grad", "mtc.layer_norm_dx", "mtc.layer_norm_dw", "mtc.linear_dx",
           "mtc.linear_dw", "mtc.gelu_grad", "mtc.attention_grad", "mtc.cross_entropy_grad",
           "mtc.adamw"]
INTERESTING_NUMBERS = ["0", "1", "-1", "2", "3", "7", "-128", "4294967296", "9223372036854775807",
                       "-9223372036854775808", "1.0", "0.0", "-0.5", "1e308", "nan"]
NUMBER = re.compile(r"(?<![\w.%@#])-?\d+(\.\d+)?([eE][-+]?\d+)?")
TYPE_DIM = re.compile(r"(?<=[<x])\d+(?=x)")


def lines_of(text):
    return text.split("\n")


def truncate(rng, text):
    return text[: rng.randrange(len(text))]


def delete_lines(rng, text):
    lines = lines_of(text)
    start = rng.randrange(len(lines))
    del lines[start : start + rng.choice([1, 1, 1, 2, 5])]
    return "\n".join(lines)


def duplicate_line(rng, text):
    lines = lines_of(text)
    i = rng.randrange(len(lines))
    lines.insert(rng.randrange(len(lines)), lines[i])
    return "\n".join(lines)


def swap_tokens(rng, text):
    lines = lines_of(text)
    for _ in range(20):
        i = rng.randrange(len(lines))
        tokens = lines[i].split(" ")
        if len(tokens) >= 3:
            a, b = rng.sample(range(len(tokens)), 2)
            tokens[a], tokens[b] = tokens[b], tokens[a]
            lines[i] = " ".join(tokens)
            break
    return "\n".join(lines)


def change_number(rng, text):
    matches = list(NUMBER.finditer(text))
    m = rng.choice(matches)
    value = m.group(0)
    choices = INTERESTING_NUMBERS + [str(int(float(value)) * 2), str(int(float(value)) + 1)]
    return text[: m.start()] + rng.choice(choices) + text[m.end() :]


def change_type_dim(rng, text):
    matches = list(TYPE_DIM.finditer(text))
    m = rng.choice(matches)
    value = int(m.group(0))
    new = rng.choice([0, 1, value + 1, value * 2, max(value - 1, 0), 3, 4294967296])
    return text[: m.start()] + str(new) + text[m.end() :]


def change_element_type(rng, text):
    matches = [m for m in re.finditer(r"x(f32|i32)>", text)]
    m = rng.choice(matches)
    return text[: m.start()] + "x" + rng.choice(["f16", "i32", "f32", "i64", "index"]) + ">" + text[m.end() :]


def remove_terminator(rng, text):
    lines = lines_of(text)
    candidates = [i for i, l in enumerate(lines) if l.strip().startswith(("mtc.yield", "return"))]
    del lines[rng.choice(candidates)]
    return "\n".join(lines)


def rename_op(rng, text):
    matches = list(re.finditer(r"mtc\.[a-z_]+", text))
    m = rng.choice(matches)
    return text[: m.start()] + rng.choice(MTC_OPS) + text[m.end() :]


def rename_symbol(rng, text):
    matches = list(re.finditer(r"@[\w.]+", text))
    m = rng.choice(matches)
    other = rng.choice(matches).group(0)
    return text[: m.start()] + rng.choice([other, "@missing", "@forward", "@wte"]) + text[m.end() :]


def drop_attribute(rng, text):
    matches = list(re.finditer(r"\b(index|heads|head_dim|causal|scale|valid_vocab|rate|stream|eps|"
                               r"vocab_start|transpose_weight|no_decay) = [^,}]+,? ?", text))
    if not matches:
        return truncate(rng, text)
    m = rng.choice(matches)
    return text[: m.start()] + text[m.end() :]


def flip_bytes(rng, text):
    data = bytearray(text.encode())
    for _ in range(rng.choice([1, 1, 2, 8])):
        i = rng.randrange(len(data))
        data[i] ^= 1 << rng.randrange(8)
    return bytes(data)


MUTATORS = [truncate, delete_lines, duplicate_line, swap_tokens, change_number, change_type_dim,
            change_element_type, remove_terminator, rename_op, rename_symbol, drop_attribute,
            flip_bytes]


def apply(rng, step, text):
    """One mutation; where it finds nothing to act on (a stacked mutation after
    a truncation, say), flips a byte instead."""
    if not text:
        return text
    try:
        return step(rng, text)
    except (IndexError, ValueError):
        return flip_bytes(rng, text)


def mutants(rng, text, count):
    """Yields (description, bytes); some mutants stack two mutations."""
    for n in range(count):
        steps = [rng.choice(MUTATORS) for _ in range(rng.choice([1, 1, 1, 2]))]
        data = text
        for step in steps:
            if isinstance(data, bytes):
                data = data.decode(errors="replace")
            data = apply(rng, step, data)
        if isinstance(data, str):
            data = data.encode()
        yield "+".join(s.__name__ for s in steps), data


def run(mtc_opt, path, pipeline, timeout):
    cmd = [mtc_opt, path, "-o", os.devnull] + pipeline
    try:
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return cmd, "hang", f"no answer in {timeout} s"
    stderr = proc.stderr.decode(errors="replace")
    if proc.returncode < 0:
        return cmd, "crash", f"killed by signal {-proc.returncode}\n{stderr[-2000:]}"
    if proc.returncode != 0 and "error:" not in stderr:
        return cmd, "silent", f"exit {proc.returncode} without an error: diagnostic\n{stderr[-2000:]}"
    return cmd, ("accepted" if proc.returncode == 0 else "rejected"), ""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mtc-opt", required=True)
    parser.add_argument("--models", required=True, help="the models/ folder")
    parser.add_argument("--count", type=int, default=300, help="mutants in all (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--keep-dir", help="where failing mutants are kept (default: a new temporary folder)")
    args = parser.parse_args()

    # Two thirds from the GPT, one third from BERT.
    sources = [("gpt2-tiny", 2 * args.count // 3), ("bert-large", args.count - 2 * args.count // 3)]
    rng = random.Random(args.seed)
    keep_dir = args.keep_dir or tempfile.mkdtemp(prefix="mtc-fuzz-")
    os.makedirs(keep_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="mtc-fuzz-work-")
    tally = {"accepted": 0, "rejected": 0}
    failures = []
    total = 0
    for name, count in sources:
        with open(os.path.join(args.models, name + ".mlir")) as f:
            text = f.read()
        for n, (what, data) in enumerate(mutants(rng, text, count)):
            total += 1
            path = os.path.join(work, f"{name}-{n}.mlir")
            with open(path, "wb") as f:
                f.write(data)
            outcomes = []
            for pipeline in PIPELINES:
                cmd, outcome, detail = run(args.mtc_opt, path, pipeline, args.timeout)
                outcomes.append(outcome)
                if outcome in ("crash", "silent", "hang"):
                    kept = os.path.join(keep_dir, f"{name}-{n}.mlir")
                    with open(kept, "wb") as f:
                        f.write(data)
                    shown = " ".join(f"'{c}'" if " " in c else c for c in cmd).replace(path, kept)
                    failures.append(f"{outcome}: {name} mutant {n} ({what})\n  reproduce: {shown}\n  {detail}")
            # A mutant counts as accepted when the plain parse accepts it.
            if outcomes[0] in tally:
                tally[outcomes[0]] += 1
            os.remove(path)
    os.rmdir(work)

    print(f"fuzz: {total} mutants (seed {args.seed}), {tally['accepted']} accepted, "
          f"{tally['rejected']} rejected with diagnostics, {len(failures)} failing runs "
          f"of {total * len(PIPELINES)}")
    if failures:
        print("\n".join(failures))
        print(f"failing mutants are in {keep_dir}")
        return 1
    if not args.keep_dir:
        os.rmdir(keep_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
