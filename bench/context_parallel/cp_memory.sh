#!/bin/sh
# Context parallelism on CPU (docs/context-parallel.md, "Where it helps"):
#  1. A tiny GPT (2 layers, hidden 128, 4 heads, vocabulary 512) at a
#     sequence of SEQ tokens trains STEPS steps at cp = 1, 2 and 4 on as many
#     MPI ranks; per rank: the plan's activation peak and ring blocks, the
#     measured peak (rank 0), and the time of a step (the later steps'
#     median). The ranks share this machine's cores: with more ranks than
#     cores a step is slower than it would be with a core (or GPU) each.
#  2. The longest sequence (a power of two) whose predicted per-rank memory
#     (activations + ring blocks) fits BUDGET_MIB, at cp = 1, 2, 4 (compiled
#     only: mtc-compile --no-build).
#
#   bench/context_parallel/cp_memory.sh BUILD_DIR [SEQ=8192] [STEPS=3] [BUDGET_MIB=256]
# Run it on an idle machine (no build or test suite beside it).
set -eu
usage="usage: bench/context_parallel/cp_memory.sh BUILD_DIR [SEQ] [STEPS] [BUDGET_MIB]"
build=${1:?$usage}
seq=${2:-8192}
steps=${3:-3}
budget=${4:-256}
for tool in mtc-compile mtc-import; do
  [ -x "$build/bin/$tool" ] || { echo "cp_memory.sh: no $build/bin/$tool" >&2; exit 2; }
done
mpirun=${MTC_MPIRUN:-mpirun --oversubscribe}
out=$(mktemp -d "${TMPDIR:-/tmp}/mtc-cp-bench.XXXXXX")
trap 'rm -rf "$out"' EXIT
model="$out/tiny.mlir"
"$build/bin/mtc-import" --num-layers 2 --hidden-size 128 --num-attention-heads 4 \
  --seq-length 1024 --max-position-embeddings 65536 --vocab-size 512 -o "$model"

field() { sed -n "s/^ *$1: \([0-9]*\)$/\1/p" "$2" | head -1; }

echo "1. seq $seq, $steps steps (micro-batch 1): per-rank memory in bytes, step time"
printf '%-4s %-6s %14s %14s %14s %14s %10s\n' cp ranks plan-activations measured-peak \
  plan-ring measured-ring step-s
for cp in 1 2 4; do
  dir="$out/cp$cp"
  "$build/bin/mtc-compile" "$model" -o "$dir" --seq "$seq" --context-parallel-size "$cp" \
    > "$dir.compile.log"
  launch=""
  [ "$cp" -gt 1 ] && launch="$mpirun -np $cp"
  # shellcheck disable=SC2086
  $launch "$dir/train" --synthetic --steps "$steps" --threads 1 --seed 7 --log-interval 1 \
    --metrics "$dir/metrics.jsonl" > "$dir.train.log" 2>&1
  line=$(grep "activation memory (rank 0)" "$dir.train.log")
  peak=$(echo "$line" | sed 's/.*measured peak \([0-9]*\) B.*/\1/')
  ring=$(echo "$line" | sed -n 's/.*key\/value blocks \([0-9]*\) B.*/\1/p')
  time=$(python3 -c "
import json, statistics
rows = [json.loads(l) for l in open('$dir/metrics.jsonl')]
print('%.2f' % statistics.median(r['iteration_ms'] / 1000 for r in rows[1:] or rows))")
  printf '%-4s %-6s %14s %14s %14s %14s %10s\n' "$cp" "$cp" \
    "$(field activation_peak_bytes "$dir/plan.txt")" "$peak" \
    "$(field context_ring_bytes "$dir/plan.txt" || true)" "${ring:--}" "$time"
done

echo
echo "2. longest sequence whose predicted activations + ring blocks fit $budget MiB per rank"
printf '%-4s %10s %14s\n' cp seq bytes
for cp in 1 2 4; do
  s=1024 best=0 bytes=0
  while [ "$s" -le 65536 ]; do
    dir="$out/fit$cp-$s"
    "$build/bin/mtc-compile" "$model" -o "$dir" --seq "$s" --context-parallel-size "$cp" \
      --no-build > /dev/null
    a=$(field activation_peak_bytes "$dir/plan.txt")
    r=$(field context_ring_bytes "$dir/plan.txt")
    total=$((a + ${r:-0}))
    [ "$total" -gt $((budget * 1048576)) ] && break
    best=$s bytes=$total
    s=$((s * 2))
  done
  printf '%-4s %10s %14s\n' "$cp" "$best" "$bytes"
done
