// Golden ids of the SentencePiece family from an npm package's own encoder:
// for each corpus string, the ids without BOS (add_bos_token=false,
// add_preceding_space=true: SentencePiece's dummy prefix) and the package's
// decode of them. The encoder is first checked on ids the real tokenizer gives.
//
//   node sentencepiece_golden.js PACKAGE.mjs llama2|mistral CORPUS.json OUT.json
import { readFileSync, writeFileSync } from 'fs';
import { pathToFileURL } from 'url';

const [pkg, family, corpusPath, out] = process.argv.slice(2);
if (!out) {
  console.error('usage: node sentencepiece_golden.js PACKAGE.mjs llama2|mistral CORPUS.json OUT.json');
  process.exit(2);
}
const tokenizer = (await import(pathToFileURL(pkg).href)).default;

// Llama 2's and Mistral's own tokenizers (the latter from the package's tests).
const known = {
  llama2: [['Hello world', [15043, 3186]], ['grabbed', [2646, 1327, 287]],
           ['\n', [29871, 13]]],
  mistral: [['grabbed', [13300]], [' grabbed', [28705, 13300]],
            ['           grabbed', [17422, 13300]], ['ax\n####\nboo', [6056, 13, 2000, 13, 1798, 28709]],
            ['🦙', [28705, 243, 162, 169, 156]]],
}[family];
if (!known) { console.error(`sentencepiece_golden.js: unknown family ${family}`); process.exit(2); }
for (const [text, expected] of known) {
  const ids = tokenizer.encode(text, false, true);
  if (JSON.stringify(ids) !== JSON.stringify(expected)) {
    console.error(`sentencepiece_golden.js: ${pkg} encodes ${JSON.stringify(text)} as ` +
                  `${JSON.stringify(ids)}, not ${JSON.stringify(expected)}`);
    process.exit(1);
  }
}

const corpus = JSON.parse(readFileSync(corpusPath, 'utf8'));
const golden = corpus.map((text) => {
  const ids = tokenizer.encode(text, false, true);
  return { ids, decoded: tokenizer.decode(ids, false, true) };
});
writeFileSync(out, JSON.stringify(golden));
console.log(`sentencepiece_golden.js: ${out}: ${golden.length} strings`);
