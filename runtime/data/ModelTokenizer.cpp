#include "data/ModelTokenizer.h"

#include "data/DataError.h"
#include "data/HfTokenizer.h"
#include "data/SentencePiece.h"
#include "data/TikToken.h"

#include <cctype>
#include <filesystem>
#include <fstream>

namespace mtc::data {
namespace {

// The first non-blank byte of the file: Megatron's TikTokenizer reads a JSON
// list, Meta's ranks file is lines of base64.
char firstByte(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  char c = 0;
  while (in.get(c))
    if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
      return c;
  return 0;
}

} // namespace

const std::vector<std::string> &modelTokenizerTypes() {
  static const std::vector<std::string> names = {"GPTSentencePieceTokenizer", "Llama2Tokenizer",
                                                 "TikTokenizer", "HuggingFaceTokenizer"};
  return names;
}

std::string_view modelTokenizerTypeName(ModelTokenizerKind kind) {
  return modelTokenizerTypes()[static_cast<size_t>(kind)];
}

std::optional<ModelTokenizerKind> modelTokenizerKind(std::string_view type) {
  const auto &names = modelTokenizerTypes();
  for (size_t k = 0; k < names.size(); ++k)
    if (type == names[k])
      return static_cast<ModelTokenizerKind>(k);
  if (type == "SentencePieceTokenizer")
    throw DataError("--tokenizer-type SentencePieceTokenizer is Megatron's BERT/T5 wrapper, which "
                    "appends <CLS>, <SEP>, <EOD> and <MASK> ids past the model's vocabulary; mtc "
                    "does not build it. A LLaMA-family model uses Llama2Tokenizer (<s> before "
                    "each document) or GPTSentencePieceTokenizer (no <s>)");
  return std::nullopt;
}

ModelTokenizer ModelTokenizer::open(ModelTokenizerKind kind, const std::string &path) {
  ModelTokenizer model;
  model.kind_ = kind;
  model.path_ = path;
  std::error_code error;
  if (path.empty())
    throw DataError("--tokenizer-type " + std::string(modelTokenizerTypeName(kind)) +
                    " reads --tokenizer-model FILE");
  if (!std::filesystem::exists(path, error))
    throw DataError("cannot read the tokenizer model '" + path + "': no such file");
  switch (kind) {
  case ModelTokenizerKind::GptSentencePiece:
  case ModelTokenizerKind::Llama2: {
    auto sp = std::make_shared<SentencePieceTokenizer>(SentencePieceTokenizer::fromFile(path));
    if (sp->eosId() < 0)
      throw DataError("'" + path + "': the SentencePiece model has no </s> (trainer_spec.eos_id "
                      "is -1), which " + std::string(modelTokenizerTypeName(kind)) +
                      " uses as the end of a document");
    if (kind == ModelTokenizerKind::Llama2) {
      if (sp->bosId() < 0)
        throw DataError("'" + path + "': the SentencePiece model has no <s> (trainer_spec.bos_id "
                        "is -1), which Llama2Tokenizer puts before every document");
      model.prefix_ = {sp->bosId()};
    }
    model.eod_ = sp->eosId();
    model.text_ = std::move(sp);
    break;
  }
  case ModelTokenizerKind::TikToken: {
    if (char first = firstByte(path); first == '[' || first == '{')
      throw DataError("'" + path + "' is JSON: Megatron's own TikTokenizer vocabulary layout "
                      "(special tokens first) is not supported; TikTokenizer reads Meta's Llama 3 "
                      "tokenizer.model (base64 token, rank per line)");
    auto tt = std::make_shared<TikTokenTokenizer>(TikTokenTokenizer::fromFile(path));
    model.eod_ = tt->eosId();
    model.text_ = std::move(tt);
    break;
  }
  case ModelTokenizerKind::HuggingFace: {
    std::string file = path;
    if (std::filesystem::is_directory(path, error))
      file = (std::filesystem::path(path) / "tokenizer.json").string();
    auto hf = std::make_shared<HfTokenizer>(HfTokenizer::fromFile(file));
    model.prefix_ = hf->prefixIds();
    model.suffix_ = hf->suffixIds();
    if (hf->eosId() < 0)
      throw DataError("'" + file + "' names no end-of-sequence token (tokenizer_config.json's "
                      "eos_token), which HuggingFaceTokenizer uses as the end of a document");
    model.eod_ = hf->eosId();
    model.path_ = file;
    model.text_ = std::move(hf);
    break;
  }
  }
  return model;
}

// Meta's ranks file is text lines "base64 rank"; a SentencePiece model is a
// protobuf whose first byte is field 1's tag (0x0a).
bool looksLikeTikTokenRanks(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  std::string line;
  if (!std::getline(in, line) || line.empty() || line.size() > 4096)
    return false;
  size_t space = line.find(' ');
  if (space == std::string::npos || space == 0 || space + 1 == line.size())
    return false;
  for (size_t i = 0; i < line.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(line[i]);
    bool ok = i < space ? (std::isalnum(c) || c == '+' || c == '/' || c == '=')
                        : i > space && std::isdigit(c);
    if (!ok && i != space)
      return false;
  }
  return true;
}

std::optional<ModelTokenizer> findModelTokenizer(const std::string &folder) {
  std::error_code error;
  auto json = std::filesystem::path(folder) / "tokenizer.json";
  if (std::filesystem::exists(json, error))
    return ModelTokenizer::open(ModelTokenizerKind::HuggingFace, json.string());
  auto model = std::filesystem::path(folder) / "tokenizer.model";
  if (!std::filesystem::exists(model, error))
    return std::nullopt;
  return ModelTokenizer::open(looksLikeTikTokenRanks(model.string())
                                  ? ModelTokenizerKind::TikToken
                                  : ModelTokenizerKind::Llama2,
                              model.string());
}

ModelTokenizerSummary summarizeModelTokenizer(const std::string &type, const std::string &path) {
  ModelTokenizerSummary summary;
  try {
    std::optional<ModelTokenizer> tokenizer;
    if (type.empty()) {
      tokenizer = findModelTokenizer(path);
    } else {
      std::optional<ModelTokenizerKind> kind = modelTokenizerKind(type);
      if (!kind)
        throw DataError("--tokenizer-type " + type + " does not read a --tokenizer-model");
      tokenizer = ModelTokenizer::open(*kind, path);
    }
    if (tokenizer) {
      summary.found = true;
      summary.path = tokenizer->path();
      summary.vocabSize = tokenizer->vocabSize();
    }
  } catch (const std::exception &e) {
    summary.error = e.what();
  }
  return summary;
}

void ModelTokenizer::tokenizeAppend(std::string_view text, std::vector<int32_t> &ids) const {
  ids.insert(ids.end(), prefix_.begin(), prefix_.end());
  text_->encodeAppend(text, ids);
  ids.insert(ids.end(), suffix_.begin(), suffix_.end());
}

} // namespace mtc::data
