#!/bin/sh
# GPU throughput of gpt2, gpt2-medium and gpt2-xl (docs/gpu.md): compiles each
# model's plan (no nvcc needed: the plan only) and runs mtc-gpu-bench on it.
# Prints a skip line and exits 0 when the machine has no usable GPU.
#   bench/gpu/run.sh BUILD_DIR [MICRO_BATCH] [SEQ] [STEPS]
set -eu
build=${1:?usage: bench/gpu/run.sh BUILD_DIR [MICRO_BATCH] [SEQ] [STEPS]}
micro=${2:-8}
seq=${3:-1024}
steps=${4:-10}
root=$(cd "$(dirname "$0")/../.." && pwd)
out=${TMPDIR:-/tmp}/mtc-gpu-bench
mkdir -p "$out"
rc=0
"$build/bin/mtc-gpu-bench" --probe || rc=$?
[ "$rc" = 77 ] && exit 0 # no GPU: the reason is printed
[ "$rc" = 0 ] || exit "$rc"
for model in gpt2 gpt2-medium gpt2-xl; do
  "$build/bin/mtc-compile" "$root/models/$model.mlir" -o "$out/$model" \
    --micro-batch "$micro" --seq "$seq" --no-build > "$out/$model.compile.log"
  "$build/bin/mtc-gpu-bench" "$out/$model/plan.pb" --steps "$steps" --warmup 3
done
