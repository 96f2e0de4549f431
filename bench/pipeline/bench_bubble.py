#!/usr/bin/env python3
"""The pipeline bubble per schedule, p, v and m: formula, replayed, measured.

For each schedule (1f1b and zb-h1 with v = 1, interleaved with each v > 1,
zb-v with its v = 2; zb-h1-unlimited is zb-h1 with --zero-bubble-memory-limit
none, the paper's order whatever it holds),
p and m it compiles an 8-layer GPT (hidden 256, seq 128), trains a few
iterations on p MPI ranks with --pipeline-trace, and reads the bubble report
train stored in the trace (docs/pipeline.md, "The bubble"): the formula, the
replayed bubble (the order the ranks ran, each step's measured CPU time, the
measured p2p latency) and the measured wall-clock bubble, all as the ratio
idle / compute of the busiest rank; plus the iteration time. Ranks get one
core each (mpirun --bind-to core) when p <= cores; otherwise the measured
column is marked as not pinned and only the replayed one means something.
A schedule mtc-compile refuses is an error, not a skip. Layouts run
interleaved (A B C A B C ...), medians of --repeats runs.

--p2p "grouped staged" runs each layout with both ways of sending the
transfers (train --pipeline-p2p; docs/pipeline.md, "Grouped transfers"),
interleaved like the layouts, to compare their step times.

Writes DIR/bubble.md (the table) and DIR/bubble.svg (bubble against m, one
panel per p, a line per schedule and v: replayed solid, formula dashed,
measured as crosses).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(cmd, env=None):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    if proc.returncode:
        sys.stdout.write(proc.stdout)
        raise SystemExit(f"pipeline_bubble: failed (exit {proc.returncode}): {' '.join(cmd)}")
    return proc.stdout


def layouts(args):
    for schedule in args.schedules:
        vs = ([v for v in args.vp if v > 1] if schedule == "interleaved"
              else [2] if schedule == "zb-v" else [1])
        if not vs:
            raise SystemExit(f"pipeline_bubble: {schedule} needs a --vp value above 1")
        for p in args.pp:
            for v in vs:
                for m in args.m:
                    # ZB-V's warm-up needs 2p - 1 micro-batches (mtc-compile
                    # says so); the sweep leaves those layouts out.
                    if schedule == "zb-v" and m < 2 * p - 1:
                        print(f"pipeline_bubble: zb-v p={p} m={m} left out (needs m >= 2p-1)")
                        continue
                    for p2p in args.p2p:
                        yield schedule, p, v, m, p2p


def plot(rows, path):
    """Bubble ratio against m, one panel per p; an SVG written by hand."""
    colours = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"]
    ps = sorted({r["p"] for r in rows})
    ms = sorted({r["m"] for r in rows})
    series = sorted({(r["schedule"], r["v"]) for r in rows})
    top = max([r["formula"] or 0 for r in rows] + [r["replayed"] for r in rows] +
              [r["measured"] for r in rows]) * 1.1 or 1.0
    pw, ph, left, gap = 360, 240, 60, 40
    width = left + len(ps) * (pw + gap) + 220
    height = ph + 100
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           'font-family="sans-serif" font-size="11">',
           '<rect width="100%" height="100%" fill="#fff"/>',
           f'<text x="{left}" y="16">pipeline bubble (idle / compute, busiest rank) against '
           'micro-batches m: replayed solid, formula dashed, measured x</text>']

    def xy(i, m, b):
        x0 = left + i * (pw + gap)
        return x0 + (ms.index(m) + 0.5) * pw / len(ms), 40 + ph - b / top * ph

    for i, p in enumerate(ps):
        x0 = left + i * (pw + gap)
        out.append(f'<rect x="{x0}" y="40" width="{pw}" height="{ph}" fill="none" '
                   'stroke="#000"/>')
        out.append(f'<text x="{x0 + pw / 2}" y="{40 + ph + 32}" text-anchor="middle">'
                   f'p = {p}: micro-batches m</text>')
        for m in ms:
            x, _ = xy(i, m, 0)
            out.append(f'<text class="tick-label" x="{x:.1f}" y="{40 + ph + 14}" '
                       f'text-anchor="middle">{m}</text>')
        for k in range(5):
            b = top * k / 4
            _, y = xy(i, ms[0], b)
            out.append(f'<line x1="{x0 - 4}" y1="{y:.1f}" x2="{x0}" y2="{y:.1f}" '
                       f'stroke="#000"/><text class="tick-label" x="{x0 - 6}" y="{y + 4:.1f}" '
                       f'text-anchor="end">{b:.2f}</text>')
        for s, (schedule, v) in enumerate(series):
            colour = colours[s % len(colours)]
            pts = sorted(((r["m"], r) for r in rows
                          if r["p"] == p and (r["schedule"], r["v"]) == (schedule, v)),
                         key=lambda t: t[0])
            for key, dash in (("replayed", ""), ("formula", ' stroke-dasharray="5,4"')):
                line = [xy(i, m, r[key]) for m, r in pts if r[key] is not None]
                if len(line) > 1:
                    d = " ".join(f"{x:.1f},{y:.1f}" for x, y in line)
                    out.append(f'<polyline class="{key}" points="{d}" fill="none" '
                               f'stroke="{colour}" stroke-width="1.5"{dash}/>')
            for m, r in pts:
                x, y = xy(i, m, r["measured"])
                out.append(f'<text class="measured" x="{x:.1f}" y="{y + 4:.1f}" '
                           f'text-anchor="middle" fill="{colour}">x</text>')
    lx = left + len(ps) * (pw + gap)
    for s, (schedule, v) in enumerate(series):
        colour = colours[s % len(colours)]
        y = 50 + 18 * s
        out.append(f'<g class="legend"><line x1="{lx}" y1="{y}" x2="{lx + 24}" y2="{y}" '
                   f'stroke="{colour}" stroke-width="2"/><text x="{lx + 30}" y="{y + 4}">'
                   f'{schedule}, v = {v}</text></g>')
    out.append("</svg>")
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("build", nargs="?", default=os.path.join(ROOT, "build"))
    ap.add_argument("--schedules", default="1f1b interleaved zb-h1 zb-h1-unlimited zb-v",
                    help="space-separated schedules (default: %(default)s)")
    ap.add_argument("--pp", default="2 4", help="pipeline sizes (default: %(default)s)")
    ap.add_argument("--vp", default="1 2", help="chunks per rank (default: %(default)s)")
    ap.add_argument("--m", default="4 8 16", help="micro-batches (default: %(default)s)")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--hidden", type=int, default=256)
    ap.add_argument("--seq", type=int, default=128)
    ap.add_argument("--workdir", default="/tmp/mtc-bench-bubble")
    ap.add_argument("--p2p", default="grouped",
                    help="train --pipeline-p2p values to run, e.g. \"grouped staged\" "
                         "(default: %(default)s)")
    args = ap.parse_args()
    args.schedules = args.schedules.split()
    args.p2p = args.p2p.split()
    args.pp, args.vp, args.m = ([int(x) for x in s.split()] for s in (args.pp, args.vp, args.m))
    tools = os.path.join(args.build, "bin")
    os.makedirs(args.workdir, exist_ok=True)
    model = os.path.join(args.workdir, "model.mlir")
    run([os.path.join(tools, "mtc-import"), "--num-layers", "8", "--hidden-size", str(args.hidden),
         "--num-attention-heads", str(max(1, args.hidden // 64)), "--seq-length", str(args.seq),
         "--vocab-size", "512", "--hidden-dropout", "0", "--attention-dropout", "0", "-o", model])
    grid = list(layouts(args))
    for schedule, p, v, m in sorted({layout[:4] for layout in grid}):
        run([os.path.join(tools, "mtc-compile"), model, "-o",
             os.path.join(args.workdir, f"{schedule}-p{p}v{v}m{m}"), "--pp", str(p), "--vp",
             str(v), "--global-batch", str(m)] +
            (["--schedule", "zb-h1", "--zero-bubble-memory-limit", "none"]
             if schedule == "zb-h1-unlimited" else ["--schedule", schedule]))
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_btl_vader_single_copy_mechanism="none")
    cores = len(os.sched_getaffinity(0))
    samples = {layout: [] for layout in grid}
    for _ in range(args.repeats):
        for layout in grid:
            schedule, p, v, m, p2p = layout
            name = f"{schedule}-p{p}v{v}m{m}"
            trace = os.path.join(args.workdir, f"{name}-{p2p}.trace.json")
            bind = "core" if p <= cores else "none"
            out = run(["mpirun", "--oversubscribe", "--bind-to", bind, "-np", str(p),
                       os.path.join(args.workdir, name, "train"), "--synthetic", "--steps",
                       str(args.steps), "--log-interval", "1", "--threads", "1",
                       "--pipeline-trace", trace, "--pipeline-p2p", p2p], env)
            with open(trace) as f:
                bubble = json.load(f)["otherData"]["bubble"]
            # The trace is the last iteration; so is the last logged time.
            step = float(re.findall(r"elapsed time per iteration \(ms\): ([\d.]+)", out)[-1])
            samples[layout].append((bubble, step))
    rows = []
    for (schedule, p, v, m, p2p), runs in samples.items():
        def median(get):
            return statistics.median(get(b, s) for b, s in runs)
        rows.append({"schedule": schedule, "p": p, "v": v, "m": m, "p2p": p2p,
                     "formula": runs[0][0]["formula"],
                     "replayed": median(lambda b, s: b["replayed"]["ratio"]),
                     "measured": median(lambda b, s: b["measured"]["ratio"]),
                     "step": median(lambda b, s: s),
                     "pinned": all(b["one_core_per_rank"] for b, _ in runs),
                     "placement": runs[-1][0]["placement"]})
    lines = [f"GPT 8 layers, hidden {args.hidden}, seq {args.seq}, micro-batch 1, "
             f"{cores} cores; bubble = idle / compute of the busiest rank; median of "
             f"{args.repeats} runs (last of {args.steps} iterations each)", "",
             "| schedule | p | v | m | transfers | formula | replayed | measured | step (ms) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in rows:
        formula = f"{r['formula']:.3f}" if r["formula"] is not None else "-"
        measured = f"{r['measured']:.3f}" + ("" if r["pinned"] else
                                              f" (not pinned: {r['placement']})")
        lines.append(f"| {r['schedule']} | {r['p']} | {r['v']} | {r['m']} | {r['p2p']} | {formula} | "
                     f"{r['replayed']:.3f} | {measured} | {r['step']:.1f} |")
    table = "\n".join(lines)
    print(table)
    with open(os.path.join(args.workdir, "bubble.md"), "w") as f:
        f.write(table + "\n")
    # The plot shows the first --p2p value's runs (the table has them all).
    plot([r for r in rows if r["p2p"] == args.p2p[0]], os.path.join(args.workdir, "bubble.svg"))
    print(f"\nwrote {args.workdir}/bubble.md and {args.workdir}/bubble.svg; traces and their "
          f"SVG timelines in {args.workdir}")


if __name__ == "__main__":
    main()
