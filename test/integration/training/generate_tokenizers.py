#!/usr/bin/env python3
"""generate with the LLaMA family's tokenizers, end to end: Llama 3's vocabulary.

Tokenizes two fortune files with Llama 3's tiktoken ranks (mtc-data
--tokenizer-type TikTokenizer), trains a one-layer LLaMA with a 128,256-token
vocabulary for a few steps, then samples from the checkpoint with the same
prompt and seed through TikTokenizer and through HuggingFaceTokenizer on Llama
3's tokenizer.json. Both must print the prompt followed by exactly what the
sampled tokens spell, decoded here from the ranks file itself (base64 bytes per
rank): TikTokenizer as Meta's decode gives it (raw bytes, a special token as its
spelling), the tokenizer.json as HF's gives it (special tokens skipped, the bytes
read as UTF-8 with U+FFFD for what is not). The same
model and seed give both the same tokens: neither adds a BOS to the prompt (the
ranks type adds none, this tokenizer.json's post-processor is ByteLevel).

usage: generate_tokenizers.py --bin BIN_DIR --tokenizers TOK_DIR --workdir DIR
Exits 77 (skipped) without the tokenizer files.
"""
import argparse
import base64
import json
import os
import shutil
import struct
import subprocess
import sys

parser = argparse.ArgumentParser()
parser.add_argument("--bin", required=True)
parser.add_argument("--tokenizers", required=True)
parser.add_argument("--workdir", required=True)
parser.add_argument("--fortunes", default="/usr/share/games/fortunes")
args = parser.parse_args()
args.bin, args.tokenizers = os.path.abspath(args.bin), os.path.abspath(args.tokenizers)
ranks_file = os.path.join(args.tokenizers, "llama3", "tokenizer.model")
json_file = os.path.join(args.tokenizers, "llama3", "tokenizer.json")
for needed in (ranks_file, json_file, os.path.join(args.fortunes, "computers")):
    if not os.path.exists(needed):
        print(f"SKIP: no {needed} (scripts/setup.sh makes it)")
        sys.exit(77)
shutil.rmtree(args.workdir, ignore_errors=True)
os.makedirs(args.workdir)
work = args.workdir


def run(cmd):
    result = subprocess.run(cmd, capture_output=True, text=True, cwd=work)
    if result.returncode != 0:
        sys.exit(f"FAIL: {' '.join(cmd)} exited {result.returncode}\n{result.stdout}\n{result.stderr}")
    return result.stdout


tiktoken = ["--tokenizer-type", "TikTokenizer", "--tokenizer-model", ranks_file]
run([os.path.join(args.bin, "mtc-data"), "--format", "fortune", "--append-eod", "--output-prefix",
     "data", "--input", os.path.join(args.fortunes, "computers"), "--input",
     os.path.join(args.fortunes, "science"), *tiktoken])
run([os.path.join(args.bin, "mtc-import"), "--arch", "llama", "--num-layers", "1",
     "--hidden-size", "32", "--num-attention-heads", "2", "--seq-length", "32",
     "--vocab-size", "128256", "--name", "l3", "-o", "l3.mlir"])
run([os.path.join(args.bin, "mtc-compile"), "l3.mlir", "-o", "l3", "--micro-batch", "4",
     "--lr", "3e-3"])
run(["l3/train", "--data", "data", "--steps", "10", "--global-batch", "8", "--threads", "2",
     "--save", "ckpt", *tiktoken])

with open(json_file) as f:
    specials = {t["id"]: t["content"].encode() for t in json.load(f)["added_tokens"]}
ranks = {}
with open(ranks_file) as f:
    for line in f:
        if line.strip():
            token, rank = line.split()
            ranks[int(rank)] = base64.b64decode(token)


def sampled_tokens(path):
    with open(path, "rb") as f:
        raw = f.read()
    size = struct.unpack("<Q", raw[:8])[0]
    header = json.loads(raw[8:8 + size])
    begin, end = header["tokens"]["data_offsets"]
    ids = [int(x) for x in struct.unpack(f"<{(end - begin) // 4}f", raw[8 + size + begin:8 + size + end])]
    return ids, int(header["__metadata__"]["prompt_tokens"])


prompt = "Computers are \u00e9tonnant \U0001F600"
failures = []
sampled = {}
for name, flags, special in [
        ("TikTokenizer", tiktoken, lambda i: specials[i]),
        ("HuggingFaceTokenizer", ["--tokenizer-type", "HuggingFaceTokenizer",
                                  "--tokenizer-model", json_file], None)]:
    dump = f"{name}.safetensors"
    out = subprocess.run(["l3/generate", "--load", "ckpt", "--prompt", prompt, "--tokens", "24",
                          "--top-k", "50", "--seed", "5", "--dump-logits", dump, *flags],
                         capture_output=True, cwd=work)
    if out.returncode != 0:
        sys.exit(f"FAIL: generate with {name}: {out.stderr.decode(errors='replace')}")
    ids, prompt_tokens = sampled_tokens(os.path.join(work, dump))
    if special:
        expected = prompt.encode() + b"".join(
            ranks[i] if i in ranks else special(i) for i in ids[prompt_tokens:])
    else:
        expected = b"".join(ranks.get(i, b"") for i in ids).decode("utf-8", "replace").encode()
    expected += b"\n"
    # The model's end of document (128001) stops sampling and is not printed.
    print(f"{name}: {len(ids) - prompt_tokens} tokens: {out.stdout!r}")
    if out.stdout != expected:
        failures.append(f"{name} printed {out.stdout!r}; the tokens {ids} spell {expected!r}")
    if b"".join(ranks[i] for i in ids[:prompt_tokens]) != prompt.encode():
        failures.append(f"{name}: the prompt's tokens {ids[:prompt_tokens]} do not spell the prompt")
    sampled[name] = ids
if sampled["TikTokenizer"] != sampled["HuggingFaceTokenizer"]:
    failures.append(f"the same model and seed sampled different tokens: {sampled}")
for f in failures:
    print("FAIL:", f)
print("FAILED" if failures else "PASSED")
sys.exit(1 if failures else 0)
