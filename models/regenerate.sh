#!/usr/bin/env bash
# Rebuilds every models/<name>.mlir from models/<name>.json with mtc-import.
#
#   models/regenerate.sh [--mtc-import PATH] [--check]
#
# --check writes nothing: it builds each model into a temporary folder and
# fails, naming the models, if any differs from the committed .mlir.
#
# Two keys that the importer does not read are turned into flags here, as
# Megatron-LM takes them on its command line:
#   "make_vocab_size_divisible_by"  -> --make-vocab-size-divisible-by
#   "tensor_model_parallel_size"    -> --tensor-model-parallel-size
# (the vocabulary is padded to a multiple of their product).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mtc_import="${MTC_IMPORT:-$here/../build/bin/mtc-import}"
check=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --mtc-import) mtc_import="$2"; shift 2 ;;
    --check) check=1; shift ;;
    -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
    *) echo "regenerate.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
if [[ ! -x "$mtc_import" ]]; then
  echo "regenerate.sh: no mtc-import at '$mtc_import' (build it, or pass --mtc-import PATH)" >&2
  exit 2
fi

# Prints the importer flags a config asks for through the two keys above.
flags_of() {
  /usr/bin/python3 - "$1" <<'PY'
import json, sys
config = json.load(open(sys.argv[1]))
for key, flag in (("make_vocab_size_divisible_by", "--make-vocab-size-divisible-by"),
                  ("tensor_model_parallel_size", "--tensor-model-parallel-size")):
    if key in config:
        print(f"{flag}={int(config[key])}")
PY
}

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
differ=()
for json in "$here"/*.json; do
  name="$(basename "$json" .json)"
  mapfile -t flags < <(flags_of "$json")
  "$mtc_import" "$json" "${flags[@]}" -o "$tmp/$name.mlir"
  if [[ $check -eq 1 ]]; then
    cmp -s "$tmp/$name.mlir" "$here/$name.mlir" || differ+=("$name")
  else
    mv "$tmp/$name.mlir" "$here/$name.mlir"
    echo "wrote models/$name.mlir"
  fi
done
if [[ ${#differ[@]} -gt 0 ]]; then
  echo "regenerate.sh: these models differ from their .json: ${differ[*]}" >&2
  exit 1
fi
