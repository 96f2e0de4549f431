#!/usr/bin/env python3
"""End-to-end check of mtc-data: a generated fortune file -> .bin/.idx, with
GPT-2's BPE and with BERT's WordPiece (and --split-sentences).

usage: mtc_data_tool_test.py MTC_DATA_BINARY BPE_DIR WORK_DIR

GPT-2 token counts below come from GPT-2's reference encoder (npm gpt-3-encoder);
BERT ids of Debian's fortunes from wordpiece_golden.json (npm
@huggingface/tokenizers, see make_wordpiece_golden.js). BERT runs use mtc-data's
default vocabulary, bert-base-uncased/vocab.txt next to BPE_DIR (scripts/setup.sh).
"""
import json
import os
import shutil
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tool_checks import ToolChecks, read_dataset  # noqa: E402

mtc_data, bpe_dir, work = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(work, exist_ok=True)

# (fortune text, its reference token count without <|endoftext|>)
FORTUNES = [
    ("Hello world\n", 3),
    ("A fortune a day\nkeeps the doctor away.\n", 12),
    ("It's 42!\n", 5),
    ("  indented\n\ttabbed\n", 8),
    ("Ünïcödé — 日本\n", 15),
]
checks = ToolChecks(mtc_data, bpe_dir)
check, run = checks.check, checks.run


def summary(stdout):
    values = {}
    for line in stdout.splitlines():
        key, sep, value = line.partition(": ")
        if sep:
            values[key] = value
    return values


# A fortune file: documents between lines that are exactly "%", with an empty
# document (two separators in a row) and a line "%%" that is text, not a separator.
fortune_path = os.path.join(work, "sample-fortunes")
with open(fortune_path, "w", encoding="utf-8") as f:
    f.write("%\n".join(text for text, _ in FORTUNES[:2]))
    f.write("%\n%\n")
    f.write("%\n".join(text for text, _ in FORTUNES[2:]))
    f.write("%\n")
docs = len(FORTUNES)
tokens = sum(n for _, n in FORTUNES) + docs  # + one <|endoftext|> per document

prefix = os.path.join(work, "out")
result = run(["--input", fortune_path, "--format", "fortune", "--append-eod",
              "--output-prefix", prefix])
check(result.returncode == 0, f"mtc-data exit {result.returncode}: {result.stderr}")
values = summary(result.stdout)
print(result.stdout)
check(values.get("documents") == str(docs), f"documents {values.get('documents')} != {docs}")
check(values.get("tokens") == str(tokens), f"tokens {values.get('tokens')} != {tokens}")
check(float(values.get("tokens/s", "0")) > 0, "tokens/s missing")

# The files agree with the summary: uint16 tokens, Megatron index header.
bin_bytes = os.path.getsize(prefix + ".bin")
check(bin_bytes == 2 * tokens, f".bin has {bin_bytes} bytes, expected {2 * tokens}")
with open(prefix + ".idx", "rb") as f:
    idx = f.read()
magic, version, dtype, sequences, doc_index = struct.unpack("<9sQBQQ", idx[:34])
check(magic == b"MMIDIDX\x00\x00" and version == 1 and dtype == 8, "idx header")
check(sequences == docs and doc_index == docs + 1, f"idx counts {sequences}, {doc_index}")
sizes = struct.unpack(f"<{docs}i", idx[34:34 + 4 * docs])
check(list(sizes) == [n + 1 for _, n in FORTUNES], f"idx sizes {sizes}")
with open(prefix + ".bin", "rb") as f:
    stream = struct.unpack(f"<{tokens}H", f.read())
ends = [i for i, t in enumerate(stream) if t == 50256]
check(len(ends) == docs and ends[-1] == tokens - 1, f"<|endoftext|> positions {ends}")

# As Megatron's preprocess_data.py, no <|endoftext|> without --append-eod (a
# note says so); --no-append-eod says the same.
for flags in ([], ["--no-append-eod"]):
    result = run(["--input", fortune_path, "--format", "fortune", *flags,
                  "--output-prefix", prefix + "-noeod"])
    check(summary(result.stdout).get("tokens") == str(tokens - docs), f"{flags} count")
    check("no <|endoftext|> between documents" in result.stderr, f"{flags}: the note")

# --shuffle-documents: the same documents in a seeded order, the same for the
# same seed, different from the input order.
def documents(path_prefix):
    with open(path_prefix + ".bin", "rb") as f:
        data = f.read()
    ids = struct.unpack(f"<{len(data) // 2}H", data)
    docs_out, current = [], []
    for t in ids:
        current.append(t)
        if t == 50256:
            docs_out.append(tuple(current))
            current = []
    return docs_out

for name in ("shuffled-a", "shuffled-b"):
    result = run(["--input", fortune_path, "--format", "fortune", "--shuffle-documents", "5",
                  "--append-eod", "--output-prefix", os.path.join(work, name)])
    check(result.returncode == 0, f"--shuffle-documents exit {result.returncode}: {result.stderr}")
    check(summary(result.stdout).get("tokens") == str(tokens), "--shuffle-documents token count")
original = documents(prefix)
shuffled = documents(os.path.join(work, "shuffled-a"))
check(sorted(shuffled) == sorted(original), "--shuffle-documents keeps every document")
check(shuffled != original, "--shuffle-documents changes the order")
check(shuffled == documents(os.path.join(work, "shuffled-b")), "--shuffle-documents is seeded")
result = run(["--input", fortune_path, "--shuffle-documents", "x", "--output-prefix", prefix])
check(result.returncode == 2 and "--shuffle-documents" in result.stderr, "bad seed rejected")

# Errors: exit 1 with a message naming the problem.
result = run(["--input", os.path.join(work, "missing.txt"), "--output-prefix", prefix])
check(result.returncode == 1 and "missing.txt" in result.stderr, f"missing input: {result.stderr}")

jsonl_path = os.path.join(work, "bad.jsonl")
with open(jsonl_path, "w") as f:
    f.write('{"text": "fine"}\n{"text": broken\n')
result = run(["--input", jsonl_path, "--format", "jsonl", "--output-prefix", prefix + "-j"])
check(result.returncode == 1 and f"{jsonl_path}:2:" in result.stderr, f"bad json: {result.stderr}")

# A prefix below a file: the message names the output and the non-folder.
result = run(["--input", fortune_path, "--output-prefix", os.path.join(fortune_path, "out")])
check(result.returncode == 1 and os.path.join(fortune_path, "out.bin") in result.stderr and
      f"'{fortune_path}' is not a folder" in result.stderr, f"unwritable output: {result.stderr}")

# A missing output folder is made (README's `--output-prefix data/art` on a new machine).
made = os.path.join(work, "no-dir", "sub")
shutil.rmtree(os.path.join(work, "no-dir"), ignore_errors=True)
result = run(["--input", fortune_path, "--output-prefix", os.path.join(made, "out")])
check(result.returncode == 0 and os.path.getsize(os.path.join(made, "out.bin")) > 0 and
      os.path.exists(os.path.join(made, "out.idx")), f"missing output folder: {result.stderr}")
result = run(["--input", work, "--output-prefix", prefix + "-dir"])
check(result.returncode == 1 and f"cannot read input '{work}': it is a folder" in result.stderr,
      f"folder as input: {result.stderr}")
for seed in ["-5", " 5", "18446744073709551616"]:
    result = run(["--input", fortune_path, "--shuffle-documents", seed, "--output-prefix", prefix])
    check(result.returncode == 2 and "--shuffle-documents needs an integer seed" in result.stderr,
          f"seed {seed!r}: exit {result.returncode}, {result.stderr}")


# An output that is an input is refused (exit 2) and the input left as it was,
# however the paths are spelled: by name, through "..", through a hard link.
def read_bytes(path):
    with open(path, "rb") as f:
        return f.read()


reuse = os.path.join(work, "reuse")
for path in (reuse + ".bin", reuse + ".idx", os.path.join(work, "reuse-link.txt")):
    if os.path.exists(path):
        os.remove(path)
with open(reuse + ".bin", "w") as f:
    f.write("text that only looks like a dataset\n")
os.link(reuse + ".bin", os.path.join(work, "reuse-link.txt"))
original_input = read_bytes(reuse + ".bin")
os.makedirs(os.path.join(work, "sub"), exist_ok=True)
for inp, out in [(reuse + ".bin", reuse),
                 (reuse + ".bin", os.path.join(work, "sub", "..", "reuse")),
                 (os.path.join(work, "reuse-link.txt"), reuse)]:
    result = run(["--input", fortune_path, "--input", inp, "--output-prefix", out])
    check(result.returncode == 2 and "would overwrite the input '" + inp + "'" in result.stderr,
          f"output {out} over input {inp}: exit {result.returncode}, {result.stderr}")
    check(read_bytes(reuse + ".bin") == original_input, f"input {inp} left unchanged")
os.rename(reuse + ".bin", reuse + ".idx")  # the index is an output too
result = run(["--input", reuse + ".idx", "--output-prefix", reuse])
check(result.returncode == 2 and "would overwrite the input" in result.stderr,
      f".idx output over input: exit {result.returncode}, {result.stderr}")
check(read_bytes(reuse + ".idx") == original_input, ".idx input left unchanged")

# A run that fails part-way (bad JSON in the second input) leaves the dataset
# already at PREFIX as it was, and no temporary files.
before = (read_bytes(prefix + ".bin"), read_bytes(prefix + ".idx"))
result = run(["--input", fortune_path, "--input", jsonl_path, "--format", "jsonl",
              "--output-prefix", prefix])
check(result.returncode == 1, f"failing run exit {result.returncode}")
check((read_bytes(prefix + ".bin"), read_bytes(prefix + ".idx")) == before,
      "a failed run left the earlier dataset intact")
leftovers = [n for n in os.listdir(work) if ".tmp." in n]
check(not leftovers, f"temporary files left behind: {leftovers}")

result = run(["--input", fortune_path, "--output-prefix", prefix, "--format", "xml"])
check(result.returncode == 2 and "xml" in result.stderr, f"bad format: {result.stderr}")

result = run(["--help"])
for option in ["--input", "--output-prefix", "--format", "jsonl", "fortune",
               "--split-paragraphs", "--vocab-dir", "--append-eod"]:
    check(option in result.stdout, f"--help mentions {option}")

# Text format: whole file vs. paragraphs.
text_path = os.path.join(work, "paragraphs.txt")
with open(text_path, "w") as f:
    f.write("First paragraph.\n\nSecond one,\ntwo lines.\n\n\n  \nThird.\n")
result = run(["--input", text_path, "--output-prefix", prefix + "-t"])
check(summary(result.stdout).get("documents") == "1", "text: one document")
result = run(["--input", text_path, "--split-paragraphs", "--output-prefix", prefix + "-p"])
check(summary(result.stdout).get("documents") == "3", "text: three paragraphs")

# ---- BERT WordPiece (--tokenizer-type Bert*) ----
def run_default_vocab(args):
    """mtc-data without --vocab-dir: BERT types refuse it and read their default."""
    return subprocess.run([mtc_data] + args, capture_output=True, text=True)


def sequences_of(dataset):
    _, sizes, doc_index, ids = dataset
    starts = [0]
    for size in sizes:
        starts.append(starts[-1] + size)
    return [[ids[starts[s]:starts[s + 1]] for s in range(doc_index[d], doc_index[d + 1])]
            for d in range(len(doc_index) - 1)]


vocab_path = os.path.join(os.path.dirname(os.path.abspath(bpe_dir)), "bert-base-uncased",
                          "vocab.txt")
with open(vocab_path, encoding="utf-8") as f:
    bert_vocab = {token: i for i, token in enumerate(f.read().split("\n")[:-1])}


def simple_bert_ids(sentence):
    """Ids of a sentence of whole vocabulary words and ASCII punctuation (lower-cased,
    punctuation split off): enough for the hand-made input below."""
    words = "".join(f" {c} " if not c.isalnum() else c for c in sentence.lower()).split()
    for word in words:
        check(word in bert_vocab, f"test input word {word!r} is not in the vocabulary")
    return [bert_vocab.get(word, -1) for word in words]


# A known input: (fortune, its sentences as --split-sentences must find them).
SENTENCE_CASES = [
    ("Mr. Smith went to Washington. He met J. R. Smith in the U.S. Army.\n"
     "Did he like it? Yes.\n",
     ["Mr. Smith went to Washington.", "He met J. R. Smith in the U.S. Army.",
      "Did he like it?", "Yes."]),
    ('She said "Stop." Then she left... Why?\nBecause e.g. Dr. Who said so, etc. The end\n',
     ['She said "Stop."', "Then she left...", "Why?",
      "Because e.g. Dr. Who said so, etc. The end"]),
    ("no end here\nand a new line\n", ["no end here\nand a new line"]),
    ("3.14 is pi. 42 is the answer.\n", ["3.14 is pi.", "42 is the answer."]),
]
sentences_path = os.path.join(work, "sentences-fortunes")
with open(sentences_path, "w", encoding="utf-8") as f:
    # The "\x07" fortune has no BERT tokens (a control character): as in Megatron's
    # preprocess_data.py it stays a document, of no sequences.
    f.write("%\n".join([text for text, _ in SENTENCE_CASES[:2]] + ["\x07\n"] +
                       [text for text, _ in SENTENCE_CASES[2:]]))

result = run_default_vocab(["--tokenizer-type", "BertWordPieceLowerCase", "--format", "fortune",
                            "--split-sentences", "--input", sentences_path,
                            "--output-prefix", prefix + "-bert-sent"])
check(result.returncode == 0, f"BERT --split-sentences exit {result.returncode}: {result.stderr}")
values = summary(result.stdout)
expected_sentences = [sentences for _, sentences in SENTENCE_CASES]
expected_sentences.insert(2, [])
check(values.get("documents") == str(len(SENTENCE_CASES) + 1),
      f"BERT sentences: documents {values.get('documents')}")
check(values.get("sequences") == str(sum(len(s) for s in expected_sentences)),
      f"BERT sentences: sequences {values.get('sequences')}")
dataset = read_dataset(prefix + "-bert-sent")
check(dataset[0] == 8, f"BERT dataset dtype {dataset[0]} (uint16 expected)")
got = sequences_of(dataset)
check([len(d) for d in got] == [len(s) for s in expected_sentences],
      f"sentences per document {[len(d) for d in got]}, "
      f"expected {[len(s) for s in expected_sentences]}")
check(got == [[simple_bert_ids(s) for s in sentences] for sentences in expected_sentences],
      "BERT sentence token ids")
check(bert_vocab["[SEP]"] not in dataset[3], "no end-of-document token in BERT data")

# Debian's fortunes file against the reference's ids (digest in the golden file),
# whole fortunes; then split into sentences, which only adds sequence boundaries.
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "wordpiece_golden.json"),
          encoding="utf-8") as f:
    golden_fortunes = json.load(f)["fortunes"]


def fnv1a64(data, value=0xcbf29ce484222325):
    for byte in data:
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return value


fortunes_file = golden_fortunes["file"]
with open(fortunes_file, "rb") as f:
    check(f"{fnv1a64(f.read()):016x}" == golden_fortunes["fnv1a64"],
          f"{fortunes_file} is not the file wordpiece_golden.json was made from")
for name, extra in (("bert-fortunes", []), ("bert-fortunes-sent", ["--split-sentences"])):
    result = run_default_vocab(["--tokenizer-type", "BertWordPieceLowerCase", "--format",
                                "fortune", "--input", fortunes_file,
                                "--output-prefix", os.path.join(work, name)] + extra)
    check(result.returncode == 0, f"BERT fortunes {extra} exit {result.returncode}: {result.stderr}")
    values = summary(result.stdout)
    check(values.get("documents") == str(golden_fortunes["documents"]) and
          values.get("tokens") == str(golden_fortunes["tokens"]),
          f"BERT fortunes {extra}: {values.get('documents')} documents, "
          f"{values.get('tokens')} tokens, expected {golden_fortunes['documents']}, "
          f"{golden_fortunes['tokens']}")
whole = read_dataset(os.path.join(work, "bert-fortunes"))
split = read_dataset(os.path.join(work, "bert-fortunes-sent"))
stream = b"".join(struct.pack("<i", t) for t in whole[3])
check(f"{fnv1a64(stream):016x}" == golden_fortunes["ids_fnv1a64"],
      "BERT fortunes ids differ from the reference's")
check(split[3] == whole[3], "--split-sentences keeps the token stream")
check(len(split[1]) > len(whole[1]) == golden_fortunes["documents"],
      f"fortunes: {len(split[1])} sentences, {len(whole[1])} documents")
check([sum(map(len, d)) for d in sequences_of(split)] == whole[1],
      "each fortune's sentences add up to the fortune")

# BertWordPieceCase keeps case: with the uncased vocabulary, "Hello" is unknown.
hello_path = os.path.join(work, "hello.txt")
with open(hello_path, "w") as f:
    f.write("Hello world")
result = run_default_vocab(["--tokenizer-type", "BertWordPieceCase", "--vocab-file", vocab_path,
                            "--input", hello_path, "--output-prefix", prefix + "-cased"])
check(result.returncode == 0, f"BertWordPieceCase exit {result.returncode}: {result.stderr}")
check(read_dataset(prefix + "-cased")[3] == [bert_vocab["[UNK]"], bert_vocab["world"]],
      "BertWordPieceCase ids")

# GPT-2 with --split-sentences: <|endoftext|> ends each document's last sentence only.
result = run(["--input", sentences_path, "--format", "fortune", "--split-sentences",
              "--append-eod", "--output-prefix", prefix + "-gpt-sent"])
check(result.returncode == 0, f"GPT-2 --split-sentences exit {result.returncode}: {result.stderr}")
docs = sequences_of(read_dataset(prefix + "-gpt-sent"))
expected_counts = [len(s) for s in expected_sentences]
expected_counts[2] = 1  # GPT-2 encodes every byte: "\x07" is a token
check([len(d) for d in docs] == expected_counts,
      f"GPT-2 sentences per document {[len(d) for d in docs]}, expected {expected_counts}")
check(all(seq.count(50256) == (1 if i == len(d) - 1 else 0) and
          (i < len(d) - 1 or seq[-1] == 50256) for d in docs for i, seq in enumerate(d)),
      "GPT-2 <|endoftext|> placement with --split-sentences")

# Usage and vocabulary errors.
for args, needle in [
        (["--tokenizer-type", "Bert"], "--tokenizer-type must be one of GPT2BPETokenizer, "
         "BertWordPieceLowerCase, BertWordPieceCase, GPTSentencePieceTokenizer, Llama2Tokenizer, "
         "TikTokenizer, HuggingFaceTokenizer, got 'Bert'"),
        (["--vocab-file", vocab_path], "give --vocab-file encoder.json with --merge-file"),
        (["--json-keys", "text"], "--json-keys applies to --format jsonl only"),
        (["--format", "jsonl", "--json-keys", "a", "a"], "--json-keys names 'a' twice"),
        (["--workers", "0"], "--workers must be in [1, 1024], got 0"),
        (["--append-eod", "--no-append-eod"], "--append-eod and --no-append-eod contradict"),
        (["--frobnicate"], "unknown flag --frobnicate"),
        (["--tokenizer-type", "BertWordPieceLowerCase", "--vocab-dir", bpe_dir],
         "--vocab-dir is for GPT2BPETokenizer"),
        (["--tokenizer-type", "BertWordPieceLowerCase", "--append-eod"],
         "--append-eod is for GPT2BPETokenizer"),
        (["--tokenizer-type", "BertWordPieceCase"], "BertWordPieceCase needs --vocab-file")]:
    result = run_default_vocab(["--input", hello_path, "--output-prefix", prefix + "-bad"] + args)
    check(result.returncode == 2 and needle in result.stderr,
          f"{args}: exit {result.returncode}, {result.stderr}")
no_specials = os.path.join(work, "no-specials-vocab.txt")
with open(no_specials, "w") as f:
    f.write("[PAD]\n[UNK]\nhello\n")
for vocab_file, needle in [(os.path.join(work, "missing-vocab.txt"), "missing-vocab.txt"),
                           (no_specials, "lacks the special token(s) [CLS] [SEP] [MASK]")]:
    result = run_default_vocab(["--tokenizer-type", "BertWordPieceLowerCase", "--vocab-file",
                                vocab_file, "--input", hello_path, "--output-prefix",
                                prefix + "-bad"])
    check(result.returncode == 1 and needle in result.stderr,
          f"vocabulary {vocab_file}: exit {result.returncode}, {result.stderr}")
result = run(["--help"])
for option in ["--tokenizer-type", "BertWordPieceLowerCase", "BertWordPieceCase", "--vocab-file",
               "--split-sentences", "sequences"]:
    check(option in result.stdout, f"--help mentions {option}")

checks.finish()
