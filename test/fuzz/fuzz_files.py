#!/usr/bin/env python3
"""File fuzzing: every kind of file a user hands the runtime and the tools,
mutated, read by the real readers (docs/robustness.md, "File fuzzing").

Kinds and what reads them:

  safetensors    SafetensorsFile + every tensor (checkpoint shards, HF exports)
  weights        importSafetensors into a tiny GPT-2 (train/generate --init-from)
  checkpoint     loadCheckpoint of a folder (train/generate --load): one of
                 checkpoint.json, the rank file or the marker mutated
  indexed        Megatron .idx/.bin (--data-path, blends): one of them mutated
  gpt2-bpe       encoder.json + vocab.bpe (mtc-data GPT2BPETokenizer)
  wordpiece      BERT vocab.txt (mtc-data BertWordPiece*)
  sentencepiece  SentencePiece tokenizer.model (Llama2Tokenizer)
  tiktoken       Llama 3 ranks file (TikTokenizer)
  hf-tokenizer   tokenizer.json (HuggingFaceTokenizer)
  hf-config      HF config.json, through mtc-import itself (one process each)

All kinds but hf-config run in mtc-file-fuzz-target (test/fuzz/FileFuzzTarget.cpp),
which calls the tools' reader entry points on many inputs per process. With
--tool-slice N, N inputs of every tokenizer kind also go through mtc-import
--tokenizer-model (the real tool: exit status, the error line).

Each input is one valid seed file with 1-3 mutations: bit flips, byte
overwrites, truncation, chunk deletion/duplication, junk appended, invalid
UTF-8, numbers replaced by 0, -1, 2^31, 2^62, 2^63-1, 2^64-1, 1e308, NaN;
format-aware ones: the safetensors header length, dtypes, shapes,
data_offsets (past the end, overlapping, reversed), duplicate names, NaN/Inf
payloads with valid checksums; the .idx counts, dtype, sizes, pointers and
document index; JSON values replaced by wrong types, huge numbers, deep nesting
(100,000 levels) and duplicate keys; vocabularies blown up to ~200,000 entries.

Outcomes per kind: accepted, refused (the reader's error naming the file),
and failures: a crash (signal, sanitizer report), a hang (over --timeout), an
oversize allocation (one allocation over 256 MiB from files of at most a few
MiB), a refusal that does not name the file, or one that is not the reader's
own error type. Failing inputs are kept in --keep with a reproduce command.

Regression inputs (test/fuzz/regressions/KIND/*) are replayed first.

    fuzz_files.py --target build/bin/mtc-file-fuzz-target-asan \\
        --mtc-import build/bin/mtc-import --models models \\
        [--bpe-dir D] [--bert-vocab F] [--tokenizers-dir D] \\
        [--count 300] [--seed 1] [--kinds k1,k2] [--keep DIR] [--tool-slice 5]
"""
import argparse
import base64
import json
import math
import os
import random
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "unit", "data"))
from tiny_bpe import bytes_to_unicode  # noqa: E402  (GPT-2's byte-to-character table)

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = ["safetensors", "weights", "checkpoint", "indexed", "gpt2-bpe", "wordpiece",
         "sentencepiece", "tiktoken", "hf-tokenizer", "hf-config"]
SPECIAL_INTS = [0, -1, 1, 2**16, 2**24, 2**30 - 1, 2**31 - 1, 2**31, 2**32, 2**62, 2**63 - 1, 2**64 - 1,
                -(2**63)]
SPECIAL_NUMBER_TEXT = ["0", "-1", "65536", "16777216", "1073741823", "2147483647", "2147483648", "4294967296", "4611686018427387904",
                       "9223372036854775807", "18446744073709551615", "-9223372036854775808",
                       "1e308", "-1e308", "NaN", "Infinity", "1.5", "99999999999999999999999"]
INVALID_UTF8 = [b"\xff", b"\xfe\xff", b"\xc0\x80", b"\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
                b"\xe2\x82", b"\x00"]

# ---------------------------------------------------------------- CRC32C ----
_CRC_TABLE = []
for _i in range(256):
    _c = _i
    for _ in range(8):
        _c = (_c >> 1) ^ 0x82F63B78 if _c & 1 else _c >> 1
    _CRC_TABLE.append(_c)


def crc32c(data, crc=0):
    crc ^= 0xFFFFFFFF
    table = _CRC_TABLE
    for b in data:
        crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


# ------------------------------------------------------------ seed files ----
def write_safetensors(path, tensors, metadata=None, crc=True):
    """tensors: [(name, dtype, shape, bytes)]."""
    header, offset, sums = {}, 0, {}
    for name, dtype, shape, data in tensors:
        header[name] = {"dtype": dtype, "shape": shape, "data_offsets": [offset, offset + len(data)]}
        sums[name] = "%08x" % crc32c(data)
        offset += len(data)
    meta = dict(metadata or {})
    if crc:
        meta["crc32c"] = json.dumps(sums)
    if meta:
        header["__metadata__"] = meta
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)) + text + b"".join(t[3] for t in tensors))


def write_indexed(prefix, docs, dtype_code=8):
    fmt = {8: "H", 4: "i", 1: "B", 5: "q"}[dtype_code]
    width = struct.calcsize(fmt)
    sizes, pointers, binary, pos = [], [], b"", 0
    for doc in docs:
        sizes.append(len(doc))
        pointers.append(pos)
        binary += struct.pack("<%d%s" % (len(doc), fmt), *doc)
        pos += len(doc) * width
    doc_idx = list(range(len(docs) + 1))
    idx = b"MMIDIDX\x00\x00" + struct.pack("<QBQQ", 1, dtype_code, len(sizes), len(doc_idx))
    idx += struct.pack("<%di" % len(sizes), *sizes)
    idx += struct.pack("<%dq" % len(pointers), *pointers)
    idx += struct.pack("<%dq" % len(doc_idx), *doc_idx)
    with open(prefix + ".idx", "wb") as f:
        f.write(idx)
    with open(prefix + ".bin", "wb") as f:
        f.write(binary)


SMALL_MERGES = ["Ġ t", "h e", "Ġt he", "i n", "e r", "a n", "o n", "Ġ a", "r e", "Ġ w", "o r",
                "Ġ b", "Ġ f", "e n", "Ġ d", "l l", "i s", "Ġ o", "Ġ h", "a t"]


def small_gpt2(dir_):
    os.makedirs(dir_, exist_ok=True)
    b2u = bytes_to_unicode()
    vocab = {b2u[b]: i for i, b in enumerate(range(256))}
    for m in SMALL_MERGES:
        vocab.setdefault(m.replace(" ", ""), len(vocab))
    vocab["<|endoftext|>"] = len(vocab)
    with open(os.path.join(dir_, "encoder.json"), "w", encoding="utf-8") as f:
        json.dump(vocab, f, ensure_ascii=False)
    with open(os.path.join(dir_, "vocab.bpe"), "w", encoding="utf-8") as f:
        f.write("#version: 0.2\n" + "\n".join(SMALL_MERGES) + "\n")


def small_tiktoken(path):
    tokens = [bytes([b]) for b in range(256)] + [b"th", b"he", b" t", b"the", b"in", b" the", b"er",
                                                  b"an", b"on", b" a", b"re", b"llo", b"Hello"]
    with open(path, "w") as f:
        for rank, t in enumerate(tokens):
            f.write(base64.b64encode(t).decode() + " " + str(rank) + "\n")


def pb_varint(n):
    n &= (1 << 64) - 1
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def pb_field(number, wire, payload):
    key = pb_varint(number << 3 | wire)
    if wire == 2:
        return key + pb_varint(len(payload)) + payload
    return key + payload


def pb_fields(data):
    """The top-level fields of a protobuf message: [(number, wire, raw bytes)]."""
    out, i = [], 0
    while i < len(data):
        start = i
        key, i = pb_read_varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 0:
            _, i = pb_read_varint(data, i)
        elif wire == 1:
            i += 8
        elif wire == 5:
            i += 4
        elif wire == 2:
            n, i = pb_read_varint(data, i)
            i += n
        else:
            raise ValueError("wire type %d" % wire)
        out.append((number, wire, data[start:i]))
    return out


def pb_read_varint(data, i):
    n, shift = 0, 0
    while True:
        b = data[i]
        i += 1
        n |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return n, i


def sp_piece(piece, score, type_=1):
    body = pb_field(1, 2, piece.encode()) + pb_field(2, 5, struct.pack("<f", score))
    if type_ != 1:
        body += pb_field(3, 0, pb_varint(type_))
    return pb_field(1, 2, body)


def small_sentencepiece(path):
    """A byte-fallback BPE model like LLaMA 2's, with 30 merged pieces."""
    pieces = sp_piece("<unk>", 0, 2) + sp_piece("<s>", 0, 3) + sp_piece("</s>", 0, 3)
    for b in range(256):
        pieces += sp_piece("<0x%02X>" % b, 0, 6)
    words = ["▁", "e", "t", "a", "o", "h", "l", "r", "n", "d", "▁t", "he", "▁the", "ll", "▁a",
             "in", "er", "▁w", "or", "lo", "▁H", "el", "llo", "ello", "▁Hello", "▁o", "ov",
             "▁ov", "▁over", "▁d"]
    for i, w in enumerate(words):
        pieces += sp_piece(w, -float(i))
    trainer = (pb_field(3, 0, pb_varint(2)) + pb_field(4, 0, pb_varint(259 + len(words))) +
               pb_field(35, 0, pb_varint(1)) + pb_field(40, 0, pb_varint(0)) +
               pb_field(41, 0, pb_varint(1)) + pb_field(42, 0, pb_varint(2)) +
               pb_field(43, 0, pb_varint((1 << 64) - 1)))
    normalizer = pb_field(1, 2, b"identity") + pb_field(3, 0, pb_varint(1)) + \
        pb_field(4, 0, pb_varint(0))
    with open(path, "wb") as f:
        f.write(pieces + pb_field(2, 2, trainer) + pb_field(3, 2, normalizer))


def shrink_sentencepiece(src, dst, keep=400):
    """The first `keep` pieces of a real model (its other fields as they are)."""
    data = open(src, "rb").read()
    out, kept = b"", 0
    for number, _, raw in pb_fields(data):
        if number == 1:
            kept += 1
            if kept > keep:
                continue
        out += raw
    with open(dst, "wb") as f:
        f.write(out)


def shrink_hf_tokenizer(src, dst, keep=400):
    """A real tokenizer.json with its vocabulary cut to ids < keep and the merges
    that stay inside it."""
    with open(src, encoding="utf-8") as f:
        tok = json.load(f)
    model = tok.get("model", {})
    vocab = model.get("vocab")
    if isinstance(vocab, dict):
        model["vocab"] = {k: v for k, v in vocab.items() if v < keep}
        merges = []
        for m in model.get("merges", []):
            a, b = m.split(" ", 1) if isinstance(m, str) else m
            if a in model["vocab"] and b in model["vocab"] and a + b in model["vocab"]:
                merges.append(m)
        model["merges"] = merges
    tok["added_tokens"] = [t for t in tok.get("added_tokens", []) if t.get("id", 0) < keep]
    with open(dst, "w", encoding="utf-8") as f:
        json.dump(tok, f, ensure_ascii=False)


def small_hf_tokenizer(path):
    """A LLaMA-2-style tokenizer.json (SentencePiece BPE through HF's pieces) with
    a few dozen tokens."""
    special = dict(single_word=False, lstrip=False, rstrip=False, normalized=False, special=True)
    words = ["\u2581", "e", "t", "a", "o", "h", "l", "r", "n", "d", "\u2581t", "he", "\u2581the", "ll",
             "\u2581a", "in", "er", "lo", "el", "llo", "ello", "\u2581H", "H", "\u2581Hello"]
    vocab = {"<unk>": 0, "<s>": 1, "</s>": 2}
    for w in words:
        vocab.setdefault(w, len(vocab))
    merges = ["\u2581 t", "h e", "\u2581t he", "l l", "\u2581 a", "i n", "e r", "l o", "e l", "l lo",
              "e llo", "\u2581 H", "\u2581H ello"]
    merges = [m for m in merges if all(p in vocab for p in m.split(" ")) and m.replace(" ", "") in vocab]
    t = {"version": "1.0", "truncation": None, "padding": None,
         "added_tokens": [dict(id=0, content="<unk>", **special), dict(id=1, content="<s>", **special),
                          dict(id=2, content="</s>", **special)],
         "normalizer": {"type": "Sequence", "normalizers": [
             {"type": "Prepend", "prepend": "\u2581"},
             {"type": "Replace", "pattern": {"String": " "}, "content": "\u2581"}]},
         "pre_tokenizer": None,
         "post_processor": {"type": "TemplateProcessing",
                            "single": [{"SpecialToken": {"id": "<s>", "type_id": 0}},
                                       {"Sequence": {"id": "A", "type_id": 0}}],
                            "pair": [{"SpecialToken": {"id": "<s>", "type_id": 0}},
                                     {"Sequence": {"id": "A", "type_id": 0}},
                                     {"SpecialToken": {"id": "<s>", "type_id": 1}},
                                     {"Sequence": {"id": "B", "type_id": 1}}],
                            "special_tokens": {"<s>": {"id": "<s>", "ids": [1], "tokens": ["<s>"]}}},
         "decoder": {"type": "Sequence", "decoders": [
             {"type": "Replace", "pattern": {"String": "\u2581"}, "content": " "},
             {"type": "Fuse"}, {"type": "Strip", "content": " ", "start": 1, "stop": 0}]},
         "model": {"type": "BPE", "dropout": None, "unk_token": "<unk>", "continuing_subword_prefix": None,
                   "end_of_word_suffix": None, "fuse_unk": True, "byte_fallback": False,
                   "vocab": vocab, "merges": merges}}
    with open(path, "w", encoding="utf-8") as f:
        json.dump(t, f, ensure_ascii=False)


SMALL_WORDPIECE = ["[PAD]"] + ["[unused%d]" % i for i in range(5)] + ["[UNK]", "[CLS]", "[SEP]", "[MASK]"] + \
    list("!\"#$%&'()*+,-./0123456789:;<=>?@[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~") + \
    ["the", "quick", "brown", "fox", "jump", "##s", "over", "lazy", "dog", "hello", "world", "##ed",
     "##ing", "caf", "##e", "end", "日", "本"]


class Seeds:
    """Valid seed inputs per kind: small ones always, real ones when present."""

    def __init__(self, args, work):
        self.by_kind = {k: [] for k in KINDS}
        self.weights = {k: [] for k in KINDS}
        d = os.path.join(work, "seeds")
        os.makedirs(d, exist_ok=True)
        if args.target:
            r = subprocess.run([args.target, "seed", d], capture_output=True, text=True,
                               env=target_env(args))
            if r.returncode != 0:
                sys.exit("fuzz_files: writing seeds failed: " + r.stdout + r.stderr)
            ckpt = os.path.join(d, "checkpoint")
            shard = os.path.join(ckpt, "iter_0000003", "rank_00000.safetensors")
            self.add("safetensors", os.path.join(d, "weights.safetensors"), 3)
            self.add("safetensors", shard, 3)
            self.add("weights", os.path.join(d, "weights.safetensors"), 1)
            self.add("checkpoint", ckpt, 1)
        # safetensors of other writers: F16 and BF16, no checksums, metadata.
        other = os.path.join(d, "other.safetensors")
        write_safetensors(other, [("a", "F16", [2, 3], struct.pack("<6e", 1, -2, 0.5, 65504, 6e-8, 0)),
                                  ("b", "BF16", [4], b"\x80\x3f\x00\x40\x80\x7f\xc0\x7f"),
                                  ("c", "F32", [], struct.pack("<f", 3.0))],
                          {"format": "pt"}, crc=False)
        self.add("safetensors", other, 2)
        idx = os.path.join(d, "data_text_document")
        rng = random.Random(7)
        write_indexed(idx, [[rng.randrange(50257) for _ in range(rng.randrange(0, 40))] for _ in range(12)])
        self.add("indexed", idx, 3)
        idx32 = os.path.join(d, "data32_text_document")
        write_indexed(idx32, [[rng.randrange(50257) for _ in range(rng.randrange(1, 20))] for _ in range(5)], 4)
        self.add("indexed", idx32, 1)
        g = os.path.join(d, "gpt2-small")
        small_gpt2(g)
        self.add("gpt2-bpe", g, 20)
        if args.bpe_dir and os.path.exists(os.path.join(args.bpe_dir, "encoder.json")):
            self.add("gpt2-bpe", args.bpe_dir, 1)
        wp = os.path.join(d, "vocab.txt")
        with open(wp, "w", encoding="utf-8") as f:
            f.write("\n".join(SMALL_WORDPIECE) + "\n")
        self.add("wordpiece", wp, 20)
        if args.bert_vocab and os.path.exists(args.bert_vocab):
            self.add("wordpiece", args.bert_vocab, 1)
        sp = os.path.join(d, "sp-small.model")
        small_sentencepiece(sp)
        self.add("sentencepiece", sp, 10)
        hf = os.path.join(d, "hf-small.json")
        small_hf_tokenizer(hf)
        self.add("hf-tokenizer", hf, 10)
        tt = os.path.join(d, "tiktoken-small.model")
        small_tiktoken(tt)
        self.add("tiktoken", tt, 20)
        tokenizers = args.tokenizers_dir
        if tokenizers and os.path.isdir(tokenizers):
            for fam in ("llama2", "mistral"):
                model = os.path.join(tokenizers, fam, "tokenizer.model")
                if os.path.exists(model):
                    small = os.path.join(d, fam + "-400.model")
                    shrink_sentencepiece(model, small)
                    self.add("sentencepiece", small, 10)
                    if fam == "llama2":
                        self.add("sentencepiece", model, 1)
            for fam in ("llama2", "mistral", "llama3"):
                tj = os.path.join(tokenizers, fam, "tokenizer.json")
                if os.path.exists(tj):
                    small = os.path.join(d, fam + "-400.json")
                    shrink_hf_tokenizer(tj, small, 400 if fam != "llama3" else 300)
                    config = os.path.join(tokenizers, fam, "tokenizer_config.json")
                    if fam == "llama3" and os.path.exists(config):
                        # Its eos token is named in tokenizer_config.json: a folder of both.
                        folder = os.path.join(d, "llama3-300")
                        os.makedirs(folder, exist_ok=True)
                        shutil.move(small, os.path.join(folder, "tokenizer.json"))
                        with open(config, encoding="utf-8") as f:
                            cfg = json.load(f)
                        cfg.pop("added_tokens_decoder", None)
                        cfg.pop("chat_template", None)
                        with open(os.path.join(folder, "tokenizer_config.json"), "w") as f:
                            json.dump(cfg, f)
                        small = folder
                    self.add("hf-tokenizer", small, 10)
                    if fam == "llama2":
                        self.add("hf-tokenizer", tj, 1)
            l3 = os.path.join(tokenizers, "llama3", "tokenizer.model")
            if os.path.exists(l3):
                self.add("tiktoken", l3, 1)
        for name in ("gpt2-tiny.json", "bert-tiny.json", "llama-tiny.json", "mistral-7b.json"):
            p = os.path.join(args.models, name) if args.models else ""
            if p and os.path.exists(p):
                self.add("hf-config", p, 1)

    def add(self, kind, path, weight):
        self.by_kind[kind].append(path)
        self.weights[kind].append(weight)

    def pick(self, rng, kind):
        return rng.choices(self.by_kind[kind], self.weights[kind])[0]


# ------------------------------------------------------------- mutations ----
def flip_bits(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        if data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return bytes(data)


def set_bytes(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        if data:
            data[rng.randrange(len(data))] = rng.choice([0, 0xFF, 0x7F, 0x80, rng.randrange(256)])
    return bytes(data)


def truncate(rng, data):
    return data[:rng.randrange(len(data) + 1)] if rng.random() < 0.5 else data[:rng.randrange(min(64, len(data) + 1))]


def delete_chunk(rng, data):
    if len(data) < 2:
        return data
    a = rng.randrange(len(data))
    b = min(len(data), a + rng.choice([1, 2, 4, 8, 64, 1024]))
    return data[:a] + data[b:]


def duplicate_chunk(rng, data):
    if not data:
        return data
    a = rng.randrange(len(data))
    b = min(len(data), a + rng.choice([1, 8, 64, 1024]))
    at = rng.randrange(len(data) + 1)
    return data[:at] + data[a:b] + data[at:]


def append_junk(rng, data):
    return data + bytes(rng.randrange(256) for _ in range(rng.choice([1, 7, 100, 4096])))


def invalid_utf8(rng, data):
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.choice(INVALID_UTF8) + data[at:]


def replace_number(rng, data):
    """A decimal number in the text replaced by a special value."""
    spans, i = [], 0
    while i < len(data) and len(spans) < 5000:
        if 48 <= data[i] <= 57:
            j = i
            while j < len(data) and 48 <= data[j] <= 57:
                j += 1
            spans.append((i, j))
            i = j
        else:
            i += 1
    if not spans:
        return flip_bits(rng, data)
    a, b = rng.choice(spans)
    return data[:a] + rng.choice(SPECIAL_NUMBER_TEXT).encode() + data[b:]


def blow_up_lines(rng, data):
    """A vocabulary of ~200,000 entries: lines repeated (or made up) up to ~4 MiB."""
    lines = data.split(b"\n")
    if rng.random() < 0.5:
        extra = [b"tok%d" % i for i in range(200000)]
        if lines and b" " in lines[0]:  # ranks-like: "BASE64 RANK"
            extra = [base64.b64encode(b"tok%d" % i) + b" %d" % (len(lines) + i) for i in range(200000)]
        return b"\n".join(lines + extra)
    return b"\n".join(lines * max(1, 200000 // max(1, len(lines))))[:4 << 20]


GENERIC = [flip_bits, set_bytes, truncate, delete_chunk, duplicate_chunk, append_junk,
           invalid_utf8, replace_number]


def deep_nesting(rng):
    n = rng.choice([1000, 100000])
    if rng.random() < 0.5:
        return "[" * n + "]" * n
    return '{"a":' * n + "1" + "}" * n


def json_value(rng):
    return rng.choice([None, True, "", "x" * rng.choice([1, 1000]), "\udcff", -1, 0, 2**24, 2**30 - 1,
                       2**31 - 1, 2**31, 2**62,
                       2**63 - 1, 2**64 - 1, -(2**63), 1e308, 1.5, -0.0, [],
                       {}, [1, 2], [0, 2**63 - 1], [-1], {"dtype": "F32"}, list(range(100))])


def json_paths(node, path=(), out=None, limit=20000):
    out = [] if out is None else out
    if len(out) >= limit:
        return out
    out.append(path)
    if isinstance(node, dict):
        for k, v in list(node.items())[:200]:
            json_paths(v, path + (k,), out, limit)
    elif isinstance(node, list):
        for i, v in enumerate(node[:50]):
            json_paths(v, path + (i,), out, limit)
    return out


def json_set(node, path, value):
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value


def json_get(node, path):
    for p in path:
        node = node[p]
    return node


def mutate_json_text(rng, text):
    """A JSON document's value replaced, removed, deeply nested, or a member
    duplicated; None when the text is not JSON."""
    try:
        doc = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    paths = json_paths(doc)
    choice = rng.random()
    path = rng.choice(paths)
    if not path:
        if choice < 0.5:
            return deep_nesting(rng).encode()
        return json.dumps(json_value(rng)).encode()
    parent = json_get(doc, path[:-1])
    marker = "\x00MTCFUZZ\x00"
    if choice < 0.55:
        json_set(doc, path, json_value(rng))
    elif choice < 0.65:
        json_set(doc, path, marker)
        return json.dumps(doc, ensure_ascii=False).replace(json.dumps(marker), deep_nesting(rng)).encode(
            "utf-8", "surrogatepass")
    elif choice < 0.8:
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            del parent[path[-1]]
    elif choice < 0.9 and isinstance(parent, dict):
        # A duplicate key: the member written twice, the second with another value.
        key = path[-1]
        json_set(doc, path, marker)
        dup = json.dumps(key) + ": " + json.dumps(json_value(rng))
        original = json.dumps(json_get(json.loads(text), path))
        return json.dumps(doc, ensure_ascii=False).replace(
            json.dumps(marker), original + ", " + dup, 1).encode("utf-8", "surrogatepass")
    else:
        value = json_get(doc, path)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            json_set(doc, path, rng.choice([0, -1, 2**31, 2**62, 2**63 - 1, -value, value + 1]))
        elif isinstance(value, list) and value:
            value.append(rng.choice(value))
        elif isinstance(value, str):
            json_set(doc, path, value + rng.choice(["\udcff", "x", ""]) if value else "\udcff")
        else:
            json_set(doc, path, json_value(rng))
    return json.dumps(doc, ensure_ascii=False).encode("utf-8", "surrogatepass")


def safetensors_parts(data):
    if len(data) < 8:
        return None
    n = struct.unpack("<Q", data[:8])[0]
    if n > len(data) - 8:
        return None
    try:
        header = json.loads(data[8:8 + n])
    except (ValueError, RecursionError):
        return None
    return header, data[8 + n:]


def pack_safetensors(header, body, pad=True):
    text = json.dumps(header, ensure_ascii=False).encode("utf-8", "surrogatepass")
    if pad:
        text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + body


def mutate_safetensors(rng, data):
    parts = safetensors_parts(data)
    if parts is None:
        return rng.choice(GENERIC)(rng, data)
    header, body = parts
    names = [k for k in header if k != "__metadata__"]
    choice = rng.randrange(12)
    if choice == 0:  # the header length field
        value = rng.choice(SPECIAL_INTS + [len(data), len(data) - 7, len(data) - 8 + 1])
        return struct.pack("<Q", value & (2**64 - 1)) + data[8:]
    if not names:
        return mutate_json_text(rng, data[8:]) or data
    name = rng.choice(names)
    entry = header[name]
    if not isinstance(entry, dict):
        return flip_bits(rng, data)
    if choice == 1:  # offsets past the end / reversed / huge
        end = len(body)
        entry["data_offsets"] = rng.choice([[0, end + 4], [end, end + 4], [8, 4], [0, 2**63 - 1],
                                            [2**64 - 4, 2**64 - 1 if rng.random() < 0.5 else 4],
                                            [-4, 0], [0], [0, 4, 8], "0", [0.5, 4]])
    elif choice == 2 and len(names) > 1:  # overlapping tensors
        other = header[rng.choice([n for n in names if n != name])]
        if isinstance(other, dict):
            entry["data_offsets"] = other.get("data_offsets")
            entry["shape"] = other.get("shape")
            entry["dtype"] = other.get("dtype")
    elif choice == 3:  # wrong dtype
        entry["dtype"] = rng.choice(["F16", "BF16", "F64", "I64", "I32", "U8", "BOOL", "F8_E4M3",
                                     "", "f32", 4, None])
    elif choice == 4:  # wrong shape
        entry["shape"] = rng.choice([[], [0], [-1], [2**31, 2**31], [2**62, 4], [2**63 - 1],
                                     [3, 2**61], [1] * 1000, "4", [1.5], [None]])
    elif choice == 5:  # duplicate names: the entry written twice (JSON keys repeat)
        marker = "\x00DUP\x00"
        header[name] = marker
        original = json.dumps(entry)
        second = dict(entry)
        second["data_offsets"] = [0, entry.get("data_offsets", [0, 4])[1] - entry.get("data_offsets", [0, 0])[0]] \
            if isinstance(entry.get("data_offsets"), list) and len(entry["data_offsets"]) == 2 else [0, 4]
        text = json.dumps(header).replace(json.dumps(marker), original + ", " + json.dumps(name) +
                                          ": " + json.dumps(second), 1).encode()
        text += b" " * (-len(text) % 8)
        return struct.pack("<Q", len(text)) + text + body
    elif choice == 6:  # NaN/Inf payloads, checksums kept valid
        offs = entry.get("data_offsets")
        if isinstance(offs, list) and len(offs) == 2 and all(type(o) is int for o in offs) \
                and entry.get("dtype") == "F32":
            body = bytearray(body)
            for i in range(max(0, offs[0]), min(offs[1], len(body)) - 3, 4):  # earlier mutations may
                # have set the offsets anywhere
                if rng.random() < 0.3:
                    body[i:i + 4] = struct.pack("<f", rng.choice([math.nan, math.inf, -math.inf, 3e38]))
            body = bytes(body)
            meta = header.get("__metadata__", {})
            if isinstance(meta, dict) and "crc32c" in meta:
                sums = json.loads(meta["crc32c"])
                sums[name] = "%08x" % crc32c(body[offs[0]:offs[1]])
                meta["crc32c"] = json.dumps(sums)
    elif choice == 7:  # the metadata's checksums
        meta = header.setdefault("__metadata__", {})
        if isinstance(meta, dict):
            meta["crc32c"] = rng.choice(["", "{", "[]", json.dumps({name: "zz"}),
                                         json.dumps({name: "1234567"}), json.dumps({name: 5}),
                                         json.dumps({"other": "00000000"}), deep_nesting(rng)])
    elif choice == 8:  # no padding / unpadded header
        return pack_safetensors(header, body, pad=False)
    elif choice == 9:  # many tensors (bounded by the file size)
        for i in range(rng.choice([100, 10000])):
            header["t%d" % i] = {"dtype": "F32", "shape": [0], "data_offsets": [0, 0]}
    else:  # the header's JSON (values, nesting, duplicate keys), length fixed up
        text = mutate_json_text(rng, data[8:8 + struct.unpack("<Q", data[:8])[0]])
        if text is None:
            return rng.choice(GENERIC)(rng, data)
        return struct.pack("<Q", len(text)) + text + body
    return pack_safetensors(header, body)


def mutate_idx(rng, data):
    if len(data) < 34:
        return rng.choice(GENERIC)(rng, data)
    seqs = struct.unpack("<Q", data[18:26])[0]
    docs = struct.unpack("<Q", data[26:34])[0]
    data = bytearray(data)
    choice = rng.randrange(8)
    value = rng.choice(SPECIAL_INTS)
    if choice == 0:
        data[9:17] = struct.pack("<Q", value & (2**64 - 1))  # version
    elif choice == 1:
        data[17] = rng.choice([0, 2, 3, 5, 6, 7, 9, 255])  # dtype
    elif choice == 2:
        data[18:26] = struct.pack("<Q", value & (2**64 - 1))  # sequence count
    elif choice == 3:
        data[26:34] = struct.pack("<Q", value & (2**64 - 1))  # document-index length
    elif choice == 4 and seqs and 34 + 4 * seqs <= len(data):  # a size
        at = 34 + 4 * rng.randrange(seqs)
        data[at:at + 4] = struct.pack("<I", value & (2**32 - 1))
    elif choice == 5 and seqs and 34 + 12 * seqs <= len(data):  # a pointer
        at = 34 + 4 * seqs + 8 * rng.randrange(seqs)
        data[at:at + 8] = struct.pack("<Q", value & (2**64 - 1))
    elif choice == 6 and docs and 34 + 12 * seqs + 8 * docs <= len(data):  # document index
        at = 34 + 12 * seqs + 8 * rng.randrange(docs)
        data[at:at + 8] = struct.pack("<Q", value & (2**64 - 1))
    else:
        return rng.choice(GENERIC)(rng, bytes(data))
    return bytes(data)


def mutate_text_json(rng, data):
    if rng.random() < 0.6:
        out = mutate_json_text(rng, data)
        if out is not None:
            return out
    return rng.choice(GENERIC)(rng, data)


def mutate_lines(rng, data):
    if rng.random() < 0.08:
        return blow_up_lines(rng, data)
    if rng.random() < 0.3:
        lines = data.split(b"\n")
        i = rng.randrange(len(lines))
        op = rng.randrange(4)
        if op == 0:
            lines.insert(rng.randrange(len(lines) + 1), lines[i])  # a duplicate entry
        elif op == 1:
            del lines[i]
        elif op == 2:
            lines[i] = rng.choice([b"", b" ", b"\r", b"a b c", b"x" * 100000, b"\xff\xfe",
                                   b"#version: 0.2", b"Zm9v -1", b"Zm9v 99999999999", b"==== 0"])
        else:
            lines.insert(i, rng.choice(lines))
        return b"\n".join(lines)
    return rng.choice(GENERIC)(rng, data)


def mutate_protobuf(rng, data):
    if rng.random() < 0.4:
        try:
            fields = pb_fields(data)
        except (ValueError, IndexError):
            fields = None
        if fields:
            i = rng.randrange(len(fields))
            op = rng.randrange(4)
            if op == 0:
                fields.insert(rng.randrange(len(fields) + 1), fields[i])  # a duplicate piece
            elif op == 1:
                del fields[i]
            elif op == 2:  # a length field set to a special value
                number, wire, raw = fields[i]
                if wire == 2:
                    key = pb_varint(number << 3 | 2)
                    n, at = pb_read_varint(raw, len(key))
                    fields[i] = (number, wire, key + pb_varint(rng.choice(SPECIAL_INTS)) + raw[at:])
            else:  # trainer_spec ids, vocab_size or types set to special values
                extra = rng.choice([1, 2, 3])
                number = {1: rng.choice([40, 41, 42, 43, 4, 3, 35]), 2: 3, 3: 1}[extra]
                spec = pb_field(number, 0, pb_varint(rng.choice(SPECIAL_INTS)))
                if extra == 1:
                    fields.append((2, 2, pb_field(2, 2, spec)))
                elif extra == 2:
                    fields.insert(0, (1, 2, pb_field(1, 2, pb_field(1, 2, b"x") + spec)))
                else:
                    fields.append((3, 2, pb_field(3, 2, pb_field(1, 2, rng.choice([b"nmt_nfkc", b"", b"\xff"])))))
            return b"".join(f[2] for f in fields)
    return rng.choice(GENERIC)(rng, data)


def mutate_file(rng, kind, path, data):
    name = os.path.basename(path)
    if kind in ("safetensors", "weights") or name.endswith(".safetensors"):
        return mutate_safetensors(rng, data) if rng.random() < 0.7 else rng.choice(GENERIC)(rng, data)
    if name.endswith(".idx"):
        return mutate_idx(rng, data)
    if name.endswith(".json"):
        return mutate_text_json(rng, data)
    if kind == "sentencepiece":
        return mutate_protobuf(rng, data)
    if name.endswith((".txt", ".bpe")) or kind == "tiktoken":
        return mutate_lines(rng, data)
    return rng.choice(GENERIC)(rng, data)


def reseal_checkpoint(folder):
    """Makes checkpoint.json agree with the (mutated) files again: every rank
    file's size and header CRC32C, and its own CRC32C, as an adversary would, so
    that the loader's checks behind the checksums are reached too."""
    path = os.path.join(folder, "checkpoint.json")
    try:
        with open(path, "rb") as f:
            meta = json.loads(f.read())
    except (ValueError, OSError, RecursionError):
        return
    if not isinstance(meta, dict):
        return
    for value in meta.values():
        if not isinstance(value, list):
            continue
        for shard in value:
            if not isinstance(shard, dict) or not isinstance(shard.get("file"), str):
                continue
            file = os.path.join(folder, shard["file"])
            if not os.path.isfile(file):
                continue
            data = open(file, "rb").read()
            shard["bytes"] = len(data)
            if len(data) >= 8:
                n = struct.unpack("<Q", data[:8])[0]
                if n <= len(data) - 8:
                    shard["header_crc32c"] = "%08x" % crc32c(data[:8 + n])
    meta.pop("crc32c", None)
    try:
        text = json.dumps(meta, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except ValueError:
        return
    meta["crc32c"] = "%08x" % crc32c(text.encode("utf-8", "surrogatepass"))
    with open(path, "wb") as f:
        f.write(json.dumps(meta, indent=2, ensure_ascii=False).encode("utf-8", "surrogatepass"))


def make_input(rng, kind, seed, out):
    """Copies the seed (file or folder) to `out`, mutating 1-3 times one of its files."""
    if kind == "indexed":
        for ext in (".idx", ".bin"):
            shutil.copyfile(seed + ext, out + ext)
        target = out + (".idx" if rng.random() < 0.75 else ".bin")
    elif os.path.isdir(seed):
        shutil.copytree(seed, out)
        files = [os.path.join(r, f) for r, _, fs in os.walk(out) for f in fs]
        files.sort()
        if kind == "checkpoint":  # checkpoint.json and the rank file most often
            weights = [0.2 if f.endswith(".txt") else 1.0 for f in files]
            target = rng.choices(files, weights)[0]
        else:
            target = rng.choice(files)
    else:
        ext = os.path.splitext(seed)[1]
        out_file = out + ext if kind != "hf-config" else os.path.join(out, os.path.basename(seed))
        if kind == "hf-config":
            os.makedirs(out)
        shutil.copyfile(seed, out_file)
        target = out_file
        out = out_file
    with open(target, "rb") as f:
        data = f.read()
    for _ in range(rng.choice([1, 1, 1, 2, 3])):
        try:
            data = mutate_file(rng, kind, target, data)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError,
                struct.error, UnicodeError):
            data = rng.choice(GENERIC)(rng, data)  # an earlier mutation broke the structure
    with open(target, "wb") as f:
        f.write(data)
    if kind == "checkpoint" and rng.random() < 0.5:
        reseal_checkpoint(os.path.dirname(target))
    return out


# ------------------------------------------------------------- running ----
def target_env(args):
    env = dict(os.environ)
    env["MTC_FUZZ_TIMEOUT"] = str(args.timeout)
    # An allocation sized from a length field fails loudly (files are small);
    # the runtime's static objects are not leaks to report.
    env.setdefault("ASAN_OPTIONS", "max_allocation_size_mb=256:allocator_may_return_null=0:"
                   "detect_leaks=0:abort_on_error=0:exitcode=86:halt_on_error=1")
    env.setdefault("UBSAN_OPTIONS", "halt_on_error=1:print_stacktrace=1:exitcode=87")
    env.setdefault("OMP_NUM_THREADS", "1")
    return env


def names_file(message, path):
    """A refusal must name the file (or the folder/prefix it is in)."""
    return path in message or os.path.basename(path.rstrip("/")) in message


def run_batch(args, kind, inputs):
    """[(input, outcome, detail)], outcome in accepted, refused, crash, hang,
    oversize, unnamed, untyped."""
    results, pending = [], list(inputs)
    env = target_env(args)
    while pending:
        cmd = [args.target, kind] + pending
        try:
            r = subprocess.run(cmd, capture_output=True, env=env,
                               timeout=args.timeout * len(pending) + 30)
            out, err, rc = r.stdout.decode("utf-8", "replace"), r.stderr.decode("utf-8", "replace"), r.returncode
        except subprocess.TimeoutExpired as e:
            out = (e.stdout or b"").decode("utf-8", "replace")
            err, rc = "batch timed out", -9
        done, current = set(), None
        for line in out.splitlines():
            parts = line.split("\t")
            if parts[0] == "BEGIN":
                current = parts[1]
            elif parts[0] == "ACCEPTED":
                results.append((parts[1], "accepted", ""))
                done.add(parts[1])
                current = None
            elif parts[0] == "REFUSED":
                path, type_, message = parts[1], parts[2], "\t".join(parts[3:])
                if type_ == "other":
                    results.append((path, "untyped", message))
                elif not names_file(message, path):
                    results.append((path, "unnamed", message))
                else:
                    results.append((path, "refused", message))
                done.add(path)
                current = None
            elif parts[0] in ("HANG", "OVERSIZE"):
                results.append((parts[1], parts[0].lower(), "\t".join(parts[2:])))
                done.add(parts[1])
                current = None
        if current is not None and current not in done:
            tail = "\n".join(err.splitlines()[-25:])
            oversize = "allocation-size-too-big" in err or "requested allocation size" in err
            results.append((current, "oversize" if oversize else "crash",
                            "exit status %d\n%s" % (rc, tail)))
            done.add(current)
        elif rc != 0 and not any(p not in done for p in pending):
            pass
        elif rc != 0 and current is None and pending and pending[0] not in done:
            # Died before its first input (start-up): every input is unknown.
            results.append((pending[0], "crash", "exit status %d before the input\n%s" % (rc, err[-2000:])))
            done.add(pending[0])
        pending = [p for p in pending if p not in done]
    return results


def run_import(args, config, extra=()):
    """One mtc-import process: accepted, refused, or a failure."""
    cmd = [args.mtc_import, config, "-o", os.devnull] + list(extra)
    # A config may ask for up to 2^16 layers: emitting those millions of ops
    # takes about 20 s (linear; it took hours when it was quadratic).
    return run_tool(args, cmd, extra[-1] if extra else config, config, timeout=max(args.timeout, 60))


def tool_command(args, kind, path, work):
    """The real tool reading `path` of `kind` (the --tool-slice), and the file
    its refusal must name; None when no tool is given for the kind."""
    ttype = {"sentencepiece": "Llama2Tokenizer", "tiktoken": "TikTokenizer",
             "hf-tokenizer": "HuggingFaceTokenizer"}.get(kind)
    text = os.path.join(work, "slice-input.txt")
    if not os.path.exists(text):
        with open(text, "w") as f:
            f.write("Hello, world! The quick brown fox jumps over the lazy dog.\n\ncaf\u00e9 end\n")
    out = os.path.join(work, "slice-output")
    if args.mtc_data and kind == "gpt2-bpe":
        return [args.mtc_data, "--input", text, "--output-prefix", out, "--vocab-file",
                os.path.join(path, "encoder.json"), "--merge-file", os.path.join(path, "vocab.bpe")], path
    if args.mtc_data and kind == "wordpiece":
        return [args.mtc_data, "--input", text, "--output-prefix", out, "--tokenizer-type",
                "BertWordPieceLowerCase", "--vocab-file", path], path
    if args.mtc_data and ttype:
        return [args.mtc_data, "--input", text, "--output-prefix", out, "--tokenizer-type", ttype,
                "--tokenizer-model", path], path
    return None


def run_tool(args, cmd, named, alternative=None, timeout=None):
    """One tool process: accepted (exit 0), refused (an error: line naming the
    file, a non-zero exit), or a failure."""
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=timeout or args.timeout,
                           env=target_env(args))
    except subprocess.TimeoutExpired:
        return "hang", " ".join(cmd)
    err = r.stderr.decode("utf-8", "replace")
    if r.returncode == 0:
        return "accepted", ""
    if r.returncode < 0 or r.returncode >= 128 or r.returncode in (86, 87) or "Sanitizer" in err:
        return "crash", "exit status %d\n%s" % (r.returncode, err[-2000:])
    if r.returncode == 2:  # flag errors are not what is fuzzed here
        return "refused", err
    if "error:" not in err:
        return "unnamed", err[-2000:]
    if not names_file(err, named) and not (alternative and names_file(err, alternative)):
        return "unnamed", err[-2000:]
    return "refused", err


FAILURES = ("crash", "hang", "oversize", "unnamed", "untyped")


class Tally:
    def __init__(self):
        self.counts = {}
        self.failures = []
        self.reasons = {}

    def add(self, kind, outcome, what, detail, reproduce):
        if outcome == "refused":
            reason = detail.replace(what, "FILE")
            reason = re.sub(r"'[^']*'", "'…'", reason)
            reason = re.sub(r"[0-9]+", "N", reason)[:110]
            bucket = self.reasons.setdefault(kind, {})
            bucket[reason] = bucket.get(reason, 0) + 1
        c = self.counts.setdefault(kind, {k: 0 for k in ("inputs", "accepted", "refused") + FAILURES})
        c["inputs"] += 1
        c[outcome] += 1
        if outcome in FAILURES:
            self.failures.append((kind, outcome, what, detail, reproduce))

    def report(self, seconds):
        print("%-19s %8s %9s %8s %6s %5s %9s %8s %8s" % ("kind", "inputs", "accepted", "refused",
                                                           "crash", "hang", "oversize", "unnamed", "untyped"))
        total = 0
        order = ["regressions"] + KINDS + ["tool:" + k for k in KINDS] + ["import:" + k for k in KINDS]
        for kind in order:
            c = self.counts.get(kind)
            if not c:
                continue
            if kind in KINDS:
                total += c["inputs"]
            print("%-19s %8d %9d %8d %6d %5d %9d %8d %8d" % (kind, c["inputs"], c["accepted"], c["refused"],
                                                              c["crash"], c["hang"], c["oversize"],
                                                              c["unnamed"], c["untyped"]))
        print("%d inputs in %.0f s, %d failures" % (total, seconds, len(self.failures)))


def keep_failure(args, kind, path, outcome, index):
    if not args.keep:
        return path
    os.makedirs(os.path.join(args.keep, kind), exist_ok=True)
    dst = os.path.join(args.keep, kind, "%s-%d-%s" % (outcome, index, os.path.basename(path)))
    if kind == "indexed":
        for ext in (".idx", ".bin"):
            if os.path.exists(path + ext):
                shutil.copyfile(path + ext, dst + ext)
    elif os.path.isdir(path):
        shutil.copytree(path, dst, dirs_exist_ok=True)
    elif os.path.exists(path):
        shutil.copyfile(path, dst)
    return dst


def regression_inputs(kind):
    root = os.path.join(HERE, "regressions", kind)
    if not os.path.isdir(root):
        return []
    out = set()
    for name in sorted(os.listdir(root)):
        if name.startswith(".") or name.endswith(".md"):
            continue
        p = os.path.join(root, name)
        if kind == "indexed":
            p = os.path.splitext(p)[0]
        out.add(p)
    return sorted(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--target", help="mtc-file-fuzz-target (or its -asan build); without it, hf-config alone")
    parser.add_argument("--mtc-import", help="fuzz config.json through mtc-import (and the tool slice)")
    parser.add_argument("--mtc-data", help="the tool slice of the tokenizer kinds through mtc-data")
    parser.add_argument("--models", help="the models folder (config.json seeds)")
    parser.add_argument("--bpe-dir", help="GPT-2's encoder.json and vocab.bpe (a seed)")
    parser.add_argument("--bert-vocab", help="bert-base-uncased vocab.txt (a seed)")
    parser.add_argument("--tokenizers-dir", help="third_party_data/tokenizers (seeds)")
    parser.add_argument("--count", type=int, default=300, help="inputs per kind")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--batch", type=int, default=100, help="inputs per target process")
    parser.add_argument("--timeout", type=int, default=10, help="seconds per input")
    parser.add_argument("--tool-slice", type=int, default=0,
                        help="inputs per tokenizer kind also run through mtc-import --tokenizer-model")
    parser.add_argument("--keep", help="folder for failing inputs")
    parser.add_argument("--show-refusals", type=int, default=0, metavar="N",
                        help="print the N most frequent refusal messages of each kind")
    parser.add_argument("--work", help="work folder (default: a temporary one, removed)")
    args = parser.parse_args()
    kinds = [k for k in args.kinds.split(",") if k]
    for k in kinds:
        if k not in KINDS:
            sys.exit("fuzz_files: unknown kind '%s' (%s)" % (k, ", ".join(KINDS)))
    if "hf-config" in kinds and not args.mtc_import:
        kinds.remove("hf-config")
    if not args.target:
        kinds = [k for k in kinds if k == "hf-config"]
    start = time.time()
    work = args.work or tempfile.mkdtemp(prefix="mtc-file-fuzz-")
    os.makedirs(work, exist_ok=True)
    tally = Tally()
    try:
        seeds = Seeds(args, work)
        # Regressions first: each must be refused cleanly or accepted.
        for kind in kinds:
            regs = regression_inputs(kind)
            if not regs:
                continue
            if kind == "hf-config":
                results = [(p,) + run_import(args, p) for p in regs]
            else:
                results = run_batch(args, kind, regs)
            for path, outcome, detail in results:
                tally.add("regressions", outcome if outcome in FAILURES else "refused" if outcome == "refused"
                          else "accepted", path, detail, "%s %s %s" % (args.target, kind, path))
            print("regressions %s: %d replayed" % (kind, len(regs)), flush=True)
        for kind in kinds:
            if not seeds.by_kind[kind]:
                print("fuzz_files: no seed for %s, skipped" % kind)
                continue
            rng = random.Random("%d:%s" % (args.seed, kind))
            kdir = os.path.join(work, kind)
            done = 0
            while done < args.count:
                shutil.rmtree(kdir, ignore_errors=True)
                os.makedirs(kdir)
                n = min(args.batch, args.count - done)
                inputs = []
                for i in range(n):
                    seed = seeds.pick(rng, kind)
                    out = os.path.join(kdir, "in%05d" % (done + i))
                    inputs.append(make_input(rng, kind, seed, out))
                if kind == "hf-config":
                    results = [(p,) + run_import(args, p) for p in inputs]
                else:
                    results = run_batch(args, kind, inputs)
                for path, outcome, detail in results:
                    index = done + inputs.index(path)
                    kept = keep_failure(args, kind, path, outcome, index) if outcome in FAILURES else path
                    reproduce = ("%s %s -o /dev/null" % (args.mtc_import, kept) if kind == "hf-config"
                                 else "%s %s %s" % (args.target, kind, kept))
                    tally.add(kind, outcome, kept, detail, reproduce)
                for p in inputs[:max(0, args.tool_slice - done)]:
                    command = tool_command(args, kind, p, work)
                    if command:
                        outcome, detail = run_tool(args, command[0], command[1])
                        tally.add("tool:" + kind, outcome, p, detail, " ".join(command[0]))
                if args.tool_slice and args.mtc_import and kind in ("sentencepiece", "tiktoken", "hf-tokenizer") \
                        and done < args.tool_slice:
                    ttype = {"sentencepiece": "Llama2Tokenizer", "tiktoken": "TikTokenizer",
                             "hf-tokenizer": "HuggingFaceTokenizer"}[kind]
                    config = os.path.join(args.models, "llama-tiny.json")
                    for p in inputs[:args.tool_slice - done]:
                        outcome, detail = run_import(args, config, ["--tokenizer-type", ttype,
                                                                    "--tokenizer-model", p])
                        # The tool may refuse a tokenizer the reader accepts (vocab_size).
                        tally.add("import:" + kind, outcome, p, detail, "%s %s -o /dev/null --tokenizer-type %s "
                                  "--tokenizer-model %s" % (args.mtc_import, config, ttype, p))
                done += n
                print("%s: %d/%d (%.0f s)" % (kind, done, args.count, time.time() - start), flush=True)
            c = tally.counts.get(kind, {})
            print("done %s: %s" % (kind, " ".join("%s=%d" % kv for kv in c.items())), flush=True)
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)
    tally.report(time.time() - start)
    if args.show_refusals:
        for kind, bucket in tally.reasons.items():
            print("\n%s: the most frequent refusals" % kind)
            for reason, n in sorted(bucket.items(), key=lambda x: -x[1])[:args.show_refusals]:
                print("  %6d  %s" % (n, reason))
    for kind, outcome, what, detail, reproduce in tally.failures[:50]:
        print("\nFAIL %s %s: %s\n  reproduce: %s\n  %s" % (kind, outcome, what, reproduce,
                                                          detail.replace("\n", "\n  ")[:3000]))
    return 1 if tally.failures else 0


if __name__ == "__main__":
    sys.exit(main())
