// Golden ids of a tokenizer.json: encodes every string of the golden corpus with
// transformers.js (npm @lenml/tokenizers), the post-processor's special tokens
// included (encode's add_special_tokens: true, so BOS where the template has
// one), and decodes those ids back with skip_special_tokens: true and
// clean_up_tokenization_spaces: false (the tokenizer.json decoder alone, as HF
// tokenizers' decode(ids, skip_special_tokens=True) gives it).
//
//   node hf_golden.js NPM_DIR MODEL_DIR CORPUS.json OUT.json
const fs = require('fs');
const path = require('path');

const [npmDir, modelDir, corpusPath, out] = process.argv.slice(2);
if (!npmDir || !modelDir || !corpusPath || !out) {
  console.error('usage: node hf_golden.js NPM_DIR MODEL_DIR CORPUS.json OUT.json');
  process.exit(2);
}
const { TokenizerLoader } = require(path.resolve(npmDir, 'node_modules/@lenml/tokenizers'));
const read = f => JSON.parse(fs.readFileSync(path.join(modelDir, f), 'utf8'));
const tokenizer = TokenizerLoader.fromPreTrained({
  tokenizerJSON: read('tokenizer.json'), tokenizerConfig: read('tokenizer_config.json') });
const corpus = JSON.parse(fs.readFileSync(corpusPath, 'utf8'));
const ids = [], decoded = [];
for (const text of corpus) {
  const e = tokenizer.encode(text, { add_special_tokens: true });
  ids.push(e);
  // (transformers.js refuses to decode no ids: an empty text without BOS.)
  decoded.push(e.length === 0 ? '' :
      tokenizer.decode(e, { skip_special_tokens: true, clean_up_tokenization_spaces: false }));
}
fs.writeFileSync(out + '.tmp', JSON.stringify({
  encoder: 'transformers.js (@lenml/tokenizers) encode(text, {add_special_tokens: true})',
  decoder: 'decode(ids, {skip_special_tokens: true, clean_up_tokenization_spaces: false})',
  ids, decoded }));
fs.renameSync(out + '.tmp', out);
