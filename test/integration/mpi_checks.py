"""Pieces shared by the MPI integration drivers (tp_check.py, dp_check.py):
running a command, comparing per-step losses, and expecting a clean failure."""
import json
import os
import re
import shlex
import subprocess
import sys


def tool_arguments(parser):
    """The tools and the work folder every layout check takes."""
    parser.add_argument("--mtc-import", required=True)
    parser.add_argument("--mtc-compile", required=True)
    parser.add_argument("--mpirun", required=True, help="mpirun command, space separated")
    parser.add_argument("--workdir", required=True)


def run(cmd, timeout):
    print("+", " ".join(shlex.quote(c) for c in cmd), flush=True)
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=timeout)


def compile_model(cmd, what="compiling"):
    """Runs an mtc-compile command line; exits the test when it fails."""
    r = run(cmd, 300)
    print(r.stdout)
    if r.returncode != 0:
        sys.exit(f"{what} failed (exit {r.returncode})")


def fresh(path):
    """Removes PATH (a metrics file a previous run of the test left)."""
    if os.path.exists(path):
        os.remove(path)
    return path


def losses(path, key="lm_loss"):
    """{iteration: value of `key`} from a train --metrics JSON-lines file
    (rows without the key left out)."""
    with open(path) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return {r.get("iteration", i + 1): r[key] for i, r in enumerate(rows) if key in r}


def compare(reference, candidate, rtol, steps):
    """The candidate's first `steps` iterations (a resumed run starts late)
    against the reference's same iterations, within rtol (relative): the LM
    loss, and a mixture of experts' load-balancing loss where the reference
    logs one; its per-expert routed token counts must be equal."""
    for key in ("lm_loss", "load_balancing_loss"):
        ref, got = losses(reference, key), losses(candidate, key)
        if key != "lm_loss" and not ref:
            continue
        its = sorted(got)[:steps]
        if len(its) < steps or any(i not in ref for i in its):
            sys.exit(f"need {key} of iterations {its} ({steps}) in both; the reference has "
                     f"{sorted(ref)}")
        worst = 0.0
        for step, a, b in ((i, ref[i], got[i]) for i in its):
            rel = abs(a - b) / max(abs(a), 1e-30)
            worst = max(worst, rel)
            print(f"step {step:3d} {key}: reference {a:.8f}  candidate {b:.8f}  "
                  f"rel diff {rel:.2e}")
            if rel > rtol:
                sys.exit(f"step {step}: {key} {b} differs from {a} by {rel:.2e} > {rtol:g}")
        print(f"{key}: max relative difference over {steps} steps (iterations "
              f"{its[0]}-{its[-1]}): {worst:.2e} (limit {rtol:g})")
    ref, got = losses(reference, "expert_tokens"), losses(candidate, "expert_tokens")
    if ref:
        for step in sorted(got)[:steps]:
            if ref.get(step) != got[step]:
                sys.exit(f"step {step}: tokens per expert {got[step]} differ from the "
                         f"reference's {ref.get(step)}")
        print(f"expert_tokens: equal over {steps} steps (last: {got[sorted(got)[steps - 1]]})")


def expect_error(command, pattern, count, timeout):
    """COMMAND must exit non-zero within `timeout` seconds with `pattern` in its
    output at least `count` times. Under mpirun ask for one: the rank that
    aborts first may kill the others before they print."""
    try:
        r = run(command, timeout)
    except subprocess.TimeoutExpired:
        sys.exit(f"the command hung for {timeout} s instead of failing")
    print(r.stdout)
    if r.returncode == 0:
        sys.exit("the command succeeded; an error was expected")
    found = len(re.findall(pattern, r.stdout))
    if found < count:
        sys.exit(f"expected /{pattern}/ {count} time(s), found {found}")
    print(f"failed as expected (exit {r.returncode}), message found {found} time(s)")
