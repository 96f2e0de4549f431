// Writes the golden ids of Llama 3's tiktoken tokenizer for the golden corpus:
// per string, the ids of Meta's Tokenizer.encode(s, bos=False, eos=False) (its
// defaults allowed_special=set(), disallowed_special=(): special-token
// spellings are ordinary text) and their decode.
//
// The ids come from tiktoken's own algorithm written out here: its regex run by
// V8 with \s spelled \p{White_Space} as Rust's regex reads it and (?i)
// spelled out with simple case folding (U+017F folds to s), then
// byte_pair_merge on the ranks file. Two independent encoders check them: the
// npm package llama3-tokenizer-js (HF merges, JavaScript's own \s) and the
// @lenml tokenizer.json encoder (transformers.js); every disagreement is
// listed and explained, or the script fails.
//
//   node tiktoken_golden.js TOKENIZER_MODEL CORPUS.json LLAMA3_TOKENIZER_JS_PKG NPM_DIR OUT.json
const fs = require('fs');
const path = require('path');
const [modelPath, corpusPath, pkgDir, npmDir, out] = process.argv.slice(2);
if (!out) {
  console.error('usage: node tiktoken_golden.js TOKENIZER_MODEL CORPUS.json PKG_DIR NPM_DIR OUT.json');
  process.exit(2);
}
const fail = (msg) => { console.error('tiktoken_golden.js: ' + msg); process.exit(1); };

const ranks = new Map();
const byRank = [];
fs.readFileSync(modelPath, 'utf8').split('\n').forEach((line, i) => {
  if (!line) return;
  const [b64, rank] = line.split(' ');
  const bytes = Buffer.from(b64, 'base64');
  ranks.set(bytes.toString('latin1'), Number(rank));
  byRank[Number(rank)] = bytes;
});

const pattern = /'(?:[sS\u017F]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\p{White_Space}\p{L}\p{N}]+[\r\n]*|\p{White_Space}*[\r\n]+|\p{White_Space}+(?!\P{White_Space})|\p{White_Space}+/gu;

// tiktoken's byte_pair_merge: merge the adjacent pair whose bytes rank lowest,
// leftmost on ties, until no pair is a token.
function bytePairEncode(piece) {
  const rankOf = (a, b) => {
    const r = ranks.get(piece.toString('latin1', a, b));
    return r === undefined ? Infinity : r;
  };
  const parts = [];
  for (let i = 0; i <= piece.length; ++i) parts.push({ start: i, rank: Infinity });
  for (let i = 0; i + 2 <= piece.length; ++i) parts[i].rank = rankOf(i, i + 2);
  const pairRank = (i) => (i + 3 < parts.length ? rankOf(parts[i].start, parts[i + 3].start) : Infinity);
  for (;;) {
    let best = Infinity, at = -1;
    for (let i = 0; i + 1 < parts.length; ++i)
      if (parts[i].rank < best) { best = parts[i].rank; at = i; }
    if (at < 0) break;
    parts[at].rank = pairRank(at);
    if (at > 0) parts[at - 1].rank = pairRank(at - 1);
    parts.splice(at + 1, 1);
  }
  const ids = [];
  for (let i = 0; i + 1 < parts.length; ++i) ids.push(rankOf(parts[i].start, parts[i + 1].start));
  return ids;
}

function encode(text) {
  const ids = [];
  for (const m of text.matchAll(pattern)) {
    const bytes = Buffer.from(m[0], 'utf8');
    const r = ranks.get(bytes.toString('latin1'));
    if (r !== undefined) ids.push(r);
    else ids.push(...bytePairEncode(bytes));
  }
  return ids;
}
const decode = (ids) => Buffer.concat(ids.map((id) => byRank[id])).toString('utf8');

// The two independent encoders.
const { llama3Tokenizer } = require(pkgDir + '/bundle/commonjs-llama3-tokenizer-with-baked-data.cjs');
const packageEncode = (s) => llama3Tokenizer.encode(s, { bos: false, eos: false, specialTokenRegex: /(?!)/g });
const { TokenizerLoader } = require(path.join(npmDir, 'node_modules/@lenml/tokenizers'));
const lenmlDir = path.join(npmDir, '@lenml+tokenizer-llama3/package/models');
const lenml = TokenizerLoader.fromPreTrained({
  tokenizerJSON: JSON.parse(fs.readFileSync(path.join(lenmlDir, 'tokenizer.json'), 'utf8')),
  tokenizerConfig: JSON.parse(fs.readFileSync(path.join(lenmlDir, 'tokenizer_config.json'), 'utf8')),
});
const lenmlEncode = (s) => lenml.encode(s, { add_special_tokens: false });

// Where JavaScript's \s (the package) and the regexes differ from Rust's: U+0085
// is White_Space but not JS \s; U+FEFF is JS \s but not White_Space; the
// package spells (?i) without U+017F.
const explains = (s) => /[\u0085\uFEFF]|'\u017F/u.test(s);
const specialSpelling = /<\|(begin_of_text|end_of_text|reserved_special_token_\d+|start_header_id|end_header_id|eot_id)\|>/;

const corpus = JSON.parse(fs.readFileSync(corpusPath, 'utf8'));
const cases = [];
const stats = { package: 0, packageExplained: 0, lenml: 0, lenmlExplained: 0, lenmlSkipped: 0, roundTrip: 0 };
const unexplained = [];
corpus.forEach((text, i) => {
  const ids = encode(text);
  const decoded = decode(ids);
  if (decoded === Buffer.from(text, 'utf8').toString('utf8')) ++stats.roundTrip;
  const same = (other) => other.length === ids.length && other.every((v, k) => v === ids[k]);
  if (same(packageEncode(text))) ++stats.package;
  else if (explains(text)) ++stats.packageExplained;
  else unexplained.push(`package, string ${i}: ${JSON.stringify(text).slice(0, 120)}`);
  if (specialSpelling.test(text)) ++stats.lenmlSkipped;
  else if (same(lenmlEncode(text))) ++stats.lenml;
  else if (explains(text)) ++stats.lenmlExplained;
  else unexplained.push(`lenml, string ${i}: ${JSON.stringify(text).slice(0, 120)}`);
  cases.push({ text, ids, decode: decoded });
});
console.log(`tiktoken_golden.js: ${corpus.length} strings; llama3-tokenizer-js agrees on ${stats.package}` +
  ` (${stats.packageExplained} differ where \\s or (?i) differ in JavaScript);` +
  ` lenml tokenizer.json agrees on ${stats.lenml} (${stats.lenmlExplained} such differences,` +
  ` ${stats.lenmlSkipped} strings with special spellings not compared); decode gives the text back for ${stats.roundTrip}`);
if (unexplained.length) fail(`${unexplained.length} unexplained disagreements:\n  ` + unexplained.slice(0, 20).join('\n  '));
const modelSha256 = require('crypto').createHash('sha256').update(fs.readFileSync(modelPath)).digest('hex');
fs.writeFileSync(out + '.tmp', JSON.stringify({ model_sha256: modelSha256, cases }));
fs.renameSync(out + '.tmp', out);
console.log(`tiktoken_golden.js: wrote ${out}`);
