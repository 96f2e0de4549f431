#!/usr/bin/python3
"""Robustness test: mutated models must never crash mtc-opt or mtc-compile.

Takes seed models (test/fuzz/seeds/gpt-tp.mlir, a 4-layer GPT whose sizes
tensor parallelism divides, and models/gpt2-tiny.mlir and bert-large.mlir),
makes deterministic (seeded) mutants of them -- truncations, deleted and
duplicated lines, swapped tokens, changed numbers in types and attributes,
removed terminators, renamed ops and symbols, random byte flips -- and runs
every registered pass on each mutant that parses and verifies:

  chain  mtc-opt with every pass in one pipeline: verify-config, stats,
         set-shape, tensor- and sequence-parallel, autodiff, selective
         recompute, a 2-stage pipeline partition and 1F1B schedule, bf16 data
         parallelism, the distributed optimizer, optimizer, plan-memory and
         lower-to-exec (this run also tells whether the mutant verifies)
  interleaved  autodiff, full recompute, a cost-balanced 2x2 partition, the
         interleaved schedule, data parallelism, optimizer, plan-memory,
         lower-to-exec
  compile      mtc-compile --no-build with t=2 (t=1 for seeds it does not
         divide), p=2: the whole pipeline and the code emission

A further share of the inputs are generated models: mtc-import with random
Megatron flags (GPT or BERT, 1 to 4 layers, odd and even sizes, heads that may
not divide, dropout), then half of them mutated by change_attribute, and run
through one chain whose options are drawn too (t, s, p, v, micro-batches,
recompute, precision, bucket size). Most of these verify, so they exercise the
passes on many shapes and layouts instead of the seeds' few.

Every run must either succeed or exit non-zero having printed an `error:`
diagnostic. A run killed by a signal, a non-zero exit without a diagnostic,
or a run that hangs fails the test; its mutant is kept (see --keep-dir) with
the command that reproduces it. The report counts, per pass, the mutants that
reached it (from mtc-opt's -mlir-timing list), so a pipeline that rejects all
its inputs shows as zeros.

    fuzz_mtc_opt.py --mtc-opt build/bin/mtc-opt --mtc-compile build/bin/mtc-compile \
        --mtc-import build/bin/mtc-import --models models [--count 300] [--seed 1]
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

SEEDS_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seeds")
# (name, folder, share of the mutants, tensor-parallel size its sizes allow)
SEEDS = [("gpt-tp", SEEDS_DIR, 4, 2), ("gpt2-tiny", None, 1, 1), ("bert-large", None, 1, 1)]

TIMING = ["-mlir-timing", "-mlir-timing-display=list"]


def chain(tp):
    return ["--mtc-verify-config", "--mtc-stats=output=" + os.devnull, "--mtc-set-shape=micro-batch=2",
            f"--mtc-verify-config=tp={tp} pp=2 dp=2 micro-batch=2 global-batch=8"
            + (" sequence-parallel=true" if tp > 1 else ""),
            "--mtc-tensor-parallel", "--mtc-sequence-parallel" if tp > 1 else "--mtc-stats=output=" + os.devnull,
            "--mtc-autodiff", "--mtc-recompute=mode=selective", "--mtc-pipeline-partition=stages=2",
            "--mtc-pipeline-schedule=microbatches=2", "--mtc-data-parallel=precision=bf16 bucket-mb=1",
            "--mtc-distributed-optimizer", "--mtc-optimizer", "--mtc-plan-memory",
            "--mtc-lower-to-exec=output=" + os.devnull]


INTERLEAVED = ["--mtc-autodiff", "--mtc-recompute=mode=full",
               "--mtc-pipeline-partition=stages=2 chunks=2 balance=cost",
               "--mtc-pipeline-schedule=kind=interleaved microbatches=4", "--mtc-data-parallel",
               "--mtc-optimizer", "--mtc-plan-memory", "--mtc-lower-to-exec=output=" + os.devnull]

# Every pass mtc-opt registers, by its -mlir-timing name.
PASSES = ["VerifyConfig", "Stats", "SetShape", "TensorParallel", "SequenceParallel", "Autodiff",
          "Recompute", "PipelinePartition", "PipelineSchedule", "DataParallel",
          "DistributedOptimizer", "Optimizer", "PlanMemory", "LowerToExec"]
TIMED_PASS = re.compile(r"^\s+[\d.]+ \(\s*[\d.]+%\)\s+(\w+)$", re.M)
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


ATTRIBUTE_NUMBER = re.compile(r"\b(\w+) = (-?\d[\w.+-]*)")


def change_attribute(rng, text):
    """Keeps the syntax: a number in `name = value` (the model header, layer
    indices, rates, scales, epsilons, vocabulary bounds) becomes another, so
    most of these mutants verify and go on to the passes."""
    matches = list(ATTRIBUTE_NUMBER.finditer(text))
    m = rng.choice(matches)
    value = m.group(2)
    numeric = value.split(":")[0].strip()
    try:
        base = int(float(numeric))
    except ValueError:
        base = 1
    choices = INTERESTING_NUMBERS + [str(base * 2), str(base + 1), str(max(base - 1, 0)), str(base // 2)]
    new = rng.choice(choices)
    if "." in numeric or "e" in numeric:  # keep floats floats
        new = str(float(new)) if new not in ("nan",) else "0x7FF8000000000000"
    elif "." in new or "e" in new or new == "nan":
        new = str(base + 1)
    return text[: m.start(2)] + new + text[m.start(2) + len(numeric) :]


# change_attribute is listed thrice: mutants that verify reach the passes.
MUTATORS = [change_attribute, change_attribute, change_attribute, truncate, delete_lines, duplicate_line, swap_tokens, change_number, change_type_dim,
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


def generated_flags(rng):
    """Megatron flags of a random small model; some are deliberately invalid
    (heads that do not divide hidden), which mtc-import must refuse cleanly."""
    heads = rng.choice([1, 2, 3, 4, 8])
    head_dim = rng.choice([4, 8, 16])
    hidden = heads * head_dim if rng.random() < 0.9 else rng.choice([30, 50, 64])
    seq = rng.choice([1, 4, 8, 12, 16, 32])
    layers = rng.randint(1, 4)
    flags = ["--arch", rng.choice(["gpt", "gpt", "bert"]), "--num-layers", str(layers),
             "--hidden-size", str(hidden), "--num-attention-heads", str(heads),
             "--seq-length", str(seq), "--vocab-size", str(rng.choice([7, 64, 97, 128, 1000])),
             "--micro-batch-size", str(rng.choice([1, 2, 3])),
             "--hidden-dropout", str(rng.choice([0.0, 0.0, 0.1])),
             "--attention-dropout", str(rng.choice([0.0, 0.1]))]
    if rng.random() < 0.3:
        flags += ["--ffn-hidden-size", str(rng.choice([hidden, 3 * hidden, 2 * hidden + 2]))]
    if rng.random() < 0.3:
        flags += ["--max-position-embeddings", str(seq + rng.choice([0, 1, 16]))]
    # Mostly padded as Megatron pads for t <= 4, so tensor parallelism applies.
    if rng.random() < 0.8:
        flags += ["--make-vocab-size-divisible-by", str(rng.choice([1, 8, 128])),
                  "--tensor-model-parallel-size", "4"]
    micro = int(flags[flags.index("--micro-batch-size") + 1])
    return flags, {"heads": heads, "layers": layers, "seq": seq, "micro": micro}


def random_chain(rng, model):
    """(mtc-opt pipeline through every pass, the same layout as mtc-compile
    flags), with drawn options. Most draws fit the model, so the later passes
    run; about one in five need not, and what the passes cannot honour (t not
    dividing the heads, more chunks than layers) must be refused with a
    diagnostic. mtc-opt lowers only unpipelined modules (mtc-compile lowers
    each stage), so lower-to-exec runs in the chain when p = 1."""
    layers = model["layers"]
    if rng.random() < 0.8:
        tp = rng.choice([t for t in (1, 2, 4) if model["heads"] % t == 0])
        pp = rng.choice([p for p in (1, 2, 4) if layers % p == 0])
        vp = rng.choice([v for v in (1, 2) if layers % (pp * v) == 0 and (v == 1 or pp > 1)])
        kind = "interleaved" if vp > 1 else "1f1b"
        sp = tp > 1 and model["seq"] % tp == 0 and rng.random() < 0.5
    else:
        tp, pp, vp = rng.choice([1, 2, 3, 4]), rng.choice([1, 2, 3, 4]), rng.choice([1, 2])
        kind = rng.choice(["1f1b", "interleaved"])
        sp = tp > 1 and rng.random() < 0.5
    mb, micro = model["micro"], rng.choice([1, 2, 4, 6])
    recompute = rng.choice(["none", "full", "selective"])
    precision = rng.choice(["fp32", "bf16", "fp16"])
    bucket = rng.choice([0, 0.01, 1, 4])
    zero = rng.random() < 0.5
    passes = ["--mtc-verify-config",
              f"--mtc-verify-config=tp={tp} pp={pp} dp=2 micro-batch={mb} global-batch={2 * mb * micro}"
              + (" sequence-parallel=true" if sp else "")]
    if rng.random() < 0.3:
        passes.append(f"--mtc-set-shape=micro-batch={rng.choice([0, 1, 2])} seq={rng.choice([0, 4, 8])}")
    passes += ["--mtc-tensor-parallel"] + (["--mtc-sequence-parallel"] if sp else [])
    passes += ["--mtc-stats=output=" + os.devnull, "--mtc-autodiff", "--mtc-recompute=mode=" + recompute]
    passes += [f"--mtc-pipeline-partition=stages={pp} chunks={vp} balance={rng.choice(['even', 'cost'])}",
               f"--mtc-pipeline-schedule=kind={kind} microbatches={micro}",
               f"--mtc-data-parallel=precision={precision} bucket-mb={bucket}"]
    passes += ["--mtc-distributed-optimizer"] if zero else []
    passes += ["--mtc-optimizer", "--mtc-plan-memory"]
    if pp == 1:
        passes.append("--mtc-lower-to-exec=output=" + os.devnull)
    compile_flags = ["--no-build", "--tp", str(tp), "--pp", str(pp), "--vp", str(vp), "--dp", "2",
                     "--global-batch", str(2 * mb * micro), "--recompute", recompute,
                     "--precision", precision, "--dp-bucket-mb", str(bucket)]
    compile_flags += (["--sequence-parallel"] if sp else []) + (["--distributed-optimizer"] if zero else [])
    return passes, compile_flags


def run(cmd, timeout):
    """(outcome, detail, passes that ran) of one mtc-opt or mtc-compile run."""
    try:
        proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return "hang", f"no answer in {timeout} s", set()
    stderr = proc.stderr.decode(errors="replace")
    ran = set(TIMED_PASS.findall(stderr)) & set(PASSES)
    if proc.returncode < 0:
        return "crash", f"killed by signal {-proc.returncode}\n{stderr[-2000:]}", ran
    if proc.returncode != 0 and "error:" not in stderr:
        return "silent", f"exit {proc.returncode} without an error: diagnostic\n{stderr[-2000:]}", ran
    return ("accepted" if proc.returncode == 0 else "rejected"), "", ran


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mtc-opt", required=True)
    parser.add_argument("--mtc-compile", help="also run mtc-compile --no-build on mutants that verify")
    parser.add_argument("--mtc-import", help="also fuzz generated models (mtc-import with random flags)")
    parser.add_argument("--models", required=True, help="the models/ folder")
    parser.add_argument("--count", type=int, default=300, help="mutants in all (default 300)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--keep-dir", help="where failing mutants are kept (default: a new temporary folder)")
    parser.add_argument("--progress", type=int, default=0, help="print the tally every N mutants")
    args = parser.parse_args()

    # Generated models take half of the inputs when mtc-import is given.
    generated = args.count // 2 if args.mtc_import else 0
    seeded = args.count - generated
    shares = sum(share for _, _, share, _ in SEEDS)
    counts = [seeded * share // shares for _, _, share, _ in SEEDS]
    counts[0] += seeded - sum(counts)
    rng = random.Random(args.seed)
    keep_dir = args.keep_dir or tempfile.mkdtemp(prefix="mtc-fuzz-")
    os.makedirs(keep_dir, exist_ok=True)
    work = tempfile.mkdtemp(prefix="mtc-fuzz-work-")
    tally = {"verified": 0, "rejected": 0, "generated": 0, "import refused": 0}
    reached = {name: 0 for name in PASSES + ["mtc-compile", "mtc-compile accepted"]}
    failures = []
    total = 0

    def report():
        print(f"fuzz: {total} inputs (seed {args.seed}; {tally['generated']} generated, of which "
              f"mtc-import refused {tally['import refused']}), {tally['verified']} parsed and "
              f"verified, {tally['rejected']} rejected with diagnostics before any pass, "
              f"{len(failures)} failing runs")
        print("mutants that reached each pass: " + ", ".join(f"{k} {v}" for k, v in reached.items()))
        sys.stdout.flush()

    for (name, folder, _, tp), count in zip(SEEDS, counts):
        with open(os.path.join(folder or args.models, name + ".mlir")) as f:
            text = f.read()
        for n, (what, data) in enumerate(mutants(rng, text, count)):
            total += 1
            path = os.path.join(work, f"{name}-{n}.mlir")
            with open(path, "wb") as f:
                f.write(data)
            runs = [[args.mtc_opt, path, "-o", os.devnull] + chain(tp) + TIMING]
            passes_seen = set()
            for i in range(3):
                if i == 1:
                    # The chain's first pass runs only on a mutant that parsed
                    # and verified; the other runs would reject it again.
                    if not passes_seen:
                        tally["rejected"] += 1
                        break
                    tally["verified"] += 1
                    runs.append([args.mtc_opt, path, "-o", os.devnull] + INTERLEAVED + TIMING)
                    if args.mtc_compile:
                        out = os.path.join(work, "out")
                        runs.append([args.mtc_compile, path, "-o", out, "--no-build", "--tp", str(tp),
                                     "--pp", "2", "--global-batch", "4"])
                if i >= len(runs):
                    break
                cmd = runs[i]
                outcome, detail, ran = run(cmd, args.timeout)
                passes_seen |= ran
                if cmd[0] == args.mtc_compile:
                    reached["mtc-compile"] += 1
                    reached["mtc-compile accepted"] += outcome == "accepted"
                if i == 0 and outcome in ("crash", "silent", "hang"):
                    passes_seen.add("?")  # still try the other runs
                if outcome in ("crash", "silent", "hang"):
                    kept = os.path.join(keep_dir, f"{name}-{n}.mlir")
                    with open(kept, "wb") as f:
                        f.write(data)
                    shown = " ".join(f"'{c}'" if " " in c else c for c in cmd).replace(path, kept)
                    failures.append(f"{outcome}: {name} mutant {n} ({what})\n  reproduce: {shown}\n  {detail}")
            for p in passes_seen & set(PASSES):
                reached[p] += 1
            os.remove(path)
            if args.progress and total % args.progress == 0:
                report()
    for n in range(generated):
        total += 1
        path = os.path.join(work, f"generated-{n}.mlir")
        flags, model = generated_flags(rng)
        what = "generated " + " ".join(flags)
        cmd = [args.mtc_import] + flags + ["-o", path]
        outcome, detail, _ = run(cmd, args.timeout)
        tally["generated"] += 1
        if outcome != "accepted":
            tally["import refused"] += 1
            if outcome != "rejected":
                failures.append(f"{outcome}: mtc-import ({what})\n  reproduce: {' '.join(cmd)}\n  {detail}")
            continue
        if rng.random() < 0.5:
            with open(path) as f:
                text = f.read()
            try:
                text = change_attribute(rng, text)
                what += " + change_attribute"
            except (IndexError, ValueError):
                pass
            with open(path, "w") as f:
                f.write(text)
        passes, compile_flags = random_chain(rng, model)
        cmds = [[args.mtc_opt, path, "-o", os.devnull] + passes + TIMING]
        if args.mtc_compile:
            cmds.append([args.mtc_compile, path, "-o", os.path.join(work, "out")] + compile_flags)
        ran = set()
        for i, cmd in enumerate(cmds):
            outcome, detail, seen = run(cmd, args.timeout)
            ran |= seen
            if i == 0:
                tally["verified" if seen else "rejected"] += 1
                for p in seen:
                    reached[p] += 1
            else:
                reached["mtc-compile"] += 1
                reached["mtc-compile accepted"] += outcome == "accepted"
            if outcome in ("crash", "silent", "hang"):
                kept = os.path.join(keep_dir, f"generated-{n}.mlir")
                shutil.copy(path, kept)
                shown = " ".join(f"'{c}'" if " " in c else c for c in cmd).replace(path, kept)
                failures.append(f"{outcome}: generated input {n} ({what})\n  reproduce: {shown}\n  {detail}")
            if not ran:
                break  # did not verify: mtc-compile would only refuse it again
        os.remove(path)
        if args.progress and total % args.progress == 0:
            report()
    shutil.rmtree(work)

    report()
    if failures:
        print("\n".join(failures))
        print(f"failing mutants are in {keep_dir}")
        return 1
    if not args.keep_dir:
        os.rmdir(keep_dir)
    return 0


if __name__ == "__main__":
    sys.exit(main())
