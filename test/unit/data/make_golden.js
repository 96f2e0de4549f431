// Writes golden_tokens.json: strings and the ids GPT-2's reference encoder gives
// them, from the npm package gpt-3-encoder (a port of OpenAI's encoder.py).
//
//   cd /tmp && npm pack gpt-3-encoder@1.1.4 && mkdir -p gpt3enc && tar xzf gpt-3-encoder-1.1.4.tgz -C gpt3enc
//   node test/unit/data/make_golden.js /tmp/gpt3enc/package > test/unit/data/golden_tokens.json
//
// The package treats "<|endoftext|>" as plain text, so special-token cases live
// in the C++ test instead.
const path = require('path');
const packageDir = process.argv[2];
if (!packageDir) {
  console.error('usage: node make_golden.js <unpacked gpt-3-encoder package dir>');
  process.exit(2);
}
const { encode, decode } = require(path.resolve(packageDir, 'Encoder.js'));

// Deterministic pseudo-random text, for pieces long enough that the C++ encoder
// takes its heap path (64 bytes and more).
function pseudoRandom(length, alphabet, seed) {
  let state = seed, out = '';
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    out += alphabet[state % alphabet.length];
  }
  return out;
}
const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

const strings = [
  // ASCII words and sentences
  'Hello world',
  'hello',
  ' hello',
  'The quick brown fox jumps over the lazy dog.',
  'GPT-2 is a transformer language model trained on WebText.',
  'a',
  ' ',
  '',
  // contractions, lower and upper case
  "it's",
  "don't stop",
  "we're here",
  "I've seen",
  "I'm fine",
  "you'll see",
  "he'd go",
  "IT'S LOUD",
  "DON'T",
  "WE'RE, I'VE, I'M, YOU'LL, HE'D",
  "rock 'n' roll",
  "''s quoted 's",
  // whitespace runs
  'two  spaces',
  'many     spaces here',
  'tab\tseparated\tvalues',
  'tabs\t\t\tand words',
  'line one\nline two\n\nline four',
  'trailing spaces   ',
  '   leading spaces',
  '\n\n\n',
  'mixed \t \n whitespace',
  'ends with newline\n',
  // digits and punctuation
  '1234567890',
  'pi is 3.14159, e is 2.71828',
  'Call 555-0123 at 10:30pm!',
  '!!! ??? ... ---',
  '(parentheses) [brackets] {braces} <angles>',
  'email@example.com and https://example.org/path?q=1&r=2',
  '#include <stdio.h>\nint main() { return 0; }',
  // accented Latin, combining marks
  'café naïve résumé',
  'Ångström Übermensch Ñandú',
  'cafe\u0301 with a combining acute',
  'a\u0308\u0304 stacked marks',
  // CJK, other scripts
  '日本語のテキスト',
  '中文字符测试',
  '한국어 텍스트',
  'Привет, мир!',
  'مرحبا بالعالم',
  // emoji
  'I love 🍕 and 🚀!',
  '👨‍👩‍👧‍👦 family',
  '🇩🇪 flag',
  // long pieces
  pseudoRandom(500, letters, 1),
  pseudoRandom(300, 'aeiouthnrs', 2),
  'a'.repeat(257),
  '='.repeat(100) + ' ' + 'ab'.repeat(80),
  'supercalifragilisticexpialidocious'.repeat(4),
  ' ' + pseudoRandom(200, 'etaoinshrdlu', 3) + pseudoRandom(120, '0123456789', 4),
  // a mix
  "Mr. O'Neil's 3 cats' toys—they're 100% fun…",
];

const cases = strings.map(text => {
  const ids = encode(text);
  if (decode(ids) !== text) {
    throw new Error('reference round trip failed for ' + JSON.stringify(text));
  }
  return { text, ids };
});
// One case per line keeps the file readable and its diffs small.
const lines = cases.map(c => '  ' + JSON.stringify(c));
process.stdout.write('{"source": "gpt-3-encoder@1.1.4 (npm), encode()",\n "cases": [\n' +
                     lines.join(',\n') + '\n]}\n');
