#!/usr/bin/env python3
"""mtc-data with the LLaMA family's tokenizers, end to end through the tool:
the whole golden corpus (every Debian fortune and the edge cases) as JSON lines,
tokenized by each --tokenizer-type, must give in the dataset the ids the npm
packages' own encoders give (scripts/tokenizers/make_*.sh), with Megatron's
rule for each type around them: Llama2Tokenizer puts <s> first, the
tokenizer.json template its BOS, --append-eod the model's end of document. Then
the refusals: SentencePieceTokenizer, missing or corrupt model files, flags
that do not go together. Last, mtc-import checks a LLaMA config's vocab_size
against the tokenizer next to it or named by the flags.

usage: mtc_data_model_tokenizers_test.py BIN_DIR TOKENIZERS_DIR WORK_DIR
Exits 77 (skipped) when the tokenizer files are absent.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tool_checks import read_dataset  # noqa: E402

bin_dir, tok, work = sys.argv[1], sys.argv[2], sys.argv[3]
mtc_data, mtc_import = os.path.join(bin_dir, "mtc-data"), os.path.join(bin_dir, "mtc-import")
os.makedirs(work, exist_ok=True)
failures = []


def check(condition, what):
    if not condition:
        failures.append(what)
        print("FAIL:", what)


def golden(name):
    with open(os.path.join(tok, "golden", name)) as f:
        table = json.load(f)
    # The make_*.sh scripts' layouts: {"ids": [...]}, {"cases": [{"ids"}]}, [{"ids"}].
    if isinstance(table, dict):
        return table["ids"] if "ids" in table else [case["ids"] for case in table["cases"]]
    return [case["ids"] for case in table]


needed = ["golden/corpus.json", "llama2/tokenizer.model", "mistral/tokenizer.model",
          "llama3/tokenizer.model", "llama2/tokenizer.json", "mistral/tokenizer.json",
          "llama3/tokenizer.json"]
missing = [n for n in needed if not os.path.exists(os.path.join(tok, n))]
if missing:
    print("SKIP: no", ", ".join(missing), "(scripts/setup.sh makes them)")
    sys.exit(77)

with open(os.path.join(tok, "golden", "corpus.json")) as f:
    corpus = json.load(f)
jsonl = os.path.join(work, "corpus.jsonl")
with open(jsonl, "w") as f:
    f.write("".join(json.dumps({"text": s}) + "\n" for s in corpus))

# (type, model file, golden ids of the text alone or with the template,
#  what the type puts first, the end-of-document id, the .bin dtype code)
cases = [
    ("Llama2Tokenizer", "llama2/tokenizer.model", "llama2-sp.json", [1], 2, 8),
    ("GPTSentencePieceTokenizer", "mistral/tokenizer.model", "mistral-sp.json", [], 2, 8),
    ("TikTokenizer", "llama3/tokenizer.model", "llama3-tiktoken.json", [], 128001, 4),
    ("HuggingFaceTokenizer", "llama2/tokenizer.json", "llama2-hf.json", [], 2, 8),
    ("HuggingFaceTokenizer", "mistral/tokenizer.json", "mistral-hf.json", [], 2, 8),
    ("HuggingFaceTokenizer", "llama3/tokenizer.json", "llama3-hf.json", [], 128001, 4),
]
for type_, model, gold, first, eod, dtype_code in cases:
    what = f"{type_} {model}"
    expected_docs = [first + ids for ids in golden(gold)]
    check(len(expected_docs) == len(corpus), f"{what}: golden has {len(expected_docs)} rows")
    prefix = os.path.join(work, type_ + "_" + model.replace("/", "_"))
    r = subprocess.run([mtc_data, "--format", "jsonl", "--input", jsonl, "--output-prefix", prefix,
                        "--tokenizer-type", type_, "--tokenizer-model", os.path.join(tok, model),
                        "--append-eod", "--workers", "2"], capture_output=True, text=True)
    check(r.returncode == 0, f"{what}: exit {r.returncode}: {r.stderr}")
    if r.returncode != 0:
        continue
    dtype, sizes, doc_index, ids = read_dataset(prefix)
    check(dtype == dtype_code, f"{what}: dtype code {dtype}, expected {dtype_code}")
    # Rebuild the documents: a document without tokens has no sequence.
    docs, at, seq = [], 0, 0
    for d in range(len(doc_index) - 1):
        doc = []
        for s in range(doc_index[d], doc_index[d + 1]):
            doc += ids[at:at + sizes[s]]
            at += sizes[s]
        docs.append(doc)
    want = [e + [eod] if e else [] for e in expected_docs]
    mismatches = [i for i in range(min(len(docs), len(want))) if docs[i] != want[i]]
    check(len(docs) == len(want), f"{what}: {len(docs)} documents, expected {len(want)}")
    check(not mismatches, f"{what}: {len(mismatches)} of {len(want)} documents differ "
          f"(first: corpus[{mismatches[0] if mismatches else -1}])")
    print(f"{what}: {len(docs)} documents, {len(ids)} tokens, {len(mismatches)} mismatches")


def refused(args, code, *words):
    r = subprocess.run([mtc_data, "--input", jsonl, "--format", "jsonl",
                        "--output-prefix", os.path.join(work, "refused")] + args,
                       capture_output=True, text=True)
    ok = r.returncode == code and all(w in r.stderr for w in words)
    check(ok, f"{args}: exit {r.returncode} (want {code}), stderr {r.stderr!r} should name {words}")


sp = os.path.join(tok, "llama2", "tokenizer.model")
refused(["--tokenizer-type", "SentencePieceTokenizer", "--tokenizer-model", sp], 2,
        "SentencePieceTokenizer", "Llama2Tokenizer")
refused(["--tokenizer-type", "Llama2Tokenizer"], 2, "--tokenizer-model")
refused(["--tokenizer-model", sp], 2, "--tokenizer-model")
refused(["--tokenizer-type", "Llama2Tokenizer", "--tokenizer-model", sp, "--vocab-file", sp], 2,
        "--vocab-file")
refused(["--tokenizer-type", "Llama2Tokenizer", "--tokenizer-model",
         os.path.join(work, "absent.model")], 1, "absent.model")
corrupt = os.path.join(work, "corrupt.model")
with open(sp, "rb") as f:
    head = f.read(1000)
with open(corrupt, "wb") as f:
    f.write(head)
refused(["--tokenizer-type", "Llama2Tokenizer", "--tokenizer-model", corrupt], 1, "corrupt.model")
refused(["--tokenizer-type", "TikTokenizer", "--tokenizer-model", corrupt], 1, "corrupt.model")
refused(["--tokenizer-type", "HuggingFaceTokenizer", "--tokenizer-model", corrupt], 1,
        "corrupt.model")
megatron_json = os.path.join(work, "megatron_tiktoken.json")
with open(megatron_json, "w") as f:
    f.write('[{"rank": 0, "token_bytes": "IQ==", "token_str": "!"}]')
refused(["--tokenizer-type", "TikTokenizer", "--tokenizer-model", megatron_json], 1,
        "megatron_tiktoken.json", "JSON")


# mtc-import: the tokenizer's vocabulary against vocab_size.
def import_(folder, tokenizer_file, *flags):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "config.json"), "w") as f:
        json.dump({"model_type": "llama", "num_hidden_layers": 1, "hidden_size": 64,
                   "num_attention_heads": 4, "intermediate_size": 176, "vocab_size": 32000,
                   "max_position_embeddings": 64}, f)
    if tokenizer_file:
        with open(os.path.join(tok, tokenizer_file), "rb") as f, \
                open(os.path.join(folder, os.path.basename(tokenizer_file)), "wb") as g:
            g.write(f.read())
    return subprocess.run([mtc_import, os.path.join(folder, "config.json"), "-o", os.devnull,
                           *flags], capture_output=True, text=True)


r = import_(os.path.join(work, "imp_l2"), "llama2/tokenizer.model")
check(r.returncode == 0 and not r.stderr, f"mtc-import with Llama 2's tokenizer.model: {r.stderr}")
r = import_(os.path.join(work, "imp_l3"), "llama3/tokenizer.model")
check(r.returncode == 1 and "128256 tokens, more than vocab_size 32000" in r.stderr,
      f"mtc-import with Llama 3's ranks next to a 32000 config: {r.returncode} {r.stderr}")
r = import_(os.path.join(work, "imp_json"), "llama3/tokenizer.json")
check(r.returncode == 1 and "tokenizer.json' has 128256 tokens" in r.stderr,
      f"mtc-import with Llama 3's tokenizer.json: {r.returncode} {r.stderr}")
r = import_(os.path.join(work, "imp_none"), None, "--vocab-size", "40000", "--tokenizer-type",
            "GPTSentencePieceTokenizer", "--tokenizer-model", sp)
check(r.returncode == 0 and "leaves 8000 rows no token uses" in r.stderr,
      f"mtc-import with a larger vocab_size: {r.returncode} {r.stderr}")
r = import_(os.path.join(work, "imp_none"), None, "--tokenizer-type", "TikTokenizer")
check(r.returncode == 2, f"mtc-import --tokenizer-type alone: {r.returncode} {r.stderr}")
r = import_(os.path.join(work, "imp_corrupt"), None, "--tokenizer-type", "Llama2Tokenizer",
            "--tokenizer-model", corrupt)
check(r.returncode == 1 and "corrupt.model" in r.stderr,
      f"mtc-import with a corrupt tokenizer.model: {r.returncode} {r.stderr}")

print("FAILED" if failures else "PASSED", f"({len(failures)} failures)")
sys.exit(1 if failures else 0)
