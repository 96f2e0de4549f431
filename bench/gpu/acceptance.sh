#!/usr/bin/env bash
# The GPU path's verdict in one run (docs/gpu.md, "The acceptance run").
#
#   acceptance.sh BUNDLE_OR_BUILD OUTDIR   run every step that fits the time limit
#   acceptance.sh --dry-run [BUNDLE]       the steps, their limits and what the time
#                                          guard would skip; runs nothing
#   acceptance.sh --table OUTDIR           the closing table again, from OUTDIR
#
# BUNDLE_OR_BUILD: a bundle from bench/gpu/make_bundle.sh (OUT.tar.xz or the
# folder it unpacks to), or a build tree (a bundle is made from it first).
# On the GPU machine it needs only the NVIDIA driver, CUDA 13's libraries
# (cudart, cuBLASLt, NCCL; found through the loader or searched for under
# /usr/local, /opt and Python's site-packages), and python3 with PyTorch for
# the peer; no compiler, cmake, MLIR or MPI.
#
# Steps run in order of value, each under its own timeout, each going on after
# another failed; a step whose estimate no longer fits MTC_ACCEPT_LIMIT
# seconds (default 480) is skipped, and no step's timeout reaches past it.
# OUTDIR gets one log per step, results.tsv and table.txt. Without a GPU it
# prints one skip line and exits 0. Exit status: 0 when no step failed.
# For tests: MTC_ACCEPT_STUBS=DIR runs DIR/STEP instead of each step's command
# (no GPU probe then), MTC_ACCEPT_STEPS=FILE replaces the table of steps.
set -u
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
LIMIT=${MTC_ACCEPT_LIMIT:-480}
STUBS=${MTC_ACCEPT_STUBS:-}
STEPS_FILE=${MTC_ACCEPT_STEPS:-}
me=acceptance.sh
usage="usage: $me BUNDLE_OR_BUILD OUTDIR | --dry-run [BUNDLE_OR_BUILD] | --table OUTDIR"

# name | kind | timeout s | estimate s | command, run in the bundle folder.
# The estimates are the H200 run's times (docs/gpu.md, "Measured on a GPU")
# with room for a slower device: about 1.5x, and at least 8 s.
# $CUDA_ENV runs our programs with the node's CUDA libraries; $PY the peer's
# Python without them; $SAN is compute-sanitizer, $NCU Nsight Compute.
steps() {
  if [ -n "$STEPS_FILE" ]; then grep -v '^#' "$STEPS_FILE"; return; fi
  cat <<'EOF'
gtest_kernels|gtest|90|10|$CUDA_ENV bin/gpu_kernels_test
gtest_fused_kernels|gtest|90|8|$CUDA_ENV bin/gpu_fused_kernels_test
gtest_flash_attention|gtest|120|8|$CUDA_ENV bin/gpu_flash_attention_test
gtest_backend|gtest|150|10|$CUDA_ENV bin/gpu_backend_test
gtest_ring_attention|gtest|60|8|$CUDA_ENV bin/gpu_ring_attention_test
train_tiny_fp32|train|60|8|cd tiny-fp32 && $CUDA_ENV ./train $TINY_TRAIN_ARGS --no-tf32 --metrics $OUT/train_tiny_fp32.jsonl
train_tiny_bf16|train|60|8|cd tiny-bf16 && $CUDA_ENV ./train $TINY_TRAIN_ARGS --metrics $OUT/train_tiny_bf16.jsonl
bench_gpt2_124m|bench|90|10|$CUDA_ENV bin/mtc-gpu-bench plans/gpt2-124m/plan.pb --steps 10 --warmup 3
peer_gpt2_124m|peer|120|30|$PY torch_gpt_peer.py 12 768 12 50257 1024 8 10 3 0 0.1
bench_gpt_1_3b|bench|150|25|$CUDA_ENV bin/mtc-gpu-bench plans/gpt-1.3b/plan.pb --steps 10 --warmup 3
peer_gpt_1_3b|peer|150|35|$PY torch_gpt_peer.py 24 2048 16 50304 2048 2 10 3 0 0.1
bench_tinyllama_1_1b|bench|150|20|$CUDA_ENV bin/mtc-gpu-bench plans/tinyllama-1.1b/plan.pb --steps 10 --warmup 3
bench_moe_kernels|moe|90|20|$CUDA_ENV bin/mtc-moe-gpu-bench
bench_bert_large|bench|90|10|$CUDA_ENV bin/mtc-gpu-bench plans/bert-large/plan.pb --steps 10 --warmup 3
bench_gpt2_124m_padded|bench|90|10|$CUDA_ENV bin/mtc-gpu-bench plans/gpt2-124m-padded/plan.pb --steps 10 --warmup 3
profile_gpt2_124m|profile|90|30|$CUDA_ENV $NCU --clock-control none --metrics gpu__time_duration.sum --print-summary per-kernel bin/mtc-gpu-bench plans/gpt2-124m/plan.pb --steps 1 --warmup 0
memcheck_tiny_fp32|sanitizer|120|10|$CUDA_ENV $SAN --tool memcheck --leak-check full --error-exitcode 9 bin/mtc-gpu-bench tiny-fp32/plan.pb --steps 1 --warmup 0
memcheck_tiny_bf16|sanitizer|120|10|$CUDA_ENV $SAN --tool memcheck --leak-check full --error-exitcode 9 bin/mtc-gpu-bench tiny-bf16/plan.pb --steps 1 --warmup 0
racecheck_tiny_bf16|sanitizer|120|60|$CUDA_ENV $SAN --tool racecheck --error-exitcode 9 bin/mtc-gpu-bench tiny-bf16/plan.pb --steps 1 --warmup 0
racecheck_tiny_fp32|sanitizer|150|95|$CUDA_ENV $SAN --tool racecheck --error-exitcode 9 bin/mtc-gpu-bench tiny-fp32/plan.pb --steps 1 --warmup 0
peer_gpt2_124m_compile|peer|180|80|$PY torch_gpt_peer.py 12 768 12 50257 1024 8 10 3 1 0.1
peer_gpt_1_3b_compile|peer|180|120|$PY torch_gpt_peer.py 24 2048 16 50304 2048 2 10 3 1 0.1
EOF
}

# ---- figures from a step's log (also what --table reads back) -------------
figures() { # kind log
  local kind=$1 log=$2
  [ -f "$log" ] || { echo "-"; return; }
  case $kind in
    gtest)
      local pass fail
      # One "[  FAILED  ] Suite.Name (N ms)" line per failed test (the
      # summary repeats the names without the time).
      pass=$(grep -c '^\[       OK \] ' "$log"); fail=$(grep -cE '^\[  FAILED  \] [^ ]+ \([0-9]+ ms\)' "$log")
      local names
      names=$(grep -E '^\[  FAILED  \] [^ ]+ \([0-9]+ ms\)' "$log" | sed 's/^\[  FAILED  \] //; s/ (.*//' | head -4 | paste -sd, -)
      [ "$fail" -gt 4 ] && names="$names, ..."
      local skip; skip=$(grep -m1 -o 'no usable GPU.*' "$log")
      if [ -n "$skip" ]; then echo "$skip"; else echo "$pass passed, $fail failed${names:+: $names}"; fi ;;
    train)
      grep -m1 '^loss check:' "$log" | sed 's/^loss check: //' || echo "-" ;;
    bench)
      local tok mfu ms mem
      ms=$(sed -n 's/^ *\([0-9.]*\) ms\/iteration.*/\1/p' "$log" | head -1)
      tok=$(tokens_per_s bench "$log")
      mfu=$(sed -n 's/^ *MFU \([0-9.]*%\).*/\1/p' "$log" | head -1)
      mem=$(sed -n 's/^ *peak memory \([0-9.]*\) GiB measured.*, \([0-9.]*\) GiB predicted.*/\1 GiB (plan \2)/p' "$log" | head -1)
      [ -n "$tok" ] && echo "$ms ms, $tok tok/s, MFU ${mfu:-?}, peak $mem" || echo "-" ;;
    peer)
      local line; line=$(grep -m1 '^{"peer"' "$log")
      [ -n "$line" ] || { echo "-"; return; }
      echo "$line" | sed -n 's/.*"median_ms": \([0-9.]*\).*"tok_s": \([0-9]*\), "mfu": \([0-9.a-z]*\), "peak_gib": \([0-9.]*\).*/\1 \2 \3 \4/p' |
        awk '{ mfu = $3 == "null" ? "?" : sprintf("%.1f%%", 100 * $3); printf "%s ms, %s tok/s, MFU %s, peak %s GiB\n", $1, $2, mfu, $4 }' ;;
    sanitizer)
      grep -m1 -oE '(ERROR|RACECHECK) SUMMARY: .*' "$log" || echo "-" ;;
    moe) # Mixtral's permutation: GB/s and the share of a device copy's
      awk '$1 == "mixtral" && $2 == "b1" && $3 == "permute" && $4 ~ /^[0-9.]+$/ {
             printf "permute %s GB/s, %s of a copy\n", $(NF-1), $NF; found = 1 }
           END { if (!found) print "-" }' "$log" ;;
    profile)
      python3 "$HERE/ncu_summary.py" "$log" 2>/dev/null || echo "-" ;;
    *) echo "-" ;;
  esac
}

# tok/s of a step's log, for the mtc / PyTorch ratios.
tokens_per_s() { # kind log
  case $1 in
    bench) sed -n 's/.*ms\/iteration (median of [0-9]*), \([0-9]*\) tokens\/s.*/\1/p' "$2" 2>/dev/null | head -1 ;;
    peer) sed -n 's/.*"tok_s": \([0-9]*\).*/\1/p' "$2" 2>/dev/null | head -1 ;;
  esac
}

table() { # OUTDIR
  local out=$1 results=$1/results.tsv
  [ -f "$results" ] || { echo "$me: no $results" >&2; return 2; }
  local pass=0 fail=0 skip=0 status
  while IFS=$'\t' read -r _ _ status _; do
    case $status in PASS) pass=$((pass + 1)) ;; SKIPPED) skip=$((skip + 1)) ;; *) fail=$((fail + 1)) ;; esac
  done < "$results"
  {
    printf '%-24s %-8s %5s  %s\n' step result s figures
    while IFS=$'\t' read -r name kind status secs note; do
      local fig; fig=$(figures "$kind" "$out/$name.log")
      if [ -n "$note" ]; then [ "$fig" = "-" ] && fig=$note || fig="$note; $fig"; fi
      printf '%-24s %-8s %5s  %s\n' "$name" "$status" "$secs" "$fig"
    done < "$results"
    for model in gpt2_124m gpt_1_3b; do
      local ours theirs
      ours=$(tokens_per_s bench "$out/bench_$model.log"); theirs=$(tokens_per_s peer "$out/peer_$model.log")
      [ -n "$ours" ] && [ -n "$theirs" ] && [ "$theirs" -gt 0 ] &&
        awk -v m=$model -v a="$ours" -v b="$theirs" 'BEGIN { printf "mtc / PyTorch tokens/s, %s: %.2f (%d / %d)\n", m, a / b, a, b }'
      theirs=$(tokens_per_s peer "$out/peer_${model}_compile.log")
      [ -n "$ours" ] && [ -n "$theirs" ] && [ "$theirs" -gt 0 ] &&
        awk -v m=$model -v a="$ours" -v b="$theirs" 'BEGIN { printf "mtc / torch.compile tokens/s, %s: %.2f (%d / %d)\n", m, a / b, a, b }'
    done
    echo "$pass passed, $fail failed, $skip skipped"
  } | tee "$out/table.txt"
  [ $fail = 0 ]
}

if [ "${1:-}" = "--table" ]; then
  [ $# = 2 ] || { echo "$usage" >&2; exit 2; }
  table "$2"; exit $?
fi

# ---- the bundle ------------------------------------------------------------
DRY=0
if [ "${1:-}" = "--dry-run" ]; then DRY=1; shift; fi
if [ $DRY = 0 ] && [ $# != 2 ]; then echo "$usage" >&2; exit 2; fi
SRC=${1:-}; OUT=${2:-}

# Is there a GPU at all? One skip line if not (the probe says why).
no_gpu_reason() { # probe-binary
  local probe=$1 text rc
  if [ -x "$probe" ]; then
    text=$($CUDA_ENV "$probe" --probe 2>&1); rc=$?
    [ $rc = 0 ] && return 1
    if [ $rc = 77 ]; then
      text=$(echo "$text" | grep -m1 'no usable GPU')
      echo "${text#mtc-gpu-bench: skipped: no usable GPU: }"; return 0
    fi
  fi
  if ! ls /dev/nvidia[0-9]* >/dev/null 2>&1 && ! command -v nvidia-smi >/dev/null; then
    echo "no NVIDIA device (/dev/nvidia*) or driver (nvidia-smi) on this machine"; return 0
  fi
  return 1
}

# CUDA's libraries: the loader's, else the first folder that holds each.
find_cuda_libs() {
  local dirs="" lib d
  for lib in libcudart.so.13 libcublasLt.so.13 libnccl.so.2; do
    ldconfig -p 2>/dev/null | grep -q " $lib " && continue
    d=$(find /usr/local /opt /usr/lib /usr/lib64 $(python3 -c 'import site; print(" ".join(site.getsitepackages()))' 2>/dev/null) \
          -maxdepth 6 -name "$lib" 2>/dev/null | head -1)
    [ -n "$d" ] && case ":$dirs:" in *":$(dirname "$d"):"*) ;; *) dirs=${dirs:+$dirs:}$(dirname "$d") ;; esac
  done
  echo "$dirs"
}
CUDA_DIRS=$(find_cuda_libs)
CUDA_ENV="env LD_LIBRARY_PATH=${CUDA_DIRS}${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
PY="env -u LD_LIBRARY_PATH python3"

if [ $DRY = 0 ] && [ -z "$STUBS" ]; then
  probe=""
  if [ -f "$SRC" ]; then probe=""; elif [ -x "$SRC/bin/mtc-gpu-bench" ]; then probe=$SRC/bin/mtc-gpu-bench; fi
  if reason=$(no_gpu_reason "$probe"); then
    mkdir -p "$OUT" 2>/dev/null && echo "$me: skipped: no usable GPU: $reason" > "$OUT/run.log"
    echo "$me: skipped: no usable GPU: $reason"
    exit 0
  fi
fi

BUNDLE=""
if [ -n "$SRC" ]; then
  if [ -f "$SRC" ]; then
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/mtc-acceptance.XXXXXX")
    tar -xJf "$SRC" -C "$tmp" || { echo "$me: cannot unpack '$SRC'" >&2; exit 1; }
    BUNDLE=$(find "$tmp" -mindepth 2 -maxdepth 2 -name acceptance.steps -printf '%h\n' | head -1)
  elif [ -f "$SRC/acceptance.steps" ]; then
    BUNDLE=$(cd "$SRC" && pwd)
  elif [ -x "$SRC/bin/mtc-compile" ]; then
    if [ $DRY = 1 ]; then BUNDLE=""; else
      tmp=$(mktemp -d "${TMPDIR:-/tmp}/mtc-acceptance.XXXXXX")
      echo "$me: making the bundle from the build tree $SRC"
      bash "$HERE/make_bundle.sh" "$SRC" "$tmp/mtc-gpu-acceptance" --no-tar || exit 1
      BUNDLE=$tmp/mtc-gpu-acceptance
    fi
  fi
  [ -n "$BUNDLE" ] || [ $DRY = 1 ] || { echo "$me: '$SRC' is neither a bundle nor a build tree" >&2; exit 2; }
fi
if [ -n "$BUNDLE" ]; then
  . "$BUNDLE/acceptance.steps"
else
  . "$HERE/acceptance.steps"
fi

# ---- dry run: the plan and the guard's decisions on the estimates ----------
if [ $DRY = 1 ]; then
  t=0
  echo "$me --dry-run: limit ${LIMIT}s; estimates from the H200 run (docs/gpu.md)"
  if [ -n "$BUNDLE" ]; then
    missing=0
    for f in bin/gpu_kernels_test bin/gpu_fused_kernels_test bin/gpu_flash_attention_test \
             bin/gpu_backend_test bin/mtc-gpu-bench tiny-fp32/train tiny-bf16/train \
             ref/tiny-fp32.jsonl ref/tiny-bf16.jsonl plans/gpt2-124m/plan.pb plans/gpt-1.3b/plan.pb \
             plans/tinyllama-1.1b/plan.pb plans/bert-large/plan.pb plans/gpt2-124m-padded/plan.pb \
             bin/gpu_ring_attention_test torch_gpt_peer.py gpu_peaks.py GpuPeaks.h ncu_summary.py; do
      [ -e "$BUNDLE/$f" ] || { echo "  missing from the bundle: $f"; missing=1; }
    done
    [ $missing = 0 ] && echo "  bundle $BUNDLE: complete"
  fi
  printf '  %-24s %-9s %7s %8s  %s\n' step kind timeout estimate "at (s)"
  while IFS='|' read -r name kind timeout est cmd; do
    if [ $((t + est)) -gt "$LIMIT" ]; then
      printf '  %-24s %-9s %6ss %7ss  SKIPPED (no time: %ss left)\n' "$name" "$kind" "$timeout" "$est" $((LIMIT - t))
    else
      printf '  %-24s %-9s %6ss %7ss  %s-%s\n' "$name" "$kind" "$timeout" "$est" $t $((t + est))
      t=$((t + est))
    fi
  done < <(steps)
  echo "  estimated total ${t}s of ${LIMIT}s; every step's timeout is cut to the time left"
  exit 0
fi

# ---- the run -----------------------------------------------------------------
mkdir -p "$OUT" || exit 1
OUT=$(cd "$OUT" && pwd)
: > "$OUT/results.tsv"
T0=$(date +%s)
elapsed() { echo $(( $(date +%s) - T0 )); }
say() { echo "$*" | tee -a "$OUT/run.log"; }
SAN=$(command -v compute-sanitizer || ls /usr/local/cuda*/bin/compute-sanitizer /usr/local/cuda*/compute-sanitizer/compute-sanitizer 2>/dev/null | head -1)
SAN=${SAN:-compute-sanitizer}
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
NCU=${NCU:-ncu}
export CUDA_ENV PY SAN NCU OUT TINY_TRAIN_ARGS

say "[t+0s] $me: bundle $BUNDLE, limit ${LIMIT}s"
say "$(nvidia-smi --query-gpu=name,memory.total,driver_version,clocks.max.sm --format=csv,noheader 2>&1)"
say "CUDA libraries: ${CUDA_DIRS:-from the loader}; compute-sanitizer: $SAN; ncu: $NCU; python: $($PY -c 'import torch; print("torch", torch.__version__)' 2>&1 | tail -1)"
say "$(cat "$BUNDLE/ref/made.txt" 2>/dev/null)"
say "$($CUDA_ENV "$BUNDLE/bin/check-node" 2>&1 || echo "(the steps that need a missing library fail)")"

# Largest relative difference of the per-step losses against the host's.
check_losses() { # metrics ref rtol log
  $PY - "$1" "$2" "$3" >> "$4" 2>&1 <<'EOF'
import json, sys
def losses(path):
    out = {}
    for line in open(path):
        rec = json.loads(line)
        if "lm_loss" in rec and "iteration" in rec:
            out[rec["iteration"]] = rec["lm_loss"]
    return out
gpu, host, rtol = losses(sys.argv[1]), losses(sys.argv[2]), float(sys.argv[3])
steps = sorted(set(gpu) & set(host))
if not steps or len(steps) != len(host):
    print(f"loss check: FAILED, {len(steps)} of the host's {len(host)} steps logged")
    sys.exit(1)
worst = max(steps, key=lambda s: abs(gpu[s] - host[s]) / abs(host[s]))
rel = abs(gpu[worst] - host[worst]) / abs(host[worst])
verdict = "ok" if rel <= rtol else "FAILED"
print(f"loss check: {verdict}, max rel diff {rel:.2e} (step {worst}: {gpu[worst]:.6f} vs host "
      f"{host[worst]:.6f}) over {len(steps)} steps, rtol {rtol:g}")
sys.exit(0 if rel <= rtol else 1)
EOF
}

run_step() { # name kind timeout estimate command
  local name=$1 kind=$2 timeout=$3 est=$4 cmd=$5 now left status rc start secs
  now=$(elapsed); left=$((LIMIT - now))
  if [ $((now + est)) -gt "$LIMIT" ]; then
    say "[t+${now}s] $name: SKIPPED (no time: needs ~${est}s, ${left}s left)"
    printf '%s\t%s\tSKIPPED\t0\tno time (%ss left)\n' "$name" "$kind" "$left" >> "$OUT/results.tsv"
    return
  fi
  [ "$timeout" -gt "$left" ] && timeout=$left
  say "[t+${now}s] $name (timeout ${timeout}s)"
  start=$(date +%s)
  if [ -n "$STUBS" ]; then cmd="$STUBS/$name"; fi
  (cd "$BUNDLE" && timeout -k 5 "$timeout" bash -c "$cmd") > "$OUT/$name.log" 2>&1
  rc=$?
  secs=$(( $(date +%s) - start ))
  case $rc in
    0) status=PASS ;;
    124|137) status=TIMEOUT ;;
    77) status=SKIPPED ;;
    *) status=FAIL ;;
  esac
  if [ "$kind" = train ] && [ $status = PASS ]; then
    local prec=${name##*_} rtol=$TINY_RTOL_FP32
    [ "$prec" = bf16 ] && rtol=$TINY_RTOL_BF16
    check_losses "$OUT/$name.jsonl" "$BUNDLE/ref/tiny-$prec.jsonl" "$rtol" "$OUT/$name.log" || status=FAIL
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$kind" "$status" "$secs" \
    "$([ $rc = 0 ] || [ $status = SKIPPED ] || echo "exit $rc")" >> "$OUT/results.tsv"
  say "[t+$(elapsed)s] $name: $status ($(figures "$kind" "$OUT/$name.log"))"
  if [ $status != PASS ] && [ $status != SKIPPED ]; then say "$(tail -n 8 "$OUT/$name.log" | sed 's/^/    /')"; fi
}

while IFS='|' read -r name kind timeout est cmd; do
  run_step "$name" "$kind" "$timeout" "$est" "$cmd"
done < <(steps)

say "[t+$(elapsed)s] done; logs in $OUT"
table "$OUT"
