#!/usr/bin/env python3
"""`train --tensorboard-dir`: decodes the event files a real run wrote and checks
them against the run's own log and --metrics file.

A GPT of 2 layers is trained on Debian's fortunes (mtc-data, GPT-2 BPE) with
tensor x pipeline = 2 x 2 on 4 MPI ranks, then resumed from its checkpoint.
The decoder here is independent of the writer: TFRecord framing, CRC32C (bit
by bit) and the protobuf wire format by hand, with TensorBoard's field numbers
(tensorboard/compat/proto/event.proto, summary.proto). It checks that every
CRC holds, each file starts with file_version "brain.Event:2" and a session
start, the per-step `lm loss`, `grad-norm` and `learning-rate` equal the
metrics file (and the learning rate Megatron's cosine schedule), the "vs
samples" series sit at consumed samples, validation loss and perplexity are
present at the evaluation iterations with the log's values, memory equals what
the log reports for stage 0, and the resumed run adds a second file that
sorts after the first. Then the refusals: a missing folder and a file before
the first iteration, a full disk (LD_PRELOAD shim) naming the file.
"""
import argparse
import json
import math
import os
import re
import shutil
import socket
import struct
import subprocess
import sys

ap = argparse.ArgumentParser(description=__doc__)
ap.add_argument("--bin", required=True, help="folder with mtc-data, mtc-import, mtc-compile")
ap.add_argument("--mpirun", help="mpirun command, space separated (the GPT run)")
ap.add_argument("--shim", help="the fail_io LD_PRELOAD library (the GPT run)")
ap.add_argument("--workdir", required=True)
ap.add_argument("--fortunes", default="/usr/share/games/fortunes/computers")
ap.add_argument("--bert-vocab", help="instead: a one-rank BERT run (WordPiece vocab.txt), whose "
                "sentence-order loss must be logged as Megatron's BERT does")
args = ap.parse_args()
if not args.bert_vocab and not (args.mpirun and args.shim):
    ap.error("the GPT run needs --mpirun and --shim")

for needed in [args.fortunes] + ([args.bert_vocab] if args.bert_vocab else []):
    if not os.path.exists(needed):
        print(f"SKIP: {needed} is missing; run scripts/setup.sh")
        sys.exit(77)

# The schedule the model is compiled with (Megatron's warm-up and cosine decay).
LR, MIN_LR, WARMUP, DECAY = 1e-3, 1e-4, 2, 6
GLOBAL_BATCH, SEQ = 4, 32


def fail(message):
    sys.exit(f"FAIL: {message}")


def run(cmd, expect_ok=True, env=None):
    print("+", " ".join(cmd), flush=True)
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=240, cwd=args.workdir, env=env)
    if expect_ok and r.returncode != 0:
        fail(f"exit {r.returncode}\n{r.stdout}")
    return r


# ---- an independent decoder ----

def crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ (0x82F63B78 if crc & 1 else 0)
    return crc ^ 0xFFFFFFFF


def masked(data):
    crc = crc32c(data)
    return ((((crc >> 15) | (crc << 17)) & 0xFFFFFFFF) + 0xA282EAD8) & 0xFFFFFFFF


def tf_records(path):
    with open(path, "rb") as f:
        blob = f.read()
    at, out = 0, []
    while at < len(blob):
        if at + 12 > len(blob):
            fail(f"{path}: a truncated record header at byte {at}")
        length, length_crc = struct.unpack_from("<QI", blob, at)
        if length_crc != masked(blob[at:at + 8]):
            fail(f"{path}: the length CRC of the record at byte {at} is wrong")
        data = blob[at + 12:at + 12 + length]
        if len(data) != length or at + 16 + length > len(blob):
            fail(f"{path}: a truncated record at byte {at}")
        (data_crc,) = struct.unpack_from("<I", blob, at + 12 + length)
        if data_crc != masked(data):
            fail(f"{path}: the data CRC of the record at byte {at} is wrong")
        out.append(data)
        at += 16 + length
    return out


def varint(buf, at):
    value, shift = 0, 0
    while True:
        byte = buf[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            return value, at


def fields(buf):
    """(field number, value) pairs of a protobuf message: ints, bytes, or the
    raw 8/4 bytes of fixed64/fixed32."""
    at, out = 0, []
    while at < len(buf):
        key, at = varint(buf, at)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, at = varint(buf, at)
        elif wire == 1:
            value, at = buf[at:at + 8], at + 8
        elif wire == 2:
            length, at = varint(buf, at)
            value, at = buf[at:at + length], at + length
        elif wire == 5:
            value, at = buf[at:at + 4], at + 4
        else:
            fail(f"wire type {wire} (field {number}) is not in TensorBoard's events")
        out.append((number, value))
    return out


# TensorBoard's Event: wall_time = 1 (double), step = 2 (int64), file_version = 3,
# summary = 5, session_log = 7. Summary: value = 1 (repeated); Summary.Value:
# tag = 1, simple_value = 2 (float). SessionLog: status = 1 (START = 1).
def decode_event(data):
    event = {"step": 0}
    for number, value in fields(data):
        if number == 1:
            event["wall_time"] = struct.unpack("<d", value)[0]
        elif number == 2:
            event["step"] = value
        elif number == 3:
            event["file_version"] = value.decode()
        elif number == 5:
            scalars = {}
            for vn, v in fields(value):
                if vn != 1:
                    fail(f"Summary field {vn}")
                item = dict(fields(v))
                scalars[item[1].decode()] = struct.unpack("<f", item[2])[0]
            event["scalars"] = scalars
        elif number == 7:
            event["session_status"] = dict(fields(value)).get(1, 0)
        else:
            fail(f"Event field {number}")
    return event


def decode_file(path):
    events = [decode_event(r) for r in tf_records(path)]
    if not events or events[0].get("file_version") != "brain.Event:2":
        fail(f"{path}: the first event is {events[:1]}, not file_version brain.Event:2")
    if not events[0].get("wall_time", 0) > 1.6e9:
        fail(f"{path}: the file_version event has wall_time {events[0].get('wall_time')}")
    return events


def series(events):
    """{tag: {step: value}} over a file's scalar events."""
    out = {}
    for e in events:
        for tag, value in e.get("scalars", {}).items():
            out.setdefault(tag, {})[e["step"]] = value
    return out


def f32(x):
    return struct.unpack("<f", struct.pack("<f", x))[0]


def same(got, want, what, rtol=2e-7):
    # The metrics file prints 9 significant digits; TensorBoard keeps float32.
    if abs(got - f32(want)) > rtol * abs(want) + 1e-30:
        fail(f"{what}: TensorBoard has {got!r}, expected {want!r}")


def megatron_lr(iteration):
    n = iteration - 1  # the rate used by iteration k is the schedule at k - 1
    if n <= WARMUP:
        return LR * n / WARMUP
    if n > DECAY:
        return MIN_LR
    return MIN_LR + (LR - MIN_LR) * 0.5 * (1 + math.cos(math.pi * (n - WARMUP) / (DECAY - WARMUP)))


def event_files(folder):
    return sorted(f for f in os.listdir(folder) if "tfevents" in f)


def read_metrics():
    with open(os.path.join(args.workdir, "m.jsonl")) as f:
        return {r["iteration"]: r for r in map(json.loads, filter(str.strip, f))}


def check_bert():
    """BERT's two losses: 'lm loss' and 'sop loss' per step, both validated."""
    run([tool("mtc-data"), "--format", "fortune", "--input", args.fortunes, "--output-prefix",
         "bert", "--tokenizer-type", "BertWordPieceLowerCase", "--vocab-file", args.bert_vocab,
         "--split-sentences"])
    run([tool("mtc-import"), "--arch", "bert", "--num-layers", "1", "--hidden-size", "32",
         "--num-attention-heads", "2", "--seq-length", str(SEQ), "--vocab-size", "30522",
         "-o", "bert.mlir"])
    run([tool("mtc-compile"), "bert.mlir", "-o", "bert", "--global-batch", str(GLOBAL_BATCH)])
    os.makedirs(os.path.join(args.workdir, "tb"))
    run([os.path.join(args.workdir, "bert", "train"), "--data", "bert", "--vocab-file",
         args.bert_vocab, "--split", "90,10,0", "--steps", "4", "--eval-interval", "2",
         "--eval-iters", "1", "--threads", "1", "--metrics", "m.jsonl", "--tensorboard-dir", "tb"])
    rows = read_metrics()
    (f,) = event_files(os.path.join(args.workdir, "tb"))
    s = series(decode_file(os.path.join(args.workdir, "tb", f)))
    for it, row in rows.items():
        for tag, key in (("lm loss", "lm_loss"), ("sop loss", "sop_loss")):
            same(s[tag][it], row[key], f"'{tag}' at {it}")
            same(s[tag + " vs samples"][it * GLOBAL_BATCH], row[key], f"'{tag} vs samples'")
        if "valid_loss" in row:
            for tag, key in (("lm loss", "valid_loss"), ("sop loss", "valid_sop_loss")):
                same(s[tag + " validation"][it], row[key], f"'{tag} validation' at {it}")
                same(s[tag + " validation ppl"][it], math.exp(row[key]), f"'{tag} ppl'", 1e-6)
    if sorted(s["sop loss validation"]) != [2, 4]:
        fail(f"'sop loss validation' at {sorted(s['sop loss validation'])}, expected 2 and 4")
    print("PASS: BERT's lm and sop losses (and their validation) match the metrics")


# ---- the runs ----

shutil.rmtree(args.workdir, ignore_errors=True)
os.makedirs(args.workdir)
tool = lambda name: os.path.join(args.bin, name)  # noqa: E731
if args.bert_vocab:
    check_bert()
    sys.exit(0)
run([tool("mtc-data"), "--format", "fortune", "--append-eod", "--input", args.fortunes,
     "--output-prefix", "fortunes"])
run([tool("mtc-import"), "--num-layers", "2", "--hidden-size", "32", "--num-attention-heads", "2",
     "--seq-length", str(SEQ), "--vocab-size", "50257", "--hidden-dropout", "0",
     "--attention-dropout", "0", "--name", "tb", "-o", "m.mlir"])
run([tool("mtc-compile"), "m.mlir", "-o", "out", "--tp", "2", "--pp", "2", "--global-batch",
     str(GLOBAL_BATCH), "--micro-batch", "1", "--lr", str(LR), "--min-lr", str(MIN_LR),
     "--warmup-steps", str(WARMUP), "--decay-steps", str(DECAY)])
train = os.path.join(args.workdir, "out", "train")
if "--tensorboard-dir" not in run([train, "--help"]).stdout:
    fail("train --help does not list --tensorboard-dir")

mpirun = args.mpirun.split() + ["-np", "4"]
base = ["--data", "fortunes", "--threads", "1", "--eval-interval", "3", "--eval-iters", "1",
        "--log-interval", "2"]
common = base + ["--metrics", "m.jsonl", "--tensorboard-dir", "tb", "--save", "ckpt",
                 "--save-interval", "3"]
os.makedirs(os.path.join(args.workdir, "tb"))
first_log = run(mpirun + [train, "--steps", "6"] + common).stdout
print(first_log)
second_log = run(mpirun + [train, "--steps", "8", "--load", "ckpt"] + common).stdout
print(second_log)

rows = read_metrics()
if sorted(rows) != list(range(1, 9)):
    fail(f"the metrics file has iterations {sorted(rows)}, expected 1 to 8")

files = event_files(os.path.join(args.workdir, "tb"))
if len(files) != 2:
    fail(f"tb/ holds {files}; expected one event file per run")
name = re.compile(r"events\.out\.tfevents\.(\d{10})\." + re.escape(socket.gethostname()) + r"\.\d+$")
for f in files:
    if not name.match(f):
        fail(f"event file name {f!r} is not events.out.tfevents.<10-digit time>.<host>.<pid>")
valid_in_log = {}
for log in (first_log, second_log):
    for it, value, ppl in re.findall(r"validation loss at iteration (\d+) \| lm loss value: "
                                     r"([0-9.E+-]+) \| lm loss PPL: ([0-9.E+-]+)", log):
        valid_in_log[int(it)] = (float(value), float(ppl))
if sorted(valid_in_log) != [3, 6]:
    fail(f"validation in the logs at {sorted(valid_in_log)}, expected 3 and 6")
peak = re.search(r"stage 0 activations: peak (\d+) B measured", first_log)
if not peak:
    fail("the log does not report stage 0's measured activation peak")

# (file, its iterations, the session start step)
for f, iterations, start in ((files[0], range(1, 7), 1), (files[1], range(7, 9), 7)):
    events = decode_file(os.path.join(args.workdir, "tb", f))
    starts = [e["step"] for e in events if e.get("session_status") == 1]
    if starts != [start] or events[1].get("session_status") != 1:
        fail(f"{f}: session starts at {starts}, expected one at {start} after the version")
    s = series(events)
    for it in iterations:
        row = rows[it]
        samples = it * GLOBAL_BATCH
        for tag, want in (("lm loss", row["lm_loss"]), ("grad-norm", row["grad_norm"]),
                          ("learning-rate", row["learning_rate"]),
                          ("batch-size", GLOBAL_BATCH)):
            if it not in s.get(tag, {}) or samples not in s.get(tag + " vs samples", {}):
                fail(f"{f}: no '{tag}' at iteration {it} or '{tag} vs samples' at {samples}")
            same(s[tag][it], want, f"'{tag}' at iteration {it}")
            same(s[tag + " vs samples"][samples], want, f"'{tag} vs samples' at {samples}")
        same(s["learning-rate"][it], megatron_lr(it), f"learning rate at {it} vs the schedule",
             rtol=1e-6)
        seconds = s["iteration-time"][it]
        if not 0 < seconds < 60:
            fail(f"iteration-time {seconds} s at {it}")
        same(s["tokens-per-second"][it], GLOBAL_BATCH * SEQ / seconds,
             f"tokens-per-second at {it}", rtol=1e-6)
        same(s["mem-activation-peak-bytes"][it], float(peak.group(1)),
             f"mem-activation-peak-bytes at {it} (rank 0 = stage 0)")
        if not s["mem-activation-allocated-bytes"][it] >= float(peak.group(1)):
            fail(f"mem-activation-allocated-bytes below the peak at {it}")
        if "loss-scale" in s or "sop loss" in s:
            fail(f"{f}: loss-scale or sop loss in an fp32 GPT run")
        validation = {"lm loss validation": 0, "lm loss validation ppl": 1}
        for tag, index in validation.items():
            here = s.get(tag, {})
            if it in valid_in_log:
                want = valid_in_log[it][index]
                same(here.get(it, float("nan")), want, f"'{tag}' at {it}", rtol=1e-6)
                same(s[tag + " vs samples"][samples], want, f"'{tag} vs samples'", rtol=1e-6)
                if index == 0:
                    same(here[it], row["valid_loss"], f"'{tag}' at {it} vs the metrics")
                    same(s["lm loss validation ppl"][it], math.exp(row["valid_loss"]),
                         f"perplexity at {it}", rtol=1e-6)
            elif it in here:
                fail(f"'{tag}' at iteration {it}, which did not evaluate")
    print(f"{f}: {len(events)} events, CRCs valid; iterations {list(iterations)} match the "
          f"metrics; session start at {start}")

# ---- refusals, before the first iteration ----
for target, message in (("m.jsonl", r"--tensorboard-dir 'm.jsonl' is not a folder"),
                        ("m.jsonl/tb", r"--tensorboard-dir 'm.jsonl/tb' cannot be created: "
                                       r"'m.jsonl' is not a folder")):
    r = run(mpirun + [train, "--steps", "2"] + base + ["--tensorboard-dir", target],
            expect_ok=False)
    if r.returncode == 0 or not re.search(message, r.stdout) or " iteration " in r.stdout:
        fail(f"--tensorboard-dir {target}: expected /{message}/ before any iteration, exit "
             f"{r.returncode}:\n{r.stdout}")
    print(f"refused --tensorboard-dir {target} (exit {r.returncode})")
# A missing folder is created, as Megatron-LM's SummaryWriter makes its log_dir.
r = run(mpirun + [train, "--steps", "1"] + base + ["--tensorboard-dir", "new/deeper/tb"],
        expect_ok=False)
created = os.path.join(args.workdir, "new", "deeper", "tb")
if r.returncode != 0 or not os.path.isdir(created) or len(event_files(created)) != 1:
    fail(f"--tensorboard-dir new/deeper/tb: expected the folder made with one event file, exit "
         f"{r.returncode}:\n{r.stdout}")
print("created --tensorboard-dir new/deeper/tb with its event file")
# A folder that cannot be made: the reason, before the first iteration.
r = run(mpirun + ["env", f"LD_PRELOAD={args.shim}", "MTC_FAIL_OP=mkdir", "MTC_FAIL_PATH=denied",
                  "MTC_FAIL_ERRNO=13", train, "--steps", "1"] + base +
        ["--tensorboard-dir", "denied/tb"], expect_ok=False)
message = r"--tensorboard-dir: cannot create folder 'denied': Permission denied"
if r.returncode == 0 or not re.search(message, r.stdout) or " iteration " in r.stdout:
    fail(f"an uncreatable folder: expected /{message}/ before any iteration, exit "
         f"{r.returncode}:\n{r.stdout}")
print("refused --tensorboard-dir denied/tb (exit 1)")
full = ["env", f"LD_PRELOAD={args.shim}", "MTC_FAIL_OP=write", "MTC_FAIL_PATH=tfevents"]
r = run(mpirun + full + [train, "--steps", "2"] + base + ["--tensorboard-dir", "tb"],
        expect_ok=False)
message = r"--tensorboard-dir: cannot write 'tb/events\.out\.tfevents\.\d+\.[^']+': No space left"
if r.returncode == 0 or not re.search(message, r.stdout) or " iteration " in r.stdout:
    fail(f"a full disk: expected /{message}/, exit {r.returncode}:\n{r.stdout}")
if len(event_files(os.path.join(args.workdir, "tb"))) != 2:
    fail("the failed run left an event file behind")
print("PASS: TensorBoard events decoded and checked")
