#!/usr/bin/env python3
"""bench/gpu/acceptance.sh and its bundle, checked without a GPU (docs/gpu.md,
"The acceptance run").

  --mode skip     on a machine without a GPU the script prints exactly one
                  skip line and exits 0 (given a build tree or a bundle)
  --mode stubbed  the runner on recorded sample output (MTC_ACCEPT_STUBS): a
                  passing and a failing GoogleTest program, losses inside and
                  outside the tolerance, a step that hangs past its timeout
                  and is killed while the rest go on, the time guard skipping
                  a step that no longer fits, the closing table's figures and
                  mtc / PyTorch ratios, and --table reading OUTDIR back
  --mode bundle   make_bundle.sh: the folder's contents, RUNPATHs that stay
                  inside it, no CUDA library carried, the host losses
                  recorded, and the dry run over the real step list: every
                  step planned inside the limit, the guard's skips listed
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def fail(msg):
    sys.exit("FAIL: " + msg)


def script(source):
    return os.path.join(source, "bench", "gpu", "acceptance.sh")


def run(cmd, env=None, timeout=600):
    return subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=timeout)


def has_gpu():
    return any(re.fullmatch(r"nvidia\d+", d) for d in os.listdir("/dev"))


def mode_skip(args):
    if has_gpu():
        print("SKIPPED: this machine has a GPU; the skip path is for machines without one")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as out:
        r = run(["bash", script(args.source), args.build, out])
        lines = r.stdout.splitlines()
        print(r.stdout + r.stderr)
        if r.returncode != 0:
            fail(f"exit {r.returncode} without a GPU, not 0")
        if len(lines) != 1 or not lines[0].startswith("acceptance.sh: skipped: no usable GPU: "):
            fail(f"expected one skip line, got {lines}")
        if r.stderr.strip():
            fail(f"the skip path wrote to stderr: {r.stderr}")
    print("PASS: one skip line, exit 0")


# Recorded sample output of each kind of step, as the programs print it.
GTEST_PASS = """[==========] Running 2 tests from 1 test suite.
[ RUN      ] CudaKernels.Add
[       OK ] CudaKernels.Add (1 ms)
[ RUN      ] CudaKernels.LayerNorm
[       OK ] CudaKernels.LayerNorm (3 ms)
[==========] 2 tests from 1 test suite ran. (4 ms total)
[  PASSED  ] 2 tests.
"""
GTEST_FAIL = """[==========] Running 3 tests from 1 test suite.
[ RUN      ] Flash.Forward
[       OK ] Flash.Forward (12 ms)
[ RUN      ] Flash.Backward
FlashAttentionTest.cpp:120: Failure
Expected: (err) <= (bound), actual: 0.02 vs 0.001
[  FAILED  ] Flash.Backward (30 ms)
[ RUN      ] Flash.Padding
[  FAILED  ] Flash.Padding (2 ms)
[==========] 3 tests from 1 test suite ran. (44 ms total)
[  PASSED  ] 1 test.
[  FAILED  ] 2 tests, listed below:
[  FAILED  ] Flash.Backward
[  FAILED  ] Flash.Padding

 2 FAILED TESTS
"""
BENCH = """gpt2 on NVIDIA H100 80GB HBM3, bf16: micro-batch 8 x seq 1024, 124 M params
  120.50 ms/iteration (median of 10), 67984 tokens/s, 57.1 TFLOP/s (0.84 GFLOP/token), 85.2% of fp32 CUDA-core peak (67.0 TFLOP/s)
  MFU 5.8% of the dense bf16 peak (989 TFLOP/s)
  peak memory 9.12 GiB measured (cudaMemGetInfo, without the 0.52 GiB context), 8.90 GiB predicted by the plan (params 0.46 + grads 0.46 + AdamW 0.93 + activation arena 6.59 + fp32 masters)
  compute: bf16 GEMMs with fp32 accumulation (cuBLASLt tensor cores)
  last loss 10.9512
"""
PEER = json.dumps({"peer": "torch", "device": "NVIDIA H100 80GB HBM3", "L": 12, "H": 768,
                   "S": 1024, "B": 8, "params": 124439808, "median_ms": 45.3, "tok_s": 180842,
                   "mfu": 0.1545, "peak_gib": 11.2, "warmup_s": 6.1, "last_loss": 10.95,
                   "torch": "2.11.0"})
# ncu's per-kernel summary, cut to three kernels (two launch shapes of one).
PROFILE = """==PROF== Connected to process 805 (/tmp/mtc-gpu-acceptance/bin/mtc-gpu-bench)
==PROF== Profiling "flashKeyGradKernel" - 0: 0%....50%....100% - 1 pass
gpt2 on NVIDIA H200 (sm_90), bf16: micro-batch 8 x seq 1024, 124 M params
[805] mtc-gpu-bench@127.0.0.1
  void mtc::kernels::cuda::<unnamed>::flashKeyGradKernel<64>(mtc::AttentionShape, const float *, const float *, const float *, const float *, float *) (16, 96, 1)x(128, 1, 1), Device 0, CC 9.0, Invocations 12
    Section: Command line profiler metrics
    ---------------------- ----------- ------- ------- -------
    Metric Name            Metric Unit Minimum Maximum Average
    ---------------------- ----------- ------- ------- -------
    gpu__time_duration.sum          ms    1.70    1.80    1.75
    ---------------------- ----------- ------- ------- -------

  mtc::<unnamed>::convertFourKernel<1, 0>(const void *, void *, long) (24576, 1, 1)x(256, 1, 1), Device 0, CC 9.0, Invocations 500
    Section: Command line profiler metrics
    ---------------------- ----------- ------- ------- -------
    Metric Name            Metric Unit Minimum Maximum Average
    ---------------------- ----------- ------- ------- -------
    gpu__time_duration.sum          us    9.00   11.00   10.00
    ---------------------- ----------- ------- ------- -------

  mtc::<unnamed>::convertFourKernel<1, 0>(const void *, void *, long) (3, 1, 1)x(256, 1, 1), Device 0, CC 9.0, Invocations 100
    Section: Command line profiler metrics
    ---------------------- ----------- ------- ------- -------
    Metric Name            Metric Unit Minimum Maximum Average
    ---------------------- ----------- ------- ------- -------
    gpu__time_duration.sum          us    1.90    2.10    2.00
    ---------------------- ----------- ------- ------- -------

  void cutlass::Kernel2<cutlass_75_tensorop_s1688gemm_bf16_128x128_tn_align1>(T1::Params) (512, 50, 1)x(128, 1, 1), Device 0, CC 9.0, Invocations 1
    Section: Command line profiler metrics
    ---------------------- ----------- ------- ------- -------
    Metric Name            Metric Unit Minimum Maximum Average
    ---------------------- ----------- ------- ------- -------
    gpu__time_duration.sum          ms    6.60    6.60    6.60
    ---------------------- ----------- ------- ------- -------

"""
MEMCHECK = """========= COMPUTE-SANITIZER
gpt2-tiny on NVIDIA H100 80GB HBM3, fp32: micro-batch 4 x seq 128, 8 M params
========= ERROR SUMMARY: 0 errors
"""


def mode_stubbed(args):
    with tempfile.TemporaryDirectory() as work:
        bundle, stubs, out = (os.path.join(work, d) for d in ("bundle", "stubs", "out"))
        for d in (bundle, stubs, os.path.join(bundle, "ref"), os.path.join(bundle, "bin")):
            os.makedirs(d, exist_ok=True)
        with open(os.path.join(bundle, "acceptance.steps"), "w") as f:
            f.write('TINY_TRAIN_ARGS="--mock-data"\nTINY_RTOL_FP32=1e-4\nTINY_RTOL_BF16=2e-3\n')
        with open(os.path.join(bundle, "bin", "check-node"), "w") as f:
            f.write("#!/bin/sh\necho 'check-node: every library the programs need is found'\n")
        os.chmod(os.path.join(bundle, "bin", "check-node"), 0o755)
        host = [10.84, 10.85, 10.83, 10.80]
        for prec in ("fp32", "bf16"):
            with open(os.path.join(bundle, "ref", f"tiny-{prec}.jsonl"), "w") as f:
                for i, loss in enumerate(host, 1):
                    f.write(json.dumps({"iteration": i, "lm_loss": loss}) + "\n")
        # fp32 within 1e-4 of the host (5e-5 relative at step 3), bf16 at 5e-3: fails 2e-3.
        gpu = {"fp32": [10.84, 10.85, 10.83 * (1 + 5e-5), 10.80],
               "bf16": [10.84, 10.85 * (1 + 5e-3), 10.83, 10.80]}

        def stub(name, body):
            path = os.path.join(stubs, name)
            with open(path, "w") as f:
                f.write("#!/bin/bash\n" + body)
            os.chmod(path, 0o755)

        stub("gtest_kernels", f"cat <<'EOF'\n{GTEST_PASS}EOF\n")
        stub("gtest_flash_attention", f"cat <<'EOF'\n{GTEST_FAIL}EOF\nexit 1\n")
        for prec in ("fp32", "bf16"):
            lines = "".join(json.dumps({"iteration": i, "lm_loss": v}) + "\\n"
                            for i, v in enumerate(gpu[prec], 1))
            stub(f"train_tiny_{prec}", f'printf \'{lines}\' > "$OUT/train_tiny_{prec}.jsonl"\n')
        stub("bench_gpt2_124m", f"cat <<'EOF'\n{BENCH}EOF\n")
        stub("peer_gpt2_124m", f"echo 'loading'\necho '{PEER}'\n")
        stub("hangs", "echo started; sleep 60\n")
        stub("memcheck_tiny_fp32", f"cat <<'EOF'\n{MEMCHECK}EOF\n")
        stub("profile_gpt2_124m", f"cat <<'EOF'\n{PROFILE}EOF\n")
        steps = os.path.join(work, "steps")
        with open(steps, "w") as f:
            f.write("# name|kind|timeout|estimate|command\n"
                    "gtest_kernels|gtest|30|1|x\n"
                    "gtest_flash_attention|gtest|30|1|x\n"
                    "train_tiny_fp32|train|30|1|x\n"
                    "train_tiny_bf16|train|30|1|x\n"
                    "hangs|gtest|2|1|x\n"
                    "bench_gpt2_124m|bench|30|1|x\n"
                    "peer_gpt2_124m|peer|30|1|x\n"
                    "too_long|bench|30|1000|x\n"
                    "memcheck_tiny_fp32|sanitizer|30|1|x\n"
                    "profile_gpt2_124m|profile|30|1|x\n")
        env = dict(os.environ, MTC_ACCEPT_STUBS=stubs, MTC_ACCEPT_STEPS=steps,
                   MTC_ACCEPT_LIMIT="120")
        r = run(["bash", script(args.source), bundle, out], env, timeout=300)
        print(r.stdout + r.stderr)
        if r.returncode == 0:
            fail("the run had failing steps but exited 0")
        results = {}
        for line in open(os.path.join(out, "results.tsv")):
            name, kind, status, secs, note = line.rstrip("\n").split("\t")
            results[name] = (status, int(secs), note)
        want = {"gtest_kernels": "PASS", "gtest_flash_attention": "FAIL",
                "train_tiny_fp32": "PASS", "train_tiny_bf16": "FAIL", "hangs": "TIMEOUT",
                "bench_gpt2_124m": "PASS", "peer_gpt2_124m": "PASS", "too_long": "SKIPPED",
                "memcheck_tiny_fp32": "PASS", "profile_gpt2_124m": "PASS"}
        got = {k: v[0] for k, v in results.items()}
        if got != want:
            fail(f"statuses {got}, expected {want}")
        if results["hangs"][1] > 10:
            fail(f"the hanging step ran {results['hangs'][1]} s past its 2 s timeout")
        table = open(os.path.join(out, "table.txt")).read()
        for needle in ["2 passed, 0 failed",
                       "1 passed, 2 failed: Flash.Backward,Flash.Padding",
                       "  ok, max rel diff 5.00e-05 (step 3",
                       "  FAILED, max rel diff 5.00e-03 (step 2",
                       "120.50 ms, 67984 tok/s, MFU 5.8%, peak 9.12 GiB (plan 8.90)",
                       "45.3 ms, 180842 tok/s, MFU 15.4%, peak 11.2 GiB",
                       "no time (",
                       "TIMEOUT      2  exit 124",
                       "ERROR SUMMARY: 0 errors",
                       "mtc / PyTorch tokens/s, gpt2_124m: 0.38 (67984 / 180842)",
                       # 21 + 5.2 + 6.6 ms: the two convert shapes add up.
                       "32.8 ms GPU in 613 kernels: attention 64%, GEMMs on align1 kernels 20%, "
                       "16-bit conversions 16%; largest flashKeyGradKernel<64> 64%",
                       "6 passed, 3 failed, 1 skipped"]:
            if needle not in table:
                fail(f"the table lacks '{needle}':\n{table}")
        again = run(["bash", script(args.source), "--table", out])
        if again.stdout != table:
            fail(f"--table OUTDIR printed another table:\n{again.stdout}")
    # The peer's MFU divides by the same peaks as mtc-gpu-bench's: GpuPeaks.h
    # read by gpu_peaks.py, every row of its table, matched as the C++ does.
    sys.path.insert(0, os.path.join(args.source, "bench", "gpu"))
    import gpu_peaks
    peaks = gpu_peaks.read_peaks()
    header = open(gpu_peaks.HEADER).read()
    table = header.index("kGpuPeaks[]")
    rows = header[table:header.index("};", table)].count('{"')
    if len(peaks) != rows or rows < 10:
        fail(f"gpu_peaks.py read {len(peaks)} peaks from GpuPeaks.h's {rows} rows")
    for device, want in [("NVIDIA H100 80GB HBM3", 989.0), ("NVIDIA H100 PCIe", 756.0),
                         ("NVIDIA A100-SXM4-80GB", 312.0), ("NVIDIA L40S", 362.0),
                         ("NVIDIA RTX A4000", None)]:
        got = gpu_peaks.peak_tflops(device, peaks)
        if got != want:
            fail(f"peak of '{device}': {got}, expected {want}")
    print("PASS: statuses, timeout, guard, figures and table")


def mode_bundle(args):
    with tempfile.TemporaryDirectory() as work:
        acc = os.path.join(work, "mtc-gpu-acceptance")
        r = run(["bash", os.path.join(args.source, "bench", "gpu", "make_bundle.sh"), args.build,
                 acc, "--no-tar"], timeout=1200)
        print(r.stdout[-3000:] + r.stderr[-3000:])
        if r.returncode != 0:
            fail(f"make_bundle.sh exited {r.returncode}")
        for rel in ["acceptance.sh", "acceptance.steps", "torch_gpt_peer.py", "gpu_peaks.py",
                "GpuPeaks.h", "ncu_summary.py", "BUNDLE.txt",
                    "bin/mtc-gpu-bench", "bin/mtc-moe-gpu-bench", "bin/gpu_kernels_test", "bin/gpu_fused_kernels_test",
                    "bin/gpu_flash_attention_test", "bin/gpu_backend_test",
                    "bin/gpu_ring_attention_test", "bin/check-node",
                    "bin/mpirun", "tiny-fp32/train", "tiny-bf16/train", "tiny-fp32/plan.pb",
                    "lib/libmtc_runtime_cuda.so", "lib/openmpi3", "ref/made.txt",
                    "plans/gpt2-124m/plan.pb", "plans/gpt-1.3b/plan.pb",
                    "plans/tinyllama-1.1b/plan.pb", "plans/bert-large/plan.pb"]:
            if not os.path.exists(os.path.join(acc, rel)):
                fail(f"the bundle has no {rel}")
        carried = os.listdir(os.path.join(acc, "lib"))
        cuda = [f for f in carried if re.match(r"lib(cuda|cudart|cublas|cublasLt|nccl)\.so", f)]
        if cuda:
            fail(f"the bundle carries CUDA's own libraries {cuda}: they must come from the node")
        needs = open(os.path.join(acc, "BUNDLE.txt")).read()
        for lib in ("libcudart.so.13", "libcublasLt.so.13", "libnccl.so.2"):
            if lib not in needs:
                fail(f"BUNDLE.txt does not name {lib} among what the node must provide")
        # On a node without CUDA's libraries check-node names each one.
        if run(["unshare", "-m", "true"]).returncode == 0:
            hidden = run(["unshare", "-m", "sh", "-c",
                          "mount -t tmpfs none /usr/local && exec \"$0\"",
                          os.path.join(acc, "bin", "check-node")])
            print(hidden.stdout)
            if hidden.returncode != 1 or not all(
                    f"needs {lib}, which this machine lacks" in hidden.stdout
                    for lib in ("libcudart.so.13", "libcublasLt.so.13", "libnccl.so.2")):
                fail("check-node does not name the missing CUDA libraries")
        # Every RUNPATH stays inside the folder.

        for root, _, files in os.walk(acc):
            for f in files:
                path = os.path.join(root, f)
                with open(path, "rb") as fh:
                    if fh.read(4) != b"\x7fELF":
                        continue
                dyn = run(["readelf", "-d", path]).stdout
                for rp in re.findall(r"\((?:RUNPATH|RPATH)\).*\[(.*)\]", dyn):
                    if any(not p.startswith("$ORIGIN") for p in rp.split(":")):
                        fail(f"{os.path.relpath(path, acc)} has RUNPATH {rp}, outside the bundle")
        for prec in ("fp32", "bf16"):
            its = [json.loads(l)["iteration"] for l in open(os.path.join(acc, "ref", f"tiny-{prec}.jsonl"))
                   if "lm_loss" in l]
            if its != list(range(1, 11)):
                fail(f"ref/tiny-{prec}.jsonl holds iterations {its}, not 1-10")
        dry = run(["bash", os.path.join(acc, "acceptance.sh"), "--dry-run", acc])
        print(dry.stdout)
        if dry.returncode != 0 or "complete" not in dry.stdout:
            fail("the dry run does not find the bundle complete")
        total = int(re.search(r"estimated total (\d+)s of (\d+)s", dry.stdout).group(1))
        if total > 480:
            fail(f"the planned steps take {total} s, over the 480 s limit")
        for must in ("gtest_backend", "train_tiny_bf16", "bench_gpt_1_3b", "peer_gpt_1_3b",
                     "bench_tinyllama_1_1b", "bench_bert_large", "memcheck_tiny_bf16",
                     "racecheck_tiny_bf16"):
            if not re.search(rf"{must} .* \d+-\d+\n", dry.stdout):
                fail(f"the dry run does not plan {must} inside the limit")
        tight = run(["bash", os.path.join(acc, "acceptance.sh"), "--dry-run", acc],
                    dict(os.environ, MTC_ACCEPT_LIMIT="100"))
        if "SKIPPED (no time" not in tight.stdout or "gtest_kernels " not in tight.stdout:
            fail("with a 100 s limit the dry run skips nothing")
    print("PASS: bundle contents, RUNPATHs, host losses, dry run")


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mode", choices=["skip", "stubbed", "bundle"], required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--build", required=True)
    args = ap.parse_args()
    {"skip": mode_skip, "stubbed": mode_stubbed, "bundle": mode_bundle}[args.mode](args)


if __name__ == "__main__":
    main()
