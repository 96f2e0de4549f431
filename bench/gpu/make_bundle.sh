#!/usr/bin/env bash
# Makes the GPU acceptance bundle (docs/gpu.md, "The acceptance run"): what
# bench/gpu/acceptance.sh runs on a GPU machine that has only the NVIDIA
# driver, CUDA 13 and PyTorch. Runs here, on the machine that built mtc:
#
#   bench/gpu/make_bundle.sh BUILD_DIR OUT     (OUT.tar.xz, or OUT/ with --no-tar)
#
# The folder holds
#   bin/        the gpu-labelled GoogleTest programs, mtc-gpu-bench and
#               mtc-moe-gpu-bench
#   plans/      bf16 plans of GPT-2 124M (8 x 1024; also with Megatron's
#               padded vocabulary), Megatron's GPT 1.3B (2 x 2048), TinyLlama
#               1.1B (2 x 2048) and BERT-large (8 x 512)
#   tiny-fp32/, tiny-bf16/   one-rank --target=cuda gpt2-tiny programs
#   ref/        the host programs' losses for the same runs (train --metrics)
#   acceptance.sh, acceptance.steps, torch_gpt_peer.py with gpu_peaks.py and
#               GpuPeaks.h (the peaks its MFU divides by), ncu_summary.py
# and, through mtc-bundle, every library those load but glibc's and CUDA's.
set -euo pipefail
usage="usage: bench/gpu/make_bundle.sh BUILD_DIR OUT [--no-tar]"
BUILD=${1:?$usage}; OUT=${2:?$usage}; TAR=1
if [ "${3:-}" = "--no-tar" ]; then TAR=0; fi
BUILD=$(cd "$BUILD" && pwd)
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BIN=$BUILD/bin
for f in "$BIN/mtc-compile" "$BIN/mtc-import" "$BIN/mtc-bundle" "$BIN/mtc-gpu-bench" \
         "$BIN/mtc-moe-gpu-bench"; do
  [ -x "$f" ] || { echo "make_bundle.sh: no $f (build mtc with CUDA first)" >&2; exit 2; }
done
OUT=${OUT%.tar.xz}
NAME=$(basename "$OUT")
mkdir -p "$(dirname "$OUT")"
OUT=$(cd "$(dirname "$OUT")" && pwd)/$NAME
ACC=$OUT
if [ $TAR = 1 ]; then ACC=$(mktemp -d "${TMPDIR:-/tmp}/mtc-gpu-bundle.XXXXXX")/$NAME; fi
rm -rf "$ACC"; mkdir -p "$ACC/bin" "$ACC/plans" "$ACC/ref"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/mtc-gpu-work.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
log() { echo "make_bundle.sh: $*"; }

cp "$BIN/mtc-gpu-bench" "$BIN/mtc-moe-gpu-bench" "$ACC/bin/"
for t in gpu_kernels_test gpu_fused_kernels_test gpu_flash_attention_test gpu_backend_test \
         gpu_ring_attention_test; do
  f=$(find "$BUILD/test" -type f -name "$t" -perm -u+x | head -1)
  [ -n "$f" ] || { echo "make_bundle.sh: no $t in $BUILD/test" >&2; exit 2; }
  cp "$f" "$ACC/bin/"
done
cp "$ROOT/bench/gpu/acceptance.sh" "$ROOT/bench/gpu/torch_gpt_peer.py" \
   "$ROOT/bench/gpu/gpu_peaks.py" "$ROOT/bench/gpu/GpuPeaks.h" "$ROOT/bench/gpu/ncu_summary.py" \
   "$ROOT/bench/gpu/acceptance.steps" "$ACC/"

# The benchmark plans: compiled here (no MLIR there), no programs needed.
C=$BIN/mtc-compile
plan() { # name model micro seq
  log "plan $1"
  "$C" "$2" -o "$ACC/plans/$1" --target=cuda --precision bf16 --micro-batch-size "$3" \
    --seq-length "$4" --global-batch-size "$3" --no-build > "$WORK/$1.log" ||
    { cat "$WORK/$1.log"; exit 1; }
  rm -f "$ACC/plans/$1"/*.cpp "$ACC/plans/$1"/*.cu
}
"$BIN/mtc-import" --name gpt-1.3b --arch gpt --num-layers 24 --hidden-size 2048 \
  --num-attention-heads 16 --seq-length 2048 --vocab-size 50257 \
  --make-vocab-size-divisible-by 128 -o "$WORK/gpt-1.3b.mlir"
plan gpt2-124m "$ROOT/models/gpt2.mlir" 8 1024
plan gpt-1.3b "$WORK/gpt-1.3b.mlir" 2 2048
plan tinyllama-1.1b "$ROOT/models/tinyllama-1.1b.mlir" 2 2048
plan bert-large "$ROOT/models/bert-large.mlir" 8 512
# GPT-2 124M as Megatron-LM builds it (vocabulary padded to 50304): the
# language-model head's GEMMs then have 16-byte aligned rows.
"$BIN/mtc-import" --name gpt2-124m-padded --arch gpt --num-layers 12 --hidden-size 768 \
  --num-attention-heads 12 --seq-length 1024 --vocab-size 50257 \
  --make-vocab-size-divisible-by 128 -o "$WORK/gpt2-124m-padded.mlir"
plan gpt2-124m-padded "$WORK/gpt2-124m-padded.mlir" 8 1024

# gpt2-tiny, one rank: the CUDA programs travel, the host ones record the
# losses the GPU must reproduce (acceptance.steps: TINY_TRAIN_ARGS).
. "$ROOT/bench/gpu/acceptance.steps"
for prec in fp32 bf16; do
  for target in cuda host; do
    dir=$WORK/tiny-$prec-$target
    [ $target = cuda ] && dir=$ACC/tiny-$prec
    log "gpt2-tiny $prec --target=$target"
    "$C" "$ROOT/models/gpt2-tiny.mlir" -o "$dir" --target=$target --precision $prec \
      $TINY_COMPILE_ARGS > "$WORK/tiny-$prec-$target.log" 2>&1 ||
      { cat "$WORK/tiny-$prec-$target.log"; exit 1; }
  done
  rm -f "$ACC/tiny-$prec"/*.cpp "$ACC/tiny-$prec"/*.cu
  log "host losses, gpt2-tiny $prec"
  # shellcheck disable=SC2086
  (cd "$WORK" && "$WORK/tiny-$prec-host/train" $TINY_TRAIN_ARGS \
      --metrics "$ACC/ref/tiny-$prec.jsonl" > "$ACC/ref/tiny-$prec.log" 2>&1) ||
    { cat "$ACC/ref/tiny-$prec.log"; exit 1; }
done

{
  echo "mtc $(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo unknown)"
  echo "made $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -m), nvcc $(/usr/local/cuda/bin/nvcc --version 2>/dev/null | sed -n 's/.*release \([0-9.]*\).*/\1/p')"
  echo "host CPU: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
} > "$ACC/ref/made.txt"

if [ $TAR = 1 ]; then
  "$BIN/mtc-bundle" "$ACC" --tar "$OUT.tar.xz"
  rm -rf "$(dirname "$ACC")"
else
  "$BIN/mtc-bundle" "$ACC" --no-tar
fi
