#!/usr/bin/env bash
# Configures and builds mtc in build/ (or $MTC_BUILD_DIR). Installs nothing:
# run scripts/setup.sh first.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${MTC_BUILD_DIR:-$ROOT/build}"
JOBS="${MTC_JOBS:-$(nproc)}"

if [ ! -f "$BUILD/build.ninja" ]; then
  cmake -G Ninja -S "$ROOT" -B "$BUILD" \
    -DCMAKE_BUILD_TYPE=Release \
    -DPython3_EXECUTABLE=/usr/bin/python3 \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit >/dev/null
fi
ninja -C "$BUILD" -j "$JOBS" "$@"
