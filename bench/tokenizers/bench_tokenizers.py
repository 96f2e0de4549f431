#!/usr/bin/env python3
"""Tokenizing speed of every tokenizer mtc-data reads, through mtc-data itself.

Each repetition tokenizes all 43 of Debian's fortune files (one document per
fortune, one worker thread) with GPT-2's BPE and each LLaMA-family tokenizer,
interleaved, and reports input megabytes per second (mtc-data's own "seconds",
which covers reading, tokenizing and writing the dataset) and the best of the
repetitions. The bar (issue 36) is the GPT-2 BPE path's speed per byte.

  bench/tokenizers/bench_tokenizers.py [--build build] [--reps 5]

Run it on an otherwise idle machine.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TOK = os.path.join(ROOT, "third_party_data", "tokenizers")


def cases():
    return [
        ("GPT-2 BPE (GPT2BPETokenizer)", ["--vocab-dir", os.path.join(ROOT, "third_party_data", "gpt2-bpe")]),
        ("Llama 2 SentencePiece (Llama2Tokenizer)",
         ["--tokenizer-type", "Llama2Tokenizer", "--tokenizer-model", f"{TOK}/llama2/tokenizer.model"]),
        ("Mistral SentencePiece (GPTSentencePieceTokenizer)",
         ["--tokenizer-type", "GPTSentencePieceTokenizer", "--tokenizer-model", f"{TOK}/mistral/tokenizer.model"]),
        ("Llama 3 tiktoken (TikTokenizer)",
         ["--tokenizer-type", "TikTokenizer", "--tokenizer-model", f"{TOK}/llama3/tokenizer.model"]),
        ("Llama 2 tokenizer.json (HuggingFaceTokenizer)",
         ["--tokenizer-type", "HuggingFaceTokenizer", "--tokenizer-model", f"{TOK}/llama2/tokenizer.json"]),
        ("Mistral tokenizer.json (HuggingFaceTokenizer)",
         ["--tokenizer-type", "HuggingFaceTokenizer", "--tokenizer-model", f"{TOK}/mistral/tokenizer.json"]),
        ("Llama 3 tokenizer.json (HuggingFaceTokenizer)",
         ["--tokenizer-type", "HuggingFaceTokenizer", "--tokenizer-model", f"{TOK}/llama3/tokenizer.json"]),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--reps", type=int, default=5)
    args = parser.parse_args()
    mtc_data = os.path.join(args.build, "bin", "mtc-data")
    fortunes = sorted(f for f in glob.glob("/usr/share/games/fortunes/*")
                      if os.path.isfile(f) and not f.endswith((".dat", ".u8")))
    inputs = [x for f in fortunes for x in ("--input", f)]
    best = {}
    tokens = {}
    with tempfile.TemporaryDirectory() as tmp:
        for rep in range(args.reps):
            for name, flags in cases():
                out = subprocess.run([mtc_data, "--format", "fortune", "--workers", "1",
                                      "--output-prefix", os.path.join(tmp, "d"), *flags, *inputs],
                                     capture_output=True, text=True)
                if out.returncode != 0:
                    sys.exit(f"bench_tokenizers: {name}: mtc-data failed:\n{out.stderr}")
                seconds = float(re.search(r"^seconds: ([0-9.]+)", out.stdout, re.M).group(1))
                size = int(re.search(r"^input files: \d+ \((\d+) bytes\)", out.stdout, re.M).group(1))
                tokens[name] = int(re.search(r"^tokens: (\d+)", out.stdout, re.M).group(1))
                rate = size / seconds / 1e6
                best[name] = max(best.get(name, 0.0), rate)
                print(f"rep {rep}: {name}: {rate:.2f} MB/s", flush=True)
    base = best[cases()[0][0]]
    print(f"\n{'tokenizer':52} {'tokens':>9} {'best MB/s':>10} {'vs GPT-2':>9}")
    for name, _ in cases():
        print(f"{name:52} {tokens[name]:9d} {best[name]:10.2f} {best[name] / base:8.2f}x")
    print(f"input: {len(fortunes)} fortune files, {size} bytes; CPU: " +
          next((l.split(':', 1)[1].strip() for l in open('/proc/cpuinfo') if l.startswith('model name')), '?'))


if __name__ == "__main__":
    main()
