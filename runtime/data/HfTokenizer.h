// A HuggingFace tokenizer.json of the LLaMA family, encoded and decoded exactly
// as HF tokenizers does: Llama 2 / Mistral (normalizer Prepend "▁" + Replace
// " " -> "▁", BPE with byte_fallback, TemplateProcessing <s> $A, decoder
// Replace/ByteFallback/Fuse/Strip) and Llama 3 (Split on its regex + ByteLevel,
// BPE with ignore_merges, 256 special added tokens, ByteLevel decoder), and what
// is built from the same parts. Anything else is refused by a DataError naming
// the file and the JSON path of the field ("tokenizer.json:
// pre_tokenizer.pretokenizers[0].type \"Digits\" is not supported").
//
// What it implements:
//   model          BPE: vocab (ids dense from 0), merges ("a b" or ["a", "b"]),
//                  byte_fallback, fuse_unk, unk_token, ignore_merges; dropout
//                  null or 0, continuing_subword_prefix/end_of_word_suffix null.
//   normalizer     null, Sequence, Prepend, Replace (String pattern), NFC, NFD,
//                  NFKC, NFKD.
//   pre_tokenizer  null, Sequence, Split (Isolated, not inverted, on Llama 3's or
//                  GPT-2's regex, which are run by hand-written splitters),
//                  ByteLevel (add_prefix_space, use_regex = GPT-2's split; last in
//                  a Sequence), Metaspace (replacement, prepend_scheme, split).
//   post_processor null, TemplateProcessing (its "single" template: the special
//                  tokens before and after $A are prefixIds() and suffixIds()),
//                  ByteLevel (nothing for ids), Sequence of those.
//   decoder        null (tokens joined by spaces), ByteLevel, Metaspace, Replace
//                  (String pattern), ByteFallback, Fuse, Strip, Sequence.
//   added_tokens   the text is first split on them (leftmost, then longest match),
//                  with lstrip/rstrip; single_word is refused, and so is
//                  normalized: true where there is a normalizer. Each is its id.
//   truncation, padding: null only.
//
// encodeAppend() gives the ids of the text alone; the post-processor's special
// tokens are prefixIds() + ids + suffixIds() (HF's encode(text,
// add_special_tokens=True)). decode() is HF's decode(ids,
// skip_special_tokens=True): added tokens marked special give nothing, the rest
// go through the decoder.
//
// bosId()/eosId(): bos_token/eos_token of tokenizer_config.json next to the file
// where it has them (a string, or an object with "content"; null gives -1);
// otherwise the last special token of the template before $A (bos) and the first
// after it (eos), and failing those the token "<s>" or "<|begin_of_text|>" (bos),
// "</s>" or "<|end_of_text|>" (eos), or -1.
#pragma once
#include "data/TextTokenizer.h"

#include <memory>
#include <string>

namespace mtc::data {

class HfTokenizer final : public TextTokenizer {
public:
  // Reads PATH (a tokenizer.json) and, when present, tokenizer_config.json in
  // its directory.
  static HfTokenizer fromFile(const std::string &path);

  HfTokenizer(HfTokenizer &&) noexcept;
  HfTokenizer &operator=(HfTokenizer &&) noexcept;
  ~HfTokenizer() override;

  void encodeAppend(std::string_view text, std::vector<int32_t> &ids) const override;
  std::string decode(const std::vector<int32_t> &ids) const override;
  int32_t vocabSize() const override;
  int32_t bosId() const override;
  int32_t eosId() const override;
  // The token as the file spells it ("▁Hello", "ĠHello", "<0x0A>", "<s>").
  std::string tokenText(int32_t id) const override;

  // The post-processor's special tokens around a single text.
  const std::vector<int32_t> &prefixIds() const;
  const std::vector<int32_t> &suffixIds() const;
  // The id of a token of the vocabulary or an added token, spelled as the file
  // spells it; -1 if there is none.
  int32_t idOf(std::string_view token) const;
  // Whether `id` is an added token marked special (decode() drops those).
  bool isSpecial(int32_t id) const;

  struct Impl;

private:
  explicit HfTokenizer(std::unique_ptr<const Impl> impl);
  std::unique_ptr<const Impl> impl_;
};

} // namespace mtc::data
