#!/usr/bin/env python3
"""The bubble report of `train --pipeline-trace`, checked by an independent reader.

Compiles a small GPT for --pp/--vp/--microbatches with --emit-schedule, trains
two steps on real MPI ranks with --pipeline-trace, and checks, from the trace
file alone (no timing is asserted, only consistency):
  - every rank ran its steps in the compiled order (schedule.json);
  - this file's own replay of that order (blocking receives, each step's
    recorded CPU cost, the recorded p2p latency) gives the replayed bubble
    and span that train printed and stored in otherData;
  - the same replay with uniform costs (F = 1, B = 2, no latency) gives the
    formula (p-1)/(v*m) that train printed;
  - the measured (wall-clock) bubble recomputed from the events equals the
    printed one, and the report says whether one pinned core per rank held:
    not with --bind-to none, yes with --bind-to core when the ranks fit on
    this machine's cores;
  - the measured SVG lies next to the trace: one step rect per event, an
    axis in milliseconds, a legend; a folder in its place is refused.
"""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import mpi_checks  # noqa: E402


def run(cmd):
    r = mpi_checks.run(cmd, 120)
    if r.returncode != 0:
        sys.stdout.write(r.stdout)
        raise SystemExit(f"FAILED (exit {r.returncode}): {' '.join(cmd)}")
    return r.stdout


def read_trace(path):
    """Per rank (tid), the steps in the order they ran: (kind, chunk, mb, start, end, cost)."""
    with open(path) as f:
        trace = json.load(f)
    ranks = {}
    for e in trace["traceEvents"]:
        if e.get("ph") != "X":
            continue
        a = e["args"]
        if "cost_ms" not in a:
            raise SystemExit(f"FAILED: {path}: step {e['name']} carries no CPU cost (args.cost_ms)")
        ranks.setdefault(e["tid"], []).append(
            (e["cat"], a["chunk"], a["microbatch"], e["ts"] / 1000.0,
             (e["ts"] + e["dur"]) / 1000.0, a["cost_ms"]))
    steps = [sorted(ranks[r], key=lambda s: s[3]) for r in sorted(ranks)]
    return trace, steps


def replay(order, pp, cost, latency):
    """Blocking-receive replay: F of chunk c waits for F of c-1 (same
    micro-batch), B for its own F and for B of c+1, W for its own B; a
    transfer between ranks arrives `latency` after its step ends. Returns
    (per-rank busy time, span)."""
    chunks = max(c for rank in order for (_, c, _) in rank) + 1
    end = {}
    clock = [0.0] * pp
    busy = [0.0] * pp
    nxt = [0] * pp
    first = None

    def arrival(kind, chunk, mb, rank):
        e = end.get((kind, chunk, mb))
        if e is None:
            return None
        return e + (latency if chunk % pp != rank else 0.0)

    progress = True
    while progress:
        progress = False
        for r in range(pp):
            while nxt[r] < len(order[r]):
                kind, c, mb = order[r][nxt[r]]
                needs = []
                if kind == "F" and c > 0:
                    needs.append(arrival("F", c - 1, mb, r))
                if kind == "B":
                    needs.append(arrival("F", c, mb, r))
                    if c + 1 < chunks:
                        needs.append(arrival("B", c + 1, mb, r))
                if kind == "W":
                    needs.append(arrival("B", c, mb, r))
                if any(n is None for n in needs):
                    break
                start = max([clock[r]] + needs)
                first = start if first is None else min(first, start)
                d = cost(r, kind, c, mb)
                end[(kind, c, mb)] = start + d
                clock[r] = start + d
                busy[r] += d
                nxt[r] += 1
                progress = True
    if any(nxt[r] < len(order[r]) for r in range(pp)):
        raise SystemExit(f"FAILED: the recorded order cannot run (stuck at {nxt})")
    return busy, max(clock) - first


def bubble(busy, span):
    b = max(busy)
    return (span - b) / b


def number(pattern, out):
    m = re.search(pattern, out)
    if not m:
        raise SystemExit(f"FAILED: train printed no line matching {pattern!r}")
    return float(m.group(1))


def close(what, a, b, tol):
    print(f"{what}: {a:.6f} vs {b:.6f}")
    if abs(a - b) > tol:
        raise SystemExit(f"FAILED: {what} differ by {abs(a - b):.3g} (tolerance {tol:g})")


def main():
    ap = argparse.ArgumentParser()
    mpi_checks.tool_arguments(ap)  # --mpirun without binding options: this test sets them
    ap.add_argument("--pp", type=int, required=True)
    ap.add_argument("--vp", type=int, default=1)
    ap.add_argument("--microbatches", type=int, required=True)
    args = ap.parse_args()
    p, v, m = args.pp, args.vp, args.microbatches

    os.makedirs(args.workdir, exist_ok=True)
    model = os.path.join(args.workdir, "model.mlir")
    run([args.mtc_import, "--num-layers", "4", "--hidden-size", "64", "--num-attention-heads",
         "2", "--seq-length", "32", "--vocab-size", "128", "-o", model])
    out_dir = os.path.join(args.workdir, "pipe")
    run([args.mtc_compile, model, "-o", out_dir, "--pp", str(p), "--vp", str(v),
         "--global-batch", str(m), "--emit-schedule"])
    with open(os.path.join(out_dir, "schedule.json")) as f:
        compiled = [[(s["kind"], s["chunk"], s["microbatch"]) for s in r["steps"]]
                    for r in json.load(f)["ranks"]]

    fits = len(os.sched_getaffinity(0)) >= p
    for binding in ["none", "core"] if fits else ["none"]:
        trace_path = os.path.join(args.workdir, f"bind-{binding}.trace.json")
        svg_path = os.path.join(args.workdir, f"bind-{binding}.trace.svg")
        for stale in (trace_path, svg_path):
            if os.path.exists(stale):
                os.remove(stale)
        out = run(args.mpirun.split() + ["--bind-to", binding, "-np", str(p),
                  os.path.join(out_dir, "train"), "--synthetic", "--steps", "2", "--threads",
                  "1", "--pipeline-trace", trace_path])
        sys.stdout.write("\n".join(l for l in out.splitlines() if l.startswith("pipeline:")) + "\n")
        trace, steps = read_trace(trace_path)
        report = trace["otherData"]["bubble"]

        order = [[s[:3] for s in rank] for rank in steps]
        if order != compiled:
            raise SystemExit(f"FAILED: the ranks ran {order}, the compiled schedule is {compiled}")

        costs = {(r, s[0], s[1], s[2]): s[5] for r, rank in enumerate(steps) for s in rank}
        busy, span = replay(order, p, lambda r, k, c, mb: costs[(r, k, c, mb)],
                            report["p2p_latency_ms"])
        close("replayed bubble (reader / otherData)", bubble(busy, span),
              report["replayed"]["ratio"], 1e-9)
        close("replayed span (reader / otherData)", span, report["replayed"]["span_ms"], 1e-9)
        close("replayed bubble (reader / printed)", bubble(busy, span),
              number(r"replayed bubble ([\d.]+)", out), 6e-5)
        for r in range(p):
            close(f"rank {r} CPU time (events / otherData)", busy[r], report["cpu_ms"][r], 1e-9)
            close(f"rank {r} replayed bubble (reader / otherData)", (span - busy[r]) / busy[r],
                  report["replayed"]["ranks"][r]["ratio"], 1e-9)

        unit = {"F": 1.0, "B": 2.0}
        busy, span = replay(order, p, lambda r, k, c, mb: unit[k], 0.0)
        formula = (p - 1) / (v * m)
        close("uniform-cost replay / (p-1)/(v*m)", bubble(busy, span), formula, 1e-12)
        close("printed formula / (p-1)/(v*m)", number(r"formula bubble ([\d.]+)", out), formula,
              5e-5)
        close("otherData formula / (p-1)/(v*m)", report["formula"], formula, 1e-12)

        wall = [sum(s[4] - s[3] for s in rank) for rank in steps]
        wall_span = max(s[4] for rank in steps for s in rank) - min(s[3] for rank in steps
                                                                    for s in rank)
        close("measured bubble (reader / printed)", bubble(wall, wall_span),
              number(r"measured bubble ([\d.]+)", out), 6e-5)
        held = re.search(r"one pinned core per rank, which (held|did not hold)", out)
        expect = "held" if binding == "core" else "did not hold"
        if not held or held.group(1) != expect or report["one_core_per_rank"] != (expect == "held"):
            raise SystemExit(f"FAILED: with --bind-to {binding} the report should say the "
                             f"pinning {expect}")

        with open(svg_path) as f:
            svg = f.read()
        rects = len(re.findall(r'<rect class="step ', svg))
        if rects != 2 * p * v * m or "time (ms, measured wall clock)" not in svg or \
                '<g class="legend">' not in svg:
            raise SystemExit(f"FAILED: {svg_path} has {rects} step rects (expected "
                             f"{2 * p * v * m}), or no ms axis or legend")
    # The picture's name taken by a folder: refused before training, naming it.
    taken = os.path.join(args.workdir, "taken.trace")
    os.makedirs(taken + ".svg", exist_ok=True)
    mpi_checks.expect_error(args.mpirun.split() + ["--bind-to", "none", "-np", str(p),
                            os.path.join(out_dir, "train"), "--synthetic", "--steps", "1",
                            "--pipeline-trace", taken + ".json"],
                            re.escape(f"its picture '{taken}.svg' is a folder"), 1, 60)
    print("OK")


if __name__ == "__main__":
    main()
