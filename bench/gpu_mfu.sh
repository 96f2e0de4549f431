#!/bin/sh
# Single-GPU training throughput and MFU of GPT-2 124M and Megatron-LM's GPT
# 1.3B in bf16 (docs/gpu.md, "Expected MFU"): for each model, compiles the
# plan with mtc-compile --precision bf16 and trains it on synthetic tokens
# with mtc-gpu-bench, which prints ms/iteration, tokens/s, MFU (PaLM's
# 6N + 12LHS FLOPs per token over the device's dense bf16 peak, looked up by
# its name) and peak device memory against the plan's prediction.
# Without a usable GPU it prints one line saying so and exits 0: no numbers.
#
#   bench/gpu_mfu.sh BUILD_DIR [STEPS=10] [WARMUP=3]
# Environment: MTC_MFU_MODELS (default "124m 1.3b"), MTC_MFU_MICRO_124M
# (default 8), MTC_MFU_MICRO_1_3B (default 2).
#   124m: models/gpt2.mlir (12 layers, hidden 768, 12 heads), seq 1024
#   1.3b: mtc-import --num-layers 24 --hidden-size 2048 --num-attention-heads 16
#         --seq-length 2048 --vocab-size 50257 (Megatron-LM's GPT 1.3B; the
#         vocabulary padded to 50304 as Megatron pads it)
set -eu
usage="usage: bench/gpu_mfu.sh BUILD_DIR [STEPS] [WARMUP]"
build=${1:?$usage}
steps=${2:-10}
warmup=${3:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
for tool in mtc-gpu-bench mtc-compile mtc-import; do
  if [ ! -x "$build/bin/$tool" ]; then
    echo "gpu_mfu.sh: no $build/bin/$tool (build the project with CUDA first)" >&2
    exit 2
  fi
done
rc=0
"$build/bin/mtc-gpu-bench" --probe >/dev/null 2>&1 || rc=$?
if [ "$rc" = 77 ]; then
  # The one line: mtc-gpu-bench's reason (driver, device) for no usable GPU.
  "$build/bin/mtc-gpu-bench" --probe | sed 's/^mtc-gpu-bench: skipped:/gpu_mfu.sh: skipped:/' || true
  exit 0
fi
[ "$rc" = 0 ] || { "$build/bin/mtc-gpu-bench" --probe; exit "$rc"; }

out=$(mktemp -d "${TMPDIR:-/tmp}/mtc-gpu-mfu.XXXXXX")
trap 'rm -rf "$out"' EXIT
for model in ${MTC_MFU_MODELS:-124m 1.3b}; do
  case "$model" in
    124m)
      mlir="$root/models/gpt2.mlir" seq=1024 micro=${MTC_MFU_MICRO_124M:-8} ;;
    1.3b)
      mlir="$out/gpt-1.3b.mlir" seq=2048 micro=${MTC_MFU_MICRO_1_3B:-2}
      "$build/bin/mtc-import" --name gpt-1.3b --arch gpt --num-layers 24 --hidden-size 2048 \
        --num-attention-heads 16 --seq-length 2048 --vocab-size 50257 \
        --make-vocab-size-divisible-by 128 -o "$mlir" ;;
    *)
      echo "gpu_mfu.sh: unknown model '$model' in MTC_MFU_MODELS (124m or 1.3b)" >&2
      exit 2 ;;
  esac
  "$build/bin/mtc-compile" "$mlir" -o "$out/$model" --precision bf16 \
    --micro-batch "$micro" --seq "$seq" --global-batch-size "$micro" --no-build \
    > "$out/$model.compile.log"
  "$build/bin/mtc-gpu-bench" "$out/$model/plan.pb" --steps "$steps" --warmup "$warmup"
done
