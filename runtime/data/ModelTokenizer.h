// Megatron-LM's --tokenizer-type values that read a model's own tokenizer file
// (--tokenizer-model), and what each puts around a text, as Megatron's
// tokenizer classes do:
//
//   GPTSentencePieceTokenizer  SentencePiece tokenizer.model; the text's ids alone;
//                              eod = </s>.
//   Llama2Tokenizer            SentencePiece tokenizer.model; <s> before every text
//                              (Megatron's tokenize(s, bos=True, eos=False)); eod = </s>.
//   TikTokenizer               Llama 3's tiktoken ranks file (Meta's tokenizer.model);
//                              the text's ids alone, special-token spellings are
//                              ordinary text; eod = <|end_of_text|>.
//   HuggingFaceTokenizer       a tokenizer.json (or a folder holding one): its
//                              post-processor's template around the text (<s> or
//                              <|begin_of_text|> for the LLaMA family), added tokens
//                              recognised in the text; eod = its eos token.
//
// Megatron's SentencePieceTokenizer (the BERT/T5 one) appends <CLS>, <SEP>,
// <EOD>, <MASK> ids past the model's vocabulary and is refused; so is a
// TikTokenizer file in Megatron's own JSON layout.
#pragma once
#include "data/TextTokenizer.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mtc::data {

enum class ModelTokenizerKind { GptSentencePiece, Llama2, TikToken, HuggingFace };

// The kind a Megatron --tokenizer-type names; nullopt for the types that do not
// read --tokenizer-model (GPT2BPETokenizer, BertWordPiece*). Throws DataError for
// a type Megatron has but mtc refuses, with the reason.
std::optional<ModelTokenizerKind> modelTokenizerKind(std::string_view tokenizerType);
// The Megatron names modelTokenizerKind accepts, for --help and messages.
const std::vector<std::string> &modelTokenizerTypes();
std::string_view modelTokenizerTypeName(ModelTokenizerKind kind);

class ModelTokenizer;
// The tokenizer a HuggingFace model folder ships next to its config.json:
// tokenizer.json (HuggingFaceTokenizer), else tokenizer.model, a SentencePiece
// model (Llama2Tokenizer) or Llama 3's tiktoken ranks (TikTokenizer) by its
// content. nullopt when the folder has neither.
std::optional<ModelTokenizer> findModelTokenizer(const std::string &folder);

// For tools built without exceptions (the LLVM-based ones): the tokenizer of
// `type` in `path`, or with an empty type the one findModelTokenizer finds in
// folder `path`. `found` is false when there is none; `error` says why it
// could not be read.
struct ModelTokenizerSummary {
  bool found = false;
  std::string path, error;
  int32_t vocabSize = 0;
};
ModelTokenizerSummary summarizeModelTokenizer(const std::string &type, const std::string &path);

class ModelTokenizer {
public:
  // Throws DataError naming the file when it is missing or malformed.
  static ModelTokenizer open(ModelTokenizerKind kind, const std::string &path);

  // Megatron's tokenize(): prefix, the text's ids, suffix; appends to `ids`.
  void tokenizeAppend(std::string_view text, std::vector<int32_t> &ids) const;
  std::vector<int32_t> tokenize(std::string_view text) const {
    std::vector<int32_t> ids;
    tokenizeAppend(text, ids);
    return ids;
  }
  std::string decode(const std::vector<int32_t> &ids) const { return text_->decode(ids); }

  ModelTokenizerKind kind() const { return kind_; }
  const std::string &path() const { return path_; }
  const TextTokenizer &text() const { return *text_; }
  int32_t vocabSize() const { return text_->vocabSize(); }
  int32_t bosId() const { return text_->bosId(); }
  // Megatron's tokenizer.eod: what --append-eod appends and generation stops at.
  int32_t eodId() const { return eod_; }
  const std::vector<int32_t> &prefix() const { return prefix_; }
  const std::vector<int32_t> &suffix() const { return suffix_; }

private:
  ModelTokenizerKind kind_ = ModelTokenizerKind::GptSentencePiece;
  std::string path_;
  std::shared_ptr<const TextTokenizer> text_;
  std::vector<int32_t> prefix_, suffix_;
  int32_t eod_ = -1;
};

} // namespace mtc::data
