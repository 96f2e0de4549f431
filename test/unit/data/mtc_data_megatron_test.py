#!/usr/bin/env python3
"""mtc-data behaves as Megatron-LM's tools/preprocess_data.py where their flags
meet: documents without tokens are kept (no sequences), an input without any
token writes nothing, --json-keys writes one dataset per key with Megatron's
names, --workers does not change the output, and --vocab-file/--merge-file read
other GPT-2-style BPE files.

usage: mtc_data_megatron_test.py MTC_DATA_BINARY BPE_DIR WORK_DIR
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tiny_bpe  # noqa: E402
from tool_checks import ToolChecks, read_dataset  # noqa: E402

mtc_data, bpe_dir, work = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(work, exist_ok=True)
checks = ToolChecks(mtc_data, bpe_dir)
check, run = checks.check, checks.run


def raw(prefix):
    with open(prefix + ".bin", "rb") as f, open(prefix + ".idx", "rb") as g:
        return f.read(), g.read()


# Documents without tokens: an empty "text" is a document of no sequences, as
# Megatron's builder.add_document([], []) makes it (document index 0,1,1,2).
lines = [{"text": "Hello", "title": "One"}, {"text": "", "title": "Two"},
         {"text": "world", "title": "Three"}]
jsonl = os.path.join(work, "docs.jsonl")
with open(jsonl, "w") as f:
    f.write("".join(json.dumps(line) + "\n" for line in lines))
prefix = os.path.join(work, "docs")
result = run(["--format", "jsonl", "--input", jsonl, "--append-eod", "--output-prefix", prefix])
check(result.returncode == 0, f"jsonl exit {result.returncode}: {result.stderr}")
_, sizes, documents, ids = read_dataset(prefix)
check(documents == [0, 1, 1, 2], f"document index {documents} (the empty one has no sequences)")
check(sizes == [2, 2] and ids == [15496, 50256, 6894, 50256], f"sizes {sizes}, ids {ids}")

# No tokens at all: an error, nothing written, an earlier dataset left as it was.
before = raw(prefix)
empty = os.path.join(work, "empty.jsonl")
with open(empty, "w") as f:
    f.write('{"text": ""}\n{"text": ""}\n')
result = run(["--format", "jsonl", "--input", empty, "--output-prefix", prefix])
check(result.returncode == 1 and "the inputs hold no tokens in field 'text' (2 documents): "
      f"nothing written to {prefix}" in result.stderr, f"empty input: {result.stderr}")
check(raw(prefix) == before, "the earlier dataset is intact")
check(not [n for n in os.listdir(work) if ".tmp." in n], "no temporary files left")

# --json-keys: one dataset per key, named as Megatron names them.
result = run(["--format", "jsonl", "--input", jsonl, "--json-keys", "text", "title",
              "--output-prefix", os.path.join(work, "keys")])
check(result.returncode == 0, f"--json-keys exit {result.returncode}: {result.stderr}")
for key, words in (("text", ["Hello", "world"]), ("title", ["One", "Two", "Three"])):
    got = os.path.join(work, f"keys_{key}_document")
    check(os.path.exists(got + ".bin") and os.path.exists(got + ".idx"), f"{got}.bin/.idx")
    alone = os.path.join(work, "alone-" + key)
    run(["--format", "jsonl", "--input", jsonl, "--json-keys", key, "--output-prefix", alone])
    check(raw(got) == raw(alone), f"key {key}: the same bytes as a run for that key alone")
result = run(["--format", "jsonl", "--input", jsonl, "--json-keys", "missing",
              "--output-prefix", os.path.join(work, "nokey")])
check(result.returncode == 1 and f'{jsonl}:1: the object has no "missing" field' in result.stderr,
      f"missing key: {result.stderr}")

# --workers: the output is the same bytes whatever the thread count, over
# several inputs and more documents than one batch holds.
many = os.path.join(work, "many.jsonl")
with open(many, "w") as f:
    for i in range(9000):
        f.write(json.dumps({"text": f"Document {i}: " + "word " * (i % 37)}) + "\n")
outputs = []
for workers in ("1", "3"):
    out = os.path.join(work, "workers" + workers)
    result = run(["--format", "jsonl", "--input", many, "--input", jsonl, "--append-eod",
                  "--workers", workers, "--output-prefix", out])
    check(result.returncode == 0, f"--workers {workers}: {result.stderr}")
    outputs.append(raw(out))
check(outputs[0] == outputs[1], "--workers 3 writes the bytes --workers 1 writes")


# Other GPT-2-style BPE files: a 259-token vocabulary.
tiny_vocab, tiny_merges = tiny_bpe.write(work)
tiny_text = os.path.join(work, "hello.jsonl")
with open(tiny_text, "w") as f:
    f.write('{"text": "hello"}\n')
result = subprocess.run([mtc_data, "--format", "jsonl", "--input", tiny_text, "--append-eod",
                         "--vocab-file", tiny_vocab, "--merge-file", tiny_merges,
                         "--output-prefix", os.path.join(work, "tiny")],
                        capture_output=True, text=True)
check(result.returncode == 0, f"tiny BPE exit {result.returncode}: {result.stderr}")
ids = read_dataset(os.path.join(work, "tiny"))[3]
check(ids == [256, 257, ord("o"), tiny_bpe.EOD], f"tiny BPE ids {ids}: he, ll, o, <|endoftext|>")
# GPT-2's own files by name give what --vocab-dir gives.
by_dir = raw(os.path.join(work, "workers1"))
result = subprocess.run([mtc_data, "--format", "jsonl", "--input", many, "--input", jsonl,
                         "--append-eod", "--vocab-file", os.path.join(bpe_dir, "encoder.json"),
                         "--merge-file", os.path.join(bpe_dir, "vocab.bpe"),
                         "--output-prefix", os.path.join(work, "by-file")],
                        capture_output=True, text=True)
check(result.returncode == 0 and raw(os.path.join(work, "by-file")) == by_dir,
      f"--vocab-file/--merge-file with GPT-2's files: {result.stderr}")
result = subprocess.run([mtc_data, "--input", tiny_text, "--merge-file", tiny_merges,
                         "--output-prefix", os.path.join(work, "x")], capture_output=True,
                        text=True)
check(result.returncode == 2 and "give --vocab-file encoder.json with --merge-file" in
      result.stderr, f"--merge-file alone: {result.stderr}")

checks.finish()
