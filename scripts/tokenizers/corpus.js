// Writes the tokenizer golden corpus: a JSON list of strings, every fortune of
// Debian's fortunes package (all 43 files, one string per fortune, in file order)
// followed by hand-written edge cases. The golden scripts encode it with the npm
// packages' own encoders; the C++ tests compare against those ids.
//
//   node corpus.js /usr/share/games/fortunes OUT.json
const fs = require('fs');
const path = require('path');
const [dir, out] = process.argv.slice(2);
if (!dir || !out) {
  console.error('usage: node corpus.js FORTUNES_DIR OUT.json');
  process.exit(2);
}

const strings = [];
const files = fs.readdirSync(dir).filter(f => !f.endsWith('.dat') && !f.endsWith('.u8')
    && fs.statSync(path.join(dir, f)).isFile()).sort();
if (files.length < 43) {
  console.error(`corpus.js: expected the 43 fortune files in ${dir}, found ${files.length}`);
  process.exit(1);
}
for (const f of files) {
  const text = fs.readFileSync(path.join(dir, f), 'utf8');
  for (const fortune of text.split(/^%\n/m))
    if (fortune.length) strings.push(fortune);
}

const rep = (s, n) => s.repeat(n);
const edge = [
  '', ' ', '  ', '   ', '\t', '\n', '\n\n', '\r\n', '\r\n\r\n', ' \n ', '\t\t x', 'x\t', 'x ',
  'x  ', ' x', '  x', '   x  y   ', 'a\nb', 'a\n\nb', 'a \n b', 'a\r\nb', '\n\n\nend', 'end\n\n\n',
  'Hello world', 'Hello  world', ' Hello world ', 'hello\tworld\n', 'HELLO WORLD',
  '0', '1', '12', '123', '1234', '12345', '1234567890', 'x1234567y', '3.14159', '-42', '1,000,000',
  '2024-11-28', 'v1.2.3', '0x7fffffff', '١٢٣٤٥', '৩৪৫', '½ ¾ ²',
  "I'm", "I'M", "we'll", "WE'LL", "they're", "it's", "'s", "'S", "don't", "Don'T", "'ll've", "x's'",
  "rock 'n' roll", "'quoted'", '"double"', '`tick`',
  '日本語のテキスト', '中文文本，标点。', '한국어 텍스트', 'ภาษาไทย', 'हिन्दी', 'العربية', 'עברית',
  'Ελληνικά', 'Русский текст', 'Ünïcödé çàfé', 'naïve coöperate', 'Straße', 'ﬁ ligature',
  'e\u0301 cafe\u0301', 'a\u0300\u0301\u0302\u0303', '\u0915\u094d\u0937', 'Z\u0351\u036b\u0343\u036a',
  '🎉', '🎉🎉🎉', 'emoji 😀 mix', '👨‍👩‍👧‍👦', '🇫🇷🇩🇪', '👍🏽', '❤️', '\u{1F9D1}\u200D\u{1F4BB}',
  '\u00a0nbsp\u00a0', '\u3000ideographic\u3000space', '\u2028line\u2029para', '\u200bzero width',
  '\u0085next line', '\u000bvt\u000cff', '\u{10FFFD}', '\u{E000}private', '\u{1D400}\u{1D401}',
  '\u{13000}\u{13001}', '\u{20000}\u{2A700}', 'ꙮ', '\u{1F600}\u{E0001}', '\u2581', '\u2581\u2581x',
  'a\u2581b', '▁ ▁', '<0x41>', '<0xFF>',
  '<s>', '</s>', '<unk>', '<s>hello</s>', ' <s> ', 'x<s>y', '<<s>>', '<s', 's>',
  '<|begin_of_text|>', '<|end_of_text|>', '<|eot_id|>', '<|start_header_id|>user<|end_header_id|>',
  '<|reserved_special_token_5|>', '<|reserved_special_token_250|>', 'a<|begin_of_text|>b',
  '<|begin_of_text|', '<|endoftext|>', '[INST] hi [/INST]',
  rep('a', 1000), rep(' ', 100), rep('ab', 300), rep('\n', 50), rep('1', 100), rep('日', 200),
  rep('🎉', 50), rep('. ', 100), rep('-', 80), rep('=', 64) + '\n',
  'def f(x):\n    return x * 2\n\n\tif x:\n\t\tpass\n', '{"key": [1, 2, 3], "k2": null}',
  '#include <stdio.h>\nint main() { return 0; }\n', 'https://example.com/a?b=c&d=e#f',
  'user@example.com', '$100.00 + 5% = ???', '!!!???...', '((()))', '~!@#$%^&*()_+',
  'a.b,c;d:e', 'Mr. Smith\'s 2nd car.', 'line one\nline two\n\nparagraph two.\n',
];
for (const s of edge) strings.push(s);
fs.writeFileSync(out, JSON.stringify(strings));
console.error(`corpus.js: ${strings.length} strings (${files.length} fortune files, ${edge.length} edge cases)`);
