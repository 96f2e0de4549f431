#!/usr/bin/env bash
# The whole test suite from nothing: dependencies, build, then every test
# (GoogleTest units, lit, the fuzz test and the MPI integration tests).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${MTC_BUILD_DIR:-$ROOT/build}"

bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build.sh"
cd "$BUILD"
ctest --output-on-failure -j "$(nproc)" --timeout 900 "$@"
