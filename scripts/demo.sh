#!/usr/bin/env bash
# The main job, from nothing: install, build, compile gpt2-tiny, tokenize real
# English text (Debian's fortunes), train it across several MPI ranks, compare
# the validation perplexity with the unigram baseline, and sample text.
#
# It trains with tensor and pipeline parallelism (t=2 x p=2: 4 ranks), then
# samples with a one-rank program that loads the same checkpoint (re-sliced at
# load). MTC_DEMO_MODEL=bert pre-trains bert-tiny instead, as Megatron-LM does:
# WordPiece text split into sentences, masked-LM and sentence-order objectives,
# checked against the unigram baseline of the masked tokens and chance (about
# 15 minutes on 2 cores: a masked LM learns from 15% of its positions).
# MTC_DEMO_MODEL=llama runs the GPT job with llama-tiny (RMSNorm, rotary
# positions, SwiGLU, grouped-query attention, untied output layer) on text
# tokenized by Llama 2's own SentencePiece tokenizer (32,000 pieces, <s> before
# every document as Megatron's Llama2Tokenizer puts it).
# MTC_DEMO_MODEL=moe runs it with mixtral-tiny (llama-tiny's layers with 8
# SwiGLU experts, top-2, a load-balancing loss; docs/moe.md) on 4 ranks:
# expert parallelism over 2 data ranks and 2 pipeline stages (ep=2, d=2,
# p=2), printing the load-balancing loss and the expert load as it trains and
# the tokens each expert took at the end (generate does not run MoE plans yet).
# Environment knobs (defaults in brackets, GPT and LLaMA / BERT): MTC_DEMO_MODEL
# [gpt], MTC_DEMO_STEPS [300 / 600], MTC_DEMO_TP [2; moe 1], MTC_DEMO_PP [2 / 1],
# MTC_DEMO_DP [1; moe 2], MTC_DEMO_EP [moe 2], MTC_DEMO_GLOBAL_BATCH [16 / 64],
# MTC_DEMO_OUT [out/demo, out/demo-llama, out/demo-moe / out/demo-bert].
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD="${MTC_BUILD_DIR:-$ROOT/build}"
MODEL="${MTC_DEMO_MODEL:-gpt}"
case "$MODEL" in
  gpt) OUT="${MTC_DEMO_OUT:-$ROOT/out/demo}"; STEPS="${MTC_DEMO_STEPS:-300}"
       PP="${MTC_DEMO_PP:-2}"; GLOBAL_BATCH="${MTC_DEMO_GLOBAL_BATCH:-16}"; NAME=gpt2-tiny ;;
  llama) OUT="${MTC_DEMO_OUT:-$ROOT/out/demo-llama}"; STEPS="${MTC_DEMO_STEPS:-300}"
         PP="${MTC_DEMO_PP:-2}"; GLOBAL_BATCH="${MTC_DEMO_GLOBAL_BATCH:-16}"; NAME=llama-tiny ;;
  moe) OUT="${MTC_DEMO_OUT:-$ROOT/out/demo-moe}"; STEPS="${MTC_DEMO_STEPS:-300}"
       PP="${MTC_DEMO_PP:-2}"; GLOBAL_BATCH="${MTC_DEMO_GLOBAL_BATCH:-16}"; NAME=mixtral-tiny ;;
  bert) OUT="${MTC_DEMO_OUT:-$ROOT/out/demo-bert}"; STEPS="${MTC_DEMO_STEPS:-600}"
        PP="${MTC_DEMO_PP:-1}"; GLOBAL_BATCH="${MTC_DEMO_GLOBAL_BATCH:-64}" ;;
  *) echo "demo: MTC_DEMO_MODEL must be gpt, llama, moe or bert, got '$MODEL'" >&2; exit 2 ;;
esac
# Mixtures of experts are not split by tensor parallelism yet (docs/moe.md):
# their demo spreads the experts over the data ranks instead.
if [ "$MODEL" = moe ]; then
  TP="${MTC_DEMO_TP:-1}"; DP="${MTC_DEMO_DP:-2}"; EP="${MTC_DEMO_EP:-2}"
else
  TP="${MTC_DEMO_TP:-2}"; DP="${MTC_DEMO_DP:-1}"; EP=1
fi
RANKS=$((TP * PP * DP))

bash "$ROOT/scripts/setup.sh"
bash "$ROOT/scripts/build.sh" mtc-import mtc-opt mtc-compile mtc-data mtc_runtime_shared
mkdir -p "$OUT"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
THREADS=$(( $(nproc) / RANKS )); [ "$THREADS" -ge 1 ] || THREADS=1
mapfile -t FORTUNES < <(find /usr/share/games/fortunes -maxdepth 1 -type f \
  ! -name '*.dat' ! -name '*.u8' ! -name '*.pdat' | sort)

if [ "$MODEL" = bert ]; then
  VOCAB="$ROOT/third_party_data/bert-base-uncased/vocab.txt"
  echo "== 1. tokenize Debian's fortunes with BERT's uncased WordPiece, one sequence per sentence"
  "$BUILD/bin/mtc-data" --format fortune --output-prefix "$OUT/fortunes" --shuffle-documents 1 \
    --tokenizer-type BertWordPieceLowerCase --vocab-file "$VOCAB" --split-sentences \
    $(printf -- '--input %s ' "${FORTUNES[@]}")

  echo "== 2. compile bert-tiny for tp=$TP pp=$PP dp=$DP"
  "$BUILD/bin/mtc-opt" "$ROOT/models/bert-tiny.mlir" --mtc-stats -o /dev/null
  # Fortunes are short: 64 positions hold most samples whole.
  "$BUILD/bin/mtc-compile" "$ROOT/models/bert-tiny.mlir" -o "$OUT/bert-tiny" \
    --tp="$TP" --pp="$PP" --dp="$DP" --micro-batch-size=16 --seq-length=64 --global-batch-size="$GLOBAL_BATCH" \
    --lr=1e-3 --min-lr=1e-4 --lr-warmup-iters=50 --lr-decay-iters="$STEPS" --weight-decay=0.01 \
    --beta2=0.999

  echo "== 3. pre-train on $RANKS MPI ranks (masked LM + sentence order)"
  rm -rf "$OUT/checkpoints"
  mpirun --oversubscribe --bind-to none -np "$RANKS" "$OUT/bert-tiny/train" \
    --data-path "$OUT/fortunes" --vocab-file "$VOCAB" --split 949,50,1 --train-iters "$STEPS" \
    --global-batch-size "$GLOBAL_BATCH" --seed 1234 --threads "$THREADS" \
    --log-interval 50 --eval-interval 200 --eval-iters 8 \
    --save "$OUT/checkpoints" --metrics "$OUT/metrics.jsonl" | tee "$OUT/train.log"

  echo "== 4. masked-LM loss against the unigram baseline, sentence order against chance"
  /usr/bin/python3 - "$OUT/fortunes.bin" "$OUT/metrics.jsonl" <<'PY'
import json, math, sys
from collections import Counter
import numpy as np
# Masked positions are drawn uniformly over the words of the text, and their
# targets are the original tokens: the corpus's unigram entropy is what a
# model that ignores the context scores on them.
tokens = np.fromfile(sys.argv[1], dtype=np.uint16)
counts = Counter(tokens.tolist())
n = len(tokens)
entropy = -sum(c / n * math.log(c / n) for c in counts.values())
rows = [json.loads(line) for line in open(sys.argv[2]) if "valid_loss" in line]
if not rows:
    sys.exit("demo: the metrics have no validation row")
last = rows[-1]
print(f"unigram baseline of the masked tokens: {entropy:.3f} nats")
print(f"final validation masked-LM loss: {last['valid_loss']:.3f} nats "
      f"({entropy - last['valid_loss']:.2f} below)")
print(f"final validation sentence-order loss: {last['valid_sop_loss']:.3f} "
      f"(chance {math.log(2):.3f}), accuracy {last['valid_sop_accuracy']:.3f} (chance 0.5)")
# Measured at 600 steps (docs/bert.md): 0.30 nats below, accuracy 0.75.
if last["valid_loss"] > entropy - 0.2:
    sys.exit("demo: the masked-LM loss is not well below the unigram baseline")
if last["valid_sop_accuracy"] < 0.65:
    sys.exit("demo: the sentence-order head is not well above chance")
PY
  exit 0
fi

if [ "$MODEL" = llama ] || [ "$MODEL" = moe ]; then
  TOKENIZER=(--tokenizer-type Llama2Tokenizer
             --tokenizer-model "$ROOT/third_party_data/tokenizers/llama2/tokenizer.model")
  TOKENIZER_NAME="Llama 2's SentencePiece tokenizer"
  TRAIN_TOKENIZER=("${TOKENIZER[@]}") # train checks the data's ids against it
else
  TOKENIZER=(--vocab-dir "$ROOT/third_party_data/gpt2-bpe")
  TOKENIZER_NAME="GPT-2's BPE"
  TRAIN_TOKENIZER=()
fi
echo "== 1. tokenize Debian's fortunes with $TOKENIZER_NAME"
# Documents shuffled, so the train/valid/test split mixes every fortune file.
"$BUILD/bin/mtc-data" --format fortune --output-prefix "$OUT/fortunes" --shuffle-documents 1 \
  --append-eod "${TOKENIZER[@]}" $(printf -- '--input %s ' "${FORTUNES[@]}")

echo "== 2. compile $NAME for tp=$TP pp=$PP dp=$DP ep=$EP, and a one-rank program for sampling"
"$BUILD/bin/mtc-opt" "$ROOT/models/$NAME.mlir" --mtc-stats -o /dev/null
"$BUILD/bin/mtc-compile" "$ROOT/models/$NAME.mlir" -o "$OUT/$NAME" \
  --tp="$TP" --pp="$PP" --dp="$DP" --ep="$EP" --micro-batch-size=4 --seq-length=128 --global-batch-size="$GLOBAL_BATCH" \
  --lr=2e-3 --min-lr=2e-4 --lr-warmup-iters=30 --lr-decay-iters="$STEPS" --weight-decay=0.1
"$BUILD/bin/mtc-compile" "$ROOT/models/$NAME.mlir" -o "$OUT/$NAME-1rank" \
  --micro-batch-size=1 --seq-length=128 >/dev/null

echo "== 3. train on $RANKS MPI ranks"
rm -rf "$OUT/checkpoints"
mpirun --oversubscribe --bind-to none -np "$RANKS" "$OUT/$NAME/train" \
  --data-path "$OUT/fortunes" "${TRAIN_TOKENIZER[@]}" --split 949,50,1 --train-iters "$STEPS" \
  --global-batch-size "$GLOBAL_BATCH" --seed 1234 --threads "$THREADS" \
  --log-interval 25 --eval-interval 100 --eval-iters 8 \
  --save "$OUT/checkpoints" --metrics "$OUT/metrics.jsonl" | tee "$OUT/train.log"

echo "== 4. validation perplexity against the unigram baseline"
/usr/bin/python3 - "$OUT/fortunes.bin" "$OUT/train.log" <<'PY'
import math, re, sys
from collections import Counter
import numpy as np
tokens = np.fromfile(sys.argv[1], dtype=np.uint16)
counts = Counter(tokens.tolist())
n = len(tokens)
entropy = -sum(c / n * math.log(c / n) for c in counts.values())
unigram = math.exp(entropy)
ppl = [float(m) for m in re.findall(r"lm loss PPL: ([0-9.eE+-]+)", open(sys.argv[2]).read())]
if not ppl:
    sys.exit("demo: the training log has no validation perplexity")
print(f"unigram baseline perplexity: {unigram:.1f}")
print(f"final validation perplexity: {ppl[-1]:.1f} ({unigram / ppl[-1]:.1f}x lower)")
if ppl[-1] > unigram / 2:
    sys.exit("demo: validation perplexity is not far below the unigram baseline")
PY

if [ "$MODEL" = moe ]; then
  echo "== 5. the expert load: tokens each expert took over the run (all layers)"
  /usr/bin/python3 - "$OUT/metrics.jsonl" <<'PY'
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1]) if "expert_tokens" in line]
first, last = rows[0]["expert_tokens"], rows[-1]["expert_tokens"]
total = [sum(r["expert_tokens"][e] for r in rows) for e in range(len(first))]
share = lambda v: " ".join(f"{100 * x / sum(v):5.1f}" for x in v)
print(f"share of routed tokens per expert (%), first iteration: {share(first)}")
print(f"share of routed tokens per expert (%), last iteration:  {share(last)}")
print(f"share of routed tokens per expert (%), whole run:       {share(total)}")
print(f"final load_balancing_loss: {rows[-1]['load_balancing_loss']:.6f} "
      f"(coefficient 0.01 at perfect balance)")
PY
  exit 0
fi

echo "== 5. sample"
"$OUT/$NAME-1rank/generate" --load "$OUT/checkpoints" "${TOKENIZER[@]}" \
  --prompt "The secret of life is" --tokens 60 --top-k 40 --temperature 0.8 --seed 7
