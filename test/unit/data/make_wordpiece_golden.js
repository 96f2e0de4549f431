// Writes wordpiece_golden.json: strings and the ids BERT's WordPiece tokenizer
// gives them with bert-base-uncased's vocab.txt, lower-cased and cased, from an
// independent implementation: the npm package @huggingface/tokenizers (the
// tokenizer of @huggingface/transformers, a port of HuggingFace's Rust
// BertNormalizer + BertPreTokenizer + WordPiece). It is also given Debian's
// fortunes file, for which only a digest of the ids is kept.
//
//   cd /tmp && npm pack @huggingface/tokenizers@0.2.0 && mkdir -p hftok && \
//     tar xzf huggingface-tokenizers-0.2.0.tgz -C hftok
//   node test/unit/data/make_wordpiece_golden.js /tmp/hftok/package \
//     third_party_data/bert-base-uncased/vocab.txt /usr/share/games/fortunes/fortunes \
//     > test/unit/data/wordpiece_golden.json
//
// Where that package departs from the reference (Google's tokenization.py, which
// Megatron-LM uses), the cases are left out here and checked by hand in
// WordPieceTest.cpp: it spaces out only CJK ideographs below U+10000 (it reads
// UTF-16 units), and it keeps unassigned code points (Cn), which the reference
// drops as control characters.
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');

const [packageDir, vocabPath, fortunesPath] = process.argv.slice(2);
if (!packageDir || !vocabPath || !fortunesPath) {
  console.error('usage: node make_wordpiece_golden.js <unpacked @huggingface/tokenizers dir> ' +
                '<vocab.txt> <fortunes file>');
  process.exit(2);
}
const { Tokenizer } = require(path.resolve(packageDir, 'dist', 'tokenizers.cjs'));

const vocabLines = fs.readFileSync(vocabPath, 'utf8').split('\n');
if (vocabLines[vocabLines.length - 1] === '') vocabLines.pop();
const vocab = {};
vocabLines.forEach((token, id) => { vocab[token] = id; });

// What bert-base-uncased's tokenizer.json holds, less the [CLS]/[SEP] post-processor
// and the added special tokens (the reference treats "[MASK]" in text as text).
function makeTokenizer(lowercase) {
  return new Tokenizer({
    version: '1.0',
    added_tokens: [],
    normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true,
                  strip_accents: null, lowercase },
    pre_tokenizer: { type: 'BertPreTokenizer' },
    post_processor: null,
    decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
    model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##',
             max_input_chars_per_word: 100, vocab },
  }, {});
}
const tokenizers = { lower: makeTokenizer(true), cased: makeTokenizer(false) };
const encode = (mode, text) => tokenizers[mode].encode(text, { add_special_tokens: false }).ids;

function pseudoRandom(length, alphabet, seed) {
  let state = seed, out = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out += alphabet[state % alphabet.length];
  }
  return out;
}

const strings = [
  // plain English, mixed case
  'Hello world',
  'The quick brown fox jumps over the lazy dog.',
  'HELLO World, hElLo!',
  'I like strawberries',
  'unaffable',
  'Megatron-LM trains BERT with whole-word masking.',
  "don't stop, it's fine; you'll see (they're here)",
  'a',
  '',
  '   ',
  // whitespace: tabs, newlines, CR, runs, non-breaking and other Zs spaces
  'tab\tseparated\tvalues',
  'line one\nline two\r\nline three\n\n',
  '  leading and trailing  ',
  'no\u00a0break\u2003em\u3000ideographic\u202fnarrow',
  'line\u2028separator and paragraph\u2029separator',
  // control and format characters, U+FFFD, NUL
  'bell\u0007 escape\u001b[0m backspace\u0008',
  'zero\u200bwidth\u200djoiner\u200cnon',
  'soft\u00adhyphen and bom\ufeffinside',
  'nul\u0000char and replacement\ufffdchar',
  'vertical\u000btab form\u000cfeed next\u0085line',
  'private\ue000use',
  // numbers
  '1234567890',
  'pi is 3.14159, e is 2.71828; 1,000,000 and 10^6',
  '2024-01-15T10:30:00Z',
  'Call 555-0123 at 10:30pm!',
  // punctuation: ASCII symbols counted as punctuation, Unicode P* and non-P symbols
  '!!! ??? ... --- $$$ ^^^ ``` ~~~',
  '(parentheses) [brackets] {braces} <angles> "quotes" \'single\'',
  'email@example.com and https://example.org/path?q=1&r=2#frag',
  '#include <stdio.h>\nint main() { return 0; }',
  '\u201csmart quotes\u201d \u2018single\u2019 \u00abguillemets\u00bb \u2014 em\u2013en dash\u2026',
  '\u00bfQu\u00e9? \u00a1S\u00ed! \u00a7 \u00b6 \u2020 \u2022 \u00b7',
  'math \u00b1 \u00d7 \u00f7 \u2264 \u2265 \u2260 \u221e and currency \u20ac \u00a3 \u00a5 \u00a2',
  'The [MASK] token, [CLS] and [SEP] are text here',
  // accents, combining marks, ligatures, German, Scandinavian, Turkish, Greek
  'caf\u00e9 na\u00efve r\u00e9sum\u00e9 fa\u00e7ade',
  '\u00c5ngstr\u00f6m \u00dcbermensch \u00d1and\u00fa \u00c9COLE',
  'cafe\u0301 with a combining acute',
  'a\u0308\u0304 stacked marks and \u0301 a lone mark',
  'Stra\u00dfe gro\u00df \u00c6sir \u00f8re \u00fe\u00f0',
  '\ufb01le \ufb02ow ligatures',
  '\u0130stanbul \u0131 D\u0130YARBAKIR',
  '\u039f\u0394\u039f\u03a3 \u03a3\u03bf\u03c6\u03af\u03b1 \u1f00\u03bb\u03ae\u03b8\u03b5\u03b9\u03b1',
  '\u03a3\u0391\u03a3. \u039d\u0391\u03a3.\u0392',
  '\u212b angstrom sign and \u2126 ohm sign',
  // other scripts
  '\u041f\u0440\u0438\u0432\u0435\u0442, \u043c\u0438\u0440! \u0401\u043b\u043a\u0430',
  '\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645',
  '\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd',
  '\u0928\u092e\u0938\u094d\u0924\u0947 \u0926\u0941\u0928\u093f\u092f\u093e',
  '\u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35\u0e04\u0e23\u0e31\u0e1a',
  // CJK: ideographs are split per character, kana and Hangul are not
  '\u65e5\u672c\u8a9e\u306e\u30c6\u30ad\u30b9\u30c8',
  '\u4e2d\u6587\u5b57\u7b26\u6d4b\u8bd5\uff0c\u4f60\u597d\uff01',
  '\ud55c\uad6d\uc5b4 \ud14d\uc2a4\ud2b8',
  'mixed\u4e2dchinese\u6587text',
  '\uf900\ufa0b compatibility ideographs',
  '\uff28\uff45\uff4c\uff4c\uff4f fullwidth \uff11\uff12\uff13',
  // emoji and symbols
  'I love \ud83c\udf55 and \ud83d\ude80!',
  '\ud83d\udc68\u200d\ud83d\udc69\u200d\ud83d\udc67 family \ud83c\udde9\ud83c\uddea flag',
  '\u2764\ufe0f heart \u2605 star \u263a smile',
  // long words: the 100-character limit, and words with no WordPiece split
  'a'.repeat(100),
  'a'.repeat(101),
  'supercalifragilisticexpialidocious'.repeat(3),
  pseudoRandom(99, 'abcdefghijklmnopqrstuvwxyz', 1),
  pseudoRandom(300, 'abcdefghijklmnopqrstuvwxyz ', 2),
  pseudoRandom(200, 'etaoinshrdlu.,!?- 0123456789', 3),
  '\u00e9'.repeat(101) + ' ' + 'e\u0301'.repeat(60),
  'x\u2603y words with an unknown \u2603 inside',
  // fortune-like text
  'You will be married within a year.\n',
  'Q:\tWhat do you call a boomerang that doesn\'t come back?\nA:\tA stick.\n',
  '"The best way to predict the future is to invent it."\n\t\t-- Alan Kay\n',
  'Mr. O\'Neil\'s 3 cats\' toys\u2014they\'re 100% fun\u2026 e.g. U.S.A. vs. Dr. Who, i.e. etc.',
];

const cases = strings.map(text => ({
  text, lower: encode('lower', text), cased: encode('cased', text),
}));

// The fortunes file: each fortune (between lines that are exactly "%") is one
// text, and fortunes with no tokens are left out, as mtc-data does. Only a digest
// of the ids is kept: 64-bit FNV-1a over every id as a 32-bit little-endian
// integer, fortunes in file order (easy to recompute in C++ and Python).
const FNV_OFFSET = 0xcbf29ce484222325n, FNV_PRIME = 0x100000001b3n, MASK64 = (1n << 64n) - 1n;
function fnv1a(bytes, hash = FNV_OFFSET) {
  for (const b of bytes) hash = ((hash ^ BigInt(b)) * FNV_PRIME) & MASK64;
  return hash;
}
const fortunesText = fs.readFileSync(fortunesPath);
const fortunes = [];
let current = [];
for (const line of fortunesText.toString('utf8').split('\n')) {
  if (line === '%') {
    fortunes.push(current.join('\n'));
    current = [];
  } else {
    current.push(line);
  }
}
fortunes.push(current.join('\n'));
let idsHash = FNV_OFFSET, tokens = 0, documents = 0;
for (const fortune of fortunes) {
  const ids = encode('lower', fortune);
  if (ids.length === 0) continue;
  documents++;
  tokens += ids.length;
  const bytes = Buffer.alloc(4 * ids.length);
  ids.forEach((id, i) => bytes.writeInt32LE(id, 4 * i));
  idsHash = fnv1a(bytes, idsHash);
}
const hex = h => h.toString(16).padStart(16, '0');

const lines = cases.map(c => '  ' + JSON.stringify(c));
const out = {
  source: '@huggingface/tokenizers@0.2.0 (npm): BertNormalizer + BertPreTokenizer + WordPiece',
  vocab: { file: 'bert-base-uncased vocab.txt',
           sha256: crypto.createHash('sha256').update(fs.readFileSync(vocabPath)).digest('hex') },
  fortunes: { file: fortunesPath, bytes: fortunesText.length, fnv1a64: hex(fnv1a(fortunesText)),
              documents, tokens, ids_fnv1a64: hex(idsHash) },
};
process.stdout.write(JSON.stringify(out, null, 1).slice(0, -2) + ',\n "cases": [\n' +
                     lines.join(',\n') + '\n]}\n');
