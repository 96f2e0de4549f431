#!/usr/bin/python3
"""Shares of a `train` run's CPU time by kernel class, from a perf profile.

  perf record -e cpu-clock -F 999 -o run.perf -- DIR/train --synthetic --steps 4 --threads 2
  bench/train_step/kernel_shares.py run.perf [--skip-seconds S]

Samples of both threads are classified by symbol (OpenBLAS/oneDNN kernels are
GEMM, libgomp's own code is a thread waiting at a barrier or for the next
parallel region, ...). --skip-seconds drops the samples of the first S
seconds: parameter initialization and the first step's one-time allocations
(the optimizer's moments) are not per-step costs; --last-seconds keeps only
the final S seconds (bench_train_step.py passes the timed steps' total).
Shares are of the remaining samples, so they survive other load on the
machine better than times do."""
import argparse
import collections
import re
import subprocess
import sys

# (class, symbol pattern), first match wins. Names of the host kernels
# (runtime/kernels/host/*.cpp) and of the libraries they call. Code generated
# at run time has no symbol (perf puts it in perf-PID.map): in mtc's `train`
# and in PyTorch's CPU step the only such code is oneDNN's (MKL-DNN's)
# generated GEMM kernels, so it counts as GEMM.
CLASSES = [
    ("GEMM", r"sgemm|gemm|dnnl|mkldnn|jit_|brg|blas|perf-\d+\.map"),
    ("bf16 rounding", r"roundToStorage|roundToBf16|roundRowToBf16|floatToBf16"),
    ("GeLU", r"gelu|Gelu|tanhf|expm1f"),
    ("layer norm", r"layerNorm|LayerNorm|forwardRow|addForwardRow|backwardInputRow|statsRow|"
                   r"weightColumns"),
    ("dropout", r"dropout|Dropout|philox|Philox|forEachUniform|uniformRun|uniformBlocks|"
                r"forEachChunk|biasDropoutResidual"),
    ("attention (softmax, non-GEMM)", r"attention|Attention|forwardTile|backwardTile|softmax|"
                                      r"rowMaxAndSumExp|probabilityRow|multiplyRow|dotRow|"
                                      r"keepScales|softmaxBackwardRow"),
    ("cross-entropy", r"crossEntropy|CrossEntropy|maxOfRow|rowSumExp|rowScaledExp"),
    ("AdamW, grad norm", r"adamw|sumSquares|hasNonFinite|Optimizer"),
    ("embedding", r"embedding|Embedding"),
    ("add, bias, copies, memset", r"kernels::add|addBlock|biasAdd|biasGrad|linearForward|"
                                  r"linearBackwardWeight|memmove|memcpy|memset|fill32|copy"),
    ("thread waiting (libgomp)", r"libgomp|GOMP|gomp_"),
    ("initialization (one-time)", r"initialize|logf|sincosf|philoxNormal"),
    ("kernel (page faults, scheduler)", r"\[kernel|clear_page|page_fault|_raw_spin"),
]


def classify(symbol, dso):
    text = symbol + " " + dso
    for name, pattern in CLASSES:
        if re.search(pattern, text):
            return name
    return "other"


def samples(perf_data):
    """(time, symbol, dso) of each sample; raises RuntimeError if perf fails."""
    out = subprocess.run(["perf", "script", "-i", perf_data, "-F", "time,ip,sym,dso"],
                         capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError(f"perf script failed: {out.stderr.strip()}")
    line_re = re.compile(r"^\s*([0-9.]+):\s*[0-9a-f]+\s+(.*?)\s*\(([^()]*)\)\s*$")
    result = []
    for line in out.stdout.splitlines():
        m = line_re.match(line)
        if m:
            sym = re.sub(r"\+0x[0-9a-f]+$", "", m.group(2)) or "?"
            result.append((float(m.group(1)), sym, m.group(3)))
    return result


def count(perf_data, skip_seconds=0.0, last_seconds=None):
    """Counters of samples by class and by symbol in the chosen window."""
    rows = samples(perf_data)
    classes, symbols = collections.Counter(), collections.Counter()
    if not rows:
        return classes, symbols
    first, last = rows[0][0], rows[-1][0]
    begin = first + skip_seconds
    if last_seconds is not None:
        begin = max(begin, last - last_seconds)
    for t, sym, dso in rows:
        if t >= begin:
            classes[classify(sym, dso)] += 1
            symbols[f"{sym} ({dso.rsplit('/', 1)[-1]})"] += 1
    return classes, symbols


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("perf_data")
    p.add_argument("--skip-seconds", type=float, default=0.0)
    p.add_argument("--last-seconds", type=float)
    p.add_argument("--top", type=int, default=0, help="also list the N most sampled symbols")
    a = p.parse_args()
    try:
        classes, symbols = count(a.perf_data, a.skip_seconds, a.last_seconds)
    except RuntimeError as e:
        sys.exit(f"kernel_shares.py: {e}")
    total = sum(classes.values())
    if not total:
        sys.exit("kernel_shares.py: no samples in the chosen window")
    print(f"# {total} samples")
    print("| class | share of CPU samples |")
    print("|---|---|")
    for name, n in classes.most_common():
        print(f"| {name} | {100.0 * n / total:.1f}% |")
    for sym, n in symbols.most_common(a.top):
        print(f"#   {100.0 * n / total:5.1f}%  {sym}")


if __name__ == "__main__":
    main()
