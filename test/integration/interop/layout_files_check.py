#!/usr/bin/python3
"""Whole-model files on a (tensor, pipeline, data) layout against one rank
(test/integration/interop).

Builds a 4-layer GPT (vocabulary 301, not padded at import, so a tensor-
parallel layout pads it to a multiple of t and one rank does not), trains it
3 steps on the layout with
--export-initial, --dump-grads, --dump-batch, --export-safetensors and --save,
and checks against a one-rank program of the same model:
  - the initial weights (layout independent by construction) are the same
    file, byte for byte, as the one-rank --export-initial;
  - the final weights are the same file, byte for byte, as a one-rank export
    of the saved checkpoint (re-sliced by --load), with GPT2LMHeadModel's
    names and exactly `vocab` rows in transformer.wte.weight;
  - the gradient dump has the one-rank dump's names and shapes and values
    within 1e-5 relative norm per tensor (reductions run in another order);
  - the batch dump is the one-rank run's, every iteration, every sample;
  - --init-from of the final file on the layout exports the same file again;
  - --init-from of a file that lacks a tensor fails on every layout, naming it.
Exit status 0 when all hold."""
import argparse
import filecmp
import os
import shlex
import shutil
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "numerics"))
from mpi_checks import compile_model, expect_error, run  # noqa: E402
import safetensors_io  # noqa: E402

LAYERS, HIDDEN, HEADS, VOCAB, PAD_TO, SEQ = 4, 64, 4, 301, 1, 32
MICRO, STEPS, SEED = 2, 3, 11
GRAD_TOL = 1e-5


def fail(message):
    sys.exit("FAIL: " + message)


def train(command, what, timeout=300):
    r = run(command, timeout)
    print(r.stdout)
    if r.returncode != 0:
        fail(f"{what} failed (exit {r.returncode})")
    return r.stdout


def same_file(a, b, what):
    if not filecmp.cmp(a, b, shallow=False):
        ta, _ = safetensors_io.read(a)
        tb, _ = safetensors_io.read(b)
        differ = sorted(n for n in set(ta) | set(tb)
                        if n not in ta or n not in tb or ta[n].shape != tb[n].shape
                        or not np.array_equal(ta[n], tb[n]))
        fail(f"{what}: '{a}' and '{b}' differ ({len(differ)} tensors: {differ[:5]})")
    print(f"ok: {what}: byte-identical files ({os.path.getsize(a)} bytes)")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mtc-import", required=True)
    parser.add_argument("--mtc-compile", required=True)
    parser.add_argument("--mpirun", required=True, help="mpirun command, space separated")
    parser.add_argument("--workdir", required=True)
    parser.add_argument("--tp", type=int, default=1)
    parser.add_argument("--pp", type=int, default=1)
    parser.add_argument("--vp", type=int, default=1)
    parser.add_argument("--dp", type=int, default=1)
    parser.add_argument("--distributed-optimizer", action="store_true")
    parser.add_argument("--layers-per-chunk", help="an uneven pipeline layout, e.g. 3,1")
    parser.add_argument("--last-stage-layers", type=int,
                        help="mtc-compile --decoder-last-pipeline-num-layers")
    args = parser.parse_args()

    work = args.workdir
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    path = lambda name: os.path.join(work, name)  # noqa: E731
    ranks = args.tp * args.pp * args.dp
    micro_batches = 2 * args.pp  # enough to fill the pipeline
    global_batch = MICRO * args.dp * micro_batches

    r = run([args.mtc_import, "--arch", "gpt", "--name", "files", "--num-layers", str(LAYERS),
             "--hidden-size", str(HIDDEN), "--num-attention-heads", str(HEADS),
             "--vocab-size", str(VOCAB), "--make-vocab-size-divisible-by", str(PAD_TO),
             "--seq-length", str(SEQ), "--hidden-dropout", "0", "--attention-dropout", "0",
             "-o", path("model.mlir")], 60)
    if r.returncode != 0:
        fail("mtc-import failed:\n" + r.stdout)
    common = ["--micro-batch", str(MICRO), "--global-batch", str(global_batch)]
    compile_model([args.mtc_compile, path("model.mlir"), "-o", path("one")] + common)
    layout = ["--tp", str(args.tp), "--pp", str(args.pp), "--dp", str(args.dp)]
    if args.vp > 1:
        layout += ["--vp", str(args.vp)]
    if args.distributed_optimizer:
        layout += ["--distributed-optimizer"]
    if args.layers_per_chunk:
        layout += ["--layers-per-chunk", args.layers_per_chunk]
    if args.last_stage_layers:
        layout += ["--decoder-last-pipeline-num-layers", str(args.last_stage_layers)]
    compile_model([args.mtc_compile, path("model.mlir"), "-o", path("layout")] + common + layout)

    mpirun = shlex.split(args.mpirun) + ["-np", str(ranks)]
    run_flags = ["--synthetic", "--global-batch", str(global_batch), "--seed", str(SEED),
                 "--threads", "1"]
    train(mpirun + [path("layout/train"), "--steps", str(STEPS), "--save", path("ckpt"),
                    "--export-initial", path("layout_initial.safetensors"),
                    "--dump-grads", path("layout_grads.safetensors"),
                    "--dump-batch", path("layout_batch.safetensors"),
                    "--export-safetensors", path("layout_final.safetensors")] + run_flags,
          f"training on {ranks} ranks")
    train([path("one/train"), "--steps", str(STEPS),
           "--export-initial", path("one_initial.safetensors"),
           "--dump-grads", path("one_grads.safetensors"),
           "--dump-batch", path("one_batch.safetensors")] + run_flags, "training on one rank")
    # The layout's checkpoint, re-sliced for one rank: 0 iterations left to run.
    train([path("one/train"), "--steps", str(STEPS), "--load", path("ckpt"),
           "--export-safetensors", path("one_final.safetensors")] + run_flags,
          "exporting the layout's checkpoint on one rank")

    same_file(path("layout_initial.safetensors"), path("one_initial.safetensors"),
              "--export-initial")
    same_file(path("layout_final.safetensors"), path("one_final.safetensors"),
              "--export-safetensors after training")
    final, meta = safetensors_io.read(path("layout_final.safetensors"))
    if meta.get("mtc_names") != "GPT2LMHeadModel":
        fail(f"metadata names {meta.get('mtc_names')!r}, expected GPT2LMHeadModel")
    expected = {"transformer.wte.weight": (VOCAB, HIDDEN), "transformer.wpe.weight": (SEQ, HIDDEN),
                "transformer.ln_f.weight": (HIDDEN,), "transformer.ln_f.bias": (HIDDEN,)}
    for layer in range(LAYERS):
        for part, shape in (("ln_1.weight", (HIDDEN,)), ("ln_1.bias", (HIDDEN,)),
                            ("attn.c_attn.weight", (HIDDEN, 3 * HIDDEN)),
                            ("attn.c_attn.bias", (3 * HIDDEN,)),
                            ("attn.c_proj.weight", (HIDDEN, HIDDEN)),
                            ("attn.c_proj.bias", (HIDDEN,)), ("ln_2.weight", (HIDDEN,)),
                            ("ln_2.bias", (HIDDEN,)), ("mlp.c_fc.weight", (HIDDEN, 4 * HIDDEN)),
                            ("mlp.c_fc.bias", (4 * HIDDEN,)),
                            ("mlp.c_proj.weight", (4 * HIDDEN, HIDDEN)),
                            ("mlp.c_proj.bias", (HIDDEN,))):
            expected[f"transformer.h.{layer}.{part}"] = shape
    got = {n: t.shape for n, t in final.items()}
    if got != expected:
        fail(f"the export's tensors are not GPT2LMHeadModel's: extra "
             f"{sorted(set(got) - set(expected))}, missing {sorted(set(expected) - set(got))}, "
             f"other shapes {sorted(n for n in got if n in expected and got[n] != expected[n])}")
    print(f"ok: {len(got)} tensors under GPT2LMHeadModel's names, wte with {VOCAB} rows")

    grads, _ = safetensors_io.read(path("layout_grads.safetensors"))
    reference, _ = safetensors_io.read(path("one_grads.safetensors"))
    if {n: g.shape for n, g in grads.items()} != {n: g.shape for n, g in reference.items()}:
        fail("the gradient dumps hold other tensors or shapes")
    worst = 0.0
    for name, g in reference.items():
        rel = float(np.linalg.norm(grads[name] - g) / max(np.linalg.norm(g), 1e-30))
        worst = max(worst, rel)
        if rel > GRAD_TOL:
            fail(f"--dump-grads: {name} differs from one rank's by {rel:.2e} > {GRAD_TOL}")
    print(f"ok: --dump-grads: {len(grads)} gradients within {worst:.2e} of one rank's")

    batch, _ = safetensors_io.read(path("layout_batch.safetensors"))
    one_batch, _ = safetensors_io.read(path("one_batch.safetensors"))
    for name in ("tokens", "targets"):
        if name not in batch or batch[name].shape != one_batch[name].shape or \
                not np.array_equal(batch[name], one_batch[name]):
            fail(f"--dump-batch: '{name}' is {batch[name].shape if name in batch else 'missing'}, "
                 f"one rank's {one_batch[name].shape}, or their values differ")
    print(f"ok: --dump-batch: {batch['tokens'].shape} tokens and targets, as on one rank")

    # The export loads back on the layout and is exported unchanged.
    train(mpirun + [path("layout/train"), "--steps", "1", "--init-from",
                    path("layout_final.safetensors"), "--export-initial",
                    path("reloaded.safetensors")] + run_flags,
          "--init-from of the export on the layout")
    same_file(path("reloaded.safetensors"), path("layout_final.safetensors"),
              "--init-from then --export-initial")

    # A file without one tensor is refused by every layout, naming it.
    partial = {n: t for n, t in final.items() if n != "transformer.h.3.mlp.c_fc.bias"}
    safetensors_io.write(path("partial.safetensors"), partial)
    expect_error(mpirun + [path("layout/train"), "--steps", "1", "--init-from",
                           path("partial.safetensors")] + run_flags,
                 r"tensor 'transformer\.h\.3\.mlp\.c_fc\.bias' \(param 'h\.3\.mlp\.c_fc\.bias'\) "
                 r"is missing", 1, 120)
    print("PASS")


if __name__ == "__main__":
    main()
